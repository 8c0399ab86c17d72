//! Go GUIs watching ply think through GTP: `lz-analyze` and `kata-analyze` answer
//! `=`, then a line every interval with several moves' visits, win rates and
//! lines (most visited first), until the next command arrives, which is then
//! answered; `lz-genmove_analyze` ends with the move played; `kgs-genmove_cleanup`
//! captures dead stones before it passes; bad forms get `?` answers. Sabaki and
//! Lizzie read these lines as Leela Zero and KataGo write them.

use std::time::Duration;

use super::common;
use super::stop_at_once::{Part, run_fed_slowly};

/// Runs `ply gtp --threads 2` on `parts` (with their pauses) and returns the
/// answers, each without its ending blank line.
fn converse(parts: &[Part]) -> Vec<String> {
    let (output, _) = run_fed_slowly(&["gtp", "--threads", "2", "--time", "0.3"], parts, true);
    assert!(output.status.success(), "exit status {:?}", output.status);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.ends_with("\n\n"), "{text}");
    text.trim_end().split("\n\n").map(str::to_string).collect()
}

/// One move of an analysis line: (move, visits, win rate, order, pv).
type Entry = (String, u64, f64, usize, Vec<String>);

/// Reads a line of `info move ...` entries.
fn entries(line: &str) -> Vec<Entry> {
    line.split("info ")
        .filter(|e| !e.trim().is_empty())
        .map(|entry| {
            let words: Vec<&str> = entry.split_whitespace().collect();
            let value = |key: &str| {
                let at = words
                    .iter()
                    .position(|w| *w == key)
                    .unwrap_or_else(|| panic!("no {key} in {entry}"));
                words[at + 1]
            };
            let pv_at = words.iter().position(|w| *w == "pv").expect("a pv");
            (
                value("move").to_string(),
                value("visits").parse().unwrap(),
                value("winrate").parse().unwrap(),
                value("order").parse().unwrap(),
                words[pv_at + 1..].iter().map(|w| w.to_string()).collect(),
            )
        })
        .collect()
}

/// Checks an analysis answer: `=`, then at least `lines` lines of several moves,
/// ordered by visits, win rates within `0..=top`; returns the last line's moves.
fn check_analysis(answer: &str, lines: usize, top: f64) -> Vec<Entry> {
    let mut rows = answer.lines();
    assert_eq!(rows.next(), Some("="), "{answer}");
    let rows: Vec<&str> = rows.collect();
    assert!(rows.len() >= lines, "{} lines: {answer}", rows.len());
    let mut last = Vec::new();
    for row in rows {
        let moves = entries(row);
        assert!(!moves.is_empty(), "a move a line at least: {row}");
        for (order, (mv, visits, win_rate, said, pv)) in moves.iter().enumerate() {
            assert_eq!(*said, order, "{row}");
            assert!(*visits > 0, "{row}");
            assert!((0.0..=top).contains(win_rate), "{row}");
            assert_eq!(pv.first(), Some(mv), "a line starts with its move: {row}");
        }
        assert!(
            moves.windows(2).all(|w| w[0].1 >= w[1].1),
            "by visits: {row}"
        );
        last = moves;
    }
    assert!(last.len() >= 2, "several moves in the last line: {last:?}");
    last
}

const PAUSE: Duration = Duration::from_millis(350);

#[test]
fn lz_analyze_writes_lines_until_the_next_command_which_is_then_answered() {
    let answers = converse(&[
        (b"boardsize 9\nplay b E5\n1 lz-analyze 10\n", PAUSE),
        (b"2 name\nquit\n", Duration::ZERO),
    ]);
    assert_eq!(answers.len(), 5, "{answers:?}");
    assert_eq!(answers[0..2], ["=", "="]);
    let analysis = answers[2].replacen("=1", "=", 1);
    let last = check_analysis(&analysis, 2, 10_000.0);
    // The win rates are in ten-thousandths: a real spread, not fractions.
    assert!(last.iter().any(|e| e.2 > 1.0), "{last:?}");
    assert_eq!(answers[3], "=2 ply");
    assert_eq!(answers[4], "=");
}

