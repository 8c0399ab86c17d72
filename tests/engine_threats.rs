//! Quiet threats spared from late-move pruning and reductions (`threats`): Win At
//! Chess positions whose published best move (Reinfeld's) is a quiet move that
//! attacks a piece, or whose line needs one, solved at a small node budget.
//! Without the switch the engine played another move in each of them at this
//! budget (a quiet move late in the order was pruned before its threat was seen).

use ply::game::chess::Chess;
use ply::game::{Game, GameOptions, Playable};
use ply::search::{Engine, Limits, SearchConfig};

/// The WAC suite (tests/data/chess/wac.epd, source named there).
const WAC: &str = include_str!("data/chess/wac.epd");

/// Positions the engine misses at this budget unless quiet threats are spared.
const THREAT_POSITIONS: [&str; 4] = ["WAC.145", "WAC.150", "WAC.243", "WAC.287"];

/// (FEN, best moves in SAN) of the WAC position `id`.
fn wac(id: &str) -> (String, Vec<String>) {
    let tag = format!("id \"{id}\";");
    let line = WAC
        .lines()
        .find(|line| line.contains(&tag))
        .expect("in the suite");
    let words: Vec<&str> = line.split_whitespace().collect();
    let fen = format!("{} 0 1", words[..4].join(" "));
    let ops = words[4..].join(" ");
    let best = ops
        .split(';')
        .find_map(|op| op.trim().strip_prefix("bm "))
        .expect("a best move");
    (fen, best.split_whitespace().map(String::from).collect())
}

#[test]
fn sparing_quiet_threats_solves_win_at_chess_positions_at_100k_nodes() {
    let strong = Chess::evaluator_named("strong").expect("strong evaluation");
    for id in THREAT_POSITIONS {
        let (fen, best) = wac(id);
        let game = Chess::parse_position(&fen, &GameOptions::default()).expect("valid FEN");
        let mut config = SearchConfig::engine(Limits {
            nodes: Some(100_000),
            ..Limits::default()
        });
        config.tt_mib = 64;
        config.switch("threats", true).expect("a known switch");
        let result =
            Engine::<Chess>::new().search(&game, strong.evaluator.as_ref(), &config, None, &mut ());
        let played = game.format_move(result.best_move.expect("a move"));
        let bare = |san: &str| san.trim_end_matches(['+', '#']).to_string();
        assert!(
            best.iter().any(|san| bare(san) == bare(&played)),
            "{id}: played {played}, best {best:?}"
        );
    }
}
