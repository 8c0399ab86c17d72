//! The benchmark suite: a fixed, deterministic set of searches and perft runs,
//! reported as nodes, time and nodes per second, shared by `ply bench` and the
//! Criterion benches. Node counts must be identical from run to run (the searches
//! are single-threaded and depth-limited); only the times vary.

use std::time::Instant;

use serde::Serialize;

use crate::game::perft::perft;
use crate::game::{GameError, GameInfo, GameOptions, GameVisitor, Playable, visit_game};
use crate::game::{
    checkers::Checkers, chess::Chess, connect4::ConnectFour, dodgem::Dodgem, gomoku::Gomoku,
    grundy::Grundy, kalah::Kalah, synthetic::Synthetic, tictactoe::TicTacToe, xiangqi::Xiangqi,
};

use crate::search::stats::nodes_per_second;
use crate::search::{self, Limits, SearchConfig};

/// What a bench case runs.
#[derive(Clone, Copy, Debug)]
pub enum Work {
    /// A search with this configuration builder and depth limit (`None`: to the end).
    Search(fn(Limits) -> SearchConfig, Option<u32>),
    /// Perft to this depth.
    Perft(u32),
    /// The game's exact solver (`ply solve` with no limit), or the generic search
    /// to the end where the game has none.
    Exact,
}

/// One entry of the suite.
#[derive(Clone, Copy, Debug)]
pub struct BenchCase {
    /// Short name printed in the table.
    pub name: &'static str,
    /// The game, by its facts (so the suite names games by type, not by id).
    pub game: fn() -> GameInfo,
    /// Game options as `KEY=VALUE`.
    pub options: &'static [&'static str],
    /// The position to start from, in the game's notation (`None`: the start).
    pub position: Option<&'static str>,
    /// What to run.
    pub work: Work,
}

fn alpha_beta_without_tt(limits: Limits) -> SearchConfig {
    SearchConfig {
        tt_mib: 0,
        ..SearchConfig::alpha_beta(limits)
    }
}

/// The suite, in the order it is printed.
pub const SUITE: &[BenchCase] = &[
    BenchCase {
        name: "tictactoe minimax",
        game: TicTacToe::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, None),
    },
    BenchCase {
        name: "tictactoe alphabeta",
        game: TicTacToe::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::plain_alpha_beta, None),
    },
    BenchCase {
        name: "tictactoe alphabeta+tt",
        game: TicTacToe::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, None),
    },
    BenchCase {
        name: "tictactoe perft 9",
        game: TicTacToe::info,
        options: &[],
        position: None,
        work: Work::Perft(9),
    },
    BenchCase {
        name: "grundy 36 alphabeta+tt",
        game: Grundy::info,
        options: &["heap=36"],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, None),
    },
    BenchCase {
        name: "connect4 perft 7",
        game: ConnectFour::info,
        options: &[],
        position: None,
        work: Work::Perft(7),
    },
    BenchCase {
        name: "connect4 minimax d6",
        game: ConnectFour::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, Some(6)),
    },
    BenchCase {
        name: "connect4 alphabeta+tt d10",
        game: ConnectFour::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(10)),
    },
    BenchCase {
        name: "synthetic 8^7 minimax",
        game: Synthetic::info,
        options: &["b=8", "d=7"],
        position: None,
        work: Work::Search(SearchConfig::minimax, None),
    },
    BenchCase {
        name: "synthetic 8^7 alphabeta",
        game: Synthetic::info,
        options: &["b=8", "d=7"],
        position: None,
        work: Work::Search(SearchConfig::plain_alpha_beta, None),
    },
    BenchCase {
        name: "synthetic 8^7 id+ordering",
        game: Synthetic::info,
        options: &["b=8", "d=7"],
        position: None,
        work: Work::Search(alpha_beta_without_tt, Some(7)),
    },
    BenchCase {
        name: "dodgem 3x3 minimax d10",
        game: Dodgem::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, Some(10)),
    },
    BenchCase {
        name: "dodgem 4x4 alphabeta+tt d14",
        game: Dodgem::info,
        options: &["size=4"],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(14)),
    },
    BenchCase {
        name: "dodgem 5x5 alphabeta+tt d12",
        game: Dodgem::info,
        options: &["size=5"],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(12)),
    },
    BenchCase {
        name: "chess perft 6",
        game: Chess::info,
        options: &[],
        position: None,
        work: Work::Perft(6),
    },
    BenchCase {
        name: "chess kiwipete perft 5",
        game: Chess::info,
        options: &[],
        position: Some(KIWIPETE),
        work: Work::Perft(5),
    },
    BenchCase {
        name: "chess engine depth 10",
        game: Chess::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::engine, Some(10)),
    },
    BenchCase {
        name: "chess kiwipete engine depth 6",
        game: Chess::info,
        options: &[],
        position: Some(KIWIPETE),
        work: Work::Search(SearchConfig::engine, Some(6)),
    },
    BenchCase {
        name: "xiangqi perft 5",
        game: Xiangqi::info,
        options: &[],
        position: None,
        work: Work::Perft(5),
    },
    BenchCase {
        name: "xiangqi midgame perft 4",
        game: Xiangqi::info,
        options: &[],
        position: Some(XIANGQI_MIDGAME),
        work: Work::Perft(4),
    },
    BenchCase {
        name: "xiangqi engine depth 7",
        game: Xiangqi::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::engine, Some(7)),
    },
    BenchCase {
        name: "kalah minimax d7",
        game: Kalah::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, Some(7)),
    },
    BenchCase {
        name: "kalah alphabeta d9",
        game: Kalah::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::plain_alpha_beta, Some(9)),
    },
    BenchCase {
        name: "kalah alphabeta+tt d14",
        game: Kalah::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(14)),
    },
    BenchCase {
        name: "gomoku perft 4",
        game: Gomoku::info,
        options: &[],
        position: None,
        work: Work::Perft(4),
    },
    BenchCase {
        name: "gomoku alphabeta+tt d4",
        game: Gomoku::info,
        options: &[],
        position: Some(GOMOKU_OPENING),
        work: Work::Search(SearchConfig::alpha_beta, Some(4)),
    },
    BenchCase {
        name: "gomoku engine d5",
        game: Gomoku::info,
        options: &[],
        position: Some(GOMOKU_OPENING),
        work: Work::Search(SearchConfig::engine, Some(5)),
    },
    BenchCase {
        name: "checkers perft 10",
        game: Checkers::info,
        options: &[],
        position: None,
        work: Work::Perft(10),
    },
    BenchCase {
        name: "checkers engine depth 12",
        game: Checkers::info,
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::engine, Some(12)),
    },
];

