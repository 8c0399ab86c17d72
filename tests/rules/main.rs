//! Each game's rules, perft, notation and records, in one test binary (one link of
//! the crate instead of one per file).

#[path = "../common/mod.rs"]
mod common;

mod checkers;
mod chess;
mod connect4;
mod dodgem;
mod go;
mod go_gnugo;
mod gomoku;
mod grundy;
mod kalah;
mod records;
mod roundtrips;
mod tictactoe;
mod xiangqi;
