"""Rating a game's levels against a reference program that has no Elo setting
of its own, only settings of rising strength (GNU Go's levels, PentaZen's time
a move): the rungs. Shared by scripts/go-levels-elo.py and
scripts/gomoku-levels-elo.py. A measurement tool, not a test.

The rungs are first rated against the strongest, which is the scale's zero;
then each of ply's levels plays the rung nearest its estimate so far, starting
at the weakest and moving after each pair of games to its maximum-likelihood
rating (200 Elo up or down while it has won or lost everything)."""

import concurrent.futures
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


levels_elo = _load("levels_elo", "levels-elo.py")


def calibrate(rungs, games, play, path=None, log=sys.stderr):
    """{rung: Elo} with the last (strongest) rung at 0: `play(rung, top, game)`
    gives the rung's points in one game against the top rung. Read from `path`
    when it exists; written there (atomically) otherwise."""
    if path and os.path.exists(path):
        with open(path) as saved:
            return {int(k) if k.lstrip("-").isdigit() else k: v for k, v in json.load(saved).items()}
    top = rungs[-1]
    ratings = {top: 0.0}
    for rung in rungs[:-1]:
        results = []
        for game in range(games):
            points = play(rung, top, game)
            results.append((0.0, points))
            print("rung %s against %s, game %d: %s" % (rung, top, game + 1, points), file=log, flush=True)
        ratings[rung] = levels_elo.rating_or_bound(results)
        print("rung %s: %+.0f" % (rung, ratings[rung]), file=log, flush=True)
    if path:
        with open(path + ".tmp", "w") as out:
            json.dump(ratings, out, indent=1)
        os.replace(path + ".tmp", path)
    return ratings


def nearest(ratings, elo):
    """The rung whose rating is nearest `elo` (the weaker of two as near)."""
    return min(ratings, key=lambda rung: (abs(ratings[rung] - elo), ratings[rung]))


def rate_level(number, search, games, ratings, play, log=sys.stderr, path=None, earlier=()):
    """One level's row (as levels-elo.py gives them): `play(rung, game)` gives the
    level's points in one game against that rung. `earlier` holds the level's
    games of earlier runs, (opponent Elo, points), continued up to `games` in all;
    with `path` the games so far are kept in `path.levelN` after every game."""
    results = [tuple(result) for result in earlier]
    rung = next_rung(ratings, results)
    for game in range(len(results), games):
        points = play(rung, game)
        results.append((ratings[rung], points))
        print("level %d against %s, game %d: %s" % (number, rung, game + 1, points),
              file=log, flush=True)
        if path:
            levels_elo.write_atomically("%s.level%d" % (path, number), results)
        if game % 2 == 1:
            rung = next_rung(ratings, results)
    return levels_elo.row(number, search, "", results, None)


def next_rung(ratings, results):
    """The rung nearest the level's estimate over `results`: the weakest with none,
    200 above or below the last while the level has won or lost everything."""
    if not results:
        return min(ratings, key=lambda r: ratings[r])
    found = levels_elo.estimate(results)
    if found:
        return nearest(ratings, found[0])
    won_all = sum(p for _, p in results) == len(results)
    return nearest(ratings, results[-1][0] + (200 if won_all else -200))


def report(game, scale, jobs, levels, rate, path=None):
    """Rates `levels` ({number: search text}) with `rate(number)`, `jobs` at a
    time; prints the table and the profile's lines, and writes the rows to `path`
    (with the rows of levels not played now that `path` already held)."""
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {n: pool.submit(rate, n) for n in levels}
        rows = []
        print("| level | search | games | points | Elo, %s (95%%) |" % scale, flush=True)
        print("| --- | --- | --- | --- | --- |", flush=True)
        for number in levels:
            entry = futures[number].result()
            entry["search"] = levels[number]
            rows.append(entry)
            print("| %d | %s | %d | %g | %s |" % (number, entry["search"], entry["games"],
                                                   entry["points"], entry["figure"]), flush=True)
    print()
    print("The profile's levels (src/game/%s):" % game)
    for entry in rows:
        print("    " + levels_elo.profile_line(entry))
    if path:
        kept = {}
        if os.path.exists(path):
            with open(path) as saved:
                kept = {entry["level"]: entry for entry in json.load(saved)}
        kept.update({entry["level"]: entry for entry in rows})
        levels_elo.write_atomically(path, [kept[n] for n in sorted(kept)])
        for number in levels:
            if os.path.exists("%s.level%d" % (path, number)):
                os.remove("%s.level%d" % (path, number))
    return rows

