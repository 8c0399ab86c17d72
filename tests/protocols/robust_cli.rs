//! The command line's reproducers from the robustness audit: usage errors as one
//! line with a pointer to `--help`, input echoed with its control characters
//! escaped, a table larger than a memory limit refused with one line, numbers past
//! any range refused.

use std::process::{Command, Output};

use super::common;

use common::binary::ply;

/// Status 2 and one line on stderr starting `ply: `, with no raw control character.
fn assert_one_line_refusal(args: &[&str], output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("ply: "), "{args:?}: {stderr}");
    assert!(
        !stderr.trim_end().chars().any(char::is_control),
        "{args:?}: {stderr:?}"
    );
    stderr
}

#[test]
fn usage_errors_are_one_line_pointing_to_help() {
    let cases: &[(&[&str], &str)] = &[
        (&["frobnicate"], "'ply --help'"),
        (&["solve"], "'ply solve --help'"),
        (
            &["solve", "tictactoe", "--depht", "3"],
            "'ply solve --help'",
        ),
        (&["perft", "tictactoe", "x"], "'ply perft --help'"),
        (
            &["solve", "tictactoe", "--depth", "99999999999999999999999"],
            "'ply solve --help'",
        ),
        (
            &["solve", "tictactoe", "--tt-mib", "-1"],
            "'ply solve --help'",
        ),
    ];
    // Values that parse but no search could honour: refused before any search.
    for args in [
        &["play", "chess", "--first", "computer", "--time", "1.5e19"][..],
        &["solve", "chess", "--time", "1e300"][..],
        &["solve", "chess", "--time", "inf"][..],
    ] {
        let stderr = assert_one_line_refusal(args, &ply(args));
        assert!(stderr.contains("under 1e9"), "{args:?}: {stderr}");
    }
    for (args, help) in cases {
        let stderr = assert_one_line_refusal(args, &ply(args));
        assert!(stderr.contains(help), "{args:?}: {stderr}");
    }
    let help = ply(&["solve", "--help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).lines().count() > 5);
}

#[test]
fn control_characters_in_echoed_input_are_escaped() {
    for args in [
        &["solve", "tic\u{1b}[2Jtac"][..],
        &["solve", "tictactoe", "--moves", "a1\nb2\u{7}"][..],
        &["solve", "tictactoe", "--position", "x\r\u{1b}]0;title\u{7}"][..],
    ] {
        let stderr = assert_one_line_refusal(args, &ply(args));
        assert!(stderr.contains("\\u{"), "the escapes are shown: {stderr}");
    }
    // clap's own messages: one line, the escape sequence gone either way.
    let args = &["solve", "tictactoe", "--frob\u{1b}[31m"][..];
    assert_one_line_refusal(args, &ply(args));
}

#[test]
fn a_table_past_the_memory_limit_is_refused_with_one_line() {
    let bin = env!("CARGO_BIN_EXE_ply");
    let output = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -v 2000000 && exec '{bin}' solve chess --depth 3 --tt-mib 8000"
        ))
        .output()
        .expect("bash runs");
    let args = ["solve", "chess", "--depth", "3", "--tt-mib", "8000"];
    let stderr = assert_one_line_refusal(&args, &output);
    assert!(stderr.contains("cannot reserve 8000 MiB"), "{stderr}");
}

#[test]
fn a_leaf_value_past_the_range_is_refused_with_one_line() {
    let args = ["solve", "synthetic", "-o", "tree=(-9223372036854775808,1)"];
    assert_one_line_refusal(&args, &ply(&args));
}