/// A Gomoku opening, four stones around the centre, as a move list.
const GOMOKU_OPENING: &str = "h8 h9 i9 g7";

/// The chessprogramming wiki's "Kiwipete": castling, en passant, pins and
/// promotions in one middlegame position.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The second xiangqi perft position of shared/reference (cannons, chariots and
/// horses in contact).
const XIANGQI_MIDGAME: &str =
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

/// The long solves of `ply bench --solve`: published values, proven from scratch.
pub const SOLVE_SUITE: &[BenchCase] = &[
    BenchCase {
        name: "grundy 50 solve",
        game: Grundy::info,
        options: &["heap=50"],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "connect4 7x6 solve (+1)",
        game: ConnectFour::info,
        options: &[],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "dodgem 4x4 retrograde",
        game: Dodgem::info,
        options: &["size=4"],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "dodgem 5x5 retrograde",
        game: Dodgem::info,
        options: &["size=5"],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "kalah(6,4) solve (+10)",
        game: Kalah::info,
        options: &[],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "kalah(6,4) standard (+8)",
        game: Kalah::info,
        options: &["capture=standard"],
        position: None,
        work: Work::Exact,
    },
];

/// The figures of one case.
#[derive(Serialize, Debug, Clone)]
pub struct CaseReport {
    /// The case's name.
    pub name: &'static str,
    /// Positions visited (searches) or counted (perft).
    pub nodes: u64,
    /// Wall-clock milliseconds.
    pub millis: f64,
    /// Nodes per second.
    pub nps: u64,
}

/// A case and the threads its engine searches take.
struct RunCase(BenchCase, usize);

impl GameVisitor for RunCase {
    type Output = Result<CaseReport, GameError>;
    fn visit<G: Playable>(self) -> Result<CaseReport, GameError> {
        let (case, threads) = (self.0, self.1);
        let mut game = G::setup(&GameOptions::parse(case.options)?, case.position, None)?;
        let start = Instant::now();
        let nodes = match case.work {
            Work::Perft(depth) => perft(&mut game, depth),
            Work::Search(config, depth) => searched_nodes(
                &game,
                SearchConfig {
                    threads,
                    ..config(Limits {
                        depth,
                        ..Limits::default()
                    })
                },
            ),
            Work::Exact => match game.solve_exactly(None) {
                Some(solution) => solution.nodes,
                None => searched_nodes(&game, SearchConfig::alpha_beta(Limits::default())),
            },
        };
        let elapsed = start.elapsed();
        Ok(CaseReport {
            name: case.name,
            nodes,
            millis: elapsed.as_secs_f64() * 1000.0,
            nps: nodes_per_second(nodes, elapsed),
        })
    }
}

/// The nodes of a search of `game` with `config`: on several threads through an
/// [`Engine`](search::Engine) (the engine's searches only), else the plain search.
fn searched_nodes<G: Playable>(game: &G, config: SearchConfig) -> u64 {
    let evaluator = G::evaluators().remove(0);
    let evaluator = evaluator.evaluator.as_ref();
    let result = match config.threads {
        1 => search::search(game, evaluator, &config, None, &mut ()),
        _ => search::Engine::new().search(game, evaluator, &config, None, &mut ()),
    };
    result.stats.nodes_all_passes
}

/// Runs one case of the suite.
pub fn run_case(case: BenchCase) -> Result<CaseReport, GameError> {
    run_case_on(case, 1)
}

/// Runs one case of the suite, its engine searches on `threads` threads: their
/// node counts then vary from run to run.
pub fn run_case_on(case: BenchCase, threads: usize) -> Result<CaseReport, GameError> {
    visit_game((case.game)().id, RunCase(case, threads))?
}
