#!/usr/bin/env python3
"""Win At Chess: how many of the 300 WAC positions (tests/data/chess/wac.epd) ply
finds the best move of, and Stockfish the same way, side by side.

A measurement, not a test. Needs python-chess (to read the SAN best moves).

    scripts/wac.py [--nodes 200000 | --movetime 1000] [--engines ply,stockfish]
                   [--ply target/release/ply] [--eval strong]
                   [--stockfish /usr/games/stockfish] [--ids 1-300] [--epd FILE]
                   [--extras "with=X no=Y"]

Each engine searches each position from a fresh game (`ucinewgame`) with
`go nodes N` (the same for both; independent of the machine's load) or
`go movetime MS`. A position counts as solved when the move played is one of its
`bm` moves and none of its `am` moves. Prints one line per engine with the solved
count and the ids it failed, then ply's count as a fraction of Stockfish's.
--extras sets ply's Extras option (the switches of `ply match`), so one build can
be measured with each setting of its extras.
"""

import argparse
import os
import sys

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_pipe import UciEngine  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_EPD = os.path.join(HERE, "..", "tests", "data", "chess", "wac.epd")


def read_suite(path, ids):
    """[(id, board, best UCI moves, avoided UCI moves)] for the wanted ids."""
    suite = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        board, ops = chess.Board.from_epd(line.strip())
        name = ops["id"]
        number = int(name.split(".")[-1])
        if ids and number not in ids:
            continue
        best = {m.uci() for m in ops.get("bm", [])}
        avoid = {m.uci() for m in ops.get("am", [])}
        suite.append((name, board, best, avoid))
    return suite


def parse_ids(text):
    """'1-20,35' -> {1..20, 35}; empty -> all."""
    ids = set()
    for part in filter(None, text.split(",")):
        low, _, high = part.partition("-")
        ids.update(range(int(low), int(high or low) + 1))
    return ids


def solve(engine, suite, go):
    """The ids the engine failed, printing progress as it goes."""
    failed = []
    for name, board, best, avoid in suite:
        engine.new_game()
        engine.send("position fen " + board.fen())
        engine.send("go " + go)
        move = engine.read_until("bestmove")[-1].split()[1]
        solved = (not best or move in best) and move not in avoid
        if not solved:
            failed.append(name)
        print("  %s %s %s" % (name, move, "ok" if solved else "FAILED"), flush=True)
    return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--nodes", type=int, help="nodes per position (default 200000)")
    limit.add_argument("--movetime", type=int, help="milliseconds per position")
    parser.add_argument("--engines", default="ply,stockfish")
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--eval", default="strong", help="ply's Evaluation option")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--ids", default="", help="e.g. 1-50,99 (default: all)")
    parser.add_argument("--epd", default=DEFAULT_EPD)
    parser.add_argument("--extras", help="ply's Extras option, e.g. 'with=gravity no=lmp'")
    args = parser.parse_args()

    go = "movetime %d" % args.movetime if args.movetime else "nodes %d" % (args.nodes or 200000)
    suite = read_suite(args.epd, parse_ids(args.ids))
    counts = {}
    for which in filter(None, args.engines.split(",")):
        if which == "ply":
            engine = UciEngine([args.ply, "uci"], name="ply")
            engine.set_option("Evaluation", args.eval)
            if args.extras:
                engine.set_option("Extras", args.extras)
            label = "ply %s%s" % (args.eval, " (%s)" % args.extras if args.extras else "")
        elif which == "stockfish":
            engine = UciEngine([args.stockfish], name="stockfish")
            engine.send("setoption name Threads value 1")
            label = "stockfish"
        else:
            parser.error("--engines: ply or stockfish, not " + which)
        engine.send("setoption name Hash value 64")
        engine.ready()
        print("%s, go %s:" % (label, go), flush=True)
        failed = solve(engine, suite, go)
        engine.quit()
        counts[which] = len(suite) - len(failed)
        print("%s: %d / %d solved (go %s); failed: %s"
              % (label, counts[which], len(suite), go, " ".join(failed) or "none"), flush=True)
    for which, count in counts.items():
        print("WAC %-9s %3d / %d" % (which, count, len(suite)))
    if counts.get("stockfish"):
        print("ply / stockfish: %.3f" % (counts.get("ply", 0) / counts["stockfish"]))


if __name__ == "__main__":
    sys.exit(main())
