#!/usr/bin/env python3
"""Labels xiangqi positions with Fairy-Stockfish's judgement, for fitting ply's
evaluation (tools/xiangqi_fit.rs). Data, not a test: the labels are written
to a file that is not committed.

    nice -n 10 scripts/xiangqi-label.py --depth 7 [--jobs 2] [--fairy /usr/games/fairy-stockfish] \\
        < FENS > LABELS

Reads one FEN a line; writes `FEN<TAB>score<TAB>bestmove` a line, the score
Fairy-Stockfish's last reported one at the given depth (Threads 1, UCI_Variant
xiangqi, a new game before each position) from the side to move's view, in its
centipawns or `mate N`, the move with ranks 1-10. The input is split over
--jobs engines; the output keeps the input's order.
"""

import argparse
import sys
import threading

from uci_pipe import UciEngine


def label(engine, fen, depth):
    """Fairy-Stockfish's score and best move for one position."""
    engine.send("ucinewgame")
    engine.send("position fen " + fen)
    engine.send("go depth %d" % depth)
    score = None
    for line in engine.read_until("bestmove"):
        words = line.split()
        if "score" in words:
            at = words.index("score")
            kind, value = words[at + 1], words[at + 2]
            score = value if kind == "cp" else "mate " + value
    best = line.split()[1]
    return score, best


def work(fens, depth, fairy, results, index):
    engine = UciEngine([fairy], "fairy-stockfish", "xiangqi")
    if "Threads" in engine.options:
        engine.send("setoption name Threads value 1")
    engine.ready()
    for i in index:
        score, best = label(engine, fens[i], depth)
        if score is not None and best != "(none)":
            results[i] = "%s\t%s\t%s" % (fens[i], score, best)
    engine.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = parser.parse_args()
    fens = [line.strip() for line in sys.stdin if line.strip()]
    results = [None] * len(fens)
    jobs = max(1, args.jobs)
    threads = [
        threading.Thread(
            target=work,
            args=(fens, args.depth, args.fairy, results, range(j, len(fens), jobs)),
        )
        for j in range(jobs)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for result in results:
        if result is not None:
            print(result)


if __name__ == "__main__":
    main()
