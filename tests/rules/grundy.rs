//! Grundy's game: the search's and the exact solver's verdicts against the
//! published Sprague-Grundy values (OEIS A002188 and Flammenkamp's table, in
//! tests/data), and the move notation.

use super::common;

use std::collections::HashSet;
use std::process::Command;

use common::{run, seed_evaluator};
use ply::game::grundy::{Grundy, Split};
use ply::game::{ExactSolution, Game, GameOptions, Outcome, Playable, Player};
use ply::search::score::{is_loss, is_win};
use ply::search::{GameValue, Limits, SearchConfig, SearchResult};

/// Numbers from a data file: whitespace-separated, `#` starts a comment line.
fn numbers(text: &str) -> Vec<u32> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|w| w.parse().expect("a number"))
        .collect()
}

/// OEIS A002188, n = 0..=104.
fn published_grundy_values() -> Vec<u32> {
    let values = numbers(include_str!("../data/grundy_a002188.txt"));
    assert_eq!(values.len(), 105, "A002188 for n = 0..=104");
    values
}

/// The heaps from 1 to [`LOSING_HEAPS_CHECKED_UP_TO`] lost for the player to move.
fn published_losing_heaps() -> Vec<u32> {
    numbers(include_str!("../data/grundy_losing_heaps.txt"))
}

/// The data file lists every losing heap up to 120; the tests search this far, which
/// takes in the two published zeros above 40 (50 and 53).
const LOSING_HEAPS_CHECKED_UP_TO: u16 = 53;

/// Solves with the engine's default configuration (alpha-beta, iterative deepening,
/// table, ordering), no limits and the `seed` evaluation.
fn solve(heaps: &[u16]) -> SearchResult<Split> {
    solve_with(heaps, &SearchConfig::alpha_beta(Limits::default()))
}

fn solve_with(heaps: &[u16], config: &SearchConfig) -> SearchResult<Split> {
    let eval = seed_evaluator::<Grundy>();
    let result = run(&Grundy::from_heaps(heaps), eval.as_ref(), config);
    assert!(result.proven, "{heaps:?} not proven");
    assert!(!result.stopped);
    result
}

/// Win or loss for the side to move, as the published values say: the XOR of the
/// heaps' Grundy values is 0 exactly for a loss.
fn expected_by_xor(heaps: &[u16], values: &[u32]) -> GameValue {
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
    if nim_sum == 0 {
        GameValue::Loss
    } else {
        GameValue::Win
    }
}

fn check_value(heaps: &[u16], expected: GameValue) {
    let result = solve(heaps);
    assert_eq!(result.value(), Some(expected), "heaps {heaps:?}");
    match expected {
        GameValue::Win => {
            assert!(is_win(result.score), "{heaps:?}: score {}", result.score);
            // A winning move leaves the opponent lost: check it with a second search.
            let mut game = Grundy::from_heaps(heaps);
            game.play(result.best_move.expect("a winning move"));
            let reply = solve(game.heaps());
            assert_eq!(reply.value(), Some(GameValue::Loss), "after {heaps:?}");
            // ... and by the published values: the move leaves a nim-sum of 0.
            let values = published_grundy_values();
            if game.heaps().iter().all(|&h| (h as usize) < values.len()) {
                assert_eq!(
                    expected_by_xor(game.heaps(), &values),
                    GameValue::Loss,
                    "{heaps:?} -> {:?}",
                    game.heaps()
                );
            }
        }
        GameValue::Loss => assert!(is_loss(result.score), "{heaps:?}: score {}", result.score),
        GameValue::Draw | GameValue::Exact => unreachable!("Grundy's game has no draws"),
    }
}

#[test]
fn single_heaps_are_lost_exactly_when_their_grundy_value_is_0() {
    let values = published_grundy_values();
    for n in 1..=40u16 {
        let expected = if values[n as usize] == 0 {
            GameValue::Loss
        } else {
            GameValue::Win
        };
        check_value(&[n], expected);
    }
}

