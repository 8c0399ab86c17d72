# Shared by the tmux scripts (smoke-tmux.sh, signal-tmux.sh, ...), sourced after they
# set $name (for messages), $session and, optionally, $1 of the caller as the
# binary: finding the binary, failing with the screen shown, waiting for text.

# Sets $bin to the absolute path of the ply binary ($1, else the release build).
find_ply() {
    bin=${1:-${CARGO_TARGET_DIR:-target}/release/ply}
    if [[ ! -x $bin ]]; then
        echo "$name: no binary at $bin (run cargo build --release first)" >&2
        exit 1
    fi
    if ! command -v tmux >/dev/null; then
        echo "$name: tmux is not installed" >&2
        exit 1
    fi
    bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
}

fail() {
    echo "$name: $1" >&2
    echo "---- screen ----" >&2
    tmux capture-pane -p -t "$session" >&2 || true
    exit 1
}

# Waits up to $2 seconds (default 10) for the screen to match the extended regex $1.
wait_for() {
    local pattern=$1 seconds=${2:-10}
    local tries=$((seconds * 10))
    for ((i = 0; i < tries; i++)); do
        if tmux capture-pane -p -t "$session" | grep -Eq -- "$pattern"; then
            return 0
        fi
        sleep 0.1
    done
    fail "timed out waiting for /$pattern/"
}

# Waits up to 10 seconds for file $1 to have content.
wait_for_file() {
    for ((i = 0; i < 100; i++)); do
        [[ -s $1 ]] && return 0
        sleep 0.1
    done
    return 1
}

# Kills every session named in the array $sessions (kept until the end: killing
# the last session stops the tmux server while the next one starts).
kill_sessions() {
    for s in "${sessions[@]}"; do
        tmux kill-session -t "=$s" 2>/dev/null || true
    done
}
