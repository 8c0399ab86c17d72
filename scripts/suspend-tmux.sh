#!/usr/bin/env bash
# Suspend and resume in a real terminal: `ply play chess` on a one-minute clock,
# run by an interactive shell in tmux (so that there is job control), is stopped
# once by Ctrl-Z as a key and once by `kill -TSTP`. Each time the shell's prompt
# must show on the normal screen with mouse reporting off, the cursor shown and
# the terminal sane (`stty`: canonical mode and echo); after `fg` the board must
# be back on the alternate screen and a typed move must be played. The time
# stopped must not be charged to the clock of the side to move.
#
# Usage: scripts/suspend-tmux.sh [PATH_TO_PLY]   (default: $CARGO_TARGET_DIR or target, release)
set -euo pipefail

name=suspend-tmux
source "$(dirname "$0")/tmux-lib.sh"
find_ply "${1:-}"

work=$(mktemp -d)
session="ply-suspend-$$"
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

tmux new-session -d -s "$session" -x 100 -y 30 "env -u NO_COLOR bash --norc --noprofile -i"
tmux send-keys -t "$session" "PS1='READY\$ '; export PLY_DATA_DIR=$work/data" Enter
wait_for '^READY\$'
tmux send-keys -t "$session" "clear; $bin play chess --clock 1+0" Enter
wait_for 'White \(human\) to move'
pid=$(pgrep -P "$(tmux display -p -t "$session" '#{pane_pid}')" | head -1)
[[ -n $pid ]] || fail "no pid for ply"

# The shell has the terminal back, as it was before ply started.
check_suspended() {
    wait_for 'Stopped'
    wait_for '^READY\$ *$'
    [[ $(tmux display -p -t "$session" '#{alternate_on}') == 0 ]] || fail "$1: still on the alternate screen"
    mouse=$(tmux display -p -t "$session" '#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}')
    [[ $mouse == 000 ]] || fail "$1: mouse reporting still on ($mouse)"
    [[ $(tmux display -p -t "$session" '#{cursor_flag}') == 1 ]] || fail "$1: the cursor is hidden"
    rm -f "$work/stty"
    tmux send-keys -t "$session" "stty -a > $work/stty" Enter
    for ((i = 0; i < 100; i++)); do
        [[ -s $work/stty ]] && break
        sleep 0.1
    done
    grep -Eq '(^| )icanon( |$)' "$work/stty" || fail "$1: the terminal is left in raw mode: $(cat "$work/stty")"
    grep -Eq '(^| )echo( |$)' "$work/stty" || fail "$1: echo is left off"
}

# After `fg`: the whole board drawn again on the alternate screen.
check_resumed() {
    tmux send-keys -t "$session" "fg" Enter
    wait_for '┌ Board'
    wait_for 'White +[0-9]:[0-9]{2}'
    [[ $(tmux display -p -t "$session" '#{alternate_on}') == 1 ]] || fail "$1: not back on the alternate screen"
    if tmux capture-pane -p -t "$session" | grep -q 'READY\$'; then
        fail "$1: the shell's lines are left over the board"
    fi
}

# White's clock, in seconds.
white_clock() {
    tmux capture-pane -p -t "$session" | grep -Eo 'White +[0-9]+:[0-9]{2}' | head -1 |
        awk '{ split($2, t, ":"); print t[1] * 60 + t[2] }'
}

tmux send-keys -t "$session" C-z
check_suspended "Ctrl-Z"
check_resumed "Ctrl-Z"
tmux send-keys -t "$session" "e4" Enter
wait_for '1\. e4 +[A-Za-z]' 20
echo "suspend-tmux: Ctrl-Z -> prompt, terminal sane; fg -> board redrawn, e4 played"

# White is to move, its clock running: stopped for 6 s, it must lose well under that.
before=$(white_clock)
kill -TSTP "$pid"
check_suspended "SIGTSTP"
sleep 6
check_resumed "SIGTSTP"
sleep 0.5
after=$(white_clock)
((before - after <= 3)) || fail "SIGTSTP: White's clock went from $before s to $after s over a 6 s stop"
tmux send-keys -t "$session" "d4" Enter
wait_for '2\. d4' 20
echo "suspend-tmux: SIGTSTP -> prompt, terminal sane; fg -> board redrawn, d4 played, clock $before s -> $after s"
echo "suspend-tmux: ok"
