//! Each game's rules, perft, notation and records, in one test binary (one link of
//! the crate instead of one per file).
//!
//! Dodgem's tests stay a binary of their own (tests/dodgem.rs): one of them reads
//! the process-wide counters of `ply::game::progress::SOLVE_PROGRESS` and expects
//! no other solve in its process, while connect4's and kalah's solves here write
//! them.

// A test binary has no public API: `pub` only marks what its modules share.
#![allow(unreachable_pub)]

#[path = "../common/mod.rs"]
mod common;

mod checkers;
mod chess;
mod connect4;
mod go;
mod go_gnugo;
mod gomoku;
mod grundy;
mod kalah;
mod othello;
mod records;
mod roundtrips;
mod tictactoe;
mod xiangqi;
