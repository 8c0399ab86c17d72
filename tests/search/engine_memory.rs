//! The long-lived engine behind `ply uci`: its table survives from one `go` to
//! the next, so searching the same position again costs fewer nodes, and
//! `ucinewgame` wipes it, so the search is then exactly a fresh engine's.

use super::common;

use common::engine::Engine;

/// The node count of the last `info depth` line before `bestmove`.
fn nodes_of_search(engine: &mut Engine, position: &str) -> u64 {
    engine.send(position);
    engine.send("go depth 5");
    let (_, infos) = engine.read_until("bestmove");
    let last = infos
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 5 "))
        .unwrap_or_else(|| panic!("no depth-5 report in {infos:?}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "nodes").expect("nodes");
    words[at + 1].parse().expect("a node count")
}

#[test]
fn a_second_search_of_the_same_position_reuses_the_table_until_a_new_game() {
    let position = "position startpos moves e2e4 e7e5 g1f3 b8c6";
    let mut engine = Engine::start(&["uci"]);
    engine.send("uci");
    engine.read_until("uciok");
    engine.send("ucinewgame");
    let fresh = nodes_of_search(&mut engine, position);
    let again = nodes_of_search(&mut engine, position);
    assert!(again < fresh, "second search {again} nodes, first {fresh}");
    engine.send("ucinewgame");
    let cleared = nodes_of_search(&mut engine, position);
    assert_eq!(cleared, fresh, "after ucinewgame the engine starts afresh");

    // A new process agrees: the first search's count is a fresh engine's.
    let mut other = Engine::start(&["uci"]);
    other.send("uci");
    other.read_until("uciok");
    assert_eq!(nodes_of_search(&mut other, position), fresh);
    other.quit();
    engine.quit();
}
