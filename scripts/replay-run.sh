#!/usr/bin/env bash
# Replays every game our bot recorded in a campaign run (RECORD=Y: each shard's rec/*.log)
# through the mirror of a catan-bot build, writes each shard's replay.txt (one line a game,
# "... OK" at its end when the mirror and the server agree), and prints the totals. Also
# counts the certain wins within the turn found in the classic games and whether they were
# taken (`catan-bot wins`), and, from the recordings, what our bot did first in each Special
# Building Phase the server gave it (6-player games): built a piece, bought a card, or ended
# the phase.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: scripts/replay-run.sh [--help] RUN_DIR

For every finished shard folder of RUN_DIR with a rec/ folder: runs `catan-bot replay` on its
recordings into replay.txt. Prints the games replayed, those whose line ends in OK, the
exit codes that were not 0, the totals of `catan-bot wins` over the classic games (certain
wins within the turn found, taken or not), and the Special Building Phase counts.

Options (environment variables):
  BOT   a built catan-bot [target/release/catan-bot of this checkout]
USAGE
}

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
lib_name=replay-run.sh

parse_operands "$@"
[ "${#operands[@]}" = 1 ] || die "RUN_DIR, no more, no less (see --help)"
run_dir=${operands[0]}
[ -d "$run_dir" ] || die "RUN_DIR $run_dir: no such folder"
bot=${BOT:-$here/../target/release/catan-bot}
[ -x "$bot" ] || die "no catan-bot at $bot: build it or set BOT"

games=0 ok=0 failed=0
# Every finished shard's recordings, for `catan-bot wins` below.
recs=()
while IFS= read -r rec; do
    shard=$(dirname "$rec")
    # Finished shards only (campaign.sh writes build.txt at a shard's end).
    [ -f "$shard/build.txt" ] || continue
    set -- "$rec"/*.log
    [ -e "$1" ] || continue
    recs+=("$@")
    rc=0
    "$bot" replay "$@" > "$shard/replay.txt" 2>/dev/null || rc=$?
    n=$(grep -c '' "$shard/replay.txt" || true)
    k=$(grep -c ' OK$' "$shard/replay.txt" || true)
    games=$((games + n)) ok=$((ok + k))
    grep -v ' OK$' "$shard/replay.txt" | sed "s|^|$shard/|" >&2 || true
    if [ "$rc" != 0 ]; then
        failed=$((failed + 1))
        echo "$shard: replay exited $rc" >&2
    fi
done < <(find "$run_dir" -type d -name rec | sort)
echo "replayed $games games, $ok OK, $failed shard(s) with a non-zero exit"

# The certain wins within the turn (`catan-bot wins`, the check `win=1` plays by) in the
# finished shards' classic games: found, taken in their turn, put off or lost. Other boards'
# recordings hold no classic game, which `wins` says on stderr (silenced here).
if [ "${#recs[@]}" -gt 0 ]; then
    "$bot" wins "${recs[@]}" 2>/dev/null | sed 's/^/wins: /' || true
fi

# The Special Building Phase: after TURN (1026) names our seat in state 100, our first
# message: PUTPIECE (1009) or BUILDREQUEST (1043) builds, BUYDEVCARDREQUEST (1045) buys a
# card, ENDTURN (1032) ends the phase without building.
find "$run_dir" -path '*/rec/*.log' -print0 | sort -z | xargs -0 -r awk '
    FNR == 1 { seat = ""; sbp = 0 }
    /^< 1012\|/ { split(substr($0, 8), a, ","); if (a[2] == "catanbot") seat = a[3]; next }
    /^< 1026\|/ { split(substr($0, 8), a, ","); sbp = (a[2] == seat && a[3] == "100"); if (sbp) { phases++; first = 1 }; next }
    /^> / && sbp && first {
        split(substr($0, 3), b, "|"); first = 0
        if (b[1] == "1009" || b[1] == "1043") built++
        else if (b[1] == "1045") cards++
        else if (b[1] == "1032") ended++
        else other++
    }
    END { printf "special building phases %d: built a piece %d, bought a card %d, ended without building %d, other %d\n", phases, built, cards, ended, other }'
