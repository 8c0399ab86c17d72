//! `ply gtp` as a controller sees it: the binary fed a script on stdin. Well-formed
//! commands get `=` answers with ids echoed; malformed lines (unknown commands,
//! missing or bad arguments, illegal moves, binary junk, overlong lines) get `?`
//! answers, and the engine neither panics nor hangs and keeps playing after them.

use super::common;

/// Runs `ply gtp` on `script` and returns its answers, each without the blank line
/// that ends it.
fn converse(script: &[u8]) -> Vec<String> {
    let output = common::binary::ply_fed(&["gtp", "--time", "0.05"], script);
    let text = String::from_utf8(output.stdout).expect("answers are UTF-8");
    assert!(
        text.ends_with("\n\n"),
        "every answer ends with a blank line"
    );
    text.trim_end().split("\n\n").map(str::to_string).collect()
}

#[test]
fn a_game_is_set_up_played_undone_and_scored() {
    let answers = converse(
        b"1 protocol_version\n2 name\nboardsize 5\nclear_board\nkomi 0.5\n\
          play b C3\n3 play W d4\nundo\nplay white D4\nshowboard\n\
          play b pass\nplay w pass\n4 final_score\nlist_commands\nquit\n",
    );
    assert_eq!(answers[0], "=1 2");
    assert_eq!(answers[1], "=2 ply");
    assert_eq!(&answers[2..8], ["=", "=", "=", "=", "=3", "="]);
    assert_eq!(answers[8], "=");
    assert!(
        answers[9].starts_with("= \n    A B C D E\n"),
        "{}",
        answers[9]
    );
    assert!(answers[9].contains(" 4  . . . O . 4\n"), "{}", answers[9]);
    assert!(answers[9].contains(" 3  . . X . . 3\n"), "{}", answers[9]);
    // The lone white stone cannot live beside Black's, so the count takes it off
    // and Black owns the board: 25 - 0.5. GNU Go 3.8 (`--chinese-rules`) counts
    // this position the same, with D4 in its `final_status_list dead`.
    assert_eq!(answers[12], "=4 B+24.5");
    assert!(answers[13].contains("\ngenmove\n"));
    assert!(answers[13].contains("\ntime_left\n"));
    assert_eq!(answers[14], "=");
    assert_eq!(answers.len(), 15, "nothing is read after quit");
}

#[test]
fn malformed_lines_get_error_answers_and_the_engine_carries_on() {
    let mut script = Vec::new();
    for line in [
        "frobnicate",
        "5 frobnicate",
        "boardsize",
        "boardsize 4",
        "boardsize 26",
        "boardsize nine",
        "komi",
        "komi lots",
        "komi 7.3",
        "play",
        "play b",
        "play purple D4",
        "play b I4",
        "play b Z99",
        "play b D4 extra",
        "known_command",
        "genmove",
        "genmove green",
        "undo",
        "time_settings 1 2",
        "time_settings -1 0 0",
        "time_left b x 0",
        "time_left b 10 -1",
        "final_status_list",
        "final_status_list wobbly",
        "final_status_list seki",
        "42",
    ] {
        script.extend_from_slice(line.as_bytes());
        script.push(b'\n');
    }
    // Illegal moves: an occupied point and a suicide.
    script.extend_from_slice(b"boardsize 5\nplay b A2\nplay b B1\nplay b A2\nplay w A1\n");
    // Binary junk and a very long line.
    script.extend_from_slice(&[0xff, 0xfe, 0x00, 0x07, b'\n']);
    script.extend_from_slice(&vec![b'x'; 100_000]);
    script.push(b'\n');
    // Still answering, and a generated move is legal.
    script.extend_from_slice(b"7 genmove w\nshowboard\n");
    let answers = converse(&script);
    let errors = 27;
    for (index, answer) in answers[..errors].iter().enumerate() {
        assert!(answer.starts_with('?'), "line {index}: {answer}");
        assert!(!answer.contains('\n'), "one line: {answer}");
    }
    assert!(answers[1].starts_with("?5 "));
    assert!(answers[26].starts_with("?42 "));
    assert_eq!(&answers[errors..errors + 3], ["=", "=", "="]);
    assert!(
        answers[errors + 3].starts_with("? illegal move"),
        "{}",
        answers[errors + 3]
    );
    assert!(
        answers[errors + 4].contains("suicide"),
        "{}",
        answers[errors + 4]
    );
    assert!(answers[errors + 5].starts_with('?'));
    assert!(answers[errors + 6].starts_with('?'));
    let generated = &answers[errors + 7];
    assert!(generated.starts_with("=7 "), "{generated}");
    let vertex = &generated[3..];
    assert!(vertex == "pass" || vertex.len() == 2, "{vertex}");
    assert!(
        !["A2", "B1", "A1"].contains(&vertex),
        "{vertex} is taken or suicide"
    );
    assert_eq!(answers.len(), errors + 9);
}

#[test]
fn the_end_of_input_ends_the_session() {
    assert_eq!(converse(b"name"), ["= ply"]);
}
