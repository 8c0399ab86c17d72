#!/usr/bin/env python3
"""Compares `ply perft xiangqi` with Fairy-Stockfish's `go perft` on positions
from random games, and prints every disagreement with the moves that differ.

A check against an independent move generator, not a test. Python standard
library only.

    scripts/xiangqi-perft-check.py [--positions 200] [--depth 3] [--longest 80]
        [--seed 1] [--ply target/release/ply] [--fairy /usr/games/fairy-stockfish]

Positions: random legal games of 0 to LONGEST plies from the start, played with
ply's own move list (finished games are replayed with another seed). Both
programs then count the same FEN to DEPTH plies. Fairy-Stockfish writes moves
with ranks 1-10, ply in ICCS with ranks 0-9; divides are compared after
converting. Exit status 1 when any count differs.
"""

import argparse
import json
import random
import re
import subprocess
import sys

from uci_pipe import UciEngine


def ply_perft(ply, fen, depth, moves=None, divide=False):
    """Runs `ply perft xiangqi` and returns its JSON answer."""
    command = [ply, "perft", "xiangqi", str(depth), "--json"]
    if fen:
        command += ["--position", fen]
    if moves:
        command += ["--moves", " ".join(moves)]
    if divide:
        command.append("--divide")
    answer = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(answer.stdout)


class Fairy(UciEngine):
    """Fairy-Stockfish on a pipe, set to xiangqi."""

    def __init__(self, command):
        super().__init__([command], "fairy-stockfish", "xiangqi")

    def perft(self, fen, depth):
        """The total and the per-move counts (moves in ICCS) of `go perft`."""
        self.send("position fen " + fen)
        self.send("go perft %d" % depth)
        divide = {}
        for line in self.read_until("Nodes searched"):
            match = re.match(r"^([a-i]\d+)([a-i]\d+): (\d+)$", line)
            if match:
                divide[to_iccs(match.group(1)) + to_iccs(match.group(2))] = int(match.group(3))
            elif line.startswith("Nodes searched"):
                return int(line.split(":")[1]), divide
        raise RuntimeError("no perft answer")



def to_iccs(square):
    """Fairy-Stockfish's `h3` (ranks 1-10) as ICCS `h2` (ranks 0-9)."""
    return square[0] + str(int(square[1:]) - 1)


def random_position(ply, rng, longest):
    """The FEN after a random game of up to `longest` plies, or None if it ended."""
    moves = []
    for _ in range(rng.randrange(longest + 1)):
        answer = ply_perft(ply, None, 1, moves, divide=True)
        legal = [entry["move"] for entry in answer["divide"]]
        if not legal:
            return None
        moves.append(rng.choice(legal))
    answer = ply_perft(ply, None, 1, moves)
    return answer["position"] if answer["nodes"] > 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--longest", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    fairy = Fairy(args.fairy)
    checked = agreed = 0
    nodes = 0
    while checked < args.positions:
        fen = random_position(args.ply, rng, args.longest)
        if fen is None:
            continue
        checked += 1
        ours = ply_perft(args.ply, fen, args.depth, divide=True)
        theirs, their_divide = fairy.perft(fen, args.depth)
        nodes += theirs
        if ours["nodes"] == theirs:
            agreed += 1
            continue
        print("DIFFERENT %s depth %d: ply %d, fairy-stockfish %d" % (fen, args.depth, ours["nodes"], theirs))
        our_divide = {entry["move"]: entry["nodes"] for entry in ours["divide"]}
        for move in sorted(set(our_divide) | set(their_divide)):
            if our_divide.get(move) != their_divide.get(move):
                print("  %s: ply %s, fairy-stockfish %s" % (move, our_divide.get(move), their_divide.get(move)))
    fairy.quit()
    print(
        "%d positions at depth %d (%d nodes): %d agree, %d differ"
        % (checked, args.depth, nodes, agreed, checked - agreed)
    )
    return 0 if agreed == checked else 1


if __name__ == "__main__":
    sys.exit(main())
