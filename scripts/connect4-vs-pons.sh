#!/usr/bin/env bash
# Connect Four: ply's exact solver against Pascal Pons' (github.com/PascalPons/connect4),
# on the same positions, each solved alone from empty tables and timed inside one
# process. Prints, per set, the mean nodes and mean microseconds of both and their
# ratios (ply / Pons: below 1 means ply searched fewer nodes or took less time).
#
# Usage: scripts/connect4-vs-pons.sh [SET...]
#   SET: files of `MOVES SCORE` lines (default: tests/data/connect4/Test_*).
# Environment:
#   PONS_SRC   a checkout of PascalPons/connect4 (default: cloned into /tmp).
#   PLY        the ply binary (default: target/release/ply, built if missing).
#   LINES      solve only the first LINES positions of each set (default: all).
# Pons' code is built in /tmp and never copied into this repository; the driver
# below is ours: it calls his Solver::reset and Solver::solve around a clock, as
# his benchmark tables were measured.
set -euo pipefail
cd "$(dirname "$0")/.."

work=/tmp/ply-pons-connect4
mkdir -p "$work"
src=${PONS_SRC:-$work/src}
if [[ ! -f $src/Solver.cpp ]]; then
    git clone --quiet https://github.com/PascalPons/connect4 "$src"
fi

cat > "$work/driver.cpp" <<'CPP'
// Reads `MOVES [SCORE]` lines; prints `MOVES SCORE NODES MICROSECONDS` per line.
#include "Solver.hpp"
#include <chrono>
#include <iostream>
#include <sstream>
using namespace GameSolver::Connect4;
int main() {
  Solver solver;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string moves;
    if (!(words >> moves) || moves[0] == '#') continue;
    Position position;
    if (position.play(moves) != moves.size()) {
      std::cerr << "invalid position " << moves << std::endl;
      return 2;
    }
    solver.reset();
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(position, false);
    auto end = std::chrono::steady_clock::now();
    long long micros =
        std::chrono::duration_cast<std::chrono::microseconds>(end - start).count();
    std::cout << moves << " " << score << " " << solver.getNodeCount() << " " << micros
              << std::endl;
  }
}
CPP
if [[ ! -x $work/pons || $work/driver.cpp -nt $work/pons ]]; then
    # The flags of Pons' own Makefile.
    g++ --std=c++11 -W -Wall -O3 -DNDEBUG -I"$src" -o "$work/pons" \
        "$work/driver.cpp" "$src/Solver.cpp"
fi

ply=${PLY:-target/release/ply}
[[ -x $ply ]] || cargo build --release --quiet

sets=("$@")
if [[ ${#sets[@]} -eq 0 ]]; then
    sets=(tests/data/connect4/Test_*)
fi

# The mean of column $2 (1-based) of lines that are results: MOVES SCORE NODES MICROS.
mean() { awk -v c="$1" 'NF == 4 && $1 ~ /^[0-9]+$/ { s += $c; n++ } END { printf "%.1f", n ? s / n : 0 }'; }

printf '%-12s %6s %14s %14s %8s %12s %12s %8s\n' set positions \
    "ply nodes" "Pons nodes" ratio "ply us" "Pons us" ratio
for set in "${sets[@]}"; do
    input=$work/input
    grep -v '^#' "$set" | head -n "${LINES:-1000000}" > "$input"
    "$ply" solve connect4 --batch "$input" > "$work/ply.out"
    "$work/pons" < "$input" > "$work/pons.out"
    # Both must give the file's scores.
    if ! paste -d' ' <(awk '{print $1, $2}' "$input") \
        <(awk 'NF == 4 && $1 ~ /^[0-9]+$/ {print $2}' "$work/pons.out") |
        awk '$2 != $3 { bad++ } END { exit bad > 0 }'; then
        echo "Pons' solver disagrees with $set" >&2
        exit 1
    fi
    n=$(wc -l < "$input")
    ply_nodes=$(mean 3 < "$work/ply.out")
    pons_nodes=$(mean 3 < "$work/pons.out")
    ply_us=$(mean 4 < "$work/ply.out")
    pons_us=$(mean 4 < "$work/pons.out")
    printf '%-12s %6d %14s %14s %8.3f %12s %12s %8.3f\n' "$(basename "$set")" "$n" \
        "$ply_nodes" "$pons_nodes" "$(echo "$ply_nodes / $pons_nodes" | bc -l)" \
        "$ply_us" "$pons_us" "$(echo "$ply_us / $pons_us" | bc -l)"
done
