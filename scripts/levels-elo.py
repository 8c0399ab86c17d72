#!/usr/bin/env python3
"""Measures the Elo of ply's levels (`ply play GAME --level N`) in chess against
Stockfish and in xiangqi against Fairy-Stockfish, each limited in strength
(UCI_LimitStrength with UCI_Elo), and prints a table and the profile's lines.

A measurement, not a test. Python standard library, and python-chess to read
the chess openings' SAN.

    scripts/levels-elo.py [--game chess|xiangqi] [--levels 1-10] [--games 40]
                          [--jobs 2] [--movetime 50] [--json FILE]
                          [--ply target/release/ply] [--reference PATH]
    scripts/levels-elo.py --levels 10 --games 40 --resume chess-levels.json --json chess-levels.json
    scripts/levels-elo.py --ladder 1320,1600,1900,2200 --games 6   # the old ladder

How: ply runs as `ply uci` (`--variant xiangqi` for xiangqi) with each level's
own limits and evaluation, read from `ply list --json` (depth, nodes or time per
move), so the table measures exactly what the arcade plays. The reference gets
--movetime ms a move, one thread, 16 MiB of hash. Games start from the openings
file (chess: tests/data/chess/openings.txt, xiangqi: tests/data/xiangqi-openings.txt),
each opening once with each colour.

Adaptive (the default): each level plays --games games. The reference starts at
the level's rating in `ply list --json` if it has one (else --start) and, after
each pair of games, moves to the level's maximum-likelihood rating over all its
games so far (200 Elo up or down while it has won or lost everything), clamped
to the reference's UCI_Elo range: games against an opponent near the level's
strength tell the most. With --ladder the level climbs fixed rungs instead, --games
games a rung, while it scores more than half (how the first chess table was made).

The figure is the maximum-likelihood rating (logistic Elo model, opponents at
their UCI_Elo) over the level's games, with a 95% interval from the likelihood's
curvature. A level that lost every game at the reference's minimum gets a
one-sided 95% bound ("< X"); one that won every game at its maximum, "> X".
--jobs N plays N levels at a time, one process each (a core each: keep N at or
under the machine's cores, and nothing else running).

Runs can be spread: with --json FILE each level's games so far are kept in
FILE.levelN after every game (atomically), and --resume FILE (a --json file of an
earlier run, with its FILE.levelN of an interrupted one; repeat it to pool runs)
continues each level from its games there, up to --games in all, the reference
at their estimate. Two runs of one level at once take different openings with
--first-opening.

Above the reference's highest UCI_Elo: --above 'movetime 50,movetime 150' adds rungs
of the reference unlimited at those go limits, rated first in a chain (the first
against the highest UCI_Elo at --movetime, each next against the one before,
--above-games games each; kept in --above-calibration and read from it next time).
A level whose estimate is nearer a rung than the highest UCI_Elo plays that rung,
rated at the chain's figure, whose own uncertainty is not in the level's margin.

Caveat: UCI_Elo is calibrated at longer time controls; at 50 ms a move the
limited engine plays below its number, so the figures are on the reference's
scale at this time control, not FIDE or WXF ratings.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import math
import os
import subprocess
import sys

from uci_pipe import UciEngine

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCALE = 400 / math.log(10)


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


match_stockfish = load("match_stockfish", "match-stockfish.py")
match_fairy = load("match_fairy", "match-fairy-stockfish.py")

GAMES = {
    "chess": {
        "reference": "/usr/games/stockfish",
        "variant": None,
        "uci": ["uci"],
        "openings": os.path.join(ROOT, "tests/data/chess/openings.txt"),
        "read_openings": match_stockfish.read_openings,
    },
    "xiangqi": {
        "reference": "/usr/games/fairy-stockfish",
        "variant": "xiangqi",
        "uci": ["uci", "--variant", "xiangqi"],
        "openings": os.path.join(ROOT, "tests/data/xiangqi-openings.txt"),
        "read_openings": match_fairy.read_openings,
    },
}


class LevelEngine(UciEngine):
    """`ply uci` at one level: its evaluation and its own limits for every move."""

    def __init__(self, ply, game, level):
        super().__init__([ply] + GAMES[game]["uci"], name="ply level %d" % level["level"])
        self.send("setoption name Evaluation value " + level["eval"])
        limits = []
        if level["depth"]:
            limits.append("depth %d" % level["depth"])
        if level["nodes"]:
            limits.append("nodes %d" % level["nodes"])
        if level["time_ms"]:
            limits.append("movetime %d" % level["time_ms"])
        self.go = " ".join(limits)
        self.ready()

    def best_move(self, moves, go):
        return super().best_move(moves, self.go)


class Reference(UciEngine):
    """The reference program limited to one UCI_Elo, which can be changed; above
    its highest UCI_Elo, unlimited at one of the rated `above` rungs."""

    def __init__(self, path, variant, above=()):
        super().__init__([path], variant=variant)
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        line = self.options.get("UCI_Elo", "").split()
        self.lowest = int(line[line.index("min") + 1]) if "min" in line else 1320
        self.highest = int(line[line.index("max") + 1]) if "max" in line else 2850
        self.above = list(above)
        self.elo = None
        self.go = None
        self.limit(self.lowest)

    def limit(self, elo):
        """Plays near `elo`: the UCI_Elo itself, or the nearest rung above the highest."""
        rung = nearest_rung_above(self.above, self.highest, elo)
        if rung:
            self.unlimited(*rung)
            return
        self.go = None
        self.elo = max(self.lowest, min(self.highest, round(elo)))
        self.send("setoption name UCI_LimitStrength value true")
        self.send("setoption name UCI_Elo value %d" % self.elo)
        self.ready()

    def unlimited(self, go, elo):
        """Plays at full strength within `go` (say `depth 6`), rated `elo`."""
        self.go, self.elo = go, round(elo)
        self.send("setoption name UCI_LimitStrength value false")
        self.ready()

    def best_move(self, moves, go):
        return super().best_move(moves, self.go or go)

    def describe(self):
        """What it plays as now, for the log: `UCI_Elo 2850` or `'movetime 150' (3473)`."""
        return "'%s' (%d)" % (self.go, self.elo) if self.go else "UCI_Elo %d" % self.elo


def nearest_rung_above(above, highest, elo):
    """The (go, Elo) rung nearest `elo` when one is nearer than the highest UCI_Elo."""
    if not above or elo <= highest:
        return None
    rung = min(above, key=lambda r: abs(r[1] - elo))
    return rung if abs(rung[1] - elo) < abs(highest - elo) else None


def rate_rungs_above(args):
    """[(go, Elo)]: the reference unlimited at each --above limit, rated in a chain,
    the first against its highest UCI_Elo at --movetime, each next against the one
    before (--above-games games each, colours alternating). Kept in, and read from,
    --above-calibration."""
    path = args.above_calibration
    if path and os.path.exists(path):
        with open(path) as saved:
            return [tuple(rung) for rung in json.load(saved)]
    if not args.above:
        return []
    game = GAMES[args.game]
    if args.game == "chess":
        args.arbiter = match_stockfish.Arbiter([args.reference])
    openings = game["read_openings"](args.openings)
    below = Reference(args.reference, game["variant"])
    below.limit(below.highest)
    rungs, elo = [], below.elo
    for go in args.above.split(","):
        rung = Reference(args.reference, game["variant"])
        rung.unlimited(go, 0)
        results = []
        for index in range(args.above_games):
            opening = openings[(args.first_opening - 1 + index // 2) % len(openings)]
            points, reason = play_one(args, args.game, rung, below, opening, index % 2 == 0)
            results.append((elo, points))
            print("rung '%s' against %s, game %d: %s (%s)" % (go, below.describe(), index + 1,
                                                               points, reason), file=sys.stderr, flush=True)
        elo = rating_or_bound(results)
        print("rung '%s': %.0f" % (go, elo), file=sys.stderr, flush=True)
        rungs.append((go, elo))
        rung.elo = round(elo)
        below.quit()
        below = rung
    below.quit()
    if args.game == "chess":
        args.arbiter.quit()
    if path:
        write_atomically(path, rungs)
    return rungs


def levels_of(ply, game):
    listing = json.loads(subprocess.check_output([ply, "list", "--json"]))
    return {l["level"]: l for g in listing if g["id"] == game for l in g["levels"]}


def expected(rating, opponent):
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def estimate(results):
    """(rating, margin) by maximum likelihood from [(opponent, points)], or None
    when the scores are all wins or all losses (no finite estimate)."""
    total = sum(p for _, p in results)
    if total == 0 or total == len(results):
        return None
    rating = sum(o for o, _ in results) / len(results)
    for _ in range(100):
        gradient = sum(p - expected(rating, o) for o, p in results)
        information = sum(expected(rating, o) * (1 - expected(rating, o)) for o, _ in results)
        step = gradient / information * SCALE
        rating += max(-400, min(400, step))
        if abs(step) < 0.01:
            break
    information = sum(expected(rating, o) * (1 - expected(rating, o)) for o, _ in results)
    return rating, 1.96 * SCALE / math.sqrt(information)


def upper_bound_all_lost(opponent, games):
    """The rating at which losing all `games` to `opponent` has probability 5%."""
    p_win_or_draw = 1 - 0.05 ** (1 / games)
    return opponent - 400 * math.log10(1 / p_win_or_draw - 1)


def rating_or_bound(results):
    """The rating from `results`, all against one opponent: the estimate, or when
    they are all wins or all losses the one-sided 95% bound (a conservative figure)."""
    found = estimate(results)
    if found:
        return found[0]
    opponent = results[0][0]
    bound = upper_bound_all_lost(opponent, len(results))
    return bound if sum(p for _, p in results) == 0 else 2 * opponent - bound


def play_one(args, game, engine, reference, opening, ply_first):
    """ply's points (1, 0.5 or 0) from one game starting after `opening`."""
    first, second = (engine, reference) if ply_first else (reference, engine)
    go = "movetime %d" % args.movetime
    if game == "chess":
        for side in (first, second):
            side.new_game()
        result, reason = match_stockfish.play_game(
            first, second, args.arbiter, go, args.max_plies, opening
        )
        winner = {"1-0": 0, "0-1": 1}.get(result)
    else:
        moves = list(opening)
        winner, _, reason = match_fairy.play(args.ply, (first, second), go, moves, args.max_plies)
    if winner is None:
        return 0.5, reason
    return (1.0 if (winner == 0) == ply_first else 0.0), reason


