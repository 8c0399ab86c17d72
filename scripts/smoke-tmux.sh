#!/usr/bin/env bash
# Smoke test of the real arcade in tmux: start `ply`, open a tic-tac-toe game against
# the computer, play a move, read the search panel (nodes and principal variation)
# off the screen, open the explorer on the computer's search tree (explored nodes,
# pruned moves, the minimax comparison), go back, leave the game (it asks first, and
# keeps the game in a scratch data directory), resume it from the saved games, open
# its review, go back, quit, and check the exit status and
# that the terminal is back to normal (alternate screen left, mouse reporting off).
#
# Usage: scripts/smoke-tmux.sh [PATH_TO_PLY]   (default: $CARGO_TARGET_DIR or target, release)
set -euo pipefail

name=smoke-tmux
source "$(dirname "$0")/tmux-lib.sh"
find_ply "${1:-}"

session="ply-smoke-$$"
status_file=$(mktemp)
rm -f "$status_file"
data_dir=$(mktemp -d)
cleanup() {
    rm -rf "$data_dir"
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -f "$status_file"
}
trap cleanup EXIT

# The pane outlives ply, so the exit status and the restored screen can be checked.
tmux new-session -d -s "$session" -x 100 -y 30 \
    "env -u NO_COLOR PLY_DATA_DIR='$data_dir' '$bin'; echo \$? > '$status_file'; sleep 30"

wait_for "Rules: Tic-tac-toe"
[[ $(tmux display -p -t "$session" '#{alternate_on}') == 1 ]] || fail "ply did not switch to the alternate screen"
tmux send-keys -t "$session" Enter
wait_for "Tic-tac-toe: set up the game"
tmux send-keys -t "$session" Enter
wait_for "X \(human\) to move"
tmux send-keys -t "$session" Enter   # the cursor starts on b2
wait_for "O \(computer\): chose"
screen=$(tmux capture-pane -p -t "$session")
grep -Eq "nodes [0-9][0-9,]*" <<<"$screen" || fail "no node count on the search panel"
grep -Eq "PV [a-c][1-3]( [a-c][1-3])*" <<<"$screen" || fail "no principal variation on the search panel"
grep -Eq "1\. b2 +[a-c][1-3]" <<<"$screen" || fail "the move list lacks the human's move"
echo "$screen"

tmux send-keys -t "$session" t       # the explorer on the computer's search
wait_for "Search tree · O \(computer\), move 2"
wait_for "explored [0-9][0-9,]* nodes · leaves evaluated [0-9]"
tmux send-keys -t "$session" j j l   # open the root's second move, a MIN node that cut
wait_for "╌ pruned [a-c][1-3]( [a-c][1-3])*  \(alpha cutoff: "
tmux send-keys -t "$session" m       # the same position by plain minimax
wait_for "plain minimax +█+ +[0-9][0-9,]* nodes"
tmux capture-pane -p -t "$session"
tmux send-keys -t "$session" q       # back to the game
wait_for "O \(computer\): chose"

tmux send-keys -t "$session" q       # back to the menu: moves were played, so it asks
wait_for "Leave this game\?"
tmux send-keys -t "$session" y
wait_for "Rules: Tic-tac-toe"
wait_for "saved games: 1 in progress"
tmux send-keys -t "$session" s       # the saved games
wait_for "in progress +Tic-tac-toe +X human · O computer · 2 moves"
tmux send-keys -t "$session" Enter   # resumed at the same move
wait_for "1\. b2 +[a-c][1-3]"
tmux send-keys -t "$session" v       # the review, with the proven values
wait_for "Review: Tic-tac-toe"
wait_for "held the draw"
tmux send-keys -t "$session" Escape  # back to the game
wait_for "X \(human\) to move"
tmux send-keys -t "$session" q y     # back to the menu
wait_for "Rules: Tic-tac-toe"
tmux send-keys -t "$session" q       # quit
for ((i = 0; i < 50; i++)); do
    [[ -s $status_file ]] && break
    sleep 0.1
done
[[ -s $status_file ]] || fail "ply did not exit after q"
status=$(cat "$status_file")
[[ $status == 0 ]] || fail "ply exited with status $status"
[[ $(tmux display -p -t "$session" '#{alternate_on}') == 0 ]] || fail "the terminal is still on the alternate screen"
mouse=$(tmux display -p -t "$session" '#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}')
[[ $mouse == 000 ]] || fail "mouse reporting is still on ($mouse)"
if tmux capture-pane -p -t "$session" | grep -q "Search"; then
    fail "the arcade is still on the screen after quitting"
fi
echo "smoke-tmux: ok (exit status 0, terminal restored)"
