#!/usr/bin/env python3
"""Who held Longest Road and Largest Army when each game ended, by whether we won.

Usage: scripts/awards.py SHARD_DIR...   (e.g. 'RUN_DIR/*/shard-*' expanded by the shell)

Each SHARD_DIR holds results.jsonl (`catan-bot play --results`: the game, our seat, the
winner, won) and rec/ (`catan-bot play --record`, one game a file, named after the game).
The holders are the last GAMEELEMENTS (1096) of each recording: element 6
LONGEST_ROAD_PLAYER, 5 LARGEST_ARMY_PLAYER (-1: nobody). Each holder is counted as "us",
"winner" (an opponent who won), "other" (an opponent who did not) or "nobody", for the games
we won and those we lost. Games without a recording are skipped.
"""
import collections
import glob
import json
import os
import sys

ELEMENTS = {"6": "longest road", "5": "largest army"}


def holders(path):
    held = {}
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("< 1096|"):
                parts = line.rstrip("\n").split("|")
                if len(parts) >= 4 and parts[2] in ELEMENTS:
                    held[ELEMENTS[parts[2]]] = int(parts[3])
    return held


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) >= 2 else 2
    counts = collections.Counter()  # (won, award, who) -> games
    games = collections.Counter()  # won -> games
    for shard in sys.argv[1:]:
        results = os.path.join(shard, "results.jsonl")
        if not os.path.exists(results):
            continue
        with open(results) as f:
            lines = [json.loads(l) for l in f if l.strip()]
        for g in lines:
            recs = glob.glob(os.path.join(shard, "rec", glob.escape(g["game"]) + "-*.log"))
            if len(recs) != 1:
                continue
            held = holders(recs[0])
            games[g["won"]] += 1
            for award in ELEMENTS.values():
                seat = held.get(award, -1)
                if seat < 0:
                    who = "nobody"
                elif seat == g["seat"]:
                    who = "us"
                elif seat == g.get("winner"):
                    who = "winner"
                else:
                    who = "other"
                counts[(g["won"], award, who)] += 1
    for won in (True, False):
        n = games[won]
        print(f"games we {'won' if won else 'lost'}: {n}")
        for award in ELEMENTS.values():
            row = ", ".join(
                f"{who} {counts[(won, award, who)]} ({100 * counts[(won, award, who)] / max(n, 1):.0f}%)"
                for who in ("us", "winner", "other", "nobody")
                if not (won and who == "winner")
            )
            print(f"  {award}: {row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
