//! `ply solve`: search one position and report what the search found.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;

use super::args::{GameArgs, SearchArgs};
use crate::game::{ExactSolution, Game, GameVisitor, Playable, visit_game};
use crate::search::stats::nodes_per_second;
use crate::search::tree::DEFAULT_NODE_CAP;
use crate::search::{self, Algorithm, SearchConfig, SearchResult, export, score};

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Use the generic search even where the game has an exact solver of its own.
    #[arg(long)]
    no_solver: bool,
    /// Record the search tree (the last iteration) and write it to FILE: Graphviz
    /// DOT for `.dot`, JSON for `.json`.
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,
    /// Most nodes the tree recording keeps; past it, only counts.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_CAP)]
    tree_cap: usize,
}

/// The `--json` output: exactly these keys, so scripts can rely on them.
#[derive(Serialize, Debug)]
pub struct SolveReport {
    game: String,
    position: String,
    algo: &'static str,
    depth: u32,
    score: i32,
    value: Option<&'static str>,
    best_move: Option<String>,
    pv: Vec<String>,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    tt_hits: u64,
    millis: u64,
    nps: u64,
}

struct Solve<'a>(&'a SolveArgs);

impl GameVisitor for Solve<'_> {
    type Output = anyhow::Result<SolveReport>;
    fn visit<G: Playable>(self) -> anyhow::Result<SolveReport> {
        let args = self.0;
        let game: G = args.game.setup()?;
        let evaluator = G::evaluator_named(&args.search.eval)?;
        let mut config = args.search.config(G::prefers_engine_search())?;
        let tree_format = args.tree.as_deref().map(TreeFormat::of).transpose()?;
        if tree_format.is_some() {
            config.trace = Some(args.tree_cap.max(1));
        }
        if tree_format.is_none() && args.wants_exact_solver(&config) {
            let start = Instant::now();
            let solution = match args.search.tt_mib {
                Some(mib) => game.solve_exactly_with_table(None, mib),
                None => game.solve_exactly(None),
            };
            if let Some(solution) = solution {
                return Ok(exact_report(
                    &args.game.game,
                    &game,
                    &solution,
                    start.elapsed(),
                ));
            }
        }
        if config.limits.unlimited() && !G::search_can_reach_the_end() {
            anyhow::bail!(
                "{} is too large to search to the end: give --depth, --time or --nodes",
                args.game.game
            );
        }
        let result = search::search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ());
        if let (Some(format), Some(path), Some(tree)) = (tree_format, &args.tree, &result.tree) {
            let text = match format {
                TreeFormat::Dot => export::to_dot(tree, &game),
                TreeFormat::Json => export::to_json(tree, &game).to_string(),
            };
            crate::fsutil::write_atomic(path, text.as_bytes())
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        }
        Ok(report(
            &args.game.game,
            &game,
            config.algorithm.name(),
            &result,
        ))
    }
}

/// The file formats `--tree` writes, chosen by the file's extension.
#[derive(Clone, Copy)]
enum TreeFormat {
    Dot,
    Json,
}

impl TreeFormat {
    fn of(path: &Path) -> anyhow::Result<TreeFormat> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("dot" | "gv") => Ok(TreeFormat::Dot),
            Some("json") => Ok(TreeFormat::Json),
            _ => anyhow::bail!(
                "--tree {}: the file name must end in .dot or .json",
                path.display()
            ),
        }
    }
}

impl SolveArgs {
    /// The game's own solver answers when the user asked for the value (no limit)
    /// with the default algorithm, and did not opt out.
    fn wants_exact_solver(&self, config: &SearchConfig) -> bool {
        !self.no_solver && config.limits.unlimited() && config.algorithm == Algorithm::AlphaBeta
    }
}

/// The moves of a line in the game's notation, each written in the position it is played in.
fn format_line<G: Game>(game: &G, line: &[G::Move]) -> Vec<String> {
    let mut position = game.clone();
    line.iter()
        .map(|&m| {
            let text = position.format_move(m);
            position.play(m);
            text
        })
        .collect()
}

fn exact_report<G: Game>(
    id: &str,
    game: &G,
    solution: &ExactSolution<G::Move>,
    elapsed: Duration,
) -> SolveReport {
    SolveReport {
        game: id.to_string(),
        position: game.format_position(),
        algo: solution.algorithm,
        depth: solution.pv.len() as u32,
        score: solution.score,
        value: Some(solution.value.as_str()),
        best_move: solution.best_move.map(|m| game.format_move(m)),
        pv: format_line(game, &solution.pv),
        nodes: solution.nodes,
        leaves: solution.leaves,
        cutoffs: solution.cutoffs,
        tt_hits: solution.tt_hits,
        millis: elapsed.as_millis() as u64,
        nps: nodes_per_second(solution.nodes, elapsed),
    }
}

fn report<G: Game>(
    id: &str,
    game: &G,
    algo: &'static str,
    result: &SearchResult<G::Move>,
) -> SolveReport {
    let pv = format_line(game, &result.pv);
    SolveReport {
        game: id.to_string(),
        position: game.format_position(),
        algo,
        depth: result.depth,
        score: result.score,
        value: result.value().map(|v| v.as_str()),
        best_move: result.best_move.map(|m| game.format_move(m)),
        pv,
        nodes: result.stats.nodes,
        leaves: result.stats.leaves,
        cutoffs: result.stats.cutoffs,
        tt_hits: result.stats.tt_hits,
        millis: result.stats.elapsed.as_millis() as u64,
        nps: result.stats.nps(),
    }
}

pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let report = visit_game(&args.game.game, Solve(args))??;
    if args.json {
        return super::print_json(&report);
    }
    println!("game      {}", report.game);
    println!("position  {}", report.position);
    println!("algorithm {}", report.algo);
    println!("depth     {}", report.depth);
    println!(
        "score     {} ({})",
        report.score,
        score::describe(report.score)
    );
    println!(
        "value     {}",
        report
            .value
            .unwrap_or("not proven (the search hit its limits)")
    );
    println!(
        "best move {}",
        report
            .best_move
            .as_deref()
            .unwrap_or("none (the game is over)")
    );
    println!("pv        {}", report.pv.join(" "));
    println!("nodes     {}", report.nodes);
    println!("leaves    {}", report.leaves);
    println!("cutoffs   {}", report.cutoffs);
    println!("tt hits   {}", report.tt_hits);
    println!("time      {} ms", report.millis);
    println!("nps       {}", report.nps);
    Ok(())
}
