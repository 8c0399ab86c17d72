//! Kalah: sowing, extra turns, both capture rules and the end of the game worked out
//! by hand, the notation, bad input, the exact solver against the published margins
//! (Irving, Donkers and Uiterwijk 2000) and against a brute-force margin search, and
//! the generic search with extra turns.

use super::common;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use ply::game::kalah::Kalah;
use ply::game::{Game, GameValue, Outcome, Playable, Player};
use ply::search::{Limits, SearchConfig, search};

fn game(pairs: &[&str]) -> Kalah {
    common::start(pairs)
}

fn at(position: &str, pairs: &[&str]) -> Kalah {
    common::at(position, pairs)
}

fn after(position: &str, pairs: &[&str], moves: &str) -> String {
    let mut game = at(position, pairs);
    game.play_moves(moves).expect("legal moves");
    game.format_position()
}

/// The final margin for the side to move: what the exact solver reports as `score`.
fn solved_margin(game: &Kalah) -> i32 {
    game.solve_exactly(None).expect("no stop flag").score
}

#[test]
fn the_start_position_and_its_moves() {
    let start = game(&[]);
    assert_eq!(start.format_position(), "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s");
    assert_eq!(start.moves(), [0, 1, 2, 3, 4, 5]);
    assert_eq!(start.format_move(5), "6");
    assert_eq!(
        game(&["pits=3", "seeds=5"]).format_position(),
        "5,5,5:0/5,5,5:0 s"
    );
}

#[test]
fn sowing_by_hand() {
    let start = "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s";
    // Pit 3's four seeds go to pits 4, 5, 6 and the store: South moves again.
    assert_eq!(after(start, &[], "3"), "4,4,0,5,5,5:1/4,4,4,4,4,4:0 s");
    // Then pit 6's five seeds: one to the store, four round to North's pits 1-4.
    assert_eq!(after(start, &[], "3 6"), "4,4,0,5,5,0:2/5,5,5,5,4,4:0 n");
    // North sows its pit 1's five seeds into its pits 2 to 6.
    assert_eq!(after(start, &[], "3 6 1"), "4,4,0,5,5,0:2/0,6,6,6,5,5:0 s");
    // Fourteen seeds from pit 1: a lap of the 13 cells other than North's store
    // (pit 1 included), then one more into pit 2. North's store stays empty.
    assert_eq!(
        after("14,0,0,0,0,1:0/1,1,1,1,1,1:0 s", &[], "1"),
        "1,2,1,1,1,2:1/2,2,2,2,2,2:0 n"
    );
}

#[test]
fn captures_by_hand() {
    // Pit 1's seed lands in South's empty pit 2, opposite North's pit 5 (4 seeds):
    // 1 + 4 go to South's store.
    let position = "1,0,4,4,4,4:0/4,4,4,4,4,4:0 s";
    assert_eq!(after(position, &[], "1"), "0,0,4,4,4,4:5/4,4,4,4,0,4:0 n");
    // The opposite pit is empty: the empty-capture rule still takes the seed...
    let position = "1,0,4,4,4,4:0/4,4,4,4,0,4:0 s";
    assert_eq!(after(position, &[], "1"), "0,0,4,4,4,4:1/4,4,4,4,0,4:0 n");
    // ...the standard rule leaves it.
    let standard = &["capture=standard"][..];
    assert_eq!(
        after(position, standard, "1"),
        "0,1,4,4,4,4:0/4,4,4,4,0,4:0 n"
    );
    // North captures too: its pit 5's seed lands in its empty pit 6, opposite
    // South's pit 1 (3 seeds): 4 to North's store. North's row is then empty, so
    // the game ends and South adds its other five seeds to its store.
    assert_eq!(
        after("3,1,1,1,1,1:0/0,0,0,0,1,0:0 n", &[], "5"),
        "0,0,0,0,0,0:5/0,0,0,0,0,0:4 n"
    );
}

