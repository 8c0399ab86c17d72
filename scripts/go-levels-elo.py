#!/usr/bin/env python3
"""Measures the Elo of ply's Go levels (`ply play go --level N`, Monte Carlo
playouts) against GNU Go 3.8's levels on 9x9, komi 7.5, and prints a table and
the profile's lines. The scale: Elo relative to GNU Go level 10, which is 0.

A measurement, not a test. Python standard library only.

    scripts/go-levels-elo.py [--levels 1-10] [--games 20] [--jobs 2]
                             [--calibration-games 20] [--gnugo-levels 0,2,4,6,8,10]
                             [--calibration FILE] [--json FILE]
                             [--ply target/release/ply] [--gnugo /usr/games/gnugo]

First GNU Go's levels are rated against each other: each of --gnugo-levels plays
GNU Go level 10 --calibration-games times (colours alternating), and its Elo is
the maximum-likelihood rating given level 10 at 0. GNU Go plays the same game
from the same position, so every game starts from its own opening: one stone of
each colour on the central 5x5 points, drawn with a fixed seed. The ratings are
kept in --calibration (JSON) and read from it on the next run.

Then each ply level plays --games games through `ply gtp --playouts N` (its own
budget from `ply list --json`, a new seed each game) against the GNU Go level
whose rating is nearest the level's estimate so far: the first pair against
level 0, then after each pair the level's maximum-likelihood rating over its
games (200 Elo up or down while it has won or lost everything). The figure has
the 95% interval of those games; the calibration's own uncertainty is not in it.
A level that lost everything to GNU Go level 0 gets a one-sided bound ("< X"),
one that beat level 10 every time, "> 0".

Games end after two passes, a resignation, or 300 moves; the result is GNU Go's
`final_score` (its dead-stone judgement). --jobs N plays N ply levels at once.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sys.path.insert(0, HERE)
match_gnugo = load("match_gnugo", "match-gnugo.py")
levels_elo = load("levels_elo", "levels-elo.py")
GtpEngine = match_gnugo.GtpEngine
SIZE, KOMI, MAX_MOVES = 9, 7.5, 300
COLUMNS = "ABCDEFGHJ"


def openings(count, seed=2026):
    """`count` openings: a black and a white stone on distinct central points."""
    rng = random.Random(seed)
    centre = [c + str(r) for c in COLUMNS[2:7] for r in range(3, 8)]
    return [rng.sample(centre, 2) for _ in range(count)]


def gnugo(path, level):
    return GtpEngine([path, "--mode", "gtp", "--chinese-rules", "--positional-superko",
                      "--forbid-suicide", "--level", str(level)], "gnugo %d" % level)


def play(black, white, judge, opening):
    """'B', 'W' or None from one game after `opening` (a black and a white stone)."""
    engines = list({id(e): e for e in (black, white, judge)}.values())
    for engine in engines:
        engine.ask("boardsize %d" % SIZE)
        engine.ask("clear_board")
        engine.ask("komi %g" % KOMI)
    for colour, vertex in zip("BW", opening):
        for engine in engines:
            engine.ask("play %s %s" % (colour, vertex))
    players = {"B": black, "W": white}
    colour, passes, moves = "B", 0, 0
    while passes < 2 and moves < MAX_MOVES:
        move = players[colour].ask("genmove " + colour)
        other = "W" if colour == "B" else "B"
        if move.lower() == "resign":
            return other
        for engine in engines:
            if engine is not players[colour]:
                engine.ask("play %s %s" % (colour, move))
        passes = passes + 1 if move.lower() == "pass" else 0
        colour, moves = other, moves + 1
    return match_gnugo.winner_of(judge.ask("final_score"))


def calibrate(args):
    """{GNU Go level: Elo, level 10 being 0}, from the file or measured now."""
    if args.calibration and os.path.exists(args.calibration):
        with open(args.calibration) as saved:
            return {int(k): v for k, v in json.load(saved).items()}
    top = gnugo(args.gnugo, 10)
    ratings = {10: 0.0}
    starts = openings(args.calibration_games)
    for level in [int(x) for x in args.gnugo_levels.split(",") if int(x) != 10]:
        other = gnugo(args.gnugo, level)
        results = []
        for game in range(args.calibration_games):
            other_black = game % 2 == 0
            black, white = (other, top) if other_black else (top, other)
            winner = play(black, white, top, starts[game])
            points = 0.5 if winner is None else float((winner == "B") == other_black)
            results.append((0.0, points))
            print("GNU Go level %d vs 10, game %d: %s" % (level, game + 1, points),
                  file=sys.stderr, flush=True)
        other.close()
        found = levels_elo.estimate(results)
        total = sum(p for _, p in results)
        if found:
            ratings[level] = found[0]
        else:  # all lost or all won: the one-sided 95% bound, a conservative figure
            bound = -levels_elo.upper_bound_all_lost(0.0, len(results))
            ratings[level] = -bound if total == 0 else bound
        print("GNU Go level %d: %+.0f" % (level, ratings[level]), file=sys.stderr, flush=True)
    top.close()
    if args.calibration:
        temporary = args.calibration + ".tmp"
        with open(temporary, "w") as out:
            json.dump(ratings, out, indent=1)
        os.replace(temporary, args.calibration)
    return ratings


def nearest(ratings, elo):
    return min(ratings, key=lambda level: (abs(ratings[level] - elo), level))


def measure_level(args, number, playouts, ratings):
    """One ply level's games and figure (a dict, as levels-elo.py gives them)."""
    starts = openings(args.games, seed=number)
    results, opponent, estimate = [], min(ratings), None
    for game in range(args.games):
        ply = GtpEngine([args.ply, "gtp", "--playouts", str(playouts), "--resign", "10",
                         "--seed", str(1000 * number + game)], "ply level %d" % number)
        other = gnugo(args.gnugo, opponent)
        ply_black = game % 2 == 0
        black, white = (ply, other) if ply_black else (other, ply)
        winner = play(black, white, other, starts[game])
        ply.close()
        other.close()
        points = 0.5 if winner is None else float((winner == "B") == ply_black)
        results.append((ratings[opponent], points))
        print("ply level %d vs GNU Go level %d, game %d: %s"
              % (number, opponent, game + 1, points), file=sys.stderr, flush=True)
        if game % 2 == 1:
            found = levels_elo.estimate(results)
            if found:
                estimate = found[0]
            else:
                won_all = sum(p for _, p in results) == len(results)
                estimate = ratings[opponent] + (200 if won_all else -200)
            opponent = nearest(ratings, estimate)
    go = "%d playouts" % playouts
    return levels_elo.row(number, go, "seed", results, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1-10")
    parser.add_argument("--games", type=int, default=20, help="games a ply level")
    parser.add_argument("--jobs", type=int, default=1, help="ply levels played at once")
    parser.add_argument("--calibration-games", type=int, default=20)
    parser.add_argument("--gnugo-levels", default="0,2,4,6,8,10")
    parser.add_argument("--calibration", help="GNU Go's level ratings (JSON), kept here")
    parser.add_argument("--json", help="write every level's games and figure here")
    parser.add_argument("--ply", default=os.path.join(ROOT, "target/release/ply"))
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    args = parser.parse_args()
    listing = json.loads(subprocess.check_output([args.ply, "list", "--json"]))
    levels = {l["level"]: l["nodes"] for g in listing if g["id"] == "go" for l in g["levels"]}
    ratings = calibrate(args)
    print("GNU Go's levels (Elo, level 10 = 0): " + ", ".join(
        "%d: %+.0f" % (level, ratings[level]) for level in sorted(ratings)), flush=True)
    wanted = [n for n in levels_elo.parse_levels(args.levels) if levels.get(n)]
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {n: pool.submit(measure_level, args, n, levels[n], ratings) for n in wanted}
        rows = []
        print("| level | search | games | points | Elo vs GNU Go 10 (95%) |", flush=True)
        print("| --- | --- | --- | --- | --- |", flush=True)
        for number in wanted:
            entry = futures[number].result()
            rows.append(entry)
            print("| %d | %s | %d | %g | %s |" % (number, entry["search"], entry["games"],
                                                   entry["points"], entry["figure"]), flush=True)
    print()
    print("The profile's levels (src/game/go):")
    for entry in rows:
        print("    " + levels_elo.profile_line(entry))
    if args.json:
        temporary = args.json + ".tmp"
        with open(temporary, "w") as out:
            json.dump({"gnugo": ratings, "levels": rows}, out, indent=1)
        os.replace(temporary, args.json)


if __name__ == "__main__":
    sys.exit(main())
