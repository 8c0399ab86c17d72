//! `ply solve`: search one position and report what the search found.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;

use super::args::{GameArgs, SearchArgs};
use crate::game::Player;
use crate::game::{ExactSolution, GameVisitor, Playable, SearchHooks, visit_game};
use crate::play::notation::format_line;
use crate::search::shape::{Counted, EXACT_MINIMAX_BUDGET, Shape, shape_of_search};
use crate::search::stats::nodes_per_second;
use crate::search::tree::DEFAULT_NODE_CAP;
use crate::search::{self, Additions, Algorithm, SearchConfig, SearchResult, export, score};

#[derive(Args, Debug)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also print the search's shape, ply by ply: nodes, leaves, cutoffs, the
    /// share made by the first move, table answers, the engine's reduced,
    /// re-searched, null-move and quiescence nodes, beside minimax and the minimal
    /// tree (`--json` always has it as `per_ply`).
    #[arg(long)]
    shape: bool,
    /// Use the generic search even where the game has an exact solver of its own.
    #[arg(long)]
    no_solver: bool,
    /// Record the search tree (the last iteration) and write it to FILE: Graphviz
    /// DOT for `.dot`, JSON for `.json`.
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,
    /// Most nodes the tree recording keeps (1 to 10,000,000); past it, only counts.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_CAP, value_parser = read_tree_cap)]
    tree_cap: usize,
    /// Connect Four: solve every position of FILE (one `MOVES [SCORE]` a line),
    /// each timed alone; see `src/cli/batch.rs`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "tree"])]
    batch: Option<PathBuf>,
}

/// The `--json` output: exactly these keys, so scripts can rely on them.
/// `nodes`, `leaves`, `cutoffs` and `tt_hits` count the last (or only) pass;
/// `nodes_all_passes` appears when iterative deepening made several; the shape's
/// keys (`per_ply`, `minimax_counted`, `minimax_nodes`, `minimal_tree_nodes`,
/// `first_move_cutoff_rate`, `branching_per_iteration`) unless a game's own exact
/// solver answered.
#[derive(Serialize, Debug)]
pub(super) struct SolveReport {
    game: String,
    position: String,
    algo: &'static str,
    /// The ideas added to the algorithm: `ordering`, `tt`, `id`.
    adds: Vec<&'static str>,
    depth: u32,
    /// Alpha-beta's pruning rule: true cuts on equality, false only past the bound;
    /// absent for searches that do not prune.
    #[serde(skip_serializing_if = "Option::is_none")]
    prune_on_equal: Option<bool>,
    score: i32,
    /// Who is MAX (`first` or `second`): by default the player to move.
    max_player: &'static str,
    /// The score from MAX's view.
    score_for_max: i32,
    value: Option<&'static str>,
    best_move: Option<String>,
    pv: Vec<String>,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    tt_hits: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes_all_passes: Option<u64>,
    millis: u64,
    nps: u64,
    /// Written trees: every node entered, in order, by name (`B`, `1.2.3`, `root`).
    #[serde(skip_serializing_if = "Option::is_none")]
    visited: Option<Vec<String>>,
    /// Written trees: every node never entered because of a cutoff, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pruned: Option<Vec<String>>,
    /// The search's shape (not for a game's own solver): `per_ply`, the minimax and
    /// minimal-tree references and the summary rates.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    shape: Option<Shape>,
    /// The deepest pass that finished, when the move comes from a deeper pass cut
    /// short (the counters are the finished pass's).
    #[serde(skip)]
    finished_depth: Option<u32>,
}

/// The additions as `--json` lists them.
fn addition_names(additions: Additions) -> Vec<&'static str> {
    [
        (additions.ordering, "ordering"),
        (additions.table, "tt"),
        (additions.iterative, "id"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect()
}

/// MAX's name and the score turned to MAX's view.
fn for_max<G: SearchHooks>(game: &G, max: Option<Player>, score: i32) -> (&'static str, i32) {
    let max = max.or(game.max_role()).unwrap_or(game.to_move());
    let name = match max {
        Player::First => "first",
        Player::Second => "second",
    };
    (name, if max == game.to_move() { score } else { -score })
}

struct Solve<'a>(&'a SolveArgs);

