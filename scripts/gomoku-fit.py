#!/usr/bin/env python3
"""Fits gomoku's pattern weights (the `strong` evaluation's) to game results,
as Texel tuning does for chess: every position of the games is labelled with
the result for its side to move, and the weights are chosen so that a logistic
curve of the evaluation predicts those results best.

The games are match-gomocup.py's output lines (`game N: ply Black, ply wins in
K stones: x,y x,y ...`), from any number of files. The features are read from
ply itself (`ply eval gomoku --explain --json`): how many (point, line) pairs
would give the side to move, and its opponent, each pattern (a two ... five).
Positions the evaluation settles outright (a five to make, a win by fours) and
the opening stones are skipped. The model is

    value = sum over patterns p of mine[p] * count_mine[p] - theirs[p] * count_theirs[p]
    P(side to move wins) = 1 / (1 + exp(-value / SCALE))

SCALE is first fitted with the weights in use, then the 14 weights by gradient
descent on the cross-entropy (kept at zero or above), and printed in the
evaluation's units: the side to move's and the opponent's. An evaluation with
such weights was measured and not kept (docs/src/engines/gomoku.md, the ledger).
Measurement only.

    scripts/gomoku-fit.py --ply target/release/ply --samples samples.json runs/*.out
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys

GAME = re.compile(r"^game \d+: ply (Black|White), (ply wins|engine wins|draw)[^:]*: (.*)$")
LETTERS = "abcdefghijklmnopqrs"
PATTERNS = 7  # two, open two, three, open three, four, open four, five


def games(paths, size):
    """(moves in ply's notation, result for Black: 1, 0 or 0.5) for every game."""
    for path in paths:
        with open(path) as handle:
            for line in handle:
                found = GAME.match(line.strip())
                if not found:
                    continue
                colour, result, record = found.groups()
                moves = []
                for stone in record.split():
                    x, y = map(int, stone.split(","))
                    moves.append(f"{LETTERS[x]}{size - y}")
                if result == "draw":
                    black = 0.5
                else:
                    ply_won = result == "ply wins"
                    black = 1.0 if ply_won == (colour == "Black") else 0.0
                yield moves, black


def features(ply, moves):
    """The side to move's and the opponent's pattern counts, or None when the
    evaluation settles the position without them."""
    answer = subprocess.run(
        [ply, "eval", "gomoku", "--moves", " ".join(moves), "--eval", "strong", "--explain", "--json"],
        capture_output=True, text=True, check=True,
    )
    data = json.loads(answer.stdout)
    counts = [t for t in data["terms"] if t["name"].startswith("a stone would make")]
    if len(counts) != PATTERNS:
        return None
    first_to_move = data["to_move"] == data["players"][0]
    mine = [t["first" if first_to_move else "second"] for t in counts]
    theirs = [t["second" if first_to_move else "first"] for t in counts]
    return mine + theirs, first_to_move


def loss(samples, weights, scale):
    total = 0.0
    for x, label in samples:
        value = sum(w * f for w, f in zip(weights, x)) / scale
        p = 1 / (1 + math.exp(-max(-30, min(30, value))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= label * math.log(p) + (1 - label) * math.log(1 - p)
    return total / len(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", help="match-gomocup.py outputs")
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--skip", type=int, default=4, help="opening stones not used as positions")
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--samples", help="JSON file of the labelled features: read when it exists, else written")
    args = parser.parse_args()
    if args.samples and os.path.exists(args.samples):
        with open(args.samples) as handle:
            samples = [tuple(s) for s in json.load(handle)]
    else:
        samples = labelled(args)
        if args.samples:
            with open(args.samples + ".tmp", "w") as handle:
                json.dump(samples, handle)
            os.replace(args.samples + ".tmp", args.samples)
    fit(samples, args)


def labelled(args):
    """Every position of the games with its features and its result for the side to move."""
    samples = []
    for moves, black in games(args.files, args.size):
        for n in range(args.skip + 1, len(moves)):
            read = features(args.ply, moves[:n])
            if read is None:
                continue
            x, first_to_move = read
            # Theirs count against: the model subtracts them.
            x = x[:PATTERNS] + [-c for c in x[PATTERNS:]]
            samples.append((x, black if first_to_move else 1 - black))
    return samples


def fit(samples, args):
    """Fits the scale, then the weights, and prints them."""
    print(f"{len(samples)} positions", file=sys.stderr)
    # The weights in use: the side to move's count 3/2 (eval.rs).
    current = [1, 4, 5, 16, 20, 40, 60]
    weights = [1.5 * w for w in current] + list(current)
    scale = min((loss(samples, weights, s), s) for s in [10 * 1.1**k for k in range(0, 80)])[1]
    print(f"scale {scale}, loss with the weights in use {loss(samples, weights, scale):.4f}", file=sys.stderr)
    # Gradient descent in units of the scale: w = scale * u.
    units = [w / scale for w in weights]
    for epoch in range(args.epochs):
        gradient = [0.0] * len(units)
        for x, label in samples:
            value = sum(u * f for u, f in zip(units, x))
            p = 1 / (1 + math.exp(-max(-30, min(30, value))))
            for i, f in enumerate(x):
                gradient[i] += (p - label) * f
        units = [max(0.0, u - args.rate * g / len(samples) / 100) for u, g in zip(units, gradient)]
        if epoch % 50 == 49:
            print(f"epoch {epoch + 1}: loss {loss(samples, [u * scale for u in units], scale):.4f}", file=sys.stderr)
    fitted = [round(u * scale) for u in units]
    print(f"loss fitted {loss(samples, fitted, scale):.4f}", file=sys.stderr)
    print("MINE:", fitted[:PATTERNS])
    print("THEIRS:", fitted[PATTERNS:])


if __name__ == "__main__":
    main()
