//! Quiet checks in quiescence (`qschecks`): at its first ply, quiescence also
//! searches the quiet moves that give check and answers them with every
//! evasion, so a mate one ply past the horizon is seen. The position is built so
//! that the rules alone decide it: Black's only moves are ...a6 and ...a5, and
//! after either White mates with the quiet Rg8 (checked here by the game's own
//! outcome), so Black's value is "mated in two plies".

use ply::game::chess::{Chess, notation};
use ply::game::{Game, Outcome, Playable, Player};
use ply::search::score::{is_loss, loss_in};
use ply::search::{Limits, SearchConfig, search};

/// Black to move: Kh8 boxed in by its h7 pawn, White's h6 pawn, king f7 and rook g1.
const BOXED: &str = "7k/p4K1p/7P/8/8/8/8/6R1 b - - 0 1";

fn one_ply(quiet_checks: bool) -> SearchConfig {
    let mut config = SearchConfig::engine(Limits {
        depth: Some(1),
        ..Limits::default()
    });
    config.quiescence_checks = quiet_checks;
    config
}

#[test]
fn every_black_move_allows_the_quiet_mate() {
    let game = Chess::from_fen(BOXED).expect("valid FEN");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 2);
    for m in moves {
        let mut after = game.clone();
        after.play(m);
        assert!(!after.in_check());
        let mate = notation::parse_move(after.board(), "Rg8").expect("legal");
        after.play(mate);
        assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    }
}

/// Black's one-ply score with and without quiet checks, by each evaluation.
fn one_ply_scores(quiet_checks: bool) -> Vec<(String, i32)> {
    let game = Chess::from_fen(BOXED).expect("valid FEN");
    let config = one_ply(quiet_checks);
    Chess::evaluators()
        .into_iter()
        .map(|e| {
            let result = search(&game, e.evaluator.as_ref(), &config, None, &mut ());
            (e.name.to_string(), result.score)
        })
        .collect()
}

#[test]
fn quiet_checks_see_the_mate_a_ply_past_the_horizon() {
    for (name, score) in one_ply_scores(true) {
        assert_eq!(score, loss_in(2), "{name}");
    }
}

#[test]
fn without_quiet_checks_one_ply_stands_pat_on_the_mate() {
    for (name, score) in one_ply_scores(false) {
        assert!(!is_loss(score), "{name}");
    }
}