/// Beyond 40, against the list of zeros. Iterative deepening re-searches the tree
/// once per ply of the longest game, so these larger heaps are solved in one pass
/// (iterative deepening off, everything else as by default) to keep the test quick.
#[test]
fn single_heaps_up_to_53_are_lost_exactly_at_the_published_zeros() {
    let losing = published_losing_heaps();
    assert_eq!(losing, [1, 2, 4, 7, 10, 20, 23, 26, 50, 53]);
    let values = published_grundy_values();
    let config = SearchConfig {
        iterative: false,
        ..SearchConfig::alpha_beta(Limits::default())
    };
    for n in 1..=LOSING_HEAPS_CHECKED_UP_TO {
        let expected = if losing.contains(&u32::from(n)) {
            GameValue::Loss
        } else {
            GameValue::Win
        };
        // The two data files agree where they overlap.
        if let Some(&g) = values.get(n as usize) {
            assert_eq!(g == 0, expected == GameValue::Loss, "heap {n}");
        }
        let result = solve_with(&[n], &config);
        assert_eq!(result.value(), Some(expected), "heap {n}");
        assert!(is_win(result.score) || is_loss(result.score), "heap {n}");
    }
}

#[test]
fn a_heap_of_7_is_lost_for_the_player_to_move() {
    let result = solve(&[7]);
    assert_eq!(result.value(), Some(GameValue::Loss));
    assert!(is_loss(result.score));
    assert!(
        result.best_move.is_some(),
        "a lost side still has a move to play"
    );
}

#[test]
fn every_first_move_from_7_loses_for_the_mover() {
    let start = Grundy::from_heaps(&[7]);
    let moves = start.moves();
    assert_eq!(moves.len(), 3, "7=6+1, 7=5+2, 7=4+3");
    for m in moves {
        let mut game = start.clone();
        game.play(m);
        assert_eq!(game.to_move(), Player::Second);
        let eval = seed_evaluator::<Grundy>();
        let result = run(
            &game,
            eval.as_ref(),
            &SearchConfig::alpha_beta(Limits::default()),
        );
        // The second player, now to move, wins whatever the first player did.
        assert_eq!(
            result.value(),
            Some(GameValue::Win),
            "after {}",
            start.format_move(m)
        );
        assert!(is_win(result.score));
        // And wins by playing the search's move to the end against every defence.
        assert!(
            second_player_wins_by_searching(&mut game),
            "after {}",
            start.format_move(m)
        );
    }
}

/// Plays the search's move for the second player and every reply for the first, to
/// the end: true when every game ends with the second player winning.
fn second_player_wins_by_searching(game: &mut Grundy) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome == Outcome::Win(Player::Second);
    }
    let moves = if game.to_move() == Player::Second {
        let eval = seed_evaluator::<Grundy>();
        let result = run(
            game,
            eval.as_ref(),
            &SearchConfig::alpha_beta(Limits::default()),
        );
        vec![result.best_move.expect("a move")]
    } else {
        game.moves()
    };
    moves.into_iter().all(|m| {
        game.play(m);
        let wins = second_player_wins_by_searching(game);
        game.undo();
        wins
    })
}

#[test]
fn several_heaps_follow_the_xor_of_the_published_values() {
    let values = published_grundy_values();
    let mut losses = 0;
    let mut wins = 0;
    let mut positions: Vec<Vec<u16>> = Vec::new();
    for a in 1..=16u16 {
        for b in 1..=a {
            positions.push(vec![a, b]);
        }
    }
    for a in 3..=10u16 {
        for b in 3..=a {
            for c in 3..=b {
                positions.push(vec![a, b, c]);
            }
        }
    }
    positions.extend([
        vec![13, 5, 6],
        vec![11, 8, 3, 3],
        vec![20, 7],
        vec![17, 9, 5],
        vec![12, 12, 12],
        vec![9, 6, 5, 4, 3],
    ]);
    for heaps in &positions {
        let expected = expected_by_xor(heaps, &values);
        match expected {
            GameValue::Loss => losses += 1,
            _ => wins += 1,
        }
        check_value(heaps, expected);
    }
    assert!(losses > 10 && wins > 10, "{losses} losses, {wins} wins");
}

