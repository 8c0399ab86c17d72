#!/usr/bin/env python3
"""Finds ply's costly moves in the games of a match against Stockfish: reads the
PGN that scripts/match-stockfish.py --pgn writes, lets Stockfish at full strength
(a fixed node budget, so the verdicts do not depend on the machine's load) score
the position before and after each of ply's moves, and prints every move that
threw away more than --threshold centipawns, with the position, the move played
and the judge's choice. --ply-nodes also asks ply (`ply solve`) what it plays there
with each of the given budgets, to tell a mistake a deeper search fixes from one
it keeps making (an evaluation's blind spot).

A measurement, not a test: it finds positions to study, it proves nothing.
Needs python-chess.

    scripts/chess-mistakes.py games.pgn [--lost-only] [--judge-nodes 300000]
                              [--threshold 150] [--ply target/release/ply]
                              [--ply-nodes 100000,1000000] [--eval neural]
                              [--stockfish /usr/games/stockfish]

Moves in positions already lost by more than three pawns are left out: there
every move loses.

--falls asks instead where the games ply did not win went wrong: the judge scores
the position before ply's moves at every other move number from move 9 (`--judge-nodes`,
50,000 gave the README's figures), and each game's line gives the best value ply held
and the move (and men on the board) where its value first fell below -threshold; the
last line counts the games that fell, those that fell with 20 men or more, and those
where ply had stood three pawns ahead.
"""

import argparse
import json
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

MATE = 10_000
ALREADY_LOST = -300


def ply_plays_white(game):
    return game.headers.get("White", "").startswith("ply")


def ply_colour(game):
    return chess.WHITE if ply_plays_white(game) else chess.BLACK


def ply_result(game, won):
    """Whether the game ended with ply's win (won) or with ply's loss (not won)."""
    white_won = (ply_colour(game) == chess.WHITE) == won
    return game.headers.get("Result") == ("1-0" if white_won else "0-1")


def numbered_games(path):
    """Yields (number from 1, game) for each game of the PGN file at path."""
    with open(path, encoding="utf-8") as pgn:
        index = 0
        while (game := chess.pgn.read_game(pgn)) is not None:
            index += 1
            yield index, game


def judged(judge, board, nodes):
    """The judge's score for the side to move and its best move."""
    info = judge.analyse(board, chess.engine.Limit(nodes=nodes))
    pv = info.get("pv") or [None]
    return info["score"].pov(board.turn).score(mate_score=MATE), pv[0]


def ply_choice(args, fen, nodes):
    """What `ply solve` plays in FEN with NODES nodes, and at what depth."""
    command = [args.ply, "solve", "chess", "--position", fen, "--nodes", str(nodes),
               "--eval", args.eval, "--json"]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return f"ply failed: {run.stderr.strip()}"
    result = json.loads(run.stdout)
    return f"{result['best_move']} (depth {result['depth']})"


def mistakes(game, judge, args):
    """Yields (move number, FEN, played, best, score before, score after) for ply's
    moves that lose more than the threshold."""
    board = game.board()
    colour = ply_colour(game)
    for move in game.mainline_moves():
        if board.turn != colour:
            board.push(move)
            continue
        before, best = judged(judge, board, args.judge_nodes)
        fen, number = board.fen(), board.fullmove_number
        played = board.san(move)
        best_san = board.san(best) if best else "?"
        board.push(move)
        after = -judged(judge, board, args.judge_nodes)[0]
        if before - after > args.threshold and before > ALREADY_LOST:
            yield number, fen, played, best_san, before, after


def fall(game, judge, args):
    """The best (value, move number, men) ply held, and the (move number, men) where
    its value first fell below -threshold (None if it never did)."""
    board = game.board()
    best, fell = None, None
    colour = ply_colour(game)
    for move in game.mainline_moves():
        number = board.fullmove_number
        if board.turn == colour and number >= 9 and (number - 9) % 2 == 0:
            value = judged(judge, board, args.judge_nodes)[0]
            men = len(board.piece_map())
            if best is None or value > best[0]:
                best = (value, number, men)
            if fell is None and value < -args.threshold:
                fell = (number, men)
        board.push(move)
    return best, fell


def falls(judge, args):
    """Prints where each game ply did not win went wrong, and the tally."""
    games = fell_games = middlegame = stood_ahead = 0
    for index, game in numbered_games(args.pgn):
        if ply_result(game, won=True):
            continue
        best, fell = fall(game, judge, args)
        games += 1
        fell_games += fell is not None
        middlegame += fell is not None and fell[1] >= 20
        stood_ahead += best is not None and best[0] >= 300
        print(f"game {index} {game.headers.get('Result')}: best {best}, fell {fell}", flush=True)
    print(f"{games} games not won: {fell_games} fell below -{args.threshold} "
          f"({middlegame} with 20 men or more); ply stood 300 ahead in {stood_ahead}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--lost-only", action="store_true", help="only games ply lost")
    parser.add_argument("--falls", action="store_true", help="where games not won went wrong")
    parser.add_argument("--judge-nodes", type=int, default=300_000)
    parser.add_argument("--threshold", type=int, default=150, help="centipawns")
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--ply-nodes", default="", help="comma-separated budgets")
    parser.add_argument("--eval", default="neural", help="ply's evaluation")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()
    budgets = [int(n) for n in args.ply_nodes.split(",") if n]
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    if args.falls:
        falls(judge, args)
        judge.quit()
        return 0
    found = 0
    for index, game in numbered_games(args.pgn):
        if args.lost_only and not ply_result(game, won=False):
            continue
        for number, fen, played, best, before, after in mistakes(game, judge, args):
            found += 1
            print(f"game {index} move {number}: {fen}  played {played}, "
                  f"best {best}: {before:+} -> {after:+}")
            for nodes in budgets:
                print(f"    ply with {nodes} nodes: {ply_choice(args, fen, nodes)}")
    judge.quit()
    print(f"{found} moves losing more than {args.threshold} centipawns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
