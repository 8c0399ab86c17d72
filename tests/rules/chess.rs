//! Chess rules on top of cozy-chess: perft against published counts, FEN, SAN and
//! UCI notation, PGN, the draw rules, and the engine finding mates.

use super::common;

use ply::game::chess::{Chess, notation, pgn};
use ply::game::perft::perft;
use ply::game::{Evaluator, Game, GameOptions, Outcome, Playable, Player, SearchHooks};
use ply::search::tree::{NodeKind, TreeNode};
use ply::search::{Engine, Limits, Score, SearchConfig, SearchResult, score, search};

/// The six standard perft positions with their published counts (chessprogramming
/// wiki "Perft Results", copied from shared/reference/README.md), to the depth a
/// release build runs in well under a second each.
const PERFT_CASES: &[(&str, &[u64])] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197281, 4865609],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862, 4085603],
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238, 674624, 11030083],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890, 3894594],
    ),
];

fn position(fen: &str) -> Chess {
    Chess::parse_position(fen, &GameOptions::default()).expect("valid FEN")
}

#[test]
fn perft_matches_the_published_counts_of_the_six_standard_positions() {
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

/// The history table's flat array needs one slot per move: promotions to
/// different pieces and castling included (kiwipete and position 4 have both).
#[test]
fn history_slots_tell_every_move_apart() {
    for (fen, _) in PERFT_CASES {
        common::assert_move_slots_tell_moves_apart(&position(fen));
    }
}

#[test]
fn fen_round_trips_through_play_and_undo() {
    for (fen, _) in PERFT_CASES {
        let mut game = position(fen);
        assert_eq!(game.format_position(), *fen);
        for m in game.moves() {
            game.play(m);
            let written = game.format_position();
            assert_eq!(position(&written).format_position(), written);
            game.undo();
        }
        assert_eq!(game.format_position(), *fen);
    }
}

#[test]
fn malformed_fens_are_one_line_errors() {
    for bad in [
        "",
        "xyz",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    ] {
        let error = Chess::parse_position(bad, &GameOptions::default()).unwrap_err();
        assert!(!error.0.contains('\n'), "{bad}: {error}");
    }
    let short = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    assert_eq!(
        short.format_position(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

/// Every legal move two plies deep from each position reads back from its SAN and
/// its UCI form.
#[test]
fn san_and_uci_round_trip_on_every_legal_move() {
    let mut checked = 0;
    for (fen, _) in PERFT_CASES {
        let mut game = position(fen);
        for first in game.moves() {
            round_trip_all(&game);
            game.play(first);
            round_trip_all(&game);
            checked += game.moves().len();
            game.undo();
        }
    }
    // The positions two plies deep: the sum of the perft(2) counts.
    assert_eq!(checked, 400 + 2039 + 191 + 264 + 1486 + 2079);
}

fn round_trip_all(game: &Chess) {
    for m in game.moves() {
        let san = game.format_move(m);
        assert_eq!(
            game.parse_move(&san),
            Ok(m),
            "{san} in {}",
            game.format_position()
        );
        let uci = notation::format_uci(game.board(), m);
        assert_eq!(notation::parse_uci(game.board(), &uci), Ok(m), "{uci}");
        assert_eq!(game.parse_move(&uci), Ok(m), "{uci}");
    }
}

#[test]
fn san_covers_castling_promotion_disambiguation_and_mate() {
    let kiwipete = position(PERFT_CASES[1].0);
    let sans: Vec<String> = kiwipete
        .moves()
        .iter()
        .map(|&m| kiwipete.format_move(m))
        .collect();
    for expected in [
        "O-O", "O-O-O", "Nxf7", "Bxa6", "Qxf6", "d6", "gxh3", "Kf1", "Rb1",
    ] {
        assert!(
            sans.contains(&expected.to_string()),
            "{expected} missing from {sans:?}"
        );
    }
    let castle = kiwipete.parse_move("e1g1").unwrap();
    assert_eq!(kiwipete.format_move(castle), "O-O");
    assert_eq!(notation::format_uci(kiwipete.board(), castle), "e1g1");
    assert_eq!(kiwipete.parse_move("0-0-0"), kiwipete.parse_move("e1c1"));

    let mut promotions = position(PERFT_CASES[3].0);
    promotions.play_moves("Kh1").unwrap();
    let m = promotions.parse_move("bxa1=Q").unwrap();
    assert_eq!(notation::format_uci(promotions.board(), m), "b2a1q");
    assert_eq!(
        promotions
            .parse_move("b2a1n")
            .map(|m| promotions.format_move(m)),
        Ok("bxa1=N".into())
    );

    let rooks = position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    let sans: Vec<String> = rooks
        .moves()
        .iter()
        .map(|&m| rooks.format_move(m))
        .collect();
    assert!(
        sans.contains(&"Rad1".to_string()) && sans.contains(&"Rhd1".to_string()),
        "{sans:?}"
    );
    assert!(sans.contains(&"Ra8+".to_string()), "{sans:?}");

    let mut fools = Chess::new();
    fools.play_moves("f3 e5 g4").unwrap();
    let mate = fools.parse_move("Qh4").unwrap();
    assert_eq!(fools.format_move(mate), "Qh4#");
    fools.play(mate);
    assert_eq!(fools.outcome(), Some(Outcome::Win(Player::Second)));
    assert!(Chess::new().parse_move("e5").is_err());
    assert!(Chess::new().parse_move("Zz9").is_err());
    assert!(Chess::new().parse_move("e2e5").is_err());
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut game = Chess::new();
    game.play_moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1").unwrap();
    assert_eq!(game.outcome(), None);
    game.play_moves("Ng8").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.moves().is_empty());
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_is_a_draw() {
    let mut game = position("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    assert_eq!(game.outcome(), None);
    game.play_moves("Ra2").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    game.undo();
    game.play_moves("e4").unwrap();
    assert_eq!(game.outcome(), None, "a pawn move resets the count");
    // Mate on the hundredth half-move still wins.
    let mut mating = position("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    mating.play_moves("Ra8#").unwrap();
    assert_eq!(mating.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn insufficient_material_is_a_draw() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
        "8/8/4kb2/8/8/3KB3/8/8 w - - 0 1",
    ] {
        assert_eq!(position(fen).outcome(), Some(Outcome::Draw), "{fen}");
    }
    for fen in [
        "8/8/4kb2/8/8/3K1B2/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",
    ] {
        assert_eq!(position(fen).outcome(), None, "{fen}");
    }
    let mut capture = position("8/8/4k3/8/4r3/3KN3/8/8 w - - 0 1");
    capture.play_moves("Kxe4").unwrap();
    assert_eq!(capture.outcome(), Some(Outcome::Draw));
}

#[test]
fn stalemate_is_a_draw() {
    let game = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn pgn_written_and_read_back_gives_the_same_game() {
    let mut game = Chess::new();
    game.play_moves(
        "e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7 Kxf7 Qf3+ Ke6 Nc3 Nb4 O-O c6 d4 exd4",
    )
    .unwrap();
    let text = pgn::write(&game, &[("White", "ply \"strong\""), ("Black", "ply seed")]);
    assert!(text.contains("1. e4 e5 2. Nf3"), "{text}");
    let read = pgn::read(&text).unwrap();
    assert_eq!(read.game.format_position(), game.format_position());
    assert_eq!(
        read.game.played().collect::<Vec<_>>(),
        game.played().collect::<Vec<_>>()
    );
    assert_eq!(read.tag("White"), Some("ply \"strong\""));
    assert_eq!(read.result, "*");

    let mut mated = position("7k/8/6K1/8/8/8/8/R7 w - - 5 40");
    mated.play_moves("Ra8#").unwrap();
    let text = pgn::write(&mated, &[]);
    assert!(
        text.contains("[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 5 40\"]"),
        "{text}"
    );
    let read = pgn::read(&text).unwrap();
    assert_eq!(read.result, "1-0");
    assert_eq!(read.game.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn pgn_import_skips_comments_variations_and_glyphs() {
    let text = "[Event \"Test\"]\n[Result \"1-0\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 ; a comment\n3.Bb5 a6 1-0\n";
    let read = pgn::read(text).unwrap();
    assert_eq!(read.game.played().count(), 6);
    assert_eq!(read.tag("Event"), Some("Test"));
    assert_eq!(read.result, "1-0");
    for bad in [
        "1. e4 e4",
        "1. e4 {unclosed",
        "1. e4 (e5",
        "[Event \"x\"\n1. e4",
        "1. e4 )",
    ] {
        let error = pgn::read(bad).unwrap_err();
        assert!(!error.0.contains('\n'), "{bad}: {error}");
    }
}

#[test]
fn the_engine_finds_mate_in_two_and_wins_material() {
    // The rook ladder: 1. Ra7 Kg8 2. Rb8#, mate in three plies.
    let game = position("7k/8/8/8/8/8/R7/1R5K w - - 0 1");
    for evaluator in Chess::evaluators() {
        let config = SearchConfig::engine(Limits {
            depth: Some(5),
            ..Limits::default()
        });
        let result = search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ());
        assert!(
            score::is_win(result.score),
            "{}: {}",
            evaluator.name,
            result.score
        );
        assert_eq!(
            score::plies_to_end(result.score),
            Some(3),
            "{}",
            evaluator.name
        );
    }
    // A hanging queen is taken.
    let game = position("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    let config = SearchConfig::engine(Limits {
        depth: Some(4),
        ..Limits::default()
    });
    let evaluators = Chess::evaluators();
    let result = search(
        &game,
        evaluators[1].evaluator.as_ref(),
        &config,
        None,
        &mut (),
    );
    let best = result.best_move.expect("a move");
    assert_eq!(game.format_move(best), "Rxd5");
}

#[test]
fn repetitions_are_counted_back_to_the_nearest_earlier_occurrence() {
    let mut game = Chess::new();
    game.play_moves("Nf3 Nf6 Ng1").unwrap();
    assert_eq!(game.plies_since_repetition(), None);
    game.play_moves("Ng8").unwrap();
    assert_eq!(game.plies_since_repetition(), Some(4));
    game.play_moves("e4").unwrap();
    assert_eq!(game.plies_since_repetition(), None);
    game.undo();
    // The start position for the third time, 4 and 8 plies after the others.
    game.play_moves("Nc3 Nc6 Nb1 Nb8").unwrap();
    assert_eq!(game.plies_since_repetition(), Some(4), "the nearest one");
    // A null move (a pass the search tries) is not a move of the game: the
    // position after Nf3 comes back, but only across passes.
    let mut game = Chess::new();
    game.play_moves("Nf3").unwrap();
    game.play_null();
    game.play_moves("Ng1").unwrap();
    game.play_null();
    game.play_moves("Nf3").unwrap();
    assert_eq!(game.plies_since_repetition(), None);
}

/// White, a queen and a rook down, draws by perpetual check: 1. Qf6+ Kg8 2. Qg5+
/// Kh8 3. Qf6+ ... Stockfish 15.1 at depth 16 scores Qf6+ 0.00 and the next best
/// move (h3) -5.94.
const PERPETUAL_CHECK: &str = "q4r1k/5p1p/8/6Q1/8/r7/5PPP/6K1 w - - 0 1";

#[test]
fn the_engine_finds_a_perpetual_check_when_a_repetition_is_a_draw() {
    let game = position(PERPETUAL_CHECK);
    for evaluator in Chess::evaluators() {
        for depth in [5, 8] {
            let config = SearchConfig::engine(Limits {
                depth: Some(depth),
                ..Limits::default()
            });
            let result = search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ());
            let best = result.best_move.expect("a move");
            assert_eq!(
                game.format_move(best),
                "Qf6+",
                "{} d{depth}",
                evaluator.name
            );
            assert_eq!(result.score, 0, "{} d{depth}", evaluator.name);
            assert!(!result.proven, "a repetition is not the game's value");
        }
    }
}

/// An engine's score of `game` searched to the first depth, then, with `moves`
/// played and the table kept as in a game, its traced search to the second depth
/// and that search's root child for `repeat`.
fn search_again_after_repeating(
    game: &mut Chess,
    evaluator: &dyn Evaluator<Chess>,
    (first, second): (u32, u32),
    moves: &str,
    repeat: &str,
) -> (
    Score,
    SearchResult<<Chess as Game>::Move>,
    TreeNode<<Chess as Game>::Move>,
) {
    let depth = |depth| {
        SearchConfig::engine(Limits {
            depth: Some(depth),
            ..Limits::default()
        })
    };
    let mut engine = Engine::new();
    let before = engine.search(game, evaluator, &depth(first), None, &mut ());
    game.play_moves(moves).unwrap();
    let repeat = game.parse_move(repeat).unwrap();
    let mut traced = depth(second);
    traced.trace = Some(1_000_000);
    let after = engine.search(game, evaluator, &traced, None, &mut ());
    let tree = after.tree.as_ref().expect("traced");
    let child = tree.nodes[0]
        .children
        .iter()
        .map(|&i| &tree.nodes[i])
        .find(|node| node.mv == Some(repeat))
        .expect("the repeating move searched at the root")
        .clone();
    (before.score, after, child)
}

/// From a game ply (Black) drew against Stockfish while about 4.5 pawns up: 53. Ke2 Rh3
/// 54. Bd6 Rh2+ 55. Kd1 Rh1+ 56. Ke2 Rh2+ 57. Kd1 Rh1+ 58. Ke2 Rh2+, the position
/// after Rh2+ for the third time. Its engine kept its table between moves, and the
/// table's score for that position (a win, from the search a move before) answered
/// before the threefold repetition was seen.
const THREEFOLD_ENDGAME: &str = "8/4B3/2p5/4p3/2pk4/2p5/2B5/3K3r w - - 8 53";

#[test]
fn a_threefold_repetition_is_a_draw_in_the_search_even_when_the_table_scored_its_position() {
    let mut game = position(THREEFOLD_ENDGAME);
    game.play_moves("Ke2 Rh3 Bd6 Rh2+ Kd1 Rh1+ Ke2").unwrap();
    let evaluator = Chess::evaluators().remove(0).evaluator;
    let (before, after, child) = search_again_after_repeating(
        &mut game,
        evaluator.as_ref(),
        (7, 4),
        "Rh2+ Kd1 Rh1+ Ke2",
        "Rh2+",
    );
    assert!(before > 200, "Black is winning: {before}");
    let repeat = game.parse_move("Rh2+").unwrap();
    assert_eq!(child.kind, NodeKind::Terminal, "the third time, a draw");
    assert_eq!(child.value, 0);
    assert_ne!(after.best_move, Some(repeat), "a draw when winning");
    assert!(after.score > 200, "{}", after.score);
}

/// From a game ply (Black) drew against Stockfish 1.5 pawns up by its score: 38...Kc7
/// 39. Rh3 Kd6 40. Be1 Rc2+ 41. Kd1 Rg2 42. Kc1 Rc2+ 43. Kd1 Rg2 44. Kc1, a threefold
/// repetition that White completed. Black's last Rg2 stood on a position seen once
/// before, which the table had scored a win: the table answered there, so the search
/// never saw White's Kc1 end the game.
const TWOFOLD_ENDGAME: &str = "2k5/1p6/p6p/P1p1p2P/2P1p3/1P1bP3/3B2r1/2K4R b - - 1 38";

#[test]
fn a_position_that_stood_earlier_in_the_game_is_searched_not_answered_by_the_table() {
    let mut game = position(TWOFOLD_ENDGAME);
    game.play_moves("Kc7 Rh3 Kd6 Be1 Rc2+ Kd1").unwrap();
    let evaluator = Chess::evaluators()
        .into_iter()
        .find(|e| e.name == "strong")
        .unwrap()
        .evaluator;
    let (before, after, child) = search_again_after_repeating(
        &mut game,
        evaluator.as_ref(),
        (9, 6),
        "Rg2 Kc1 Rc2+ Kd1",
        "Rg2",
    );
    assert!(before > 100, "Black is better: {before}");
    let repeat = game.parse_move("Rg2").unwrap();
    assert_ne!(
        child.kind,
        NodeKind::TableHit,
        "Kc1 would repeat it a third time"
    );
    assert_ne!(after.best_move, Some(repeat), "a draw when better");
    assert!(after.score > 100, "{}", after.score);
}

#[test]
fn minimax_and_alpha_beta_agree_on_repetition_draws() {
    let game = position(PERPETUAL_CHECK);
    let evaluator = Chess::evaluators().remove(0).evaluator;
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let score = |config| search(&game, evaluator.as_ref(), &config, None, &mut ()).score;
    assert_eq!(score(SearchConfig::minimax(limits)), 0);
    assert_eq!(score(SearchConfig::plain_alpha_beta(limits)), 0);
    assert_eq!(score(SearchConfig::alpha_beta(limits)), 0);
}
