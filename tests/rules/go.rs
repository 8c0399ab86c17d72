//! Go rules: captures, suicide, the ko and positional superko, the end after two
//! passes, area scoring with komi, move and position notation, perft counts from
//! the empty board, the incremental hash against a recomputation, and alpha-beta
//! against plain minimax with the seed evaluation. GNU Go checks the same rules on
//! random games in `go_gnugo.rs`.

use super::common;

use common::{alpha_beta_matches_minimax, at, perft, random_positions, refuses_moves};
use common::{refuses_options, refuses_positions, start};
use ply::game::go::board::Board;
use ply::game::go::playout::{PlayoutRng, playout_from};
use ply::game::go::{Go, GoMove};
use ply::game::{Game, Outcome, Playable, Player};
use ply::search::{Limits, SearchConfig, search};

fn small(moves: &str) -> Go {
    at(moves, &["size=5"])
}

fn stone(game: &Go, vertex: &str) -> GoMove {
    game.read_vertex(vertex).expect("a vertex")
}

fn point(game: &Go, vertex: &str) -> u16 {
    match stone(game, vertex) {
        GoMove::Stone(p) => p,
        GoMove::Pass => panic!("not a point"),
    }
}

/// The classic ko on 5x5: White's C3 takes the Black stone on D3.
const KO: &str = "C4 D4 B3 E3 C2 D2 D3 C3";

#[test]
fn a_group_without_liberties_is_captured() {
    // White surrounds the Black stone on A1 in the corner, then a two-stone group.
    let game = small("A1 A2 pass B1");
    assert_eq!(game.board().stone(point(&game, "A1")), None);
    assert_eq!(game.board().captures(), [0, 1]);
    // Two Black stones on A1 and B1 lose their last liberty, A2, together.
    let game = small("A1 A3 B1 B2 pass C1 pass A2");
    assert_eq!(game.board().stone(point(&game, "A1")), None);
    assert_eq!(game.board().stone(point(&game, "B1")), None);
    assert_eq!(game.board().captures(), [0, 2]);
}

#[test]
fn suicide_is_refused_but_a_capturing_move_into_no_liberties_is_not() {
    // White's stones on A2 and B1 leave a Black stone on A1 no liberty.
    let game = small("C3 A2 D3 B1");
    let a1 = stone(&game, "A1");
    assert!(!game.is_legal(Player::First, a1));
    refuses_moves(&game, &["A1", "A2", "Z9", "I1", "A6", ""]);
    assert!(game.parse_move("A1").unwrap_err().0.contains("suicide"));
    // With Black on C1 and B2, White's B1 has A1 as its last liberty: taking it
    // captures, so the stone on A1 gets a liberty and is legal.
    let game = small("C1 A2 B2 B1");
    assert!(game.is_legal(Player::First, stone(&game, "A1")));
}

#[test]
fn the_ko_cannot_be_retaken_at_once_but_can_after_a_threat() {
    let game = small(KO);
    let d3 = stone(&game, "D3");
    assert_eq!(game.ko_point(), Some(point(&game, "D3")));
    assert!(game.parse_move("D3").unwrap_err().0.contains("ko"));
    // A threat and an answer elsewhere change the board: the retake is legal.
    let mut later = small(&format!("{KO} A5 B5"));
    assert!(later.is_legal(Player::First, d3));
    later.play(d3);
    assert_eq!(later.board().stone(point(&later, "C3")), None);
}

#[test]
fn positional_superko_forbids_recreating_a_board_even_after_passes() {
    // After the capture both sides pass: the simple-ko point is gone, but Black's
    // retake would bring back the board from before White's capture.
    let mut game = small(KO);
    game.play_as(Player::First, GoMove::Pass);
    game.play_as(Player::Second, GoMove::Pass);
    let d3 = point(&game, "D3");
    assert!(
        game.board().is_legal(d3, Player::First),
        "simple ko allows it"
    );
    assert!(!game.is_legal(Player::First, GoMove::Stone(d3)));
    let reason = game
        .illegal_reason(Player::First, GoMove::Stone(d3))
        .unwrap();
    assert!(reason.contains("superko"), "{reason}");
}

#[test]
fn two_passes_end_the_game_scored_by_area_with_komi() {
    // The empty board: White wins by komi.
    let game = small("pass pass");
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
    assert_eq!(game.score_text(), "W+7.5");
    assert!(game.moves().is_empty());
    assert!(game.parse_move("A1").is_err());
    // A Black wall on the C file owns the whole 5x5 board: 25 - 7.5.
    let wall = small("C1 pass C2 pass C3 pass C4 pass C5 pass pass");
    assert_eq!(wall.score_text(), "B+17.5");
    // A White stone on E5 makes the D and E files neutral: 15 - 1 - 7.5.
    let split = small("C1 pass C2 pass C3 pass C4 pass C5 E5 pass pass");
    assert_eq!(split.score_text(), "B+6.5");
    assert_eq!(split.outcome(), Some(Outcome::Win(Player::First)));
    // Whole-number komi can tie.
    let tie: Go = at("C1 C5 pass pass", &["size=5", "komi=0"]);
    assert_eq!(tie.outcome(), Some(Outcome::Draw));
    assert_eq!(tie.score_text(), "0");
}

