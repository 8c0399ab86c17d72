//! Connect Four: move generation against published counts, the exact solver
//! against published values and against a plain minimax written here, the generic
//! alpha-beta against plain minimax, and refusal of bad input.

use std::collections::{HashMap, HashSet};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

use ply::game::connect4::ConnectFour;
use ply::game::connect4::bitboard::Geometry;
use ply::game::connect4::solver::{
    DEFAULT_TABLE_LOG2, Solver, table_log2_for_mib, table_log2_for_position,
};
use ply::game::perft::perft;
use ply::game::zobrist::mix64;
use ply::game::{Game, GameOptions, GameValue, Outcome, Playable};
use ply::search::{self, Limits, SearchConfig};

/// A small table is plenty for positions near the end (2^22 entries, 32 MiB).
const SMALL_TABLE_LOG2: u32 = 22;

fn position(moves: &str) -> ConnectFour {
    ConnectFour::parse_position(moves, &GameOptions::default()).expect("a valid position")
}

fn sized(width: u32, height: u32) -> ConnectFour {
    let options = GameOptions::parse(&[format!("width={width}"), format!("height={height}")])
        .expect("well-formed options");
    ConnectFour::start(&options).expect("a board that fits")
}

fn solver_for(game: &ConnectFour) -> Solver<'static> {
    Solver::new(*game.geometry(), SMALL_TABLE_LOG2).expect("32 MiB")
}

#[test]
fn perft_counts_move_sequences() {
    // Every column has room for the first six plies and nobody can win before ply
    // 7, so there are 7^n sequences; at ply 7 the 7 sequences that filled one
    // column have only 6 moves left: 7^7 - 7.
    let expected = [7, 49, 343, 2401, 16_807, 117_649, 823_536];
    for (depth, &nodes) in (1..).zip(expected.iter()) {
        assert_eq!(
            perft(&mut ConnectFour::standard(), depth),
            nodes,
            "ply {depth}"
        );
    }
}

#[test]
fn distinct_positions_per_ply_match_oeis_a212693() {
    // OEIS A212693 (John Tromp): legal 7x6 positions after n plies, n = 0..9.
    let expected = [1, 7, 49, 238, 1120, 4263, 16_422, 54_859, 184_275, 558_186];
    let mut level = vec![ConnectFour::standard()];
    for (ply, &count) in expected.iter().enumerate() {
        assert_eq!(level.len(), count, "ply {ply}");
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for game in &level {
            for m in game.moves() {
                let mut child = game.clone();
                child.play(m);
                if seen.insert(child.bitboard().key()) {
                    next.push(child);
                }
            }
        }
        level = next;
    }
}

#[test]
fn fhourstones_warm_up_positions_have_their_published_values() {
    // John Tromp's Fhourstones benchmark, its three warm-up positions.
    let mut solver = solver_for(&ConnectFour::standard());
    for (moves, value) in [
        ("45461667", GameValue::Win),
        ("35333571", GameValue::Loss),
        ("13333111", GameValue::Draw),
    ] {
        let (found, column) = solver
            .solve_value(position(moves).bitboard())
            .expect("no stop flag");
        assert_eq!(found, value, "{moves}");
        assert!(column.is_some());
    }
}

#[test]
fn pons_scores_of_published_positions() {
    // Pascal Pons, "Solving Connect 4" (blog.gamesolver.org), part 2: the score is
    // 22 minus the winner's stones, from the side to move's point of view.
    for (moves, score, value) in [
        ("4455", 18, GameValue::Win),
        ("44455554221", -15, GameValue::Loss),
    ] {
        let solution = position(moves).solve_exactly(None).expect("no stop flag");
        assert_eq!(solution.score, score, "{moves}");
        assert_eq!(solution.value, value, "{moves}");
    }
}

#[test]
fn the_exact_score_of_a_warm_up_position_agrees_with_its_value() {
    let game = position("45461667");
    let solution = game.solve_exactly(None).expect("no stop flag");
    assert_eq!(solution.value, GameValue::Win);
    // A line of best play ends with the win the score announces.
    let mut end = game.clone();
    for &m in &solution.pv {
        end.play(m);
    }
    assert_eq!(end.outcome(), Some(Outcome::Win(game.to_move())));
    let winner_stones = end.history().len().div_ceil(2) as i32;
    assert_eq!(solution.score, 22 - winner_stones);
}

