#!/usr/bin/env bash
# The signature of ply's searches: nodes, best move and score of a fixed set of
# searches across every game (the engine with each evaluation, the course's
# minimax and alpha-beta, MCTS with its fixed seed). A refactor that changes
# nothing prints the same lines before and after:
#
#   scripts/signature.sh > before.txt   # on the old commit
#   scripts/signature.sh > after.txt    # on the new one
#   diff before.txt after.txt
#
# PLY=path/to/ply picks the binary (default: a release build of this checkout).
# An evaluation a game no longer offers shows as a missing line; one it newly
# offers, as an added line.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${PLY:-} ]]; then
  cargo build --release --quiet --bin ply
  PLY=target/release/ply
fi

# game | options | moves from the start | engine depth | course depth | MCTS playouts
cases=(
  "tictactoe||b2|9|9|2000"
  "grundy|-o heap=9||20|20|2000"
  "dodgem||a2-b2|10|7|2000"
  "kalah||3|9|6|2000"
  "connect4||4 4 3|10|6|2000"
  "gomoku|-o size=9|e5 d4|3|2|400"
  "go|-o size=7|D4 C3|2|2|1000"
  "chess||e4 e5 Nf3 Nc6|9|3|500"
  "checkers||11-15 23-19|12|5|1000"
  "xiangqi||h2e2 h9g7|7|3|500"
  "othello||d3 c5|8|5|1000"
  "synthetic|-o b=4 -o d=6 -o seed=7||6|6|2000"
)

# One search as a line: what was asked, then best move, score, nodes, leaves, cutoffs.
run() {
  local label=$1
  shift
  "$PLY" solve "$@" --json --no-solver | python3 -c '
import json, sys
r = json.load(sys.stdin)
print(sys.argv[1], "|", "best", r["best_move"], "score", r["score"], "nodes", r["nodes"],
      "all", r.get("nodes_all_passes", r["nodes"]), "leaves", r["leaves"],
      "cutoffs", r["cutoffs"], "pv", " ".join(r["pv"]))
' "$label"
}

# The evaluations `ply list` offers for a game.
evaluations() {
  "$PLY" list | awk -v game="$1" '
    /^[a-z0-9]+  / { current = $1 }
    current == game && $1 == "--eval" { print $2 }'
}

for case in "${cases[@]}"; do
  IFS='|' read -r game options moves engine_depth course_depth playouts <<<"$case"
  # shellcheck disable=SC2206
  args=($game $options)
  [[ -n $moves ]] && args+=(--moves "$moves")
  for eval in $(evaluations "$game"); do
    run "$game engine eval=$eval depth=$engine_depth" "${args[@]}" --algo engine \
      --eval "$eval" --depth "$engine_depth"
  done
  run "$game alphabeta depth=$course_depth" "${args[@]}" --algo alphabeta --depth "$course_depth"
  run "$game minimax depth=$course_depth" "${args[@]}" --algo minimax --depth "$course_depth"
  run "$game mcts playouts=$playouts" "${args[@]}" --algo mcts --nodes "$playouts"
done
