//! Dodgem: the rules, the notation, repetition draws, the seed evaluation, the
//! retrograde solver against the published values (Winning Ways; des Jardins) and
//! against positions worked out by hand, and the generic search on the game.

// A test binary has no public API: `pub` only marks what its modules share.
#![allow(unreachable_pub)]

mod common;

use ply::game::dodgem::retrograde::Retrograde;
use ply::game::dodgem::{Dodgem, NoMoveRule, Position, Rules, Side};
use ply::game::{Game, GameValue, Outcome, Playable, Player};
use ply::search::{Limits, SearchConfig, score, search};

fn game(pairs: &[&str]) -> Dodgem {
    common::start(pairs)
}

fn at(position: &str, pairs: &[&str]) -> Dodgem {
    common::at(position, pairs)
}

fn solved(game: &Dodgem) -> (GameValue, i32) {
    let solution = game.solve_exactly(None).expect("no stop flag");
    (solution.value, solution.score)
}

fn moves(game: &Dodgem) -> Vec<String> {
    game.moves()
        .into_iter()
        .map(|m| game.format_move(m))
        .collect()
}

#[test]
fn the_start_position_and_its_moves() {
    let start = game(&[]);
    assert_eq!(start.format_position(), "L../L../.BB L");
    // a3 is stuck at the top with a2 below it: only a3-b3; a2 goes right or down.
    assert_eq!(moves(&start), ["a2-b2", "a2-a1", "a3-b3"]);
    let bottom_first = game(&["first=bottom"]);
    assert_eq!(bottom_first.format_position(), "L../L../.BB B");
    assert_eq!(bottom_first.to_move(), Player::First);
    assert_eq!(moves(&bottom_first), ["b1-b2", "b1-a1", "c1-c2"]);
    assert_eq!(game(&["size=4"]).format_position(), "L.../L.../L.../.BBB L");
    assert_eq!(game(&["size=5"]).position().cars_on_board(Side::Bottom), 4);
}

#[test]
fn cars_leave_only_over_their_far_edge() {
    let mut left = at("..L/L../.B. L", &[]);
    assert_eq!(left.parse_move("c3+"), left.parse_move("c3-off"));
    assert!(
        left.parse_move("a2-off").is_err(),
        "Left leaves over the right edge only"
    );
    left.play_moves("c3-off").unwrap();
    assert_eq!(left.format_position(), ".../L../.B. B");
    assert!(
        left.parse_move("b1-off").is_err(),
        "Bottom leaves over the top edge only"
    );
    assert!(left.parse_move("b1-b2").is_ok());
    assert!(left.parse_move("a2-b2").is_err(), "not Left's turn");
}

#[test]
fn bad_moves_positions_and_options_are_one_line_errors() {
    common::refuses_moves(
        &game(&[]),
        &[
            "", "a2", "a2-", "a2-z9", "b2-c2", "a3-a2", "a3-a4", "a2-c2", "é2-b2", "a2--b2",
            "a99-b2",
        ],
    );
    common::refuses_positions::<Dodgem>(&[
        ("L../L../.BB", &[]),
        ("L../L../.BB X", &[]),
        ("L../L../.B L", &[]),
        ("L../L../.BX L", &[]),
        ("LL./L../.BB L", &[]),
        ("L/L L", &[]),
        ("... /.../... L", &[]),
        ("..../..../..../.... L", &[]),
        ("L../L../.BB L", &["size=4"]),
        ("L.../L.../L.../.BBB L", &["size=3"]),
    ]);
    common::refuses_options::<Dodgem>(&[
        &["size=2"],
        &["size=6"],
        &["size=x"],
        &["rule=chess"],
        &["first=top"],
        &["colour=red"],
    ]);
}

#[test]
fn positions_round_trip() {
    for text in ["L../L../.BB L", ".L./..B/... B", "..../.L../B..L/.B.. L"] {
        assert_eq!(at(text, &[]).format_position(), text);
    }
}

