//! The `ply` binary as other programs drive it: UCI, UCCI, GTP, Gomocup, the
//! command line and its errors, in one test binary (one link of the crate instead of
//! one per file).

// A test binary has no public API: `pub` only marks what its modules share.
#![allow(unreachable_pub)]

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod eval_cli;
mod gomocup;
mod gtp;
mod gtp_analysis;
mod protocol_robustness;
mod refusals;
mod robust_cli;
mod stop_at_once;
mod uci;
mod uci_lines;
mod xiangqi_protocols;
