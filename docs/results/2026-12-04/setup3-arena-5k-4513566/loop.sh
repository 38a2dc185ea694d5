#!/usr/bin/env bash
# loop.sh ARM AGENT-SPEC: shards 1..40 of 400 games (seed 2026) into ARM/ beside this script,
# skipping shards that hold all their 10 lines. BOT: the catan-bot binary.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
arm=$1; spec=$2
for k in $(seq 1 40); do
  f=$here/$arm/shard-$k-of-40.jsonl
  [ -f "$f" ] && [ "$(grep -c . "$f")" -ge 10 ] && continue
  SHARD=$k/40 MODE=arena RESULTS=$here/$arm GAMES=400 SEED=2026 THREADS=1 BOT=${BOT:?a catan-bot binary} \
    AGENTS="$spec/heuristic:trade=1" "$root/scripts/cluster/shard.sh"
done
