#!/usr/bin/env python3
"""Two builds of ply on the same fixed-depth searches: node counts (which must be
equal when a change only makes the search faster) and the speed ratio.

A measurement, not a test. Python standard library only.

    scripts/compare-builds.py OLD_PLY NEW_PLY [--game chess] [--depth 8]
                              [--epd tests/data/chess/wac.epd] [--count 30]
                              [--eval strong] [--rounds 3]

Runs `ply solve GAME --position FEN --depth D --eval E --json` with each build
in turn, position by position (so that both see the same machine load), and
repeats the whole set `--rounds` times, keeping each search's fastest time.
Prints each position's nodes and time for both, then total nodes a second of
each and their ratio (new / old).
"""

import argparse
import json
import subprocess
import sys


def positions(path, count):
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


def solve(binary, game, fen, depth, evaluation):
    """(nodes over all iterations, milliseconds) of one search."""
    command = [binary, "solve", game, "--position", fen, "--depth", str(depth),
               "--eval", evaluation, "--json"]
    report = json.loads(subprocess.run(command, check=True, capture_output=True,
                                       text=True).stdout)
    return report["nodes_all_passes"], report["millis"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--game", default="chess")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--epd", default="tests/data/chess/wac.epd")
    parser.add_argument("--fens", help="a file of one position a line instead of --epd")
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--eval", default="strong")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    if args.fens:
        fens = [l.strip() for l in open(args.fens) if l.strip()][: args.count]
    else:
        fens = positions(args.epd, args.count)
    best = {}
    nodes = {}
    for _ in range(args.rounds):
        for index, fen in enumerate(fens):
            for name, binary in (("old", args.old), ("new", args.new)):
                count, millis = solve(binary, args.game, fen, args.depth, args.eval)
                nodes.setdefault((name, index), count)
                if nodes[(name, index)] != count:
                    print("%s: position %d gave %d nodes, then %d" %
                          (name, index, nodes[(name, index)], count))
                key = (name, index)
                best[key] = min(best.get(key, millis), millis)
    same = True
    for index, fen in enumerate(fens):
        old_nodes, new_nodes = nodes[("old", index)], nodes[("new", index)]
        same &= old_nodes == new_nodes
        print("%3d %10d %8d ms  %10d %8d ms  %s" % (
            index + 1, old_nodes, best[("old", index)], new_nodes, best[("new", index)],
            "" if old_nodes == new_nodes else "NODES DIFFER"))
    speed = {}
    for name in ("old", "new"):
        total_nodes = sum(nodes[(name, i)] for i in range(len(fens)))
        total_ms = max(1, sum(best[(name, i)] for i in range(len(fens))))
        speed[name] = total_nodes * 1000 / total_ms
        print("%s: %d nodes in %d ms, %.0f nodes/s" % (name, total_nodes, total_ms, speed[name]))
    print("node counts %s; speed ratio new/old %.3f" %
          ("identical" if same else "DIFFER", speed["new"] / speed["old"]))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
