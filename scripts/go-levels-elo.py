#!/usr/bin/env python3
"""Measures the Elo of ply's Go levels (`ply play go --level N`, Monte Carlo
playouts) against GNU Go 3.8's levels on 9x9, komi 7.5, and prints a table and
the profile's lines. The scale: Elo relative to GNU Go level 10, which is 0.

A measurement, not a test. Python standard library only.

    scripts/go-levels-elo.py [--levels 1-10] [--games 20] [--jobs 2]
                             [--calibration-games 20] [--gnugo-levels 0,2,4,6,8,10]
                             [--calibration FILE] [--json FILE]
                             [--ply target/release/ply] [--gnugo /usr/games/gnugo]

First GNU Go's levels are rated against its level 10 (--calibration-games each,
colours alternating; kept in --calibration and read from it next time), then
each ply level plays --games games through `ply gtp --playouts N` (its own
budget from `ply list --json`, a new seed each game) against the GNU Go level
nearest its estimate so far (scripts/rated_ladder.py). GNU Go replays the same
game from the same position, so every game starts from its own opening: a black
and a white stone on the central 5x5 points, drawn with a fixed seed. The
figure has the 95% interval of the level's games; the calibration's own
uncertainty is not in it.

Games end after two passes, a resignation, or 300 moves; the result is GNU Go's
`final_score` (its dead-stone judgement). --jobs N plays N ply levels at once.
"""

import argparse
import functools
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys

import rated_ladder

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
_spec = importlib.util.spec_from_file_location("match_gnugo", os.path.join(HERE, "match-gnugo.py"))
match_gnugo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match_gnugo)
GtpEngine = match_gnugo.GtpEngine
SIZE, KOMI, MAX_MOVES = 9, 7.5, 300
COLUMNS = "ABCDEFGHJ"


def opening(game, seed):
    """Game `game`'s opening: a black and a white stone on distinct central points."""
    rng = random.Random(seed * 100_003 + game // 2)
    return rng.sample([c + str(r) for c in COLUMNS[2:7] for r in range(3, 8)], 2)


def gnugo(path, level):
    return GtpEngine([path, "--mode", "gtp", "--chinese-rules", "--positional-superko",
                      "--forbid-suicide", "--level", str(level)], "gnugo %d" % level)


def play(black, white, judge, stones):
    """'B', 'W' or None from one game after `stones` (a black and a white one)."""
    engines = list({id(e): e for e in (black, white, judge)}.values())
    for engine in engines:
        engine.ask("boardsize %d" % SIZE)
        engine.ask("clear_board")
        engine.ask("komi %g" % KOMI)
        for colour, vertex in zip("BW", stones):
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


def points(winner, game):
    """The first engine's points, Black in even games."""
    if winner is None:
        return 0.5
    return float((winner == "B") == (game % 2 == 0))


def gnugo_game(args, level, top, game):
    """GNU Go `level`'s points in one game against GNU Go `top`."""
    first, second = gnugo(args.gnugo, level), gnugo(args.gnugo, top)
    black, white = (first, second) if game % 2 == 0 else (second, first)
    winner = play(black, white, second, opening(game, 0))
    first.close()
    second.close()
    return points(winner, game)


def level_game(args, number, playouts, level, game):
    """ply level `number`'s points in one game against GNU Go `level`."""
    ply = GtpEngine([args.ply, "gtp", "--playouts", str(playouts),
                     "--seed", str(1000 * number + game)], "ply level %d" % number)
    other = gnugo(args.gnugo, level)
    black, white = (ply, other) if game % 2 == 0 else (other, ply)
    winner = play(black, white, other, opening(game, number))
    ply.close()
    other.close()
    return points(winner, game)


def rate(args, playouts, ratings, number):
    return rated_ladder.rate_level(
        number, "", args.games, ratings,
        lambda level, game: level_game(args, number, playouts[number], level, game),
        path=args.json, earlier=args.earlier.get(number, ()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1-10")
    parser.add_argument("--games", type=int, default=20, help="games a ply level")
    parser.add_argument("--jobs", type=int, default=1, help="ply levels played at once")
    parser.add_argument("--calibration-games", type=int, default=20)
    parser.add_argument("--gnugo-levels", default="0,2,4,6,8,10", help="weakest first")
    parser.add_argument("--calibration", help="GNU Go's level ratings (JSON), kept here")
    parser.add_argument("--json", help="write every level's games and figure here")
    parser.add_argument("--resume", action="append", default=[],
                        help="continue the levels of an earlier --json file (repeat to pool runs)")
    parser.add_argument("--ply", default=os.path.join(ROOT, "target/release/ply"))
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    args = parser.parse_args()
    args.earlier = rated_ladder.levels_elo.pooled_games(args.resume)
    listing = json.loads(subprocess.check_output([args.ply, "list", "--json"]))
    playouts = {l["level"]: l["nodes"] for g in listing if g["id"] == "go" for l in g["levels"]}
    rungs = [int(x) for x in args.gnugo_levels.split(",")]
    ratings = rated_ladder.calibrate(
        rungs, args.calibration_games,
        lambda level, top, game: gnugo_game(args, level, top, game), args.calibration)
    print("GNU Go's levels (Elo, level %d = 0): " % rungs[-1] + ", ".join(
        "%d: %+.0f" % (level, ratings[level]) for level in sorted(ratings)), flush=True)
    wanted = {n: "%d playouts" % playouts[n]
              for n in rated_ladder.levels_elo.parse_levels(args.levels) if playouts.get(n)}
    rated_ladder.report("go", "GNU Go level %d = 0" % rungs[-1], args.jobs, wanted,
                        functools.partial(rate, args, playouts, ratings), args.json)


if __name__ == "__main__":
    sys.exit(main())
