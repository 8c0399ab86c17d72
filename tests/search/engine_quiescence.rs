//! Quiescence search in check: with check evasions on, a node in check past the
//! horizon tries every legal move instead of standing pat, so a mate made of
//! captures and checks is seen at its true distance even where the depth limit
//! (and no check extension) stops the full-width search after one ply.

use ply::game::Playable;
use ply::game::chess::Chess;
use ply::search::score::{is_win, plies_to_end};
use ply::search::{Limits, SearchConfig, search};

fn one_ply_without_check_extension() -> SearchConfig {
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    SearchConfig {
        check_extension: false,
        quiescence_evasions: true,
        ..SearchConfig::engine(limits)
    }
}

fn score_of(game: &Chess, config: &SearchConfig) -> i32 {
    let evaluator = Chess::evaluators().remove(0);
    search(game, evaluator.evaluator.as_ref(), config, None, &mut ()).score
}

#[test]
fn quiescence_evasions_see_a_mate_by_captures_beyond_the_depth_limit() {
    // Stockfish 15.1 (depth 14): mate in 2, 1.Qxf7+ Kh8 2.Bxg7# (2.Qxg7# too).
    // Both white moves are captures, the black one the only evasion: a
    // quiescence search that answers checks finds it from a one-ply search.
    let game = Chess::from_fen("3r2k1/5ppp/8/8/2B5/5Q2/1B6/6K1 w - - 0 1").unwrap();
    let config = one_ply_without_check_extension();
    let with_evasions = score_of(&game, &config);
    assert!(is_win(with_evasions), "{with_evasions}");
    assert_eq!(plies_to_end(with_evasions), Some(3));
    // Standing pat in check, the same search sees no mate at all.
    let standing_pat = SearchConfig {
        quiescence_evasions: false,
        ..config
    };
    assert!(!is_win(score_of(&game, &standing_pat)));
}