#[test]
fn perft_from_the_empty_board_counts_stones_and_passes() {
    // 25 points and a pass; after a stone 24 points and a pass, after a pass all 26.
    let mut game: Go = start(&["size=5"]);
    assert_eq!(perft(&mut game, 1), 26);
    assert_eq!(perft(&mut game, 2), 25 * 25 + 26);
    // Depth 3: after stone-stone 23+1 each; stone-pass 24+1; pass-stone 24+1;
    // pass-pass ends the game.
    assert_eq!(perft(&mut game, 3), 25 * 24 * 24 + 25 * 25 + 25 * 25);
}

#[test]
fn the_incremental_hash_matches_a_replay_and_undo_restores_it() {
    for game in random_positions::<Go>(&["size=7"], 30, 120) {
        let replay = at::<Go>(&game.format_position(), &[]);
        assert_eq!(replay.hash(), game.hash());
        assert_eq!(replay.board(), game.board());
        let mut walked = game.clone();
        for m in game.moves() {
            walked.play(m);
            walked.undo();
            assert_eq!(walked.hash(), game.hash());
        }
    }
}

#[test]
fn moves_and_sgf_read_back() {
    let game = small("C3 pass D4");
    assert_eq!(game.format_move(GoMove::Pass), "pass");
    assert_eq!(game.format_move(stone(&game, "d4")), "D4");
    let sgf = game.format_position();
    assert_eq!(
        sgf,
        "(;GM[1]FF[4]CA[UTF-8]RU[Chinese]SZ[5]KM[7.5];B[cc];W[];B[db])"
    );
    let again: Go = at(&sgf, &[]);
    assert_eq!(again.history(), game.history());
    let diagram = game.diagram();
    assert!(diagram.starts_with("    A B C D E\n 5  . . . . . 5\n"));
    assert!(diagram.contains(" 4  . . . X . 4\n"));
    refuses_positions::<Go>(&[
        ("(;SZ[5];B[cc];W[cc])", &[]),
        ("(;SZ[9])", &["size=5"]),
        ("C3 C3", &["size=5"]),
        ("(;SZ[5]", &[]),
    ]);
    refuses_options::<Go>(&[&["size=4"], &["size=20"], &["komi=x"], &["komi=0.3"]]);
}

#[test]
fn random_playouts_end_with_only_eyes_left_and_never_fill_their_own() {
    let game: Go = start(&["size=9"]);
    let mut rng = PlayoutRng::new(7);
    for _ in 0..20 {
        let result = playout_from(&game, &mut rng, true);
        let board: &Board = &result.board;
        assert!(result.moves < 3 * 81, "the playout ended by two passes");
        // The side that passed last had no legal move but its own eyes and
        // self-ataris of two stones or more (the one before it may have been kept
        // out only by a ko, which a pass lifts).
        let (last, m) = *result.record.last().unwrap();
        assert_eq!(m, GoMove::Pass);
        for p in board.points().filter(|&p| board.is_empty(p)) {
            assert!(
                !board.is_legal(p, last)
                    || board.is_eye(p, last)
                    || board.is_self_atari(p, last, 2)
            );
        }
    }
}

#[test]
fn alpha_beta_matches_minimax_on_small_boards() {
    let games = random_positions::<Go>(&["size=5"], 6, 12);
    alpha_beta_matches_minimax(&games, &[1, 2], false);
}

#[test]
fn alpha_beta_takes_a_capture_on_a_small_board() {
    // White's stone on D3 has one liberty left, D2: Black takes it.
    let game = small("C3 D3 D4 A1 E3 A2");
    let seed = Go::evaluators().remove(0).evaluator;
    let config = SearchConfig::alpha_beta(Limits {
        depth: Some(2),
        ..Limits::default()
    });
    let result = search(&game, seed.as_ref(), &config, None, &mut ());
    assert_eq!(result.best_move, Some(stone(&game, "D2")));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    /// Malformed SGF (and move lists) is refused with one line, never a panic.
    #[test]
    fn arbitrary_positions_are_read_or_refused_in_one_line(
        text in r"\(;(SZ|KM|AB|AW|PL|B|W|AE|C|HA)?\[[a-z0-9:.\-\]\[;()\\ ]{0,12}\][;a-zA-Z\[\]()0-9 ]{0,40}",
        moves in r"[A-Ta-t0-9 ]{0,20}|pass( pass)?",
    ) {
        for position in [text.as_str(), moves.as_str()] {
            let options = ply::game::GameOptions::default();
            if let Err(error) = Go::parse_position(position, &options) {
                proptest::prop_assert!(!error.0.contains('\n'), "{}", error);
            }
        }
    }
}
