#!/usr/bin/env bash
# Renders the picture at the top of the README from the real program: a chess game
# against level 9 in tmux, the search panel after the computer's first move, drawn
# into docs/src/images/arcade.svg. Run it again whenever the screens change.
# Needs tmux and python3; builds ply in release mode first.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
columns=110 rows=34 session="ply-screenshot-$$"
capture=$(mktemp)
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -f "$capture"' EXIT
# A data directory of its own, so the picture's game does not join the user's saves.
export PLY_DATA_DIR=$(mktemp -d)
tmux new-session -d -s "$session" -x "$columns" -y "$rows" \
  "target/release/ply play chess --moves 'e4 e5 Nf3 Nc6 Bb5' --level 9"
# Level 9 thinks 1 s a move; wait until its move is on the board and the panel says so.
for _ in $(seq 50); do
  sleep 0.2
  if tmux capture-pane -p -t "$session" | grep -q "chose"; then break; fi
done
sleep 0.3
tmux capture-pane -p -e -t "$session" > "$capture"
python3 scripts/ansi_to_svg.py "$capture" "$columns" "$rows" > docs/src/images/arcade.svg
echo "wrote docs/src/images/arcade.svg"
