//! `MultiPV`, `UCI_LimitStrength` and `UCI_Elo` as a GUI uses them: several lines a
//! depth, distinct and best first, and an Elo that picks a level's limits.

use super::common;

use common::engine::Engine;

/// A middlegame with many reasonable moves (the perft suite's "kiwipete").
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The value of the word after `key` in an `info` line.
fn word_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|&w| w == key)?;
    words.next()
}

/// A `score cp N` / `score mate N` as one comparable number.
fn score_of(line: &str) -> i64 {
    let mut words = line
        .split_whitespace()
        .skip_while(|&w| w != "score")
        .skip(1);
    let (kind, value) = (words.next().unwrap(), words.next().unwrap());
    let value: i64 = value.parse().unwrap();
    match kind {
        "cp" => value,
        "mate" if value > 0 => 1_000_000 - value,
        "mate" => -1_000_000 - value,
        other => panic!("score {other} in {line}"),
    }
}

/// The first move of an `info` line's pv.
fn first_move(line: &str) -> &str {
    word_after(line, "pv").expect("a pv")
}

/// The `info` lines and the best move of `go ARGS` after `options` on `fen`.
fn analyse(options: &[&str], fen: &str, go: &str) -> (Vec<String>, String) {
    let mut engine = Engine::start(&["uci"]);
    for option in options {
        engine.send(option);
    }
    engine.send(&format!("position fen {fen}"));
    engine.send(go);
    let (best, lines) = engine.read_until("bestmove");
    engine.quit();
    let infos = lines
        .into_iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    (infos, best.split_whitespace().nth(1).unwrap().to_string())
}

#[test]
fn multipv_3_gives_three_distinct_lines_best_first_and_line_1_is_the_move() {
    let (infos, best) = analyse(&["setoption name MultiPV value 3"], KIWIPETE, "go depth 6");
    let last: Vec<&String> = infos.iter().rev().take(3).rev().collect();
    let numbers: Vec<&str> = last
        .iter()
        .map(|l| word_after(l, "multipv").unwrap())
        .collect();
    assert_eq!(numbers, ["1", "2", "3"], "{infos:#?}");
    assert!(
        last.iter().all(|l| word_after(l, "depth") == Some("6")),
        "{last:#?}"
    );
    let firsts: Vec<&str> = last.iter().map(|l| first_move(l)).collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{last:#?}"
    );
    let scores: Vec<i64> = last.iter().map(|l| score_of(l)).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{last:#?}");
    assert_eq!(firsts[0], best);
    // Every depth has its three lines.
    assert_eq!(infos.len() % 3, 0, "{infos:#?}");
}

/// An `info` line without what depends on the clock (`nps`, `time`).
fn timeless(line: &str) -> String {
    let mut words = line.split_whitespace();
    let mut kept = Vec::new();
    while let Some(word) = words.next() {
        if word == "nps" || word == "time" {
            words.next();
        } else {
            kept.push(word);
        }
    }
    kept.join(" ")
}

#[test]
fn multipv_1_is_the_plain_search() {
    let plain = analyse(&[], KIWIPETE, "go depth 6");
    let one = analyse(&["setoption name MultiPV value 1"], KIWIPETE, "go depth 6");
    let words = |(infos, best): (Vec<String>, String)| {
        (infos.iter().map(|l| timeless(l)).collect::<Vec<_>>(), best)
    };
    let (plain, one) = (words(plain), words(one));
    assert!(plain.0.iter().all(|l| !l.contains("multipv")), "{plain:#?}");
    assert_eq!(plain, one);
}

#[test]
fn more_lines_than_moves_gives_a_line_a_move() {
    // White's king has two moves, nothing else can move.
    let fen = "7k/8/8/8/8/8/p7/K7 w - - 0 1";
    let (infos, _) = analyse(&["setoption name MultiPV value 5"], fen, "go depth 3");
    let last = infos.last().unwrap();
    assert_eq!(word_after(last, "multipv"), Some("2"), "{infos:#?}");
}

/// The depth and nodes of the last `info` line of a search.
fn depth_and_nodes(infos: &[String]) -> (u64, u64) {
    let last = infos.last().expect("an info line");
    let number = |key| word_after(last, key).unwrap().parse().unwrap();
    (number("depth"), number("nodes"))
}

#[test]
fn uci_elo_picks_the_level_nearest_it() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("uci");
    let (_, options) = engine.read_until("uciok");
    assert!(options.contains(&"option name MultiPV type spin default 1 min 1 max 64".into()));
    assert!(options.contains(&"option name UCI_LimitStrength type check default false".into()));
    // The range is the chess levels' measured ratings, as the profile gives them.
    let range = ply::play::levels::elo_range("chess").unwrap();
    assert_eq!(*range.start(), 838, "level 1");
    let bounds = format!(" min {} max {}", range.start(), range.end());
    assert!(
        options.iter().any(
            |l| l.starts_with("option name UCI_Elo type spin default ") && l.ends_with(&bounds)
        ),
        "{options:#?}"
    );
    engine.quit();
    let limited = |elo: u32, go: &str| {
        let options = [
            "setoption name UCI_LimitStrength value true".to_string(),
            format!("setoption name UCI_Elo value {elo}"),
        ];
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        depth_and_nodes(&analyse(&options, KIWIPETE, go).0)
    };
    // 1012: level 2, two plies whatever the GUI's time.
    assert_eq!(limited(1012, "go movetime 5000").0, 2);
    // 1995: level 6, 10,000 nodes, which end the search long before the GUI's minute.
    let (depth, nodes) = limited(1995, "go movetime 60000");
    assert!(depth > 2 && nodes <= 10_500, "{depth} {nodes}");
    // A smaller limit from the GUI still holds.
    assert_eq!(limited(1995, "go depth 1").0, 1);
    // Off, the Elo changes nothing.
    let off = analyse(
        &["setoption name UCI_Elo value 1012"],
        KIWIPETE,
        "go depth 3",
    );
    assert_eq!(depth_and_nodes(&off.0).0, 3);
}

