#!/usr/bin/env python3
"""Scores positions with Stockfish so tools/texel.rs can fit ply's chess
evaluation to a stronger engine's judgement than the noisy results of weak
self-play games.

Data, not a test: Stockfish is an oracle that labels positions; nothing of its
code is used. The input is what `cargo run --release -p ply-tools --bin texel -- --games
GAMES --dump FILE` writes (`game<TAB>FEN<TAB>result` per line); the output adds
Stockfish's score for White in centipawns (mates as +-3000, scores clamped to
that) and is written atomically once every position is scored.

    nice -n 10 scripts/texel-label.py --in /work/texel-data/positions.tsv \\
        --out /work/texel-data/labels.tsv [--depth 8] [--jobs 2] \\
        [--stockfish /usr/games/stockfish]
"""

import argparse
import multiprocessing
import os
import subprocess
import sys

MATE_SCORE = 3000


class Stockfish:
    """One Stockfish process on one thread, spoken to over UCI."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.read_until("readyok")

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix):
        lines = []
        for line in self.process.stdout:
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError("Stockfish ended before " + prefix)

    def score(self, fen, depth):
        """Stockfish's score of `fen` for the side to move, in centipawns."""
        self.send("position fen " + fen)
        self.send(f"go depth {depth}")
        score = None
        for line in self.read_until("bestmove"):
            words = line.split()
            if "score" not in words or "lowerbound" in words or "upperbound" in words:
                continue
            kind, value = words[words.index("score") + 1 : words.index("score") + 3]
            if kind == "cp":
                score = max(-MATE_SCORE, min(MATE_SCORE, int(value)))
            else:
                score = MATE_SCORE if int(value) > 0 else -MATE_SCORE
        if score is None:
            raise RuntimeError("no score for " + fen)
        return score

    def close(self):
        self.send("quit")
        self.process.wait()


def label_chunk(job):
    """Scores one slice of the lines; returns them with White's score appended."""
    lines, depth, path, number = job
    engine = Stockfish(path)
    labelled = []
    for index, line in enumerate(lines):
        game, fen, result = line.split("\t")
        score = engine.score(fen, depth)
        if fen.split()[1] == "b":
            score = -score
        labelled.append(f"{game}\t{fen}\t{result}\t{score}")
        if number == 0 and index % 2000 == 0:
            print(f"job 0: {index} of {len(lines)}", file=sys.stderr, flush=True)
    engine.close()
    return labelled


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--in", dest="source", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()
    try:
        lines = [l.rstrip("\n") for l in open(args.source) if l.strip()]
    except OSError as error:
        sys.exit(f"texel-label: {error}")
    for line in lines:
        if len(line.split("\t")) != 3:
            print(f"texel-label: expected game, FEN, result: {line}", file=sys.stderr)
            sys.exit(2)
    jobs = max(1, args.jobs)
    size = (len(lines) + jobs - 1) // jobs
    chunks = [
        (lines[i * size : (i + 1) * size], args.depth, args.stockfish, i)
        for i in range(jobs)
    ]
    with multiprocessing.Pool(jobs) as pool:
        labelled = [line for chunk in pool.map(label_chunk, chunks) for line in chunk]
    temporary = args.out + ".tmp"
    with open(temporary, "w") as out:
        out.write("\n".join(labelled) + "\n")
    os.replace(temporary, args.out)
    print(f"wrote {len(labelled)} labelled positions to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
