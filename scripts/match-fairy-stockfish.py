#!/usr/bin/env python3
"""Plays ply (`ply uci --variant xiangqi`) against Fairy-Stockfish (UCI_Variant
xiangqi) at equal time per move (--movetime MS for both) or equal node budgets
(--nodes N for both), from a file of openings, each played once with each engine
as Red, and prints W/D/L, the score and the Elo difference with its 95% margin.

A measurement, not a test. Python standard library only.

    scripts/match-fairy-stockfish.py [--movetime 100 | --nodes N | --depth D]
        [--openings tests/data/xiangqi-openings.txt] [--games 60] [--eval NAME]
        [--max-plies 300] [--show-moves] [--ply target/release/ply] [--fairy /usr/games/fairy-stockfish]

ply speaks UCI for xiangqi exactly as Fairy-Stockfish does (ranks 1-10: h3e3); the
openings file is in ICCS (ranks 0-9: h2e2), one line of moves per opening, `#`
comments. --games N plays the first N/2 openings from both sides (all of them by
default). ply's rules are the arbiter (`ply solve --depth 1` on the game so far:
no best move means the game is over, and its value says who won): checkmate and
stalemate lose, threefold repetition draws except that perpetual check loses, 60
moves each without a capture draw. Games reaching --max-plies are counted as
draws and reported. Example (the issue's measurement, 40 games at 100 ms a move):

    scripts/match-fairy-stockfish.py --movetime 100 --games 40
"""

import argparse
import json
import math
import subprocess
import sys

from uci_pipe import UciEngine, iccs, read_move_lines, uci


def arbiter(ply, moves):
    """ply's view of the game so far: its JSON from `ply solve --depth 1`."""
    command = [ply, "solve", "xiangqi", "--depth", "1", "--json"]
    if moves:
        command += ["--moves", " ".join(iccs(m) for m in moves)]
    answer = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(answer.stdout)


def read_openings(path):
    """The openings of the file, each a list of moves with ranks 1-10."""
    openings = [[uci(m) for m in moves] for moves in read_move_lines(path)]
    if not openings:
        sys.exit("%s: no openings" % path)
    return openings


def elo(score):
    """The Elo difference a score (0 to 1, exclusive) stands for."""
    if score <= 0 or score >= 1:
        return None
    return -400 * math.log10(1 / score - 1)


def elo_with_margin(wins, draws, losses):
    """(Elo, half the width of its 95% interval), as `ply match` computes them."""
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    error = math.sqrt(variance / n)
    low, high = elo(score - 1.959964 * error), elo(score + 1.959964 * error)
    margin = (high - low) / 2 if low is not None and high is not None else None
    return elo(score), margin


def play(ply, engines, go, moves, max_plies):
    """Plays on from `moves` (extended in place, so the caller can print the game);
    returns 0 (Red won), 1 (Black won) or None (draw), the number of plies and how
    it ended."""
    for engine in engines:
        engine.new_game()
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
        moves.append(engines[to_move].best_move(moves, go))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--movetime", type=int, help="milliseconds per move, both engines")
    limit.add_argument("--nodes", type=int, help="nodes per move, both engines")
    limit.add_argument("--depth", type=int, help="plies per move, both engines")
    parser.add_argument("--openings", default="tests/data/xiangqi-openings.txt")
    parser.add_argument("--games", type=int, help="games (default: every opening twice)")
    parser.add_argument("--eval", help="ply's evaluation (its UCI option Evaluation)")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument(
        "--show-moves", action="store_true", help="print each game's moves (ICCS) after it"
    )
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = parser.parse_args()
    if args.nodes:
        go, what = "nodes %d" % args.nodes, "%d nodes a move" % args.nodes
    elif args.depth:
        go, what = "depth %d" % args.depth, "depth %d" % args.depth
    else:
        movetime = args.movetime or 100
        go, what = "movetime %d" % movetime, "%d ms a move" % movetime

    openings = read_openings(args.openings)
    games = args.games or 2 * len(openings)
    ours = UciEngine([args.ply, "uci", "--variant", "xiangqi"], "ply", "xiangqi")
    if args.eval:
        ours.send("setoption name Evaluation value " + args.eval)
        ours.ready()
    theirs = UciEngine([args.fairy], "fairy-stockfish", "xiangqi")
    score = {"win": 0, "draw": 0, "loss": 0}
    capped = 0
    for number in range(games):
        start = openings[(number // 2) % len(openings)]
        ply_is_red = number % 2 == 0
        engines = [ours, theirs] if ply_is_red else [theirs, ours]
        moves = list(start)
        winner, plies, how = play(args.ply, engines, go, moves, args.max_plies)
        ply_side = 0 if ply_is_red else 1
        result = "draw" if winner is None else ("win" if winner == ply_side else "loss")
        score[result] += 1
        capped += how == "move cap"
        print(
            "game %d, opening %s, ply %s: ply %s in %d plies (%s)"
            % (number + 1, " ".join(iccs(m) for m in start),
               "Red" if ply_is_red else "Black", result, plies, how),
            flush=True,
        )
        if args.show_moves:
            print("  moves: " + " ".join(iccs(m) for m in moves), flush=True)
    ours.quit()
    theirs.quit()
    wins, draws, losses = score["win"], score["draw"], score["loss"]
    rating, margin = elo_with_margin(wins, draws, losses)
    print(
        "ply%s vs fairy-stockfish, %s, %d games: +%d =%d -%d (W/D/L), score %.1f%%, Elo %s%s"
        % (
            " (%s)" % args.eval if args.eval else "",
            what,
            games,
            wins,
            draws,
            losses,
            100.0 * (wins + draws / 2) / games,
            "unbounded" if rating is None else "%+.0f" % rating,
            "" if margin is None else " +- %.0f" % margin,
        )
        + (", %d stopped at the move cap" % capped if capped else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
