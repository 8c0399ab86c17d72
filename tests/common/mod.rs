//! Helpers shared by the integration tests: an independent perft, a walk over every
//! reachable position, and small wrappers around the search.
//!
//! Each test binary uses only some of these, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod arcade;
pub mod binary;
pub mod engine;
pub mod screen;
pub mod tmux;

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use ply::game::{Evaluator, GameOptions, Outcome, Playable, SearchHooks, zobrist};
use ply::search::{Algorithm, Limits, SearchConfig, SearchResult, search};

/// The same piece letter for the other colour (FEN and xiangqi text write one side
/// in capitals): what the mirror tests of the evaluations swap.
pub fn other_colour(letter: char) -> char {
    if letter.is_ascii_uppercase() {
        letter.to_ascii_lowercase()
    } else {
        letter.to_ascii_uppercase()
    }
}

/// Positions at exactly `depth` plies from `game`; a game that ends earlier is not
/// continued and adds nothing. Written here on purpose rather than taken from the
/// crate, so that the move generator is checked by code it does not share.
pub fn perft<G: SearchHooks>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.moves();
    if game.outcome().is_some() {
        assert!(moves.is_empty(), "a finished game must have no legal moves");
        return 0;
    }
    let mut total = 0;
    for m in moves {
        let before = game.hash();
        game.play(m);
        total += perft(game, depth - 1);
        game.undo();
        assert_eq!(game.hash(), before, "undo must restore the hash");
    }
    total
}

/// How complete games (played until the game is over) ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Games won by the first player.
    pub first_wins: u64,
    /// Games won by the second player.
    pub second_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl GameCounts {
    /// All complete games.
    pub fn total(&self) -> u64 {
        self.first_wins + self.second_wins + self.draws
    }
}

/// Counts every complete game from `game` by its result.
pub fn count_games<G: SearchHooks>(game: &mut G) -> GameCounts {
    let mut counts = GameCounts::default();
    count_games_into(game, &mut counts);
    counts
}

fn count_games_into<G: SearchHooks>(game: &mut G, counts: &mut GameCounts) {
    match game.outcome() {
        Some(Outcome::Win(ply::game::Player::First)) => counts.first_wins += 1,
        Some(Outcome::Win(ply::game::Player::Second)) => counts.second_wins += 1,
        Some(Outcome::Draw) => counts.draws += 1,
        None => {
            let moves = game.moves();
            assert!(!moves.is_empty(), "an unfinished game must have a move");
            for m in moves {
                game.play(m);
                count_games_into(game, counts);
                game.undo();
            }
        }
    }
}

/// Every position reachable from `game` (itself included), once each by hash, as a
/// copy with the moves that lead to it from `game`.
pub fn reachable_positions<G: SearchHooks>(game: &G) -> HashMap<u64, G> {
    let mut seen = HashMap::new();
    let mut stack = vec![game.clone()];
    seen.insert(game.hash(), game.clone());
    while let Some(position) = stack.pop() {
        for m in position.moves() {
            let mut child = position.clone();
            child.play(m);
            if let Entry::Vacant(slot) = seen.entry(child.hash()) {
                slot.insert(child.clone());
                stack.push(child);
            }
        }
    }
    seen
}

/// Searches with the given configuration and no stop flag or observer.
pub fn run<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
) -> SearchResult<G::Move> {
    search(game, evaluator, config, None, &mut ())
}

/// The game's default (`seed`) evaluation.
pub fn seed_evaluator<G: Playable>() -> std::sync::Arc<dyn Evaluator<G>> {
    let named = G::evaluators()
        .into_iter()
        .next()
        .expect("every game has a seed evaluation");
    assert_eq!(named.name, "seed");
    named.evaluator
}

/// Plain minimax to the end of the game (or to `depth`).
pub fn minimax<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    depth: Option<u32>,
) -> SearchResult<G::Move> {
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    run(game, evaluator, &SearchConfig::minimax(limits))
}

/// The moves whose minimax value equals the position's, found by searching each
/// child on its own with plain minimax (scores seen from the side to move here).
/// Returns the value and the best moves.
pub fn minimax_best_moves<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    depth: Option<u32>,
) -> (i32, Vec<G::Move>) {
    let scores = child_scores(game, evaluator, depth);
    let best = scores
        .iter()
        .map(|&(_, s)| s)
        .max()
        .expect("a position that is not over has moves");
    let moves = scores
        .into_iter()
        .filter(|&(_, s)| s == best)
        .map(|(m, _)| m)
        .collect();
    (best, moves)
}

/// Every move with its plain-minimax score for the side to move here, counting win
/// and loss distances from this position (one ply more than from the child).
pub fn child_scores<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    depth: Option<u32>,
) -> Vec<(G::Move, i32)> {
    let side = game.to_move();
    game.moves()
        .into_iter()
        .map(|m| {
            let mut child = game.clone();
            child.play(m);
            let result = minimax(&child, evaluator, depth.map(|d| d - 1));
            (m, from_parent(result.score, child.to_move() == side))
        })
        .collect()
}

/// A child's score seen from its parent: negated when the side to move changed, and
/// a win or loss one ply further away.
pub fn from_parent(child_score: i32, same_side: bool) -> i32 {
    use ply::search::score::{is_loss, is_win};
    let s = if same_side { child_score } else { -child_score };
    if is_win(s) {
        s - 1
    } else if is_loss(s) {
        s + 1
    } else {
        s
    }
}

