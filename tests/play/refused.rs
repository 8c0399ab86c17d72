//! Input the command line used to accept silently, refused now with one line on
//! standard error and exit status 2: an empty written tree, an SGF board size Go
//! in ply does not have, the strict pruning rule for an algorithm without it, and
//! a tree recording too large to keep.

use super::common;

use common::binary::ply;

/// Runs `ply` with no terminal and standard input empty; its standard error,
/// after checking the run was refused with status 2 and one line.
fn refused(args: &[&str]) -> String {
    let output = ply(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    stderr
}

#[test]
fn an_empty_written_tree_is_refused_not_replaced_by_the_default_one() {
    for command in ["solve", "play"] {
        let stderr = refused(&[command, "synthetic", "-o", "tree="]);
        assert!(stderr.contains("tree: the tree is empty"), "{stderr}");
        let stderr = refused(&[command, "synthetic", "-o", "tree=  "]);
        assert!(stderr.contains("tree: the tree is empty"), "{stderr}");
    }
}

#[test]
fn an_sgf_size_go_does_not_have_is_refused_with_the_reason() {
    let cases = [
        (
            "99999999999999999999",
            "the board size must be a number from 5 to 19",
        ),
        ("abc", "the board size must be a number from 5 to 19"),
        ("4", "the board size must be a number from 5 to 19"),
        ("19:19", "a square board's size is one number (SZ[19])"),
        ("19:13", "only square boards are supported"),
    ];
    for (size, reason) in cases {
        let sgf = format!("(;GM[1]FF[4]SZ[{size}];B[aa])");
        for command in ["solve", "play"] {
            let stderr = refused(&[command, "go", "--position", &sgf]);
            assert!(
                stderr.contains(&format!("SZ[{size}]: {reason}")),
                "{stderr}"
            );
        }
    }
    // The same root with a size Go has is read, and its move played.
    let output = ply(&[
        "solve",
        "go",
        "--position",
        "(;GM[1]FF[4]SZ[9];B[aa])",
        "--depth",
        "1",
    ]);
    assert!(output.status.success(), "{output:?}");
}

#[test]
fn the_strict_rule_is_refused_for_an_algorithm_that_does_not_have_it() {
    for algo in ["engine", "minimax", "mcts"] {
        let stderr = refused(&[
            "play",
            "tictactoe",
            "--algo",
            algo,
            "--prune-on-equal",
            "no",
        ]);
        assert!(
            stderr.contains("only the course's alpha-beta (alphabeta) has the strict rule"),
            "{stderr}"
        );
    }
    let stderr = refused(&["play", "tictactoe", "--prune-on-equal", "maybe"]);
    assert!(stderr.contains("'maybe': expected yes or no"), "{stderr}");
}

#[test]
fn a_tree_recording_larger_than_memory_allows_is_refused() {
    for cap in ["4000000000", "0", "-1", "lots"] {
        let stderr = refused(&["solve", "tictactoe", &format!("--tree-cap={cap}")]);
        assert!(
            stderr.contains("expected a whole number of nodes from 1 to 10000000"),
            "{cap}: {stderr}"
        );
    }
    let output = ply(&[
        "solve",
        "tictactoe",
        "--tree-cap",
        "10000000",
        "--depth",
        "1",
    ]);
    assert!(output.status.success(), "{output:?}");
}
