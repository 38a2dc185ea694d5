#!/usr/bin/env python3
"""How often the stock robots' unplayed development cards were victory points, by how long
they had been held without a card played (the weights of `ages=1`, src/agent/view.rs).

Usage: scripts/card-ages.py SHARD_DIR...   (e.g. 'RUN_DIR/*/shard-*' expanded by the shell)

Each SHARD_DIR holds results.jsonl (our seat) and rec/ (`catan-bot play --record`, one game a
file). For every opponent, its cards are followed through the recording: a card bought
(DEVCARDACTION DRAW, 1046 action 0) becomes playable at the end of the buyer's turn, at age 0;
each of the seat's turns that ends without a card played (1046 action 1) makes its playable
cards a turn older; a played card leaves the youngest. When the game ends the server shows
each seat's victory point cards (1046 action 3 after GAMEELEMENTS 4 names the winner). For the
seats whose unplayed cards are all of one age, prints that age, the cards and the share that
were victory points; then all opponents' cards held at the end and the points among them.
"""
import collections
import glob
import json
import os
import sys


def seats_cards(path, me):
    """Per opponent seat: (ages of the cards it held at the end, victory point cards shown)."""
    cards = {p: [] for p in range(6)}  # age per card; -1: bought this turn
    shown = collections.Counter()
    cur, played, over = -1, False, False
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("< 1026|"):
                a = line.strip().split("|")[1].split(",")
                if cur >= 0:
                    if not played:
                        cards[cur] = [x + 1 if x >= 0 else x for x in cards[cur]]
                    cards[cur] = [0 if x < 0 else x for x in cards[cur]]
                cur, played = int(a[1]), False
            elif line.startswith("< 1096|"):
                p = line.strip().split("|")
                if len(p) >= 4 and p[2] == "4" and p[3] != "-1":
                    over = True
            elif line.startswith("< 1046|"):
                a = line.strip().split("|")[1].split(",")
                pn, act = int(a[1]), int(a[2])
                if pn < 0 or pn == me or pn not in cards:
                    continue
                if act == 0:
                    cards[pn].append(-1)
                elif act == 1 and not over:
                    played = True
                    ok = [i for i, x in enumerate(cards[pn]) if x >= 0]
                    if ok:
                        cards[pn].pop(min(ok, key=lambda i: cards[pn][i]))
                    elif cards[pn]:
                        cards[pn].pop()
                elif act == 3 and over:
                    shown[pn] += sum(1 for t in a[3:] if 4 <= int(t) <= 8)
    return {p: (c, shown[p]) for p, c in cards.items() if p != me and (c or shown[p])}


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) >= 2 else 2
    by_age = collections.defaultdict(lambda: [0, 0])
    held = points = games = 0
    for shard in sys.argv[1:]:
        results = os.path.join(shard, "results.jsonl")
        if not os.path.exists(results):
            continue
        with open(results) as f:
            lines = [json.loads(l) for l in f if l.strip()]
        for g in lines:
            if g.get("end") != "over":
                continue
            recs = glob.glob(os.path.join(shard, "rec", glob.escape(g["game"]) + "-*.log"))
            if len(recs) != 1:
                continue
            games += 1
            for ages, vp in seats_cards(recs[0], g["seat"]).values():
                held += len(ages)
                points += vp
                kinds = {"new" if x < 0 else min(x, 6) for x in ages}
                if len(kinds) == 1:
                    k = kinds.pop()
                    by_age[k][0] += len(ages)
                    by_age[k][1] += vp
    print(f"games {games}: opponents' cards held at the end {held}, victory points among them {points}")
    for k in sorted(by_age, key=lambda k: (isinstance(k, str), k)):
        n, vp = by_age[k]
        label = "bought in the last turn" if k == "new" else f"age {k}{'+' if k == 6 else ''}"
        print(f"  {label:24} cards {n:5}  victory points {vp:5} ({100 * vp / max(n, 1):.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
