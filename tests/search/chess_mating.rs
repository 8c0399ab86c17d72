//! Mating a lone king (src/game/chess/mating.rs): every position of king, bishop and
//! knight against king is won in at most 33 moves, of king and rook against king in
//! at most 16, of king and queen in at most 10 (the endgame tablebases' longest
//! mates), so `neural` must mate well inside the fifty-move rule with either side
//! searched by the engine at a modest node budget. Before the mating terms it let
//! bishop and knight wander until the fifty-move rule drew the game.

use ply::game::chess::{Chess, neural};
use ply::game::{Game, Outcome, Playable, Player};
use ply::search::{Limits, SearchConfig, search};

/// Plays the engine against itself from `fen` with `neural`; returns the moves
/// (of the side that mates) to the end and how it ended.
fn self_play(fen: &str, nodes: u64) -> (usize, Option<Outcome>) {
    let evaluators = Chess::evaluators();
    let neural = evaluators.iter().find(|e| e.name == "neural").unwrap();
    let config = SearchConfig::engine(Limits {
        nodes: Some(nodes),
        ..Limits::default()
    });
    let mut game = Chess::from_fen(fen).expect("a valid FEN");
    let mut plies: usize = 0;
    while game.outcome().is_none() && plies < 200 {
        let result = search(&game, neural.evaluator.as_ref(), &config, None, &mut ());
        game.play(result.best_move.expect("a legal move"));
        plies += 1;
    }
    (plies.div_ceil(2), game.outcome())
}

#[test]
fn the_engine_mates_a_lone_king_inside_the_fifty_move_rule() {
    let endings = [
        (
            "bishop and knight",
            "8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
            Player::First,
        ),
        // The ending ply drew against Stockfish by the fifty-move rule.
        (
            "bishop and knight",
            "8/8/2b5/5kn1/8/3K4/8/8 b - - 0 1",
            Player::Second,
        ),
        ("rook", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1", Player::First),
        ("queen", "8/8/8/8/3K4/8/8/3Q3k b - - 0 1", Player::First),
    ];
    for (name, fen, winner) in endings {
        // `ply eval --explain` adds up to the value the search uses.
        let game = Chess::from_fen(fen).expect("a valid FEN");
        let for_first = match game.to_move() {
            Player::First => neural::neural(&game),
            Player::Second => -neural::neural(&game),
        };
        assert_eq!(neural::explain_neural(&game).total_for_first, for_first);
        let (moves, outcome) = self_play(fen, 50_000);
        assert_eq!(
            outcome,
            Some(Outcome::Win(winner)),
            "{name} ({fen}): {moves} moves, then {outcome:?}"
        );
        assert!(moves <= 50, "{name}: mate took {moves} moves");
    }
}
