//! The engine protocols: ply's search behind UCI and UCCI (chess, xiangqi), GTP
//! (Go) and Gomocup (gomoku), so that GUIs, match runners and other engines can
//! play against it.
//!
//! Beside [`crate::cli`] and [`crate::tui`], above [`crate::play`], [`crate::search`]
//! and [`crate::game`]: the command line only reads its arguments and calls in here.
//! Each protocol reads a line into a typed command first, then a controller that
//! owns the position and the engine runs it.

pub mod gomocup;
pub mod gtp;
mod line;
pub mod uci;