#[test]
fn kata_analyze_writes_fractions_for_the_colour_asked_and_honours_maxmoves() {
    let answers = converse(&[
        (
            b"boardsize 7\nkata-analyze w interval 10 maxmoves 3 ownership true\n",
            PAUSE,
        ),
        (b"showboard\n", Duration::ZERO),
    ]);
    assert_eq!(answers.len(), 3, "{answers:?}");
    let last = check_analysis(&answers[1], 2, 1.0);
    assert!(last.len() <= 3, "{last:?}");
    assert!(answers[2].starts_with("= \n"), "{answers:?}");
}

#[test]
fn genmove_analyze_ends_with_the_move_it_plays() {
    let answers = converse(&[
        (b"boardsize 9\nlz-genmove_analyze b 5\n", PAUSE),
        (b"showboard\n", Duration::ZERO),
    ]);
    assert_eq!(answers.len(), 3, "{answers:?}");
    let rows: Vec<&str> = answers[1].lines().collect();
    let played = rows
        .last()
        .unwrap()
        .strip_prefix("play ")
        .expect("play MOVE last");
    check_analysis(&rows[..rows.len() - 1].join("\n"), 1, 10_000.0);
    assert!(answers[2].contains('X'), "the move was played: {answers:?}");
    assert_ne!(played, "pass");
}

#[test]
fn cleanup_captures_the_dead_stones_before_passing() {
    // Komi 0.5 on 5x5: White's lone stone beside Black's cannot live (the count
    // takes it off, as GNU Go's does), so White passes and Black must capture it.
    let mut script = b"boardsize 5\nkomi 0.5\nplay b C3\nplay w D4\n".to_vec();
    // Cleanup fills Black's own points before it reaches the stone: time enough
    // to fill the board's 25.
    for _ in 0..24 {
        script.extend_from_slice(b"kgs-genmove_cleanup b\nplay w pass\n");
    }
    script.extend_from_slice(b"final_status_list dead\nshowboard\n");
    let answers = converse(&[(&script, Duration::ZERO)]);
    let moves: Vec<&str> = answers
        .iter()
        .filter_map(|a| a.strip_prefix("= "))
        .filter(|a| !a.contains('\n'))
        .collect();
    let first_pass = moves
        .iter()
        .position(|m| *m == "pass")
        .unwrap_or(moves.len());
    assert!(
        first_pass >= 1,
        "no pass while a dead stone stands: {moves:?}"
    );
    let board = answers.last().unwrap();
    assert!(
        board.contains("Captured by Black (X): 1,"),
        "the white stone was captured: {answers:?}"
    );
}

#[test]
fn bad_analysis_commands_are_refused_and_the_session_goes_on() {
    let answers = converse(&[(
        b"lz-analyze x\nkata-analyze 10 foo 1\nlz-analyze -5\nlz-analyze interval\n\
          lz-genmove_analyze 10\nkgs-genmove_cleanup\nkata-analyze b interval 10 ownership maybe\n\
          known_command lz-analyze\nname\n",
        Duration::ZERO,
    )]);
    assert_eq!(answers.len(), 9, "{answers:?}");
    for answer in &answers[..7] {
        assert!(answer.starts_with("? "), "{answers:?}");
        assert!(!answer.contains('\n'), "one line: {answer}");
    }
    assert_eq!(answers[7..], ["= true", "= ply"]);
}

#[test]
fn threads_out_of_range_are_refused_on_the_command_line() {
    for bad in ["0", "-1", "x", "100000"] {
        let output = common::binary::ply(&["gtp", "--threads", bad]);
        assert_eq!(output.status.code(), Some(2), "--threads {bad}");
    }
}
