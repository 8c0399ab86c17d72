//! `ply eval`, driven through the built binary: the course's worked examples in
//! text and JSON, the JSON shape, and refusal of bad input with status 2 and one
//! line on stderr.

use super::common;

use common::binary::{json, ply, stdout};
use ply::game::registry::GAME_IDS;
use serde_json::Value;

#[test]
fn tic_tac_toe_worked_example_is_six_open_lines_minus_four() {
    // The course: X in the centre, O on an edge; X has 6 open lines, O 4.
    let text = stdout(&[
        "eval",
        "tictactoe",
        "--position",
        ".o./.x./...",
        "--explain",
    ]);
    assert!(text.contains("e(P) = 6 - 4 = 2"), "{text}");
    assert!(text.contains("to move    X"), "{text}");
    assert!(text.contains("value      2 for X"), "{text}");
    let diagonals = text
        .lines()
        .find(|line| line.starts_with("open diagonals"))
        .unwrap_or_else(|| panic!("no diagonals row in {text}"));
    assert_eq!(
        diagonals.split_whitespace().skip(2).collect::<Vec<_>>(),
        ["2", "0", "2"]
    );
}

#[test]
fn json_has_exactly_the_documented_keys_and_the_terms_add_up() {
    let report = json(&[
        "eval",
        "tictactoe",
        "--position",
        ".o./.x./...",
        "--explain",
        "--json",
    ]);
    let keys = common::binary::sorted_keys(&report);
    let mut expected = [
        "game",
        "position",
        "players",
        "to_move",
        "eval",
        "value",
        "value_first",
        "value_second",
        "outcome",
        "terms",
        "formula",
    ];
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(report["players"], serde_json::json!(["X", "O"]));
    assert_eq!(report["value"], 2);
    assert_eq!(report["value_second"], -2);
    assert_eq!(report["formula"], "e(P) = 6 - 4 = 2");
    let terms = report["terms"].as_array().unwrap();
    let (first, second): (i64, i64) = terms.iter().fold((0, 0), |(f, s), t| {
        (
            f + t["first"].as_i64().unwrap(),
            s + t["second"].as_i64().unwrap(),
        )
    });
    assert_eq!((first, second), (6, 4));
    let points: i64 = terms.iter().map(|t| t["points"].as_i64().unwrap()).sum();
    assert_eq!(points, 2);
}

#[test]
fn chess_after_a_capture_is_a_pawn_up_for_white_and_down_for_black_to_move() {
    let report = json(&[
        "eval",
        "chess",
        "--moves",
        "e4 d5 exd5",
        "--explain",
        "--json",
    ]);
    assert_eq!(report["to_move"], "Black");
    assert_eq!(report["value"], -100);
    assert_eq!(report["value_first"], 100);
    assert_eq!(report["terms"][0]["name"], "pawns (1 each)");
    assert_eq!(report["terms"][0]["first"], 8);
    assert_eq!(report["terms"][0]["second"], 7);
    let formula = report["formula"].as_str().unwrap();
    assert!(formula.contains("39 - 38"), "{formula}");
}

#[test]
fn without_explain_there_are_no_terms() {
    let report = json(&["eval", "kalah", "--json"]);
    assert_eq!(report["value"], 0);
    assert_eq!(report["terms"], Value::Null);
    assert_eq!(report["formula"], Value::Null);
    let text = stdout(&["eval", "kalah"]);
    assert!(!text.contains("e(P)"), "{text}");
}

#[test]
fn every_game_explains_its_seed_from_the_command_line() {
    for id in GAME_IDS {
        let report = json(&["eval", id, "--explain", "--json"]);
        let points: i64 = report["terms"]
            .as_array()
            .unwrap_or_else(|| panic!("{id}: no terms"))
            .iter()
            .map(|t| t["points"].as_i64().unwrap())
            .sum();
        assert_eq!(report["value_first"], points, "{id}");
        assert!(
            report["formula"].as_str().unwrap().starts_with("e(P) = "),
            "{id}"
        );
    }
}

#[test]
fn a_finished_game_says_who_won() {
    let report = json(&["eval", "tictactoe", "--position", "xxx/oo./...", "--json"]);
    assert_eq!(report["outcome"], "X wins");
}

#[test]
fn bad_input_is_refused_with_one_line_and_status_2() {
    for args in [
        &["eval", "noughts"][..],
        &["eval", "tictactoe", "--eval", "deep"],
        &["eval", "tictactoe", "--position", "xx/o"],
        &["eval", "chess", "--moves", "e5"],
        &["eval", "kalah", "-o", "pits=0"],
    ] {
        let output = ply(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
