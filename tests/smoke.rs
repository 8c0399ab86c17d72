//! The real binary in a real terminal: `scripts/smoke-tmux.sh` starts `ply` in tmux,
//! reaches a tic-tac-toe game against the computer, plays a move, reads the search
//! panel's nodes and PV off the screen, quits, and checks the exit status and that
//! the terminal left the alternate screen.

use std::process::Command;

#[test]
fn the_arcade_runs_in_a_real_terminal() {
    let tmux_present = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !tmux_present {
        assert!(
            std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
            "tmux is required here"
        );
        eprintln!("tmux not installed: the terminal smoke test did not run");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/smoke-tmux.sh");
    let output = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_ply"))
        .output()
        .expect("bash runs the smoke script");
    assert!(
        output.status.success(),
        "smoke test failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