#[test]
fn the_game_ends_when_a_row_is_empty() {
    // South's last seed goes to its store: South's row is empty, so the game ends
    // at once (no extra turn) and North adds its 6 seeds to its store.
    let mut game = at("0,0,0,0,0,1:20/1,2,3,0,0,0:10 s", &[]);
    game.play_moves("6").unwrap();
    assert_eq!(game.format_position(), "0,0,0,0,0,0:21/0,0,0,0,0,0:16 s");
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert!(game.moves().is_empty());
    assert!(game.parse_move("1").is_err());
    game.undo();
    assert_eq!(game.format_position(), "0,0,0,0,0,1:20/1,2,3,0,0,0:10 s");
    // Equal stores at the end: a draw.
    let mut level = at("0,0,0,0,0,1:5/1,0,0,0,0,0:5 s", &[]);
    level.play_moves("6").unwrap();
    assert_eq!(level.outcome(), Some(Outcome::Draw));
}

#[test]
fn bad_moves_positions_and_options_are_one_line_errors() {
    let start = game(&[]);
    common::refuses_moves(
        &start,
        &["0", "7", "x", "", "1.5", "-1", "99999999999999999999"],
    );
    common::refuses_moves(&at("0,4,4,4,4,4:0/4,4,4,4,4,4:0 s", &[]), &["1"]);
    common::refuses_positions::<Kalah>(&[
        ("4,4,4,4,4,4:0/4,4,4,4,4,4:0", &[]),
        ("4,4,4,4,4,4:0/4,4,4,4,4,4:0 w", &[]),
        ("4,4,4,4,4,4/4,4,4,4,4,4 s", &[]),
        ("4,4,4,4,4,4:0 s", &[]),
        ("4,4,4:0/4,4:0 s", &[]),
        ("4,,4:0/4,4,4:0 s", &[]),
        ("4,x,4:0/4,4,4:0 s", &[]),
        ("4,-4,4:0/4,4,4:0 s", &[]),
        ("300,4,4:0/4,4,4:0 s", &[]),
        ("200,50,6:0/0,0,0:0 s", &[]),
        ("1,1,1,1,1,1,1,1,1,1,1:0/1,1,1,1,1,1,1,1,1,1,1:0 s", &[]),
        ("4,4,4:0/4,4,4:0 s", &["pits=6"]),
        ("4,4,4:0/4,4,4:0 s", &["capture=never"]),
    ]);
    common::refuses_options::<Kalah>(&[
        &["pits=0"],
        &["pits=11"],
        &["seeds=0"],
        &["seeds=13"],
        &["seeds=-1"],
        &["capture=full"],
        &["stones=4"],
    ]);
    // The largest board and pile still fit: 2 x 10 x 12 = 240 seeds.
    let largest = game(&["pits=10", "seeds=12"]);
    assert_eq!(largest.moves().len(), 10);
}

#[test]
fn positions_round_trip() {
    for text in [
        "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s",
        "0,3,0,12,1,0:17/2,0,0,5,0,6:2 n",
        "1:0/1:0 s",
    ] {
        assert_eq!(at(text, &[]).format_position(), text);
    }
}

#[test]
fn the_seed_evaluation_is_the_store_difference() {
    let evaluator = Kalah::evaluators().remove(0).evaluator;
    assert_eq!(evaluator.evaluate(&at("1,2,3:7/4,5,6:3 s", &[])), 4);
    assert_eq!(evaluator.evaluate(&at("1,2,3:7/4,5,6:3 n", &[])), -4);
}

#[test]
fn the_solver_proves_the_published_margins() {
    // Irving, Donkers and Uiterwijk (2000), empty capture: first player's margin.
    for (pits, seeds, margin) in [(3, 3, 2), (6, 1, 2), (6, 2, 10), (6, 3, 2)] {
        let start = game(&[&format!("pits={pits}"), &format!("seeds={seeds}")]);
        let solution = start.solve_exactly(None).unwrap();
        assert_eq!(solution.score, margin, "Kalah({pits},{seeds})");
        assert_eq!(solution.value, GameValue::Win);
        // The line of best play is legal and ends with exactly that margin.
        let mut line = start.clone();
        for &pit in &solution.pv {
            assert!(line.moves().contains(&pit), "Kalah({pits},{seeds}) pv");
            line.play(pit);
        }
        assert!(line.outcome().is_some(), "the line reaches the end");
        let board = line.board();
        let final_margin =
            i32::from(board.store(Player::First)) - i32::from(board.store(Player::Second));
        assert_eq!(final_margin, margin, "Kalah({pits},{seeds}) pv margin");
    }
}

