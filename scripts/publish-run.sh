#!/usr/bin/env bash
# Copies the finished shards of a campaign run (scripts/campaign.sh) into a folder to commit:
# each shard's result lines, build record and summary, and the recordings of the games that went
# wrong (not the server and bot logs, nor the other recordings, which stay with the run), then
# the merged summary by robot mix.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/publish-run.sh [--help] RUN_DIR DEST

Copies every shard folder of RUN_DIR that campaign.sh finished (it has build.txt) into DEST,
keeping the folder names: results.jsonl, build.txt, summary.txt, and replay.txt if present,
and rec/ with the recordings of the games that went wrong (a refusal by the server in the
recording, or a forced end-turn, rejected request or mismatch in the game's result line).
Shards still running or set aside (*.jsonl.old) are left out. Then writes DEST/summary.txt
with `catan-bot summarize --by-mix DEST` and prints it.

Options (environment variables):
  BOT       a built catan-bot for the summary [target/release/catan-bot of this checkout]
  BOT_NAME  the bot's nickname, which the recordings' names hold [catanbot]
USAGE
}

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
lib_name=publish-run.sh

parse_operands "$@"
[ "${#operands[@]}" = 2 ] || die "RUN_DIR and DEST, no more, no less (see --help)"
run_dir=${operands[0]} dest=${operands[1]}
[ -d "$run_dir" ] || die "RUN_DIR $run_dir: no such folder"
bot=${BOT:-$here/../target/release/catan-bot}
[ -x "$bot" ] || die "no catan-bot at $bot: build it or set BOT"
command -v jq >/dev/null || die "needs jq"

copied=0 kept=0
BOT_NAME=${BOT_NAME:-catanbot}
while IFS= read -r build; do
    shard=$(dirname "$build")
    rel=${shard#"$run_dir"/}
    mkdir -p "$dest/$rel"
    for f in results.jsonl build.txt summary.txt replay.txt; do
        if [ -f "$shard/$f" ]; then cp "$shard/$f" "$dest/$rel/$f"; fi
    done
    # The recordings of faulty games go along, so that a later session on another machine can
    # still read what happened: a server refusal in the recording (DECLINEPLAYERREQUEST, 1104)
    # or a result line counting a forced end-turn, a rejected request or a mismatch.
    for rec in "$shard"/rec/*.log; do
        [ -f "$rec" ] || continue
        game=$(basename "$rec"); game=${game%%-"$BOT_NAME"-*}
        faulty=$(jq -r --arg g "$game" 'select(.game == $g)
            | [.forced_end_turns, .rejected_requests, .mirror_mismatches,
               .data_check_mismatches] | add' "$shard/results.jsonl" 2>/dev/null | sort -n | tail -1)
        if grep -q '^< 1104|' "$rec" || [ "${faulty:-0}" != 0 ]; then
            mkdir -p "$dest/$rel/rec"
            cp "$rec" "$dest/$rel/rec/"
            kept=$((kept + 1))
        fi
    done
    copied=$((copied + 1))
done < <(find "$run_dir" -name build.txt -not -path '*/previous-*' | sort -V)
echo "publish-run: $copied shards copied into $dest, with $kept recordings of faulty games"
"$bot" summarize --by-mix "$dest" | tee "$dest/summary.txt"
