//! `ply uci` and `ply ucci`: ply's search behind the engine protocols, so that GUIs,
//! match runners and other engines can play against it.
//!
//! `ply uci` speaks the Universal Chess Interface for chess, and with `--variant
//! xiangqi` for xiangqi exactly as Fairy-Stockfish does with `UCI_Variant xiangqi`
//! (moves count ranks 1-10 from Red's side: `h3e3`). `ply ucci` speaks the
//! Universal Chinese Chess Protocol for xiangqi (ICCS moves, ranks 0-9: `h2e2`).
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

use crate::game::chess::{Chess, notation};
use crate::game::xiangqi::Xiangqi;
use crate::game::xiangqi::notation::Coordinates;
use crate::game::{GameError, GameOptions, NamedEvaluator, Playable};
use crate::play::clock::allocate_move_time;
use crate::play::notation::format_line_with;
use crate::search::engine::{self, SharedEngine};
use crate::search::{
    Iteration, Limits, SearchConfig, SearchEvent, SearchResult, score, shared_engine,
    spawn_engine_search,
};

#[derive(Args, Debug)]
pub struct UciArgs {
    /// The game: chess, or xiangqi with Fairy-Stockfish's move coordinates (h3e3).
    #[arg(long, default_value = "chess")]
    variant: String,
}

#[derive(Args, Debug)]
pub struct UcciArgs {}

/// Which engine protocol is spoken: the words differ, the engine does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// The Universal Chess Interface (with Fairy-Stockfish's variants).
    Uci,
    /// The Universal Chinese Chess Protocol.
    Ucci,
}

/// A game an engine protocol can serve: how its moves are written on the wire.
pub trait ProtocolGame: Playable {
    /// The name `UCI_Variant` gives it.
    const VARIANT: &'static str;
    /// Writes a legal move as the protocol does.
    fn write_engine_move(&self, m: Self::Move, dialect: Dialect) -> String;
    /// Reads a move as the protocol writes it and checks it is legal here.
    fn read_engine_move(&self, text: &str, dialect: Dialect) -> Result<Self::Move, GameError>;
}

impl ProtocolGame for Chess {
    const VARIANT: &'static str = "chess";
    fn write_engine_move(&self, m: Self::Move, _dialect: Dialect) -> String {
        notation::format_uci(self.board(), m)
    }
    fn read_engine_move(&self, text: &str, _dialect: Dialect) -> Result<Self::Move, GameError> {
        notation::parse_uci(self.board(), text)
    }
}

/// UCI counts xiangqi ranks from 1 as Fairy-Stockfish does; UCCI from 0 (ICCS).
fn xiangqi_coordinates(dialect: Dialect) -> Coordinates {
    match dialect {
        Dialect::Uci => Coordinates::Uci,
        Dialect::Ucci => Coordinates::Iccs,
    }
}

impl ProtocolGame for Xiangqi {
    const VARIANT: &'static str = "xiangqi";
    fn write_engine_move(&self, m: Self::Move, dialect: Dialect) -> String {
        crate::game::xiangqi::notation::format_coordinates(m, xiangqi_coordinates(dialect))
    }
    fn read_engine_move(&self, text: &str, dialect: Dialect) -> Result<Self::Move, GameError> {
        self.parse_coordinates(text, xiangqi_coordinates(dialect))
    }
}

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
struct Engine<G: ProtocolGame> {
    game: G,
    dialect: Dialect,
    hash_mib: usize,
    evaluator: NamedEvaluator<G>,
    search: Option<RunningSearch>,
    /// The table and ordering tables, kept from one `go` to the next in a game.
    memory: SharedEngine<G>,
    /// UCCI's clock unit: milliseconds once the GUI sets `usemillisec`, else seconds.
    millis: bool,
}

/// Runs the UCI loop on stdin and stdout until `quit` or the end of input.
pub fn run(args: &UciArgs) -> anyhow::Result<()> {
    match args.variant.as_str() {
        "chess" => serve::<Chess>(Dialect::Uci),
        "xiangqi" => serve::<Xiangqi>(Dialect::Uci),
        other => Err(GameError::new(format!(
            "unknown variant '{other}': expected chess or xiangqi"
        ))
        .into()),
    }
}

/// Runs the UCCI loop for xiangqi on stdin and stdout until `quit` or the end of input.
pub fn run_ucci(_args: &UcciArgs) -> anyhow::Result<()> {
    serve::<Xiangqi>(Dialect::Ucci)
}

/// The start position of `G`.
fn start<G: Playable>() -> G {
    G::start(&GameOptions::default()).expect("the default options are valid")
}

