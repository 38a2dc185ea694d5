#!/usr/bin/env bash
# Runs one scenario of scripts/hostile-server.py against a catan-bot binary (issue 11).
# Usage: hostile-measure.sh BIN SCENARIO PORT [SECONDS] [extra play args...]
# Prints the fake server's figures, the robot's exit status and where its stderr went.
set -u
bin=$1 scenario=$2 port=$3 secs=${4:-30}
shift 4 2>/dev/null || shift $#
here=$(cd "$(dirname "$0")" && pwd)
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
