#!/usr/bin/env python3
"""Plays ply (`ply uci --variant xiangqi`, strong evaluation) against
Fairy-Stockfish (UCI_Variant xiangqi), both at a fixed search depth, alternating
colours, and prints the score.

A measurement, not a test. Python standard library only.

    scripts/match-fairy-stockfish.py [--openings 10] [--depth 2] [--fairy-depth 2]
        [--random-plies 4] [--seed 1] [--max-plies 300]
        [--ply target/release/ply] [--fairy /usr/games/fairy-stockfish]

Each opening is a few random legal plies from the start (reproducible from
--seed), played once with each engine as Red. Both engines read and write moves
as Fairy-Stockfish does (ranks 1-10). ply's rules are the arbiter (`ply solve
--depth 1` on the game so far: no best move means the game is over, and its value
says who won): checkmate and stalemate lose, threefold repetition draws except
that perpetual check loses, 60 moves each without a capture draw. Games reaching
--max-plies are counted as draws and reported.
"""

import argparse
import json
import random
import subprocess
import sys

from uci_pipe import UciEngine


def iccs(move):
    """A move with ranks 1-10 (h3e3) in ICCS (h2e2)."""
    squares = []
    rest = move
    while rest:
        file, rest = rest[0], rest[1:]
        digits = ""
        while rest and rest[0].isdigit():
            digits, rest = digits + rest[0], rest[1:]
        squares.append(file + str(int(digits) - 1))
    return "".join(squares)


def uci(move):
    """An ICCS move (h2e2) with ranks 1-10 (h3e3)."""
    return move[0] + str(int(move[1]) + 1) + move[2] + str(int(move[3]) + 1)


def arbiter(ply, moves):
    """ply's view of the game so far: its JSON from `ply solve --depth 1`."""
    command = [ply, "solve", "xiangqi", "--depth", "1", "--json"]
    if moves:
        command += ["--moves", " ".join(iccs(m) for m in moves)]
    answer = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(answer.stdout)


def legal_moves(ply, moves):
    """The legal moves after `moves`, with ranks 1-10."""
    command = [ply, "perft", "xiangqi", "1", "--divide", "--json"]
    if moves:
        command += ["--moves", " ".join(iccs(m) for m in moves)]
    answer = subprocess.run(command, capture_output=True, text=True, check=True)
    return [uci(entry["move"]) for entry in json.loads(answer.stdout)["divide"]]


def opening(ply, rng, plies):
    """A few random legal plies from the start."""
    moves = []
    for _ in range(plies):
        legal = legal_moves(ply, moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
    return moves


def play(ply, engines, depths, moves, max_plies):
    """Plays on from `moves`; returns 0 (Red won), 1 (Black won) or None (draw), the
    number of plies and how it ended."""
    for engine in engines:
        engine.new_game()
    moves = list(moves)
    while True:
        state = arbiter(ply, moves)
        to_move = len(moves) % 2
        if state["best_move"] is None:
            if state["value"] == "loss":
                return 1 - to_move, len(moves), "no legal move or perpetual check"
            if state["value"] == "win":
                return to_move, len(moves), "perpetual check by the other side"
            return None, len(moves), "draw by rule"
        if len(moves) >= max_plies:
            return None, len(moves), "move cap"
        moves.append(engines[to_move].best_move(moves, "depth %d" % depths[to_move]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--openings", type=int, default=10)
    parser.add_argument("--depth", type=int, default=2, help="ply's depth")
    parser.add_argument("--fairy-depth", type=int, default=2)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = parser.parse_args()

    ours = UciEngine([args.ply, "uci", "--variant", "xiangqi"], "ply", "xiangqi")
    theirs = UciEngine([args.fairy], "fairy-stockfish", "xiangqi")
    rng = random.Random(args.seed)
    score = {"win": 0, "draw": 0, "loss": 0}
    capped = 0
    for index in range(args.openings):
        start = opening(args.ply, rng, args.random_plies)
        for ply_is_red in (True, False):
            engines = [ours, theirs] if ply_is_red else [theirs, ours]
            depths = (
                [args.depth, args.fairy_depth] if ply_is_red else [args.fairy_depth, args.depth]
            )
            winner, plies, how = play(args.ply, engines, depths, start, args.max_plies)
            ply_side = 0 if ply_is_red else 1
            result = "draw" if winner is None else ("win" if winner == ply_side else "loss")
            score[result] += 1
            capped += how == "move cap"
            print(
                "opening %d (%s), ply %s: ply %s in %d plies (%s)"
                % (index + 1, " ".join(start), "Red" if ply_is_red else "Black", result, plies, how),
                flush=True,
            )
    ours.quit()
    theirs.quit()
    games = sum(score.values())
    print(
        "ply depth %d vs fairy-stockfish depth %d, %d games: +%d =%d -%d (%.1f%%)%s"
        % (
            args.depth,
            args.fairy_depth,
            games,
            score["win"],
            score["draw"],
            score["loss"],
            100.0 * (score["win"] + score["draw"] / 2) / max(games, 1),
            ", %d stopped at the move cap" % capped if capped else "",
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
