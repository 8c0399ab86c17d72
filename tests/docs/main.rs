//! The README and the book in `docs/` hold what the program does: every page is in
//! the book's table of contents, every link resolves, every command shown runs as
//! written, and the generated manual (reference, man page, completions) matches the
//! command line it is made from.
#![allow(unreachable_pub)]

mod book;
mod commands;
mod manual;
mod markdown;
