//! Signals and job control for the real arcade in a real terminal:
//! `scripts/signal-tmux.sh` sends each of SIGTERM, SIGINT and SIGHUP to `ply play
//! chess` while the computer searches, and checks the exit status (128 + the
//! signal's number) and that the terminal came back (alternate screen left, mouse
//! off, cursor shown, `stty` sane); `scripts/suspend-tmux.sh` suspends it with
//! Ctrl-Z and with SIGTSTP and checks the shell's terminal, then `fg`, the board
//! redrawn, a move typed and the clock that stood still. Without a terminal at
//! all, the arcade says so in one line.

use super::common;

#[test]
fn stop_signals_give_the_terminal_back() {
    common::tmux::run_script("signal-tmux.sh");
}

#[test]
fn suspend_gives_the_terminal_back_and_fg_takes_it_again() {
    common::tmux::run_script("suspend-tmux.sh");
}

#[test]
fn without_a_terminal_the_arcade_says_so_in_one_line() {
    for args in [&["play", "chess"][..], &[]] {
        // `output` gives the child /dev/null for its standard input.
        let output = common::binary::ply(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "ply {args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "ply {args:?}: {stderr}");
        assert!(
            stderr.starts_with("ply: the arcade needs a terminal (stdin is not a tty)"),
            "ply {args:?}: {stderr}"
        );
        assert!(stderr.contains("ply gtp"), "ply {args:?}: {stderr}");
    }
}
