#!/usr/bin/env python3
"""Writes the middlegame positions scripts/compare-builds.py searches: chess and
xiangqi from the first openings of the repository's opening files, checkers from
each first move, played on by ply against itself at a fixed node budget (so the
positions are the same on every machine), one `GAME FEN` a line.

A generator for measurement data, not a test. Python standard library only.

    scripts/speed-positions.py PLY [--per-game 8] [--plies 16] [--nodes 20000]
"""

import argparse
import json
import subprocess
import sys


def openings(path, count):
    """The first `count` opening lines of a repository opening file."""
    lines = []
    for line in open(path):
        moves = line.split("#")[0].split()
        if moves:
            lines.append(moves)
        if len(lines) == count:
            break
    return lines


def checkers_openings(count):
    """The first `count` of checkers' seven first moves, each a one-move line."""
    firsts = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    return [[m] for m in firsts[:count]]


def run_json(command):
    return json.loads(subprocess.run(command, check=True, capture_output=True,
                                     text=True).stdout)


def played_on(binary, game, moves, plies, nodes):
    """The position after `moves` and `plies` more moves of ply against itself."""
    moves = list(moves)
    for _ in range(plies):
        report = run_json([binary, "solve", game, "--moves", " ".join(moves),
                           "--nodes", str(nodes), "--eval", "strong", "--json"])
        if report["best_move"] is None:
            break
        moves.append(report["best_move"])
    report = run_json([binary, "eval", game, "--moves", " ".join(moves), "--json"])
    return report["position"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ply")
    parser.add_argument("--per-game", type=int, default=8)
    parser.add_argument("--plies", type=int, default=16)
    parser.add_argument("--nodes", type=int, default=20000)
    args = parser.parse_args()
    sources = [
        ("chess", openings("tests/data/chess/openings.txt", args.per_game)),
        ("xiangqi", openings("tests/data/xiangqi-openings.txt", args.per_game)),
        ("checkers", checkers_openings(args.per_game)),
    ]
    seen = set()
    for game, lines in sources:
        for line in lines:
            fen = played_on(args.ply, game, line, args.plies, args.nodes)
            if fen not in seen:
                seen.add(fen)
                print("%s %s" % (game, fen), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
