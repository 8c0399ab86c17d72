#!/usr/bin/env bash
# The drawn tree and the exercise, used in the real arcade in tmux at 80x24: the
# computer searches the textbook tree ((3,12,8),(2,4,6),(14,5,2)) with alpha-beta,
# `t` opens the explorer and `d` draws the tree (MIN nodes 3, <=2, <=2, the edges
# into the leaves 4 and 6 crossed out); then `ply play synthetic --exercise` is
# graded on a right answer (4 and 6 crossed out, root value 3) and quits with q.
#
# Usage: scripts/lessons-tmux.sh [PATH_TO_PLY]   (default: $CARGO_TARGET_DIR or target, release)
set -euo pipefail

name=lessons-tmux
source "$(dirname "$0")/tmux-lib.sh"
find_ply "${1:-}"

# One session per part, both kept until the end: killing the last session would
# stop the tmux server while the next one starts ("server exited unexpectedly").
session="ply-lessons-$$-drawn"
sessions=("$session")
status_file=$(mktemp)
rm -f "$status_file"
cleanup() {
    for s in "${sessions[@]}"; do
        tmux kill-session -t "=$s" 2>/dev/null || true
    done
    rm -f "$status_file"
}
trap cleanup EXIT

tmux new-session -d -s "$session" -x 80 -y 24 \
    "'$bin' play synthetic -o 'tree=((3,12,8),(2,4,6),(14,5,2))' --first computer --second human --algo alphabeta --depth 2; sleep 30"
wait_for "MIN \(human\) to move|MAX \(computer\): chose"
tmux send-keys -t "$session" t
wait_for "explored 11 nodes"
tmux send-keys -t "$session" d
wait_for "Drawn tree"
wait_for "▼3 +▼≤2 +▼≤2"
screen=$(tmux capture-pane -p -t "$session")
echo "$screen"
grep -Eq "\] ✗ +✗ +│" <<<"$screen" || fail "the edges into 4 and 6 are not crossed out"
grep -Eq "3 +12 +8 +2 +4 +6 +14 +5 +2" <<<"$screen" || fail "the leaves are not all drawn"

session="ply-lessons-$$-exercise"
sessions+=("$session")
tmux new-session -d -s "$session" -x 80 -y 24 \
    "'$bin' play synthetic --exercise; echo \$? > '$status_file'; sleep 30"
wait_for "Exercise · the course's three-by-three tree"
# Down to the first MIN node, right to the second, down to its first leaf (2), right
# to 4: cross it out; right to 6: cross it out; the root is worth 3; grade.
tmux send-keys -t "$session" Down Right Down Right Space Right Space 3 Enter
wait_for "All right! value 3: right · 2 right, 0 missed, 0 wrongly crossed"
tmux capture-pane -p -t "$session"
tmux send-keys -t "$session" q
for ((i = 0; i < 100; i++)); do
    [[ -s $status_file ]] && break
    sleep 0.1
done
[[ $(cat "$status_file" 2>/dev/null) == 0 ]] || fail "ply did not exit cleanly after q"
echo "$name: ok"
