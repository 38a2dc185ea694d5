#!/usr/bin/env bash
# Runs one scenario of scripts/hostile-server.py against a catan-bot binary (issue 11).
set -u

usage() {
    cat <<'EOF'
Usage: scripts/hostile-measure.sh [--help] BIN SCENARIO PORT [SECONDS [PLAY_ARG...]]

Starts the fake hostile server scripts/hostile-server.py on 127.0.0.1:PORT playing SCENARIO
for SECONDS seconds, fractions allowed [30] (the scenarios, described at the top of
hostile-server.py: unknown noread reset drop badcookie timeout longname logforge maxgames
contradict), runs `BIN play` against it with PLAY_ARG... added (play rejects any it does not
take), then prints the fake server's figures, the robot's exit status and where its stderr
went. Files go to OUT [/tmp/hostile-SCENARIO-<BIN's name>].
EOF
}

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
case "${1:-}" in -h|--help) usage; exit 0 ;; esac
[ $# -ge 3 ] || die "BIN SCENARIO PORT needed (see --help)"
bin=$1 scenario=$2 port=$3 secs=${4:-30}
shift $(($# < 4 ? $# : 4))
[ -x "$bin" ] || die "BIN=$bin is not an executable"
case "$scenario" in
    unknown|noread|reset|drop|badcookie|timeout|longname|logforge|maxgames|contradict) ;;
    *) die "unknown SCENARIO '$scenario' (see --help)" ;;
esac
need_port PORT "$port"
[[ "$secs" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "SECONDS must be a number of seconds, not '$secs'"
out=${OUT:-/tmp/hostile-$scenario-$(basename "$bin")}
mkdir -p "$out"
rm -f "$out/bot.pid" "$out/results.jsonl"
BOT_PID_FILE="$out/bot.pid" python3 -u "$here/hostile-server.py" "$port" "$scenario" "$secs" >"$out/server.txt" 2>&1 &
srv=$!
sleep 0.5
"$bin" play --server "127.0.0.1:$port" --cookie probe --name probe --results "$out/results.jsonl" "$@" \
  >"$out/stdout.txt" 2>"$out/stderr.txt" &
bot=$!
echo "$bot" >"$out/bot.pid"
wait "$srv"
kill -INT "$bot" 2>/dev/null; sleep 2; kill -KILL "$bot" 2>/dev/null
wait "$bot"; rc=$?
cat "$out/server.txt"
echo "bot_exit $rc"
echo "stderr $out/stderr.txt ($(wc -l <"$out/stderr.txt") lines, longest $(awk '{ if (length($0) > m) m = length($0) } END { print m+0 }' "$out/stderr.txt") chars)"
