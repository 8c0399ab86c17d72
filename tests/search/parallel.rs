//! Lazy SMP: the engine on several threads returns a legal move and a score
//! near the one-thread search's on every game with a depth-first engine, stops
//! soon after it is told to, and counts the nodes of all its threads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ply::game::profile::Opponent;
use ply::game::registry::GAME_IDS;
use ply::game::{GameOptions, GameVisitor, Playable, profile_of, visit_game};
use ply::search::score::{is_loss, is_win};
use ply::search::{Engine, Limits, SearchConfig, SearchResult};

/// The engine's configuration at a depth limit, on `threads` threads.
fn config(depth: u32, threads: usize) -> SearchConfig {
    SearchConfig {
        threads,
        ..SearchConfig::engine(Limits {
            depth: Some(depth),
            ..Limits::default()
        })
    }
}

/// Searches the game's start with its first evaluation, on a fresh engine.
fn search<G: Playable>(game: &G, config: &SearchConfig) -> SearchResult<G::Move> {
    let evaluator = G::evaluators().remove(0);
    Engine::<G>::new().search(game, evaluator.evaluator.as_ref(), config, None, &mut ())
}

/// For one game: the score on one thread and on 2 and 4, each with its best move
/// checked legal and its nodes at least the main thread's.
struct Compare;

impl GameVisitor for Compare {
    type Output = Vec<(usize, i32, i32)>;
    fn visit<G: Playable>(self) -> Self::Output {
        let game = G::setup(&GameOptions::default(), None, None).unwrap();
        let depth = 4;
        let one = search(&game, &config(depth, 1));
        let mut scores = Vec::new();
        for threads in [2, 4] {
            let many = search(&game, &config(depth, threads));
            let best = many.best_move.expect("a move");
            assert!(game.moves().contains(&best), "{best:?} is not legal");
            assert!(many.depth >= 1 && many.stats.nodes_all_passes > 0);
            assert!(!many.stopped, "a depth-limited search finishes");
            scores.push((threads, one.score, many.score));
        }
        scores
    }
}

/// Near enough: the same side winning when either says a side wins (a proven
/// value); otherwise within a third of a pawn-like unit's hundred points or of
/// the score itself, as a search reaching other depths in its helpers may judge.
fn near(one: i32, many: i32) -> bool {
    if is_win(one) || is_loss(one) || is_win(many) || is_loss(many) {
        return (is_win(one) == is_win(many)) && (is_loss(one) == is_loss(many));
    }
    (one - many).abs() <= 150.max(one.abs() / 2)
}

#[test]
fn two_and_four_threads_play_a_legal_move_scored_near_one_thread_on_every_game() {
    let mut checked = Vec::new();
    for id in GAME_IDS {
        if profile_of(id).unwrap().opponent != Opponent::Search {
            continue;
        }
        for (threads, one, many) in visit_game(id, Compare).unwrap() {
            assert!(
                near(one, many),
                "{id}: {threads} threads score {many}, one thread {one}"
            );
        }
        checked.push(*id);
    }
    assert!(checked.contains(&"chess") && checked.contains(&"xiangqi"));
    assert!(checked.len() >= 8, "{checked:?}");
}

#[test]
fn one_thread_through_the_engine_is_the_one_thread_search() {
    let game = ply::game::chess::Chess::new();
    let config = config(6, 1);
    let evaluator = ply::game::chess::Chess::evaluators().remove(0);
    let plain = ply::search::search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ());
    let kept = search(&game, &config);
    assert_eq!(
        (plain.best_move, plain.score, plain.stats.nodes_all_passes),
        (kept.best_move, kept.score, kept.stats.nodes_all_passes)
    );
}

#[test]
fn a_node_limit_counts_the_nodes_of_every_thread() {
    let game = ply::game::chess::Chess::new();
    let limit = 200_000;
    let config = SearchConfig {
        threads: 2,
        ..SearchConfig::engine(Limits {
            nodes: Some(limit),
            ..Limits::default()
        })
    };
    let result = search(&game, &config);
    let nodes = result.stats.nodes_all_passes;
    // Threads poll the shared count every 1024 nodes, and the helpers stop
    // after the main thread does.
    assert!(nodes > limit / 2 && nodes < limit * 2, "{nodes}");
}

/// How long a search on `threads` threads takes to return once `stop` is set,
/// `delay` after it started.
fn stop_latency(threads: usize, delay: Duration) -> Duration {
    let game = ply::game::chess::Chess::new();
    let evaluator = ply::game::chess::Chess::evaluators().remove(0);
    let config = SearchConfig {
        threads,
        ..SearchConfig::engine(Limits::default())
    };
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            let mut engine = Engine::new();
            let result = engine.search(
                &game,
                evaluator.evaluator.as_ref(),
                &config,
                Some(&stop),
                &mut (),
            );
            (Instant::now(), result)
        });
        std::thread::sleep(delay);
        let stopped_at = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let (returned_at, result) = search.join().unwrap();
        assert!(result.stopped && result.best_move.is_some());
        returned_at.saturating_duration_since(stopped_at)
    })
}

#[test]
fn a_parallel_search_returns_soon_after_it_is_stopped() {
    let mut latencies: Vec<Duration> = (0..5)
        .map(|_| stop_latency(2, Duration::from_millis(300)))
        .collect();
    latencies.sort();
    eprintln!("stop latency on 2 threads: {latencies:?}");
    // The median within 50 ms; a bound on the worst that a machine busy with
    // other work does not break.
    assert!(latencies[2] < Duration::from_millis(50), "{latencies:?}");
    assert!(latencies[4] < Duration::from_millis(500), "{latencies:?}");
}
