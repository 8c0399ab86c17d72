//! The search against plain minimax and against the Knuth-Moore formula, and its
//! behaviour as a program: determinism, limits, the background runner, and the
//! preference for quick wins and slow losses.
//!
//! Knuth and Moore (1975), "An analysis of alpha-beta pruning": on a uniform tree of
//! branching b and depth d whose best move is always searched first, alpha-beta
//! evaluates exactly b^ceil(d/2) + b^floor(d/2) - 1 leaves (b=3, d=3: 11;
//! b=40, d=5: 65,599), and no algorithm can prove the value with fewer; minimax
//! evaluates all b^d.

use super::common;

use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use common::{all_configs, child_scores, minimax, minimax_best_moves, run, seed_evaluator};
use ply::game::synthetic::{Ordering, Synthetic};
use ply::game::tictactoe::TicTacToe;
use ply::game::{
    Evaluator, Game, GameError, GameOptions, Outcome, Playable, Player, SearchHooks, zobrist,
};
use ply::search::score::{self, is_loss, is_win, plies_to_end};
use ply::search::{
    GameValue, Iteration, Limits, Observer, SearchConfig, SearchEvent, SearchResult, Stats,
    spawn_search,
};
use proptest::prelude::*;

/// How long a test waits for a search before it fails: a bound on a hang, not a
/// speed figure.
const PATIENCE: Duration = Duration::from_secs(60);

fn tictactoe(position: &str) -> TicTacToe {
    TicTacToe::parse_position(position, &GameOptions::default()).expect("a legal position")
}

/// Leaves alpha-beta evaluates on a perfectly ordered uniform tree (Knuth and Moore).
fn knuth_moore_leaves(b: u64, d: u32) -> u64 {
    b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1
}

fn limits(depth: Option<u32>) -> Limits {
    Limits {
        depth,
        ..Limits::default()
    }
}

/// Checks every configuration against plain minimax on one position: the same
/// score (win and loss distances included); proven whenever minimax is; a legal
/// principal variation starting with the best move; and, when minimax's best moves
/// can be computed child by child, a best move among them. With `with_table` false,
/// configurations using a transposition table are left out (a table may rightly
/// answer a depth-limited search with a deeper result when a position recurs at
/// another ply).
fn agrees_with_minimax<G: SearchHooks>(
    game: &G,
    eval: &dyn Evaluator<G>,
    depth: Option<u32>,
    with_table: bool,
) -> Result<(), TestCaseError> {
    let reference = minimax(game, eval, depth);
    // With a depth limit of 1 the children would be searched at depth 0, which the
    // search clamps to 1: compare best moves only from depth 2 on.
    let best_moves = match (reference.best_move, depth) {
        (Some(_), None) | (Some(_), Some(2..)) => {
            let (best, moves) = minimax_best_moves(game, eval, depth);
            prop_assert_eq!(best, reference.score);
            Some(moves)
        }
        _ => None,
    };
    let mut configs = all_configs(depth, 1);
    configs.push(("minimax", SearchConfig::minimax(limits(depth))));
    for (name, config) in configs {
        if config.tt_mib > 0 && !with_table {
            continue;
        }
        let result = run(game, eval, &config);
        prop_assert_eq!(result.score, reference.score, "{}", name);
        prop_assert!(!reference.proven || result.proven, "{} not proven", name);
        prop_assert_eq!(result.best_move.is_some(), reference.best_move.is_some());
        if let (Some(moves), Some(m)) = (&best_moves, result.best_move) {
            prop_assert!(moves.contains(&m), "{}: {:?} not in {:?}", name, m, moves);
        }
        if let Some(d) = depth {
            prop_assert!(result.depth <= d, "{}: depth {}", name, result.depth);
        }
        prop_assert_eq!(result.pv.first().copied(), result.best_move, "{}", name);
        let mut line = game.clone();
        for &m in &result.pv {
            prop_assert!(
                line.moves().contains(&m),
                "{}: illegal pv {:?}",
                name,
                result.pv
            );
            line.play(m);
        }
        if config.tt_mib == 0 {
            // Without a table the line is searched, not pieced together: it is as
            // long as the search (to the end for a forced win or loss).
            match (plies_to_end(result.score), depth) {
                (Some(n), _) => prop_assert_eq!(result.pv.len(), n as usize, "{}", name),
                (None, Some(d)) => prop_assert!(result.pv.len() <= d as usize),
                (None, None) => {}
            }
        }
    }
    Ok(())
}