/// The final margin for the side to move by plain negamax over the whole game tree,
/// memoised by the game's hash: slow, but independent of the solver.
fn brute_force_margin(game: &mut Kalah, memo: &mut HashMap<u64, i32>) -> i32 {
    let key = game.hash();
    if let Some(&margin) = memo.get(&key) {
        return margin;
    }
    let me = game.to_move();
    let margin = if game.outcome().is_some() {
        let board = game.board();
        i32::from(board.store(me)) - i32::from(board.store(me.other()))
    } else {
        game.moves()
            .into_iter()
            .map(|pit| {
                game.play(pit);
                let child = brute_force_margin(game, memo);
                let keeps_turn = game.to_move() == me;
                game.undo();
                if keeps_turn { child } else { -child }
            })
            .max()
            .expect("a game that goes on has moves")
    };
    memo.insert(key, margin);
    margin
}

#[test]
fn the_solver_agrees_with_a_brute_force_search_on_small_boards() {
    for pairs in [
        &["pits=3", "seeds=3"][..],
        &["pits=3", "seeds=3", "capture=standard"],
        &["pits=4", "seeds=2"],
        &["pits=4", "seeds=2", "capture=standard"],
    ] {
        let mut memo = HashMap::new();
        for mut game in common::random_positions::<Kalah>(pairs, 30, 10) {
            let expected = brute_force_margin(&mut game, &mut memo);
            assert_eq!(solved_margin(&game), expected, "{}", game.format_position());
        }
    }
}

#[test]
fn the_standard_capture_changes_the_value() {
    // On Kalah(2,4) the rule makes a difference: whatever the margins are, the
    // solver finds the brute-force ones under both rules, and they differ.
    let margins: Vec<i32> = ["empty", "standard"]
        .iter()
        .map(|rule| {
            let mut start = game(&["pits=2", "seeds=4", &format!("capture={rule}")]);
            let margin = solved_margin(&start);
            assert_eq!(
                margin,
                brute_force_margin(&mut start, &mut HashMap::new()),
                "{rule}"
            );
            margin
        })
        .collect();
    assert_ne!(margins[0], margins[1]);
}

#[test]
fn a_raised_stop_flag_stops_the_solver() {
    let stop = AtomicBool::new(true);
    assert!(game(&["seeds=3"]).solve_exactly(Some(&stop)).is_none());
}

#[test]
fn alpha_beta_equals_minimax_on_random_positions_with_extra_turns() {
    let standard =
        common::random_positions::<Kalah>(&["pits=4", "seeds=3", "capture=standard"], 40, 30);
    common::alpha_beta_matches_minimax(&standard, &[1, 2, 4, 6], false);
    let full_size = common::random_positions::<Kalah>(&["pits=6", "seeds=4"], 40, 30);
    common::alpha_beta_matches_minimax(&full_size, &[1, 2, 4, 6], false);
}

#[test]
fn an_extra_turn_keeps_the_side_to_move_in_the_search() {
    // South to move: pit 6's seed earns another move, pit 5's two seeds (one to
    // pit 6, one to the store) another, and pit 6 again empties South's row: the
    // game ends with South 13 against North's 0 + 3. Three South moves in a row.
    let game = at("0,0,0,0,2,1:10/0,0,0,1,1,1:0 s", &[]);
    let evaluator = Kalah::evaluators().remove(0).evaluator;
    let result = search(
        &game,
        evaluator.as_ref(),
        &SearchConfig::alpha_beta(Limits::default()),
        None,
        &mut (),
    );
    assert_eq!(result.value(), Some(GameValue::Win));
    assert_eq!(solved_margin(&game), 13 - 3);
    assert_eq!(game.solve_exactly(None).unwrap().pv, [5, 4, 5]);
}

/// The position with these pits (South's row, then North's), empty stores, South to move.
fn pits_position(cells: &[u8], capture: &str) -> Kalah {
    let half = cells.len() / 2;
    let row = |pits: &[u8]| {
        let pits: Vec<String> = pits.iter().map(|s| s.to_string()).collect();
        format!("{}:0", pits.join(","))
    };
    let text = format!("{}/{} s", row(&cells[..half]), row(&cells[half..]));
    at(&text, &[&format!("capture={capture}")])
}