/// The configurations every test compares with plain minimax at any depth limit:
/// plain alpha-beta, alpha-beta with everything on, each helper switched off or on
/// alone, the value-preserving extras (PVS, aspiration windows, quiescence and check
/// extension, which change nothing in games without tactical moves or checks, and
/// the tree recorder), and minimax with the table. `tt_mib` sizes the tables.
pub fn configs_against_minimax(limits: Limits, tt_mib: usize) -> Vec<(&'static str, SearchConfig)> {
    let full = SearchConfig {
        tt_mib,
        ..SearchConfig::alpha_beta(limits)
    };
    let plain = SearchConfig::plain_alpha_beta(limits);
    vec![
        ("plain_alpha_beta", plain.clone()),
        ("alpha_beta full", full.clone()),
        (
            "alpha_beta without table",
            SearchConfig {
                tt_mib: 0,
                ..full.clone()
            },
        ),
        (
            "alpha_beta without ordering",
            SearchConfig {
                tt_move_first: false,
                game_ordering: false,
                killers: false,
                history: false,
                ..full.clone()
            },
        ),
        (
            "alpha_beta without iterative deepening",
            SearchConfig {
                iterative: false,
                ..full.clone()
            },
        ),
        (
            "alpha_beta table only",
            SearchConfig {
                tt_mib,
                ..plain.clone()
            },
        ),
        (
            "alpha_beta killers only",
            SearchConfig {
                killers: true,
                iterative: true,
                ..plain.clone()
            },
        ),
        (
            "alpha_beta history only",
            SearchConfig {
                history: true,
                iterative: true,
                ..plain.clone()
            },
        ),
        (
            "alpha_beta game ordering only",
            SearchConfig {
                game_ordering: true,
                ..plain.clone()
            },
        ),
        (
            "plain_alpha_beta with pvs",
            SearchConfig {
                algorithm: Algorithm::Engine,
                pvs: true,
                ..plain.clone()
            },
        ),
        (
            "alpha_beta full with pvs and aspiration 1",
            SearchConfig {
                pvs: true,
                aspiration: Some(1),
                ..full.clone()
            },
        ),
        (
            "alpha_beta full with aspiration 50",
            SearchConfig {
                aspiration: Some(50),
                ..full.clone()
            },
        ),
        (
            "alpha_beta full with quiescence and check extension",
            SearchConfig {
                quiescence: true,
                check_extension: true,
                ..full.clone()
            },
        ),
        (
            "alpha_beta full, tree recorded",
            SearchConfig {
                trace: Some(100_000),
                ..full.clone()
            },
        ),
        (
            "minimax with table",
            SearchConfig {
                tt_mib,
                ..SearchConfig::minimax(limits)
            },
        ),
    ]
}

/// Configurations with the heuristics that may change a depth-limited value (late-
/// move reductions, null-move pruning): without a depth limit they must still find
/// the exact value, because a result is only final once proven.
pub fn heuristic_configs(tt_mib: usize) -> Vec<(&'static str, SearchConfig)> {
    let full = SearchConfig {
        tt_mib,
        ..SearchConfig::alpha_beta(Limits::default())
    };
    vec![
        (
            "engine",
            SearchConfig {
                tt_mib,
                ..SearchConfig::engine(Limits::default())
            },
        ),
        (
            "alpha_beta full with late-move reductions",
            SearchConfig {
                late_move_reductions: true,
                ..full.clone()
            },
        ),
        (
            "alpha_beta full with null move and aspiration 50",
            SearchConfig {
                null_move: true,
                aspiration: Some(50),
                ..full.clone()
            },
        ),
        (
            "plain_alpha_beta with null move",
            SearchConfig {
                algorithm: Algorithm::Engine,
                null_move: true,
                iterative: true,
                ..SearchConfig::plain_alpha_beta(Limits::default())
            },
        ),
    ]
}

/// Every configuration to compare with minimax: all of them without a depth limit,
/// only the value-preserving ones with one.
pub fn all_configs(depth: Option<u32>, tt_mib: usize) -> Vec<(&'static str, SearchConfig)> {
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    let mut configs = configs_against_minimax(limits, tt_mib);
    if depth.is_none() {
        configs.extend(heuristic_configs(tt_mib));
    }
    configs
}

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

/// Alpha-beta, plain and with every helper but the table, finds exactly plain
/// minimax's value at each depth, with the game's seed evaluation. With
/// `same_ply_only` (every position recurs only at the ply it was first reached at,
/// as in Connect Four) the full configuration with its table must agree too;
/// otherwise a table may rightly answer a depth-limited search with the deeper
/// result of an earlier visit, which plain minimax cannot know.
pub fn alpha_beta_matches_minimax<G: Playable>(games: &[G], depths: &[u32], same_ply_only: bool) {
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
            let full = SearchConfig::alpha_beta(limits);
            let tt_mib = if same_ply_only { full.tt_mib } else { 0 };
            assert_eq!(
                value(SearchConfig { tt_mib, ..full }),
                minimax,
                "{position} d{depth}"
            );
        }
    }
}

/// Checks [`Game::move_slot`] on every move within two plies of `start`: each
/// slot is below `MOVE_SLOTS` and holds one move only, so a flat history table
/// never mixes up two moves.
pub fn assert_move_slots_tell_moves_apart<G: SearchHooks>(start: &G) {
    assert!(G::MOVE_SLOTS > 0, "the game numbers its moves");
    let mut owners: HashMap<usize, G::Move> = HashMap::new();
    let mut check = |game: &G| {
        for m in game.moves() {
            let slot = G::move_slot(m);
            assert!(slot < G::MOVE_SLOTS, "{m:?}: slot {slot}");
            let owner = *owners.entry(slot).or_insert(m);
            assert_eq!(owner, m, "slot {slot} holds two moves");
        }
    };
    let mut game = start.clone();
    check(&game);
    for first in start.moves() {
        game.play(first);
        check(&game);
        for second in game.moves() {
            game.play(second);
            check(&game);
            game.undo();
        }
        game.undo();
    }
}
