//! The engine's cache of static values (`evalcache`, on in xiangqi) must change
//! nothing but the time: every search finds the same move, score, line and node
//! counts with it as without it, on positions Fairy-Stockfish labelled
//! (tests/data/xiangqi-fairy-labels.txt) and from the start.

use ply::game::xiangqi::Xiangqi;
use ply::game::{Game, Playable};
use ply::search::{Limits, SearchConfig, SearchResult, search};

const LABELLED: &str = include_str!("../data/xiangqi-fairy-labels.txt");

fn searched(game: &Xiangqi, eval_cache: bool) -> SearchResult<<Xiangqi as Game>::Move> {
    let evaluator = Xiangqi::evaluator_named("strong").expect("xiangqi has `strong`");
    let config = SearchConfig {
        eval_cache,
        ..SearchConfig::engine(Limits {
            depth: Some(6),
            ..Limits::default()
        })
    };
    search(game, evaluator.evaluator.as_ref(), &config, None, &mut ())
}

#[test]
fn the_cache_of_static_values_changes_no_xiangqi_search() {
    assert!(SearchConfig::engine(Limits::default()).eval_cache);
    let fens = LABELLED
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split('\t').next())
        .step_by(25)
        .take(12);
    let mut games = vec![("start".to_string(), Xiangqi::new())];
    games.extend(fens.map(|fen| (fen.to_string(), Xiangqi::from_fen(fen).expect("a FEN"))));
    for (name, game) in &games {
        let (with, without) = (searched(game, true), searched(game, false));
        assert_eq!(with.best_move, without.best_move, "{name}");
        assert_eq!(with.score, without.score, "{name}");
        assert_eq!(with.pv, without.pv, "{name}");
        let counts = |r: &SearchResult<_>| (r.stats.nodes_per_iteration.clone(), r.stats.leaves);
        assert_eq!(counts(&with), counts(&without), "{name}");
    }
}
