#!/usr/bin/env python3
"""Nodes per second of the engine on 1 and on N threads (lazy SMP), on the
engine cases of `ply bench` (chess, kiwipete, xiangqi, gomoku, checkers at
their fixed depths), and the ratio N / 1.

A measurement, not a test. Python standard library only. Run it on a quiet
machine: the threads compete with anything else running.

    scripts/threads-speed.py [--ply target/release/ply] [--threads 2] [--rounds 3]

Runs `ply bench --json --threads 1` and `--threads N` in turn, `--rounds`
times, and keeps each case's best nodes per second for each thread count (wall
time: on several threads CPU time would count every thread). With more than one
thread the node counts vary from run to run (the threads race), so only the
speeds are compared. Prints one line per engine case and the total; then the
match that measures what the speed is worth in play (2 threads against 1 at
200 ms a move, 100 games, both colours), to run by hand:

    ply match chess --first engine:neural:time=0.2:threads=2 \\
        --second engine:neural:time=0.2 --games 100 --swap \\
        --openings tests/data/chess/openings.txt
"""

import argparse
import json
import subprocess

MATCH = (
    "{ply} match chess --first engine:neural:time=0.2:threads={threads} "
    "--second engine:neural:time=0.2 --games 100 --swap "
    "--openings tests/data/chess/openings.txt"
)


def bench(ply, threads):
    """The bench's cases as {name: (nodes, nps)}, on `threads` threads."""
    out = subprocess.run(
        [ply, "bench", "--json", "--threads", str(threads)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {c["name"]: (c["nodes"], c["nps"]) for c in json.loads(out)["cases"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    best = {1: {}, args.threads: {}}
    for _ in range(args.rounds):
        for threads in best:
            for name, (nodes, nps) in bench(args.ply, threads).items():
                if "engine" in name:
                    best[threads][name] = max(best[threads].get(name, (0, 0)), (nps, nodes))
    one, many = best[1], best[args.threads]
    print(f"{'case':<30} {'nps 1':>12} {'nps ' + str(args.threads):>12} {'ratio':>7}")
    for name in one:
        ratio = many[name][0] / max(one[name][0], 1)
        print(f"{name:<30} {one[name][0]:>12} {many[name][0]:>12} {ratio:>7.2f}")
    total_one = sum(v[0] for v in one.values())
    total_many = sum(v[0] for v in many.values())
    print(
        f"{'all engine cases (sum of nps)':<30} {total_one:>12} {total_many:>12}"
        f" {total_many / max(total_one, 1):>7.2f}"
    )
    print()
    print("What it is worth in play (minutes; run on a quiet machine):")
    print(MATCH.format(ply=args.ply, threads=args.threads))


if __name__ == "__main__":
    main()
