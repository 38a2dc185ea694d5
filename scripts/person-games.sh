#!/usr/bin/env bash
# Runs N games of one scripted-person scenario (tests/scripted_person.rs) against a real
# JSettlers2 server, one game (and one server) at a time, and sums up their records.
#
# Run with --help for the settings.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: scripts/person-games.sh [--help | --summary OUT]

Plays GAMES games of SCENARIO, each through the scripted_person test with its own server,
and writes into OUT:
  games.jsonl     one record per game (the test's PERSON-GAME line): finished, our seat,
                  forced end-turns, rejected requests, mirror and data-check mismatches,
                  ILLEGAL and forced-end-turn lines of the server log naming our bot,
                  replay exit code and messages the mirror could not apply, problems
  game-NN/        the game's server log, bot log, results line, recording (rec/), replay
                  output and the test's own output (test.log)
  summary.txt     one line per game and the totals (also printed; --summary OUT writes it
                  again from OUT/games.jsonl)

Settings (environment variables, default in brackets):
  SCENARIO        seated: our bot sits from the start, the person offers it a trade and
                  leaves; takeover: our bot takes over the person's seat [seated]
  GAMES           games to play [10]
  OUT             output folder [person-games-SCENARIO-DATE]
  LEAVES          takeover: the moments the person leaves, used in turn (PERSON_LEAVE of the
                  test) ["start1 start2 roll:1 play:2 other:3 roll:5 play:7 other:9 play:12 roll:15"]
  JSETTLERS_JAR / JSETTLERS_CLASSPATH   the server (required)
  CATAN_BOT_BIN   our bot's binary [the test build's]; build it with cargo build --release
  PERSON_AGENT, PERSON_OPTIONS, PERSON_PORT, PERSON_UNDO, PERSON_GHOST   passed to the test
                  (PERSON_OPTIONS=PL=5 or PL=6: a 5- or 6-player game on the 6-player
                  board, our bot with --six-player)
                  (PERSON_GHOST=1 or next, seated: the person takes back its second initial
                  settlement and later builds a city on that node)
EOF
}

# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# One line per game and the totals, from OUT/games.jsonl into OUT/summary.txt.
summarize() {
    jq -rs '
      def n: . // 0;
      (to_entries[] | .key as $k | .value |
        "game \($k + 1) \(.game // "-") leave \(.leave // "-") seat \(.bot_seat // "-") " +
        "finished \(.finished) won \(if .won == null then "-" else .won end) forced \(.forced_end_turns // "-")/\(.server_forced_ours // "-") " +
        "rejected \(.rejected_requests // "-") mismatches \(.mirror_mismatches // "-") " +
        "data-check \(.data_check_mismatches // "-")/\(.data_checks // "-") ILLEGAL \(.illegal_ours // "-") " +
        "replay \(.replay_exit // "-") (bad \(.replay_bad // "-"))" +
        (if (.problems | length) > 0 then " | " + (.problems | join("; ") | gsub("\n"; " ")) else "" end)),
      "",
      "TOTAL \(length) games: finished \(map(select(.finished)) | length), " +
      "forced end-turns \(map(.forced_end_turns | n) | add) (server log \(map(.server_forced_ours | n) | add)), " +
      "rejected \(map(.rejected_requests | n) | add), " +
      "mirror mismatches \(map(.mirror_mismatches | n) | add), " +
      "data-check mismatches \(map(.data_check_mismatches | n) | add) of \(map(.data_checks | n) | add) checks, " +
      "ILLEGAL \(map(.illegal_ours | n) | add), " +
      "replay exit 0: \(map(select(.replay_exit == 0)) | length), other: \(map(select(.replay_exit != 0)) | length), " +
      "messages the mirror could not apply \(map(.replay_bad | n) | add), " +
      "clean games \(map(select((.problems | length) == 0)) | length)"
    ' "$1/games.jsonl" | tee "$1/summary.txt"
}