/// A subtraction game written for these tests, where positions recur at different
/// plies and a side may move twice in a row: take 1, 2 or 3 from a heap; whoever
/// takes the last counter wins. With `extra_turns`, taking exactly 2 without
/// emptying the heap lets the same side move again (as Kalah's extra turn does).
/// Without extra turns it is the classic subtraction game {1, 2, 3}: a heap is lost
/// for the side to move exactly when it is a multiple of 4 (Winning Ways, ch. 4).
/// With `null_moves`, it lets the search pass (null-move pruning), though every
/// multiple of 4 is a zugzwang: passing there would turn a loss into a win.
#[derive(Clone, Debug)]
struct Subtraction {
    heap: u32,
    extra_turns: bool,
    null_moves: bool,
    to_move: Player,
    /// Moves played with the side that played them; 0 for a pass.
    history: Vec<(u8, Player)>,
}

impl Subtraction {
    fn new(heap: u32, extra_turns: bool) -> Subtraction {
        Subtraction {
            heap,
            extra_turns,
            null_moves: false,
            to_move: Player::First,
            history: Vec::new(),
        }
    }
}

impl Game for Subtraction {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.extend((1..=3).filter(|&take| u32::from(take) <= self.heap));
    }

    fn play(&mut self, m: u8) {
        self.history.push((m, self.to_move));
        self.heap -= u32::from(m);
        if !(self.extra_turns && m == 2 && self.heap > 0) {
            self.to_move = self.to_move.other();
        }
    }

    fn undo(&mut self) {
        if let Some((m, player)) = self.history.pop() {
            self.heap += u32::from(m);
            self.to_move = player;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        // The last move emptied the heap and always passed the turn.
        (self.heap == 0).then(|| Outcome::Win(self.to_move.other()))
    }

    fn hash(&self) -> u64 {
        zobrist::key(1000, u64::from(self.heap) * 2 + self.to_move.index() as u64)
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        match text.trim().parse::<u8>() {
            Ok(m) if (1..=3).contains(&m) && u32::from(m) <= self.heap => Ok(m),
            _ => Err(GameError::new(format!("cannot take '{text}'"))),
        }
    }

    fn format_move(&self, m: u8) -> String {
        m.to_string()
    }

    fn format_position(&self) -> String {
        format!("{}:{:?}", self.heap, self.to_move)
    }
}

impl SearchHooks for Subtraction {
    fn move_priority(&self, m: u8) -> i32 {
        // Largest first, so that game ordering changes the generator's order.
        i32::from(m)
    }

    fn supports_null_move(&self) -> bool {
        self.null_moves
    }

    fn play_null(&mut self) {
        self.history.push((0, self.to_move));
        self.to_move = self.to_move.other();
    }

    fn undo_null(&mut self) {
        self.undo();
    }
}