#[test]
fn split_notation_is_read_and_checked() {
    let game = Grundy::from_heaps(&[7]);
    assert_eq!(game.parse_move("7=4+3"), Ok(Split { heap: 7, larger: 4 }));
    assert_eq!(game.parse_move("7=3+4"), Ok(Split { heap: 7, larger: 4 }));
    assert_eq!(
        game.parse_move(" 7 = 6 + 1 "),
        Ok(Split { heap: 7, larger: 6 })
    );
    for m in game.moves() {
        assert_eq!(game.parse_move(&game.format_move(m)), Ok(m));
    }
    let game = Grundy::from_heaps(&[7, 4]);
    for bad in [
        "4=2+2", // equal heaps
        "7=5+1", // does not add up
        "7=7+0", // an empty heap
        "7=8+-1",
        "5=3+2", // no heap of 5
        "9=5+4", // no heap of 9
        "2=1+1",
        "7",
        "7=4",
        "7-4+3",
        "=4+3",
        "seven=4+3",
        "",
    ] {
        assert!(game.parse_move(bad).is_err(), "'{bad}' accepted");
    }
    let mut game = Grundy::from_heaps(&[7]);
    assert!(game.play_moves("7=4+3 4=3+1").is_ok());
    assert_eq!(game.heaps(), &[3, 3, 1]);
    assert!(game.play_moves("3=2+1").is_ok(), "either heap of 3");
    assert_eq!(game.heaps(), &[3, 2, 1, 1]);
    assert!(game.parse_move("3=2+1").is_ok(), "the other heap of 3");
    game.play_moves("3=2+1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
    assert!(game.moves().is_empty());
}

#[test]
fn the_hash_ignores_the_order_of_the_heaps() {
    let options = GameOptions::default();
    let a = Grundy::parse_position("4,2,1", &options).unwrap();
    let b = Grundy::parse_position("1,4,2", &options).unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.format_position(), "4,2,1");
    assert_eq!(b.format_position(), "4,2,1");
    let c = Grundy::parse_position("4,3", &options).unwrap();
    assert_ne!(a.hash(), c.hash());
    // The same heaps reached by different splits are one position.
    let mut x = Grundy::from_heaps(&[10]);
    x.play_moves("10=6+4 6=5+1").unwrap();
    let mut y = Grundy::from_heaps(&[10]);
    y.play_moves("10=9+1 9=5+4").unwrap();
    assert_eq!(x.heaps(), &[5, 4, 1]);
    assert_eq!(y.heaps(), &[5, 4, 1]);
    assert_eq!(x.hash(), y.hash());
    // ... but not with the other side to move.
    let mut z = Grundy::from_heaps(&[10]);
    z.play_moves("10=9+1").unwrap();
    assert_ne!(z.hash(), Grundy::from_heaps(&[9, 1]).hash());
    // Undo restores the hash.
    let before = z.hash();
    z.play_moves("9=5+4").unwrap();
    assert_ne!(z.hash(), before);
    z.undo();
    assert_eq!(z.hash(), before);
    assert!(Grundy::parse_position("4,,2", &options).is_err());
    assert!(Grundy::parse_position("0", &options).is_err());
    assert!(Grundy::parse_position("1001", &options).is_err());
    assert!(Grundy::parse_position("a", &options).is_err());
    assert_eq!(
        Grundy::setup(&GameOptions::parse(&["heap=9"]).unwrap(), None, None)
            .unwrap()
            .heaps(),
        &[9]
    );
}

/// Sprague-Grundy values of single heaps `0..=largest`, written here from the
/// definition alone and as plainly as possible (a set of the values each split
/// reaches, then the first number missing from it), so that the solver is checked
/// against code that shares nothing with it.
fn naive_grundy_values(largest: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::new();
    for heap in 0..=largest {
        let mut reached = HashSet::new();
        for a in 1..heap {
            let b = heap - a;
            if a != b {
                reached.insert(values[a] ^ values[b]);
            }
        }
        let mut mex = 0;
        while reached.contains(&mex) {
            mex += 1;
        }
        values.push(mex);
    }
    values
}

/// Flammenkamp's table of the heaps whose value lies in the sparse set, as
/// (heap, value), every one up to 231.
fn published_sparse_values() -> Vec<(u32, u32)> {
    let numbers = numbers(include_str!("../data/grundy_sparse_values.txt"));
    numbers.chunks(2).map(|pair| (pair[0], pair[1])).collect()
}

/// The largest heap Flammenkamp's table in tests/data covers completely.
const SPARSE_TABLE_COVERS: u32 = 231;

