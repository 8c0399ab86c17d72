#!/usr/bin/env python3
"""Picks the clearly decided positions of the fit's held-out set, for the test that
checks the fitted xiangqi evaluation against Fairy-Stockfish's judgement
(tests/search/xiangqi_eval.rs). Data, not a test.

    scripts/xiangqi-held-out.py --min-score 150 --every 6 LABELS... > tests/data/xiangqi-fairy-labels.txt

LABELS are scripts/xiangqi-label.py's files, in the order given to `xiangqi_fit fit`.
The positions kept are those the fit keeps (a score in centipawns, |score| <= 2000,
best move not a capture); every tenth of them (the tenth, the twentieth, ...) is
the fit's held-out set, never fitted on. Of those, the ones with |score| >= --min-score
are printed, every --every'th, as `FEN<TAB>score<TAB>bestmove`.
"""

import argparse

MAX_SCORE = 2000


def occupied(fen, square):
    """True when the point `square` (file letter, rank 1-10 from Red's side) holds a piece."""
    rows = fen.split()[0].split("/")
    file, rank = ord(square[0]) - ord("a"), int(square[1:])
    row = rows[10 - rank]
    at = 0
    for c in row:
        if c.isdigit():
            at += int(c)
        else:
            if at == file:
                return True
            at += 1
        if at > file:
            return False
    return False


def destination(move):
    """The destination point of a move with ranks 1-10 (h3e3 -> e3)."""
    rest = move[1:]
    digits = ""
    while rest and rest[0].isdigit():
        digits, rest = digits + rest[0], rest[1:]
    return rest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--min-score", type=int, default=150)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("labels", nargs="+")
    args = parser.parse_args()
    used = 0
    held = 0
    for path in args.labels:
        with open(path) as handle:
            for line in handle:
                line = line.rstrip("\n")
                if not line.strip():
                    continue
                fen, score, best = line.split("\t")
                try:
                    value = float(score)
                except ValueError:
                    continue
                if abs(value) > MAX_SCORE or occupied(fen, destination(best)):
                    continue
                used += 1
                if used % 10 != 0 or abs(value) < args.min_score:
                    continue
                held += 1
                if held % args.every == 0:
                    print(line)


if __name__ == "__main__":
    main()