/// An arbitrary but fixed evaluation, so that depth-limited searches have something
/// to disagree about.
fn subtraction_eval(game: &Subtraction) -> i32 {
    ((game.heap * 37 + game.to_move.index() as u32 * 11) % 21) as i32 - 10
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random uniform trees, random leaf values, with and without a depth limit.
    #[test]
    fn alpha_beta_equals_minimax_on_synthetic_trees(
        b in 1u8..=5,
        d in 0u8..=6,
        seed in any::<u64>(),
        best_first in any::<bool>(),
        depth in prop::option::of(1u32..=6),
    ) {
        let order = if best_first { Ordering::BestFirst } else { Ordering::Random };
        let game = Synthetic::new(b, d, seed, order);
        let eval = seed_evaluator::<Synthetic>();
        agrees_with_minimax(&game, eval.as_ref(), depth, true)?;

        // Any algorithm has to look at the Knuth-Moore number of leaves, and plain
        // alpha-beta never looks at more than minimax.
        let plain = run(&game, eval.as_ref(), &SearchConfig::plain_alpha_beta(Limits::default()));
        let full = minimax(&game, eval.as_ref(), None);
        prop_assert_eq!(full.stats.leaves, u64::from(b).pow(u32::from(d)));
        prop_assert!(plain.stats.leaves >= knuth_moore_leaves(u64::from(b), u32::from(d)));
        prop_assert!(plain.stats.leaves <= full.stats.leaves);
    }

    /// Random tic-tac-toe positions reached by random moves, with and without a
    /// depth limit.
    #[test]
    fn alpha_beta_equals_minimax_on_tictactoe(
        choices in prop::collection::vec(0usize..9, 0..=9),
        depth in prop::option::of(1u32..=9),
    ) {
        let mut game = TicTacToe::new();
        for choice in choices {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[choice % moves.len()]);
        }
        let eval = seed_evaluator::<TicTacToe>();
        agrees_with_minimax(&game, eval.as_ref(), depth, true)?;
    }

    /// A game whose positions recur at different plies, with extra turns: the
    /// table's win distances must be converted between plies, and negamax must not
    /// negate when the side to move stays the same.
    #[test]
    fn alpha_beta_equals_minimax_on_a_game_with_transpositions_and_extra_turns(
        heap in 0u32..=16,
        extra_turns in any::<bool>(),
        null_moves in any::<bool>(),
        depth in prop::option::of(1u32..=8),
    ) {
        let game = Subtraction {
            null_moves,
            ..Subtraction::new(heap, extra_turns)
        };
        agrees_with_minimax(&game, &subtraction_eval, depth, depth.is_none())?;
    }
}

/// The classic subtraction game {1, 2, 3}: a heap of 4k is lost in 2k plies, any
/// other heap n won in 1 + 2k plies (k = n / 4) by taking n mod 4, every round then
/// taking 4 counters whatever the loser does. Every configuration must find exactly
/// that, including the heuristic ones, and with null moves allowed although every
/// loss is a zugzwang (a pass would win): a null-move cutoff is not a proof.
#[test]
fn the_subtraction_game_is_lost_on_multiples_of_4() {
    let mut configs = common::heuristic_configs(1);
    configs.push(("alpha_beta", SearchConfig::alpha_beta(Limits::default())));
    for (name, config) in configs {
        // Without a table the tree grows like the tribonacci numbers.
        let largest = if config.tt_mib == 0 { 20 } else { 60 };
        for heap in 1..=largest {
            for null_moves in [false, true] {
                let game = Subtraction {
                    null_moves,
                    ..Subtraction::new(heap, false)
                };
                let result = run(&game, &subtraction_eval, &config);
                let context = format!("{name}, heap {heap}, null moves {null_moves}");
                let k = heap / 4;
                assert!(result.proven, "{context}");
                if heap % 4 == 0 {
                    assert_eq!(result.value(), Some(GameValue::Loss), "{context}");
                    assert_eq!(result.score, score::loss_in(2 * k), "{context}");
                } else {
                    assert_eq!(result.value(), Some(GameValue::Win), "{context}");
                    assert_eq!(result.score, score::win_in(1 + 2 * k), "{context}");
                    assert_eq!(result.best_move, Some((heap % 4) as u8), "{context}");
                }
            }
        }
    }
}

#[test]
fn alpha_beta_evaluates_the_knuth_moore_number_of_leaves_on_best_first_trees() {
    let mut pairs: Vec<(u8, u8)> = Vec::new();
    for b in 1..=8u8 {
        for d in 0..=7u8 {
            if u64::from(b).pow(u32::from(d)) <= 2_000_000 {
                pairs.push((b, d));
            }
        }
    }
    pairs.extend([(10, 8), (20, 6), (40, 4), (40, 5), (64, 4)]);
    let eval = seed_evaluator::<Synthetic>();
    for (b, d) in pairs {
        let game = Synthetic::new(b, d, 12345, Ordering::BestFirst);
        let config = SearchConfig {
            game_ordering: false,
            ..SearchConfig::plain_alpha_beta(Limits::default())
        };
        let result = run(&game, eval.as_ref(), &config);
        let expected = knuth_moore_leaves(u64::from(b), u32::from(d));
        assert_eq!(result.stats.leaves, expected, "b={b} d={d}");
        // The search finds the tree's value along the leftmost line.
        assert_eq!(result.score, game.value(), "b={b} d={d}");
        assert_eq!(result.pv, vec![0; d as usize], "b={b} d={d}");
        assert!(result.proven);
        if u64::from(b).pow(u32::from(d)) <= 1_000_000 {
            let full = minimax(&game, eval.as_ref(), None);
            assert_eq!(
                full.stats.leaves,
                u64::from(b).pow(u32::from(d)),
                "b={b} d={d}"
            );
            let nodes: u64 = (0..=u32::from(d)).map(|i| u64::from(b).pow(i)).sum();
            assert_eq!(full.stats.nodes, nodes, "b={b} d={d}");
            assert_eq!(full.score, result.score);
        }
    }
    // The textbook examples by name.
    let run_plain = |b, d| {
        let game = Synthetic::new(b, d, 1, Ordering::BestFirst);
        run(
            &game,
            eval.as_ref(),
            &SearchConfig::plain_alpha_beta(Limits::default()),
        )
        .stats
        .leaves
    };
    assert_eq!(run_plain(3, 3), 11);
    assert_eq!(run_plain(40, 5), 65_599);
}

