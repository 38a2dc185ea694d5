#!/usr/bin/env bash
# Benchmark catan-bot against the stock JSettlers2 robots: start a headless server (through
# scripts/jsettlers-server.sh), seat our bot in every robot-only game, collect the results,
# print a summary. With --matrix, run the paper's table (five variants at two budgets) and
# draw the bar chart.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/bench.sh [--help] [--matrix]

Runs GAMES robot-only games on a fresh JSettlers2 server with our bot in one seat of each
(the other three are stock robots), then prints our win rate with its 95% interval beside the
25% seat share, points, game length, decision latency, forced end-turns, rejected requests and
the stock robot kinds met. Every process it starts is stopped on success, failure and Ctrl-C.

Needs: Java 17+ and a JSettlers2 2.7.x server in JSETTLERS_JAR or JSETTLERS_CLASSPATH (or
the jar scripts/fetch-jsettlers.sh downloads), and cargo (the bot is built in release mode).

Options (environment variables, default in brackets):
  AGENT        agent spec for the single run [mpt-ensemble-uct:iterations=1000]
  GAMES        games per run [100]
  PARALLEL     games at a time on the server [1]
  PORT         server port on 127.0.0.1 [8890]
  COOKIE       robot cookie [catanbench]
  FAST_PAUSE   stock robots' pause percent (0 = fastest) [0]
  TURN_TIMEOUT our bot's turn allowance in seconds (> 8 to matter) [30]
  ROBOTS       built-in robots started by the server (>= 4) [7]
  RESULTS      results folder [results/bench-<date>]
  MATRIX_AGENTS  variants for --matrix [plain-uct vw-uct mp-uct mp-ensemble-uct mpt-ensemble-uct]
  MATRIX_ITERS   budgets for --matrix [1000 10000]

Output: RESULTS/<run>/results.jsonl (one line per game, see `catan-bot play --help`),
RESULTS/<run>/server.log, RESULTS/<run>/bot.log, RESULTS/<run>/summary.txt, and with
--matrix RESULTS/chart.svg and RESULTS/summary.txt.
USAGE
}

matrix=0
for arg in "$@"; do
    case "$arg" in
        -h|--help) usage; exit 0 ;;
        --matrix) matrix=1 ;;
        *) echo "bench.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
AGENT=${AGENT:-mpt-ensemble-uct:iterations=1000}
GAMES=${GAMES:-100}
PARALLEL=${PARALLEL:-1}
PORT=${PORT:-8890}
COOKIE=${COOKIE:-catanbench}
FAST_PAUSE=${FAST_PAUSE:-0}
TURN_TIMEOUT=${TURN_TIMEOUT:-30}
ROBOTS=${ROBOTS:-7}
RESULTS=${RESULTS:-$root/results/bench-$(date +%Y%m%d-%H%M%S)}
MATRIX_AGENTS=${MATRIX_AGENTS:-plain-uct vw-uct mp-uct mp-ensemble-uct mpt-ensemble-uct}
MATRIX_ITERS=${MATRIX_ITERS:-1000 10000}

case "$GAMES" in ''|*[!0-9]*) echo "GAMES must be a number" >&2; exit 2 ;; esac

echo "bench: building catan-bot (release)"
(cd "$root" && cargo build --release --quiet)
bot="$root/target/release/catan-bot"

server_pid=""
bot_pid=""
cleanup() {
    local code=$?
    for pid in "$bot_pid" "$server_pid"; do
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
        fi
    done
    for pid in "$bot_pid" "$server_pid"; do
        if [ -n "$pid" ]; then
            wait "$pid" 2>/dev/null || true
        fi
    done
    server_pid=""
    bot_pid=""
    return $code
}
trap 'cleanup' EXIT
trap 'echo; echo "bench: interrupted, stopping"; exit 130' INT TERM

wait_for_port() {
    local _
    for _ in $(seq 1 120); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
            return 0
        fi
        if ! kill -0 "$server_pid" 2>/dev/null; then
            return 1
        fi
        sleep 0.5
    done
    return 1
}

# run_one AGENT DIR: one benchmark run into DIR.
run_one() {
    local agent=$1 dir=$2
    mkdir -p "$dir"
    # Never mix runs: an earlier run's files in the same folder are kept aside.
    if [ -e "$dir/results.jsonl" ]; then
        local old
        old="$dir/previous-$(date +%Y%m%d-%H%M%S)"
        mkdir -p "$old"
        mv "$dir"/*.jsonl "$dir"/*.log "$dir"/summary.txt "$old"/ 2>/dev/null || true
        echo "bench: moved an earlier run's files to $old"
    fi
    echo "bench: $GAMES games of $agent -> $dir"
    PORT=$PORT COOKIE=$COOKIE GAMES=$GAMES PARALLEL=$PARALLEL ROBOTS=$ROBOTS PERCENT3P=25 \
        TURN_TIMEOUT=$TURN_TIMEOUT FAST_PAUSE=$FAST_PAUSE WAIT_SEC=5 LOG="$dir/server.log" \
        "$here/jsettlers-server.sh" >/dev/null 2>&1 &
    server_pid=$!
    if ! wait_for_port; then
        echo "bench: the server did not come up; see $dir/server.log" >&2
        return 1
    fi
    "$bot" play --server "127.0.0.1:$PORT" --cookie "$COOKIE" --name catanbot \
        --agent "$agent" --results "$dir/results.jsonl" --games "$GAMES" \
        >"$dir/bot.log" 2>&1 &
    bot_pid=$!
    local done=0 last=-1 start=$SECONDS
    while kill -0 "$server_pid" 2>/dev/null; do
        done=0
        if [ -f "$dir/results.jsonl" ]; then
            done=$(grep -c . "$dir/results.jsonl" || true)
        fi
        if [ "$done" != "$last" ]; then
            printf '\rbench: %s/%s games (%ss)   ' "$done" "$GAMES" "$((SECONDS - start))"
            last=$done
        fi
        if ! kill -0 "$bot_pid" 2>/dev/null; then
            echo
            echo "bench: the bot exited early; see $dir/bot.log" >&2
            return 1
        fi
        sleep 2
    done
    echo
    # The server exits after the last game; give the bot a moment to write its last line.
    sleep 2
    cleanup || true
    "$bot" summarize --label "$agent" "$dir/results.jsonl" | tee "$dir/summary.txt"
    local illegal forced
    # The server names the player only by seat number in ILLEGAL placement lines, so this
    # counts them for every player; forced actions are named.
    illegal=$(grep -c "^ILLEGAL" "$dir/server.log" || true)
    forced=$(grep -c "For robot catanbot: force" "$dir/server.log" || true)
    echo "  server log: ILLEGAL lines (any player) $illegal, forced actions of catanbot $forced" | tee -a "$dir/summary.txt"
}

mkdir -p "$RESULTS"
if [ "$matrix" = 0 ]; then
    run_one "$AGENT" "$RESULTS/${AGENT//[:,=]/_}"
    exit 0
fi

runs=()
for it in $MATRIX_ITERS; do
    for a in $MATRIX_AGENTS; do
        name="$a-$it"
        run_one "$a:iterations=$it" "$RESULTS/$name"
        runs+=("$a|$it=$RESULTS/$name/results.jsonl")
    done
done
"$bot" chart --out "$RESULTS/chart.svg" "${runs[@]}"
cat "$RESULTS"/*/summary.txt > "$RESULTS/summary.txt"
echo "bench: chart in $RESULTS/chart.svg, summaries in $RESULTS/summary.txt"
