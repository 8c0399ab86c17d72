#!/usr/bin/env python3
"""Nodes per second of the engine on 1 and on N threads (lazy SMP), on the
engine cases of `ply bench` (chess, kiwipete, xiangqi, gomoku, checkers at
their fixed depths), and the ratio N / 1.

A measurement, not a test. Python standard library only. Run it on a quiet
machine: the threads compete with anything else running.

    scripts/threads-speed.py [--ply target/release/ply] [--threads 2] [--rounds 3]
    scripts/threads-speed.py --movetime 3000 [--threads 2]

The bench's cases last milliseconds, so starting the threads and clearing the
shared table weigh on them. `--movetime MS` measures at a fixed time instead:
every middlegame of scripts/speed-positions.txt (chess through `ply uci`,
xiangqi through `ply ucci`) is searched for MS milliseconds on 1 and on N
threads, and the speed is the nodes and time of the last `info` line before
`bestmove`.

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
import os
import subprocess
import time

POSITIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "speed-positions.txt")
PROTOCOL = {"chess": ("uci", "uciok", "setoption name Threads value {}"),
            "xiangqi": ("ucci", "ucciok", "setoption threads {}")}

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


def timed_search(ply, game, fen, threads, millis):
    """(nodes, seconds) of one `go infinite` on `fen`, stopped after `millis`."""
    command, ok, threads_option = PROTOCOL[game]
    engine = subprocess.Popen([ply, command], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def read_until(prefix):
        lines = []
        for line in engine.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"ply {command} closed its output before {prefix}")

    send(command)
    read_until(ok)
    send(threads_option.format(threads))
    send("position fen " + fen)
    send("isready")
    read_until("readyok")
    send("go infinite")
    time.sleep(millis / 1000)
    send("stop")
    infos = [l for l in read_until("bestmove") if l.startswith("info depth")]
    send("quit")
    engine.wait(timeout=10)
    words = infos[-1].split()
    return int(words[words.index("nodes") + 1]), int(words[words.index("time") + 1]) / 1000


def fixed_time(args):
    """Each middlegame searched for --movetime ms on 1 and N threads; nps per game."""
    with open(POSITIONS) as positions:
        cases = [l.split(None, 1) for l in positions if l.strip() and not l.startswith("#")]
    totals = {}
    for game, fen in cases:
        if game not in PROTOCOL:
            continue
        for threads in (1, args.threads):
            nodes, seconds = timed_search(args.ply, game, fen.strip(), threads, args.movetime)
            total = totals.setdefault((game, threads), [0, 0.0])
            total[0] += nodes
            total[1] += seconds
    print(f"{'game':<10} {'nps 1':>12} {'nps ' + str(args.threads):>12} {'ratio':>7}")
    for game in PROTOCOL:
        if (game, 1) not in totals:
            continue
        one = totals[(game, 1)][0] / totals[(game, 1)][1]
        many = totals[(game, args.threads)][0] / totals[(game, args.threads)][1]
        print(f"{game:<10} {one:>12.0f} {many:>12.0f} {many / one:>7.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--movetime", type=int, help="fixed-time mode: ms per position")
    args = parser.parse_args()
    if args.movetime:
        fixed_time(args)
        return
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