#[test]
fn bad_values_are_noted_and_the_old_value_kept() {
    let mut engine = Engine::start(&["uci"]);
    for (option, note) in [
        (
            "setoption name MultiPV value many",
            "ignored: MultiPV 'many' is not a number",
        ),
        (
            "setoption name MultiPV value 0",
            "MultiPV 0 is out of range 1 to 64: using 1",
        ),
        (
            "setoption name UCI_Elo value 99999",
            "UCI_Elo 99999 is out of range 838 to 3029: using 3029",
        ),
        (
            "setoption name UCI_LimitStrength value yes",
            "ignored: UCI_LimitStrength 'yes': expected true or false",
        ),
    ] {
        engine.send(option);
        let (line, _) = engine.read_until("info string");
        assert_eq!(line, format!("info string {note}"));
    }
    engine.send("position startpos");
    engine.send("go depth 2");
    let (_, infos) = engine.read_until("bestmove");
    assert!(infos.iter().all(|l| !l.contains("multipv")), "{infos:#?}");
    engine.quit();
}

#[test]
fn xiangqi_plays_the_rated_level_nearest_its_elo_over_ucci() {
    let mut engine = Engine::start(&["ucci"]);
    engine.send("ucci");
    let (_, options) = engine.read_until("ucciok");
    assert!(
        options
            .iter()
            .any(|l| l.starts_with("option multipv type spin"))
    );
    // 1271 is level 2's measured Elo: two plies, whatever the GUI's depth.
    engine.send("setoption UCI_LimitStrength true");
    engine.send("setoption UCI_Elo 1271");
    engine.send("position startpos");
    engine.send("go depth 6");
    let (_, infos) = engine.read_until("bestmove");
    assert_eq!(depth_and_nodes(&infos).0, 2, "{infos:#?}");
    engine.send("setoption UCI_LimitStrength false");
    engine.send("setoption multipv 2");
    engine.send("position startpos");
    engine.send("go depth 3");
    let (_, infos) = engine.read_until("bestmove");
    let last: Vec<&String> = infos.iter().rev().take(2).collect();
    assert_eq!(word_after(last[0], "multipv"), Some("2"), "{infos:#?}");
    assert_eq!(word_after(last[1], "multipv"), Some("1"), "{infos:#?}");
    engine.quit();
}
