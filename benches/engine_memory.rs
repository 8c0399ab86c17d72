//! What the long-lived engine buys: time and nodes to reach a fixed depth over
//! the positions of one 40-move game, searched one after the other by a kept
//! engine (table aged, ordering tables kept) and by fresh tables each time, as
//! before the engine existed. Reported as ratios, never asserted.
//!
//! `cargo bench --bench engine_memory` (add a game id and a depth to choose:
//! `cargo bench --bench engine_memory -- chess 6`).

use std::time::{Duration, Instant};

use ply::game::{GameOptions, GameVisitor, Playable, visit_game};
use ply::search::{Engine, Limits, SearchConfig, search};

/// Plies of the game whose positions are searched: 40 moves of each side.
const PLIES: usize = 80;

struct Measure {
    depth: u32,
}

impl GameVisitor for Measure {
    type Output = ();
    fn visit<G: Playable>(self) {
        let evaluators = G::evaluators();
        let evaluator = evaluators
            .iter()
            .find(|e| e.name == "strong")
            .unwrap_or(&evaluators[0]);
        let limits = Limits {
            depth: Some(self.depth),
            ..Limits::default()
        };
        let config = SearchConfig::for_algorithm_in_game(
            ply::search::Algorithm::AlphaBeta,
            limits,
            G::prefers_engine_search(),
        );
        let mut game = G::start(&GameOptions::default()).expect("the default options are valid");
        let mut engine = Engine::<G>::new();
        let (mut kept, mut fresh) = ((Duration::ZERO, 0u64), (Duration::ZERO, 0u64));
        let mut plies = 0;
        while plies < PLIES && game.outcome().is_none() && !game.moves().is_empty() {
            let started = Instant::now();
            let with_memory =
                engine.search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ());
            kept.0 += started.elapsed();
            kept.1 += with_memory.stats.nodes;
            let started = Instant::now();
            let without = search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ());
            fresh.0 += started.elapsed();
            fresh.1 += without.stats.nodes;
            // The game follows the kept engine's choices.
            let Some(m) = with_memory.best_move else {
                break;
            };
            game.play(m);
            plies += 1;
        }
        println!(
            "{} depth {}: {plies} positions; kept engine {:.2} s, {} nodes; fresh tables {:.2} s, {} nodes; time ratio {:.2}, node ratio {:.2}",
            G::info().id,
            self.depth,
            kept.0.as_secs_f64(),
            kept.1,
            fresh.0.as_secs_f64(),
            fresh.1,
            kept.0.as_secs_f64() / fresh.0.as_secs_f64().max(1e-9),
            kept.1 as f64 / fresh.1.max(1) as f64,
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let cases: Vec<(String, u32)> = match args.as_slice() {
        [game, depth] => vec![(game.clone(), depth.parse().expect("a depth"))],
        _ => vec![
            ("chess".into(), 6),
            ("connect4".into(), 10),
            ("checkers".into(), 8),
        ],
    };
    for (game, depth) in cases {
        visit_game(&game, Measure { depth }).expect("a known game");
    }
}
