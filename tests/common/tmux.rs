//! Runs one of the tmux scripts in `scripts/` on the built binary, the way CI
//! does: it fails (rather than skips) without tmux when `PLY_REQUIRE_TOOLS` is set.

use std::process::Command;
use std::sync::{Mutex, PoisonError};

/// Held while a script runs: the scripts share tmux's default server, which stops
/// when its last session is killed, so one script ending while another starts its
/// session would fail it. One test binary runs several of them.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `scripts/NAME` with the test binary and asserts that it succeeded.
pub fn run_script(name: &str) {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let tmux_present = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !tmux_present {
        assert!(
            std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
            "tmux is required here"
        );
        eprintln!("tmux not installed: {name} did not run");
        return;
    }
    let script = format!("{}/scripts/{name}", env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_ply"))
        .output()
        .expect("bash runs the script");
    assert!(
        output.status.success(),
        "{name} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