#[test]
fn small_boards_have_the_values_tromp_published() {
    // John Tromp, "John's Connect Four Playground": the value of the empty board
    // for each size (= draw, + first player wins, - second player wins).
    for (width, height, value) in [
        (4, 4, GameValue::Draw),
        (5, 4, GameValue::Draw),
        (6, 4, GameValue::Loss),
        (4, 5, GameValue::Draw),
        (5, 5, GameValue::Draw),
    ] {
        let game = sized(width, height);
        let solution = game.solve_exactly(None).expect("no stop flag");
        assert_eq!(solution.value, value, "{width}x{height}");
        let (weak, _) = solver_for(&game)
            .solve_value(game.bitboard())
            .expect("no stop flag");
        assert_eq!(weak, value, "{width}x{height}");
    }
}

/// A deliberately plain board for the reference minimax: a grid of cells, and a
/// four-in-a-row test that counts the stones in line with the last one dropped;
/// nothing shared with the solver.
#[derive(Clone)]
struct Grid {
    /// `cells[column][row]`, row 0 at the bottom: 0 empty, 1 first player, 2 second.
    cells: [[u8; 6]; 7],
    stones: usize,
}

impl Grid {
    fn from_moves(columns: &[u8]) -> Grid {
        let mut grid = Grid {
            cells: [[0; 6]; 7],
            stones: 0,
        };
        for &column in columns {
            grid.drop_stone(column as usize);
        }
        grid
    }

    fn mover(&self) -> u8 {
        1 + (self.stones % 2) as u8
    }

    /// Two bits a cell: a memo key.
    fn key(&self) -> u128 {
        self.cells
            .iter()
            .flatten()
            .fold(0, |key, &cell| key << 2 | u128::from(cell))
    }

    fn height(&self, column: usize) -> usize {
        self.cells[column].iter().take_while(|&&c| c != 0).count()
    }

    /// Drops the mover's stone; true when it completes four in a row.
    fn drop_stone(&mut self, column: usize) -> bool {
        let (player, row) = (self.mover(), self.height(column));
        self.cells[column][row] = player;
        self.stones += 1;
        let owns = |c: i32, r: i32| {
            (0..7).contains(&c)
                && (0..6).contains(&r)
                && self.cells[c as usize][r as usize] == player
        };
        let (c, r) = (column as i32, row as i32);
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let run = |sign: i32| {
                (1..4)
                    .take_while(|&k| owns(c + sign * k * dc, r + sign * k * dr))
                    .count()
            };
            1 + run(1) + run(-1) >= 4
        })
    }

    /// The score of dropping a stone in `column`, given the scores of positions
    /// that go on: a win now is worth 22 minus the mover's stones.
    fn score_of_move(&self, column: usize, memo: &mut HashMap<u128, i32>) -> i32 {
        let mut child = self.clone();
        if child.drop_stone(column) {
            22 - (self.stones / 2 + 1) as i32
        } else {
            -reference_score(&child, memo)
        }
    }
}

/// Plain minimax (negamax form) to the end of the game, memoised on the grid:
/// Pons' score for the side to move (0 on a full board).
fn reference_score(grid: &Grid, memo: &mut HashMap<u128, i32>) -> i32 {
    if let Some(&score) = memo.get(&grid.key()) {
        return score;
    }
    let score = (0..7)
        .filter(|&c| grid.height(c) < 6)
        .map(|c| grid.score_of_move(c, memo))
        .max()
        .unwrap_or(0);
    memo.insert(grid.key(), score);
    score
}

