#!/usr/bin/env bash
# Plays the scripted person's games of the island scenarios in turn (one game of each a
# round, through scripts/person-games.sh), so that a run cut short has some games of every
# scenario. Each game goes to OUT/<scenario>/round-NN/; `person-games.sh --summary` sums a
# round up, and `summary.txt` here the run.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/person-scenarios.sh [--help] OUT

Settings (environment variables, default in brackets):
  ROUNDS       rounds to play [10]
  SCENARIOS    the scenarios' options, one word each ["SC=SC_4ISL,_SC_SEAC=t,SBL=t,VP=t12,PL=4
               SC=SC_NSHO,_SC_SEAC=t,SBL=t,VP=t13,PL=4 SC=SC_TTD,_SC_SEAC=t,SBL=t,VP=t12,PL=4
               SC=SC_FOG,_SC_FOG=t,SBL=t,VP=t12,PL=4"]
  STOP_AT      epoch seconds: start no new game after this [never]
  JSETTLERS_JAR / JSETTLERS_CLASSPATH, CATAN_BOT_BIN, PERSON_AGENT: passed to person-games.sh
USAGE
}

# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
parse_one_operand OUT "$@"
out=$operand
[ -n "$out" ] || die "OUT missing (see --help)"
ROUNDS=${ROUNDS:-10}
STOP_AT=${STOP_AT:-0}
need_uint ROUNDS "$ROUNDS" 1
need_uint STOP_AT "$STOP_AT"
SCENARIOS=${SCENARIOS:-"SC=SC_4ISL,_SC_SEAC=t,SBL=t,VP=t12,PL=4 SC=SC_NSHO,_SC_SEAC=t,SBL=t,VP=t13,PL=4 SC=SC_TTD,_SC_SEAC=t,SBL=t,VP=t12,PL=4 SC=SC_FOG,_SC_FOG=t,SBL=t,VP=t12,PL=4"}
read -r -a scenarios <<< "$SCENARIOS"
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
for ((r = 1; r <= ROUNDS; r++)); do
    for opts in "${scenarios[@]}"; do
        if (( STOP_AT > 0 && $(date +%s) >= STOP_AT )); then
            echo "person-scenarios: STOP_AT passed"
            break 2
        fi
        sc=$(sed -n 's/.*SC=\([A-Z0-9_]*\).*/\1/p' <<< "$opts")
        pl=$(sed -n 's/.*PL=\([0-9]\).*/\1/p' <<< "$opts")
        dir=$(printf '%s/%s-%sp/round-%02d' "$out" "${sc:-sea}" "${pl:-4}" "$r")
        [ -f "$dir/summary.txt" ] && continue
        mkdir -p "$(dirname "$dir")"
        PERSON_OPTIONS="$opts" GAMES=1 OUT="$dir" "$here/person-games.sh" > "$dir.log" 2>&1 \
            || echo "person-scenarios: $dir exited $?"
        tail -n 1 "$dir/summary.txt" 2>/dev/null | sed "s|^|$sc ${pl}p round $r: |"
    done
done | tee -a "$out/progress.txt"
# Every game so far, one record a line, and the totals by scenario.
for d in "$out"/*/; do
    cat "$d"round-*/games.jsonl 2>/dev/null > "$d/games.jsonl" || true
    [ -s "$d/games.jsonl" ] && "$here/person-games.sh" --summary "$d" > /dev/null
done
for d in "$out"/*/; do [ -f "$d/summary.txt" ] && { echo "$(basename "$d"):"; tail -n 1 "$d/summary.txt"; }; done \
    | tee "$out/summary.txt"
