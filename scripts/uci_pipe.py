"""A UCI engine on a pipe, shared by the scripts that drive ply and the reference
engines (Stockfish, Fairy-Stockfish). Measurement tools, not tests."""

import subprocess
import sys


class UciEngine:
    """Starts `command`, says `uci`, records the options it offers and, with
    `variant`, sets `UCI_Variant` (Fairy-Stockfish's xiangqi, say)."""

    def __init__(self, command, name=None, variant=None):
        self.name = name or command[0]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.options = {}
        self.send("uci")
        for line in self.read_until("uciok"):
            if line.startswith("option name "):
                option = line[len("option name "):].split(" type ")[0]
                self.options[option] = line
        if variant:
            self.send("setoption name UCI_Variant value " + variant)
        self.ready()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix):
        """Every line up to and including the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(self.name + " closed its output waiting for " + prefix)
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        """Waits for `readyok`; returns the lines before it (notes on refused options)."""
        self.send("isready")
        return self.read_until("readyok")[:-1]

    def set_option(self, name, value):
        """Sets an option and stops the script (exit status 2) when the engine refuses it."""
        self.send("setoption name %s value %s" % (name, value))
        refused = [line for line in self.ready() if line.startswith("info string") and name in line]
        if refused:
            print("%s refused %s: %s" % (self.name, name, refused[0]), file=sys.stderr)
            sys.exit(2)

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def best_move(self, moves, go):
        """The engine's move after `moves` from the start, searched with `go ...`."""
        self.position(moves)
        self.send("go " + go)
        return self.read_until("bestmove")[-1].split()[1]

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def iccs(move):
    """A xiangqi move with ranks 1-10 (h3e3, Fairy-Stockfish's UCI) in ICCS (h2e2)."""
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
    """An ICCS xiangqi move (h2e2) with ranks 1-10 (h3e3)."""
    return move[0] + str(int(move[1]) + 1) + move[2] + str(int(move[3]) + 1)


def read_move_lines(path):
    """The openings of a file: each non-empty line's moves before any `#` comment."""
    with open(path) as handle:
        return [moves for moves in (line.split("#")[0].split() for line in handle) if moves]
