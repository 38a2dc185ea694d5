#!/usr/bin/env bash
# A long real-server run, cut into shards of a few games and continued across sessions and
# machines: plays the shards of RUN_DIR that are not finished yet, one after another, each
# through scripts/bench.sh, and records beside each shard's results the build that played it.
# Start it twice (different LANE) to use two lanes; lanes never take the same shard.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/campaign.sh [--help] RUN_DIR

Plays shard after shard of a run of SHARDS x SHARD_GAMES real-server games into RUN_DIR,
skipping shards that are finished (their results.jsonl holds SHARD_GAMES lines) or taken by a
live lane, until every shard is done or STOP_AT passes. A shard whose lane died is played again
from the start (bench.sh keeps its earlier lines aside as *.jsonl.old, which summaries skip).
Each shard folder gets build.txt: the bot's commit and sha256, the server's version line, the
robot mix, the machine and the dates. `catan-bot summarize RUN_DIR` merges the finished shards.

Options (environment variables, default in brackets):
  BOT          a built catan-bot binary (required: the build is recorded per shard)
  BOT_COMMIT   the commit BOT was built from [git HEAD of this checkout, +dirty if modified]
  AGENT        agent spec [play's default]
  LEVEL        a difficulty level instead (easy, medium, hard, strongest) [unset]
  SHARDS       shards in the run [250]
  SHARD_GAMES  games per shard [4]
  LANE         lane number, 1 or more; lane L uses port PORT+L-1 [1]
  PORT         first lane's port [8900]
  STOP_AT      epoch seconds: start no new shard after this [never]
  MIX, ROBOTS, EXTRA, FAST_PAUSE, TURN_TIMEOUT, JSETTLERS_JAR, JSETTLERS_CLASSPATH, DATACHECK, RECORD,
  GAMETYPES, PLAYERS, SEA, SCENARIO:
               passed to scripts/bench.sh (see its --help; MIX is default, smart or fast)
USAGE
}

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"

parse_one_operand RUN_DIR "$@"
run_dir=$operand
[ -n "$run_dir" ] || die "RUN_DIR missing (see --help)"
[ -n "${BOT:-}" ] || die "BOT must name a built catan-bot (its build is recorded per shard)"
[ -x "$BOT" ] || die "BOT=$BOT is not an executable"

AGENT=${AGENT:-mpt-ensemble-uct:iterations=25000,budget=tree,trees=2,trade=1}
if [ -n "${LEVEL:-}" ]; then
    AGENT="level=$LEVEL"
fi
SHARDS=${SHARDS:-250}
SHARD_GAMES=${SHARD_GAMES:-4}
LANE=${LANE:-1}
PORT=${PORT:-8900}
STOP_AT=${STOP_AT:-0}
for v in SHARDS SHARD_GAMES LANE PORT STOP_AT; do
    need_uint "$v" "${!v}"
done
need_uint LANE "$LANE" 1
need_port PORT "$PORT"
# The robot mix bench.sh will play, checked now rather than in every shard.
robot_mix "${MIX:-}" "${ROBOTS:-}" "${EXTRA:-}"
mix_text="$mix (built-in robots $mix_robots)"
if [ "$mix_extra" != 0 ]; then
    prefix=robot
    [ "$mix" = smart ] || prefix=droid
    mix_text="$mix (built-in robots $mix_robots, extra $mix_kind robots $prefix 101..$prefix $((100 + mix_extra)))"
fi
if [ -z "${BOT_COMMIT:-}" ]; then
    BOT_COMMIT=$(git -C "$here/.." rev-parse --short HEAD)
    git -C "$here/.." diff --quiet HEAD -- src protocol Cargo.toml Cargo.lock || BOT_COMMIT="$BOT_COMMIT+dirty"
fi
mkdir -p "$run_dir/.lanes"
run_dir=$(cd "$run_dir" && pwd)
agent_dir="$run_dir/${AGENT//[:,=]/_}"
bot_sum=$(sha256sum "$BOT" | cut -c1-16)

