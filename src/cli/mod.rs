//! The command line.

/// Runs the command line and returns the process exit status.
pub fn main() -> i32 {
    0
}

pub mod play;
