#!/usr/bin/env python3
"""Referee gomoku games between `ply gomocup` and any Gomocup (piskvork protocol)
engine, e.g. a pbrain-* engine or Rapfi, and report W/D/L from ply's side.

Both engines get the same time per move (INFO timeout_turn). Each opening (a few
random stones near the centre, alternating colours, seeded) is played twice with
the colours swapped, so each engine moves first as often. A game ends with a
five in a row (freestyle: five or more; --rule 1: exactly five), a full board
(draw), or an engine's illegal move, error or timeout (a loss for it).

Usage:
  scripts/match-gomocup.py --engine PATH --games N --turn-ms MS
  scripts/match-gomocup.py --engine "target/release/ply gomocup --no-threat-plan" \
      --games 20 --turn-ms 200          # ply against ply (A/B of a switch)
Measurement only, not a test: results depend on the machine's speed.
"""

import argparse
import math
import os
import random
import re
import select
import shlex
import subprocess
import sys
import time

MOVE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")


class Engine:
    """One engine process speaking the Gomocup protocol on its pipes."""

    def __init__(self, command, name):
        self.name = name
        argv = shlex.split(command)
        if os.path.isfile(argv[0]):
            # Engines may read files beside them: run them from their folder,
            # which a relative path would no longer lead to.
            argv[0] = os.path.abspath(argv[0])
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=os.path.dirname(argv[0]) if os.path.isfile(argv[0]) else None,
        )
        self.buffer = b""

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def read_line(self, deadline):
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def answer(self, timeout):
        """The next reply: a move, OK, or an ERROR or UNKNOWN line; None on timeout.
        Other lines are the engine's talk: MESSAGE and DEBUG lines, and the pieces
        of a MESSAGE line that holds a raw newline (PentaZen 0.4.18 prints its
        search depth as a character, so depth 10 breaks its line in two)."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.read_line(deadline)
            if line is None:
                return None
            word = line.split(" ", 1)[0].upper()
            if MOVE.match(line) or word in ("OK", "ERROR", "UNKNOWN"):
                return line

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=3)
        except Exception:
            self.proc.kill()


def five(board, size, x, y, rule):
    who = board[y][x]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while 0 <= cx < size and 0 <= cy < size and board[cy][cx] == who:
                run += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if run == 5 or (run > 5 and rule == 0):
            return True
    return False


def opening(rng, size, stones, spread):
    centre = size // 2
    points = []
    while len(points) < stones:
        p = (centre + rng.randint(-spread, spread), centre + rng.randint(-spread, spread))
        if p not in points:
            points.append(p)
    return points


def turn_times(args):
    """Each engine's ms a move: `args.turn_ms`, or `args.turn_ms_each` (a pair,
    ply's first) where the two differ."""
    return getattr(args, "turn_ms_each", None) or (args.turn_ms, args.turn_ms)


def play_game(engines, black, moves, args):
    """engines: [ply, other]; black: index of the engine playing Black. Returns the
    winner's index, or None for a draw, and the moves played."""
    size = args.size
    turn_ms = turn_times(args)
    board = [[0] * size for _ in range(size)]
    colour = [None, None]
    colour[black], colour[1 - black] = 1, 2
    for engine, turn in zip(engines, turn_ms):
        engine.send(f"START {size}")
        # Generous: some engines build their tables at START, slowly on a loaded machine.
        if engine.answer(60) != "OK":
            raise SystemExit(f"{engine.name} did not answer OK to START")
        engine.send(f"INFO timeout_turn {turn}")
        engine.send("INFO timeout_match 100000000")
        # As a manager does: engines that budget from the match clock read it here.
        engine.send("INFO time_left 100000000")
        engine.send(f"INFO rule {args.rule}")
        engine.send("INFO max_memory 268435456")
        for extra in args.info:
            engine.send(f"INFO {extra}")
    played = list(moves)
    for i, (x, y) in enumerate(played):
        board[y][x] = 1 if i % 2 == 0 else 2
    told = [False, False]
    while True:
        to_move = 1 if len(played) % 2 == 0 else 2
        mover = colour.index(to_move)
        engine = engines[mover]
        if not told[mover]:
            engine.send("BOARD")
            for i, (x, y) in enumerate(played):
                stone = 1 if i % 2 == 0 else 2
                engine.send(f"{x},{y},{1 if stone == to_move else 2}")
            engine.send("DONE")
            told[mover] = True
        elif played:
            x, y = played[-1]
            engine.send(f"TURN {x},{y}")
        reply = engine.answer(turn_ms[mover] / 1000 * 3 + 5)
        match = MOVE.match(reply or "")
        if not match:
            print(f"    {engine.name} answered {reply!r}: loses", file=sys.stderr)
            return 1 - mover, played
        x, y = int(match.group(1)), int(match.group(2))
        if not (0 <= x < size and 0 <= y < size) or board[y][x]:
            print(f"    {engine.name} played {x},{y}, not an empty point: loses", file=sys.stderr)
            return 1 - mover, played
        board[y][x] = to_move
        played.append((x, y))
        if five(board, size, x, y, args.rule):
            return mover, played
        if len(played) == size * size:
            return None, played


def elo(score, games):
    """Elo difference and a 95% margin from the score and its standard error."""
    if games == 0:
        return 0.0, 0.0
    p = min(max(score / games, 1e-3), 1 - 1e-3)
    diff = -400 * math.log10(1 / p - 1)
    return diff, p


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="the opponent's command line (a Gomocup engine)")
    parser.add_argument("--ply", default="target/release/ply gomocup", help="ply's command line")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--turn-ms", type=int, default=1000, help="time per move for both, in ms")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--rule", type=int, default=0, help="0 freestyle (five or more), 1 exactly five")
    parser.add_argument("--stones", type=int, default=4, help="random opening stones near the centre")
    parser.add_argument("--spread", type=int, default=2, help="opening stones lie this far from the centre")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--info", action="append", default=[], help="extra INFO line for both, e.g. 'thread_num 1'")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    wins = draws = losses = 0
    for game in range(args.games):
        if game % 2 == 0:
            moves = opening(rng, args.size, args.stones, args.spread)
        black = game % 2  # ply is Black in even games
        # Fresh processes each game: a timed-out engine's late answer cannot leak.
        engines = [Engine(args.ply, "ply"), Engine(args.engine, "engine")]
        try:
            winner, played = play_game(engines, black, moves, args)
        finally:
            for engine in engines:
                engine.close()
        if winner is None:
            draws += 1
            result = "draw"
        elif winner == 0:
            wins += 1
            result = "ply wins"
        else:
            losses += 1
            result = "engine wins"
        colour = "Black" if black == 0 else "White"
        text = " ".join(f"{x},{y}" for x, y in played)
        print(f"game {game + 1}: ply {colour}, {result} in {len(played)} stones: {text}", flush=True)
    games = wins + draws + losses
    score = wins + draws / 2
    diff, p = elo(score, games)
    # 95% margin from the per-game variance of the score.
    var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p**2) / max(games, 1)
    se = math.sqrt(var / max(games, 1))
    lo = -400 * math.log10(1 / min(max(p - 1.96 * se, 1e-3), 1 - 1e-3) - 1)
    hi = -400 * math.log10(1 / min(max(p + 1.96 * se, 1e-3), 1 - 1e-3) - 1)
    print(f"ply vs engine: {games} games, W/D/L {wins}/{draws}/{losses}, score {score}/{games}")
    print(f"Elo difference: {diff:+.0f} (95% interval {lo:+.0f} to {hi:+.0f})")


if __name__ == "__main__":
    main()
