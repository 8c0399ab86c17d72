#!/usr/bin/env python3
"""Plays `ply gtp` against GNU Go over GTP, as twogtp does, and reports the score.

Both programs get every move; colours alternate from game to game. A game ends
after two passes in a row, a resignation, or --max-moves. The result is GNU Go's
`final_score` (with its dead-stone judgement) and ply's (Tromp-Taylor area of the
stones on the board); with a resignation, the other side wins. A measurement tool,
not a test.

    scripts/match-gnugo.py --games 40 --level 1 --time 1 --size 9

With --opponent another GTP program plays instead (Pachi, built by
scripts/build-pachi.sh), and GNU Go only judges: it is told every move and
gives the final score.

    scripts/match-gnugo.py --games 40 --time 1 --opponent "$(scripts/build-pachi.sh) -t 1 threads=1" --opponent-name Pachi
"""

import argparse
import shlex
import shutil
import subprocess
import sys


class GtpEngine:
    """A GTP engine on a pipe."""

    def __init__(self, command, name, log=None):
        self.name = name
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=log or subprocess.DEVNULL, text=True, bufsize=1,
        )

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} closed its output after '{command}'")
            if not line.strip() and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"{self.name} refused '{command}': {answer}")
        return answer[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.process.wait()


def winner_of(score):
    """'B', 'W' or None (a tie) from a GTP score like B+3.5."""
    return score[0] if score and score[0] in "BW" else None


def play_game(ply, opponent, size, komi, ply_colour, max_moves, judge=None):
    """(winner, detail, moves) of one game; `judge` (GNU Go when the opponent is
    another program) is told every move and scores the end."""
    gnugo = judge or opponent
    watchers = [judge] if judge else []
    for engine in [ply, opponent] + watchers:
        engine.ask(f"boardsize {size}")
        engine.ask("clear_board")
        engine.ask(f"komi {komi}")
    players = {ply_colour: ply, ("W" if ply_colour == "B" else "B"): opponent}
    colour, passes, moves = "B", 0, 0
    while passes < 2 and moves < max_moves:
        mover = players[colour]
        other = players["W" if colour == "B" else "B"]
        move = mover.ask(f"genmove {colour}")
        if move.lower() == "resign":
            return ("W" if colour == "B" else "B"), f"{colour} resigned", moves
        other.ask(f"play {colour} {move}")
        for watcher in watchers:
            watcher.ask(f"play {colour} {move}")
        passes = passes + 1 if move.lower() == "pass" else 0
        colour = "W" if colour == "B" else "B"
        moves += 1
    gnugo_score = gnugo.ask("final_score")
    ply_score = ply.ask("final_score")
    return winner_of(gnugo_score), f"gnugo {gnugo_score}, ply {ply_score}", moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", type=int, default=1, help="GNU Go's level (0-10)")
    parser.add_argument("--time", type=float, default=1.0, help="ply's seconds per move")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--max-moves", type=int, default=400)
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    parser.add_argument("--playouts", type=int,
                        help="ply's playouts per move instead of --time (load-independent)")
    parser.add_argument("--ply-args", default="",
                        help="more options for `ply gtp`, e.g. '--resign 0'")
    parser.add_argument("--seed", type=int, help="ply's seed (games differ from it)")
    parser.add_argument("--ply-log", help="file for ply's stderr (a line per genmove)")
    parser.add_argument("--opponent", help="another GTP program's command line; GNU Go then judges")
    parser.add_argument("--opponent-name", default="the opponent")
    args = parser.parse_args()
    budget = (["--playouts", str(args.playouts)] if args.playouts
              else ["--time", str(args.time)])
    if args.seed is not None:
        budget += ["--seed", str(args.seed)]
    log = open(args.ply_log, "w") if args.ply_log else None
    ply = GtpEngine([args.ply, "gtp", *budget, *args.ply_args.split()], "ply", log)
    gnugo = GtpEngine([args.gnugo, "--mode", "gtp", "--chinese-rules",
                       "--positional-superko", "--forbid-suicide",
                       "--level", str(args.level)], "gnugo")
    opponent, judge, name = gnugo, None, "GNU Go level %d" % args.level
    if args.opponent:
        opponent = GtpEngine(shlex.split(args.opponent), args.opponent_name)
        judge, name = gnugo, args.opponent_name
    wins = 0
    for game in range(args.games):
        ply_colour = "B" if game % 2 == 0 else "W"
        winner, detail, moves = play_game(ply, opponent, args.size, args.komi,
                                          ply_colour, args.max_moves, judge)
        wins += winner == ply_colour
        if log:
            print(f"game {game + 1} over: ply {ply_colour}, winner {winner}", file=log,
                  flush=True)
        print(f"game {game + 1}: ply {ply_colour}, {moves} moves, {detail}", flush=True)
    per_move = (f"{args.playouts} playouts" if args.playouts else f"{args.time} s")
    extra = f", {args.ply_args}" if args.ply_args else ""
    print(f"ply won {wins} of {args.games} against {name} "
          f"({args.size}x{args.size}, {per_move} a move{extra})")
    ply.close()
    gnugo.close()
    if judge:
        opponent.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
