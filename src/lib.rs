//! ply: classic two-player games in the terminal, against a game-tree search you
//! can watch think.
//!
//! Layers point one way: [`game`] (rules) <- [`search`] <- [`cli`] and the arcade.

pub mod cli;
pub mod fsutil;
pub mod game;
pub mod search;
pub mod text;
pub mod tui;
