#!/usr/bin/env python3
"""Plays ply (`ply uci`, strong evaluation) against Stockfish limited in strength
(UCI_LimitStrength, the lowest UCI_Elo unless --elo), alternating colours, and prints the
score and the Elo difference with its 95% margin.

A measurement, not a test. Python standard library only (python-chess too with
--openings, to read their SAN).

    scripts/match-stockfish.py [--games 20] [--movetime 100 | --nodes N]
                               [--openings tests/data/chess/openings.txt]
                               [--ply target/release/ply] [--eval strong]
                               [--stockfish /usr/games/stockfish] [--max-plies 1000]
                               [--elo N] [--pgn games.pgn] [--extras "with=X no=Y"]

--elo climbs the ladder to find the strongest setting ply still holds 50% against.
--nodes gives both engines the same node budget a move (`go nodes N`), so the result
does not depend on the machine's load. --openings starts game pair k (one game with
each colour) from the file's k-th line, so the games differ.

A third Stockfish process at full strength is the arbiter: it reports the FEN
after each move (repetition, fifty moves, insufficient material are counted here)
and tells checkmate from stalemate. Games end by those rules: the fifty-move rule
ends any game that stops making progress, so --max-plies (a draw when reached) is
only a safety net. It was 300 until the games of November 2026 showed 7 of 60
stopped there, some with ply two pawns up and converting, one with ply lost.

--extras sets ply's Extras option (`with=NAME[,NAME] no=NAME[,NAME]`, the switches of
`ply match`), so one build can play each setting of the engine's extras.

--pgn writes every game, opening included, to a PGN file (python-chess turns the
moves into SAN) so lost games can be replayed and read.
"""

import argparse
import math
import sys

from uci_pipe import UciEngine, read_move_lines


def lowest_elo(engine):
    line = engine.options.get("UCI_Elo", "")
    words = line.split()
    return words[words.index("min") + 1] if "min" in words else "1320"


class Arbiter(UciEngine):
    """Full-strength Stockfish used only to read positions and find the end."""

    def fen(self, moves):
        self.position(moves)
        self.send("d")
        for line in self.read_until("Checkers:"):
            if line.startswith("Fen:"):
                return line[len("Fen:"):].strip()
        raise RuntimeError("no FEN from the arbiter")

    def terminal(self, moves):
        """'mate', 'stalemate' or None."""
        self.position(moves)
        self.send("go depth 1")
        lines = self.read_until("bestmove")
        if lines[-1].split()[1] != "(none)":
            return None
        return "mate" if any(" mate 0" in l for l in lines) else "stalemate"


def insufficient(fen):
    pieces = [c for c in fen.split()[0] if c.isalpha() and c not in "kK"]
    if any(c in "pPrRqQ" for c in pieces):
        return False
    return len(pieces) <= 1 or all(c in "bB" for c in pieces) and same_colour_bishops(fen)


def same_colour_bishops(fen):
    colours = set()
    for rank_index, row in enumerate(fen.split()[0].split("/")):
        file_index = 0
        for c in row:
            if c.isdigit():
                file_index += int(c)
                continue
            if c in "bB":
                colours.add((rank_index + file_index) % 2)
            file_index += 1
    return len(colours) <= 1


def play_game(white, black, arbiter, go, max_plies, opening=(), moves=None):
    """Returns '1-0', '0-1' or '1/2-1/2' and the reason; the game starts after the
    `opening` moves (UCI). `moves`, when given, is the list the game's UCI moves go in."""
    moves = [] if moves is None else moves
    moves.extend(opening)
    seen = {}
    for engine in (white, black):
        engine.send("ucinewgame")
        engine.ready()
    while len(moves) < max_plies:
        ending = arbiter.terminal(moves)
        if ending == "mate":
            return ("0-1" if len(moves) % 2 == 0 else "1-0"), "checkmate"
        if ending == "stalemate":
            return "1/2-1/2", "stalemate"
        fen = arbiter.fen(moves)
        fields = fen.split()
        key = " ".join(fields[:4])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return "1/2-1/2", "threefold repetition"
        if int(fields[4]) >= 100:
            return "1/2-1/2", "fifty-move rule"
        if insufficient(fen):
            return "1/2-1/2", "insufficient material"
        mover = white if len(moves) % 2 == 0 else black
        move = mover.best_move(moves, go)
        if move in ("0000", "(none)"):
            return "1/2-1/2", "engine had no move"
        moves.append(move)
    return "1/2-1/2", "move limit"


def read_openings(path):
    """Each line of SAN moves (`#` comments) as UCI moves, with python-chess."""
    import chess

    openings = []
    for words in read_move_lines(path):
        board = chess.Board()
        openings.append([board.push_san(word).uci() for word in words])
    return openings


