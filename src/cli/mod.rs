//! The command line: the arcade (no arguments, or `ply play`), and the headless
//! `ply list|solve|match|perft|bench|uci`, each with `--json` for scripts, and the
//! manual made from these definitions (`ply man`, `ply completions`).
//!
//! Bad input (unknown game or option, malformed position, illegal move) prints one
//! line to stderr and exits with status 2; nothing here panics on user input.

mod args;
mod batch;
pub mod bench;
mod bench_reference;
mod compare;
mod eval;
mod gomocup;
mod gtp;
mod list;
pub mod manual;
mod match_cmd;
mod oneline;
mod perft;
pub mod play;
mod progress;
mod solve;
pub mod uci;

use clap::{CommandFactory, Parser, Subcommand};

pub use args::{GameArgs, SearchArgs};

/// Exit status for input the program refuses (clap uses the same for usage errors).
pub const EXIT_BAD_INPUT: i32 = 2;

/// ply: classic two-player games in the terminal, against a search you can watch think.
#[derive(Parser, Debug)]
#[command(name = "ply", version = env!("PLY_VERSION"), about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open a game directly in the arcade (`ply` alone opens the menu).
    Play(play::PlayArgs),
    /// List every game with its move and position notation and start position.
    List(list::ListArgs),
    /// Search a position: score, proven value, best move, principal variation, counters.
    Solve(solve::SolveArgs),
    /// One position, one depth, every algorithm of the course side by side.
    Compare(compare::CompareArgs),
    /// Play engine against engine, headless: each game's moves and result, then W/D/L and Elo.
    Match(match_cmd::MatchArgs),
    /// The static evaluation of a position; --explain lists the terms it adds up.
    Eval(eval::EvalArgs),
    /// Count the positions exactly DEPTH plies ahead (checks the move generator).
    Perft(perft::PerftArgs),
    /// Run a fixed, deterministic set of searches and report nodes per second.
    Bench(bench::BenchArgs),
    /// Speak the Universal Chess Interface on stdin/stdout, for chess GUIs and matches.
    Uci(uci::UciArgs),
    /// Speak the Universal Chinese Chess Protocol (xiangqi, ICCS moves) on stdin/stdout.
    Ucci(uci::UcciArgs),
    /// Speak the Go Text Protocol (Go, GTP vertices) on stdin/stdout, for GoGui and twogtp.
    Gtp(gtp::GtpArgs),
    /// Speak the Gomocup (piskvork) protocol on stdin/stdout: gomoku against other engines.
    Gomocup(gomocup::GomocupArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(manual::CompletionsArgs),
    /// Print the manual page (roff; `man -l <(ply man)`), or with --markdown the book's reference.
    Man(manual::ManArgs),
    /// The arcade's keys as Markdown tables, the help's own data (for the README).
    #[command(hide = true)]
    Keys {
        /// Write Markdown tables (the one format there is).
        #[arg(long)]
        markdown: bool,
    },
}

/// Parses the process arguments, runs the command and returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    match run(cli) {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("ply: {}", oneline::escape_control(&format!("{error:#}")));
            EXIT_BAD_INPUT
        }
    }
}

/// Help and version print in full; a usage error prints as one line with a
/// pointer to `--help` (the subcommand's when the error is about one).
fn usage_error(error: &clap::Error) -> i32 {
    if oneline::is_requested_output(error.kind()) {
        let _ = error.print();
        return error.exit_code();
    }
    let command = std::env::args_os()
        .nth(1)
        .and_then(|word| word.to_str().map(str::to_string))
        .filter(|word| Cli::command().find_subcommand(word).is_some());
    let rendered = error.render().to_string();
    eprintln!(
        "ply: {}",
        oneline::usage_line(&rendered, command.as_deref())
    );
    EXIT_BAD_INPUT
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => crate::tui::run(crate::tui::Launch::Menu),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::List(args)) => list::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Compare(args)) => compare::run(&args),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Eval(args)) => eval::run(&args),
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Uci(args)) => uci::run(&args),
        Some(Command::Ucci(args)) => uci::run_ucci(&args),
        Some(Command::Gtp(args)) => gtp::run(&args),
        Some(Command::Gomocup(args)) => gomocup::run(&args),
        Some(Command::Completions(args)) => manual::completions(&args),
        Some(Command::Man(args)) => manual::man(&args),
        Some(Command::Keys { .. }) => {
            print!("{}", crate::tui::screens::help::keys_markdown());
            Ok(())
        }
    }
}

/// Prints a value as one line of JSON on stdout.
fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string(value)?);
    Ok(())
}
