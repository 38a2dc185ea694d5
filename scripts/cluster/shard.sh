#!/usr/bin/env bash
# One shard of a sharded benchmark, as a cluster job runs it. Finds which shard from SHARD, a
# Slurm job array or a Kubernetes Indexed Job, then plays it:
#   MODE=arena  catan-bot arena --shard K/N ... --results RESULTS/shard-K-of-N.jsonl
#   MODE=bench  SHARD=K/N scripts/bench.sh (a JSettlers server and our bot on loopback)
# Merge the shards afterwards with `catan-bot summarize RESULTS`.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/cluster/shard.sh [--help] [EXTRA_ARG...]

Which shard (K of N, 1 <= K <= N), first found of:
  SHARD=K/N                                      (GNU parallel, by hand)
  SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT (or SHARD_COUNT)
                                                 (sbatch --array=1-N)
  JOB_COMPLETION_INDEX (0-based) and SHARD_COUNT (Kubernetes Indexed Job, completions N)

Options (environment variables, default in brackets):
  MODE      arena (in-process games, no server) or bench (real JSettlers server) [arena]
  RESULTS   results folder shared by all shards of the run (required)
  GAMES     games of the whole run, all shards together [10000]
  SEED      arena: master seed, the same for every shard [1]
  AGENTS    arena: one agent spec per player (the last one fills the remaining seats)
            [mpt-ensemble-uct:iterations=1000/heuristic/heuristic/heuristic]
  THREADS   arena: games at a time in this shard [all cores]
  BOT       the catan-bot binary [catan-bot on PATH, else target/release/catan-bot]
  bench:    AGENT, PORT, PARALLEL, MIX (default, smart or fast stock robots), ROBOTS, EXTRA,
            ... as in scripts/bench.sh --help; the JSettlers jar in JSETTLERS_JAR (the
            container image's default is /jsettlers/JSettlers.jar)

EXTRA_ARG... go to `catan-bot arena` (MODE=arena, e.g. --board six --players 5) or
scripts/bench.sh (MODE=bench, e.g. --matrix); either rejects an argument it does not take.
USAGE
}

case "${1:-}" in -h|--help) usage; exit 0 ;; esac

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
root=$lib_root

if [ -n "${SHARD:-}" ]; then
    parse_shard SHARD "$SHARD"
elif [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
    need_uint SLURM_ARRAY_TASK_ID "$SLURM_ARRAY_TASK_ID"
    need_uint SLURM_ARRAY_TASK_MIN "${SLURM_ARRAY_TASK_MIN:-1}"
    parse_shard "the Slurm task's shard" \
        "$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-1} + 1))/${SHARD_COUNT:-${SLURM_ARRAY_TASK_COUNT:-}}"
elif [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
    need_uint JOB_COMPLETION_INDEX "$JOB_COMPLETION_INDEX"
    [ -n "${SHARD_COUNT:-}" ] || die "set SHARD_COUNT to the Indexed Job's completions"
    parse_shard "the Indexed Job's shard" "$((JOB_COMPLETION_INDEX + 1))/${SHARD_COUNT:-}"
else
    die "no shard: set SHARD=K/N, or run as a Slurm array task or a Kubernetes Indexed Job (see --help)"
fi
k=$shard_k n=$shard_n
[ -n "${RESULTS:-}" ] || die "set RESULTS to the run's folder (shared by all shards)"

bot=$(find_bot)
[ -x "$bot" ] || die "no catan-bot at $bot (cargo build --release, or set BOT)"
export BOT=$bot

GAMES=${GAMES:-10000}
mkdir -p "$RESULTS"
echo "shard.sh: shard $k/$n of $GAMES games, mode ${MODE:-arena}, on $(hostname)" >&2
case "${MODE:-arena}" in
    arena)
        exec "$bot" arena --shard "$k/$n" --games "$GAMES" --seed "${SEED:-1}" \
            --agents "${AGENTS:-mpt-ensemble-uct:iterations=1000/heuristic/heuristic/heuristic}" \
            --threads "${THREADS:-$(nproc 2>/dev/null || echo 1)}" \
            --results "$RESULTS/shard-$k-of-$n.jsonl" "$@"
        ;;
    bench)
        SHARD="$k/$n" GAMES=$GAMES exec "$root/scripts/bench.sh" "$@"
        ;;
    *) die "MODE must be arena or bench" ;;
esac