/// A position reached by random play from a seed, with at least `min_stones`
/// stones, nobody having won and at least one empty cell, or `None` when the
/// game ended first.
fn random_position(seed: u64, stones: usize) -> Option<ConnectFour> {
    let mut game = ConnectFour::standard();
    let mut state = seed;
    while game.history().len() < stones {
        let moves = game.moves();
        if moves.is_empty() {
            return None;
        }
        state = mix64(state);
        game.play(moves[(state % moves.len() as u64) as usize]);
    }
    game.outcome().is_none().then_some(game)
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_1000_late_positions() {
    let mut solver = solver_for(&ConnectFour::standard());
    let mut checked = 0;
    let mut seed = 0;
    let mut scores = HashSet::new();
    while checked < 1000 {
        // As many positions of each length from 24 to 37 stones.
        let stones = 24 + checked % 14;
        seed += 1;
        let Some(game) = random_position(seed, stones) else {
            continue;
        };
        let mut memo = HashMap::new();
        let grid = Grid::from_moves(game.history());
        let expected = reference_score(&grid, &mut memo);
        let solved = solver.solve(game.bitboard()).expect("no stop flag");
        let moves = game.format_position();
        assert_eq!(solved.score, expected, "{moves}");
        // The best column really achieves the score.
        let column = solved.column.expect("the game goes on");
        let achieved = grid.score_of_move(column as usize, &mut memo);
        assert_eq!(achieved, expected, "{moves}: column {}", column + 1);
        scores.insert(expected);
        checked += 1;
    }
    // The sample covers wins, losses and draws of many lengths.
    assert!(scores.len() >= 10, "{scores:?}");
}

#[test]
fn claimeven_bounds_hold_against_plain_minimax() {
    // The solver prunes with Bitboard::follow_up_bound; check it where it applies.
    let mut bounds = Vec::new();
    let mut seed = 0u64;
    while bounds.len() < 60 {
        seed += 1;
        let Some(game) = random_position(seed ^ 0xE7E7, 24 + (seed % 14) as usize) else {
            continue;
        };
        let Some(upper) = game.bitboard().follow_up_bound(game.geometry()) else {
            continue;
        };
        let expected = reference_score(&Grid::from_moves(game.history()), &mut HashMap::new());
        assert!(
            expected <= upper,
            "{}: bound {upper}, score {expected}",
            game.format_position()
        );
        bounds.push(upper);
    }
    // Both kinds of bound occur: "cannot win" (0) and "loses" (-1).
    assert!(bounds.contains(&0) && bounds.contains(&-1), "{bounds:?}");
}

#[test]
fn alpha_beta_equals_minimax_at_fixed_depth() {
    let mut compared = 0;
    for seed in 0..40u64 {
        let stones = (mix64(seed) % 30) as usize;
        let Some(game) = random_position(seed + 10_000, stones) else {
            continue;
        };
        for evaluator in ConnectFour::evaluators() {
            let depth = 1 + (seed % 4) as u32;
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let run = |config: SearchConfig| {
                search::search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ()).score
            };
            let minimax = run(SearchConfig::minimax(limits));
            let alpha_beta = run(SearchConfig::alpha_beta(limits));
            let plain = run(SearchConfig::plain_alpha_beta(limits));
            let position = game.format_position();
            assert_eq!(
                alpha_beta, minimax,
                "{position} {} depth {depth}",
                evaluator.name
            );
            assert_eq!(
                plain, minimax,
                "{position} {} depth {depth}",
                evaluator.name
            );
            compared += 1;
        }
    }
    assert!(compared >= 40);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let options = GameOptions::default();
    for text in [
        "0",
        "8",
        "4444444",
        "44x5",
        "4 -1",
        "99999999999999999999999",
        "٣",
        // The first player completes a column at ply 7; nothing may follow.
        "12121214",
    ] {
        let error = ConnectFour::parse_position(text, &options)
            .expect_err(text)
            .to_string();
        assert_eq!(error.lines().count(), 1, "{text}: {error}");
    }
    let game = position("1212121");
    assert_eq!(game.outcome(), Some(Outcome::Win(ply::game::Player::First)));
    assert!(game.moves().is_empty());
    assert!(game.parse_move("3").is_err());
    for options in [
        &["width=3"][..],
        &["height=3"],
        &["width=13"],
        &["width=12", "height=5"],
        &["width=seven"],
        &["depth=3"],
    ] {
        let result = GameOptions::parse(options).and_then(|o| ConnectFour::setup(&o, None, None));
        assert!(result.is_err(), "{options:?}");
    }
}

#[test]
fn positions_read_back_and_moves_may_run_together() {
    let mut game = ConnectFour::standard();
    game.play_moves("4 4,5 3").expect("legal moves");
    assert_eq!(game.format_position(), "4453");
    assert_eq!(position("4453"), game);
    assert_eq!(position("-"), ConnectFour::standard());
    let mut wide = sized(10, 4);
    wide.play_moves("10 1 10").expect("legal moves");
    assert_eq!(wide.format_position(), "10,1,10");
}

