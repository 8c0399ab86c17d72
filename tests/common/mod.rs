//! Helpers the per-game test files share: options, reproducible random positions,
//! bad-input checks, and the comparison of alpha-beta with plain minimax.

#![allow(dead_code)]

use ply::game::{GameOptions, Playable, zobrist};
use ply::search::{Limits, SearchConfig, search};

/// Options from `KEY=VALUE` strings.
pub fn options(pairs: &[&str]) -> GameOptions {
    GameOptions::parse(pairs).expect("well-formed options")
}

/// The start position for these options.
pub fn start<G: Playable>(pairs: &[&str]) -> G {
    G::setup(&options(pairs), None, None).expect("valid options")
}

/// A position given in the game's notation.
pub fn at<G: Playable>(position: &str, pairs: &[&str]) -> G {
    G::setup(&options(pairs), Some(position), None).expect("valid position")
}

/// Positions after up to `longest - 1` random moves from the start, reproducible
/// from a counter; finished games are left out.
pub fn random_positions<G: Playable>(pairs: &[&str], count: u64, longest: u64) -> Vec<G> {
    (0..count)
        .filter_map(|seed| {
            let mut game: G = start(pairs);
            for ply in 0..zobrist::mix64(seed) % longest {
                let moves = game.moves();
                if moves.is_empty() {
                    return None;
                }
                game.play(moves[zobrist::mix64(seed * 1000 + ply) as usize % moves.len()]);
            }
            (!game.moves().is_empty()).then_some(game)
        })
        .collect()
}

/// Every (position, options) pair is refused with a one-line error.
pub fn refuses_positions<G: Playable>(cases: &[(&str, &[&str])]) {
    for &(position, pairs) in cases {
        let error = G::setup(&options(pairs), Some(position), None)
            .err()
            .unwrap_or_else(|| panic!("{position} {pairs:?} was accepted"));
        assert!(
            !error.0.is_empty() && !error.0.contains('\n'),
            "{position}: {error}"
        );
    }
}

/// Every set of options is refused with a one-line error.
pub fn refuses_options<G: Playable>(cases: &[&[&str]]) {
    for &pairs in cases {
        let error = G::setup(&options(pairs), None, None)
            .err()
            .unwrap_or_else(|| panic!("{pairs:?} was accepted"));
        assert!(!error.0.contains('\n'), "{pairs:?}: {error}");
    }
}

/// Every move text is refused here with a one-line error.
pub fn refuses_moves<G: Playable>(game: &G, texts: &[&str]) {
    for text in texts {
        let error = game.parse_move(text).expect_err(text);
        assert!(
            !error.0.is_empty() && !error.0.contains('\n'),
            "{text}: {error}"
        );
    }
}

/// Alpha-beta, with everything on and plain, finds exactly plain minimax's value
/// at each depth, with the game's seed evaluation.
pub fn alpha_beta_matches_minimax<G: Playable>(games: &[G], depths: &[u32]) {
    let evaluator = G::evaluators().remove(0).evaluator;
    for game in games {
        for &depth in depths {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let value = |config: SearchConfig| {
                search(game, evaluator.as_ref(), &config, None, &mut ()).score
            };
            let minimax = value(SearchConfig::minimax(limits));
            let position = game.format_position();
            assert_eq!(
                value(SearchConfig::plain_alpha_beta(limits)),
                minimax,
                "{position} d{depth}"
            );
            assert_eq!(
                value(SearchConfig::alpha_beta(limits)),
                minimax,
                "{position} d{depth}"
            );
        }
    }
}
