#!/usr/bin/env bash
# One arm of an arena ablation, played shard by shard so that it can be stopped and continued:
# shards 1..40 of 400 games into DIR (one results file a shard, 10 games each), skipping
# shards that hold all their lines, one search against three `heuristic:trade=1`.
#
# Usage: BOT=target/release/catan-bot scripts/cluster/arena-arm.sh DIR AGENT-SPEC [SEED]
# SEED is the arena's master seed [2026]: two arms of one seed play the same 400 games, for
# `catan-bot summarize DIR_A --paired DIR_B` (McNemar).
set -eu
dir=${1:?usage: arena-arm.sh DIR AGENT-SPEC [SEED]}
spec=${2:?usage: arena-arm.sh DIR AGENT-SPEC [SEED]}
seed=${3:-2026}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
for k in $(seq 1 40); do
  f=$dir/shard-$k-of-40.jsonl
  [ -f "$f" ] && [ "$(grep -c . "$f")" -ge 10 ] && continue
  SHARD=$k/40 MODE=arena RESULTS=$dir GAMES=400 SEED=$seed THREADS=1 BOT=${BOT:?a catan-bot binary} \
    AGENTS="$spec/heuristic:trade=1" "$here/shard.sh"
done