# shard_done K: shard K's results hold all its games.
shard_done() {
    local f="$agent_dir/shard-$1-of-$SHARDS/results.jsonl"
    [ -f "$f" ] && [ "$(grep -c . "$f")" -ge "$SHARD_GAMES" ]
}

# take K: claim shard K for this lane unless a live lane holds it.
take() {
    local lock="$run_dir/.lanes/shard-$1" pid
    if ! mkdir "$lock" 2>/dev/null; then
        pid=$(cat "$lock/pid" 2>/dev/null || echo "")
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            return 1
        fi
        rm -rf "$lock"
        mkdir "$lock" 2>/dev/null || return 1
    fi
    echo $$ > "$lock/pid"
}

port=$((PORT + LANE - 1))
echo "campaign: lane $LANE on port $port, $SHARDS shards of $SHARD_GAMES games of $AGENT -> $run_dir"
if [ "${DATACHECK:-N}" = Y ]; then
    # The stock robots correct their card tracking with the check's hands
    # (SOCRobotBrain.handleBOTGAMEDATACHECK): 520 games of the 1,000-game run had it on by
    # mistake (docs/results.md, 2026-12-03).
    echo "campaign: WARNING: DATACHECK=Y gives every robot every hand after each turn: this run's win rate is not a stock server's" >&2
fi
for k in $(seq 1 "$SHARDS"); do
    if [ "$STOP_AT" -gt 0 ] && [ "$(date +%s)" -ge "$STOP_AT" ]; then
        echo "campaign: lane $LANE stops (STOP_AT)"
        exit 0
    fi
    shard_done "$k" && continue
    take "$k" || continue
    started=$(date -u +%FT%TZ)
    status=0
    LEVEL="" BOT=$BOT AGENT=$AGENT GAMES=$((SHARDS * SHARD_GAMES)) SHARD="$k/$SHARDS" RESULTS="$run_dir" \
        PORT=$((port - k + 1)) "$here/bench.sh" > "$run_dir/.lanes/shard-$k/bench.out" 2>&1 || status=$?
    dir="$agent_dir/shard-$k-of-$SHARDS"
    if [ -d "$dir" ]; then
        {
            echo "bot_commit: $BOT_COMMIT"
            echo "bot_sha256: $bot_sum"
            echo "agent: $AGENT"
            echo "server: $(grep -m1 "Java Settlers Server" "$dir/server.log" 2>/dev/null || echo unknown)"
            echo "mix: $mix_text"
            echo "datacheck: ${DATACHECK:-N}, recorded: ${RECORD:-N}"
            echo "gametypes: ${GAMETYPES:-1}"
            echo "players: ${PLAYERS:-4}"
            echo "sea: ${SEA:-N}"
            echo "scenario: ${SCENARIO:-none}"
            echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
            echo "lane: $LANE"
            echo "started: $started"
            echo "finished: $(date -u +%FT%TZ)"
            echo "bench_status: $status"
        } > "$dir/build.txt"
    fi
    played=$(cat "$dir/results.jsonl" 2>/dev/null | grep -c . || true)
    if [ "$status" != 0 ] && [ "$played" = 0 ]; then
        # A shard that played nothing (the port taken, the server or the bot not starting) would
        # fail the same way in every later shard: stop the lane rather than run through them.
        cp "$run_dir/.lanes/shard-$k/bench.out" "$run_dir/lane-$LANE-stopped.out" 2>/dev/null || true
        rm -rf "$run_dir/.lanes/shard-$k"
        die "lane $LANE stops: shard $k played no game (bench.sh exited $status; its output: $run_dir/lane-$LANE-stopped.out)"
    fi
    rm -rf "$run_dir/.lanes/shard-$k"
    echo "campaign: lane $LANE shard $k/$SHARDS status $status ($played games)"
done
echo "campaign: lane $LANE found no shard left"
