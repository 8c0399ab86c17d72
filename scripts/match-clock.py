#!/usr/bin/env python3
"""Plays two settings of `ply uci` against each other on a real clock (base time
plus increment, UCI `go wtime btime winc binc`), colours alternated, and prints the
score, the Elo difference with its 95% margin, and the time each side used a move.

A measurement, not a test: it measures time management, so its result depends on
the machine's load (say it when reporting). Needs python-chess.

    scripts/match-clock.py [--games 40] [--base 4000] [--inc 40] [--nodes N]
                           [--first TimeManagement=adaptive]
                           [--second TimeManagement=fixed]
                           [--openings tests/data/chess/openings.txt]
                           [--ply target/release/ply] [--second-ply OLD_BUILD]
                           [--max-plies 300]

--second-ply plays the second side with another build (two builds of ply against
each other, e.g. before and after a change that no switch turns off); --nodes N
gives both `go nodes N` instead of the clock, so the result no longer depends on the
machine's load.

--first and --second are comma-separated UCI options (NAME=VALUE) for each side;
both also get Evaluation strong and Hash 64 unless given. Game pair k (one game
with each colour) starts from the openings file's k-th line. A side whose clock
falls below zero loses on time.
"""

import argparse
import importlib
import os
import sys
import time

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
stockfish_match = importlib.import_module("match-stockfish")


def options(text):
    chosen = {"Evaluation": "strong", "Hash": 64}
    for pair in filter(None, text.split(",")):
        name, _, value = pair.partition("=")
        chosen[name] = value
    return chosen


def play_game(white, black, opening, base, inc, max_plies, used, nodes=None):
    """'1-0', '0-1' or '1/2-1/2' and the reason; `used[engine]` collects seconds a
    move. With `nodes`, each move gets that node budget and the clock is not kept."""
    board = chess.Board()
    for move in opening:
        board.push_uci(move)
    clock = {chess.WHITE: base, chess.BLACK: base}
    for engine in (white, black):
        engine.protocol.send_line("ucinewgame")
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        mover = white if board.turn == chess.WHITE else black
        limit = chess.engine.Limit(nodes=nodes) if nodes else chess.engine.Limit(
            white_clock=clock[chess.WHITE],
            black_clock=clock[chess.BLACK],
            white_inc=inc,
            black_inc=inc,
        )
        start = time.monotonic()
        result = mover.play(board, limit)
        spent = time.monotonic() - start
        used.setdefault(id(mover), []).append(spent)
        clock[board.turn] -= spent
        if clock[board.turn] < 0 and not nodes:
            return ("0-1" if board.turn == chess.WHITE else "1-0"), "time forfeit"
        clock[board.turn] += inc
        board.push(result.move)
    if not board.is_game_over(claim_draw=True):
        return "1/2-1/2", "move limit"
    outcome = board.outcome(claim_draw=True)
    return outcome.result(), outcome.termination.name.lower()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--base", type=int, default=4000, help="ms on each clock")
    parser.add_argument("--inc", type=int, default=40, help="ms added a move")
    parser.add_argument("--first", default="TimeManagement=adaptive")
    parser.add_argument("--second", default="TimeManagement=fixed")
    parser.add_argument("--openings", help="one opening a line, SAN")
    parser.add_argument("--nodes", type=int, help="go nodes N for both instead of the clock")
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--second-ply", help="another build for the second side")
    parser.add_argument("--max-plies", type=int, default=300)
    args = parser.parse_args()

    first = chess.engine.SimpleEngine.popen_uci([args.ply, "uci"])
    second = chess.engine.SimpleEngine.popen_uci([args.second_ply or args.ply, "uci"])
    first.configure(options(args.first))
    second.configure(options(args.second))
    openings = stockfish_match.read_openings(args.openings) if args.openings else [[]]
    tally = {"win": 0, "draw": 0, "loss": 0}
    used = {}
    for game in range(args.games):
        first_white = game % 2 == 0
        white, black = (first, second) if first_white else (second, first)
        opening = openings[(game // 2) % len(openings)]
        result, reason = play_game(
            white, black, opening, args.base / 1000, args.inc / 1000, args.max_plies, used,
            args.nodes,
        )
        if result == "1/2-1/2":
            word = "draw"
        elif (result == "1-0") == first_white:
            word = "win"
        else:
            word = "loss"
        tally[word] += 1
        print(
            "game %2d: first %s  %-7s %s (%s)"
            % (game + 1, "white" if first_white else "black", result, word, reason),
            flush=True,
        )
    for engine in (first, second):
        engine.quit()
    points = tally["win"] + tally["draw"] / 2
    limit = "%d nodes" % args.nodes if args.nodes else "%d+%d ms" % (args.base, args.inc)
    print(
        "%s vs %s, %s: %.1f / %d  (+%d =%d -%d)"
        % (args.first, args.second, limit, points, args.games,
           tally["win"], tally["draw"], tally["loss"])
    )
    for name, engine in (("first", first), ("second", second)):
        times = used.get(id(engine), [])
        if times:
            print("%s: %.0f ms a move on average over %d moves"
                  % (name, 1000 * sum(times) / len(times), len(times)))
    stockfish_match.print_elo(tally["win"], tally["draw"], tally["loss"])


if __name__ == "__main__":
    main()
