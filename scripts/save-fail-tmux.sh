#!/usr/bin/env bash
# A save that fails is said when the arcade ends: `ply play tictactoe` with its
# data directory under a regular file (no save can succeed, even for root), one
# move played, ended once by SIGTERM and once by Ctrl-C. Each time the terminal
# comes back and stderr holds one line saying the game could not be saved and
# that it was never kept; the status line said NOT SAVED while it ran.
#
# Usage: scripts/save-fail-tmux.sh [PATH_TO_PLY]   (default: $CARGO_TARGET_DIR or target, release)
set -euo pipefail

name=save-fail-tmux
source "$(dirname "$0")/tmux-lib.sh"
find_ply "${1:-}"

work=$(mktemp -d)
sessions=()
trap 'kill_sessions; rm -rf "$work"' EXIT
echo "a regular file" > "$work/file"

for ending in TERM ctrl-c; do
    session="ply-save-fail-$$-$ending"
    sessions+=("$session")
    pid_file=$work/pid-$ending status_file=$work/status-$ending err_file=$work/err-$ending
    tmux new-session -d -s "$session" -x 100 -y 30 \
        "sh -c 'echo \$\$ > $pid_file; exec env PLY_DATA_DIR=$work/file/sub $bin play tictactoe --second human --moves b2 2> $err_file'; \
         echo \$? > $status_file; sleep 30"
    wait_for_file "$pid_file" || fail "no pid for ply"
    wait_for "NOT SAVED" 20
    if [[ $ending == TERM ]]; then
        kill -s TERM "$(cat "$pid_file")"
        expected=143
    else
        tmux send-keys -t "$session" C-c
        expected=0
    fi
    wait_for_file "$status_file" || fail "ply did not exit ($ending)"
    status=$(cat "$status_file")
    [[ $status == "$expected" ]] || fail "$ending: exit status $status, expected $expected"
    [[ $(tmux display -p -t "$session" '#{alternate_on}') == 0 ]] || fail "$ending: still on the alternate screen"
    [[ $(wc -l < "$err_file") == 1 ]] || fail "$ending: stderr is not one line: $(cat "$err_file")"
    grep -Eq "^ply: the game could not be saved in $work/file/sub/games: .*; it was never kept$" "$err_file" \
        || fail "$ending: stderr does not say the save failed: $(cat "$err_file")"
    echo "save-fail-tmux: $ending -> status $status, $(cat "$err_file")"
done
echo "save-fail-tmux: ok"