#[test]
fn a_blocked_side_loses_by_the_course_rule_and_wins_by_winning_ways() {
    // Left's last car on a1 is boxed in by Bottom's cars on b1 and a2.
    let course = at(".../B../LB. L", &[]);
    assert!(course.moves().is_empty());
    assert_eq!(course.outcome(), Some(Outcome::Win(Player::Second)));
    assert_eq!(solved(&course), (GameValue::Loss, 0));
    let winning_ways = at(".../B../LB. L", &["rule=winning-ways"]);
    assert_eq!(winning_ways.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(solved(&winning_ways), (GameValue::Win, 0));
}

#[test]
fn getting_the_last_car_off_wins_at_once() {
    let mut game = at(".../..L/B.. L", &[]);
    game.play_moves("c2-off").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert!(game.moves().is_empty());
}

/// Positions with one car a side close to its exit, worked out by hand.
#[test]
fn hand_worked_positions() {
    let cases: &[(&str, GameValue, i32, &str)] = &[
        // Left's last car on c2 drives off at once: a win in 1 ply.
        (".../..L/B.. L", GameValue::Win, 1, "c2-off"),
        // Bottom to move there: its car on a1 needs three moves, and nothing can
        // stop c2-off, so Bottom loses after one move of its own: 2 plies.
        (".../..L/B.. B", GameValue::Loss, 2, ""),
        // Left on b3 and Bottom on c2 each need two moves. Left to move drives to
        // c3, which also blocks Bottom's way up; Bottom moves aside (c2-b2, its only
        // move) and Left drives off: a win in 3 plies.
        (".L./..B/... L", GameValue::Win, 3, "b3-c3"),
        // Bottom to move in the same position wins the same way: c2-c3 blocks b3,
        // Left can only drive down to b2, and c3-off ends it: a win in 3 plies.
        (".L./..B/... B", GameValue::Win, 3, "c2-c3"),
    ];
    for rule in ["course", "winning-ways"] {
        for &(position, value, plies, best) in cases {
            let game = at(position, &[&format!("rule={rule}")]);
            let solution = game.solve_exactly(None).unwrap();
            let expected = if value == GameValue::Win {
                plies
            } else {
                -plies
            };
            assert_eq!(
                (solution.value, solution.score),
                (value, expected),
                "{position} ({rule})"
            );
            if !best.is_empty() {
                assert_eq!(
                    game.format_move(solution.best_move.unwrap()),
                    best,
                    "{position}"
                );
            }
            // The generic search agrees, distance included. Cars may shuffle for
            // ever, so it gets a depth limit beyond the end of the best line.
            let limits = Limits {
                depth: Some(6),
                ..Limits::default()
            };
            let found = search(
                &game,
                Dodgem::evaluators()[0].evaluator.as_ref(),
                &SearchConfig::alpha_beta(limits),
                None,
                &mut (),
            );
            let wanted = if value == GameValue::Win {
                score::win_in(plies as u32)
            } else {
                score::loss_in(plies as u32)
            };
            assert_eq!(found.score, wanted, "{position} ({rule}): generic search");
        }
    }
}

#[test]
fn three_by_three_is_a_first_player_win_under_both_rules_whoever_starts() {
    // Winning Ways (Berlekamp, Conway, Guy): 3x3 Dodgem is a first-player win.
    for rule in ["course", "winning-ways"] {
        for first in ["left", "bottom"] {
            let start = game(&[&format!("rule={rule}"), &format!("first={first}")]);
            let (value, plies) = solved(&start);
            assert_eq!(value, GameValue::Win, "rule={rule} first={first}");
            assert!(plies > 0);
            // The line of best play is legal and ends in the first player's win.
            let solution = start.solve_exactly(None).unwrap();
            let mut line = start.clone();
            for &m in &solution.pv {
                assert!(line.moves().contains(&m));
                line.play(m);
            }
            assert_eq!(line.outcome(), Some(Outcome::Win(Player::First)));
            assert_eq!(solution.pv.len() as i32, plies);
        }
    }
}

#[test]
fn a_raised_stop_flag_stops_the_solver() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    assert!(game(&["size=4"]).solve_exactly(Some(&stop)).is_none());
}

#[test]
fn four_by_four_is_a_draw() {
    // des Jardins (1996): 4x4 Dodgem is a draw with best play.
    for rule in ["course", "winning-ways"] {
        let (value, _) = solved(&game(&["size=4", &format!("rule={rule}")]));
        assert_eq!(value, GameValue::Draw, "rule={rule}");
    }
}

