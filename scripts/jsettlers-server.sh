#!/usr/bin/env bash
# Start a headless stock JSettlers2 (2.4.00 or newer) server that runs robot-only games with its built-in
# robots (and EXTRA_ROBOTS more stock robots, if asked), leaving seats for third-party robots such
# as catan-bot, and exits after the last game.
#
# Run with --help for the options (environment variables).
#
# Network note: JSettlers binds its listening socket to the wildcard address (all interfaces,
# 0.0.0.0 / ::) on PORT; SOCServer has no bind-address option (see
# soc.server.genericServer.NetServerSocket: ServerSocket.bind(new InetSocketAddress(port))).
# Clients here connect to 127.0.0.1 only, but if this machine is reachable from a network,
# block PORT with a firewall: anyone who knows COOKIE can join as a robot, and anyone can
# connect as a human observer.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: scripts/jsettlers-server.sh [--help] [-Dname=value | -o NAME=value]...

Starts soc.server.SOCServer headless in a fresh temporary working directory (so no stray
jsserver.properties is read), runs GAMES robot-only classic 4-player games, and exits when
the last game has finished (unless SHUTDOWN=N). The script's exit status is
the server's. Stop it early with Ctrl-C or SIGTERM (the server is stopped too).

Server code, first found of:
  JSETTLERS_CLASSPATH  classpath with soc.server.SOCServer and its resources (java -cp ...)
  JSETTLERS_JAR        JSettlers full jar or JSettlersServer jar, version 2.4.00 or newer
  the jar that scripts/fetch-jsettlers.sh downloaded into JSETTLERS_CACHE
                       (default ${XDG_CACHE_HOME:-~/.cache}/catan-bot)

Options (environment variables, default in brackets):
  PORT          TCP port [8880]. The server listens on all interfaces (it has no bind
                option); connect your bot to 127.0.0.1:PORT.
  COOKIE        robot cookie third-party bots must send [catanbot]; no ',' or '|'
  GAMES         robot-only games to run, jsettlers.bots.botgames.total [10]; -1: none, but
                a game whose last person leaves while someone observes goes on with robots
                (the server's documented "value less than 0"), and ROBOTS may be below 4
  PARALLEL      games at a time, jsettlers.bots.botgames.parallel [1]
  GAMETYPES     kinds of robot-only games, jsettlers.bots.botgames.gametypes [1]: 1 classic
                4-player, 2 also 6-player (the 6-player board), 3 also the sea board
  ROBOTS        built-in robots to start, jsettlers.startrobots (>= 4 if GAMES > 0) [7]
  PERCENT3P     percent of seats for third-party bots, jsettlers.bots.percent3p [25]
                (25 = one seat of four, if a third-party bot is connected)
  TURN_TIMEOUT  seconds a third-party bot may idle in its turn before the server ends it,
                jsettlers.bots.timeout.turn [30]; values <= 8 mean the built-in 8 s
  FAST_PAUSE    built-in robots' pauses in robot-only games, percent of normal,
                jsettlers.bots.fast_pause_percent [10]; 0 = no pauses (fastest)
  WAIT_SEC      seconds to wait before the first game so bots can connect,
                jsettlers.bots.botgames.wait_sec [10]
  MAXCONN       maximum connections, built-in robots included [50]
  SHUTDOWN      Y: exit when the last robot-only game has finished,
                jsettlers.bots.botgames.shutdown; N: keep serving (watching) [Y]
  START3P       optional jsettlers.bots.start3p, third-party robot classes the server starts
                itself, e.g. "1,soc.robot.sample3p.Sample3PClient" [unset]
  LOG           file to write the server console (stdout+stderr) to [this script's stdout]
  JAVA          java command [java]
  JAVA_OPTS     JVM options, split on spaces [unset]
  DATACHECK     set to Y to enable jsettlers.debug.bots.datacheck.rsrc. It sends every
                robot's exact hand to all bots at each end of turn: only for testing a card
                tracker, NEVER for scored runs. Any other value: off [unset]
  EXTRA_ROBOTS  stock robots to start beside the built-in ones once the server listens, each
                the jar's own robot client in a JVM of its own (java -cp CODE
                soc.robot.SOCRobotClient HOST PORT NAME PASSWORD COOKIE), named
                "robot 101", "robot 102", ... or "droid 101", ...; the server counts them as
                built-in robots and gives them the strategy their names say. Stopped with the
                server. MAXCONN must exceed ROBOTS + EXTRA_ROBOTS; ROBOTS <= 100 [0]
  EXTRA_BATCH   extra robots started at once; each batch logs in before the next starts [6]
  EXTRA_RETRIES extra robots that exit before logging in (a loaded machine: the server takes
                a JVM slow to send its version for a 1.0 client) are started again, up to this
                many times in all [5]
  EXTRA_KIND    the extra robots' kind: smart ("robot N") or fast ("droid N") [smart]
  EXTRA_LOG     the extra robots' console [LOG with .log replaced by -robots.log; without
                LOG, a file in the temporary working directory, shown if they fail]

