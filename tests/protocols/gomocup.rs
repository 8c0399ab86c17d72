//! `ply gomocup` as a Gomocup manager (piskvork) sees it: the binary fed a script on
//! stdin. Well-formed commands get their answers (`OK`, a move `x,y`, the ABOUT
//! line); malformed lines get one `ERROR` or `UNKNOWN` line each, and the engine
//! neither panics nor hangs and keeps playing after them. The threat searches
//! make it play a win by fours at once and stop the opponent's.

use super::common;

/// Runs `ply gomocup` on `script` and returns its output lines.
fn converse(script: &[u8]) -> Vec<String> {
    let output =
        common::binary::ply_fed(&["gomocup", "--engine", "engine:threats:nodes=300"], script);
    assert!(output.stderr.is_empty(), "nothing on stderr");
    let text = String::from_utf8(output.stdout).expect("answers are UTF-8");
    text.lines().map(str::to_string).collect()
}

/// Reads a move answer `x,y`.
fn point(answer: &str) -> (usize, usize) {
    let (x, y) = answer.split_once(',').expect("a move x,y");
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn a_game_starts_and_moves_come_back_on_empty_points() {
    let answers = converse(b"ABOUT\nSTART 15\nINFO timeout_turn 100\nBEGIN\nTURN 0,0\nEND\n");
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert!(answers[0].starts_with("name=\"ply\""));
    assert_eq!(answers[1], "OK");
    assert_eq!(
        point(&answers[2]),
        (7, 7),
        "the first stone goes in the centre"
    );
    let second = point(&answers[3]);
    assert_ne!(second, (7, 7));
    assert_ne!(second, (0, 0));
}

#[test]
fn every_malformed_line_gets_one_error_and_play_goes_on() {
    let script = b"TURN 7,7\nSTART\nSTART banana\nSTART 99\nRECTSTART 15,20\nSTART 15\nTURN 15,3\nTURN 7\nTURN -1,2\nTURN x,y\nFROB 1\nTAKEBACK 3,3\nBOARD\n1,1\n2,2,9\n7,7,1\n7,7,2\nDONE\n\x00\xff\x1b[2J\nBEGIN\nTURN 7,7\nTURN 8,8\nEND\n";
    let answers = converse(script);
    let expected = [
        "ERROR",   // TURN before START
        "ERROR",   // START without a size
        "ERROR",   // START banana
        "ERROR",   // START 99
        "ERROR",   // RECTSTART
        "OK",      // START 15
        "ERROR",   // TURN off the board
        "ERROR",   // TURN without y
        "ERROR",   // TURN -1,2
        "ERROR",   // TURN x,y
        "UNKNOWN", // FROB
        "ERROR",   // TAKEBACK of a stone never played
        "ERROR",   // BOARD line 1,1 without who
        "ERROR",   // BOARD line with who 9
        "ERROR",   // DONE: 7,7 given twice, nothing set up
        "UNKNOWN", // binary junk
        "7,7",     // BEGIN on the still empty board: the centre
        "ERROR",   // TURN on ply's own stone
    ];
    assert_eq!(answers.len(), expected.len() + 1, "{answers:#?}");
    for (answer, kind) in answers.iter().zip(expected) {
        assert!(answer.starts_with(kind), "{answer} is not {kind}");
        assert!(!answer.contains('\u{1b}'), "no control characters echoed");
    }
    let last = point(&answers[expected.len()]);
    assert!(
        last != (7, 7) && last != (8, 8),
        "a move on an empty point: {last:?}"
    );
}

#[test]
fn a_win_by_fours_is_played_and_the_opponents_is_stopped() {
    // ply has 6,7 7,7 8,7 (three in a row, open) and is to move: it must make an
    // open four (5,7 or 9,7) or five, never anything slower.
    let answers =
        converse(b"START 15\nBOARD\n6,7,1\n7,7,1\n8,7,1\n6,0,2\n0,14,2\n14,14,2\nDONE\nEND\n");
    assert_eq!(answers[0], "OK");
    let reply = point(&answers[1]);
    assert!([(5, 7), (9, 7)].contains(&reply), "{reply:?}");

    // The opponent has 6,7 7,7 8,7 9,7 blocked at 10,7: ply must block 5,7.
    let answers = converse(
        b"START 15\nBOARD\n6,7,2\n7,7,2\n8,7,2\n9,7,2\n10,7,1\n0,0,1\n0,14,1\nDONE\nEND\n",
    );
    assert_eq!(point(&answers[1]), (5, 7));
}