#[test]
fn the_hash_is_kept_incrementally_and_restored_by_undo() {
    let start = ConnectFour::standard().hash();
    let mut game = position("4453");
    let mut same = position("5344");
    // The same stones reached in another order: same position, same hash.
    assert_eq!(game.hash(), same.hash());
    game.undo();
    same.undo();
    assert_ne!(game.hash(), same.hash());
    for _ in 0..3 {
        game.undo();
    }
    assert_eq!(game.hash(), start);
    assert_eq!(game, ConnectFour::standard());
}

#[test]
fn a_raised_stop_flag_ends_the_solve_without_an_answer() {
    // The empty board takes far longer than the solver's polling interval.
    let raised = AtomicBool::new(true);
    let game = ConnectFour::standard();
    assert!(game.solve_exactly(Some(&raised)).is_none());
    assert!(
        solver_for(&game)
            .with_stop(Some(&raised))
            .solve_value(game.bitboard())
            .is_none()
    );
    // Raised while the search runs, from another thread.
    let stop = AtomicBool::new(false);
    let solved = std::thread::scope(|scope| {
        let search = scope.spawn(|| game.solve_exactly(Some(&stop)));
        std::thread::sleep(std::time::Duration::from_millis(200));
        stop.store(true, Ordering::Relaxed);
        search.join().expect("the search does not panic")
    });
    assert!(solved.is_none());
    // A flag that stays down changes nothing.
    let down = AtomicBool::new(false);
    let solution = position("4455").solve_exactly(Some(&down));
    assert_eq!(solution.expect("not stopped").score, 18);
}

fn ply_command(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("the ply binary runs")
}

#[test]
fn the_command_line_solves_and_refuses_bad_positions() {
    let output = ply_command(&["solve", "connect4", "--moves", "4455", "--json"]);
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["score"], 18);
    assert_eq!(report["value"], "win");
    assert_eq!(report["position"], "4455");
    for args in [
        &["solve", "connect4", "--position", "8"][..],
        &["solve", "connect4", "--moves", "4444444"],
        &["solve", "connect4", "-o", "width=20"],
        &["perft", "connect4", "2", "--position", "1212121x"],
    ] {
        let output = ply_command(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
}

#[test]
fn the_solver_table_follows_tt_mib() {
    // 8-byte entries, a power of two of them, at least 2^22.
    assert_eq!(table_log2_for_mib(512), DEFAULT_TABLE_LOG2);
    assert_eq!(table_log2_for_mib(100), 23);
    assert_eq!(table_log2_for_mib(1), 22);
    assert_eq!(table_log2_for_mib(65536), 33);
    let output = ply_command(&[
        "solve", "connect4", "--moves", "4455", "--tt-mib", "40", "--json",
    ]);
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["score"], 18);
    assert_eq!(report["algo"], "null-window-negamax");
}

#[test]
fn geometry_refuses_boards_that_do_not_fit_a_word() {
    assert!(Geometry::new(8, 7).is_ok());
    assert!(Geometry::new(9, 7).is_err());
    assert!(Geometry::new(4, 15).is_ok());
    assert!(Geometry::new(4, 16).is_err());
}

/// Pons' six benchmark sets (tests/data/connect4, source in its README), each as
/// (file name, its text).
const BENCHMARK_SETS: [(&str, &str); 6] = [
    ("Test_L3_R1", include_str!("../data/connect4/Test_L3_R1")),
    ("Test_L2_R1", include_str!("../data/connect4/Test_L2_R1")),
    ("Test_L2_R2", include_str!("../data/connect4/Test_L2_R2")),
    ("Test_L1_R1", include_str!("../data/connect4/Test_L1_R1")),
    ("Test_L1_R2", include_str!("../data/connect4/Test_L1_R2")),
    ("Test_L1_R3", include_str!("../data/connect4/Test_L1_R3")),
];

/// Every `step`-th line of a set, from the first: a sample spread over the file.
fn every_nth_line(text: &str, step: usize) -> Vec<&str> {
    text.lines().step_by(step).collect()
}

