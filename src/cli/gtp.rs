//! `ply gtp`: the arguments; the protocol is in [`crate::protocol::gtp`].

use clap::Args;

use crate::search::mcts::{DEFAULT_MEMORY_MIB, MAX_THREADS};

use crate::play::mcts_spec::read_memory_mib;
use crate::protocol::gtp::{self, GtpSettings, RESIGN_PERCENT, RESIGN_STREAK, go_settings};

#[derive(Args, Debug)]
pub(super) struct GtpArgs {
    /// Seconds per move for `genmove` when the controller sets no time.
    #[arg(long, value_name = "SECS", default_value_t = 1.0)]
    time: f64,
    /// Playouts per move instead of a time (the same game on every machine).
    #[arg(long, value_name = "N")]
    playouts: Option<u64>,
    /// Resign when the best move wins less than this percentage of its playouts
    /// (0: never resign)...
    #[arg(long, value_name = "PERCENT", default_value_t = RESIGN_PERCENT)]
    resign: f64,
    /// ...on this many of our moves in a row.
    #[arg(long, value_name = "MOVES", default_value_t = RESIGN_STREAK)]
    resign_streak: u32,
    /// The UCT exploration constant in hundredths (a tuning knob).
    #[arg(long, value_name = "CENTI", default_value_t = go_settings().exploration_centi)]
    exploration: u32,
    /// RAVE's equivalence parameter in playouts (a tuning knob).
    #[arg(long, value_name = "PLAYOUTS", default_value_t = go_settings().rave_equivalence)]
    rave_equivalence: u32,
    /// The seed of the playouts; each game and move draws its own from it, so
    /// a match at fixed playouts does not replay the same game over and over.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The search tree's memory budget in MiB: past it the tree stops growing
    /// and the playouts go on from its leaves [default: 1024].
    #[arg(long, value_name = "MIB")]
    memory: Option<String>,
    /// Threads searching at once (root-parallel Monte Carlo: each grows a tree
    /// of its own, summed at the root); 1 replays a seed exactly.
    #[arg(long, short = 't', value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    threads: u16,
}

/// Runs the GTP loop on stdin and stdout until `quit` or the end of input.
pub(super) fn run(args: &GtpArgs) -> anyhow::Result<()> {
    let memory_mib = match &args.memory {
        Some(mib) => read_memory_mib(mib, "--memory ")?,
        None => DEFAULT_MEMORY_MIB,
    };
    gtp::serve(&GtpSettings {
        seconds_per_move: args.time,
        playouts: args.playouts,
        resign_percent: args.resign,
        resign_streak: args.resign_streak,
        exploration_centi: args.exploration,
        rave_equivalence: args.rave_equivalence,
        seed: args.seed,
        memory_mib,
        threads: usize::from(args.threads),
    })
}
