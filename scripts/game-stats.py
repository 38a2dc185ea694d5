#!/usr/bin/env python3
"""Where the cards go: per-seat figures of recorded real-server games, by who won.

Usage: scripts/game-stats.py [--nick NAME] [--early K] PATH...

PATH: recordings (`catan-bot play --record`, one game a file) or folders searched for
`rec/*.log` below them (e.g. a run's folder). Only finished 4-player games count (GAMESTATE
1000 recorded). The recording robot (NAME, default catanbot) is "us"; the winner is the
current player when the game ended (GAMEELEMENTS 4: JSettlers ends a game only in the
winner's turn). Seats are grouped as: us in the games we won, us in those we lost, the
robot that won our lost games, and the robots that did not win. For each group, the mean a
game of:

  cards from rolls   resources gained from the dice (DICERESULTRESOURCES)
  early              of those, within the first K rolls [24]
  discarded          cards given up to a 7 (DISCARD)
  robbed             times a card was stolen from the seat (ROBBERYRESULT victim)
  robberies          times the seat stole (ROBBERYRESULT perpetrator)
  bank trades        trades with the bank or a port (BANKTRADE)
  player trades      trades with another player, either side (ACCEPTOFFER)
  cards bought       development cards (DEVCARDACTION DRAW)
  knights            knights played (DEVCARDACTION PLAY 9)
  vp cards           victory point cards shown at the end (DEVCARDACTION ADD_OLD)
  largest army       holds the Largest Army when the game ends (GAMEELEMENTS 5): a share
  longest road       holds the Longest Road when the game ends (GAMEELEMENTS 6): a share

and our win rate split by whether we gained at least as many cards from the first K rolls
as the best of the robots, and by our place in the turn order (1st: we placed first, the
seat of the game's first TURN). Then the player trades: offers a game (MAKEOFFER) made by us and by
the robots, the robots' offers a robot turn and those addressed to us, and how many of each
were taken (ACCEPTOFFER), to compare with the arena's summary of trades; and what became of
the robots' offers made to us and to other seats too: taken by us, by another robot, or by
nobody (the offer cleared, CLEAROFFER, or replaced, or the turn over). Last, our knights (only
the buyer sees which card it drew): drawn, played and held unplayed at the end a game, in the
games we won and lost, and in the losses to a robot that ends with the Largest Army, how
often our knights, played and held, reached the number it played.
"""
import collections
import glob
import os
import sys

FIELDS = [
    ("rolls", "cards from rolls"),
    ("early", "early"),
    ("discarded", "discarded"),
    ("robbed", "robbed"),
    ("robberies", "robberies"),
    ("bank", "bank trades"),
    ("traded", "player trades"),
    ("bought", "cards bought"),
    ("knights", "knights"),
    ("vp", "vp cards"),
    ("army", "largest army"),
    ("road", "longest road"),
]


def roll_gains(rest):
    """(seat, cards) pairs of a DICERESULTRESOURCES body: g|n|pn|total|amt|type|...|0|pn|..."""
    f = rest.split("|")
    i, out = 2, []
    while i + 1 < len(f):
        pn = int(f[i])
        i += 2  # the seat and its new hand total
        got = 0
        while i < len(f) and f[i] != "0":
            got += int(f[i])
            i += 2
        out.append((pn, got))
        i += 1
    return out