def pgn_text(moves, white, black, result, reason, round_number):
    """One game as PGN, its end reason in a comment after the moves."""
    import chess
    import chess.pgn

    game = chess.pgn.Game()
    game.headers.update(
        {"Event": "ply vs Stockfish", "Round": str(round_number), "White": white, "Black": black}
    )
    game.headers["Result"] = result
    node = game
    for move in moves:
        node = node.add_variation(chess.Move.from_uci(move))
    node.comment = reason
    return str(game) + "\n\n"


def elo_with_margin(wins, draws, losses):
    """The Elo difference of the score and half its 95% interval (None if unbounded),
    from the trinomial W/D/L as `ply match` computes it."""
    n = wins + draws + losses
    score = (wins + draws / 2) / n

    def elo(s):
        return -400 * math.log10(1 / s - 1) if 0 < s < 1 else None

    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    error = 1.959964 * math.sqrt(variance / n)
    low, high = elo(score - error), elo(score + error)
    margin = (high - low) / 2 if low is not None and high is not None else None
    return elo(score), margin


def print_elo(wins, draws, losses):
    """Prints the Elo difference of a W/D/L tally with its 95% margin, or why there is none."""
    difference, margin = elo_with_margin(wins, draws, losses)
    if difference is None:
        print("Elo difference: unbounded (one side scored everything)")
    elif margin is None:
        print("Elo difference: %+.0f" % difference)
    else:
        print("Elo difference: %+.0f ± %.0f (95%%)" % (difference, margin))

def write_atomically(path, text):
    """Writes `text` to `path` through a temporary file renamed over it."""
    import os

    temporary = path + ".tmp"
    with open(temporary, "w") as out:
        out.write(text)
    os.replace(temporary, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--nodes", type=int, help="nodes a move for both (instead of movetime)")
    parser.add_argument("--openings", help="one opening a line, SAN (tests/data/chess/openings.txt)")
    parser.add_argument("--eval", default="strong", help="ply's Evaluation option")
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--max-plies", type=int, default=1000)
    parser.add_argument("--elo", type=int, help="Stockfish UCI_Elo (default: its lowest)")
    parser.add_argument("--pgn", help="write every game to this PGN file")
    parser.add_argument("--extras", help="ply's Extras option, e.g. 'with=singular no=lmp'")
    args = parser.parse_args()

    ply = UciEngine([args.ply, "uci"])
    ply.send("setoption name Evaluation value " + args.eval)
    ply.send("setoption name Hash value 64")
    if args.extras:
        ply.set_option("Extras", args.extras)
    stockfish = UciEngine([args.stockfish])
    elo = str(args.elo) if args.elo else lowest_elo(stockfish)
    stockfish.send("setoption name Threads value 1")
    stockfish.send("setoption name UCI_LimitStrength value true")
    stockfish.send("setoption name UCI_Elo value " + elo)
    arbiter = Arbiter([args.stockfish])
    for engine in (ply, stockfish, arbiter):
        engine.ready()

    go = "nodes %d" % args.nodes if args.nodes else "movetime %d" % args.movetime
    openings = read_openings(args.openings) if args.openings else [[]]
    points = 0.0
    pgn_games = []
    tally = {"win": 0, "draw": 0, "loss": 0}
    for game in range(args.games):
        ply_white = game % 2 == 0
        white, black = (ply, stockfish) if ply_white else (stockfish, ply)
        opening = openings[(game // 2) % len(openings)]
        moves = []
        result, reason = play_game(white, black, arbiter, go, args.max_plies, opening, moves)
        if args.pgn:
            names = ("ply", "Stockfish %s" % elo) if ply_white else ("Stockfish %s" % elo, "ply")
            pgn_games.append(pgn_text(moves, *names, result, reason, game + 1))
        if result == "1/2-1/2":
            score, word = 0.5, "draw"
        elif (result == "1-0") == ply_white:
            score, word = 1.0, "win"
        else:
            score, word = 0.0, "loss"
        points += score
        tally[word] += 1
        print(
            "game %2d: ply %s  %-7s %s (%s)"
            % (game + 1, "white" if ply_white else "black", result, word, reason),
            flush=True,
        )
    print(
        "ply %s%s vs Stockfish UCI_Elo %s, go %s: %.1f / %d  (+%d =%d -%d)"
        % (args.eval, " (%s)" % args.extras if args.extras else "", elo, go, points, args.games, tally["win"], tally["draw"], tally["loss"])
    )
    print_elo(tally["win"], tally["draw"], tally["loss"])
    if args.pgn:
        write_atomically(args.pgn, "".join(pgn_games))
    for engine in (ply, stockfish, arbiter):
        engine.quit()


if __name__ == "__main__":
    sys.exit(main())