/// Runs `ply solve connect4 --batch` on `lines` (written to a file of its own) and
/// returns the process's output.
fn batch(name: &str, lines: &[&str]) -> std::process::Output {
    let path = std::env::temp_dir().join(format!("ply-batch-{}-{name}", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").expect("a temporary file");
    let output = ply_command(&[
        "solve",
        "connect4",
        "--batch",
        path.to_str().expect("a UTF-8 path"),
        "--tt-mib",
        "32",
    ]);
    let _ = std::fs::remove_file(&path);
    output
}

#[test]
fn batch_scores_equal_the_published_ones_on_a_sample_of_every_benchmark_set() {
    // Spread over each file, cheap enough for seconds in all: the hard sets are
    // sampled thinly, and Test_L1_R3 (tens of millions of nodes a position) by its
    // first line only.
    let steps = [10, 10, 50, 10, 200, 1000];
    let mut sample = Vec::new();
    for ((name, text), step) in BENCHMARK_SETS.iter().zip(steps) {
        let lines = every_nth_line(text, step);
        assert!(!lines.is_empty(), "{name}");
        sample.extend(lines);
    }
    let output = batch("sample", &sample);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Vec<&str> = stdout.lines().collect();
    assert_eq!(results.len(), sample.len() + 1, "a line each and the means");
    for (expected, result) in sample.iter().zip(&results) {
        // The file's line is `MOVES SCORE`; ply's `MOVES SCORE NODES MICROSECONDS`.
        let expected: Vec<&str> = expected.split_whitespace().collect();
        let found: Vec<&str> = result.split_whitespace().collect();
        assert_eq!(found.len(), 4, "{result}");
        assert_eq!(found[..2], expected[..], "{result}");
        assert!(found[2].parse::<u64>().is_ok(), "{result}: nodes");
        assert!(found[3].parse::<u64>().is_ok(), "{result}: microseconds");
    }
    assert!(results[sample.len()].starts_with("mean nodes "));
}

#[test]
fn a_batch_flags_a_wrong_score_and_refuses_bad_lines() {
    let output = batch("wrong", &["4455 18", "4455 17", "4455"]);
    assert!(!output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(!lines[0].contains("DISAGREES"), "{stdout}");
    assert!(lines[1].ends_with("DISAGREES: expected 17"), "{stdout}");
    assert!(!lines[2].contains("DISAGREES"), "{stdout}");
    for (name, bad) in [
        ("column", "4458 3"),
        ("score", "4455 x"),
        ("words", "4455 18 7"),
        ("full", "4444444 0"),
    ] {
        let output = batch(name, &["4455 18", bad]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{bad}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{bad}: {stderr}");
        assert!(stderr.contains("line 2"), "{bad}: {stderr}");
    }
    let output = ply_command(&["solve", "grundy", "--batch", "Cargo.toml"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn short_solves_get_a_small_table() {
    assert_eq!(table_log2_for_position(42), DEFAULT_TABLE_LOG2);
    assert_eq!(table_log2_for_position(38), DEFAULT_TABLE_LOG2);
    assert_eq!(table_log2_for_position(37), DEFAULT_TABLE_LOG2 - 1);
    assert_eq!(table_log2_for_position(20), 22, "the smallest table");
    assert_eq!(table_log2_for_position(0), 22);
}

#[test]
fn no_progress_line_when_stderr_is_not_a_terminal() {
    // The live line is for a person watching a terminal; a pipe gets nothing extra.
    for args in [
        &["solve", "connect4", "--moves", "12264244"][..],
        &["solve", "connect4", "--moves", "12264244", "--json"],
    ] {
        let output = ply_command(args);
        assert!(output.status.success(), "{args:?}");
        assert!(output.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn quick_forced_wins_of_early_positions_cost_no_more_nodes_than_pons() {
    // From Pons' Test_L1_R1: positions whose game ends within a few moves through
    // forcing threats. Pons' solver (PascalPons/connect4, table cleared, measured
    // by scripts/connect4-vs-pons.sh) proves them in 21, 76 and 54 nodes; ply
    // searched 24,189, 39,666 and 29,426 while it put forcing moves last.
    for (moves, score, pons_nodes) in [
        ("557455364765", 13, 21),
        ("22566535545", 13, 76),
        ("4324545214", -13, 54),
    ] {
        let game = position(moves);
        let mut solver = solver_for(&game);
        let solved = solver.solve(game.bitboard()).expect("no stop flag");
        assert_eq!(solved.score, score, "{moves}");
        let nodes = solver.stats().nodes;
        assert!(
            nodes <= pons_nodes,
            "{moves}: {nodes} nodes, Pons {pons_nodes}"
        );
    }
}
