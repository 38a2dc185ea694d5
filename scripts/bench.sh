#!/usr/bin/env bash
# Benchmark catan-bot against the stock JSettlers2 robots: start a headless server (through
# scripts/jsettlers-server.sh), seat our bot in every robot-only game, collect the results,
# print a summary. With --matrix, run the paper's table (five variants at two budgets) and
# draw the bar chart. A run can be cut into shards (SHARDS, SHARD), each its own server and
# bot pair on its own port with its own results folder.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/bench.sh [--help] [--matrix]

Runs GAMES robot-only games on a fresh JSettlers2 server with our bot in one seat of each
(the other three are stock robots of the robot MIX), then prints our win rate with its 95%
interval beside the 25% seat share, points, game length, decision latency, forced end-turns,
rejected requests, the stock robot kinds met and our win rate by the mix each game had. Every
process it starts is stopped on success, failure and Ctrl-C.

Needs: Java 8+ and a JSettlers2 server, 2.4.00 or newer, in JSETTLERS_JAR or
JSETTLERS_CLASSPATH (or the jar scripts/fetch-jsettlers.sh downloads), and cargo (the bot is
built in release mode) unless BOT names a built catan-bot.

Options (environment variables, default in brackets):
  AGENT        agent spec for the single run [mpt-ensemble-uct:iterations=1000]
  LEVEL        a difficulty level instead (catan-bot play --level: easy, medium, hard,
               strongest); the run is named level=LEVEL [unset]
  GAMES        games per run, all its shards together [100]
  PARALLEL     games at a time on each server [1]
  GAMETYPES    the server's robot-only game kinds [1]: 1 classic 4-player only; 2 also
               6-player games on the 6-player board (the bot then plays with --six-player);
               3 also 4- and 6-player games on the sea board (the bot plays with --sea)
  SEA          Y: every robot-only game on the sea board (the server's game option
               SBL=t; with PLAYERS=5|6 the 6-player sea board), which the bot plays
               by default; with GAMETYPES 1 only [N]
  PLAYERS      4, 5 or 6 [4]: 5 or 6 makes every robot-only game a game of that many
               players on the 6-player board (the server's game options PL=N and PLB=t,
               GAMETYPES 1); the bot then plays with --six-player
  SCENARIO     a scenario by its server name (SC_4ISL, SC_NSHO, SC_TTD, SC_FOG): every game
               one of that scenario on its sea board, PLAYERS seats. The server runs no
               robot-only games of its own (it makes none with a scenario); `catan-bot host`
               creates each game with the scenario's options and starts it without sitting
               down, and the server fills every seat with robots, ours among them. GAMETYPES
               1 and SEA N only; a name the server does not know fails the shard [unset]
  PORT         server port on 127.0.0.1; shard K of a sharded run uses PORT+K-1 [8890]
  COOKIE       robot cookie [catanbench]
  FAST_PAUSE   stock robots' pause percent (0 = fastest) [0]
  TURN_TIMEOUT our bot's turn allowance in seconds (> 8 to matter) [30]
  MIX          the stock robots our bot meets (see Robot mixes below) [default]
  ROBOTS       built-in robots started by each server (>= 4) [7 with MIX=default, else 4]
  EXTRA        MIX=smart or fast: stock robots of that kind started beside each server [24]
  RESULTS      results folder [results/bench-<date>; required with SHARD]
  SHARDS       cut each run into this many shards, each its own server and bot pair on its
               own port and results folder, then merge their summaries [1]
  JOBS         shards run at once on this machine [half the cores, at least 1]
  SHARD        K/N: run only shard K of N of each run (a cluster job's part; merge the parts
               later with `catan-bot summarize RESULTS/<run>`) [unset]
  BOT          a built catan-bot binary to use instead of building one with cargo [unset]
  RECORD       Y: record every game's transcript into the shard's rec/ folder, for
               `catan-bot replay` [N]
  DATACHECK    Y: the server sends every robot's exact hand at each end of turn
               (jsettlers.debug.bots.datacheck.rsrc), checked by our mirror; for testing
               the mirror only, never for scored runs [N]
  MATRIX_AGENTS  variants for --matrix [plain-uct vw-uct mp-uct mp-ensemble-uct mpt-ensemble-uct]
  MATRIX_ITERS   budgets for --matrix [1000 10000]

Shard K of N plays games (K-1)*GAMES/N up to K*GAMES/N (rounded down), so the N shards play
GAMES games together.

