//! The search's optional features: PVS and aspiration windows keep alpha-beta's
//! value exactly; quiescence search returns what a full-width quiescence minimax
//! written here returns; the engine profile (null move, reductions) still proves
//! the right values when searched to the end.

use proptest::prelude::*;

use ply::game::synthetic::Synthetic;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Evaluator, Game, GameError, GameOptions, Outcome, Playable, Player, SearchHooks};
use ply::search::{Algorithm, Limits, SearchConfig, search};

fn synthetic(b: u8, d: u8, seed: u64) -> Synthetic {
    let options = [format!("b={b}"), format!("d={d}"), format!("seed={seed}")];
    Synthetic::start(&GameOptions::parse(&options).unwrap()).unwrap()
}

fn value_of<G: Playable>(game: &G, config: &SearchConfig) -> i32 {
    let evaluator = G::evaluators().remove(0);
    search(game, evaluator.evaluator.as_ref(), config, None, &mut ()).score
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn exact_variants(limits: Limits) -> Vec<SearchConfig> {
    let base = SearchConfig::alpha_beta(limits);
    vec![
        SearchConfig {
            pvs: true,
            ..base.clone()
        },
        SearchConfig {
            pvs: true,
            aspiration: Some(1),
            ..base.clone()
        },
        SearchConfig {
            aspiration: Some(7),
            ..base.clone()
        },
        SearchConfig {
            pvs: true,
            tt_mib: 0,
            ..base.clone()
        },
        SearchConfig {
            algorithm: Algorithm::Engine,
            pvs: true,
            iterative: false,
            ..SearchConfig::plain_alpha_beta(limits)
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn pvs_and_aspiration_keep_the_minimax_value(b in 1u8..=5, d in 1u8..=6, seed in 0u64..1000) {
        let game = synthetic(b, d, seed);
        let reference = value_of(&game, &SearchConfig::minimax(depth(u32::from(d))));
        for config in exact_variants(depth(u32::from(d))) {
            prop_assert_eq!(value_of(&game, &config), reference, "{:?}", config);
        }
    }
}

#[test]
fn pvs_and_aspiration_keep_the_value_of_tic_tac_toe_positions() {
    let mut game = TicTacToe::new();
    for opening in ["", "b2", "a1", "b2 a1", "a1 b2 c3", "b1 a1 c1"] {
        game = TicTacToe::setup(&GameOptions::default(), None, Some(opening)).unwrap();
        for d in 1..=4 {
            let reference = value_of(&game, &SearchConfig::minimax(depth(d)));
            for config in exact_variants(depth(d)) {
                assert_eq!(
                    value_of(&game, &config),
                    reference,
                    "'{opening}' depth {d}: {config:?}"
                );
            }
        }
    }
    assert_eq!(game.to_move(), Player::Second);
}

#[test]
fn the_engine_profile_proves_every_tic_tac_toe_value() {
    // Reductions and the rest are heuristics at a fixed depth, but a value proven by
    // searching every line to its end must still be the true one.
    let engine = SearchConfig::engine(Limits::default());
    let minimax = SearchConfig::minimax(Limits::default());
    for opening in ["", "b2", "a1", "a1 b2", "a1 c3", "b1 b2 c1", "a1 b1 b2 c1"] {
        let game = TicTacToe::setup(&GameOptions::default(), None, Some(opening)).unwrap();
        let evaluator = TicTacToe::evaluators().remove(0);
        let expected = value_of(&game, &minimax);
        let result = search(&game, evaluator.evaluator.as_ref(), &engine, None, &mut ());
        assert_eq!(result.score, expected, "'{opening}'");
        assert!(result.proven, "'{opening}': the value is proven");
    }
}

/// A synthetic tree whose even-numbered moves count as tactical, for quiescence.
#[derive(Clone)]
struct Tactical(Synthetic);

impl Game for Tactical {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.0.to_move()
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        self.0.legal_moves(out)
    }

    fn play(&mut self, m: u8) {
        self.0.play(m)
    }

    fn undo(&mut self) {
        self.0.undo()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        self.0.parse_move(text)
    }

    fn format_move(&self, m: u8) -> String {
        self.0.format_move(m)
    }

    fn format_position(&self) -> String {
        self.0.format_position()
    }
}

impl SearchHooks for Tactical {
    fn is_tactical(&self, m: u8) -> bool {
        m.is_multiple_of(2)
    }
}

/// Full-width minimax (negamax form) with a quiescence search at the horizon:
/// stand pat on the evaluation, or take the best tactical move. No pruning at all.
fn reference_quiescence(game: &mut Tactical, depth: u32) -> i32 {
    let moves = game.moves();
    if moves.is_empty() {
        return game.0.value();
    }
    let candidates: Vec<u8> = if depth == 0 {
        moves.into_iter().filter(|&m| game.is_tactical(m)).collect()
    } else {
        moves
    };
    let mut best = if depth == 0 { game.0.value() } else { i32::MIN };
    for m in candidates {
        game.play(m);
        best = best.max(-reference_quiescence(game, depth.saturating_sub(1)));
        game.undo();
    }
    best
}

#[test]
fn quiescence_search_returns_the_full_width_quiescence_value() {
    let evaluator = |g: &Tactical| g.0.value();
    for seed in 0..40 {
        for (b, d, limit) in [(3, 5, 2), (4, 4, 1), (2, 8, 3), (3, 6, 0)] {
            let mut game = Tactical(synthetic(b, d, seed));
            let expected = reference_quiescence(&mut game, limit.max(1));
            for base in [
                SearchConfig::plain_alpha_beta(depth(limit.max(1))),
                SearchConfig::alpha_beta(depth(limit.max(1))),
            ] {
                // Quiescence is the engine's: the course's alpha-beta reads no extras.
                let config = SearchConfig {
                    algorithm: Algorithm::Engine,
                    quiescence: true,
                    ..base
                };
                let result = search(
                    &game,
                    &evaluator as &dyn Evaluator<Tactical>,
                    &config,
                    None,
                    &mut (),
                );
                assert_eq!(
                    result.score, expected,
                    "seed {seed} b {b} d {d} depth {limit}"
                );
            }
        }
    }
}