#[test]
fn the_naive_values_agree_with_every_published_one() {
    let naive = naive_grundy_values(1000);
    let published = published_grundy_values();
    assert_eq!(naive[..published.len()], published[..], "OEIS A002188");
    // Winning Ways: the sparse set holds the values with an even number of ones
    // above the lowest bit; Flammenkamp lists every heap whose value is in it.
    let sparse = published_sparse_values();
    let in_sparse_set = |value: u32| (value >> 1).count_ones().is_multiple_of(2);
    let naive_sparse: Vec<(u32, u32)> = (0..=SPARSE_TABLE_COVERS)
        .filter(|&n| in_sparse_set(naive[n as usize]))
        .map(|n| (n, naive[n as usize]))
        .collect();
    assert_eq!(naive_sparse, sparse, "Flammenkamp's sparse values");
    let zeros: Vec<u32> = (1..=120).filter(|&n| naive[n as usize] == 0).collect();
    assert_eq!(zeros, published_losing_heaps(), "the zeros up to 120");
}

fn exact(heaps: &[u16]) -> ExactSolution<Split> {
    Grundy::from_heaps(heaps)
        .solve_exactly(None)
        .expect("no stop flag")
}

#[test]
fn the_solver_loses_single_heaps_up_to_1000_exactly_at_the_zeros() {
    let naive = naive_grundy_values(1000);
    for heap in 1..=1000u16 {
        let solution = exact(&[heap]);
        let expected = if naive[heap as usize] == 0 {
            GameValue::Loss
        } else {
            GameValue::Win
        };
        assert_eq!(solution.value, expected, "heap {heap}");
        assert_eq!(solution.score as u32, naive[heap as usize], "heap {heap}");
        assert_eq!(solution.algorithm, "sprague-grundy");
        assert!(solution.best_move.is_some() || heap < 3, "heap {heap}");
    }
}

#[test]
fn the_solvers_winning_moves_leave_a_lost_position() {
    let naive = naive_grundy_values(1000);
    let nim_sum = |heaps: &[u16]| heaps.iter().fold(0, |x, &h| x ^ naive[h as usize]);
    let mut positions: Vec<Vec<u16>> = (3..=1000).step_by(7).map(|h| vec![h]).collect();
    positions.extend([
        vec![1000, 999],
        vec![270, 53, 20],
        vec![600, 400, 300, 7],
        vec![87, 90, 93],
        vec![12, 12, 12],
        vec![999, 500, 250, 125, 62, 31, 15, 7, 3],
    ]);
    for heaps in &positions {
        let solution = exact(heaps);
        let expected = if nim_sum(heaps) == 0 {
            GameValue::Loss
        } else {
            GameValue::Win
        };
        assert_eq!(solution.value, expected, "{heaps:?}");
        // The line alternates winner and loser: every position the winner leaves
        // has a nim-sum of 0, and every move in it is legal.
        let mut game = Grundy::from_heaps(heaps);
        for (ply, &split) in solution.pv.iter().enumerate() {
            assert!(game.moves().contains(&split), "{heaps:?}: ply {ply}");
            game.play(split);
            let winner_moved = (ply % 2 == 0) == (expected == GameValue::Win);
            if winner_moved {
                assert_eq!(nim_sum(game.heaps()), 0, "{heaps:?}: ply {ply}");
            }
        }
    }
}

#[test]
fn the_solver_agrees_with_the_search_on_small_positions() {
    for heaps in [
        vec![5],
        vec![9],
        vec![13],
        vec![8, 5],
        vec![6, 6, 3],
        vec![11, 4],
    ] {
        let searched = solve(&heaps);
        let solution = exact(&heaps);
        assert_eq!(searched.value(), Some(solution.value), "{heaps:?}");
    }
}

#[test]
fn ply_solve_uses_the_solver_unless_told_not_to() {
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "grundy", "--json"];
        args.extend_from_slice(extra);
        let output = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(&args)
            .output()
            .expect("ply runs");
        assert!(output.status.success(), "{args:?}");
        serde_json::from_slice::<serde_json::Value>(&output.stdout).expect("JSON")
    };
    let report = solve(&["-o", "heap=1000"]);
    assert_eq!(report["algo"], "sprague-grundy");
    assert_eq!(report["value"], "win", "G(1000) is not 0");
    let report = solve(&["-o", "heap=932"]);
    assert_eq!(report["value"], "loss", "G(932) = 0");
    let report = solve(&["-o", "heap=20", "--no-solver"]);
    assert_ne!(report["algo"], "sprague-grundy");
    assert_eq!(report["value"], "loss");
}
