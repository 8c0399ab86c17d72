//! Xiangqi rules: perft against the published counts, one position per rule that
//! shows it, the repetition and perpetual-check judgement, FEN, ICCS and WXF
//! notation, refusals, and the engine hooks.

use super::common;

use std::collections::BTreeSet;

use common::{at, random_positions, refuses_moves, refuses_positions};
use ply::game::perft::perft;
use ply::game::xiangqi::notation::{self, Coordinates};
use ply::game::xiangqi::{START_FEN, Xiangqi, eval};
use ply::game::{Game, Outcome, Player, SearchHooks};
use ply::search::{Limits, SearchConfig, score, search};

/// The published counts (shared/reference/README.md, xiangqi section), to depth 4.
const PERFT_CASES: &[(&str, [u64; 4])] = &[
    (START_FEN, [44, 1920, 79666, 3290240]),
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        [38, 1128, 43929, 1339047],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        [7, 281, 8620, 326201],
    ),
    (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        [25, 424, 9850, 202884],
    ),
    (
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        [28, 516, 14808, 395483],
    ),
    (
        "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
        [21, 364, 7626, 162837],
    ),
    (
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        [28, 222, 6241, 64971],
    ),
];

fn position(fen: &str) -> Xiangqi {
    at(fen, &[])
}

/// The legal moves in ICCS, sorted, for comparing with a list written by hand.
fn iccs_moves(game: &Xiangqi) -> BTreeSet<String> {
    game.moves()
        .into_iter()
        .map(|m| game.format_move(m))
        .collect()
}

/// The legal moves of the piece on `from`, in ICCS.
fn moves_from(game: &Xiangqi, from: &str) -> BTreeSet<String> {
    iccs_moves(game)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn perft_matches_the_published_counts() {
    for (fen, counts) in PERFT_CASES {
        let mut game = position(fen);
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&mut game, depth as u32 + 1),
                expected,
                "{fen} depth {}",
                depth + 1
            );
        }
        assert_eq!(
            game.format_position(),
            *fen,
            "perft leaves the game as it was"
        );
    }
}

/// The history table's flat array needs one slot per move.
#[test]
fn history_slots_tell_every_move_apart() {
    common::assert_move_slots_tell_moves_apart(&position(START_FEN));
}

#[test]
fn a_piece_on_the_horse_leg_blocks_it() {
    let blocked = position("5k3/9/9/9/9/9/2P6/2N6/9/3K5 w - - 0 1");
    assert_eq!(
        moves_from(&blocked, "c2"),
        set(&["c2a1", "c2a3", "c2b0", "c2e1", "c2e3"])
    );
    let free = position("5k3/9/9/9/9/9/9/2N6/9/3K5 w - - 0 1");
    assert!(moves_from(&free, "c2").is_superset(&set(&["c2b4", "c2d4"])));
}

#[test]
fn elephants_are_blocked_on_their_eye_and_never_cross_the_river() {
    let game = position("5k3/9/9/9/9/2B6/9/9/3N5/2B1K4 w - - 0 1");
    // d1 is the eye of c0-e2; the elephant on c4 stays on Red's half.
    assert_eq!(moves_from(&game, "c0"), set(&["c0a2"]));
    assert_eq!(moves_from(&game, "c4"), set(&["c4a2", "c4e2"]));
}

#[test]
fn cannons_capture_over_exactly_one_screen() {
    let game = position("n4k3/9/r8/9/9/p8/9/C8/9/3K5 w - - 0 1");
    let cannon = moves_from(&game, "a2");
    assert!(cannon.contains("a2a7"), "one screen: the chariot is taken");
    assert!(cannon.contains("a2a3"), "quiet step before the screen");
    for never in ["a2a4", "a2a5", "a2a6", "a2a9"] {
        assert!(!cannon.contains(never), "{never}");
    }
}