impl GameVisitor for Solve<'_> {
    type Output = anyhow::Result<SolveReport>;
    fn visit<G: Playable>(self) -> anyhow::Result<SolveReport> {
        let args = self.0;
        let game: G = args.game.setup()?;
        let evaluator = G::evaluator_named(&args.search.eval)?;
        let mut config = args.search.config(G::prefers_engine_search())?;
        check_written_tree(&game, &config)?;
        let tree_format = args.tree.as_deref().map(TreeFormat::of).transpose()?;
        // A written tree's `--json` names the nodes visited and pruned.
        if tree_format.is_some() || (args.json && G::PROFILE.written_trees) {
            config.trace = Some(args.tree_cap.max(1));
        }
        if tree_format.is_none() && args.wants_exact_solver(&config) {
            let start = Instant::now();
            let live = super::progress::LiveLine::start(!args.json);
            let solution = match args.search.tt_mib {
                Some(mib) => game.solve_exactly_with_table(None, mib),
                None => game.solve_exactly(None),
            };
            drop(live);
            if let Some(solution) = solution {
                return Ok(exact_report(
                    &args.game.game,
                    &game,
                    &solution,
                    config.max_player,
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
                TreeFormat::Dot => export::to_dot(tree, &game, evaluator.evaluator.as_ref()),
                TreeFormat::Json => export::to_json(tree, &game).to_string(),
            };
            crate::fsutil::write_atomic(path, text.as_bytes())
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        }
        let shape = shape_of_search(
            &game,
            evaluator.evaluator.as_ref(),
            &result.stats,
            EXACT_MINIMAX_BUDGET,
        );
        let mut report = report(&args.game.game, &game, &config, &result);
        report.shape = Some(shape);
        if let Some((visited, pruned)) = result
            .tree
            .as_ref()
            .filter(|_| G::PROFILE.written_trees)
            .and_then(|tree| export::visit_order(tree, &game))
        {
            report.visited = Some(visited);
            report.pruned = Some(pruned);
        }
        Ok(report)
    }
}

/// Refuses what a written tree cannot mean: alpha-beta (or any search but
/// expectimax) on a tree with chance nodes, and a `--max` other than the tree's
/// MAX (its values are MAX's whoever moves at the root).
fn check_written_tree<G: SearchHooks>(game: &G, config: &SearchConfig) -> anyhow::Result<()> {
    if game.has_chance_nodes() && config.algorithm != Algorithm::Minimax {
        anyhow::bail!(
            "{}: a tree with chance nodes needs --algo expectimax (a chance node's mean depends on every child, so nothing can be pruned)",
            config.algorithm.name()
        );
    }
    if let (Some(max), Some(role)) = (config.max_player, game.max_role())
        && max != role
    {
        anyhow::bail!(
            "--max: a written tree's values are MAX's whoever moves at its root; put MIN at the root with -o turns=min,max"
        );
    }
    Ok(())
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
    /// with the default algorithm, the engine, and did not opt out.
    fn wants_exact_solver(&self, config: &SearchConfig) -> bool {
        !self.no_solver && config.limits.unlimited() && config.algorithm == Algorithm::Engine
    }
}

/// The moves of a line in the game's notation, each written in the position it is played in.
fn exact_report<G: SearchHooks>(
    id: &str,
    game: &G,
    solution: &ExactSolution<G::Move>,
    max: Option<Player>,
    elapsed: Duration,
) -> SolveReport {
    let (max_player, score_for_max) = for_max(game, max, solution.score);
    SolveReport {
        game: id.to_string(),
        position: game.format_position(),
        algo: solution.algorithm,
        adds: Vec::new(),
        depth: solution.pv.len() as u32,
        prune_on_equal: None,
        score: solution.score,
        max_player,
        score_for_max,
        value: Some(solution.value.as_str()),
        best_move: solution.best_move.map(|m| game.format_move(m)),
        pv: format_line(game, &solution.pv),
        nodes: solution.nodes,
        leaves: solution.leaves,
        cutoffs: solution.cutoffs,
        tt_hits: solution.tt_hits,
        nodes_all_passes: None,
        millis: elapsed.as_millis() as u64,
        nps: nodes_per_second(solution.nodes, elapsed),
        visited: None,
        pruned: None,
        shape: None,
        finished_depth: None,
    }
}

/// The deepest finished pass when the result comes from a deeper one cut short.
fn finished_depth<M>(result: &SearchResult<M>) -> Option<u32> {
    let finished = result.stats.deepest_finished_pass()?;
    (result.depth > finished).then_some(finished)
}

fn report<G: SearchHooks>(
    id: &str,
    game: &G,
    config: &SearchConfig,
    result: &SearchResult<G::Move>,
) -> SolveReport {
    let pv = format_line(game, &result.pv);
    let (max_player, score_for_max) = for_max(game, config.max_player, result.score);
    SolveReport {
        game: id.to_string(),
        position: game.format_position(),
        algo: config.algorithm.name(),
        adds: addition_names(config.additions()),
        depth: result.depth,
        prune_on_equal: config.pruning_rule(),
        score: result.score,
        max_player,
        score_for_max,
        value: result.value().map(|v| v.as_str()),
        best_move: result.best_move.map(|m| game.format_move(m)),
        pv,
        nodes: result.stats.nodes,
        leaves: result.stats.leaves,
        cutoffs: result.stats.cutoffs,
        tt_hits: result.stats.tt_hits,
        nodes_all_passes: config.iterative.then_some(result.stats.nodes_all_passes),
        millis: result.stats.elapsed.as_millis() as u64,
        nps: result.stats.nps(),
        visited: None,
        pruned: None,
        shape: None,
        finished_depth: finished_depth(result),
    }
}

pub(super) fn run(args: &SolveArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        return super::batch::run(path, &args.game, args.search.tt_mib);
    }
    let report = visit_game(&args.game.game, Solve(args))??;
    if args.json {
        return super::print_json(&report);
    }
    println!("game      {}", report.game);
    println!("position  {}", report.position);
    let adds = report
        .adds
        .iter()
        .map(|a| format!(" +{a}"))
        .collect::<String>();
    let rule = match report.prune_on_equal {
        Some(true) => ", prunes on equal",
        Some(false) => ", strict (prunes only past the bound)",
        None => "",
    };
    println!("algorithm {}{adds}{rule}", report.algo);
    match report.finished_depth {
        Some(finished) => println!(
            "depth     {} (that pass was cut short after it proved the move; the counts are of pass {finished})",
            report.depth
        ),
        None => println!("depth     {}", report.depth),
    }
    println!(
        "score     {} ({}); for MAX ({} player): {}",
        report.score,
        score::describe(report.score),
        report.max_player,
        report.score_for_max
    );
    let static_value = report.depth == 0 && report.value.is_none();
    let value = match report.value {
        Some(value) => value,
        None if static_value => "static value (depth 0: the evaluation, nothing searched)",
        None => "not proven (the search hit its limits)",
    };
    println!("value     {value}");
    let no_move = if static_value {
        "none (a static value chooses no move)"
    } else {
        "none (the game is over)"
    };
    println!(
        "best move {}",
        report.best_move.as_deref().unwrap_or(no_move)
    );
    println!("pv        {}", report.pv.join(" "));
    let pass = if report.nodes_all_passes.is_some() {
        " (last pass)"
    } else {
        ""
    };
    println!("nodes     {}{pass}", report.nodes);
    println!("leaves    {}{pass}", report.leaves);
    println!("cutoffs   {}{pass}", report.cutoffs);
    println!("tt hits   {}{pass}", report.tt_hits);
    if let Some(all) = report.nodes_all_passes {
        println!("all passes {all} nodes");
    }
    println!("time      {} ms", report.millis);
    println!("nps       {}", report.nps);
    if let Some(shape) = &report.shape {
        print_rates(shape);
        if args.shape {
            print_shape(shape);
        }
    }
    Ok(())
}