/// Comparable parts of a result: everything but the wall-clock time.
fn fingerprint<M: Clone>(result: &SearchResult<M>) -> (Option<M>, i32, Vec<M>, u32, bool, Stats) {
    let stats = Stats {
        elapsed: Duration::ZERO,
        ..result.stats.clone()
    };
    (
        result.best_move.clone(),
        result.score,
        result.pv.clone(),
        result.depth,
        result.proven,
        stats,
    )
}

#[test]
fn the_same_search_twice_gives_the_same_result() {
    let eval = seed_evaluator::<Synthetic>();
    let game = Synthetic::new(6, 8, 99, Ordering::Random);
    for config in [
        SearchConfig::alpha_beta(Limits::default()),
        SearchConfig::alpha_beta(limits(Some(5))),
        SearchConfig::plain_alpha_beta(Limits::default()),
        SearchConfig::minimax(limits(Some(5))),
    ] {
        let first = run(&game, eval.as_ref(), &config);
        let second = run(&game, eval.as_ref(), &config);
        assert_eq!(fingerprint(&first), fingerprint(&second), "{config:?}");
        assert_eq!(first.root_moves, second.root_moves);
        assert!(first.stats.nodes > 0);
    }
    let eval = seed_evaluator::<TicTacToe>();
    let config = SearchConfig::alpha_beta(Limits::default());
    let first = run(&TicTacToe::new(), eval.as_ref(), &config);
    let second = run(&TicTacToe::new(), eval.as_ref(), &config);
    assert_eq!(fingerprint(&first), fingerprint(&second));
    // A background search is the same search.
    let handle = spawn_search(TicTacToe::new(), eval.clone(), config.clone());
    let background = handle.wait().expect("a final result");
    assert_eq!(fingerprint(&first), fingerprint(&background));
}

