//! The real binary in a real terminal: `scripts/smoke-tmux.sh` starts `ply` in tmux,
//! reaches a tic-tac-toe game against the computer, plays a move, reads the search
//! panel's nodes and PV off the screen, opens the explorer on the computer's search
//! tree (explored nodes, pruned moves, the minimax comparison), quits, and checks the
//! exit status and that the terminal left the alternate screen.

use super::common;

#[test]
fn the_arcade_runs_in_a_real_terminal() {
    common::tmux::run_script("smoke-tmux.sh");
}