fn serve<G: ProtocolGame>(dialect: Dialect) -> anyhow::Result<()> {
    let evaluators = G::evaluators();
    let evaluator = evaluators
        .iter()
        .find(|e| e.name == "strong")
        .unwrap_or(&evaluators[0])
        .clone();
    let mut engine = Engine {
        game: start::<G>(),
        dialect,
        hash_mib: DEFAULT_HASH_MIB,
        evaluator,
        search: None,
        memory: shared_engine(),
        millis: false,
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

impl<G: ProtocolGame> Engine<G> {
    /// Handles one command line; false for `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else {
            return true;
        };
        let result = match (name, self.dialect) {
            ("uci", Dialect::Uci) => {
                self.identify();
                Ok(())
            }
            ("ucci", Dialect::Ucci) => {
                self.identify_ucci();
                Ok(())
            }
            ("isready", _) => {
                send("readyok");
                Ok(())
            }
            ("ucinewgame", Dialect::Uci) => {
                self.new_game();
                Ok(())
            }
            ("setoption", _) => self.set_option(rest),
            ("position", _) => self.set_position(rest),
            ("go", _) => self.go(rest),
            ("stop", _) => {
                self.stop_search();
                Ok(())
            }
            ("banmoves" | "probe", Dialect::Ucci) => {
                Err(GameError::new(format!("'{name}' is not supported")))
            }
            ("quit", Dialect::Uci) => return false,
            ("quit", Dialect::Ucci) => {
                self.stop_search();
                send("bye");
                return false;
            }
            _ => Err(GameError::new(format!("unknown command '{name}'"))),
        };
        if let Err(error) = result {
            send(&format!("info string ignored: {error}"));
        }
        true
    }

    fn new_game(&mut self) {
        self.stop_search();
        self.game = start::<G>();
        engine::lock(&self.memory).new_game();
    }

    /// The evaluations as a combo option's `var` list.
    fn evaluation_names(&self) -> String {
        G::evaluators()
            .iter()
            .map(|e| format!("var {}", e.name))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn identify(&self) {
        send("id name ply");
        send("id author the ply authors");
        send(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
        ));
        send("option name Threads type spin default 1 min 1 max 1");
        send(&format!(
            "option name Evaluation type combo default {} {}",
            self.evaluator.name,
            self.evaluation_names()
        ));
        if G::VARIANT != Chess::VARIANT {
            send(&format!(
                "option name UCI_Variant type combo default {0} var {0}",
                G::VARIANT
            ));
        }
        send("uciok");
    }

    fn identify_ucci(&self) {
        send("id name ply");
        send("id author the ply authors");
        send(&format!(
            "option hashsize type spin min 1 max {MAX_HASH_MIB} default {DEFAULT_HASH_MIB}"
        ));
        send("option usemillisec type check default false");
        send(&format!(
            "option evaluation type combo {} default {}",
            self.evaluation_names(),
            self.evaluator.name
        ));
        send("ucciok");
    }

    /// `setoption name NAME value VALUE` (UCI) or `setoption NAME VALUE` (UCCI).
    fn set_option(&mut self, words: &[&str]) -> Result<(), GameError> {
        let (name, value) = match (self.dialect, words.first()) {
            (Dialect::Ucci, Some(&name)) if name != "name" => {
                (name.to_string(), words[1..].join(" "))
            }
            _ => {
                let value_at = words.iter().position(|&w| w == "value");
                let start = 1.min(words.len());
                let name = words[start..value_at.unwrap_or(words.len()).max(start)].join(" ");
                let value = value_at
                    .map(|i| words[i + 1..].join(" "))
                    .unwrap_or_default();
                (name, value)
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" if value == G::VARIANT => {}
            "newgame" if self.dialect == Dialect::Ucci => self.new_game(),
            "usemillisec" if self.dialect == Dialect::Ucci => self.millis = value == "true",
            "batch" | "debug" | "ponder" | "bookfiles" | "usebook" | "promotion"
                if self.dialect == Dialect::Ucci => {}
            "hash" | "hashsize" => {
                let mib: usize = value
                    .parse()
                    .map_err(|_| GameError::new(format!("Hash '{value}' is not a number")))?;
                self.hash_mib = mib.clamp(1, MAX_HASH_MIB);
            }
            "threads" if value == "1" => {}
            "evaluation" => self.evaluator = G::evaluator_named(&value)?,
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
            Some(&"startpos") => start::<G>(),
            Some(&"fen") => {
                G::parse_position(&words[1..moves_at].join(" "), &GameOptions::default())?
            }
            _ => return Err(GameError::new("position needs startpos or fen")),
        };
        for text in words.iter().skip(moves_at + 1) {
            let m = game.read_engine_move(text, self.dialect)?;
            game.play(m);
        }
        self.game = game;
        Ok(())
    }

    /// `go` with its limits: starts a search on its own thread.
    fn go(&mut self, words: &[&str]) -> Result<(), GameError> {
        let side = self.game.to_move().index();
        let ucci_unit = match self.dialect {
            Dialect::Uci => None,
            Dialect::Ucci if self.millis => Some(1),
            Dialect::Ucci => Some(1000),
        };
        let request = GoRequest::parse(words, side, ucci_unit)?;
        self.stop_search();
        let limits = request.limits(side);
        let config = SearchConfig {
            tt_mib: self.hash_mib,
            ..SearchConfig::engine(limits)
        };
        let handle = spawn_engine_search(
            self.memory.clone(),
            self.game.clone(),
            self.evaluator.evaluator.clone(),
            config,
        );
        let stop = handle.stop_flag();
        let released = Arc::new(AtomicBool::new(!request.infinite));
        let game = self.game.clone();
        let dialect = self.dialect;
        let wait_for_stop = released.clone();
        let reporter = std::thread::spawn(move || {
            let mut result = None;
            for event in handle.events.iter() {
                match event {
                    SearchEvent::Iteration(iteration) => {
                        send(&info_line(&game, &iteration, dialect))
                    }
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
            send(&bestmove_line(&game, result.as_ref(), dialect));
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
    /// Reads `go`'s words: UCI's (`wtime`, `movetime`...), and with `ucci_unit`
    /// (milliseconds per clock unit) UCCI's (`time`, `increment`, `opptime`... of
    /// the side to move, `side`, and its opponent).
    fn parse(words: &[&str], side: usize, ucci_unit: Option<u64>) -> Result<GoRequest, GameError> {
        let mut request = GoRequest::default();
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            if word == "depth" && words.as_slice().first() == Some(&"infinite") {
                words.next();
                request.infinite = true;
                continue;
            }
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
                "time" | "increment" | "opptime" | "oppincrement" | "oppmovestogo"
                    if ucci_unit.is_some() =>
                {
                    let amount = number()? * ucci_unit.unwrap_or(1);
                    match word {
                        "time" => request.clock[side] = Some(amount),
                        "increment" => request.increment[side] = amount,
                        "opptime" => request.clock[1 - side] = Some(amount),
                        "oppincrement" => request.increment[1 - side] = amount,
                        _ => {}
                    }
                }
                "infinite" => request.infinite = true,
                "ponder" | "draw" => {}
                _ => return Err(GameError::new(format!("go: unknown word '{word}'"))),
            }
        }
        Ok(request)
    }

    /// The limits for the side with this index: a fixed move time, or a share of its clock.
    fn limits(&self, index: usize) -> Limits {
        let from_clock = self.clock[index].map(|remaining| {
            let moves_to_go = self.moves_to_go.map(|n| n.min(u64::from(u32::MAX)) as u32);
            let increment = Duration::from_millis(self.increment[index]);
            let left = Duration::from_millis(remaining);
            allocate_move_time(left, increment, moves_to_go, CLOCK_MARGIN).as_millis() as u64
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

/// `info depth .. seldepth .. score .. nodes .. nps .. time .. pv ..` for an
/// iteration (UCCI: `info depth .. score .. nodes .. time .. pv ..`).
fn info_line<G: ProtocolGame>(
    game: &G,
    iteration: &Iteration<G::Move>,
    dialect: Dialect,
) -> String {
    let stats = &iteration.stats;
    let pv = engine_line(game, &iteration.pv, dialect);
    if dialect == Dialect::Ucci {
        return format!(
            "info depth {} score {} nodes {} time {} pv {pv}",
            iteration.depth,
            ucci_score(iteration.score),
            stats.nodes_all_passes,
            stats.elapsed.as_millis(),
        );
    }
    let seldepth = (stats.nodes_per_ply.len().saturating_sub(1) as u32).max(iteration.depth);
    format!(
        "info depth {} seldepth {seldepth} score {} nodes {} nps {} time {} pv {pv}",
        iteration.depth,
        uci_score(iteration.score),
        stats.nodes_all_passes,
        stats.nps(),
        stats.elapsed.as_millis(),
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

/// UCCI scores are plain numbers; a mate is 10000 less the plies to it.
fn ucci_score(value: score::Score) -> i64 {
    const MATE: i64 = 10_000;
    match score::plies_to_end(value) {
        Some(plies) if value > 0 => MATE - plies as i64,
        Some(plies) => plies as i64 - MATE,
        None => value as i64,
    }
}

/// A line of moves as the protocol writes them, played out from `game`.
fn engine_line<G: ProtocolGame>(game: &G, moves: &[G::Move], dialect: Dialect) -> String {
    format_line_with(game, moves, |position, m| {
        position.write_engine_move(m, dialect)
    })
    .join(" ")
}

/// `bestmove M`, falling back to any legal move if the search had none; when the
/// game is over, `bestmove 0000` (UCI) or `nobestmove` (UCCI).
fn bestmove_line<G: ProtocolGame>(
    game: &G,
    result: Option<&SearchResult<G::Move>>,
    dialect: Dialect,
) -> String {
    let best = result
        .and_then(|r| r.best_move)
        .or_else(|| game.moves().first().copied());
    match (best, dialect) {
        (Some(m), _) => format!("bestmove {}", game.write_engine_move(m, dialect)),
        (None, Dialect::Uci) => "bestmove 0000".to_string(),
        (None, Dialect::Ucci) => "nobestmove".to_string(),
    }
}
