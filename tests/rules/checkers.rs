//! English checkers: perft against Aart Bik's published counts, the capture rules
//! (forced, multi-jump, crowning ends the move, kings capture backwards), PDN
//! notation, the draw rules, and alpha-beta against minimax.

use super::common;

use std::collections::HashSet;

use ply::game::checkers::{Checkers, QUIET_PLIES_FOR_DRAW};
use ply::game::{Game, Outcome, Player, SearchHooks};
use ply::search::{Algorithm, Limits, SearchConfig, search};

/// Perft from the start, depths 1-8: Aart Bik's counts ("Perft for Checkers",
/// aartbik.com; OEIS A133046), copied from shared/reference/README.md. Depths 9-11
/// (3963680, 18391564, 85242128) are in `ply bench` and `ply perft checkers N`.
const START_PERFT: [u64; 8] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];

const START_FEN: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

fn position(fen: &str) -> Checkers {
    common::at(fen, &[])
}

fn texts(game: &Checkers) -> Vec<String> {
    game.moves().iter().map(|&m| game.format_move(m)).collect()
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let mut game = Checkers::new();
    for (depth, &expected) in START_PERFT.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(
            ply::game::perft::perft(&mut game, depth),
            expected,
            "depth {depth}"
        );
    }
    assert_eq!(
        game.format_position(),
        START_FEN,
        "perft leaves the game as it was"
    );
}

/// The test suite's own perft (which also checks that undo restores the hash)
/// agrees on the shallower depths.
#[test]
fn an_independent_perft_agrees_and_undo_restores_the_hash() {
    let mut game = Checkers::new();
    for (depth, &expected) in START_PERFT.iter().enumerate().take(6) {
        assert_eq!(common::perft(&mut game, depth as u32 + 1), expected);
    }
}

#[test]
fn the_seven_opening_moves() {
    assert_eq!(
        texts(&Checkers::new()),
        ["9-13", "10-14", "11-15", "12-16", "9-14", "10-15", "11-16"]
    );
}

#[test]
fn a_capture_is_forced() {
    // Black's man on 14 can take 18; its other men could step, but must not.
    let game = position("B:W18,30:B14,1");
    assert_eq!(texts(&game), ["14x23"]);
    let error = game.parse_move("1-5").unwrap_err();
    assert!(
        error.0.contains("a capture is mandatory (14x23)"),
        "{error}"
    );
    assert!(game.must_capture());
    assert!(!Checkers::new().must_capture());
}

#[test]
fn any_capture_may_be_chosen_not_only_the_longest() {
    // 10x19 takes one piece, 11x18x25 takes two: both are legal in English checkers.
    let game = position("B:W15,22,32:B10,11");
    let mut moves = texts(&game);
    moves.sort();
    assert_eq!(moves, ["10x19", "11x18x25"]);
}

#[test]
fn a_multi_jump_takes_every_piece_and_must_be_completed() {
    // 15 jumps 19 to 24, then 27 to 31, where it is crowned.
    let mut game = position("B:W19,27,30:B15");
    assert_eq!(texts(&game), ["15x24x31"]);
    let error = game.parse_move("15x24").unwrap_err();
    assert!(error.0.contains("15x24x31"), "{error}");
    let m = game.parse_move("15x31").unwrap();
    assert_eq!(game.parse_move("15x24x31"), Ok(m));
    game.play(m);
    assert_eq!(game.format_position(), "W:W30:BK31");
}

#[test]
fn crowning_ends_the_move() {
    // 22 jumps 26 and is crowned on 31; as a king it could go on over 27 to 24,
    // but crowning ends the move.
    let mut game = position("B:W26,27:B22");
    assert_eq!(texts(&game), ["22x31"]);
    game.play_moves("22x31").unwrap();
    assert_eq!(game.format_position(), "W:W27:BK31");
    assert_eq!(game.to_move(), Player::Second);
}

#[test]
fn kings_capture_backwards_and_men_do_not() {
    assert_eq!(texts(&position("B:W18:BK22")), ["22x15"]);
    let mut man = texts(&position("B:W18:B22"));
    man.sort();
    assert_eq!(man, ["22-25", "22-26"]);
    assert_eq!(texts(&position("W:WK15:B18")), ["15x22"]);
    assert_eq!(texts(&position("W:W15:B18")), ["15-10", "15-11"]);
}

#[test]
fn two_jump_paths_to_the_same_square_need_the_full_path() {
    // From 2, over 6 and 14, or over 7 and 15: both land on 18.
    let game = position("B:W6,7,14,15:B2");
    let mut moves = texts(&game);
    moves.sort();
    assert_eq!(moves, ["2x11x18", "2x9x18"]);
    let error = game.parse_move("2x18").unwrap_err();
    assert!(
        error.0.contains("ambiguous") && error.0.contains("2x9x18"),
        "{error}"
    );
    let left = game.parse_move("2x9x18").unwrap();
    let right = game.parse_move("2x11x18").unwrap();
    assert_ne!(left, right);
    assert_eq!(
        common::perft(&mut game.clone(), 1),
        2,
        "both paths count in perft"
    );
}

