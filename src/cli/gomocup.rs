//! `ply gomocup`: the arguments; the protocol is in [`crate::protocol::gomocup`].

use clap::Args;

use crate::search::mcts::MAX_THREADS;

#[derive(Args, Debug)]
pub(super) struct GomocupArgs {
    /// The engine, as `ply match` names one (`ALGO:EVAL[:nodes=N]`, or a level,
    /// `level=N`); the time per move comes from the manager's `INFO timeout_turn`,
    /// which also caps an engine's own time.
    #[arg(long, value_name = "SPEC", default_value = "engine:strong")]
    engine: String,
    /// Skip the threat searches before each move (to measure what they bring).
    #[arg(long)]
    no_threat_plan: bool,
    /// Threads searching at once (the manager's `INFO thread_num` overrides
    /// it); unset, the engine spec's.
    #[arg(long, short = 't', value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    threads: Option<u16>,
}

/// Reads commands on stdin until `END` or the end of input.
pub(super) fn run(args: &GomocupArgs) -> anyhow::Result<()> {
    crate::protocol::gomocup::serve(
        &args.engine,
        !args.no_threat_plan,
        args.threads.map(usize::from),
    )
}
