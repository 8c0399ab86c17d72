//! `ply uci` and `ply ucci`: the arguments; the protocols are in [`crate::protocol::uci`].

use clap::Args;

use crate::protocol::uci::{self, Dialect};

/// Arguments of `ply uci`.
#[derive(Args, Debug)]
pub struct UciArgs {
    /// The game: chess, or xiangqi with Fairy-Stockfish's move coordinates (h3e3).
    #[arg(long, default_value = "chess")]
    variant: String,
}

/// Arguments of `ply ucci` (none: it speaks xiangqi).
#[derive(Args, Debug)]
pub struct UcciArgs {}

/// Runs the UCI loop on stdin and stdout until `quit` or the end of input.
pub fn run(args: &UciArgs) -> anyhow::Result<()> {
    uci::serve_variant(&args.variant, Dialect::Uci, std::io::stdin().lock())
}

/// Runs the UCCI loop for xiangqi on stdin and stdout until `quit` or the end of input.
pub fn run_ucci(_args: &UcciArgs) -> anyhow::Result<()> {
    let variant = <crate::game::xiangqi::Xiangqi as uci::ProtocolGame>::VARIANT;
    uci::serve_variant(variant, Dialect::Ucci, std::io::stdin().lock())
}
