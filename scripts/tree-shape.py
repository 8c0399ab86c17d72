#!/usr/bin/env python3
"""The shape of the engine's search tree at a fixed depth, position by position:
how many nodes it takes, what share of them quiescence visits, how often the
first move searched cuts, what share of inner nodes the check extension deepens,
and how many nodes lie past the iteration's depth. For comparing games (is the
xiangqi tree bushier than the chess one at equal depth?) and builds.

A measurement, not a test. Python standard library only.

    scripts/tree-shape.py GAME --depth 7 (--moves "h2e2 h9g7 ..." | --position FEN)...
        [--eval strong] [--ply target/release/ply]

Runs `ply solve GAME --depth D --tree FILE.json` for each position and reads the
recorded last iteration. A node counts as extended when one of its children (not
a null move or a quiescence capture) was searched at the node's own depth: the
search only does that when the side to move was in check. A cut is a first-move
cut when every child searched before the cutoff is the same move (a re-search of
the first move included).
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile


def record_tree(ply, game, depth, evaluation, where):
    """The recorded tree of one search, and its nodes over every iteration."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "tree.json")
        command = [ply, "solve", game, "--depth", str(depth), "--eval", evaluation,
                   "--json", "--tree", path, "--tree-cap", "5000000"] + where
        report = json.loads(subprocess.run(command, check=True, capture_output=True,
                                           text=True).stdout)
        with open(path) as handle:
            return json.load(handle), report["nodes_all_passes"]


def searched_children(nodes, node):
    """The children of a main-search node searched as moves (no null move)."""
    return [nodes[c] for c in node["children"] if nodes[c]["visit"] != "null-move"]


def shape(tree):
    """The counts this script prints, for one recorded tree."""
    nodes = tree["nodes"]
    quiescence = sum(1 for n in nodes if n["visit"] == "quiescence")
    inner = extended = cuts = first_cuts = 0
    for node in nodes:
        if node["visit"] == "quiescence" or node["kind"] != "inner":
            continue
        children = [c for c in searched_children(nodes, node) if c["visit"] != "quiescence"]
        if not children:
            continue
        inner += 1
        extended += max(c["depth"] for c in children) >= node["depth"]
        if node["cut_reason"]:
            cuts += 1
            first_cuts += len({c["move"] for c in children}) == 1
    past_depth = sum(1 for n in nodes
                     if n["visit"] != "quiescence" and n["ply"] > tree["depth"])
    return collections.OrderedDict([
        ("nodes", len(nodes)),
        ("quiescence %", 100.0 * quiescence / max(len(nodes), 1)),
        ("first-move cuts %", 100.0 * first_cuts / max(cuts, 1)),
        ("extended %", 100.0 * extended / max(inner, 1)),
        ("past depth", past_depth),
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--moves", action="append", default=[],
                        help="moves from the start position (repeatable)")
    parser.add_argument("--position", action="append", default=[],
                        help="a position in the game's notation (repeatable)")
    parser.add_argument("--eval", default="strong")
    parser.add_argument("--ply", default="target/release/ply")
    args = parser.parse_args()
    wheres = [["--moves", m] for m in args.moves] + [["--position", p] for p in args.position]
    if not wheres:
        wheres = [[]]
    print("%-4s %12s %10s %13s %18s %11s %11s" % (
        "pos", "all passes", "last pass", "quiescence %", "first-move cuts %",
        "extended %", "past depth"))
    for index, where in enumerate(wheres):
        tree, all_passes = record_tree(args.ply, args.game, args.depth, args.eval, where)
        counts = shape(tree)
        print("%-4d %12d %10d %13.1f %18.1f %11.1f %11d" % (
            index + 1, all_passes, counts["nodes"], counts["quiescence %"],
            counts["first-move cuts %"], counts["extended %"], counts["past depth"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