def game(path, nick, early):
    """(our seat, winner, per-seat counters, offer counters, our place in the turn order from
    0), or None for a game that did not end."""
    me, current, first, over, rolls = None, None, None, False, 0
    awards = {"army": -1, "road": -1}  # the holders, by GAMEELEMENTS 5 and 6
    seats = collections.defaultdict(collections.Counter)
    offers = collections.Counter()
    shared = None  # the robot whose offer to us and others awaits its end

    def shared_end(outcome):
        nonlocal shared
        if shared is not None:
            offers["shared " + outcome] += 1
            shared = None

    with open(path, errors="replace") as f:
        for line in f:
            if not line.startswith("< "):
                continue
            kind, _, rest = line[2:].rstrip("\n").partition("|")
            p = rest.split(",")
            if kind == "1012" and len(p) >= 3:  # SITDOWN g,nick,pn,robot
                if p[1] == nick:
                    me = int(p[2])
                seats[int(p[2])]
            elif kind == "1096":  # GAMEELEMENTS g|elem|value...
                m = rest.split("|")
                for i in range(1, len(m) - 1, 2):
                    if m[i] == "4":
                        current = int(m[i + 1])
                    elif m[i] == "5":
                        awards["army"] = int(m[i + 1])
                    elif m[i] == "6":
                        awards["road"] = int(m[i + 1])
            elif kind == "1026" and len(p) >= 2 and me is not None:  # TURN g,pn
                if first is None:
                    first = int(p[1])
                shared_end("by nobody")
                offers["robot turns"] += int(p[1]) != me
            elif kind == "1038":  # CLEAROFFER
                shared_end("by nobody")
            elif kind == "1041" and me is not None and len(p) >= 6:  # MAKEOFFER g,from,to[4],...
                shared_end("by nobody")
                if int(p[1]) == me:
                    offers["ours"] += 1
                else:
                    offers["robots'"] += 1
                    to_us = p[2 + me] == "true"
                    offers["robots' to us"] += to_us
                    if to_us and [x == "true" for x in p[2:6]].count(True) > 1:
                        offers["shared"] += 1
                        shared = int(p[1])
            elif kind == "1025" and len(p) >= 2 and p[1] == "1000":  # GAMESTATE over
                over = True
            elif kind == "1028" and len(p) >= 2 and p[1] != "-1":  # DICERESULT
                rolls += 1
            elif kind == "1092":
                for pn, got in roll_gains(rest):
                    seats[pn]["rolls"] += got
                    if rolls <= early:
                        seats[pn]["early"] += got
            elif kind == "1033" and len(p) >= 3 and p[1].startswith("p"):  # DISCARD
                seats[int(p[1][1:])]["discarded"] += sum(int(x) for x in p[2:])
            elif kind == "1102" and len(p) >= 3:  # ROBBERYRESULT g,perp,victim,...
                seats[int(p[1])]["robberies"] += 1
                seats[int(p[2])]["robbed"] += 1
            elif kind == "1040" and len(p) >= 12:  # BANKTRADE g,give[5],get[5],pn
                seats[int(p[11])]["bank"] += 1
            elif kind == "1039" and len(p) >= 3:  # ACCEPTOFFER g,accepting,offering,...
                if shared is not None and int(p[2]) == shared:
                    shared_end("by us" if int(p[1]) == me else "by a robot")
                seats[int(p[1])]["traded"] += 1
                seats[int(p[2])]["traded"] += 1
                if int(p[2]) == me:
                    offers["ours taken"] += 1
                elif int(p[1]) == me:
                    offers["robots' taken by us"] += 1
                else:
                    offers["robots' taken by robots"] += 1
            elif kind == "1046" and len(p) >= 4:  # DEVCARDACTION g,pn,action,type...
                pn, action = int(p[1]), p[2]
                if action == "0":
                    seats[pn]["bought"] += 1
                    # The server tells only the buyer which card it drew.
                    seats[pn]["knights drawn"] += pn == me and p[3] == "9"
                elif action == "1" and p[3] == "9":
                    seats[pn]["knights"] += 1
                elif action == "3":
                    seats[pn]["vp"] += len(p) - 3
    if me is None or current is None or first is None or not over:
        return None
    for key, holder in awards.items():
        if holder in seats:
            seats[holder][key] += 1
    return me, current, seats, offers, (me - first) % len(seats)


def won_of(games, key):
    """(games won, games, win rate in percent) of a Counter keyed by (key, won)."""
    won, n = games[(key, True)], games[(key, True)] + games[(key, False)]
    return won, n, 100 * won / max(n, 1)


def recordings(paths):
    for p in paths:
        if os.path.isdir(p):
            yield from sorted(glob.glob(os.path.join(p, "**", "rec", "*.log"), recursive=True))
        else:
            yield p


