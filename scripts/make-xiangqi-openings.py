#!/usr/bin/env python3
"""Makes balanced xiangqi openings with Fairy-Stockfish (UCI_Variant xiangqi), for
matches on openings the engine was never tuned or measured on (the tuning set is
tests/data/xiangqi-openings.txt). Data, not a test. Python standard library only.

    scripts/make-xiangqi-openings.py --count 60 --seed 55 \\
        --out tests/data/xiangqi-openings-unseen.txt

Each opening starts from the initial position and runs to a length drawn at random
between --min-plies and --max-plies. At every ply Fairy-Stockfish searches to
--depth with --multipv lines, and one of the moves scoring within --spread
centipawns of the best is picked uniformly at random (random.Random(--seed), so a
run repeats exactly with the same Fairy-Stockfish; the engine runs with Threads 1,
Hash 16 and a cleared table before each opening). The opening is kept when a final
search to --depth (one line) scores it within +-(--balance) centipawns for the side
to move, it is not already in the output, and its first 4 plies differ from the
first 4 plies of every line of --tuned of at least 4 plies and of every opening
already kept (so no two openings, and no opening and tuned line, share a start of
4 plies). Openings are tried until --count are kept, giving up after --tries.

The output is in ICCS (files a-i from Red's left, ranks 0-9 from Red's side:
h2e2), one opening per line with its final score as a trailing `# +12 cp`
comment, after a header of `#` comments saying how the file was made (command
line, Fairy-Stockfish's `id name`, date). Fairy-Stockfish's UCI for xiangqi has
ranks 1-10 (h3e3); moves are converted both ways. It goes to stdout, or to --out
FILE, written through a temporary file in the same directory and os.replace, so a
failed run never leaves half a file.
"""

import argparse
import datetime
import os
import random
import shlex
import sys
import tempfile
import time

from uci_pipe import UciEngine, iccs, read_move_lines, uci

MATE = 100000  # the score of a mate in 0, in centipawns; mate in n is MATE - n
PREFIX = 4  # plies an opening may not share with a tuned line or another opening


class Fairy(UciEngine):
    """A UciEngine that also keeps the engine's `id name`."""

    id_name = None

    def read_until(self, prefix):
        lines = super().read_until(prefix)
        for line in lines:
            if line.startswith("id name ") and self.id_name is None:
                self.id_name = line[len("id name "):]
        return lines

    def search(self, moves, depth):
        """The root moves of a `go depth` search after the ICCS `moves`, as a list of
        (score in centipawns for the side to move, UCI move) from the last complete
        line of each multipv index, best first; empty when there is no legal move."""
        self.position([uci(m) for m in moves])
        self.send("go depth %d" % depth)
        lines = {}
        for line in self.read_until("bestmove"):
            words = line.split()
            if not words or words[0] != "info" or "pv" not in words or "score" not in words:
                continue
            if "lowerbound" in words or "upperbound" in words:
                continue
            index = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            kind, value = words[words.index("score") + 1: words.index("score") + 3]
            value = int(value)
            if kind == "mate":
                score = MATE - value if value > 0 else -MATE - value
            else:
                score = value
            lines[index] = (score, words[words.index("pv") + 1])
        return [lines[index] for index in sorted(lines)]


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1, not %s" % text)
    return value


