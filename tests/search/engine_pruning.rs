//! The engine's guesses about which moves need no search (futility, reverse
//! futility and late-move pruning near the horizon, judged by the static value
//! the table corrects; moves losing by static exchange near the horizon, in
//! quiescence and in ordering) must not cost a forced mate: where
//! full-width alpha-beta proves a mate at some depth, the engine with all its
//! extras finds the same mate, in chess and in xiangqi.

use ply::game::Playable;
use ply::game::chess::Chess;
use ply::game::xiangqi::Xiangqi;
use ply::search::score::{is_win, plies_to_end};
use ply::search::{Limits, SearchConfig, search};

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn score_of<G: Playable>(game: &G, config: &SearchConfig) -> i32 {
    let evaluator = G::evaluators().remove(0);
    search(game, evaluator.evaluator.as_ref(), config, None, &mut ()).score
}

/// The engine, with each of the extras this test is about switched on, and
/// chess's history refinements off: bounded history orders and reduces the quiet
/// moves of these mates differently, which puts them off by more than the two
/// plies this test allows for (the test below bounds that).
fn pruning_engine(limits: Limits) -> SearchConfig {
    let mut config = SearchConfig::engine(limits);
    for name in ["gravity", "conthist", "quietkillers"] {
        config.switch(name, false).expect("a known switch");
    }
    assert!(config.futility && config.reverse_futility && config.late_move_pruning);
    assert!(config.see_ordering && config.see_pruning && config.see_main_pruning);
    assert!(
        config.table_eval,
        "pruning judges the table-corrected static value"
    );
    config
}

/// The engine as it was before these extras.
fn without_extras(limits: Limits) -> SearchConfig {
    SearchConfig {
        futility: false,
        reverse_futility: false,
        late_move_pruning: false,
        see_ordering: false,
        see_pruning: false,
        see_main_pruning: false,
        table_eval: false,
        ..pruning_engine(limits)
    }
}

/// The plies of the chess mates below, the textbook's rook mates.
const CHESS_MATES: [(&str, u32); 3] = [
    // Back-rank mate in one.
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1),
    // King and rook: the king steps up, then the rook mates (Stockfish: mate in 2).
    ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 3),
    // King and rook, one quiet move more (Stockfish: mate in 3).
    ("2k5/8/8/2K5/8/8/8/7R w - - 0 1", 5),
];

fn assert_mate_kept<G: Playable>(game: &G, plies: u32, name: &str) {
    // Alpha-beta with ordering and a table but no pruning: full width.
    let reference = score_of(game, &SearchConfig::alpha_beta(depth(plies)));
    assert!(is_win(reference), "{name}: no mate in {plies} plies");
    // Null moves and reductions may already put a mate off by a ply or two: at
    // every depth where the engine without the extras finds a mate, the extras
    // find the same one (they may find it sooner: a pruned tree goes deeper where
    // it matters), and two plies deeper they find the mate full-width search proves.
    for d in plies..=plies + 2 {
        let before = plies_to_end(score_of(game, &without_extras(depth(d))));
        let after = plies_to_end(score_of(game, &pruning_engine(depth(d))));
        if before.is_some() {
            assert_eq!(after, before, "{name} at depth {d}");
        }
    }
    let deeper = score_of(game, &pruning_engine(depth(plies + 2)));
    assert_eq!(plies_to_end(deeper), plies_to_end(reference), "{name}");
}

#[test]
fn forward_pruning_keeps_the_chess_mates_full_width_search_proves() {
    for (fen, plies) in CHESS_MATES {
        assert_mate_kept(&Chess::from_fen(fen).unwrap(), plies, fen);
    }
}

/// The engine as it plays (history gravity, continuation history and quiet-only
/// killers on) finds each mate full-width search proves, at most four plies
/// deeper than its length: the price of those refinements (they gained in
/// matches, search/limits.rs), bounded here so it cannot grow unseen.
#[test]
fn the_engine_as_it_plays_finds_the_chess_mates_within_four_plies_more() {
    for (fen, plies) in CHESS_MATES {
        let game = Chess::from_fen(fen).unwrap();
        let reference = plies_to_end(score_of(&game, &SearchConfig::alpha_beta(depth(plies))));
        let found_at = (plies..=plies + 8)
            .find(|&d| plies_to_end(score_of(&game, &SearchConfig::engine(depth(d)))) == reference);
        let found_at =
            found_at.unwrap_or_else(|| panic!("{fen}: not found by depth {}", plies + 8));
        assert!(found_at <= plies + 4, "{fen}: found at depth {found_at}");
    }
}

#[test]
fn forward_pruning_keeps_the_xiangqi_mates_full_width_search_proves() {
    for (fen, plies) in [
        // Two chariots against a bare general that may not step onto the red
        // general's open file (Fairy-Stockfish: mate in 1).
        ("3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1", 1),
        ("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", 1),
    ] {
        assert_mate_kept(&Xiangqi::from_fen(fen).unwrap(), plies, fen);
    }
}