/// A king jumping round a ring of four pieces comes back to its own square, one
/// way or the other: two moves, as in Bik's perft, which keeps such duplicates.
#[test]
fn a_king_may_jump_round_a_ring_back_to_its_square() {
    let game = position("B:W8,18,19,26,27:BK22");
    let mut moves = texts(&game);
    moves.sort();
    assert_eq!(moves, ["22x15x24x31x22", "22x31x24x15x22"]);
    for m in game.moves() {
        assert_eq!(m.captured.count_ones(), 4);
        let mut after = game.clone();
        after.play(m);
        assert_eq!(after.format_position(), "W:W8:BK22");
    }
    let error = game.parse_move("22x22").unwrap_err();
    assert!(error.0.contains("ambiguous"), "{error}");
}

#[test]
fn a_side_without_a_legal_move_loses() {
    let blocked = position("B:W32:B28");
    assert_eq!(blocked.outcome(), Some(Outcome::Win(Player::Second)));
    assert!(blocked.moves().is_empty());
    assert!(blocked.parse_move("28-32").is_err());
    let no_pieces = position("B:W32:B");
    assert_eq!(no_pieces.outcome(), Some(Outcome::Win(Player::Second)));
    assert_eq!(position("W:W32:B28").outcome(), None);
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut game = position("B:WK32:BK1");
    game.play_moves("1-6 32-27 6-1 27-32 1-6 32-27 6-1")
        .unwrap();
    assert_eq!(game.outcome(), None);
    game.play_moves("27-32").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.moves().is_empty());
    assert!(game.parse_move("1-6").unwrap_err().0.contains("drawn"));
    game.undo();
    assert_eq!(game.outcome(), None);
}

/// White, a king down, finds the move that repeats the position a third time.
#[test]
fn the_search_sees_a_repetition_draw() {
    let mut game = position("B:WK32:BK1,K3");
    game.play_moves("1-6 32-27 6-1 27-32 1-6 32-27 6-1")
        .unwrap();
    let evaluator = common::seed_evaluator::<Checkers>();
    let result = common::minimax(&game, evaluator.as_ref(), Some(1));
    assert_eq!(result.score, 0);
    assert_eq!(game.format_move(result.best_move.unwrap()), "27-32");
}

/// A forced capture extends the engine's search like a check.
#[test]
fn a_forced_capture_counts_as_forcing() {
    assert!(position("B:W18,30:B14,1").in_check());
    assert!(!Checkers::new().in_check());
}

#[test]
fn a_man_move_or_a_capture_restarts_the_forty_move_count() {
    let mut game = position("B:WK32:BK1,12");
    game.play_moves("1-6 32-27").unwrap();
    assert_eq!(game.quiet_plies(), 2);
    game.play_moves("12-16").unwrap();
    assert_eq!(game.quiet_plies(), 0);
}

/// Plays king moves that never repeat a position and never offer a capture, so
/// that only the 40-move rule can end the game (depth-first, backing up when a
/// walk runs out of fresh positions).
fn quiet_king_moves(game: &mut Checkers, plies: u16) {
    let mut seen = HashSet::from([game.hash()]);
    assert!(
        walk(game, plies, &mut seen),
        "no quiet walk of {plies} plies"
    );
}

fn walk(game: &mut Checkers, plies: u16, seen: &mut HashSet<u64>) -> bool {
    if plies == 0 {
        return true;
    }
    for m in game.moves() {
        game.play(m);
        let fresh = !m.is_capture() && !game.must_capture() && seen.insert(game.hash());
        if fresh && walk(game, plies - 1, seen) {
            return true;
        }
        game.undo();
    }
    false
}

#[test]
fn forty_moves_each_without_capture_or_man_move_draw_and_the_search_sees_it() {
    let mut game = position("B:WK32:BK1,K3");
    quiet_king_moves(&mut game, QUIET_PLIES_FOR_DRAW - 1);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.to_move(), Player::Second);
    // White, a king down, evaluates badly, but every move now draws.
    let evaluator = common::seed_evaluator::<Checkers>();
    assert!(evaluator.evaluate(&game) < 0);
    let result = common::minimax(&game, evaluator.as_ref(), Some(2));
    assert_eq!(result.score, 0);
    quiet_king_moves(&mut game, 1);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.moves().is_empty());
}

#[test]
fn pdn_fen_reads_and_writes_positions() {
    assert_eq!(Checkers::new().format_position(), START_FEN);
    for same_as_start in [
        START_FEN,
        "B:W21-32:B1-12",
        "B:B1-12:W21-32.",
        " B:W21,22,23,24,25-32:B1,2,3,4,5,6,7,8,9,10,11,12 ",
        "startpos",
    ] {
        assert_eq!(position(same_as_start).format_position(), START_FEN);
    }
    let kings = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
    assert_eq!(
        position(kings).format_position(),
        "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29"
    );
}

