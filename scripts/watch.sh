#!/usr/bin/env bash
# Watch catan-bot play the stock JSettlers robots in the JSettlers GUI client, in one command:
# a server set up for watching, our bot paced for people, and the GUI client connected to them.
#
# Run with --help for the settings (environment variables).
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: scripts/watch.sh [--help]

Starts, on this machine:
  1. a JSettlers server (scripts/jsettlers-server.sh) set up for watching: the stock robots
     pause as in a normal game (FAST_PAUSE=100), the first game starts WAIT_SEC after start so
     there is time to open the client, GAMES robot-only games run one after another, and the
     server keeps running after the last one (so the last board stays on screen);
  2. catan-bot (`catan-bot play --pace --games GAMES`) in one seat of each game, pausing before
     each action about as long as a stock robot does and staying seated until the server
     deletes a finished game;
  3. the JSettlers GUI client connected to the server, if there is a display ($DISPLAY set):
       java -cp "$JSETTLERS_JAR" soc.client.SOCPlayerClient 127.0.0.1 PORT
     Without a display it prints these steps instead, for a client started elsewhere.
Then it waits until the GUI window is closed or Ctrl-C, and stops everything it started.

In the GUI: type a nickname that does not start with "robot " or "droid ", wait until a
~botsOnly~N game appears in the game list (it stays empty until the first game starts), select
it and press "Join Game": you watch as an observer. NEVER press "Sit Here" or "Take Over": that
dismisses a robot and puts you in its seat. Each new game must be joined again from the lobby.

Settings (environment variables, default in brackets):
  JSETTLERS_JAR  the FULL JSettlers jar, JSettlers-2.6.10.jar from scripts/fetch-jsettlers.sh, or a 2.7 build (server + GUI client). A
                 server-only jar (JSettlersServer-*.jar) cannot show the GUI. Default: the
                 newest JSettlers-*.jar that scripts/fetch-jsettlers.sh left in JSETTLERS_CACHE
                 [${XDG_CACHE_HOME:-~/.cache}/catan-bot]
  PORT           server port on 127.0.0.1 (the server listens on all interfaces) [8880]
  GAMES          games to run, one after another [3]
  GAMETYPES      1: classic 4-player games only; 2: classic and 6-player games in turn (the
                 6-player board and its Special Building Phase; catan-bot --six-player);
                 3: also 4- and 6-player games on the sea board [1]
  SCENARIO       a scenario by its server name (SC_4ISL, SC_NSHO, SC_TTD, SC_FOG) instead:
                 every game one of that scenario, on its sea board. The server runs no
                 robot-only games of its own then (it makes none with a scenario): after
                 WAIT_SEC, `catan-bot host` (nickname "host") creates the GAMES games one
                 after another, named SCENARIO~w~1, SCENARIO~w~2, ..., and starts each
                 without sitting down; the server fills every seat with robots, ours among
                 them. Join those games as you would a ~botsOnly~N game [unset]
  PLAYERS        with SCENARIO: the seats, 4 or 6 (the scenario's 6-player layout) [4]
  WAIT_SEC       seconds before the first game starts (time to open the client) [45]
  FAST_PAUSE     stock robots' pauses, percent of a normal game's [100]
  COOKIE         robot cookie shared by the server and catan-bot [catanbot]
  BOT_NAME       catan-bot's nickname [catanbot]
  AGENT          catan-bot's agent spec (catan-bot play --agent) [play's default]
  LEVEL          a difficulty level instead (catan-bot play --level: easy, medium, hard,
                 strongest) [unset]
  DECISION_MS    catan-bot's budget per decision, ms (pace and search share the 8 s turn
                 timer) [2000]
  PACE           Y: catan-bot paces itself (--pace); N: it plays at full speed [Y]
  CATAN_BOT      the catan-bot binary; built with `cargo build --release` if missing
                 [target/release/catan-bot]
  LOGDIR         where server.log, bot.log, client.log (and RECORD transcripts) go
                 [a new directory under ${TMPDIR:-/tmp}]
  RECORD         Y: catan-bot writes one transcript per game into LOGDIR/record [N]
  GUI            N: do not start the GUI client even with a display [Y]
  JAVA           java command [java]
EOF
}

# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

for arg in "$@"; do
    case "$arg" in
        -h|--help) usage; exit 0 ;;
        *) die "unknown argument '$arg' (settings are environment variables; see --help)" ;;
    esac
