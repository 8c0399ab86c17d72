//! Stop signals to the real arcade in a real terminal: `scripts/signal-tmux.sh`
//! sends each of SIGTERM, SIGINT and SIGHUP to `ply play chess` while the computer
//! searches, and checks the exit status (128 + the signal's number) and that the
//! terminal came back (alternate screen left, mouse off, cursor shown, `stty` sane).

use super::common;

#[test]
fn stop_signals_give_the_terminal_back() {
    common::tmux::run_script("signal-tmux.sh");
}