Robot mixes. The server draws each game's robots at random from every robot connected to it,
then puts our bot into one seat. MIX=default: the server's own ROBOTS built-in robots only,
30% of them (rounded down) fast, named "droid 1..", the rest smart, "robot K.." (7: 2 fast,
5 smart). MIX=smart or MIX=fast: ROBOTS built-in robots (4: 1 fast, 3 smart, the fewest that
robot-only games allow) and EXTRA more stock robots of the wanted kind, named "robot 101.." or
"droid 101.." (the server gives smart parameters to "robot " names, fast to others), started
after the server is up as the jar's own robot client, one JVM each (jsettlers-server.sh's
EXTRA_ROBOTS), and stopped with it. A game can still draw a built-in robot of the other kind: with the defaults
about 11% of the games of MIX=smart and 30% of MIX=fast. Each game's mix is read from its
opponents' names (summarize --by-mix: smart, fast or mixed), so such games are counted apart.

Output: RESULTS/<run>/results.jsonl (one line per game, see `catan-bot play --help`),
RESULTS/<run>/server.log, RESULTS/<run>/server-start.log (jsettlers-server.sh's own lines),
RESULTS/<run>/server-robots.log (the extra robots' console, MIX=smart or fast),
RESULTS/<run>/bot.log, RESULTS/<run>/summary.txt, and with
--matrix RESULTS/chart.svg and RESULTS/summary.txt. A sharded run writes these files per
shard into RESULTS/<run>/shard-K-of-N/ and its merged summary into RESULTS/<run>/summary.txt.
USAGE
}

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
root=$lib_root

matrix=0
for arg in "$@"; do
    case "$arg" in
        -h|--help) usage; exit 0 ;;
        --matrix) matrix=1 ;;
        *) unknown_arg "$arg" ;;
    esac
done

AGENT=${AGENT:-mpt-ensemble-uct:iterations=1000}
if [ -n "${LEVEL:-}" ]; then
    AGENT="level=$LEVEL"
fi
GAMES=${GAMES:-100}
PARALLEL=${PARALLEL:-1}
GAMETYPES=${GAMETYPES:-1}
case "$GAMETYPES" in 1|2|3) ;; *) die "GAMETYPES must be 1, 2 or 3" ;; esac
SEA=${SEA:-N}
case "$SEA" in Y|N) ;; *) die "SEA must be Y or N" ;; esac
[ "$SEA" = N ] || [ "$GAMETYPES" = 1 ] || die "SEA=Y makes every game a sea game: leave GAMETYPES at 1"
PLAYERS=${PLAYERS:-4}
case "$PLAYERS" in 4|5|6) ;; *) die "PLAYERS must be 4, 5 or 6, got '$PLAYERS'" ;; esac
SCENARIO=${SCENARIO:-}
if [ -n "$SCENARIO" ]; then
    need_scenario "$SCENARIO"
    { [ "$GAMETYPES" = 1 ] && [ "$SEA" = N ]; } \
        || die "SCENARIO=$SCENARIO makes every game a game of that scenario: leave GAMETYPES and SEA unset"
fi
# The server options that make every robot-only game one of PLAYERS players.
server_opts=()
if [ "$PLAYERS" != 4 ] && [ -z "$SCENARIO" ]; then
    [ "$GAMETYPES" = 1 ] || die "PLAYERS=$PLAYERS makes every game a $PLAYERS-player game: leave GAMETYPES at 1"
    server_opts=(-o "PL=$PLAYERS" -o PLB=t)
fi
[ "$SEA" = N ] || server_opts+=(-o SBL=t)
PORT=${PORT:-8890}
COOKIE=${COOKIE:-catanbench}
FAST_PAUSE=${FAST_PAUSE:-0}
RECORD=${RECORD:-N}
DATACHECK=${DATACHECK:-N}
case "$RECORD$DATACHECK" in YY|YN|NY|NN) ;; *) die "RECORD and DATACHECK must be Y or N" ;; esac
TURN_TIMEOUT=${TURN_TIMEOUT:-30}
SHARDS=${SHARDS:-1}
SHARD=${SHARD:-}
JOBS=${JOBS:-$(half_cores)}
MATRIX_AGENTS=${MATRIX_AGENTS:-plain-uct vw-uct mp-uct mp-ensemble-uct mpt-ensemble-uct}
MATRIX_ITERS=${MATRIX_ITERS:-1000 10000}