done

ROOT="$lib_root"
PORT="${PORT:-8880}"
GAMES="${GAMES:-3}"
GAMETYPES="${GAMETYPES:-1}"
case "$GAMETYPES" in 1|2|3) ;; *) die "GAMETYPES must be 1, 2 or 3" ;; esac
SCENARIO="${SCENARIO:-}"
PLAYERS="${PLAYERS:-4}"
case "$PLAYERS" in 4|6) ;; *) die "PLAYERS must be 4 or 6" ;; esac
if [[ -n "$SCENARIO" ]]; then
    need_scenario "$SCENARIO"
    [[ "$GAMETYPES" == 1 ]] || die "SCENARIO makes every game a game of that scenario: leave GAMETYPES unset"
fi
WAIT_SEC="${WAIT_SEC:-45}"
FAST_PAUSE="${FAST_PAUSE:-100}"
COOKIE="${COOKIE:-catanbot}"
BOT_NAME="${BOT_NAME:-catanbot}"
AGENT="${AGENT:-}"
LEVEL="${LEVEL:-}"
[[ -z "$AGENT" || -z "$LEVEL" ]] || die "set AGENT or LEVEL, not both"
DECISION_MS="${DECISION_MS:-2000}"
PACE="${PACE:-Y}"
CATAN_BOT="${CATAN_BOT:-$ROOT/target/release/catan-bot}"
RECORD="${RECORD:-N}"
GUI="${GUI:-Y}"
JAVA="${JAVA:-java}"

for v in GAMES WAIT_SEC FAST_PAUSE DECISION_MS; do
    need_uint "$v" "${!v}"
done
need_port PORT "$PORT"
case "$BOT_NAME" in
    "robot "*|"droid "*) die "BOT_NAME must not start with 'robot ' or 'droid '" ;;
esac
need_java "$JAVA"

# The full jar: the GUI client lives in it, next to the server.
if [[ -z "${JSETTLERS_JAR:-}" ]]; then
    JSETTLERS_JAR="$(cached_jar full)"
fi
[[ -n "${JSETTLERS_JAR:-}" ]] \
    || die "set JSETTLERS_JAR=/path/to/JSettlers-2.6.10.jar (the full jar), or run scripts/fetch-jsettlers.sh"