Server settings beyond these, passed to SOCServer before the port in the forms it takes:
  -Dname=value     a server property, e.g. -Djsettlers.bots.showcookie=Y (not one of those
                   this script sets from its options above: use the option)
  -o NAME=value    a game option, e.g. "-o NT=t" (no player trading); also -oNAME=value
                   and --option NAME=value
Any other argument is an error (exit 2).

Watch a game live: start the JSettlers GUI client from the full jar (JSettlers-*.jar) with
  java -cp "$JSETTLERS_JAR" soc.client.SOCPlayerClient 127.0.0.1 PORT
pick a nickname not starting with "robot " or "droid ", select a ~botsOnly~N game and press
"Join Game" (you join as an observer; never "Sit Here"/"Take Over", that dismisses a bot).

Useful console lines: "Robot arrived: NAME: type CLASS", "Started bot-only game: ~botsOnly~N",
"*** NAME joined the game ~botsOnly~N at HH:MM:SS", "ILLEGAL SETTLEMENT: 0x..: player N",
"For robot NAME: force end turn in game G pn=N state S",
"stopServer: >>> All Robot-only games have finished. Shutting down server. <<<".
EOF
}

# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The server settings given as arguments (see --help), and the -D property names among them.
server_args=()
arg_props=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        -D?*=*)
            name="${1#-D}"
            arg_props+=("${name%%=*}")
            server_args+=("$1") ;;
        -o|--option)
            [[ "${2:-}" == ?*=* ]] || die "$1 needs NAME=value after it (see --help)"
            server_args+=("-o" "$2")
            shift ;;
        -o?*=*) server_args+=("$1") ;;
        *) die "unknown argument '$1': server settings are -Dname=value or -o NAME=value (see --help)" ;;
    esac
    shift
done

PORT="${PORT:-8880}"
COOKIE="${COOKIE:-catanbot}"
GAMES="${GAMES:-10}"
PARALLEL="${PARALLEL:-1}"
GAMETYPES="${GAMETYPES:-1}"
ROBOTS="${ROBOTS:-7}"
PERCENT3P="${PERCENT3P:-25}"
TURN_TIMEOUT="${TURN_TIMEOUT:-30}"
FAST_PAUSE="${FAST_PAUSE:-10}"
WAIT_SEC="${WAIT_SEC:-10}"
MAXCONN="${MAXCONN:-50}"
SHUTDOWN="${SHUTDOWN:-Y}"
START3P="${START3P:-}"
LOG="${LOG:-}"
JAVA="${JAVA:-java}"
JAVA_OPTS="${JAVA_OPTS:-}"
DATACHECK="${DATACHECK:-}"
EXTRA_ROBOTS="${EXTRA_ROBOTS:-0}"
EXTRA_BATCH="${EXTRA_BATCH:-6}"
EXTRA_RETRIES="${EXTRA_RETRIES:-5}"
EXTRA_KIND="${EXTRA_KIND:-smart}"
EXTRA_LOG="${EXTRA_LOG:-}"

for v in PARALLEL ROBOTS PERCENT3P TURN_TIMEOUT FAST_PAUSE WAIT_SEC MAXCONN EXTRA_ROBOTS EXTRA_BATCH EXTRA_RETRIES; do
    need_uint "$v" "${!v}"
done
need_port PORT "$PORT"
[[ "$GAMETYPES" =~ ^[123]$ ]] || die "GAMETYPES must be 1, 2 or 3, got '$GAMETYPES'"
[[ "$GAMES" =~ ^[0-9]+$ || "$GAMES" == -1 ]] || die "GAMES must be >= 1 or -1, got '$GAMES'"
(( GAMES >= 1 || GAMES == -1 )) || die "GAMES must be >= 1 or -1"
(( ROBOTS >= 4 || GAMES == -1 )) || die "ROBOTS must be >= 4 (the server refuses robot-only games with fewer)"
(( EXTRA_BATCH >= 1 )) || die "EXTRA_BATCH must be >= 1"
(( PERCENT3P <= 100 )) || die "PERCENT3P must be 0..100"
(( FAST_PAUSE <= 100 )) || die "FAST_PAUSE must be 0..100"
(( MAXCONN > ROBOTS + EXTRA_ROBOTS )) \
    || die "MAXCONN ($MAXCONN) must exceed ROBOTS + EXTRA_ROBOTS ($ROBOTS + $EXTRA_ROBOTS): robots count as connections"
