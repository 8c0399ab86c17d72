#!/usr/bin/env bash
# Monte Carlo playouts per second on 9x9 Go with 1 and 2 threads (root
# parallelism): `ply gtp --threads N` thinks SECONDS on each of three positions
# and its log line on stderr ("... playouts N") gives the playouts it ran.
#
#   scripts/mcts-threads-speed.sh [SECONDS] [THREADS...]   # default: 5 s, 1 and 2
#
# Run it on a quiet machine (the threads compete with anything else running).
# PLY=path/to/ply picks the binary (default: a release build of this checkout).
# The strength half of the measure is a match at equal time per move:
#
#   ply match go -o size=9 --games 40 --swap \
#     --first mcts:seed:time=1:threads=2 --second mcts:seed:time=1
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${PLY:-} ]]; then
  cargo build --release --quiet --bin ply
  PLY=target/release/ply
fi
seconds=${1:-5}
shift || true
threads=("$@")
if [[ ${#threads[@]} -eq 0 ]]; then
  threads=(1 2)
fi

# The empty board, an opening and a middle game, as GTP moves.
positions=(
  ""
  "play b E5
play w C4
play b G6"
  "play b E5
play w C4
play b G6
play w E3
play b D3
play w D4
play b E4
play w C3
play b F3
play w G4"
)

printf '%-8s %-10s %12s %14s\n' threads position playouts playouts/s
for n in "${threads[@]}"; do
  total=0
  for i in "${!positions[@]}"; do
    script=$(printf 'boardsize 9\nkomi 7\n%s\ngenmove %s\n' "${positions[$i]}" \
      "$([[ $((i % 2)) -eq 0 ]] && echo b || echo w)")
    # The input stays open while the move is searched: its end would stop the search.
    playouts=$({ printf '%s\n' "$script"; sleep "$(echo "$seconds + 1" | bc -l)"; } |
      "$PLY" gtp --threads "$n" --time "$seconds" --resign 0 2>&1 >/dev/null |
      sed -n 's/.*playouts \([0-9]*\).*/\1/p' | tail -1)
    total=$((total + playouts))
    printf '%-8s %-10s %12s %14.0f\n' "$n" "#$i" "$playouts" "$(echo "$playouts / $seconds" | bc -l)"
  done
  printf '%-8s %-10s %12s %14.0f\n' "$n" "all" "$total" \
    "$(echo "$total / ($seconds * ${#positions[@]})" | bc -l)"
done