main() {
    case "${1:-}" in
        -h|--help) usage; exit 0 ;;
        --summary)
            [[ $# -le 2 ]] || unknown_arg "$3"
            [[ -f "${2:-}/games.jsonl" ]] || die "--summary OUT: no OUT/games.jsonl"
            summarize "$2"
            exit 0 ;;
        "") [[ $# -eq 0 ]] || unknown_arg "" ;;
        *) die "unknown argument '$1' (settings are environment variables; see --help)" ;;
    esac

    SCENARIO="${SCENARIO:-seated}"
    GAMES="${GAMES:-10}"
    OUT="${OUT:-person-games-$SCENARIO-$(date +%Y%m%d-%H%M%S)}"
    LEAVES="${LEAVES:-start1 start2 roll:1 play:2 other:3 roll:5 play:7 other:9 play:12 roll:15}"
    case "$SCENARIO" in
        seated) TEST=person_creates_offers_chats_and_leaves ;;
        takeover) TEST=person_leaves_and_our_bot_takes_over ;;
        *) die "SCENARIO must be seated or takeover, got '$SCENARIO'" ;;
    esac
    need_uint GAMES "$GAMES" 1
    [[ -n "${JSETTLERS_JAR:-}${JSETTLERS_CLASSPATH:-}" ]] \
        || die "set JSETTLERS_JAR (or JSETTLERS_CLASSPATH) to a JSettlers2 server"
    # Checked, and made absolute: the games run from the checkout's root.
    find_server_code
    if [[ -n "${JSETTLERS_CLASSPATH:-}" ]]; then
        export JSETTLERS_CLASSPATH="$js_cp"
    else
        export JSETTLERS_JAR="$js_cp"
    fi
    command -v jq >/dev/null || die "needs jq"
    read -r -a leaves <<< "$LEAVES"
    (( ${#leaves[@]} > 0 )) || die "LEAVES is empty"

    cd "$(dirname "$0")/.."
    [[ "$OUT" == /* ]] || OUT="$PWD/$OUT"
    # The test binary, built once; each game runs it directly.
    bin="$(nice -n 5 cargo test --no-run --test scripted_person --message-format=json 2>/dev/null \
        | jq -r 'select(.reason == "compiler-artifact" and .target.name == "scripted_person"
                        and .executable != null) | .executable' | tail -n 1)"
    [[ -x "$bin" ]] || die "could not build the scripted_person test"
    # A copy, so that a rebuild while the games run changes nothing.
    tmp="$(mktemp -d "${TMPDIR:-/tmp}/person-games.XXXXXX")"
    trap 'rm -rf "$tmp"' EXIT
    cp "$bin" "$tmp/scripted_person"
    bin="$tmp/scripted_person"

    mkdir -p "$OUT"
    report="$OUT/games.jsonl"
    touch "$report"
    for ((i = 1; i <= GAMES; i++)); do
        dir="$(printf '%s/game-%02d' "$OUT" "$i")"
        mkdir -p "$dir"
        leave=""
        [[ "$SCENARIO" == takeover ]] && leave="${leaves[$(( (i - 1) % ${#leaves[@]} ))]}"
        before="$(wc -l < "$report")"
        status=0
        PERSON_DIR="$dir" PERSON_REPORT="$report" PERSON_LEAVE="${leave:-play:3}" \
            "$bin" --exact "$TEST" --ignored --nocapture >"$dir/test.log" 2>&1 || status=$?
        if [[ "$(wc -l < "$report")" == "$before" ]]; then
            # The test died without writing its record (killed, or failed before the game).
            jq -cn --arg s "$SCENARIO" --arg d "$dir" --arg l "$leave" --argjson st "$status" \
                '{scenario: $s, leave: (if $l == "" then null else $l end), finished: false,
                  dir: $d, problems: ["the test exited \($st) without a record"]}' >> "$report"
        fi
        tail -n 1 "$report" | jq -r --argjson i "$i" \
            '"game \($i): \(.game // "-") finished \(.finished) problems \(.problems | length)"'
    done

    summarize "$OUT"
}

# One line: bash has read all of it before main runs, so editing this file meanwhile cannot
# derail a run.
main "$@"; exit
