//! `ply perft`: count positions at a fixed depth, optionally split by first move.

use std::time::Instant;

use clap::Args;
use serde::Serialize;

use super::args::GameArgs;
use crate::game::perft::{divide, perft};
use crate::game::{GameVisitor, Playable, visit_game};
use crate::search::stats::nodes_per_second;

#[derive(Args, Debug)]
pub(super) struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Plies to count ahead.
    depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    divide: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct PerftReport {
    game: String,
    position: String,
    depth: u32,
    nodes: u64,
    millis: u64,
    nps: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<MoveCount>>,
}

#[derive(Serialize)]
struct MoveCount {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

/// Perft gets slow fast; this keeps a typo like `perft chess 70` from hanging.
const MAX_PERFT_DEPTH: u32 = 64;

struct Perft<'a>(&'a PerftArgs);

impl GameVisitor for Perft<'_> {
    type Output = anyhow::Result<PerftReport>;
    fn visit<G: Playable>(self) -> anyhow::Result<PerftReport> {
        let args = self.0;
        if args.depth > MAX_PERFT_DEPTH {
            anyhow::bail!(
                "perft depth {} is over the limit of {MAX_PERFT_DEPTH}",
                args.depth
            );
        }
        let mut game: G = args.game.setup()?;
        let start = Instant::now();
        let (nodes, split) = if args.divide {
            let split = divide(&mut game, args.depth);
            let counts: Vec<MoveCount> = split
                .iter()
                .map(|&(m, nodes)| MoveCount {
                    mv: game.format_move(m),
                    nodes,
                })
                .collect();
            let total = if args.depth == 0 {
                1
            } else {
                counts.iter().map(|c| c.nodes).sum()
            };
            (total, Some(counts))
        } else {
            (perft(&mut game, args.depth), None)
        };
        let elapsed = start.elapsed();
        Ok(PerftReport {
            game: args.game.game.clone(),
            position: game.format_position(),
            depth: args.depth,
            nodes,
            millis: elapsed.as_millis() as u64,
            nps: nodes_per_second(nodes, elapsed),
            divide: split,
        })
    }
}

pub(super) fn run(args: &PerftArgs) -> anyhow::Result<()> {
    let report = visit_game(&args.game.game, Perft(args))??;
    if args.json {
        return super::print_json(&report);
    }
    for count in report.divide.iter().flatten() {
        println!("{}: {}", count.mv, count.nodes);
    }
    if report.divide.is_some() {
        println!();
    }
    println!(
        "perft {} = {}  ({} ms, {} nps)",
        report.depth, report.nodes, report.millis, report.nps
    );
    Ok(())
}