/// Every position's value follows from its children's: won when a move reaches a
/// position lost for the opponent one ply sooner, lost when every move reaches one
/// won for the opponent (the slowest one ply sooner), drawn otherwise.
#[test]
fn every_retrograde_value_agrees_with_the_values_after_each_move() {
    for no_move in [NoMoveRule::BlockedLoses, NoMoveRule::BlockedWins] {
        let rules = Rules {
            size: 3,
            no_move,
            first: Side::Left,
        };
        let tables = Retrograde::solve(&rules, 2, 2, None).unwrap();
        assert_eq!(tables.positions(), 2664);
        let mut checked = 0;
        for left in 0u32..1 << 9 {
            for bottom in 0u32..1 << 9 {
                if left & bottom != 0 || left.count_ones() > 2 || bottom.count_ones() > 2 {
                    continue;
                }
                for to_move in [Side::Left, Side::Bottom] {
                    let position = Position {
                        cars: [left, bottom],
                        to_move,
                    };
                    if position.occupied() != 0 {
                        check_against_children(&tables, &rules, &position);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 2664);
    }
}

#[test]
fn four_by_four_values_agree_with_the_values_after_each_move() {
    let rules = Rules {
        size: 4,
        no_move: NoMoveRule::BlockedLoses,
        first: Side::Left,
    };
    let tables = Retrograde::solve(&rules, 3, 3, None).unwrap();
    let games = common::random_positions::<Dodgem>(&["size=4"], 300, 60);
    assert!(games.len() > 200);
    for game in games {
        check_against_children(&tables, &rules, game.position());
    }
}

fn check_against_children(tables: &Retrograde, rules: &Rules, position: &Position) {
    let verdict = tables.verdict(position).unwrap();
    if let Some(winner) = rules.winner(position) {
        let value = if winner == position.to_move {
            GameValue::Win
        } else {
            GameValue::Loss
        };
        assert_eq!((verdict.value, verdict.plies), (value, 0), "{position:?}");
        return;
    }
    let mut moves = Vec::new();
    position.moves(rules.size, &mut moves);
    let children: Vec<_> = moves
        .iter()
        .map(|&m| tables.verdict(&position.after(m)).unwrap())
        .collect();
    let losing = children.iter().filter(|c| c.value == GameValue::Loss);
    let expected = if let Some(quickest) = losing.map(|c| c.plies).min() {
        (GameValue::Win, quickest + 1)
    } else if children.iter().all(|c| c.value == GameValue::Win) {
        let slowest = children.iter().map(|c| c.plies).max().unwrap();
        (GameValue::Loss, slowest + 1)
    } else {
        (GameValue::Draw, 0)
    };
    assert_eq!((verdict.value, verdict.plies), expected, "{position:?}");
}

#[test]
fn a_position_reached_three_times_is_a_draw_and_undo_takes_it_back() {
    let mut game = at("L../.../.B. L", &["size=3"]);
    let start_hash = game.hash();
    // Both sides shuffle sideways: a3-a2 b1-c1 a2-a3 c1-b1 brings the start back.
    let shuffle = "a3-a2 b1-c1 a2-a3 c1-b1";
    game.play_moves(shuffle).unwrap();
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    assert_ne!(
        game.hash(),
        start_hash,
        "the hash tells the repetitions apart"
    );
    game.play_moves(shuffle).unwrap();
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.moves().is_empty());
    assert!(game.parse_move("a3-b3").is_err());
    game.undo();
    assert_eq!(game.outcome(), None);
    for _ in 0..7 {
        game.undo();
    }
    assert_eq!(game.hash(), start_hash);
    // A forward move makes every earlier position unreachable: the count restarts
    // from the position after it.
    game.play_moves("a3-a2 b1-c1 a2-a3 c1-b1 a3-b3").unwrap();
    assert_eq!(game.repetitions(), 1);
    game.play_moves("b1-c1 b3-b2 c1-b1 b2-b3").unwrap();
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn the_seed_evaluation_rewards_progress_and_punishes_being_blocked() {
    let evaluate = |text: &str| {
        let game = at(text, &[]);
        Dodgem::evaluators()[0].evaluator.evaluate(&game)
    };
    assert_eq!(evaluate("L../L../.BB L"), 0, "the start is symmetric");
    // Left's car on b2 has driven one step (+10) and stands in front of Bottom's
    // car on b1 (-5 for Bottom): 15 for Left to move, -15 for Bottom to move.
    assert_eq!(evaluate("L../.L./.BB L"), 15);
    assert_eq!(evaluate("L../.L./.BB B"), -15);
    // Left's car on a1 faces Bottom's car on b1: -5 for Left, nothing else moved.
    assert_eq!(evaluate("L../.../LBB L"), -5);
    // A car off the board counts all three steps (30), b3 one step (10).
    assert_eq!(evaluate(".L./.../.BB L"), 40);
}

#[test]
fn alpha_beta_equals_minimax_on_random_positions() {
    common::alpha_beta_matches_minimax(
        &common::random_positions::<Dodgem>(&["size=3"], 40, 14),
        &[1, 3, 4],
        false,
    );
    let larger = common::random_positions::<Dodgem>(&["size=4", "rule=winning-ways"], 40, 14);
    common::alpha_beta_matches_minimax(&larger, &[1, 3, 4], false);
}

#[test]
fn the_retrograde_solver_feeds_the_live_progress_line() {
    // `ply solve`'s live line reads these counters; before this solve nothing in this
    // test binary writes them, and the solver counts the positions it analyses.
    use ply::game::progress::SOLVE_PROGRESS;
    game(&[]).solve_exactly(None).unwrap();
    let progress = SOLVE_PROGRESS.snapshot();
    assert!(progress.nodes > 0, "positions counted");
    assert_eq!(progress.probes, 0, "retrograde analysis makes no probes");
}
