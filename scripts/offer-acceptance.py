#!/usr/bin/env python3
"""Acceptance of our trade offers by the stock robots, by our building points.

Usage: scripts/offer-acceptance.py 'RUN_DIR/*/shard-*/rec/*.log' [BOT_NAME]

Reads recordings (`catan-bot play --record`, one game a file; `<` server to bot, `>` bot to
server) and counts, for each offer of ours the server announced (MAKEOFFER 1041 from our
seat), whether a robot accepted it (the server's ACCEPTOFFER 1039 naming us as the offerer)
before it was cleared (CLEAROFFER 1038) or the turn passed (TURN 1026). Building points are
our settlements plus twice our cities, from the server's PUTPIECE (1009) lines: the stock
robot's negotiator (`SOCRobotNegotiator.considerOffer`) refuses every trade with a player
whose win-game ETA is 25 or less, so acceptance should fall as we build.

It also counts, for each offer, how many addressees had answered (declined with REJECTOFFER
1037, offered to us instead with a MAKEOFFER of their own, or accepted) when it ended: by our
CLEAROFFER (`> 1038`), an acceptance or the next TURN. An offer withdrawn before any answer
came was withdrawn too soon for the robots to answer it.
"""
import collections
import glob
import sys


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) >= 2 else 2
    name = sys.argv[2] if len(sys.argv) > 2 else "catanbot"
    stats = collections.defaultdict(lambda: [0, 0])  # building points -> offers, accepted
    answered = collections.Counter()  # addressees who answered -> offers
    files = glob.glob(sys.argv[1])
    for path in files:
        me, points, pending, answers = None, collections.Counter(), None, None
        with open(path, errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if len(line) < 3:
                    continue
                way, body = line[0], line[2:]
                code, _, data = body.partition("|")
                a = data.split(",")
                if answers is not None and (
                    (way == ">" and code == "1038") or (way == "<" and code == "1026")
                ):
                    answered[len(answers)] += 1
                    answers = None
                if way != "<":
                    continue
                if answers is not None and len(a) > 1:
                    if code == "1037" or (code == "1041" and me is not None and int(a[1]) != me):
                        answers.add(a[1])
                    elif code == "1039" and len(a) > 2 and int(a[2]) == me:
                        answers.add(a[1])
                        answered[len(answers)] += 1
                        answers = None
                if code == "1012" and len(a) > 2 and a[1] == name:
                    me = int(a[2])
                elif code == "1009" and len(a) > 2 and a[2] in ("1", "2"):
                    # A settlement is 1 point; a city replaces one: 1 more.
                    points[int(a[1])] += 1
                elif code == "1041" and me is not None and int(a[1]) == me:
                    pending = min(points[me], 10)
                    stats[pending][0] += 1
                    answers = set()
                elif code == "1039" and pending is not None and len(a) > 2 and int(a[2]) == me:
                    stats[pending][1] += 1
                    pending = None
                elif code in ("1038", "1026"):
                    pending = None
    print(f"{len(files)} recordings")
    for k in sorted(stats):
        offers, accepted = stats[k]
        print(f"our building points {k}: offers {offers}, accepted {accepted} "
              f"({100 * accepted / max(offers, 1):.0f}%)")
    print("offers by the addressees that had answered when they ended: " + ", ".join(
        f"{k}: {answered[k]}" for k in sorted(answered)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
