//! The engine's deeper null move and reductions must not hide a forced mate: with
//! the null move refined by the static value (`nmpeval`) and logarithmic late-move
//! reductions (`loglmr`), the engine's defaults, each Win At Chess mate below is found at the distance
//! Stockfish 15.1 gives (depth 14, `score mate N`, its line in the comment), two
//! plies past that distance. Several begin with a quiet move whose threat the
//! defender must see behind a null move (WAC.001: Qg6 threatens Qh7#, which a
//! null-move search reduced straight into quiescence cannot see).

use ply::game::Playable;
use ply::game::chess::{Chess, notation};
use ply::search::score::plies_to_end;
use ply::search::{Limits, SearchConfig, search};

/// (id, FEN, mate in this many moves, Stockfish's first move in SAN).
const MATES: [(&str, &str, u32, &str); 6] = [
    // Qg6 fxg6 Nxg6#
    (
        "WAC.001",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        2,
        "Qg6",
    ),
    // Rxb6 Qc6 ... Ra2 Qa4 Rxa4#
    (
        "WAC.050",
        "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1",
        3,
        "Rxb6",
    ),
    // g4+ Kg6 Qe8+ Kh6 Qh5#
    (
        "WAC.064",
        "8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1",
        3,
        "g4+",
    ),
    // Qxh7+ Kxh7 hxg6#
    (
        "WAC.004",
        "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
        2,
        "Qxh7+",
    ),
    // Qh6 Qe5 Bxe5 gxh6 Nxh6#
    (
        "WAC.203",
        "r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1",
        3,
        "Qh6",
    ),
    // Rxd5 cxd5 Nd3+ exd3 f4#
    (
        "WAC.295",
        "4r3/p4r1p/R1p2pp1/1p1bk3/4pNPP/2P1K3/2P2P2/3R4 w - - 0 1",
        3,
        "Rxd5",
    ),
];

/// The engine as it plays, with the refined null move and logarithmic reductions
/// (both on by default).
fn deep_engine(depth: u32) -> SearchConfig {
    let config = SearchConfig::engine(Limits {
        depth: Some(depth),
        ..Limits::default()
    });
    assert!(config.eval_null_move && config.log_reductions);
    config
}

#[test]
fn the_refined_null_move_and_log_reductions_find_win_at_chess_mates_at_their_distance() {
    for (id, fen, moves, first) in MATES {
        let game = Chess::from_fen(fen).expect("valid FEN");
        let plies = 2 * moves - 1;
        for evaluator in Chess::evaluators() {
            let result = search(
                &game,
                evaluator.evaluator.as_ref(),
                &deep_engine(plies + 2),
                None,
                &mut (),
            );
            assert_eq!(
                plies_to_end(result.score),
                Some(plies),
                "{id} ({}): score {}",
                evaluator.name,
                result.score
            );
            let expected = notation::parse_move(game.board(), first).expect("legal");
            if moves == 2 {
                // A mate in two has a single first move in these positions.
                assert_eq!(
                    result.best_move,
                    Some(expected),
                    "{id} ({})",
                    evaluator.name
                );
            }
        }
    }
}