case "$EXTRA_KIND" in
    smart) extra_prefix=robot ;;
    fast) extra_prefix=droid ;;
    *) die "EXTRA_KIND must be smart or fast, got '$EXTRA_KIND'" ;;
esac
# The extra robots are named from 101 on, after the built-in ones.
(( EXTRA_ROBOTS == 0 || ROBOTS <= 100 )) || die "ROBOTS must be <= 100 with EXTRA_ROBOTS (their names start at 101)"
[[ "$SHUTDOWN" == Y || "$SHUTDOWN" == N ]] || die "SHUTDOWN must be Y or N, got '$SHUTDOWN'"
[[ -n "$COOKIE" && "$COOKIE" != *[,\|]* && "$COOKIE" != *[[:space:]]* ]] \
    || die "COOKIE must be non-empty, without ',', '|' or spaces"

need_java "$JAVA"

# Where the server code comes from, as an absolute class path: it must survive the cd into
# the temporary working directory.
find_server_code
CP="$js_cp"
SOURCE="$js_source"

java_opts=()
if [[ -n "$JAVA_OPTS" ]]; then
    read -r -a java_opts <<< "$JAVA_OPTS"
fi

# Fresh, empty working directory: SOCServer reads ./jsserver.properties if present.
WORKDIR="$(mktemp -d "${TMPDIR:-/tmp}/jsettlers-server.XXXXXX")"
SERVER_PID=""
EXTRA_PIDS=()
# shellcheck disable=SC2317  # invoked from the EXIT trap
cleanup() {
    local pid
    for pid in "${EXTRA_PIDS[@]}" "$SERVER_PID"; do
        if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
        fi
    done
    for pid in "${EXTRA_PIDS[@]}" "$SERVER_PID"; do
        if [[ -n "$pid" ]]; then
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$WORKDIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

version_out="$(cd "$WORKDIR" && "$JAVA" "${java_opts[@]}" -cp "$CP" soc.server.SOCServer --version 2>&1)" || true
VERSION_LINE="${version_out%%$'\n'*}"
case "$VERSION_LINE" in
    "Java Settlers Server 2."[4-9]"."*) ;;
    "Java Settlers Server "*) echo "WARNING: catan-bot plays JSettlers 2.4.00 and newer (it refuses older servers); this is: $VERSION_LINE" >&2 ;;
    *) die "soc.server.SOCServer did not start from $CP: $VERSION_LINE" ;;
esac

props=(
    "-Djsettlers.startrobots=$ROBOTS"
    "-Djsettlers.bots.cookie=$COOKIE"
    "-Djsettlers.bots.botgames.total=$GAMES"
    "-Djsettlers.bots.botgames.parallel=$PARALLEL"
    "-Djsettlers.bots.botgames.wait_sec=$WAIT_SEC"
    "-Djsettlers.bots.botgames.gametypes=$GAMETYPES"
    "-Djsettlers.bots.botgames.shutdown=$SHUTDOWN"
    "-Djsettlers.bots.percent3p=$PERCENT3P"
    "-Djsettlers.bots.timeout.turn=$TURN_TIMEOUT"
    "-Djsettlers.bots.fast_pause_percent=$FAST_PAUSE"
)
if [[ -n "$START3P" ]]; then
    props+=("-Djsettlers.bots.start3p=$START3P")
fi
if [[ "$DATACHECK" == "Y" ]]; then
    cat >&2 <<'EOF'
WARNING: DATACHECK=Y: jsettlers.debug.bots.datacheck.rsrc is ON. Every robot receives every
WARNING: robot's exact hand at each end of turn. Use only to test card tracking; results of
WARNING: this run must not be scored.
EOF
    props+=("-Djsettlers.debug.bots.datacheck.rsrc=Y")
fi
# SOCServer refuses a property given twice on its command line.
for name in "${arg_props[@]}"; do
    for p in "${props[@]}"; do
        [[ "${p%%=*}" != "-D$name" ]] || die "-D$name=...: this script sets $name from one of its options (see --help)"
    done
done

{
    echo "JSettlers server: $VERSION_LINE"
    echo "  code:      $CP  (from $SOURCE)"
    echo "  workdir:   $WORKDIR"
    echo "  listening: port $PORT on all interfaces (no bind option); bots connect to 127.0.0.1:$PORT"
    echo "  cookie:    $COOKIE"
    echo "  games:     $GAMES ($PARALLEL at a time), first after $WAIT_SEC s; built-in robots: $ROBOTS;" \
         "third-party seats: $PERCENT3P%; 3p turn timeout: $TURN_TIMEOUT s; fast pause: $FAST_PAUSE%"
    echo "  log:       ${LOG:-stdout}"
    if (( EXTRA_ROBOTS > 0 )); then
        echo "  extra:     $EXTRA_ROBOTS $EXTRA_KIND stock robots, $extra_prefix 101..$extra_prefix $((100 + EXTRA_ROBOTS)), once the server listens"
    fi
    echo "  watch:     java -cp \"$CP\" soc.client.SOCPlayerClient 127.0.0.1 $PORT"
    echo "             (needs the full JSettlers jar; join a ~botsOnly~N game as observer, never Sit/Take Over)"
} >&2

