//! `ply bench`: a fixed, deterministic suite of searches and perft runs, reported as
//! nodes, time and nodes per second. Node counts must be identical from run to run
//! (the searches are single-threaded and depth-limited); only the times vary.

use std::time::Instant;

use clap::Args;
use serde::Serialize;

use crate::game::perft::perft;
use crate::game::{GameOptions, GameVisitor, Playable, visit_game};
use crate::search::stats::nodes_per_second;
use crate::search::{self, Limits, SearchConfig};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Run the long exact solves instead (seconds to minutes each).
    #[arg(long)]
    solve: bool,
}

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
    /// Game id.
    pub game: &'static str,
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
        game: "tictactoe",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, None),
    },
    BenchCase {
        name: "tictactoe alphabeta",
        game: "tictactoe",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::plain_alpha_beta, None),
    },
    BenchCase {
        name: "tictactoe alphabeta+tt",
        game: "tictactoe",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, None),
    },
    BenchCase {
        name: "tictactoe perft 9",
        game: "tictactoe",
        options: &[],
        position: None,
        work: Work::Perft(9),
    },
    BenchCase {
        name: "grundy 36 alphabeta+tt",
        game: "grundy",
        options: &["heap=36"],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, None),
    },
    BenchCase {
        name: "connect4 perft 7",
        game: "connect4",
        options: &[],
        position: None,
        work: Work::Perft(7),
    },
    BenchCase {
        name: "connect4 minimax d6",
        game: "connect4",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, Some(6)),
    },
    BenchCase {
        name: "connect4 alphabeta+tt d10",
        game: "connect4",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(10)),
    },
    BenchCase {
        name: "synthetic 8^7 minimax",
        game: "synthetic",
        options: &["b=8", "d=7"],
        position: None,
        work: Work::Search(SearchConfig::minimax, None),
    },
    BenchCase {
        name: "synthetic 8^7 alphabeta",
        game: "synthetic",
        options: &["b=8", "d=7"],
        position: None,
        work: Work::Search(SearchConfig::plain_alpha_beta, None),
    },
    BenchCase {
        name: "synthetic 8^7 id+ordering",
        game: "synthetic",
        options: &["b=8", "d=7"],
        position: None,
        work: Work::Search(alpha_beta_without_tt, Some(7)),
    },
    BenchCase {
        name: "dodgem 3x3 minimax d10",
        game: "dodgem",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, Some(10)),
    },
    BenchCase {
        name: "dodgem 4x4 alphabeta+tt d14",
        game: "dodgem",
        options: &["size=4"],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(14)),
    },
    BenchCase {
        name: "dodgem 5x5 alphabeta+tt d12",
        game: "dodgem",
        options: &["size=5"],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(12)),
    },
    BenchCase {
        name: "chess perft 6",
        game: "chess",
        options: &[],
        position: None,
        work: Work::Perft(6),
    },
    BenchCase {
        name: "chess kiwipete perft 5",
        game: "chess",
        options: &[],
        position: Some(KIWIPETE),
        work: Work::Perft(5),
    },
    BenchCase {
        name: "chess engine depth 10",
        game: "chess",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::engine, Some(10)),
    },
    BenchCase {
        name: "chess kiwipete engine depth 6",
        game: "chess",
        options: &[],
        position: Some(KIWIPETE),
        work: Work::Search(SearchConfig::engine, Some(6)),
    },
    BenchCase {
        name: "xiangqi perft 5",
        game: "xiangqi",
        options: &[],
        position: None,
        work: Work::Perft(5),
    },
    BenchCase {
        name: "xiangqi midgame perft 4",
        game: "xiangqi",
        options: &[],
        position: Some(XIANGQI_MIDGAME),
        work: Work::Perft(4),
    },
    BenchCase {
        name: "xiangqi engine depth 7",
        game: "xiangqi",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::engine, Some(7)),
    },
    BenchCase {
        name: "kalah minimax d7",
        game: "kalah",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::minimax, Some(7)),
    },
    BenchCase {
        name: "kalah alphabeta d9",
        game: "kalah",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::plain_alpha_beta, Some(9)),
    },
    BenchCase {
        name: "kalah alphabeta+tt d14",
        game: "kalah",
        options: &[],
        position: None,
        work: Work::Search(SearchConfig::alpha_beta, Some(14)),
    },
    BenchCase {
        name: "gomoku perft 4",
        game: "gomoku",
        options: &[],
        position: None,
        work: Work::Perft(4),
    },
    BenchCase {
        name: "gomoku alphabeta+tt d4",
        game: "gomoku",
        options: &[],
        position: Some(GOMOKU_OPENING),
        work: Work::Search(SearchConfig::alpha_beta, Some(4)),
    },
    BenchCase {
        name: "gomoku engine d5",
        game: "gomoku",
        options: &[],
        position: Some(GOMOKU_OPENING),
        work: Work::Search(SearchConfig::engine, Some(5)),
    },
    BenchCase {
        name: "checkers perft 10",
        game: "checkers",
        options: &[],
        position: None,
        work: Work::Perft(10),
    },
    BenchCase {
        name: "checkers engine depth 12",
        game: "checkers",
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
        game: "grundy",
        options: &["heap=50"],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "connect4 7x6 solve (+1)",
        game: "connect4",
        options: &[],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "dodgem 4x4 retrograde",
        game: "dodgem",
        options: &["size=4"],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "dodgem 5x5 retrograde",
        game: "dodgem",
        options: &["size=5"],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "kalah(6,4) solve (+10)",
        game: "kalah",
        options: &[],
        position: None,
        work: Work::Exact,
    },
    BenchCase {
        name: "kalah(6,4) standard (+8)",
        game: "kalah",
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

struct RunCase(BenchCase);

impl GameVisitor for RunCase {
    type Output = anyhow::Result<CaseReport>;
    fn visit<G: Playable>(self) -> anyhow::Result<CaseReport> {
        let case = self.0;
        let mut game = G::setup(&GameOptions::parse(case.options)?, case.position, None)?;
        let start = Instant::now();
        let nodes = match case.work {
            Work::Perft(depth) => perft(&mut game, depth),
            Work::Search(config, depth) => searched_nodes(
                &game,
                config(Limits {
                    depth,
                    ..Limits::default()
                }),
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

fn searched_nodes<G: Playable>(game: &G, config: SearchConfig) -> u64 {
    let evaluator = G::evaluators().remove(0);
    search::search(game, evaluator.evaluator.as_ref(), &config, None, &mut ())
        .stats
        .nodes
}

/// Runs one case of the suite.
pub fn run_case(case: BenchCase) -> anyhow::Result<CaseReport> {
    visit_game(case.game, RunCase(case))?
}

#[derive(Serialize)]
struct BenchReport {
    cases: Vec<CaseReport>,
    total_nodes: u64,
    total_millis: f64,
    total_nps: u64,
    /// Other engines on the same work (not in the totals), when installed.
    references: Vec<CaseReport>,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let suite = if args.solve { SOLVE_SUITE } else { SUITE };
    let cases = suite
        .iter()
        .map(|&c| {
            let _live = super::progress::LiveLine::start(args.solve && !args.json);
            run_case(c)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let total_nodes = cases.iter().map(|c| c.nodes).sum();
    let total_millis: f64 = cases.iter().map(|c| c.millis).sum();
    let total_nps = (total_nodes as f64 / (total_millis / 1000.0).max(1e-9)) as u64;
    let references = if args.solve {
        Vec::new()
    } else {
        run_references()
    };
    let report = BenchReport {
        cases,
        total_nodes,
        total_millis,
        total_nps,
        references,
    };
    if args.json {
        return super::print_json(&report);
    }
    println!("{:<28} {:>12} {:>10} {:>12}", "case", "nodes", "ms", "nps");
    for case in &report.cases {
        println!(
            "{:<28} {:>12} {:>10.1} {:>12}",
            case.name, case.nodes, case.millis, case.nps
        );
    }
    println!(
        "{:<28} {:>12} {:>10.1} {:>12}",
        "total", report.total_nodes, report.total_millis, report.total_nps
    );
    for case in &report.references {
        println!(
            "{:<28} {:>12} {:>10.1} {:>12}",
            case.name, case.nodes, case.millis, case.nps
        );
    }
    Ok(())
}

/// The other engines' figures, leaving out (with a note on stderr) those not installed.
fn run_references() -> Vec<CaseReport> {
    super::bench_reference::REFERENCES
        .iter()
        .filter_map(|case| match super::bench_reference::run_reference(case) {
            Ok(report) => Some(report),
            Err(error) => {
                eprintln!("ply bench: reference '{}' skipped: {error:#}", case.name);
                None
            }
        })
        .collect()
}
