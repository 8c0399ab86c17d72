//! What the protocols refuse, and that a refusal loses nothing and never leaves
//! a search without an end: unreadable `go` values, refused positions, FENs with
//! long halfmove clocks, and lines too long to hold.

use super::common;

use common::binary::ply_fed;
use common::engine::Engine;

/// The `info` lines before the next `bestmove`, and the move.
fn answer(engine: &mut Engine) -> (String, Vec<String>) {
    let (line, before) = engine.read_until("bestmove");
    (
        line.split_whitespace().nth(1).unwrap_or("").to_string(),
        before,
    )
}

#[test]
fn a_go_with_an_unreadable_value_is_answered_by_a_one_ply_search() {
    for go in [
        "go depth",
        "go depth 3.5",
        "go movetime 1.5",
        "go movetime 1e3",
        "go wtime x btime 1000",
    ] {
        let mut engine = Engine::start(&["uci"]);
        engine.send("position startpos moves e2e4");
        engine.send(go);
        let (best, before) = answer(&mut engine);
        assert!(!best.is_empty() && best != "0000", "{go}: {best}");
        assert!(
            before.iter().any(|l| l.starts_with("info string refused")),
            "{go}: {before:?}"
        );
        let deepest = before
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .filter_map(|rest| rest.split_whitespace().next()?.parse::<u32>().ok())
            .max();
        assert_eq!(deepest, Some(1), "{go}: {before:?}");
        engine.quit();
    }
    let mut engine = Engine::start(&["ucci"]);
    engine.send("position startpos");
    engine.send("go depth");
    let (best, before) = answer(&mut engine);
    assert!(!best.is_empty(), "{before:?}");
    engine.quit();
}

#[test]
fn a_refused_position_leaves_no_position_to_answer_for() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("position startpos moves e2e4");
    engine.send("go depth 2");
    assert_ne!(answer(&mut engine).0, "0000");
    engine.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e9");
    engine.send("go depth 2");
    let (best, before) = answer(&mut engine);
    assert_eq!(best, "0000", "answered for a stale position: {before:?}");
    assert!(
        before.iter().any(|l| l.contains("without a position")),
        "{before:?}"
    );
    // The next good position is searched as usual.
    engine.send("position startpos");
    engine.send("go depth 1");
    assert_ne!(answer(&mut engine).0, "0000");
    engine.quit();
}

#[test]
fn a_fen_whose_halfmove_clock_passed_a_hundred_is_accepted() {
    let mut engine = Engine::start(&["uci"]);
    for clock in ["101", "150", "200"] {
        engine.send(&format!(
            "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - {clock} 120"
        ));
        engine.send("go depth 2");
        let (best, before) = answer(&mut engine);
        assert_ne!(best, "0000", "{clock}: {before:?}");
        assert!(
            !before
                .iter()
                .any(|l| l.contains("refused") || l.contains("ignored")),
            "{clock}: {before:?}"
        );
    }
    engine.quit();
}

#[test]
fn gtp_and_gomocup_skip_a_line_too_long_and_go_on() {
    let mut input = vec![b'x'; 3 << 20];
    input.extend_from_slice(b"\nname\nquit\n");
    let output = ply_fed(&["gtp"], &input);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("? line too long"), "{text}");
    assert!(text.contains("= ply"), "{text}");

    let mut input = vec![b'x'; 3 << 20];
    input.extend_from_slice(b"\nSTART 15\nEND\n");
    let output = ply_fed(&["gomocup"], &input);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("ERROR line too long"), "{text}");
    assert!(text.contains("OK"), "{text}");
}

#[test]
fn an_endless_input_file_is_refused_in_one_line() {
    let openings = [
        &super::cli::TICTACTOE_MATCH[..],
        &["--openings", "/dev/zero"],
    ]
    .concat();
    for args in [
        &["play", "--load", "/dev/zero"][..],
        &["solve", "connect4", "--batch", "/dev/zero"][..],
        &openings[..],
    ] {
        let output = common::binary::ply(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("larger than 256 MiB"), "{args:?}: {stderr}");
    }
}
