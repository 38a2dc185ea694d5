#!/usr/bin/env bash
# loop.sh ARM AGENT-SPEC: shards 1..40 of 400 games (seed 2026), skipping finished ones.
arm=$1; spec=$2
for k in $(seq 1 40); do
  f=RESULTS_DIR/$arm/shard-$k-of-40.jsonl
  [ -f $f ] && [ $(grep -c . $f) -ge 10 ] && continue
  SHARD=$k/40 MODE=arena RESULTS=RESULTS_DIR/$arm GAMES=400 SEED=2026 THREADS=1 BOT=${BOT:?a catan-bot binary} \
    AGENTS="$spec/heuristic:trade=1" /work/main/scripts/cluster/shard.sh
done