def non_negative(text):
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be at least 0, not %s" % text)
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])

    def option(name, metavar, kind, default, text):
        parser.add_argument(
            name, metavar=metavar, type=kind, default=default, help=text + " (default: %(default)s)"
        )

    option("--count", "N", positive, 30, "openings to make")
    option("--seed", "N", int, 1, "seed of the random choices")
    option("--min-plies", "N", positive, 6, "shortest opening")
    option("--max-plies", "N", positive, 8, "longest opening")
    option("--depth", "D", positive, 8, "Fairy-Stockfish's search depth")
    option("--multipv", "K", positive, 4, "moves considered at each ply")
    option("--spread", "CP", non_negative, 40, "centipawns below the best a pick may score")
    option("--balance", "CP", non_negative, 60, "largest final |score| kept, centipawns")
    option(
        "--tuned",
        "FILE",
        str,
        "tests/data/xiangqi-openings.txt",
        "openings whose first %d plies the new ones must avoid" % PREFIX,
    )
    option("--tries", "N", positive, 2000, "openings tried at most")
    parser.add_argument("--out", metavar="FILE", help="file to write instead of stdout")
    option("--fairy", "PATH", str, "/usr/games/fairy-stockfish", "Fairy-Stockfish")
    args = parser.parse_args()
    if args.min_plies > args.max_plies:
        parser.error(
            "--min-plies %d is more than --max-plies %d" % (args.min_plies, args.max_plies)
        )
    try:
        tuned = [tuple(moves) for moves in read_move_lines(args.tuned)]
    except OSError as error:
        parser.error("--tuned: %s" % error)
    if not tuned:
        parser.error("--tuned %s: no openings" % args.tuned)

    started = time.time()
    rng = random.Random(args.seed)
    try:
        engine = Fairy([args.fairy], "fairy-stockfish", "xiangqi")
    except OSError as error:
        parser.error("--fairy: %s" % error)
    engine.set_option("Threads", 1)
    engine.set_option("Hash", 16)
    taken = {line[:PREFIX] for line in tuned if len(line) >= PREFIX}
    kept = []  # (moves, final score)
    tries = rejected_score = rejected_prefix = dead_ends = 0
    while len(kept) < args.count:
        if tries == args.tries:
            engine.quit()
            sys.exit(
                "gave up after %d tries with %d of %d openings (scores out of balance %d, "
                "starts taken %d, no move %d)"
                % (tries, len(kept), args.count, rejected_score, rejected_prefix, dead_ends)
            )
        tries += 1
        engine.new_game()
        engine.set_option("MultiPV", args.multipv)
        length = rng.randint(args.min_plies, args.max_plies)
        moves = []
        while len(moves) < length:
            lines = engine.search(moves, args.depth)
            if not lines:
                break
            best = max(score for score, _ in lines)
            choices = sorted(move for score, move in lines if score >= best - args.spread)
            moves.append(iccs(rng.choice(choices)))
            if len(moves) == PREFIX and tuple(moves) in taken:
                break  # no need to play on: this start is taken
        moves = tuple(moves)
        if moves[:PREFIX] in taken:
            rejected_prefix += 1
            continue
        if len(moves) < length:
            dead_ends += 1
            continue
        engine.set_option("MultiPV", 1)
        final = engine.search(moves, args.depth)
        if not final or abs(final[0][0]) > args.balance:
            rejected_score += 1
            continue
        kept.append((moves, final[0][0]))
        taken.add(moves[:PREFIX])
    engine.quit()
    seconds = time.time() - started

    command = " ".join(shlex.quote(word) for word in sys.argv)
    header = [
        "# %d xiangqi openings of %d to %d plies made by Fairy-Stockfish, in ICCS coordinates"
        % (args.count, args.min_plies, args.max_plies),
        "# (files a-i from Red's left, ranks 0-9 from Red's side), one per line, for `ply",
        "# match xiangqi --openings` and scripts/match-fairy-stockfish.py --openings. No",
        "# line starts with the first %d plies of a line of %s"
        % (PREFIX, args.tuned),
        "# (the set used in tuning) or of another line here. At each ply Fairy-Stockfish",
        "# searched to depth %d with MultiPV %d and one of the moves scoring within %d cp of"
        % (args.depth, args.multipv, args.spread),
        "# the best was picked at random (seed %d); a line was kept when a final depth-%d"
        % (args.seed, args.depth),
        "# search scored it within +-%d cp for the side to move, the score ending each line."
        % args.balance,
        "# Made by",
        "#   " + command,
        "# with %s (Threads 1, Hash 16) on %s."
        % (engine.id_name or "Fairy-Stockfish", datetime.date.today().isoformat()),
    ]
    width = max(len(" ".join(moves)) for moves, _ in kept)
    body = ["%-*s # %+d cp" % (width, " ".join(moves), score) for moves, score in kept]
    text = "\n".join(header + body) + "\n"
    if args.out:
        directory = os.path.dirname(os.path.abspath(args.out))
        handle = tempfile.NamedTemporaryFile(
            "w", dir=directory, prefix=".%s." % os.path.basename(args.out), delete=False
        )
        try:
            with handle:
                handle.write(text)
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(handle.name, 0o666 & ~mask)
            os.replace(handle.name, args.out)
        except BaseException:
            os.unlink(handle.name)
            raise
    else:
        sys.stdout.write(text)
    print(
        "%d openings from %d tries (scores out of balance %d, starts taken %d, no move %d)"
        " in %.0f s"
        % (len(kept), tries, rejected_score, rejected_prefix, dead_ends, seconds),
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