[[ -f "$JSETTLERS_JAR" ]] || die "JSETTLERS_JAR=$JSETTLERS_JAR: no such file"
[[ "$JSETTLERS_JAR" == /* ]] || JSETTLERS_JAR="$PWD/$JSETTLERS_JAR"
# Jar entry names are stored uncompressed: no unzip needed to look for the client class.
grep -qa 'soc/client/SOCPlayerClient.class' "$JSETTLERS_JAR" \
    || die "$JSETTLERS_JAR has no GUI client (soc.client.SOCPlayerClient): a server-only jar? Use the full JSettlers-2.6.10.jar"
export JSETTLERS_JAR

if [[ ! -x "$CATAN_BOT" ]]; then
    echo "watch.sh: building catan-bot (cargo build --release)" >&2
    (cd "$ROOT" && cargo build --release --quiet) || die "cargo build failed"
    [[ -x "$CATAN_BOT" ]] || die "no catan-bot binary at $CATAN_BOT"
fi

LOGDIR="${LOGDIR:-$(mktemp -d "${TMPDIR:-/tmp}/catan-bot-watch.XXXXXX")}"
mkdir -p "$LOGDIR"
LOGDIR="$(cd "$LOGDIR" && pwd)"

PIDS=()
# shellcheck disable=SC2317  # invoked from the EXIT trap
cleanup() {
    local p
    for p in "${PIDS[@]}"; do
        kill -TERM "$p" 2>/dev/null || true
    done
    for p in "${PIDS[@]}"; do
        wait "$p" 2>/dev/null || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# 1. The server. With a scenario it makes no games itself (-1: an observer may start one).
server_games="$GAMES"
[[ -z "$SCENARIO" ]] || server_games=-1
PORT="$PORT" COOKIE="$COOKIE" GAMES="$server_games" GAMETYPES="$GAMETYPES" PARALLEL=1 FAST_PAUSE="$FAST_PAUSE" \
    WAIT_SEC="$WAIT_SEC" SHUTDOWN=N LOG="$LOGDIR/server.log" JAVA="$JAVA" \
    "$ROOT/scripts/jsettlers-server.sh" 2>"$LOGDIR/server-start.log" &
SERVER_PID=$!
PIDS+=("$SERVER_PID")
if ! wait_port 127.0.0.1 "$PORT" 60 "$SERVER_PID"; then
    kill -0 "$SERVER_PID" 2>/dev/null \
        || die "the server stopped: see $LOGDIR/server-start.log and $LOGDIR/server.log"
    die "the server does not listen on port $PORT after 60 s: see $LOGDIR/server.log"
fi
STARTED="$(date +%s)"

# 2. Our bot.
bot_args=(play --server "127.0.0.1:$PORT" --cookie "$COOKIE" --name "$BOT_NAME"
          --games "$GAMES" --decision-ms "$DECISION_MS" --results "$LOGDIR/results.jsonl")
[[ "$PACE" == "Y" ]] && bot_args+=(--pace)
[[ "$GAMETYPES" == 1 && "$PLAYERS" == 4 ]] || bot_args+=(--six-player)
[[ -n "$AGENT" ]] && bot_args+=(--agent "$AGENT")
[[ -n "$LEVEL" ]] && bot_args+=(--level "$LEVEL")
[[ "$RECORD" == "Y" ]] && bot_args+=(--record "$LOGDIR/record")
NO_COLOR=1 "$CATAN_BOT" "${bot_args[@]}" >"$LOGDIR/bot.log" 2>&1 &
BOT_PID=$!
PIDS+=("$BOT_PID")
game_label="~botsOnly~N"
if [[ -n "$SCENARIO" ]]; then
    game_label="$SCENARIO~w~N"
    # The games, once the watcher has had WAIT_SEC to open the client.
    (sleep "$WAIT_SEC" && exec "$CATAN_BOT" host --server "127.0.0.1:$PORT" --scenario "$SCENARIO" \
        --players "$PLAYERS" --games "$GAMES" --prefix "$SCENARIO~w") >"$LOGDIR/host.log" 2>&1 &
    PIDS+=("$!")
fi

cat <<EOF
catan-bot watch: server on 127.0.0.1:$PORT, first game in about $WAIT_SEC s, $GAMES game(s),
stock robots at $FAST_PAUSE% pauses, catan-bot as "$BOT_NAME" (pace: $PACE). Logs: $LOGDIR

To watch (the GUI needs the FULL jar, $JSETTLERS_JAR):
  1. Start the client:  $JAVA -cp "$JSETTLERS_JAR" soc.client.SOCPlayerClient 127.0.0.1 $PORT
  2. Type a nickname in "Your Nickname" (not starting with "robot " or "droid ").
  3. Wait for a $game_label game in the game list (empty until the first game starts).
  4. Select it and press "Join Game": you watch as an observer; "$BOT_NAME" is one seat.
     NEVER press "Sit Here" or "Take Over": that dismisses a robot.
  5. When a game ends its board and final scores stay in the window; the next game is a new
     $game_label in the lobby: select it and press "Join Game" again.
Stop with Ctrl-C (or close the client window).
EOF

GUI_PID=""
if [[ -n "${DISPLAY:-}" && "$GUI" == "Y" ]]; then
    "$JAVA" -cp "$JSETTLERS_JAR" soc.client.SOCPlayerClient 127.0.0.1 "$PORT" \
        >"$LOGDIR/client.log" 2>&1 &
    GUI_PID=$!
    PIDS+=("$GUI_PID")
    echo "GUI client started on display $DISPLAY (pid $GUI_PID): do steps 2-5 there."
else
    echo "No display (\$DISPLAY is empty): start the client yourself (step 1) where there is one."
fi

bot_done=""
while true; do
    if [[ -n "$GUI_PID" ]] && ! kill -0 "$GUI_PID" 2>/dev/null; then
        echo "The GUI client was closed: stopping."
        break
    fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "The server stopped: see $LOGDIR/server.log"
        break
    fi
    if [[ -z "$bot_done" ]] && ! kill -0 "$BOT_PID" 2>/dev/null; then
        bot_done=1
        status=0
        wait "$BOT_PID" || status=$?
        echo "catan-bot finished its $GAMES game(s) (exit $status, $(( $(date +%s) - STARTED )) s):" \
             "$(tail -n 1 "$LOGDIR/bot.log")"
        echo "The server stays up so the last board stays on screen; Ctrl-C to stop."
    fi
    sleep 1
done
