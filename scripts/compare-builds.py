#!/usr/bin/env python3
"""Two builds of ply on the same fixed-depth searches: best move, score and node
counts (which must be equal when a change only makes the search faster) and the
speed ratio in CPU time.

A measurement, not a test. Python standard library only.

    scripts/compare-builds.py OLD_PLY NEW_PLY [--game chess] [--depth 8]
                              [--epd tests/data/chess/wac.epd] [--count 30]
                              [--fens FILE] [--positions FILE]
                              [--depths chess=12,xiangqi=12,checkers=13]
                              [--eval strong] [--rounds 3]

Runs `ply solve GAME --position FEN --depth D --eval E --json` with each build
in turn, position by position (so that both see the same machine load), and
repeats the whole set `--rounds` times, keeping each search's smallest user CPU
time (the machine may be shared: wall time would count other people's work).
`--positions FILE` reads `GAME FEN` lines (scripts/speed-positions.txt) and
searches each game at its depth from `--depths`; otherwise every position is of
`--game` at `--depth`, from `--fens` (one FEN a line) or the first `--count` of
`--epd`. Prints each search's nodes and CPU milliseconds for both builds, then
nodes per CPU second by game and in total, with the ratio new / old. Exits with
status 1 when any best move, score or node count differs.
"""

import argparse
import json
import os
import subprocess
import sys


def epd_positions(path, count):
    """The first `count` positions of an EPD file, as FENs (move counters added)."""
    found = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split()
        found.append(" ".join(fields[:4]) + " 0 1")
        if len(found) == count:
            break
    return found


def game_positions(path):
    """(game, FEN) pairs of a `GAME FEN` file, comments left out."""
    found = []
    for line in open(path):
        line = line.split("#")[0].strip()
        if line:
            game, fen = line.split(None, 1)
            found.append((game, fen))
    return found


def solve(binary, game, fen, depth, evaluation):
    """(best move, score, nodes over all iterations, user CPU ms) of one search."""
    command = [binary, "solve", game, "--position", fen, "--depth", str(depth),
               "--eval", evaluation, "--json"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit("%s failed on %s %s" % (binary, game, fen))
    report = json.loads(output)
    result = (report["best_move"], report["score"], report["nodes_all_passes"])
    return result, usage.ru_utime * 1000


def searches(args):
    """(game, depth, FEN) of every search to run."""
    if args.positions:
        depths = dict(item.split("=") for item in args.depths.split(","))
        return [(game, int(depths[game]), fen)
                for game, fen in game_positions(args.positions)]
    if args.fens:
        fens = [l.strip() for l in open(args.fens) if l.strip()][: args.count]
    else:
        fens = epd_positions(args.epd, args.count)
    return [(args.game, args.depth, fen) for fen in fens]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--game", default="chess")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--epd", default="tests/data/chess/wac.epd")
    parser.add_argument("--fens", help="a file of one position a line instead of --epd")
    parser.add_argument("--positions", help="a file of `GAME FEN` lines instead of --epd")
    parser.add_argument("--depths", default="chess=12,xiangqi=12,checkers=13",
                        help="depth by game for --positions")
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--eval", default="strong")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    work = searches(args)
    builds = (("old", args.old), ("new", args.new))
    best = {}
    results = {}
    for _ in range(args.rounds):
        for index, (game, depth, fen) in enumerate(work):
            for name, binary in builds:
                result, millis = solve(binary, game, fen, depth, args.eval)
                key = (name, index)
                results.setdefault(key, result)
                if results[key] != result:
                    print("%s: search %d gave %s, then %s" % (name, index + 1,
                                                              results[key], result))
                best[key] = min(best.get(key, millis), millis)
    same = True
    for index, (game, depth, fen) in enumerate(work):
        old, new = results[("old", index)], results[("new", index)]
        same &= old == new
        print("%3d %-8s d%-2d %6s %7s %10d %7.0f ms  %10d %7.0f ms  %s" % (
            index + 1, game, depth, old[0], old[1], old[2], best[("old", index)],
            new[2], best[("new", index)], "" if old == new else "DIFFER: %s" % (new,)))
    for game in sorted({w[0] for w in work}) + ["total"]:
        chosen = [i for i, w in enumerate(work) if game in ("total", w[0])]
        speed = {}
        for name, _ in builds:
            nodes = sum(results[(name, i)][2] for i in chosen)
            millis = max(1.0, sum(best[(name, i)] for i in chosen))
            speed[name] = nodes * 1000 / millis
        print("%-8s old %9.0f nodes/s  new %9.0f nodes/s  ratio new/old %.3f" % (
            game, speed["old"], speed["new"], speed["new"] / speed["old"]))
    print("best moves, scores and node counts %s" % ("identical" if same else "DIFFER"))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
