//! GTP and Gomocup stop a search at once when the session ends: `quit`, `END` or
//! the end of input read while `genmove`, `BEGIN` or `TURN` thinks ends the search
//! and the program (status 0) well before the move's time is up. Lines read during
//! a search are answered after it, in order; `END` ends Gomocup in any state.
//!
//! The searches are given 30 s and the end comes after 0.3 s: the margins are wide,
//! for busy machines.

use std::io::Write;
use std::process::Output;
use std::time::{Duration, Instant};

use super::common;

/// Longer than any stopped session takes, far shorter than the searches' 30 s.
const AT_ONCE: Duration = Duration::from_secs(8);

/// What a controller sends: bytes, then a pause (none for the last part).
pub type Part<'a> = (&'a [u8], Duration);

/// Runs `ply ARGS`, writing `parts` with their pauses, then closing the input when
/// `close` is set; returns the output and how long the run took after the last write.
pub fn run_fed_slowly(args: &[&str], parts: &[Part], close: bool) -> (Output, Duration) {
    let mut child = common::binary::ply_piped(args);
    let mut input = child.stdin.take().unwrap();
    for (bytes, pause) in parts {
        input.write_all(bytes).unwrap();
        input.flush().unwrap();
        std::thread::sleep(*pause);
    }
    let ended = Instant::now();
    if close {
        drop(input);
    } else {
        // Kept open: the program must end on what it read, not on the input's end.
        std::mem::forget(input);
    }
    let output = child.wait_with_output().unwrap();
    (output, ended.elapsed())
}

const THINK: Duration = Duration::from_millis(300);

fn gtp(parts: &[Part], close: bool) -> (Vec<String>, Duration) {
    let (output, took) = run_fed_slowly(&["gtp", "--time", "30"], parts, close);
    assert!(output.status.success(), "exit status {:?}", output.status);
    let text = String::from_utf8(output.stdout).unwrap();
    let answers = text.trim_end().split("\n\n").map(str::to_string).collect();
    (answers, took)
}

#[test]
fn gtp_quit_during_genmove_ends_the_search_and_the_session_at_once() {
    let (answers, took) = gtp(
        &[(b"1 genmove b\n", THINK), (b"2 quit\n", Duration::ZERO)],
        false,
    );
    assert!(took < AT_ONCE, "quit took {took:?}");
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers[0].starts_with("=1 "), "{answers:?}");
    assert_eq!(answers[1], "=2");
}

#[test]
fn gtp_lines_read_during_a_search_are_answered_after_it_in_order() {
    let parts: &[Part] = &[
        (b"genmove b\n", THINK),
        (b"name\n", THINK),
        (b"quit\n", Duration::ZERO),
    ];
    let (answers, took) = gtp(parts, false);
    assert!(took < AT_ONCE, "quit took {took:?}");
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert!(answers[0].starts_with("= "), "{answers:?}");
    assert_eq!(answers[1..], ["= ply", "="]);
}

#[test]
fn gtp_end_of_input_during_genmove_ends_the_session_at_once() {
    let (answers, took) = gtp(&[(b"genmove w\n", THINK)], true);
    assert!(took < AT_ONCE, "the end of input took {took:?}");
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(answers[0].starts_with("= "), "{answers:?}");
}

fn gomocup(parts: &[Part], close: bool) -> (Vec<String>, Duration) {
    let (output, took) = run_fed_slowly(&["gomocup"], parts, close);
    assert!(output.status.success(), "exit status {:?}", output.status);
    let text = String::from_utf8(output.stdout).unwrap();
    (text.lines().map(str::to_string).collect(), took)
}

const THIRTY_SECONDS_A_MOVE: &[u8] = b"START 15\nINFO timeout_turn 30000\n";

#[test]
fn gomocup_end_during_begin_or_turn_ends_the_search_at_once() {
    for (opening, end, close) in [
        (&b"BEGIN\n"[..], &b"END\n"[..], false),
        (b"TURN 7,7\n", b"END\n", false),
        (b"BEGIN\n", b"", true),
    ] {
        let parts: &[Part] = &[
            (THIRTY_SECONDS_A_MOVE, Duration::ZERO),
            (opening, THINK),
            (end, Duration::ZERO),
        ];
        let (answers, took) = gomocup(parts, close);
        let what = String::from_utf8_lossy(opening);
        assert!(took < AT_ONCE, "{what}: the end took {took:?}");
        assert_eq!(answers.len(), 2, "{what}: {answers:?}");
        assert_eq!(answers[0], "OK");
        assert!(answers[1].contains(','), "{what}: a move x,y: {answers:?}");
    }
}

#[test]
fn gomocup_end_inside_board_ends_the_session() {
    let parts: &[Part] = &[(b"START 15\nBOARD\n7,7,2\nEND\n", Duration::ZERO)];
    let (answers, took) = gomocup(parts, false);
    assert!(took < AT_ONCE, "END took {took:?}");
    assert_eq!(
        answers,
        ["OK"],
        "END is not a stone line: no ERROR, no move"
    );
}