def measure_level(args, number, level):
    """Plays one level's games; returns its row (a dict)."""
    game = args.game
    if game == "chess":
        args.arbiter = match_stockfish.Arbiter([args.reference])
    openings = GAMES[game]["read_openings"](args.openings)
    engine = LevelEngine(args.ply, game, level)
    reference = Reference(args.reference, GAMES[game]["variant"], args.rungs_above)
    results = [tuple(r) for r in args.earlier.get(number, [])]
    ladder = [int(x) for x in args.ladder.split(",")] if args.ladder else None
    rungs = iter(ladder or [])
    start = (level.get("rating") or {}).get("elo") or args.start
    reference.limit(next(rungs) if ladder else next_opponent(results, start))
    for index in range(len(results), args.games * (len(ladder) if ladder else 1)):
        opening = openings[(args.first_opening - 1 + index // 2) % len(openings)]
        points, reason = play_one(args, game, engine, reference, opening, index % 2 == 0)
        results.append((reference.elo, points))
        print("%s level %d vs %s, game %d (%s): %s (%s)"
              % (game, number, reference.describe(), index + 1,
                 "first" if index % 2 == 0 else "second", points, reason),
              file=sys.stderr, flush=True)
        if args.json:
            write_atomically("%s.level%d" % (args.json, number), results)
        if ladder:
            if (index + 1) % args.games == 0:
                rung = results[-args.games:]
                if sum(p for _, p in rung) <= len(rung) / 2:
                    break
                following = next(rungs, None)
                if following is None:
                    break
                reference.limit(following)
        elif index % 2 == 1:
            reference.limit(next_opponent(results, reference.elo))
    engine.quit()
    reference.quit()
    if game == "chess":
        args.arbiter.quit()
    return row(number, engine.go, level["eval"], results, reference)


def next_opponent(results, current):
    """The UCI_Elo to play next: the level's estimate over `results`, or 200 above
    or below `current` while it has won or lost everything (`current` with none)."""
    if not results:
        return current
    found = estimate(results)
    if found:
        return found[0]
    won_all = sum(p for _, p in results) == len(results)
    return results[-1][0] + (200 if won_all else -200)


def write_atomically(path, value):
    with open(path + ".tmp", "w") as out:
        json.dump(value, out, indent=1)
    os.replace(path + ".tmp", path)


def earlier_games(path):
    """{level: [(opponent, points)]} from an earlier run's --json file and the
    FILE.levelN files it left (the latter are newer when both exist)."""
    games = {}
    if path and os.path.exists(path):
        with open(path) as saved:
            games = {entry["level"]: entry["results"] for entry in json.load(saved)}
    for number in range(1, 11):
        partial = "%s.level%d" % (path, number)
        if path and os.path.exists(partial):
            with open(partial) as saved:
                games[number] = json.load(saved)
    return games


def pooled_games(paths):
    """{level: [(opponent, points)]} pooled over several runs (--resume, repeated)."""
    games = {}
    for path in paths:
        for number, results in earlier_games(path).items():
            games.setdefault(number, []).extend(results)
    return games


def row(number, go, evaluation, results, reference):
    """A level's figure from its games: measured, a bound below or above."""
    points = sum(p for _, p in results)
    found = estimate(results)
    entry = {"level": number, "search": "%s, %s" % (evaluation, go), "games": len(results),
             "points": points, "results": results}
    if found:
        entry.update(elo=round(found[0]), margin=round(found[1]))
        entry["figure"] = "%d ± %d" % (entry["elo"], entry["margin"])
    elif points == 0:
        lowest = min(o for o, _ in results)
        there = sum(1 for o, _ in results if o == lowest)
        entry.update(below=round(upper_bound_all_lost(lowest, there)))
        entry["figure"] = "< %d" % entry["below"]
    else:
        entry.update(above=max(o for o, _ in results))
        entry["figure"] = "> %d (won every game)" % entry["above"]
    return entry


def profile_line(entry):
    """The level as the game's profile writes it (src/game/GAME)."""
    if "elo" in entry:
        return "Some(LevelRating::measured(%d, %d, %d))," % (entry["elo"], entry["margin"], entry["games"])
    if "below" in entry:
        return "Some(LevelRating::below(%d, %d))," % (entry["below"], entry["games"])
    return "None, // won every game: measure it against a stronger reference"


def candidate(number, spec):
    """A search to rate as if it were a level, from `EVAL:LIMIT=N[:LIMIT=N]`."""
    evaluation, *limits = spec.split(":")
    level = {"level": number, "eval": evaluation, "depth": None, "nodes": None, "time_ms": None}
    for limit in limits:
        name, _, value = limit.partition("=")
        key = {"depth": "depth", "nodes": "nodes", "time": "time_ms"}.get(name)
        if key is None or not value.isdigit():
            sys.exit("--try %s: expected EVAL:depth=N, :nodes=N or :time=MS" % spec)
        level[key] = int(value)
    return level


def parse_levels(text):
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="chess")
    parser.add_argument("--levels", default="1-10", help="e.g. 1-10 or 9; '' for --try alone")
    parser.add_argument("--games", type=int, default=40, help="games a level (a rung with --ladder)")
    parser.add_argument("--jobs", type=int, default=1, help="levels played at once")
    parser.add_argument("--movetime", type=int, default=50, help="the reference's ms a move")
    parser.add_argument("--start", type=int, default=1500, help="first UCI_Elo of an unrated level")
    parser.add_argument("--ladder", help="fixed rungs instead, e.g. 1320,1600,1900,2200")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--ply", default=os.path.join(ROOT, "target/release/ply"))
    parser.add_argument("--reference", help="Stockfish (chess) or Fairy-Stockfish (xiangqi)")
    parser.add_argument("--openings", help="one line of moves per opening")
    parser.add_argument("--json", help="write every level's games and figure here")
    parser.add_argument("--try", dest="tries", action="append", default=[],
                        help="also rate a search that is no level yet, EVAL:LIMIT=N[:...], "
                             "e.g. seed:depth=3 or neural:nodes=60000 (rows 101, 102, ...)")
    parser.add_argument("--above", help="rungs above the highest UCI_Elo: the reference "
                        "unlimited at these go limits, e.g. 'movetime 50,movetime 150' (rated first)")
    parser.add_argument("--above-games", type=int, default=20, help="games rating each --above rung")
    parser.add_argument("--above-calibration", help="the --above rungs' ratings (JSON), kept here")
    parser.add_argument("--resume", action="append", default=[],
                        help="continue the levels of an earlier --json file (repeat to pool runs)")
    parser.add_argument("--first-opening", type=int, default=1,
                        help="start at this opening (two runs of one level at once take different ones)")
    args = parser.parse_args()
    if args.resume and args.ladder:
        parser.error("--resume continues adaptive runs only, not --ladder")
    args.earlier = pooled_games(args.resume)
    args.reference = args.reference or GAMES[args.game]["reference"]
    args.openings = args.openings or GAMES[args.game]["openings"]
    args.rungs_above = rate_rungs_above(args)
    levels = levels_of(args.ply, args.game)
    wanted = [n for n in parse_levels(args.levels) if n in levels] if args.levels else []
    for number, spec in enumerate(args.tries, start=101):
        levels[number] = candidate(number, spec)
        wanted.append(number)
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {n: pool.submit(measure_level, args, n, levels[n]) for n in wanted}
        rows = []
        print("| level | search | games | points | Elo (95%) |", flush=True)
        print("| --- | --- | --- | --- | --- |", flush=True)
        for number in wanted:
            entry = futures[number].result()
            rows.append(entry)
            print("| %d | %s | %d | %g | %s |" % (entry["level"], entry["search"], entry["games"],
                                                   entry["points"], entry["figure"]), flush=True)
    print()
    print("The profile's levels (src/game/%s):" % args.game)
    for entry in rows:
        print("    " + profile_line(entry))
    if args.json:
        kept = {entry["level"]: entry for entry in rows}
        if args.json in args.resume and os.path.exists(args.json):
            with open(args.json) as saved:
                kept = {**{e["level"]: e for e in json.load(saved)}, **kept}
        write_atomically(args.json, [kept[n] for n in sorted(kept)])
        for number in kept:
            if os.path.exists("%s.level%d" % (args.json, number)):
                os.remove("%s.level%d" % (args.json, number))


if __name__ == "__main__":
    sys.exit(main())