#[test]
fn a_stopped_background_search_finishes_promptly_with_a_move() {
    let game = Synthetic::new(10, 12, 7, Ordering::Random);
    let handle = spawn_search(
        game.clone(),
        seed_evaluator::<Synthetic>(),
        SearchConfig::alpha_beta(Limits::default()),
    );
    // Stopped once its third iteration is done: the tree (10^12 leaves) cannot be
    // searched whole, so only stop() ends the search. PATIENCE bounds a hang, not
    // the speed of the machine.
    let mut events = Vec::new();
    loop {
        match handle.events.recv_timeout(PATIENCE) {
            Ok(SearchEvent::Finished(_)) => panic!("the search finished unstopped"),
            Ok(event) => {
                let third = matches!(&event, SearchEvent::Iteration(it) if it.depth >= 3);
                events.push(event);
                if third {
                    break;
                }
            }
            Err(e) => panic!("no third iteration: {e:?}"),
        }
    }
    handle.stop();
    let finished = loop {
        match handle.events.recv_timeout(PATIENCE) {
            Ok(SearchEvent::Finished(result)) => break result,
            Ok(event) => events.push(event),
            Err(e) => panic!("no Finished event after stop(): {e:?}"),
        }
    };
    // Finished is the last event: the channel closes after it.
    assert!(matches!(
        handle.events.recv_timeout(PATIENCE),
        Err(RecvTimeoutError::Disconnected)
    ));
    assert!(finished.stopped);
    assert!(!finished.proven);
    let best = finished
        .best_move
        .expect("a stopped search still has a move");
    assert!(game.moves().contains(&best));

    // Iterations come in order of depth, one ply at a time from 1; progress reports
    // never go back to a shallower iteration; counters only grow.
    let mut iteration_depths = Vec::new();
    let mut last_iteration: Option<&Iteration<u8>> = None;
    let mut last_depth = 0;
    let mut last_nodes = 0;
    for event in &events {
        let (depth, nodes) = match event {
            SearchEvent::Iteration(it) => {
                iteration_depths.push(it.depth);
                last_iteration = Some(it);
                (it.depth, it.stats.nodes)
            }
            SearchEvent::Progress(p) => (p.depth, p.stats.nodes),
            SearchEvent::Finished(_) => unreachable!("collected before Finished"),
        };
        assert!(
            depth >= last_depth,
            "depth went back from {last_depth} to {depth}"
        );
        assert!(nodes >= last_nodes);
        last_depth = depth;
        last_nodes = nodes;
    }
    let expected: Vec<u32> = (1..=iteration_depths.len() as u32).collect();
    assert_eq!(iteration_depths, expected);
    let last = last_iteration.expect("stopped after the third iteration");
    // The result is the last finished iteration's, unless the pass cut short had
    // already proved another move better: then that move, a ply deeper.
    if finished.best_move == last.pv.first().copied() {
        assert_eq!(finished.depth, last.depth);
        assert_eq!(finished.score, last.score);
        assert_eq!(finished.pv, last.pv);
    } else {
        assert_eq!(finished.depth, last.depth + 1);
        assert_eq!(finished.best_move, finished.pv.first().copied());
    }
    assert!(finished.stats.nodes >= last.stats.nodes);
    assert_eq!(
        finished.stats.nodes_per_iteration.len(),
        iteration_depths.len()
    );
}

#[test]
fn a_time_limit_ends_the_search() {
    let game = Synthetic::new(10, 12, 7, Ordering::Random);
    let eval = seed_evaluator::<Synthetic>();
    let config = SearchConfig::alpha_beta(Limits {
        time: Some(Duration::from_millis(100)),
        ..Limits::default()
    });
    // The tree (10^12 leaves) cannot be searched whole, so only the limit ends the
    // search; PATIENCE bounds a hang, not the speed of the machine.
    let (sender, receiver) = std::sync::mpsc::channel();
    let searched = game.clone();
    std::thread::spawn(move || {
        // After a hang the receiver is gone: nothing to tell it then.
        let _ = sender.send(run(&searched, eval.as_ref(), &config));
    });
    let result = receiver
        .recv_timeout(PATIENCE)
        .expect("the time limit ends the search");
    assert!(result.stopped);
    assert!(!result.proven);
    assert!(result.depth >= 1);
    let best = result
        .best_move
        .expect("a search ended by its limit has a move");
    assert!(game.moves().contains(&best));
}

/// A move time without a clock's soft budget is spent whole: time left over is
/// lost, and an iteration cut short still counts when it found a better move. (It
/// used to stop starting iterations at half the time.) The tree cannot be proved
/// in 300 ms, so only the limit ends the search.
#[test]
fn a_move_time_is_searched_whole() {
    let game = Synthetic::new(4, 24, 11, Ordering::Random);
    let eval = seed_evaluator::<Synthetic>();
    let move_time = Duration::from_millis(300);
    let config = SearchConfig::engine(Limits {
        time: Some(move_time),
        ..Limits::default()
    });
    let started = Instant::now();
    let result = run(&game, eval.as_ref(), &config);
    assert!(!result.proven && result.stopped);
    assert!(started.elapsed() >= move_time, "{:?}", started.elapsed());
}