#[test]
fn generals_may_not_face_each_other_on_an_open_file() {
    refuses_positions::<Xiangqi>(&[("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", &[])]);
    let king = position("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&king, "d0"), set(&["d0d1"]));
    // The cannon between the generals may move along the file, never off it.
    let pinned = position("4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1");
    let cannon = moves_from(&pinned, "e4");
    assert!(cannon.contains("e4e5") && cannon.contains("e4e1"));
    assert!(!cannon.iter().any(|m| !m.starts_with("e4e")));
}

#[test]
fn generals_and_advisors_stay_in_the_palace() {
    let game = position("5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(
        iccs_moves(&game),
        set(&["d0d1", "d0e0", "e1d2", "e1f0", "e1f2"])
    );
}

#[test]
fn soldiers_move_sideways_only_after_crossing_the_river() {
    let game = position("5k3/9/9/9/4P4/9/4P4/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&game, "e3"), set(&["e3e4"]));
    assert_eq!(moves_from(&game, "e5"), set(&["e5d5", "e5e6", "e5f5"]));
    let black = position("3k5/9/9/9/4p4/9/4p4/9/9/5K3 b - - 0 1");
    assert_eq!(moves_from(&black, "e5"), set(&["e5e4"]));
    assert_eq!(moves_from(&black, "e3"), set(&["e3d3", "e3e2", "e3f3"]));
}

#[test]
fn a_move_may_not_leave_the_own_general_in_check() {
    // The black chariot on e8 checks along the e-file: only the advisor can block.
    let game = position("3k5/4r4/9/9/9/9/9/9/9/3AKR3 w - - 0 1");
    assert!(game.in_check());
    assert_eq!(iccs_moves(&game), set(&["d0e1"]));
}

#[test]
fn a_side_without_moves_loses_in_stalemate_and_checkmate_alike() {
    let stalemate = position("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!stalemate.in_check());
    assert!(stalemate.moves().is_empty());
    assert_eq!(stalemate.outcome(), Some(Outcome::Win(Player::First)));
    let mate = position("R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(mate.in_check());
    assert_eq!(mate.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn a_threefold_repetition_is_a_draw() {
    let mut game = Xiangqi::new();
    game.play_moves("b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0")
        .unwrap();
    assert_eq!(game.outcome(), None);
    game.play_moves("c7b9").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.moves().is_empty());
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let mut game = position("4k4/7R1/9/9/9/9/9/9/9/3K5 w - - 0 1");
    game.play_moves("h8h9 e9e8 h9h8 e8e9 h8h9 e9e8 h9h8")
        .unwrap();
    assert_eq!(game.outcome(), None);
    game.play_moves("e8e9").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn the_search_sees_a_quiet_cycle_as_a_draw_but_plays_a_perpetual_check_on() {
    let mut quiet = Xiangqi::new();
    quiet.play_moves("b0c2 b9c7 c2b0 c7b9").unwrap();
    assert_eq!(quiet.plies_since_repetition(), Some(4));
    // Red checked with every move of the cycle: the rules make the third
    // occurrence Red's loss, so the search must not score it a draw on the way.
    let mut checks = position("4k4/7R1/9/9/9/9/9/9/9/3K5 w - - 0 1");
    checks.play_moves("h8h9 e9e8 h9h8 e8e9").unwrap();
    assert_eq!(checks.plies_since_repetition(), None);
}

#[test]
fn a_repeated_position_hashes_apart_from_its_first_occurrence() {
    let mut game = Xiangqi::new();
    let (fen, first) = (game.format_position(), game.hash());
    game.play_moves("b0c2 b9c7 c2b0 c7b9").unwrap();
    assert_eq!(
        game.format_position().split(' ').next(),
        fen.split(' ').next()
    );
    let second = game.hash();
    game.play_moves("b0c2 b9c7 c2b0 c7b9").unwrap();
    let third = game.hash();
    assert!(first != second && second != third && first != third);
    for _ in 0..8 {
        game.undo();
    }
    assert_eq!((game.format_position(), game.hash()), (fen, first));
}

#[test]
fn sixty_moves_each_without_a_capture_draw() {
    let mut game = position("5k3/9/9/9/9/9/9/9/9/3K2R2 w - - 119 80");
    assert_eq!(game.outcome(), None);
    game.play_moves("g0g1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn fen_round_trips_through_play_and_undo() {
    for (fen, _) in PERFT_CASES {
        let mut game = position(fen);
        let hash = game.hash();
        for m in game.moves() {
            game.play(m);
            let written = game.format_position();
            let reread = position(&written);
            assert_eq!(reread.format_position(), written);
            assert_eq!(reread.hash(), game.hash(), "incremental hash of {written}");
            game.undo();
        }
        assert_eq!(game.format_position(), *fen);
        assert_eq!(game.hash(), hash);
    }
    let short = position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    assert_eq!(short.format_position(), START_FEN);
    assert_eq!(position("startpos").format_position(), START_FEN);
}

#[test]
fn malformed_or_impossible_positions_are_refused_in_one_line() {
    refuses_positions::<Xiangqi>(&[
        ("", &[]),
        ("xyz", &[]),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1",
            &[],
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
            &[],
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1",
            &[],
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
            &[],
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1",
            &[],
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",
            &[],
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w - - 0 1",
            &[],
        ),
        // No red general; a general outside its palace; an elephant over the river.
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1",
            &[],
        ),
        ("5k3/9/9/9/9/9/9/9/9/K8 w - - 0 1", &[]),
        ("5k3/9/9/9/2B6/9/9/9/9/3K5 w - - 0 1", &[]),
        // A red soldier behind its start rank; three red chariots.
        ("5k3/9/9/9/9/9/9/9/P8/3K5 w - - 0 1", &[]),
        ("5k3/9/9/9/9/9/9/R8/R8/R2K5 w - - 0 1", &[]),
        // Black to move may not be able to take the red general.
        ("3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1", &[]),
    ]);
}

#[test]
fn malformed_and_illegal_moves_are_refused_in_one_line() {
    let game = Xiangqi::new();
    refuses_moves(
        &game,
        &[
            "", "h2", "h2e", "z2e2", "h2e10", "h2h2", "e3e5", "b0b2", "C2+8", "K5+2", "h2e2e2",
            "帥",
        ],
    );
}

#[test]
fn moves_read_in_iccs_and_uci_coordinates_and_in_wxf() {
    let game = Xiangqi::new();
    let cannon = game.parse_move("h2e2").unwrap();
    assert_eq!(game.parse_move("H2-E2").unwrap(), cannon);
    assert_eq!(game.parse_move("C2=5").unwrap(), cannon);
    assert_eq!(game.parse_move("c2.5").unwrap(), cannon);
    assert_eq!(
        notation::parse_coordinates("h3e3", Coordinates::Uci).unwrap(),
        cannon
    );
    assert_eq!(
        notation::format_coordinates(cannon, Coordinates::Uci),
        "h3e3"
    );
    let corner = notation::parse_coordinates("a10a9", Coordinates::Uci).unwrap();
    assert_eq!(
        notation::format_coordinates(corner, Coordinates::Iccs),
        "a9a8"
    );
}

#[test]
fn wxf_names_opening_moves_from_each_side() {
    let mut game = Xiangqi::new();
    let wxf = |game: &Xiangqi, iccs: &str| game.format_wxf(game.parse_move(iccs).unwrap());
    for (iccs, expected) in [
        ("h2e2", "C2=5"),
        ("b0c2", "H8+7"),
        ("h0g2", "H2+3"),
        ("a0a1", "R9+1"),
        ("g3g4", "P3+1"),
        ("c0e2", "E7+5"),
        ("d0e1", "A6+5"),
        ("e0e1", "K5+1"),
    ] {
        assert_eq!(wxf(&game, iccs), expected, "{iccs}");
    }
    game.play_moves("h2e2").unwrap();
    for (iccs, expected) in [
        ("h7e7", "C8=5"),
        ("b9c7", "H2+3"),
        ("h9g7", "H8+7"),
        ("i9i8", "R9+1"),
        ("g9e7", "E7+5"),
    ] {
        assert_eq!(wxf(&game, iccs), expected, "{iccs}");
    }
}

#[test]
fn wxf_tells_tandem_pieces_apart_by_front_and_rear() {
    let wxf = |fen: &str, iccs: &str| {
        let game = position(fen);
        game.format_wxf(game.parse_move(iccs).unwrap())
    };
    let chariots = "5k3/9/9/9/9/9/R8/9/R8/3K5 w - - 0 1";
    assert_eq!(wxf(chariots, "a3a5"), "R++2");
    assert_eq!(wxf(chariots, "a1b1"), "R-=8");
    let cannons = "4k4/9/4c4/9/4c4/9/9/9/9/3K5 b - - 0 1";
    assert_eq!(wxf(cannons, "e5e4"), "C++1");
    assert_eq!(wxf(cannons, "e7d7"), "C-=4");
    let three = "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1";
    assert_eq!(wxf(three, "e7d7"), "P+=6");
    assert_eq!(wxf(three, "e6f6"), "P5=4");
    assert_eq!(wxf(three, "e5d5"), "P-=6");
    let two_files = "3k5/9/4P4/2P1P4/2P1P4/9/9/9/9/5K3 w - - 0 1";
    assert_eq!(wxf(two_files, "e7d7"), "5+=6");
    assert_eq!(wxf(two_files, "e6f6"), "55=4");
    assert_eq!(wxf(two_files, "c6c7"), "7++1");
    let four = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1";
    assert_eq!(wxf(four, "e8d8"), "++=6");
    assert_eq!(wxf(four, "e7d7"), "P+=6");
    assert_eq!(wxf(four, "e6d6"), "P-=6");
    assert_eq!(wxf(four, "e5d5"), "--=6");
}

/// WXF names every legal move uniquely: each reads back as itself, in positions
/// from random games.
#[test]
fn wxf_and_iccs_round_trip_on_every_legal_move() {
    let games: Vec<Xiangqi> = random_positions(&[], 60, 120);
    assert!(games.len() > 40);
    for game in &games {
        for m in game.moves() {
            let wxf = game.format_wxf(m);
            assert_eq!(
                game.parse_move(&wxf),
                Ok(m),
                "{wxf} in {}",
                game.format_position()
            );
            assert_eq!(game.parse_move(&game.format_move(m)), Ok(m));
        }
    }
}

#[test]
fn tactical_moves_are_exactly_the_legal_captures() {
    for game in random_positions::<Xiangqi>(&[], 40, 100) {
        let mut captures = Vec::new();
        game.tactical_moves(&mut captures);
        let expected: Vec<_> = game
            .moves()
            .into_iter()
            .filter(|&m| game.is_capture(m))
            .collect();
        assert_eq!(captures.len(), expected.len());
        assert!(captures.iter().all(|m| expected.contains(m)));
        assert!(captures.iter().all(|&m| game.is_tactical(m)));
    }
}

#[test]
fn null_moves_pass_and_come_back() {
    let mut game = Xiangqi::new();
    let (fen, hash) = (game.format_position(), game.hash());
    assert!(game.supports_null_move());
    game.play_null();
    assert_eq!(game.to_move(), Player::Second);
    assert_ne!(game.hash(), hash);
    game.undo_null();
    assert_eq!((game.format_position(), game.hash()), (fen, hash));
}

#[test]
fn evaluations_favour_the_side_with_more_material_and_are_symmetric() {
    // Red is a chariot up; from Black's side the same position is the negation.
    let red = position("5k3/9/9/9/9/9/9/9/9/3K2R2 w - - 0 1");
    let black = position("5k3/9/9/9/9/9/9/9/9/3K2R2 b - - 0 1");
    assert_eq!(eval::material(&red), 900);
    assert_eq!(eval::material(&black), -900);
    assert!(eval::strong(&red) > 500);
    assert!(eval::strong(&black) < -500);
    // The start position is level for both.
    assert_eq!(eval::material(&Xiangqi::new()), 0);
    let mirrored =
        position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    assert_eq!(eval::strong(&Xiangqi::new()), eval::strong(&mirrored));
}

#[test]
fn the_engine_finds_a_win_in_one() {
    // The chariot on a7 mates on a9: the one on b8 guards d8, the red general e9.
    let game = position("3k5/1R7/R8/9/9/9/9/9/9/4K4 w - - 0 1");
    let evaluator = eval::strong;
    let result = search(
        &game,
        &evaluator,
        &SearchConfig::engine(Limits {
            depth: Some(3),
            ..Limits::default()
        }),
        None,
        &mut (),
    );
    // a7a9 mates; quiet moves that keep d8 and e9 covered stalemate, which wins too.
    let mut after = game.clone();
    after.play(result.best_move.expect("a move"));
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(score::plies_to_end(result.score), Some(1));
}
