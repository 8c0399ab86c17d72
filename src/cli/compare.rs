//! `ply compare`: one position, one depth, every algorithm of the course side by
//! side (minimax, alpha-beta, and alpha-beta with ordering, table and iterative
//! deepening added one at a time), so a student sees what each idea saves and that
//! none of them changes the value.

use clap::Args;
use serde::Serialize;

use super::args::{GameArgs, parse_max, parse_prune_on_equal};
use crate::game::{GameError, GameVisitor, Playable, Player};
use crate::search::shape::{Step, uniform_branching};
use crate::search::{self, Algorithm, Limits, SearchConfig, SearchResult};

/// Nodes a row may visit before it is stopped, unless `--nodes` says otherwise.
const DEFAULT_ROW_NODES: u64 = 20_000_000;

#[derive(Args, Debug)]
pub(super) struct CompareArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Depth of every search, in plies.
    #[arg(long, value_name = "N")]
    depth: u32,
    /// Evaluation at the depth limit (see `ply list`; default `seed`).
    #[arg(long, value_name = "NAME", default_value = "seed")]
    eval: String,
    /// Who is MAX: `first` or `second` (default: the player to move).
    #[arg(long, value_name = "SIDE")]
    max: Option<String>,
    /// Most nodes one row may visit; a row stopped by it says so.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ROW_NODES)]
    nodes: u64,
    /// Alpha-beta's pruning rule: `yes` (the course's rule, cut when a value
    /// reaches the bound), `no` (strict, cut only past it), or `both` (every
    /// alpha-beta row twice, once under each rule).
    #[arg(long, value_name = "yes|no|both", default_value = "yes")]
    prune_on_equal: String,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// Reads `--prune-on-equal` for compare: the rules each alpha-beta row runs under.
fn pruning_rules(text: &str) -> Result<Vec<bool>, GameError> {
    match text {
        "both" => Ok(vec![true, false]),
        _ => parse_prune_on_equal(text)
            .map(|rule| vec![rule])
            .map_err(|_| {
                GameError::new(format!(
                    "--prune-on-equal '{text}': expected yes, no or both"
                ))
            }),
    }
}

/// One algorithm's search of the position.
#[derive(Serialize, Debug)]
struct Row {
    algo: &'static str,
    /// The pruning rule the row ran: `true` cuts when a value reaches the bound,
    /// `false` only past it (strict); absent for searches that do not prune.
    #[serde(skip_serializing_if = "Option::is_none")]
    prune_on_equal: Option<bool>,
    adds: String,
    /// The value from MAX's view.
    value: i32,
    best_move: Option<String>,
    /// Nodes of every pass together: the work done, what the rows are ranked by.
    nodes_all_passes: u64,
    /// Nodes, leaves, cutoffs and table answers of the last (or only) pass.
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    tt_hits: u64,
    /// True when iterative deepening made several passes.
    iterative: bool,
    /// Share of the last pass's cutoffs made by the first move tried.
    first_move_cutoff_rate: Option<f64>,
    /// The branching of a uniform tree with as many leaves at this depth: the
    /// depth-th root of the last pass's leaves.
    branching: f64,
    /// True when the node budget stopped the search: its counts are incomplete.
    stopped: bool,
    /// Why the value differs from minimax's, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    differs: Option<String>,
}

/// What a uniform tree's counts are measured against.
#[derive(Serialize, Debug)]
struct Uniform {
    branching: u32,
    /// Leaves minimax evaluates: b^d.
    minimax_leaves: u128,
    /// Leaves alpha-beta evaluates with perfect ordering (Knuth and Moore 1975):
    /// b^ceil(d/2) + b^floor(d/2) - 1.
    knuth_moore_leaves: u128,
}

#[derive(Serialize, Debug)]
struct Comparison {
    game: String,
    position: String,
    depth: u32,
    max_player: &'static str,
    rows: Vec<Row>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uniform: Option<Uniform>,
}

/// The rows, in the order the course adds the ideas; the engine's only where the
/// game's engine plays with its extras. Each alpha-beta row comes once per rule
/// in `rules`, side by side.
fn configurations(limits: Limits, engine_profile: bool, rules: &[bool]) -> Vec<SearchConfig> {
    Step::ALL
        .into_iter()
        .filter(|&step| engine_profile || step != Step::Engine)
        .flat_map(|step| {
            let config = step.config(limits, engine_profile);
            let rules = match config.algorithm {
                Algorithm::AlphaBeta => rules,
                _ => &[true][..],
            };
            rules.iter().map(move |&rule| SearchConfig {
                prune_on_equal: rule,
                ..config.clone()
            })
        })
        .collect()
}

/// A row's name in the table: the algorithm, `(strict)` under the strict rule,
/// and what it adds.
fn row_name(row: &Row) -> String {
    let rule = match row.prune_on_equal {
        Some(false) => " (strict)",
        _ => "",
    };
    format!("{}{rule} {}", row.algo, row.adds)
}

/// b^ceil(d/2) + b^floor(d/2) - 1, and b^d, for a uniform tree.
fn uniform_counts(branching: u32, depth: u32) -> Uniform {
    let power = |e: u32| u128::from(branching).saturating_pow(e);
    Uniform {
        branching,
        minimax_leaves: power(depth),
        knuth_moore_leaves: (power(depth.div_ceil(2)) + power(depth / 2)).saturating_sub(1),
    }
}