#[test]
fn positions_and_moves_round_trip_through_their_text() {
    for game in common::random_positions::<Checkers>(&[], 40, 60) {
        let written = game.format_position();
        let read = position(&written);
        assert_eq!(read.format_position(), written);
        assert_eq!(read.hash(), game.hash(), "{written}");
        for m in game.moves() {
            assert_eq!(game.parse_move(&game.format_move(m)), Ok(m), "{written}");
        }
    }
}

#[test]
fn malformed_positions_are_refused() {
    common::refuses_positions::<Checkers>(&[
        ("", &[]),
        ("B", &[]),
        ("B:W21", &[]),
        ("X:W21:B1", &[]),
        ("B:W21:W22", &[]),
        ("B:W21:B1:W3", &[]),
        ("B:W0:B1", &[]),
        ("B:W33:B1", &[]),
        ("B:Wx:B1", &[]),
        ("B:WK:B1", &[]),
        ("B:W21,21:B1", &[]),
        ("B:W21:B21", &[]),
        ("B:W1:B5", &[]),
        ("B:W21:B30", &[]),
        ("B:W:B", &[]),
        ("B:W1-13:BK32", &[]),
        ("B:W21:B12-5", &[]),
        ("B:Q21:B1", &[]),
    ]);
}

#[test]
fn malformed_and_illegal_moves_are_refused() {
    common::refuses_moves(
        &Checkers::new(),
        &[
            "", "11", "11-", "-15", "11-18", "0-4", "33-29", "11-15-19", "abc", "21-17", "11x18",
            "15-19", "11--15",
        ],
    );
    let illegal = Checkers::new().parse_move("21-17").unwrap_err();
    assert!(illegal.0.contains("Black"), "{illegal}");
}

#[test]
fn tactical_moves_are_the_captures() {
    let start = Checkers::new();
    let mut tactical = Vec::new();
    start.tactical_moves(&mut tactical);
    assert!(tactical.is_empty());
    let forced = position("B:W15,22,32:B10,11");
    forced.tactical_moves(&mut tactical);
    assert_eq!(tactical, forced.moves());
    assert!(tactical.iter().all(|&m| forced.is_tactical(m)));
}

/// Stepping to 18 looks best to a one-ply search (a centre square), but White
/// takes it at once: quiescence sees the capture past the depth limit.
#[test]
fn quiescence_sees_a_capture_past_the_horizon() {
    let game = position("B:W23:B1,14");
    let evaluator = common::seed_evaluator::<Checkers>();
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let plain = SearchConfig::plain_alpha_beta(limits);
    // Quiescence is the engine's: the course's alpha-beta reads no extras.
    let quiet = SearchConfig {
        algorithm: Algorithm::Engine,
        quiescence: true,
        ..plain.clone()
    };
    let best = |config: &SearchConfig| {
        let result = search(&game, evaluator.as_ref(), config, None, &mut ());
        game.format_move(result.best_move.unwrap())
    };
    assert_eq!(best(&plain), "14-18");
    assert_ne!(best(&quiet), "14-18");
}

/// The shot 10-15: White must take 19x10 (the man on 3 stops the jump going on),
/// and Black's 7x14x23 then takes White's last piece. A one-ply search with
/// quiescence but without the forced-capture extension sees it only if White,
/// obliged to capture, may not stand pat on the evaluation after 10-15.
#[test]
fn quiescence_does_not_stand_pat_when_a_capture_is_forced() {
    let game = position("B:W18,19:B3,7,10,11");
    let evaluator = common::seed_evaluator::<Checkers>();
    let config = SearchConfig {
        algorithm: Algorithm::Engine,
        quiescence: true,
        ..SearchConfig::plain_alpha_beta(Limits {
            depth: Some(1),
            ..Limits::default()
        })
    };
    assert!(!config.check_extension);
    let result = search(&game, evaluator.as_ref(), &config, None, &mut ());
    assert_eq!(game.format_move(result.best_move.unwrap()), "10-15");
    assert_eq!(result.value(), Some(ply::game::GameValue::Win));
}

#[test]
fn alpha_beta_matches_minimax_on_random_positions() {
    let positions = common::random_positions::<Checkers>(&[], 24, 50);
    assert!(positions.len() >= 20);
    common::alpha_beta_matches_minimax(&positions, &[1, 2, 3, 4], false);
}

#[test]
fn the_engine_profile_plays_a_whole_game_to_its_end() {
    let mut game = Checkers::new();
    let evaluator = common::seed_evaluator::<Checkers>();
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let config = SearchConfig::engine(limits);
    while game.outcome().is_none() {
        let result = search(&game, evaluator.as_ref(), &config, None, &mut ());
        game.play(result.best_move.expect("a move while the game goes on"));
        assert!(game.moves().len() < 50);
    }
    assert!(game.outcome().is_some());
}
