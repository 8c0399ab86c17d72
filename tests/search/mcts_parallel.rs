//! Monte Carlo search on several threads (root parallelism): on every game it
//! plays a legal move with a win-rate score, its playouts are the ones asked for,
//! summed over the threads, and the root's visits add up to them; it stops within
//! 50 ms of the stop flag; the trees of all threads stay within the memory budget
//! together; and the one-thread search of a live analysis is the plain search,
//! playout for playout.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ply::game::go::Go;
use ply::game::registry::{GAME_IDS, GameVisitor, visit_game};
use ply::game::{Game, GameOptions, Playable};
use ply::search::mcts::{self, MctsTree, analyse, search_reusing};
use ply::search::{self, Limits, SearchConfig};

use super::mcts::mcts_config;

fn threaded(playouts: u64, threads: usize) -> SearchConfig {
    let mut config = mcts_config(playouts, 7);
    config.threads = threads;
    config
}

fn go9() -> Go {
    Go::start(&GameOptions::parse(&["size=9".to_string()]).unwrap()).unwrap()
}

/// Two threads on a game's start: a legal move, a score that is a win rate, and
/// exactly the playouts asked for, which the root's moves account for.
struct TwoThreads;

impl GameVisitor for TwoThreads {
    type Output = ();

    fn visit<G: Playable>(self) {
        let game = G::start(&GameOptions::default()).unwrap();
        let evaluator = G::evaluators().remove(0).evaluator;
        let result = search::search(&game, evaluator.as_ref(), &threaded(1500, 2), None, &mut ());
        let id = G::info().id;
        let best = result.best_move.expect("a move at the start");
        assert!(game.moves().contains(&best), "{id}: {best:?} is not legal");
        assert!(
            (-1000..=1000).contains(&result.score),
            "{id}: {}",
            result.score
        );
        assert_eq!(
            result.stats.nodes, 1500,
            "{id}: playouts summed over threads"
        );
        let visits: u64 = result.root_moves.iter().map(|m| m.nodes).sum();
        assert_eq!(
            visits, 1500,
            "{id}: every playout passes through one root move"
        );
        assert_eq!(result.pv.first(), Some(&best), "{id}");
    }
}

#[test]
fn two_threads_play_a_legal_move_with_every_playout_counted_on_every_game() {
    for id in GAME_IDS {
        visit_game(id, TwoThreads).unwrap();
    }
}

/// Go's own Monte Carlo settings (priors, RAVE) on `threads` threads.
fn go_config(playouts: u64, threads: usize) -> SearchConfig {
    let mut config = threaded(playouts, threads);
    config.mcts = ply::protocol::gtp::go_settings();
    config
}

#[test]
fn four_threads_on_go_count_every_playout_and_list_moves_by_visits() {
    let game = go9();
    let evaluator = ply::game::go::seed;
    let config = go_config(8000, 4);
    let result = search::search(&game, &evaluator, &config, None, &mut ());
    assert_eq!(result.stats.nodes, 8000);
    let best = result.best_move.unwrap();
    assert!(game.moves().contains(&best));
    // Root moves are listed most visited first and the best is the most visited.
    assert_eq!(result.root_moves[0].mv, best);
    assert!(
        result
            .root_moves
            .windows(2)
            .all(|w| w[0].nodes >= w[1].nodes)
    );
}

#[test]
fn a_threaded_search_stops_within_50_ms_of_the_stop_flag() {
    let game = go9();
    let mut config = SearchConfig::mcts(Limits {
        time: Some(Duration::from_secs(60)),
        ..Limits::default()
    });
    config.threads = 2;
    let stop = AtomicBool::new(false);
    let (result, late) = std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            let result = search::search(&game, &ply::game::go::seed, &config, Some(&stop), &mut ());
            (result, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(300));
        let stopped_at = Instant::now();
        stop.store(true, Ordering::SeqCst);
        let (result, returned_at) = search.join().unwrap();
        (result, returned_at - stopped_at)
    });
    assert!(
        late < Duration::from_millis(50),
        "returned {late:?} after the stop"
    );
    assert!(result.stopped);
    assert!(result.stats.nodes > 0);
    assert!(game.moves().contains(&result.best_move.unwrap()));
}

/// Nodes plus untried moves of every thread's tree.
fn held<M: Copy>(tree: &MctsTree<M>) -> usize {
    tree.all_trees()
        .map(|t| t.len() + (0..t.len()).map(|n| t.node(n).untried).sum::<usize>())
        .sum()
}

#[test]
fn the_trees_of_all_threads_share_the_memory_budget() {
    let mut game = go9();
    let mut config = threaded(30_000, 3);
    config.mcts.memory_mib = 1;
    let budget = mcts::node_budget::<<Go as Game>::Move>(1);
    let mut tree = None;
    for _ in 0..2 {
        let result = search_reusing(
            &game,
            &ply::game::go::seed,
            &config,
            None,
            &mut (),
            &mut tree,
        );
        let kept = tree.as_ref().unwrap();
        assert_eq!(kept.all_trees().count(), 3, "one tree per thread");
        assert!(
            held(kept) <= budget,
            "{} nodes held, budget {budget}",
            held(kept)
        );
        game.play(result.best_move.unwrap());
    }
}

#[test]
fn a_one_thread_analysis_is_the_plain_search() {
    let game = go9();
    let evaluator = ply::game::go::seed;
    let config = go_config(3000, 1);
    let plain = search::search(&game, &evaluator, &config, None, &mut ());
    let mut reports = Vec::new();
    let analysed = analyse(
        &game,
        &evaluator,
        &config,
        None,
        &mut None::<MctsTree<_>>,
        Duration::from_millis(10),
        &mut |lines| reports.push(lines.clone()),
    );
    assert_eq!(analysed.best_move, plain.best_move);
    assert_eq!(analysed.score, plain.score);
    assert_eq!(analysed.pv, plain.pv);
    assert_eq!(analysed.root_moves, plain.root_moves);
    // The last report is the finished search, most visited first, each line
    // starting with its move.
    let last = reports.last().expect("at least the final report");
    assert_eq!(last.playouts, 3000);
    assert_eq!(Some(last.moves[0].mv), plain.best_move);
    assert!(last.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
    assert!(last.moves.iter().all(|m| m.pv.first() == Some(&m.mv)));
    let priors: f64 = last.moves.iter().map(|m| m.prior).sum();
    assert!((priors - 1.0).abs() < 1e-9, "priors share 1: {priors}");
}