/// Every way to put `seeds` seeds in `cells` pits, calling `f` on each.
fn each_filling(cells: &mut Vec<u8>, pits: usize, seeds: u8, f: &mut dyn FnMut(&[u8])) {
    if cells.len() + 1 == pits {
        cells.push(seeds);
        f(cells);
        cells.pop();
        return;
    }
    for here in 0..=seeds {
        cells.push(here);
        each_filling(cells, pits, seeds - here, f);
        cells.pop();
    }
}

#[test]
fn the_endgame_database_agrees_with_brute_force_on_every_position() {
    use ply::game::kalah::endgame::{Endgame, EndgameConfig};
    // Kalah(4, n) under both rules: every position with at most 7 seeds in the pits
    // (6,435 of them) is looked up in the database and searched by plain negamax.
    for (rule, capture) in [
        ("empty", ply::game::kalah::CaptureRule::Empty),
        ("standard", ply::game::kalah::CaptureRule::Standard),
    ] {
        let db = Endgame::obtain(4, capture, 7, &EndgameConfig::in_memory(7)).unwrap();
        assert_eq!(db.levels(), 7);
        let mut memo = HashMap::new();
        let mut checked = 0;
        for seeds in 0..=7 {
            each_filling(&mut Vec::new(), 8, seeds, &mut |cells| {
                let mut game = pits_position(cells, rule);
                if game.outcome().is_none() {
                    let expected = brute_force_margin(&mut game, &mut memo);
                    assert_eq!(
                        db.value(game.board(), Player::First),
                        expected,
                        "{rule}: {}",
                        game.format_position()
                    );
                    checked += 1;
                }
            });
        }
        assert!(checked > 5000, "{checked} positions");
    }
}

#[test]
fn the_solver_with_an_endgame_database_agrees_with_brute_force() {
    use ply::game::kalah::endgame::EndgameConfig;
    use ply::game::kalah::solver::solve_with;
    // Positions with more than 8 seeds in play are searched, the rest looked up.
    for pairs in [
        &["pits=3", "seeds=3"][..],
        &["pits=4", "seeds=2"],
        &["pits=4", "seeds=2", "capture=standard"],
    ] {
        let mut memo = HashMap::new();
        for mut game in common::random_positions::<Kalah>(pairs, 30, 8) {
            let expected = brute_force_margin(&mut game, &mut memo);
            let solution = solve_with(
                game.board(),
                game.to_move(),
                game.capture_rule(),
                None,
                &EndgameConfig::in_memory(8),
            )
            .unwrap();
            assert_eq!(solution.score, expected, "{}", game.format_position());
        }
    }
}

#[test]
fn a_cached_endgame_database_with_altered_bytes_is_rebuilt_not_trusted() {
    use ply::game::kalah::endgame::{Endgame, EndgameConfig};
    // Kalah(3,6) has 36 seeds in play, so its solve wants the database of 8 levels
    // (every position with at most 8 seeds in the pits), read from the cache folder.
    let dir = std::env::temp_dir().join(format!("ply-kalah-cache-{}", std::process::id()));
    let capture = ply::game::kalah::CaptureRule::Empty;
    let db = Endgame::obtain(3, capture, 8, &EndgameConfig::in_memory(8)).unwrap();
    let path = db.save_in(&dir).unwrap();
    let solve = |cache: &std::path::Path, mib: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["solve", "kalah", "-o", "pits=3", "-o", "seeds=6", "--json"])
            .env("PLY_CACHE_DIR", cache)
            .env("PLY_KALAH_DB_MIB", mib)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        (json["score"].clone(), json["best_move"].clone())
    };
    // Without any database, and with the good one, the same proven value.
    let truth = solve(&dir, "0");
    assert_eq!(solve(&dir, "1024"), truth);
    // The second half of the file (the deepest levels' values) set to a margin
    // of +100 for the side to move, the file's size unchanged.
    let mut bytes = std::fs::read(&path).unwrap();
    let half = bytes.len() / 2;
    bytes[half..].fill(100);
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(
        solve(&dir, "1024"),
        truth,
        "the altered database is not trusted"
    );
    assert!(
        std::fs::read(&path).map_or(true, |now| now != bytes),
        "the altered database is not left to be read again"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
