#!/usr/bin/env bash
# Stop signals reaching a running arcade in tmux: for each of SIGTERM, SIGINT and
# SIGHUP, start `ply play chess` after 1. e4 with the computer thinking for a long
# time, wait until its search shows on the screen, send the signal to the ply process, and
# check the exit status (128 + the signal's number) and that the terminal came
# back: alternate screen left, mouse reporting off, cursor visible, `stty` sane
# (canonical mode and echo on again), and that the game in progress is in the
# saved games (a scratch data directory).
#
# Usage: scripts/signal-tmux.sh [PATH_TO_PLY]   (default: $CARGO_TARGET_DIR or target, release)
set -euo pipefail

name=signal-tmux
source "$(dirname "$0")/tmux-lib.sh"
find_ply "${1:-}"

work=$(mktemp -d)
# One session per signal, all kept until the end: killing the last session would
# stop the tmux server while the next one starts.
sessions=()
cleanup() {
    for s in "${sessions[@]}"; do
        tmux kill-session -t "$s" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

for signal in TERM INT HUP; do
    session="ply-signal-$$-$signal"
    sessions+=("$session")
    pid_file=$work/pid-$signal status_file=$work/status-$signal stty_file=$work/stty-$signal
    # The shell in the pane records ply's pid and exit status, then the terminal's
    # settings as ply left them, and stays open so that the screen can be read.
    tmux new-session -d -s "$session" -x 100 -y 30 \
        "sh -c 'echo \$\$ > $pid_file; exec env -u NO_COLOR PLY_DATA_DIR=$work/data-$signal $bin play chess --moves e4 --time 60'; \
         echo \$? > $status_file; stty -a > $stty_file; sleep 30"
    wait_for_file "$pid_file" || fail "no pid for ply"
    wait_for "nodes [0-9]" 20
    [[ $(tmux display -p -t "$session" '#{alternate_on}') == 1 ]] || fail "ply is not on the alternate screen"
    kill -s "$signal" "$(cat "$pid_file")"
    wait_for_file "$stty_file" || fail "ply did not exit after SIG$signal"
    sleep 0.2
    status=$(cat "$status_file")
    expected=$((128 + $(kill -l "$signal")))
    [[ $status == "$expected" ]] || fail "SIG$signal: exit status $status, expected $expected"
    [[ $(tmux display -p -t "$session" '#{alternate_on}') == 0 ]] || fail "SIG$signal: still on the alternate screen"
    mouse=$(tmux display -p -t "$session" '#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}')
    [[ $mouse == 000 ]] || fail "SIG$signal: mouse reporting still on ($mouse)"
    [[ $(tmux display -p -t "$session" '#{cursor_flag}') == 1 ]] || fail "SIG$signal: the cursor is hidden"
    grep -Eq '(^| )icanon( |$)' "$stty_file" || fail "SIG$signal: the terminal is left in raw mode: $(cat "$stty_file")"
    grep -Eq '(^| )echo( |$)' "$stty_file" || fail "SIG$signal: echo is left off"
    grep -Eqs '"(e4|e2e4)"' "$work/data-$signal"/games/*.json || fail "SIG$signal: the game in progress was not saved"
    echo "signal-tmux: SIG$signal -> exit status $status, terminal restored, game saved"
done
echo "signal-tmux: ok"
