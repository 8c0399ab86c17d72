//! The built `ply` binary, run as a user runs it: its output, its standard
//! output when it succeeds, and that output read as one JSON value.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

use serde_json::Value;

/// Runs `ply` with these arguments.
pub fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("the ply binary runs")
}

/// Runs `ply` with these arguments and `input` on its standard input, as a
/// protocol's controller does; the run must succeed.
pub fn ply_fed(args: &[&str], input: &[u8]) -> Output {
    let mut child = ply_piped(args);
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "exit status {:?}", output.status);
    output
}

/// Starts `ply` with these arguments, its standard streams piped.
pub fn ply_piped(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ply binary runs")
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let output = ply(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// The standard output of a run that must succeed, as one JSON value.
pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).expect("stdout is one JSON value")
}

/// The keys of a JSON object, sorted: what a documented output shape is checked by.
pub fn sorted_keys(object: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = object
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}
