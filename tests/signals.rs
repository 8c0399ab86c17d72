//! Stop signals to the real arcade in a real terminal: `scripts/signal-tmux.sh`
//! sends each of SIGTERM, SIGINT and SIGHUP to `ply play chess` while the computer
//! searches, and checks the exit status (128 + the signal's number) and that the
//! terminal came back (alternate screen left, mouse off, cursor shown, `stty` sane).

use std::process::Command;

#[test]
fn stop_signals_give_the_terminal_back() {
    let tmux_present = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !tmux_present {
        assert!(
            std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
            "tmux is required here"
        );
        eprintln!("tmux not installed: the signal test did not run");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/signal-tmux.sh");
    let output = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_ply"))
        .output()
        .expect("bash runs the signal script");
    assert!(
        output.status.success(),
        "signal test failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