cmd=("$JAVA" "${java_opts[@]}" -cp "$CP" soc.server.SOCServer "${props[@]}" "${server_args[@]}" "$PORT" "$MAXCONN")
started=$SECONDS
if [[ -n "$LOG" ]]; then
    [[ "$LOG" == /* ]] || LOG="$PWD/$LOG"
    (cd "$WORKDIR" && exec "${cmd[@]}") >"$LOG" 2>&1 </dev/null &
else
    (cd "$WORKDIR" && exec "${cmd[@]}") </dev/null &
fi
SERVER_PID=$!
echo "  pid:       $SERVER_PID" >&2

# The extra stock robots, once the server listens; the first game waits WAIT_SEC from its start.
if (( EXTRA_ROBOTS > 0 )); then
    if [[ -z "$EXTRA_LOG" ]]; then
        EXTRA_LOG="$WORKDIR/extra-robots.log"
        [[ -z "$LOG" ]] || EXTRA_LOG="${LOG%.log}-robots.log"
    fi
    [[ "$EXTRA_LOG" == /* ]] || EXTRA_LOG="$PWD/$EXTRA_LOG"
    wait_port 127.0.0.1 "$PORT" 60 "$SERVER_PID" \
        || die "the server did not listen on port $PORT within 60 s (see ${LOG:-its output}): no extra robots started"
    # Each one the stock robot client as JSettlers ships it (`SOCRobotClient`'s own main: host,
    # port, nickname, password, cookie), its own JVM; it prints "Authenticated to server" once
    # the server has accepted it (its UPDATEROBOTPARAMS).
    : > "$EXTRA_LOG"
    # start_extra I: robot 101+I's JVM.
    start_extra() {
        (cd "$WORKDIR" && exec "$JAVA" "${java_opts[@]}" -Xmx128m -XX:+UseSerialGC -cp "$CP" \
            soc.robot.SOCRobotClient 127.0.0.1 "$PORT" "$extra_prefix $((101 + $1))" pw "$COOKIE") \
            >>"$EXTRA_LOG" 2>&1 </dev/null &
        EXTRA_PIDS[$1]=$!
    }
    extra_in() {
        grep -qF "Robot $extra_prefix $((101 + $1)): Authenticated to server" "$EXTRA_LOG"
    }
    # In batches of EXTRA_BATCH, each logged in before the next starts: a robot whose JVM is
    # slow to send its VERSION (many JVMs starting on a loaded machine) is taken by the server
    # for a 1.0 client ("Version 1000 does not match server version") and exits; such a robot
    # is started again, up to EXTRA_RETRIES times in all.
    retries=0
    for ((b = 0; b < EXTRA_ROBOTS; b += EXTRA_BATCH)); do
        end=$((b + EXTRA_BATCH < EXTRA_ROBOTS ? b + EXTRA_BATCH : EXTRA_ROBOTS))
        for ((i = b; i < end; i++)); do
            start_extra "$i"
        done
        for ((i = b; i < end; i++)); do
            until extra_in "$i"; do
                if ! kill -0 "${EXTRA_PIDS[$i]}" 2>/dev/null; then
                    if (( retries >= EXTRA_RETRIES )); then
                        cat "$EXTRA_LOG" >&2
                        die "extra robot $extra_prefix $((101 + i)) exited before logging in, after $retries restarts of extra robots (their console is above, also in $EXTRA_LOG)"
                    fi
                    retries=$((retries + 1))
                    echo "  extra:     $extra_prefix $((101 + i)) exited before logging in; started again ($retries of at most $EXTRA_RETRIES)" >&2
                    start_extra "$i"
                fi
                (( SECONDS - started < 300 )) || die "the extra robots did not all log in within 300 s (see $EXTRA_LOG)"
                kill -0 "$SERVER_PID" 2>/dev/null || break 3
                sleep 0.5
            done
        done
    done
    echo "  extra:     logged in $((SECONDS - started)) s after the server's start (console $EXTRA_LOG)" >&2
    if (( SECONDS - started >= WAIT_SEC && GAMES > 0 )); then
        echo "WARNING: the extra robots took $((SECONDS - started)) s, WAIT_SEC is $WAIT_SEC: the first games may have started without them" >&2
    fi
fi

status=0
wait "$SERVER_PID" || status=$?
SERVER_PID=""
exit "$status"