def main(argv):
    nick, early, paths = "catanbot", 24, []
    it = iter(argv)
    for a in it:
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a == "--nick":
            nick = next(it)
        elif a == "--early":
            early = int(next(it))
        else:
            paths.append(a)
    if not paths:
        print(__doc__)
        return 2
    groups = collections.defaultdict(list)
    split = collections.Counter()  # (ahead early, won) -> games
    places = collections.Counter()  # (our place in the turn order, won) -> games
    offers = collections.Counter()
    knights = collections.Counter()  # losses to a robot with the army, and ours reaching it
    games = skipped = 0
    for path in recordings(paths):
        g = game(path, nick, early)
        if g is None or len(g[2]) != 4:
            skipped += 1
            continue
        me, winner, seats, o, place = g
        offers.update(o)
        games += 1
        won = winner == me
        groups["us, games won" if won else "us, games lost"].append(seats[me])
        for s, c in seats.items():
            if s != me:
                groups["robot that won" if s == winner else "robots that lost"].append(c)
        best = max(c["early"] for s, c in seats.items() if s != me)
        split[(seats[me]["early"] >= best, won)] += 1
        places[(place, won)] += 1
        if not won and seats[winner]["army"]:
            knights["army"] += 1
            knights["reached"] += seats[me]["knights drawn"] >= seats[winner]["knights"]
    print(f"games {games} (skipped {skipped}: unfinished, not 4 seats or no seat named {nick})")
    order = ["us, games won", "us, games lost", "robot that won", "robots that lost"]
    print(f"{'':18}" + "".join(f"{name:>18}" for name in order))
    print(f"{'seats':18}" + "".join(f"{len(groups[name]):>18}" for name in order))

    def mean(key, name):
        return sum(c[key] for c in groups[name]) / max(len(groups[name]), 1)

    for key, label in FIELDS:
        label = f"{label} ({early})" if key == "early" else label
        cells = "".join(f"{mean(key, name):>18.2f}" for name in order)
        print(f"{label:18}{cells}")
    for ahead in (True, False):
        _, n, rate = won_of(split, ahead)
        side = "as many or more" if ahead else "fewer"
        print(f"{side} cards than the best robot in the first {early} rolls: {n} games, we won {rate:.1f}%")
    cells = []
    for place in range(4):
        won, n, rate = won_of(places, place)
        cells.append(f"{place + 1}: {won} of {n} ({rate:.1f}%)")
    print("we won by our place in the turn order: " + ", ".join(cells))

    def per(key):
        return offers[key] / max(games, 1)

    def share(key, of):
        return 100 * offers[key] / max(offers[of], 1)

    theirs = "robots'"
    print(
        f"offers a game: ours {per('ours'):.1f} (taken {share('ours taken', 'ours'):.1f}%), "
        f"the robots' {per(theirs):.1f} ({offers[theirs] / max(offers['robot turns'], 1):.2f} "
        f"a robot turn; taken by robots {share(theirs + ' taken by robots', theirs):.1f}%, "
        f"by us {share(theirs + ' taken by us', theirs):.1f}%), to us {per(theirs + ' to us'):.1f}"
    )
    print(
        f"the robots' offers to us and others: {offers['shared']} ({per('shared'):.1f} a game), "
        + ", ".join(
            f"taken {w} {offers['shared ' + w]} ({share('shared ' + w, 'shared'):.1f}%)"
            for w in ("by us", "by a robot", "by nobody")
        )
    )

    cells = []
    for name in order[:2]:
        drawn, played = mean("knights drawn", name), mean("knights", name)
        cells.append(
            f"{name[4:]}: drawn {drawn:.2f}, played {played:.2f}, "
            f"held at the end {drawn - played:.2f}"
        )
    print("our knights a game, " + "; ".join(cells))
    print(
        f"our losses to a robot with the Largest Army: {knights['army']}; our knights drawn "
        f"reached the knights it played in {knights['reached']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
