//! `ply uci`: the chess engine behind the Universal Chess Interface, so that chess
//! GUIs, match runners and other engines can play against ply's search.
//!
//! Commands come on stdin, one per line; the search runs on its own thread so that
//! `stop`, `isready` and `quit` are answered while it thinks. Unknown or malformed
//! commands are ignored (with an `info string` saying why), never fatal.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use clap::Args;
use cozy_chess::Color;

use crate::game::chess::{Chess, notation};
use crate::game::{Game, GameError, GameOptions, NamedEvaluator, Playable};
use crate::search::{
    Iteration, Limits, SearchConfig, SearchEvent, SearchResult, score, spawn_search,
};

#[derive(Args, Debug)]
pub struct UciArgs {}

/// Transposition table size when the GUI does not set `Hash`, in MiB.
const DEFAULT_HASH_MIB: usize = 64;
const MAX_HASH_MIB: usize = 4096;
/// Time kept in reserve on the clock for the GUI's own delays.
const CLOCK_MARGIN: Duration = Duration::from_millis(30);

/// A search running on its own thread, with the thread that reports it.
struct RunningSearch {
    stop: Arc<AtomicBool>,
    /// Set by `stop` for `go infinite`, which must not answer before it.
    released: Arc<AtomicBool>,
    reporter: JoinHandle<()>,
}

impl RunningSearch {
    /// Stops the search and waits until its `bestmove` is printed.
    fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        self.released.store(true, Ordering::Relaxed);
        let _ = self.reporter.join();
    }
}

/// The engine's state between commands.
struct Engine {
    game: Chess,
    hash_mib: usize,
    evaluator: NamedEvaluator<Chess>,
    search: Option<RunningSearch>,
}

/// Runs the UCI loop on stdin and stdout until `quit` or the end of input.
pub fn run(_args: &UciArgs) -> anyhow::Result<()> {
    let mut engine = Engine {
        game: Chess::new(),
        hash_mib: DEFAULT_HASH_MIB,
        evaluator: Chess::evaluators().remove(1),
        search: None,
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !engine.command(&line) {
            break;
        }
    }
    engine.stop_search();
    Ok(())
}

/// Prints one line and flushes, so a GUI on a pipe sees it at once; a closed pipe
/// is ignored (the GUI went away).
fn send(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

impl Engine {
    /// Handles one command line; false for `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else {
            return true;
        };
        let result = match name {
            "uci" => {
                self.identify();
                Ok(())
            }
            "isready" => {
                send("readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.stop_search();
                self.game = Chess::new();
                Ok(())
            }
            "setoption" => self.set_option(rest),
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            "stop" => {
                self.stop_search();
                Ok(())
            }
            "quit" => return false,
            _ => Err(GameError::new(format!("unknown command '{name}'"))),
        };
        if let Err(error) = result {
            send(&format!("info string ignored: {error}"));
        }
        true
    }

    fn identify(&self) {
        send("id name ply");
        send("id author the ply authors");
        send(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
        ));
        send("option name Threads type spin default 1 min 1 max 1");
        send("option name Evaluation type combo default strong var strong var seed");
        send("uciok");
    }

    /// `setoption name NAME value VALUE`.
    fn set_option(&mut self, words: &[&str]) -> Result<(), GameError> {
        let value_at = words.iter().position(|&w| w == "value");
        let start = 1.min(words.len());
        let name = words[start..value_at.unwrap_or(words.len()).max(start)].join(" ");
        let value = value_at
            .map(|i| words[i + 1..].join(" "))
            .unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mib: usize = value
                    .parse()
                    .map_err(|_| GameError::new(format!("Hash '{value}' is not a number")))?;
                self.hash_mib = mib.clamp(1, MAX_HASH_MIB);
            }
            "threads" if value == "1" => {}
            "evaluation" => self.evaluator = Chess::evaluator_named(&value)?,
            _ => {
                return Err(GameError::new(format!(
                    "unknown option '{name}' = '{value}'"
                )));
            }
        }
        Ok(())
    }

    /// `position startpos|fen FEN [moves M1 M2 ...]`: all or nothing.
    fn set_position(&mut self, words: &[&str]) -> Result<(), GameError> {
        let moves_at = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let mut game = match words.first() {
            Some(&"startpos") => Chess::new(),
            Some(&"fen") => {
                Chess::parse_position(&words[1..moves_at].join(" "), &GameOptions::default())?
            }
            _ => return Err(GameError::new("position needs startpos or fen")),
        };
        for text in words.iter().skip(moves_at + 1) {
            let m = notation::parse_uci(game.board(), text)?;
            game.play(m);
        }
        self.game = game;
        Ok(())
    }

    /// `go` with its limits: starts a search on its own thread.
    fn go(&mut self, words: &[&str]) -> Result<(), GameError> {
        let request = GoRequest::parse(words)?;
        self.stop_search();
        let limits = request.limits(self.game.board().side_to_move());
        let config = SearchConfig {
            tt_mib: self.hash_mib,
            ..SearchConfig::engine(limits)
        };
        let handle = spawn_search(self.game.clone(), self.evaluator.evaluator.clone(), config);
        let stop = handle.stop_flag();
        let released = Arc::new(AtomicBool::new(!request.infinite));
        let game = self.game.clone();
        let wait_for_stop = released.clone();
        let reporter = std::thread::spawn(move || {
            let mut result = None;
            for event in handle.events.iter() {
                match event {
                    SearchEvent::Iteration(iteration) => send(&info_line(&game, &iteration)),
                    SearchEvent::Finished(done) => {
                        result = Some(done);
                        break;
                    }
                    SearchEvent::Progress(_) => {}
                }
            }
            while !wait_for_stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            send(&bestmove_line(&game, result.as_ref()));
        });
        self.search = Some(RunningSearch {
            stop,
            released,
            reporter,
        });
        Ok(())
    }

    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.finish();
        }
    }
}

