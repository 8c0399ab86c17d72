//! The `ply` binary as other programs drive it: UCI, UCCI, GTP, Gomocup, the
//! command line and its errors, in one test binary (one link of the crate instead of
//! one per file).

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod eval_cli;
mod gomocup;
mod gtp;
mod protocol_robustness;
mod robust_cli;
mod uci;
mod xiangqi_protocols;