/// The summary rates of the search's shape.
fn print_rates(shape: &Shape) {
    if let Some(rate) = shape.first_move_cutoff_rate {
        println!("first-move cutoffs {:.1}%", 100.0 * rate);
    }
    if !shape.branching_per_iteration.is_empty() {
        let factors: Vec<String> = shape
            .branching_per_iteration
            .iter()
            .map(|b| format!("{b:.2}"))
            .collect();
        println!("branching per iteration {}", factors.join(" "));
    }
}

/// The per-ply table of `--shape`.
fn print_shape(shape: &Shape) {
    let counted = match shape.minimax_counted {
        Counted::Exact => "counted",
        Counted::Estimated => "estimated",
    };
    println!(
        "{:>3} {:>10} {:>10} {:>8} {:>9} {:>5} {:>5} {:>8} {:>8} {:>8} {:>8} {:>8} {:>9} {:>12} {:>10}",
        "ply",
        "nodes",
        "leaves",
        "cutoffs",
        "pruned",
        "1st",
        "b",
        "tt",
        "reduced",
        "extended",
        "again",
        "null",
        "quiesce",
        "minimax",
        "minimal"
    );
    let round = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.0}"));
    for p in &shape.per_ply {
        let c = &p.counts;
        let first = match c.cutoffs {
            0 => "-".to_string(),
            n => format!("{:.0}%", 100.0 * c.first_move_cutoffs as f64 / n as f64),
        };
        println!(
            "{:>3} {:>10} {:>10} {:>8} {:>9} {:>5} {:>5} {:>8} {:>8} {:>8} {:>8} {:>8} {:>9} {:>12} {:>10}",
            p.ply,
            c.nodes,
            c.leaves,
            c.cutoffs,
            c.pruned,
            first,
            p.branching.map_or("-".to_string(), |b| format!("{b:.1}")),
            c.tt_hits,
            c.reduced,
            c.extended,
            c.re_searched,
            c.null_move,
            c.quiescence,
            round(p.minimax),
            round(p.minimal_tree)
        );
    }
    println!(
        "minimax to depth {} ({counted}): {:.0} nodes; minimal tree (Knuth-Moore, from the measured branching): {:.0}",
        shape.depth, shape.minimax_nodes, shape.minimal_tree_nodes
    );
}

/// The most nodes `--tree-cap` may ask a recording to keep: a hundred times the
/// default, a few GB of nodes at most, so that a typo cannot exhaust the memory.
const LARGEST_TREE_CAP: usize = 10_000_000;

/// Reads `--tree-cap`: a whole number of nodes from 1 to [`LARGEST_TREE_CAP`].
fn read_tree_cap(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=LARGEST_TREE_CAP).contains(n))
        .ok_or_else(|| format!("expected a whole number of nodes from 1 to {LARGEST_TREE_CAP}"))
}
