//! `ply uci` driven over stdin/stdout like a chess GUI would: a whole game against
//! itself, and malformed input that must leave the engine serving.

use super::common;

use common::engine::Engine;
use ply::game::chess::{Chess, notation};
use ply::game::{Game, Outcome};

#[test]
fn the_engine_plays_a_whole_game_against_itself() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("uci");
    let (_, identity) = engine.read_until("uciok");
    assert!(identity.iter().any(|l| l.starts_with("id name ply")));
    assert!(identity.iter().any(|l| l.starts_with("option name Hash")));
    engine.send("setoption name Hash value 8");
    engine.send("ucinewgame");
    engine.send("isready");
    engine.read_until("readyok");

    let mut game = Chess::new();
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() && moves.len() < 150 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go depth 3");
        let (best, infos) = engine.read_until("bestmove");
        assert!(
            infos.iter().any(|l| l.starts_with("info depth 3 seldepth")
                && l.contains(" score ")
                && l.contains(" pv ")),
            "{infos:?}"
        );
        let text = best.split_whitespace().nth(1).expect("a move").to_string();
        let m = notation::parse_uci(game.board(), &text).expect("a legal best move");
        game.play(m);
        moves.push(text);
    }
    if let Some(Outcome::Win(_)) = game.outcome() {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go depth 2");
        assert_eq!(engine.read_until("bestmove").0, "bestmove 0000");
    }
    engine.quit();
}

#[test]
fn malformed_commands_are_ignored_and_the_engine_keeps_serving() {
    let mut engine = Engine::start(&["uci"]);
    for line in [
        "",
        "garbage",
        "position fen xyz",
        "position",
        "position fen",
        "position startpos moves e2e4 e2e4",
        "position startpos moves zz99",
        "go depth abc",
        "go depth",
        "go wtime -5 btime x",
        "go sideways",
        "setoption",
        "setoption value",
        "setoption name Hash value lots",
        "setoption name Evaluation value magic",
        "stop",
        "\u{1F600} \u{0}",
    ] {
        engine.send(line);
    }
    engine.send("isready");
    engine.read_until("readyok");
    // The last `position` was refused: no position is left to answer for, until
    // the next good one.
    engine.send("go depth 2");
    assert_eq!(engine.read_until("bestmove").0, "bestmove 0000");
    engine.send("position startpos");
    engine.send("go depth 2");
    let (best, _) = engine.read_until("bestmove");
    let text = best.split_whitespace().nth(1).unwrap();
    assert!(
        notation::parse_uci(Chess::new().board(), text).is_ok(),
        "{best}"
    );
    // A finished game answers bestmove 0000; go infinite waits for stop.
    engine.send("position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1 moves a1a8");
    engine.send("go depth 3");
    assert_eq!(engine.read_until("bestmove").0, "bestmove 0000");
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("isready");
    engine.read_until("readyok");
    engine.send("stop");
    let (best, _) = engine.read_until("bestmove");
    assert_ne!(best, "bestmove 0000");
    engine.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5");
    engine.read_until("bestmove");
    engine.quit();
}

/// The nodes the last iteration of `go depth 6` reports from the start position.
fn nodes_at_depth_six(engine: &mut Engine) -> u64 {
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    engine.send("go depth 6");
    let (_, infos) = engine.read_until("bestmove");
    let last = infos
        .iter()
        .rfind(|l| l.starts_with("info depth 6 "))
        .expect("an iteration at depth 6");
    field(last, "nodes").expect("a node count")
}

#[test]
fn the_extras_option_switches_the_engine_s_extras_and_refuses_unknown_names() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("uci");
    let (_, identity) = engine.read_until("uciok");
    assert!(
        identity
            .iter()
            .any(|l| l.starts_with("option name Extras type string"))
    );
    let defaults = nodes_at_depth_six(&mut engine);
    engine.send("ucinewgame");
    engine.send("setoption name Extras value no=lmr,nullmove");
    let without_reductions = nodes_at_depth_six(&mut engine);
    assert!(
        without_reductions > defaults,
        "{without_reductions} vs {defaults}"
    );

    // A bad setting is refused in one line and leaves the last good one in place.
    for bad in ["with=teleport", "sometimes=lmr", "no"] {
        engine.send(&format!("setoption name Extras value {bad}"));
        engine.send("isready");
        let (_, notes) = engine.read_until("readyok");
        assert!(
            notes
                .iter()
                .any(|l| l.starts_with("info string") && l.contains("Extras")),
            "{bad}: {notes:?}"
        );
    }
    engine.send("ucinewgame");
    assert_eq!(nodes_at_depth_six(&mut engine), without_reductions);
    engine.send("ucinewgame");
    engine.send("setoption name Extras value <empty>");
    assert_eq!(nodes_at_depth_six(&mut engine), defaults);
    engine.quit();
}

/// The number after `word` in an info line.
fn field(line: &str, word: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == word)?;
    words.next()?.parse().ok()
}

#[test]
fn two_threads_play_a_legal_move_and_report_the_nodes_of_both() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("uci");
    let (_, identity) = engine.read_until("uciok");
    assert!(
        identity.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()),
        "{identity:?}"
    );
    // Out of range is noted and clamped (as Hash is); words are refused, and
    // leave the setting as it was; either way a line says so.
    engine.send("setoption name Threads value 0");
    engine.send("setoption name Threads value many");
    engine.send("setoption name Threads value 2");
    engine.send("isready");
    let (_, notes) = engine.read_until("readyok");
    assert_eq!(
        notes
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count(),
        2,
        "{notes:?}"
    );
    engine.send("position startpos moves e2e4");
    engine.send("go movetime 300");
    let (best, infos) = engine.read_until("bestmove");
    let text = best.split_whitespace().nth(1).expect("a move");
    let mut game = Chess::new();
    game.play(notation::parse_uci(game.board(), "e2e4").unwrap());
    assert!(notation::parse_uci(game.board(), text).is_ok(), "{best}");
    let counts: Vec<(u64, u64, u64)> = infos
        .iter()
        .filter_map(|l| Some((field(l, "nodes")?, field(l, "nps")?, field(l, "time")?)))
        .collect();
    assert!(counts.len() >= 2, "{infos:?}");
    // Nodes only grow, and nodes per second is nodes over time.
    assert!(counts.windows(2).all(|w| w[0].0 <= w[1].0), "{infos:?}");
    for &(nodes, nps, time) in counts.iter().filter(|c| c.2 >= 50) {
        let expected = nodes * 1000 / time;
        assert!(nps.abs_diff(expected) <= expected / 10 + 100, "{infos:?}");
    }
    engine.quit();
}
