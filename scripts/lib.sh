# Shared by the scripts in this folder and in cluster/: sourced, never run. Messages name the
# script that sources this file (lib_name, its file name unless it sets lib_name first).
# shellcheck shell=bash

lib_name=${lib_name:-$(basename "$0")}
# This folder and the checkout it belongs to.
lib_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # used by the scripts that source this file
lib_root=$(cd "$lib_dir/.." && pwd)
# The exit status of die: 2 (bad arguments or settings) unless a script documents another.
lib_die_status=${lib_die_status:-2}

# say MESSAGE...: "NAME: MESSAGE" on stderr.
say() {
    echo "$lib_name: $*" >&2
}

# die MESSAGE...: say MESSAGE and exit with lib_die_status.
die() {
    say "$@"
    exit "$lib_die_status"
}

# unknown_arg ARG: die for an argument the script does not take.
unknown_arg() {
    die "unknown argument '$1' (see --help)"
}

# need_uint NAME VALUE [MIN [MAX]]: VALUE must be a non-negative integer, MIN <= VALUE <= MAX.
need_uint() {
    [[ "$2" =~ ^[0-9]+$ ]] || die "$1 must be a non-negative integer, not '$2'"
    if [ -n "${3:-}" ] && (( 10#$2 < $3 )); then
        die "$1 must be >= $3, not $2"
    fi
    if [ -n "${4:-}" ] && (( 10#$2 > $4 )); then
        die "$1 must be <= $4, not $2"
    fi
}

# need_port NAME VALUE: a TCP port, 1..65535.
need_port() {
    need_uint "$1" "$2" 1 65535
}

# need_scenario VALUE: a scenario's server name (letters, digits, '_'), as SCENARIO= takes it.
need_scenario() {
    [[ "$1" =~ ^[A-Za-z0-9_]+$ ]] || die "SCENARIO must be a scenario's name like SC_FOG, got '$1'"
}

# need_java JAVA: the java command must exist.
need_java() {
    command -v "$1" >/dev/null 2>&1 || die "'$1' not found: install a Java runtime (8 or newer)"
}

# half_cores: half this machine's cores, at least 1 (the scripts' default for JOBS).
half_cores() {
    local cores
    cores=$(nproc 2>/dev/null || echo 2)
    echo $((cores / 2 > 0 ? cores / 2 : 1))
}

# parse_shard NAME K/N: sets shard_k and shard_n, with 1 <= K <= N.
parse_shard() {
    [[ "$2" =~ ^([0-9]+)/([0-9]+)$ ]] || die "$1 is '$2': need K/N, e.g. 3/10"
    shard_k=$((10#${BASH_REMATCH[1]}))
    shard_n=$((10#${BASH_REMATCH[2]}))
    (( shard_k >= 1 && shard_k <= shard_n )) || die "$1 is '$2': need K/N with 1 <= K <= N"
}

# wait_port HOST PORT TIMEOUT [PID]: 0 once something accepts connections on HOST:PORT; 1 when
# TIMEOUT seconds have passed or process PID has ended first.
wait_port() {
    local host=$1 port=$2 deadline=$((SECONDS + $3)) pid=${4:-}
    while true; do
        if port_in_use "$host" "$port"; then
            return 0
        fi
        if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
            return 1
        fi
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.5
    done
}

# port_in_use HOST PORT: whether something already listens on HOST:PORT (a server left over
# from an earlier run, say: a new server could not bind there, and wait_port would take the old
# one for it).
port_in_use() {
    (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

# Where scripts/fetch-jsettlers.sh puts the jars it downloads.
JSETTLERS_CACHE=${JSETTLERS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/catan-bot}

# cached_jar full|any: the newest jar in JSETTLERS_CACHE: the full jar (JSettlers-*.jar, with
# the GUI client), else with "any" the newest JSettlers*.jar; empty if none.
cached_jar() {
    local jar=""
    [ -d "$JSETTLERS_CACHE" ] || return 0
    jar=$(find "$JSETTLERS_CACHE" -maxdepth 1 -name 'JSettlers-*.jar' | sort -V | tail -n 1)
    if [ -z "$jar" ] && [ "$1" = any ]; then
        jar=$(find "$JSETTLERS_CACHE" -maxdepth 1 -name 'JSettlers*.jar' | sort -V | tail -n 1)
    fi
    echo "$jar"
}

# abs_classpath CP: CP with each relative entry made absolute (from the current directory).
abs_classpath() {
    local out="" p parts
    IFS=':' read -r -a parts <<< "$1"
    for p in "${parts[@]}"; do
        [ -n "$p" ] || continue
        [[ "$p" == /* ]] || p="$PWD/$p"
        out="${out:+$out:}$p"
    done
    echo "$out"
}

# find_server_code: the JSettlers2 server code, first found of JSETTLERS_CLASSPATH,
# JSETTLERS_JAR (must be a file) and the jar fetch-jsettlers.sh left in JSETTLERS_CACHE. Sets
# js_cp (an absolute class path) and js_source (where it came from), or dies.
# shellcheck disable=SC2034  # js_source is used by the scripts that source this file
find_server_code() {
    if [ -n "${JSETTLERS_CLASSPATH:-}" ]; then
        js_cp=$JSETTLERS_CLASSPATH
        js_source=JSETTLERS_CLASSPATH
    elif [ -n "${JSETTLERS_JAR:-}" ]; then
        [ -f "$JSETTLERS_JAR" ] || die "JSETTLERS_JAR=$JSETTLERS_JAR: no such file"
        js_cp=$JSETTLERS_JAR
        js_source=JSETTLERS_JAR
    else
        js_cp=$(cached_jar any)
        [ -n "$js_cp" ] || die "no server code: set JSETTLERS_JAR=/path/to/JSettlers-2.6.10.jar (or JSETTLERS_CLASSPATH), or run scripts/fetch-jsettlers.sh"
        js_source=$JSETTLERS_CACHE
    fi
    js_cp=$(abs_classpath "$js_cp")
}

# find_bot: the catan-bot binary: BOT, else catan-bot on PATH, else this checkout's release
# build (which may not exist yet). Prints its path.
find_bot() {
    if [ -n "${BOT:-}" ]; then
        echo "$BOT"
    elif command -v catan-bot >/dev/null 2>&1; then
        command -v catan-bot
    else
        echo "$lib_root/target/release/catan-bot"
    fi
}

# bot_summarize BOT ARG...: `BOT summarize ARG...` with our win rate by robot mix (--by-mix),
# or without it for a bot built before summarize had it.
bot_summarize() {
    local bot=$1 help
    shift
    help=$("$bot" summarize --help 2>/dev/null || true)
    if [[ "$help" == *--by-mix* ]]; then
        "$bot" summarize --by-mix "$@"
    else
        "$bot" summarize "$@"
    fi
}

# robot_mix MIX ROBOTS EXTRA: the stock robots of a benchmark server (see bench.sh --help).
# Sets mix (default, smart or fast), mix_robots (built-in robots, jsettlers.startrobots),
# mix_extra (stock robots started beside the server, all of the mix's kind) and mix_kind (their
# kind, for jsettlers-server.sh's EXTRA_KIND). An empty ROBOTS or EXTRA takes the mix's default.
robot_mix() {
    mix=${1:-default}
    case "$mix" in
        default)
            mix_robots=${2:-7}
            mix_extra=${3:-0}
            mix_kind=smart
            need_uint ROBOTS "$mix_robots" 4
            [ "$mix_extra" = 0 ] || die "EXTRA=$mix_extra: extra stock robots are for MIX=smart or MIX=fast"
            ;;
        smart|fast)
            mix_robots=${2:-4}
            mix_extra=${3:-24}
            # shellcheck disable=SC2034  # used by the scripts that source this file
            mix_kind=$mix
            need_uint ROBOTS "$mix_robots" 4 100
            need_uint EXTRA "$mix_extra" 1
            ;;
        *) die "MIX must be default, smart or fast, not '$mix'" ;;
    esac
}

# parse_operands ARG...: a script's arguments when it takes operands only: -h/--help prints
# `usage` and exits 0, another option is refused, and the array `operands` gets the rest.
parse_operands() {
    local arg
    operands=()
    for arg in "$@"; do
        case "$arg" in
            -h|--help) usage; exit 0 ;;
            -*) unknown_arg "$arg" ;;
            *) operands+=("$arg") ;;
        esac
    done
}

# parse_one_operand WHAT ARG...: as parse_operands, for one operand at most, set as `operand`
# (empty if none was given).
parse_one_operand() {
    local what=$1
    shift
    parse_operands "$@"
    [ "${#operands[@]}" -le 1 ] || die "only one $what (see --help)"
    # shellcheck disable=SC2034  # read by the sourcing script
    operand=${operands[0]:-}
}