for v in GAMES PARALLEL FAST_PAUSE TURN_TIMEOUT; do
    need_uint "$v" "${!v}"
done
need_port PORT "$PORT"
need_uint SHARDS "$SHARDS" 1
need_uint JOBS "$JOBS" 1
robot_mix "${MIX:-}" "${ROBOTS:-}" "${EXTRA:-}"
# Time for the extra robots to log in before the first game: they start once the server
# listens, in batches (jsettlers-server.sh): 24 took 8 s from the server's start on a busy 2-core
# machine, 22 s on a busier one, up to a minute in batches at load 8.
wait_sec=5
[ "$mix_extra" = 0 ] || wait_sec=60

# The shards of each run that this invocation plays: all of 1..SHARDS, or the one SHARD names.
if [ -n "$SHARD" ]; then
    parse_shard SHARD "$SHARD"
    SHARDS=$shard_n
    [ -n "${RESULTS:-}" ] || die "SHARD needs RESULTS: every shard of a run must write into the same folder"
    first=$shard_k last=$shard_k
else
    first=1 last=$SHARDS
fi
[ $((PORT + last - 1)) -le 65535 ] || die "PORT=$PORT: shard $last's port $((PORT + last - 1)) is beyond 65535"
# Fail now rather than in every shard's server.
find_server_code
# A port that already has a listener would connect the bot to someone else's server (a stray
# one of an earlier run: its games, its robots, perhaps its cookie), not to the one started here.
for k in $(seq "$first" "$last"); do
    if port_in_use 127.0.0.1 $((PORT + k - 1)); then
        die "port $((PORT + k - 1)) (PORT=$PORT, shard $k) already has a listener, perhaps a server left over from an earlier run: stop it (ss -ltnp | grep :$((PORT + k - 1))) or choose another PORT"
    fi
done
RESULTS=${RESULTS:-$root/results/bench-$(date +%Y%m%d-%H%M%S)}

if [ -n "${BOT:-}" ]; then
    bot=$BOT
else
    echo "bench: building catan-bot (release)"
    (cd "$root" && cargo build --release --quiet)
    bot="$root/target/release/catan-bot"
fi