#[test]
fn a_depth_limit_is_honoured() {
    let eval = seed_evaluator::<Synthetic>();
    let game = Synthetic::new(4, 10, 3, Ordering::Random);
    for depth in 1..=6 {
        for config in [
            SearchConfig::alpha_beta(limits(Some(depth))),
            SearchConfig::plain_alpha_beta(limits(Some(depth))),
            SearchConfig::minimax(limits(Some(depth))),
        ] {
            let result = run(&game, eval.as_ref(), &config);
            assert_eq!(result.depth, depth, "{config:?}");
            assert!(result.stats.per_ply.len() <= depth as usize + 1);
            assert!(result.stats.nodes_per_iteration.len() <= depth as usize);
            assert_eq!(result.pv.len(), depth as usize, "{config:?}");
            assert!(!result.proven, "a depth-limited search of a deeper tree");
            assert_eq!(result.value(), None);
            assert!(!result.stopped);
        }
    }
    // A limit beyond the end of the game changes nothing.
    let eval = seed_evaluator::<TicTacToe>();
    let result = run(
        &TicTacToe::new(),
        eval.as_ref(),
        &SearchConfig::alpha_beta(limits(Some(20))),
    );
    assert!(result.proven);
    assert_eq!(result.value(), Some(GameValue::Draw));
    assert!(result.stats.per_ply.len() <= 10);
    let result = run(
        &TicTacToe::new(),
        eval.as_ref(),
        &SearchConfig::alpha_beta(limits(Some(2))),
    );
    assert_eq!(result.depth, 2);
    assert_eq!(result.stats.per_ply.len(), 3);
    assert!(!result.proven);
}

#[test]
fn a_node_limit_is_honoured() {
    let eval = seed_evaluator::<Synthetic>();
    let game = Synthetic::new(10, 12, 5, Ordering::Random);
    for limit in [1u64, 2, 10, 100, 1_000, 10_000, 100_000] {
        for config in [
            SearchConfig::alpha_beta(Limits {
                nodes: Some(limit),
                ..Limits::default()
            }),
            SearchConfig::minimax(Limits {
                nodes: Some(limit),
                ..Limits::default()
            }),
        ] {
            let result = run(&game, eval.as_ref(), &config);
            // The node that crosses the limit is counted before the search stops.
            assert!(
                result.stats.nodes <= limit + 1,
                "{} nodes for a limit of {limit}",
                result.stats.nodes
            );
            assert!(result.stopped, "limit {limit}");
            assert!(!result.proven);
            let m = result.best_move.expect("a move even when cut short");
            assert!(game.moves().contains(&m));
        }
    }
}

#[test]
fn a_quicker_win_is_preferred() {
    // X to move: c3 completes the c file at once; a2, b2, a3 and b3 win later.
    let game = tictactoe(".../..x/oox");
    let eval = seed_evaluator::<TicTacToe>();
    let scores = child_scores(&game, eval.as_ref(), None);
    let later_wins = scores
        .iter()
        .filter(|&&(_, s)| is_win(s) && s < score::win_in(1))
        .count();
    assert!(later_wins >= 3, "the position must offer slower wins too");
    let c3 = game.parse_move("c3").unwrap();
    let mut configs = all_configs(None, 16);
    configs.push(("minimax", SearchConfig::minimax(Limits::default())));
    for (name, config) in configs {
        let result = run(&game, eval.as_ref(), &config);
        assert_eq!(result.best_move, Some(c3), "{name}");
        assert_eq!(result.score, score::win_in(1), "{name}");
        assert_eq!(plies_to_end(result.score), Some(1));
        assert_eq!(result.pv, vec![c3], "{name}");
        assert_eq!(result.value(), Some(GameValue::Win));
    }
}

#[test]
fn a_losing_side_prefers_the_slower_loss() {
    // O to move against b1+c1: only a1 delays the loss, to 4 plies; anything else
    // lets X win on the next move.
    let game = tictactoe(".../..o/.xx");
    let eval = seed_evaluator::<TicTacToe>();
    let scores = child_scores(&game, eval.as_ref(), None);
    assert!(scores.iter().all(|&(_, s)| is_loss(s)), "every move loses");
    assert!(
        scores.iter().any(|&(_, s)| plies_to_end(s) == Some(2)),
        "some moves lose at once"
    );
    let a1 = game.parse_move("a1").unwrap();
    let mut configs = all_configs(None, 16);
    configs.push(("minimax", SearchConfig::minimax(Limits::default())));
    for (name, config) in configs {
        let result = run(&game, eval.as_ref(), &config);
        assert_eq!(result.best_move, Some(a1), "{name}");
        assert_eq!(result.score, score::loss_in(4), "{name}");
        assert_eq!(result.value(), Some(GameValue::Loss));
        assert_eq!(result.pv.len(), 4, "{name}: the line to the loss");
    }
}

