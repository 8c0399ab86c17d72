#!/usr/bin/env python3
"""Measures the Elo of ply's gomoku levels (`ply play gomoku --level N`,
freestyle 15x15) against PentaZen 0.4.18 (a Gomocup engine) at reduced times a
move, and prints a table and the profile's lines. The scale: Elo relative to
PentaZen at the longest of --pentazen-ms, which is 0.

A measurement, not a test. Python standard library only; the engine comes from
scripts/build-pentazen.sh.

    scripts/gomoku-levels-elo.py [--levels 1-10] [--games 20] [--jobs 2]
                                 [--pentazen-ms 1,4,16,50,200] [--calibration-games 20]
                                 [--calibration FILE] [--json FILE]
                                 [--ply target/release/ply] [--pentazen PATH]

First PentaZen at each shorter time is rated against PentaZen at the longest
(--calibration-games each, colours alternating; kept in --calibration and read
from it next time), then each ply level plays --games games as `ply gomocup
--no-threat-plan --engine level=N` (the level's own limits, as the arcade plays
it: the engine's root plan is in its search) against PentaZen at the time whose
rating is nearest the level's estimate so far (scripts/rated_ladder.py). Each
pair of games starts from its own four random stones near the centre, once
with each colour. A game ends with five in a row, a full board, or an illegal
move or timeout (a loss for who made it).
"""

import argparse
import functools
import importlib.util
import os
import random
import subprocess
import sys

import rated_ladder

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
_spec = importlib.util.spec_from_file_location("match_gomocup", os.path.join(HERE, "match-gomocup.py"))
match_gomocup = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match_gomocup)
# ply's own limits decide its time; the manager's budget only has to exceed them.
PLY_TURN_MS = 10_000


def game_args(turn_ms_each):
    """What match-gomocup.py's play_game reads: freestyle 15x15, these times."""
    return argparse.Namespace(size=15, rule=0, turn_ms=max(turn_ms_each),
                              turn_ms_each=turn_ms_each, info=["thread_num 1"])


def points(first, second, turns, game, seed):
    """The first engine's points in one game (Black in even games)."""
    rng = random.Random(seed * 100_003 + game // 2)
    stones = match_gomocup.opening(rng, 15, 4, 2)
    engines = [match_gomocup.Engine(first, "first"), match_gomocup.Engine(second, "second")]
    try:
        winner, _ = match_gomocup.play_game(engines, game % 2, stones, game_args(turns))
    finally:
        for engine in engines:
            engine.close()
    return 0.5 if winner is None else float(winner == 0)


def rate(args, number):
    ply = "%s gomocup --no-threat-plan --engine level=%d" % (args.ply, number)
    return rated_ladder.rate_level(
        number, "", args.games, args.ratings,
        lambda ms, game: points(ply, args.pentazen, (PLY_TURN_MS, ms), game, number),
        path=args.json, earlier=args.earlier.get(number, ()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1-10")
    parser.add_argument("--games", type=int, default=20, help="games a ply level")
    parser.add_argument("--jobs", type=int, default=1, help="ply levels played at once")
    parser.add_argument("--pentazen-ms", default="1,4,16,50,200", help="shortest first")
    parser.add_argument("--calibration-games", type=int, default=20)
    parser.add_argument("--calibration", help="PentaZen's time ratings (JSON), kept here")
    parser.add_argument("--json", help="write every level's games and figure here")
    parser.add_argument("--resume", action="append", default=[],
                        help="continue the levels of an earlier --json file (repeat to pool runs)")
    parser.add_argument("--ply", default=os.path.join(ROOT, "target/release/ply"))
    parser.add_argument("--pentazen", help="the engine (default: scripts/build-pentazen.sh)")
    args = parser.parse_args()
    args.earlier = rated_ladder.levels_elo.pooled_games(args.resume)
    if not args.pentazen:
        build = os.path.join(HERE, "build-pentazen.sh")
        args.pentazen = subprocess.check_output(["bash", build], text=True).strip()
    rungs = [int(x) for x in args.pentazen_ms.split(",")]
    args.ratings = rated_ladder.calibrate(
        rungs, args.calibration_games,
        lambda ms, top, game: points(args.pentazen, args.pentazen, (ms, top), game, 0),
        args.calibration)
    print("PentaZen's times (Elo, %d ms = 0): " % rungs[-1] + ", ".join(
        "%d ms: %+.0f" % (ms, args.ratings[ms]) for ms in sorted(args.ratings)), flush=True)
    wanted = {n: "level %d" % n for n in rated_ladder.levels_elo.parse_levels(args.levels)}
    rated_ladder.report("gomoku", "PentaZen %d ms = 0" % rungs[-1], args.jobs, wanted,
                        functools.partial(rate, args), args.json)


if __name__ == "__main__":
    sys.exit(main())