/// The limits a `go` command asked for.
#[derive(Debug, Default)]
struct GoRequest {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    clock: [Option<u64>; 2],
    increment: [u64; 2],
    moves_to_go: Option<u64>,
    infinite: bool,
}

impl GoRequest {
    fn parse(words: &[&str]) -> Result<GoRequest, GameError> {
        let mut request = GoRequest::default();
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            let mut number = || -> Result<u64, GameError> {
                let text = words.next().copied().unwrap_or("");
                text.parse::<i64>()
                    .map(|n| n.max(0) as u64)
                    .map_err(|_| GameError::new(format!("go {word} '{text}' is not a number")))
            };
            match word {
                "depth" => request.depth = Some(number()?.clamp(1, 200) as u32),
                "nodes" => request.nodes = Some(number()?.max(1)),
                "movetime" => request.movetime = Some(number()?),
                "wtime" => request.clock[0] = Some(number()?),
                "btime" => request.clock[1] = Some(number()?),
                "winc" => request.increment[0] = number()?,
                "binc" => request.increment[1] = number()?,
                "movestogo" => request.moves_to_go = Some(number()?.max(1)),
                "infinite" => request.infinite = true,
                "ponder" => {}
                _ => return Err(GameError::new(format!("go: unknown word '{word}'"))),
            }
        }
        Ok(request)
    }

    /// The search limits: a fixed move time, or a share of the clock.
    fn limits(&self, side: Color) -> Limits {
        let index = side as usize;
        let from_clock = self.clock[index].map(|remaining| {
            let share = remaining / self.moves_to_go.unwrap_or(30) + self.increment[index] * 3 / 4;
            let ceiling = remaining.saturating_sub(CLOCK_MARGIN.as_millis() as u64) / 2;
            share.min(ceiling).max(1)
        });
        let time = if self.infinite {
            None
        } else {
            self.movetime
                .or(from_clock)
                .map(|ms| Duration::from_millis(ms.max(1)))
        };
        Limits {
            depth: self.depth,
            time,
            nodes: self.nodes,
        }
    }
}

/// `info depth .. seldepth .. score .. nodes .. nps .. time .. pv ..` for an iteration.
fn info_line(game: &Chess, iteration: &Iteration<cozy_chess::Move>) -> String {
    let stats = &iteration.stats;
    let seldepth = (stats.nodes_per_ply.len().saturating_sub(1) as u32).max(iteration.depth);
    format!(
        "info depth {} seldepth {seldepth} score {} nodes {} nps {} time {} pv {}",
        iteration.depth,
        uci_score(iteration.score),
        stats.nodes,
        stats.nps(),
        stats.elapsed.as_millis(),
        uci_line(game, &iteration.pv)
    )
}

/// `cp N` or `mate N` (moves, negative when the engine is being mated).
fn uci_score(value: score::Score) -> String {
    match score::plies_to_end(value) {
        Some(plies) if value > 0 => format!("mate {}", plies.div_ceil(2)),
        Some(plies) => format!("mate -{}", plies.div_ceil(2)),
        None => format!("cp {value}"),
    }
}

/// A line of moves in UCI notation, played out from `game`.
fn uci_line(game: &Chess, moves: &[cozy_chess::Move]) -> String {
    let mut board = game.board().clone();
    let mut words = Vec::new();
    for &m in moves {
        if !board.is_legal(m) {
            break;
        }
        words.push(notation::format_uci(&board, m));
        board.play_unchecked(m);
    }
    words.join(" ")
}

/// `bestmove M`, falling back to any legal move if the search had none, and to
/// `0000` when the game is over.
fn bestmove_line(game: &Chess, result: Option<&SearchResult<cozy_chess::Move>>) -> String {
    let best = result
        .and_then(|r| r.best_move)
        .or_else(|| game.moves().first().copied());
    match best {
        Some(m) => format!("bestmove {}", notation::format_uci(game.board(), m)),
        None => "bestmove 0000".to_string(),
    }
}
