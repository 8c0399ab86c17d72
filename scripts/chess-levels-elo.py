#!/usr/bin/env python3
"""Measures the Elo of ply's chess levels (`ply play chess --level N`) against
Stockfish limited in strength (UCI_LimitStrength with UCI_Elo), and prints a table.

A measurement, not a test. Python standard library only.

    scripts/chess-levels-elo.py [--levels 1-8] [--games 6] [--movetime 50]
                                [--ladder 1320,1600,1900,2200,2500]
                                [--ply target/release/ply] [--stockfish /usr/games/stockfish]

How: ply runs as `ply uci` with each level's own limits and evaluation, read from
`ply list --json` (depth, nodes or time per move), so the table measures exactly
what the arcade plays. Stockfish gets --movetime ms a move. Each level starts on
the ladder's lowest rung (Stockfish's minimum UCI_Elo, 1320) and climbs to the
next rung while it scores more than half; each rung is --games games, colours
alternating, from short openings (each played with both colours) so that the
games differ. The level's Elo is the maximum-likelihood rating given every game
it played (logistic model, opponents at their UCI_Elo), with a 95% interval
from the likelihood's curvature. A level that scored nothing against the lowest
rung is reported as "< 1320" with a one-sided bound: the rating at which losing
all its games there would happen only 5% of the time.

Caveat: Stockfish's UCI_Elo is calibrated at longer time controls (its own tests
at 60 s + 0.6 s a game); at 50 ms a move limited Stockfish plays somewhat weaker
than its number, so the figures are on Stockfish's scale at this time control.
"""

import argparse
import importlib.util
import json
import math
import os
import subprocess
import sys

from uci_pipe import UciEngine

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "match_stockfish", os.path.join(HERE, "match-stockfish.py")
)
match_stockfish = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match_stockfish)

OPENINGS = [
    ["e2e4", "e7e5"],
    ["d2d4", "d7d5"],
    ["e2e4", "c7c5"],
    ["c2c4", "e7e5"],
    ["g1f3", "d7d5"],
    ["e2e4", "e7e6"],
]
SCALE = 400 / math.log(10)


class LevelEngine(UciEngine):
    """`ply uci` at one level: its evaluation and its own limits for every move."""

    def __init__(self, ply, level):
        super().__init__([ply, "uci"], name="ply level %d" % level["level"])
        self.send("setoption name Evaluation value " + level["eval"])
        limits = []
        if level["depth"]:
            limits.append("depth %d" % level["depth"])
        if level["nodes"]:
            limits.append("nodes %d" % level["nodes"])
        if level["time_ms"]:
            limits.append("movetime %d" % level["time_ms"])
        self.go = " ".join(limits)
        self.ready()

    def best_move(self, moves, go):
        return super().best_move(moves, self.go)


def chess_levels(ply):
    listing = json.loads(subprocess.check_output([ply, "list", "--json"]))
    return {l["level"]: l for g in listing if g["id"] == "chess" for l in g["levels"]}


def expected(rating, opponent):
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def estimate(results):
    """(rating, margin) by maximum likelihood from [(opponent, points)], or None
    when the scores are all wins or all losses (no finite estimate)."""
    total = sum(p for _, p in results)
    if total == 0 or total == len(results):
        return None
    rating = sum(o for o, _ in results) / len(results)
    for _ in range(100):
        gradient = sum(p - expected(rating, o) for o, p in results)
        information = sum(expected(rating, o) * (1 - expected(rating, o)) for o, _ in results)
        step = gradient / information * SCALE
        rating += max(-400, min(400, step))
        if abs(step) < 0.01:
            break
    information = sum(expected(rating, o) * (1 - expected(rating, o)) for o, _ in results)
    return rating, 1.96 * SCALE / math.sqrt(information)


def upper_bound_all_lost(opponent, games):
    """The rating at which losing all `games` to `opponent` has probability 5%."""
    p_win_or_draw = 1 - 0.05 ** (1 / games)
    return opponent - 400 * math.log10(1 / p_win_or_draw - 1)


def play_rung(args, engine, level, elo, arbiter, log):
    stockfish = UciEngine([args.stockfish])
    stockfish.send("setoption name Threads value 1")
    stockfish.send("setoption name Hash value 16")
    stockfish.send("setoption name UCI_LimitStrength value true")
    stockfish.send("setoption name UCI_Elo value %d" % elo)
    stockfish.ready()
    results = []
    for game in range(args.games):
        opening = OPENINGS[(game // 2) % len(OPENINGS)]
        ply_white = game % 2 == 0
        white, black = (engine, stockfish) if ply_white else (stockfish, engine)
        for side in (white, black):
            side.new_game()
        result, reason = match_stockfish.play_game(
            white, black, arbiter, args.movetime, args.max_plies, opening
        )
        if result == "1/2-1/2":
            points = 0.5
        else:
            points = 1.0 if (result == "1-0") == ply_white else 0.0
        results.append((elo, points))
        print(
            "level %d vs UCI_Elo %d, game %d (%s, %s): %s %s (%s)"
            % (level, elo, game + 1, "white" if ply_white else "black",
               " ".join(opening), result, points, reason),
            file=log, flush=True,
        )
    stockfish.quit()
    return results


def parse_levels(text):
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1-8", help="e.g. 1-8 or 9")
    parser.add_argument("--games", type=int, default=6, help="games per ladder rung")
    parser.add_argument("--movetime", type=int, default=50, help="Stockfish ms a move")
    parser.add_argument("--ladder", default="1320,1600,1900,2200,2500")
    parser.add_argument("--max-plies", type=int, default=250)
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()
    ladder = [int(x) for x in args.ladder.split(",")]
    levels = chess_levels(args.ply)
    arbiter = match_stockfish.Arbiter([args.stockfish])
    rows = []
    for level in parse_levels(args.levels):
        engine = LevelEngine(args.ply, levels[level])
        results = []
        for elo in ladder:
            rung = play_rung(args, engine, level, elo, arbiter, sys.stderr)
            results += rung
            if sum(p for _, p in rung) <= len(rung) / 2:
                break
        engine.quit()
        rows.append((level, engine.go, results))
        report_row(level, engine.go, results, levels[level]["eval"])
    arbiter.quit()


def report_row(level, go, results, evaluation):
    games = "; ".join(
        "%g/%d vs %d" % (sum(p for o, p in results if o == elo), sum(1 for o, _ in results if o == elo), elo)
        for elo in sorted({o for o, _ in results})
    )
    found = estimate(results)
    if found:
        rating, margin = found
        figure = "%d ± %d" % (round(rating), round(margin))
    elif sum(p for _, p in results) == 0:
        lowest = min(o for o, _ in results)
        games_there = sum(1 for o, _ in results if o == lowest)
        figure = "< %d (95%%: below %d)" % (lowest, round(upper_bound_all_lost(lowest, games_there)))
    else:
        figure = "> %d (won every game)" % max(o for o, _ in results)
    print("| %d | %s, %s | %s | %s |" % (level, evaluation, go, games, figure), flush=True)


if __name__ == "__main__":
    sys.exit(main())