# Never mix runs: an earlier run's files in DIR are moved to DIR/previous-<date>/, the result
# lines renamed *.jsonl.old so that summaries of a folder do not count them.
set_aside() {
    local dir=$1 old f
    [ -e "$dir/results.jsonl" ] || [ -e "$dir/summary.txt" ] || return 0
    old="$dir/previous-$(date +%Y%m%d-%H%M%S)"
    mkdir -p "$old"
    for f in "$dir"/*.jsonl; do
        [ -e "$f" ] && mv "$f" "$old/$(basename "$f").old"
    done
    mv "$dir"/*.log "$dir"/summary.txt "$old"/ 2>/dev/null || true
    if [ -d "$dir/rec" ]; then mv "$dir/rec" "$old/rec"; fi
    echo "bench: moved an earlier run's files to $old"
}

# server_log_counts LOG...: the server's ILLEGAL lines and catanbot's forced actions.
server_log_counts() {
    local illegal forced
    # The server names the player only by seat number in ILLEGAL placement lines, so this
    # counts them for every player; forced actions are named.
    illegal=$(cat "$@" | grep -c "^ILLEGAL" || true)
    forced=$(cat "$@" | grep -c "For robot catanbot: force" || true)
    echo "  server log: ILLEGAL lines (any player) $illegal, forced actions of catanbot $forced"
}

# summary LABEL PATH...: the bot's summary, with our win rate by robot mix where it has that.
summary() {
    bot_summarize "$bot" --label "$@" 2>/dev/null
}

# run_shard AGENT DIR K N: shard K of N of a run (the whole run when N is 1) into DIR, with
# its own server on PORT+K-1. Always started in the background (`run_shard ... &`, a subshell
# of its own), so that shards run side by side and each stops its own server and bot.
run_shard() {
    agent=$1 dir=$2 k=$3 n=$4
    port=$((PORT + k - 1))
    games=$(( k * GAMES / n - (k - 1) * GAMES / n ))
    tag="" server_pid="" bot_pid="" host_pid=""
    [ "$n" = 1 ] || tag=" shard $k/$n"
    cleanup() {
        local code=$?
        for pid in "$host_pid" "$bot_pid" "$server_pid"; do
            if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
                kill "$pid" 2>/dev/null || true
            fi
        done
        for pid in "$host_pid" "$bot_pid" "$server_pid"; do
            if [ -n "$pid" ]; then
                wait "$pid" 2>/dev/null || true
            fi
        done
        server_pid=""
        bot_pid=""
        host_pid=""
        return $code
    }
    trap 'cleanup' EXIT
    trap 'exit 130' INT TERM
    mkdir -p "$dir"
    set_aside "$dir"
    if [ "$games" = 0 ]; then
        echo "bench:$tag has no games (GAMES=$GAMES)"
        : > "$dir/results.jsonl"
        return 0
    fi
    echo "bench:$tag $games games of $agent on port $port (robot mix $mix${SCENARIO:+, scenario $SCENARIO}) -> $dir"
    # With a scenario the server starts no games itself (-1: but an observer may start one
    # with robots in every seat); `catan-bot host` creates them below.
    local server_games=$games
    [ -z "$SCENARIO" ] || server_games=-1
    PORT=$port COOKIE=$COOKIE GAMES=$server_games PARALLEL=$PARALLEL ROBOTS=$mix_robots PERCENT3P=25 \
        GAMETYPES=$GAMETYPES \
        EXTRA_ROBOTS=$mix_extra EXTRA_KIND=$mix_kind TURN_TIMEOUT=$TURN_TIMEOUT \
        FAST_PAUSE=$FAST_PAUSE WAIT_SEC=$wait_sec LOG="$dir/server.log" DATACHECK=$DATACHECK \
        "$here/jsettlers-server.sh" "${server_opts[@]}" >/dev/null 2>"$dir/server-start.log" &
    server_pid=$!
    if ! wait_port 127.0.0.1 "$port" 60 "$server_pid"; then
        echo "bench:$tag the server did not come up; see $dir/server-start.log and $dir/server.log" >&2
        return 1
    fi
    local record=() who=(--agent "$agent") six=()
    { [ "$GAMETYPES" = 1 ] && [ "$PLAYERS" = 4 ]; } || six=(--six-player)
    { [ "$SEA" = N ] && [ "$GAMETYPES" != 3 ]; } || six+=(--sea)
    [ "$RECORD" = N ] || record=(--record "$dir/rec")
    case "$agent" in level=*) who=(--level "${agent#level=}") ;; esac
    "$bot" play --server "127.0.0.1:$port" --cookie "$COOKIE" --name catanbot \
        "${who[@]}" "${six[@]}" --results "$dir/results.jsonl" --games "$games" "${record[@]}" \
        >"$dir/bot.log" 2>&1 &
    bot_pid=$!
    if [ -n "$SCENARIO" ]; then
        # Our bot and the extra robots log in first, so that the first game draws from them all.
        sleep "$wait_sec"
        "$bot" host --server "127.0.0.1:$port" --scenario "$SCENARIO" --players "$PLAYERS" \
            --games "$games" --prefix "$SCENARIO~$k" >"$dir/host.log" 2>&1 &
        host_pid=$!
    fi
    # One progress line rewritten in place, unless several shards share the terminal.
    local done=0 last=-1 start=$SECONDS inplace=0
    if [ -t 1 ] && { [ "$n" = 1 ] || [ "$JOBS" = 1 ] || [ -n "$SHARD" ]; }; then
        inplace=1
    fi
    while kill -0 "$server_pid" 2>/dev/null; do
        done=0
        if [ -f "$dir/results.jsonl" ]; then
            done=$(grep -c . "$dir/results.jsonl" || true)
        fi
        if [ "$done" != "$last" ]; then
            if [ "$inplace" = 1 ]; then
                printf '\rbench:%s %s/%s games (%ss)   ' "$tag" "$done" "$games" "$((SECONDS - start))"
            else
                printf 'bench:%s %s/%s games (%ss)\n' "$tag" "$done" "$games" "$((SECONDS - start))"
            fi
            last=$done
        fi
        if [ -n "$host_pid" ] && ! kill -0 "$host_pid" 2>/dev/null; then
            local hcode=0
            wait "$host_pid" || hcode=$?
            host_pid=""
            if [ "$hcode" != 0 ]; then
                echo
                echo "bench:$tag the host stopped (status $hcode): $(tail -n 1 "$dir/host.log"); see $dir/host.log" >&2
                return 1
            fi
        fi
        if ! kill -0 "$bot_pid" 2>/dev/null; then
            # The bot stops by itself after its last game, maybe before the server has.
            local code=0
            wait "$bot_pid" || code=$?
            bot_pid=""
            done=$(grep -c . "$dir/results.jsonl" 2>/dev/null || true)
            if [ "$code" = 0 ] && [ "$done" -ge "$games" ]; then
                break
            fi
            echo
            echo "bench:$tag the bot exited early (status $code, $done games); see $dir/bot.log" >&2
            return 1
        fi
        sleep 2
    done
    [ "$inplace" = 0 ] || echo
    # The server exits after the last game, the bot after its last line: give the other one a
    # moment before stopping it.
    local _
    [ -z "$SCENARIO" ] || kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 15); do
        kill -0 "$server_pid" 2>/dev/null || kill -0 "${bot_pid:-0}" 2>/dev/null || break
        sleep 1
    done
    cleanup || true
    {
        summary "$agent$tag" "$dir/results.jsonl"
        server_log_counts "$dir/server.log"
    } > "$dir/summary.txt"
    # Several shards at once print their summaries at the end, merged, not one by one.
    if [ "$n" = 1 ] || [ -n "$SHARD" ]; then
        cat "$dir/summary.txt"
    fi
}

# Shards still running, stopped (each stops its server and bot) if this script is.
shard_pids=()
# wait_shards: waits for the shards started; fails if any did.
wait_shards() {
    local pid failed=0
    for pid in "${shard_pids[@]}"; do
        wait "$pid" || failed=1
    done
    shard_pids=()
    return "$failed"
}
stop_shards() {
    local pid
    for pid in "${shard_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${shard_pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    shard_pids=()
}
trap 'stop_shards' EXIT
trap 'echo; echo "bench: interrupted, stopping"; exit 130' INT TERM

# run_one AGENT DIR: one benchmark run into DIR, whole or in shards.
run_one() {
    local agent=$1 dir=$2 k failed=0
    mkdir -p "$dir"
    if [ "$SHARDS" = 1 ]; then
        run_shard "$agent" "$dir" 1 1 &
        shard_pids+=($!)
        wait_shards
        return
    fi
    # This invocation's own shards; with SHARD the others run elsewhere and the run folder
    # is shared, so only the shard's own folder is touched.
    [ -n "$SHARD" ] || set_aside "$dir"
    echo "bench: $GAMES games of $agent in $SHARDS shards ($first..$last here, $JOBS at a time) -> $dir"
    for k in $(seq "$first" "$last"); do
        while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
            sleep 1
        done
        run_shard "$agent" "$dir/shard-$k-of-$SHARDS" "$k" "$SHARDS" &
        shard_pids+=($!)
    done
    wait_shards || failed=1
    [ -z "$SHARD" ] || return "$failed"
    if [ "$failed" = 1 ]; then
        echo "bench: a shard failed; see $dir/shard-*/" >&2
        return 1
    fi
    cat "$dir"/shard-*-of-"$SHARDS"/summary.txt
    {
        summary "$agent (all $SHARDS shards)" "$dir"
        server_log_counts "$dir"/shard-*-of-"$SHARDS"/server.log
    } | tee "$dir/summary.txt"
}

mkdir -p "$RESULTS"
if [ "$matrix" = 0 ]; then
    run_one "$AGENT" "$RESULTS/${AGENT//[:,=]/_}"
    exit 0
fi

for it in $MATRIX_ITERS; do
    for a in $MATRIX_AGENTS; do
        run_one "$a:iterations=$it" "$RESULTS/$a-$it"
    done
done
# The chart: one group of bars a variant, one colour an iteration count (the paper's figure).
title="Win rate vs three JSettlers robots, by iterations per decision"
runs=()
for a in $MATRIX_AGENTS; do
    for it in $MATRIX_ITERS; do
        runs+=("$a:$it=$RESULTS/$a-$it")
    done
done
if [ -n "$SHARD" ]; then
    echo "bench: shard $SHARD of the matrix done; when all are, draw the chart with"
    echo "  catan-bot chart --title '$title' --out $RESULTS/chart.svg ${runs[*]}"
    exit 0
fi
"$bot" chart --title "$title" --out "$RESULTS/chart.svg" "${runs[@]}"
cat "$RESULTS"/*/summary.txt > "$RESULTS/summary.txt"
echo "bench: chart in $RESULTS/chart.svg, summaries in $RESULTS/summary.txt"
