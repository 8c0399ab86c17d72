//! ply: classic two-player games in the terminal, against a game-tree search you
//! can watch think.
//!
//! Layers point one way: [`game`] (rules) <- [`search`] <- [`play`] (the running
//! match) <- [`cli`], the engine
//! [`protocol`]s and the arcade ([`tui`]).

pub mod bench;
pub mod cli;
pub mod fsutil;
pub mod game;
pub mod memory;
pub mod play;
pub mod protocol;
pub mod search;
pub mod text;
pub mod tui;