#[test]
fn a_finished_game_is_scored_by_the_rules() {
    let eval = seed_evaluator::<TicTacToe>();
    // X has won; O is to move and has lost on the spot.
    let lost = tictactoe("xxx/oo./...");
    let won_by_x = run(
        &lost,
        eval.as_ref(),
        &SearchConfig::alpha_beta(Limits::default()),
    );
    assert_eq!(won_by_x.best_move, None);
    assert_eq!(won_by_x.score, score::loss_in(0));
    assert_eq!(won_by_x.value(), Some(GameValue::Loss));
    assert!(won_by_x.proven);
    let drawn = tictactoe("xox/xoo/oxx");
    for config in [
        SearchConfig::alpha_beta(Limits::default()),
        SearchConfig::minimax(Limits::default()),
    ] {
        let result = run(&drawn, eval.as_ref(), &config);
        assert_eq!(result.best_move, None);
        assert_eq!(result.value(), Some(GameValue::Draw));
        assert_eq!(result.stats.nodes, 1);
        assert_eq!(result.stats.leaves, 1);
    }
}

/// Records the iterations a synchronous search reports.
#[derive(Default)]
struct Recorder {
    depths: Vec<u32>,
    nodes: Vec<u64>,
}

impl Observer<u8> for Recorder {
    fn iteration(&mut self, iteration: &Iteration<u8>) {
        self.depths.push(iteration.depth);
        self.nodes.push(iteration.stats.nodes);
    }
}

#[test]
fn iterative_deepening_reports_each_iteration() {
    let eval = seed_evaluator::<TicTacToe>();
    let mut recorder = Recorder::default();
    let result = ply::search::search(
        &TicTacToe::new(),
        eval.as_ref(),
        &SearchConfig::alpha_beta(Limits::default()),
        None,
        &mut recorder,
    );
    let expected: Vec<u32> = (1..=result.depth).collect();
    assert_eq!(recorder.depths, expected);
    assert_eq!(
        result.stats.nodes_per_iteration.len(),
        recorder.depths.len()
    );
    // Each iteration reports its own pass; the passes add up to all the work, and
    // the result counts the last pass, as one search at that depth would.
    assert_eq!(recorder.nodes, result.stats.nodes_per_iteration);
    let total: u64 = result.stats.nodes_per_iteration.iter().sum();
    assert_eq!(total, result.stats.nodes_all_passes);
    assert_eq!(Some(&result.stats.nodes), recorder.nodes.last());
    assert_eq!(
        result.stats.nodes_per_ply().iter().sum::<u64>(),
        result.stats.nodes
    );
}

/// A search cut short by its node limit plays what the unfinished pass proved, as
/// Stockfish does. In `A(B:5(0,0),C:1(4,4),D:0(0,0))` depth 1 prefers B (static 5
/// against 1 and 0), depth 2 sees B worth 0 and C worth 4 (worked out by hand).
/// Cut inside D's subtree, C has been proved better than B at depth 2: play C.
/// Cut at the second pass's first node, nothing is proved yet: play depth 1's B.
#[test]
fn a_pass_cut_short_plays_the_better_move_it_already_proved() {
    use ply::game::synthetic::ExplicitTree;
    let tree = ExplicitTree::parse("A(B:5(0,0),C:1(4,4),D:0(0,0))").expect("a tree");
    let game = Synthetic::explicit(tree);
    let eval = seed_evaluator::<Synthetic>();
    let nodes_to = |depth| {
        let config = SearchConfig::engine(limits(Some(depth)));
        run(&game, eval.as_ref(), &config).stats.nodes_all_passes
    };
    let cut_at = |nodes| {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let result = run(&game, eval.as_ref(), &SearchConfig::engine(limits));
        assert!(result.stopped, "{nodes} nodes do not finish depth 2");
        (
            game.format_move(result.best_move.expect("a move")),
            result.depth,
            result.score,
        )
    };
    assert_eq!(cut_at(nodes_to(1)), ("B".to_string(), 1, 5));
    assert_eq!(cut_at(nodes_to(2) - 1), ("C".to_string(), 2, 4));
}
