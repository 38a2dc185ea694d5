#!/usr/bin/env bash
# Run the N shards of a benchmark with GNU parallel: on this machine, or over ssh on several
# (--sshlogin), each shard through scripts/cluster/shard.sh; then merge them with
# `catan-bot summarize`.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/cluster/parallel.sh [--help] N [EXTRA_ARG...]

Runs shards 1..N of one run through GNU parallel (each `SHARD=K/N scripts/cluster/shard.sh`,
see its --help for MODE, GAMES, SEED, AGENTS, AGENT, MIX, ...), then prints the merged
summary of RESULTS. EXTRA_ARG... go to every shard.

Options (environment variables, default in brackets):
  RESULTS    the run's folder, relative to this checkout (needed for --return over ssh) or
             on a file system all hosts share [results/parallel-<date>]
  JOBS       shards at once on each host [half the cores, at least 1]
  SSHLOGIN   GNU parallel --sshlogin list, e.g. "node1,node2,:" (":" is this machine);
             unset: this machine only [unset]
  REMOTE_DIR the catan-bot checkout on the remote hosts, built (cargo build --release) and
             with a JSettlers jar for MODE=bench [this checkout's path]

Over ssh each shard's results come back with --return (rsync), so RESULTS need not be shared.
Options for ssh itself go through GNU parallel's PARALLEL_SSH, e.g. PARALLEL_SSH="ssh -F cfg".
USAGE
}

case "${1:-}" in -h|--help|'') usage; [ -n "${1:-}" ]; exit $? ;; esac
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
n=$1
shift
need_uint N "$n" 1
command -v parallel >/dev/null 2>&1 || die "GNU parallel is not installed"

root=$lib_root
cd "$root"
JOBS=${JOBS:-$(half_cores)}
need_uint JOBS "$JOBS" 1
RESULTS=${RESULTS:-results/parallel-$(date +%Y%m%d-%H%M%S)}
export RESULTS
mkdir -p "$RESULTS"

# The settings every shard needs, passed on the command line so that they reach ssh hosts too.
vars=(RESULTS="$RESULTS")
for v in MODE GAMES SEED AGENTS THREADS AGENT PORT PARALLEL COOKIE FAST_PAUSE TURN_TIMEOUT MIX ROBOTS \
    EXTRA JSETTLERS_JAR JSETTLERS_CLASSPATH BOT MATRIX_AGENTS MATRIX_ITERS; do
    if [ -n "${!v:-}" ]; then
        vars+=("$v=${!v}")
    fi
done
cmd="env $(printf '%q ' "${vars[@]}")SHARD={}/$n scripts/cluster/shard.sh"
if [ $# -gt 0 ]; then
    cmd+=" $(printf '%q ' "$@")"
fi

opts=(--will-cite --jobs "$JOBS" --line-buffer --tagstring "shard {}/$n" --joblog "$RESULTS/parallel-joblog.txt")
if [ -n "${SSHLOGIN:-}" ]; then
    opts+=(--sshlogin "$SSHLOGIN" --workdir "${REMOTE_DIR:-$root}" --return "$RESULTS")
    echo "parallel.sh: $n shards over $SSHLOGIN, $JOBS at a time per host -> $RESULTS"
else
    echo "parallel.sh: $n shards on this machine, $JOBS at a time -> $RESULTS"
fi
status=0
parallel "${opts[@]}" "$cmd" ::: $(seq 1 "$n") || status=$?
if [ "$status" != 0 ]; then
    echo "parallel.sh: $status shard(s) failed; see $RESULTS/parallel-joblog.txt (rerun them with --resume-failed)" >&2
fi
bot=$(find_bot)
bot_summarize "$bot" --label "$RESULTS ($n shards)" "$RESULTS"
exit "$status"