/// Why `row`'s value may differ from minimax's, in words; a difference without
/// such a reason is a bug, and says so.
fn difference_reason<M>(config: &SearchConfig, result: &SearchResult<M>) -> String {
    if result.stopped {
        "stopped by the node budget before it finished".to_string()
    } else if config.algorithm == Algorithm::Engine {
        "the engine's quiescence, null move and reductions search other lines than minimax"
            .to_string()
    } else if result.stats.tt_hits_other_depth > 0 {
        format!(
            "a table entry searched to another depth answered {} times (a position recurs at another depth)",
            result.stats.tt_hits_other_depth
        )
    } else {
        "MISMATCH: alpha-beta must return minimax's value here (please report it)".to_string()
    }
}

struct Compare<'a>(&'a CompareArgs);

impl GameVisitor for Compare<'_> {
    type Output = anyhow::Result<Comparison>;
    fn visit<G: Playable>(self) -> anyhow::Result<Comparison> {
        let args = self.0;
        let game: G = args.game.setup()?;
        let evaluator = G::evaluator_named(&args.eval)?;
        let max = match &args.max {
            Some(text) => parse_max(text)?,
            None => game.to_move(),
        };
        let limits = Limits {
            depth: Some(args.depth),
            time: None,
            nodes: Some(args.nodes),
        };
        let rules = pruning_rules(&args.prune_on_equal)?;
        let mut rows: Vec<Row> = Vec::new();
        let mut minimax_value = None;
        for mut config in configurations(limits, G::prefers_engine_search(), &rules) {
            config.max_player = Some(max);
            let result =
                search::search(&game, evaluator.evaluator.as_ref(), &config, None, &mut ());
            let value = if max == game.to_move() {
                result.score
            } else {
                -result.score
            };
            let reference = *minimax_value.get_or_insert(value);
            rows.push(Row {
                algo: config.algorithm.name(),
                prune_on_equal: config.pruning_rule(),
                adds: config.additions().describe(),
                value,
                best_move: result.best_move.map(|m| game.format_move(m)),
                nodes_all_passes: result.stats.nodes_all_passes,
                nodes: result.stats.nodes,
                leaves: result.stats.leaves,
                cutoffs: result.stats.cutoffs,
                tt_hits: result.stats.tt_hits,
                iterative: config.iterative,
                first_move_cutoff_rate: result.stats.first_move_cutoff_rate(),
                branching: uniform_branching(result.stats.leaves, args.depth),
                stopped: result.stopped,
                differs: (value != reference || result.stopped)
                    .then(|| difference_reason(&config, &result)),
            });
        }
        Ok(Comparison {
            game: args.game.game.clone(),
            position: game.format_position(),
            depth: args.depth,
            max_player: match max {
                Player::First => "first",
                Player::Second => "second",
            },
            rows,
            uniform: game
                .uniform_branching()
                .map(|b| uniform_counts(b, args.depth)),
        })
    }
}

pub(super) fn run(args: &CompareArgs) -> anyhow::Result<()> {
    let comparison = crate::game::visit_game(&args.game.game, Compare(args))??;
    if args.json {
        return super::print_json(&comparison);
    }
    print_table(&comparison);
    Ok(())
}

fn print_table(c: &Comparison) {
    println!(
        "{} at {}, depth {}, values for MAX ({} player)",
        c.game, c.position, c.depth, c.max_player
    );
    let width = c
        .rows
        .iter()
        .map(|row| row_name(row).trim_end().len())
        .fold(28, usize::max);
    println!(
        "{:<width$} {:>6} {:>7} {:>10} {:>10} {:>10} {:>8} {:>8} {:>6} {:>5}",
        "algorithm",
        "value",
        "best",
        "nodes",
        "last pass",
        "leaves",
        "cutoffs",
        "tt hits",
        "1st",
        "b*"
    );
    for row in &c.rows {
        let name = row_name(row);
        let last_pass = match row.iterative {
            true => row.nodes.to_string(),
            false => "-".to_string(),
        };
        let first = row
            .first_move_cutoff_rate
            .map_or("-".to_string(), |r| format!("{:.0}%", 100.0 * r));
        println!(
            "{:<width$} {:>6} {:>7} {:>10} {:>10} {:>10} {:>8} {:>8} {:>6} {:>5.2}",
            name.trim_end(),
            row.value,
            row.best_move.as_deref().unwrap_or("-"),
            row.nodes_all_passes,
            last_pass,
            row.leaves,
            row.cutoffs,
            row.tt_hits,
            first,
            row.branching
        );
        if let Some(why) = &row.differs {
            println!("{:<width$} differs from minimax: {why}", "");
        }
    }
    if let Some(u) = &c.uniform {
        println!(
            "uniform tree, b = {}: minimax evaluates b^d = {} leaves; perfectly ordered alpha-beta b^ceil(d/2) + b^floor(d/2) - 1 = {} (Knuth and Moore)",
            u.branching, u.minimax_leaves, u.knuth_moore_leaves
        );
    }
    println!(
        "nodes: every pass of the search (the work done); last pass, leaves, cutoffs and tt hits: \
         its last pass; 1st: share of cutoffs made by the first move tried; b*: the branching of \
         a uniform tree with as many leaves"
    );
}
