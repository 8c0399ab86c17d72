//! `ply uci` and `ply ucci`: ply's search behind the engine protocols, so that GUIs,
//! match runners and other engines can play against it.
//!
//! `ply uci` speaks the Universal Chess Interface for chess, and with `--variant
//! xiangqi` for xiangqi exactly as Fairy-Stockfish does with `UCI_Variant xiangqi`
//! (moves count ranks 1-10 from Red's side: `h3e3`). `ply ucci` speaks the
//! Universal Chinese Chess Protocol for xiangqi (ICCS moves, ranks 0-9: `h2e2`).
//!
//! Commands come on stdin, one per line, read as bytes: a line that is not UTF-8 or
//! is absurdly long is skipped with an `info string`, as is any unknown or malformed
//! command; nothing a GUI sends ends the session but `quit` and the end of input.
//! The search runs on its own thread so that `stop`, `isready` and `quit` are
//! answered while it thinks, and every `go` gets exactly one `bestmove`, with a legal
//! move whenever the board has one, also where the draw rules already ended the game.

mod command;

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::line::{LONGEST_LINE, Line, read_line};
use crate::game::chess::{Chess, notation};
use crate::game::xiangqi::Xiangqi;
use crate::game::xiangqi::notation::Coordinates;
use crate::game::{Game, GameError, GameOptions, NamedEvaluator, Playable};
use crate::play::EngineSettings;
use crate::play::clock::allocate_move_time;
use crate::play::levels::{DEFAULT_LEVEL, elo_of_level, elo_range, level_for_elo, level_settings};
use crate::play::notation::format_line_with;
use crate::search::engine::{self, SharedEngine};
use crate::search::time::TimeBudget;
use crate::search::{
    Iteration, Limits, MAX_THREADS, PvLine, SearchConfig, SearchEvent, SearchResult, Stats, score,
    shared_engine, spawn_engine_search_among,
};
use crate::text::escape_control;

pub use command::{GoRequest, RelativeClock, StartPosition, UciCommand, UciParseError};

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
    /// The moves the board allows, even where a draw rule (repetition, move count,
    /// material) has already ended the game: a GUI that does not adjudicate such
    /// draws still wants a move.
    fn moves_ignoring_draw_rules(&self) -> Vec<Self::Move>;
}

impl ProtocolGame for Chess {
    const VARIANT: &'static str = "chess";
    fn write_engine_move(&self, m: Self::Move, _dialect: Dialect) -> String {
        notation::format_uci(self.board(), m)
    }
    fn read_engine_move(&self, text: &str, _dialect: Dialect) -> Result<Self::Move, GameError> {
        notation::parse_uci(self.board(), text)
    }
    fn moves_ignoring_draw_rules(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.board().generate_moves(|moves| {
            out.extend(moves);
            false
        });
        out
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
    fn moves_ignoring_draw_rules(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.board().legal_moves(self.to_move(), false, &mut out);
        out
    }
}

/// Transposition table size when the GUI does not set `Hash`, in MiB.
const DEFAULT_HASH_MIB: u64 = 64;
/// The largest `Hash` advertised, in MiB.
const MAX_HASH_MIB: u64 = 4096;
/// Time kept in reserve on the clock for the GUI's own delays.
const CLOCK_MARGIN: Duration = Duration::from_millis(30);
/// The longest a single search may be asked to think: a year, far past any game,
/// and far from the clock arithmetic's limits.
const LONGEST_THINK_MS: u64 = 365 * 24 * 3600 * 1000;
/// The deepest search `go depth` may ask for, in plies.
const DEEPEST: u64 = 200;
/// The most lines `MultiPV` may ask for.
const MOST_LINES: u64 = 64;

/// A search running on its own thread, with the thread that reports it.
struct RunningSearch {
    stop: Arc<AtomicBool>,
    /// Dropped by `stop`: `go infinite` must not answer before it.
    release: mpsc::Sender<()>,
    reporter: JoinHandle<()>,
}

impl RunningSearch {
    /// Stops the search and waits until its `bestmove` is printed.
    fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        drop(self.release);
        let _ = self.reporter.join();
    }
}

/// The engine's side of a session: the position, the engine and its options,
/// and the search running, which [`UciController::run`] changes one command at a time.
struct UciController<G: ProtocolGame> {
    game: G,
    dialect: Dialect,
    hash_mib: u64,
    /// Threads the engine searches on (`Threads`; 1 unless the GUI sets it, as
    /// GUIs expect of a UCI engine: they set it to the cores they give it).
    threads: usize,
    evaluator: NamedEvaluator<G>,
    search: Option<RunningSearch>,
    /// The table and ordering tables, kept from one `go` to the next in a game.
    memory: SharedEngine<G>,
    /// UCCI's clock unit: milliseconds once the GUI sets `usemillisec`, else seconds.
    millis: bool,
    /// How a clock is spent (the `TimeManagement` option).
    time_policy: TimePolicy,
    /// The engine's extras switched on or off (the `Extras` option), so a tester
    /// can play a setting against another program without a build of its own.
    extras: Vec<(String, bool)>,
    /// Set when the last `position` was refused: a `go` then answers no move rather
    /// than one for the position before it, which the GUI no longer means.
    position_refused: bool,
    /// Lines each search reports (the `MultiPV` option).
    multi_pv: usize,
    /// True: play at the level `elo` picks (the `UCI_LimitStrength` option).
    limit_strength: bool,
    /// The Elo asked for (the `UCI_Elo` option); its level's limits and
    /// evaluation replace the engine's while `limit_strength` is on.
    elo: u32,
}

/// How a search spends the clock `go wtime ... btime ...` gives. Fixed stays the
/// default: adaptive showed no gain (docs/src/engines/ledger.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TimePolicy {
    /// The share of the clock the arcade gives a move, as one limit; no iteration
    /// starts past half of it.
    Fixed,
    /// A soft budget and a hard cap; more time while the best move changes or the
    /// score falls, less once it is settled ([`crate::search::time`]).
    Adaptive,
}

impl TimePolicy {
    /// The option's values, the default first.
    const NAMES: [&'static str; 2] = ["fixed", "adaptive"];

    fn parse(text: &str) -> Result<TimePolicy, GameError> {
        match text {
            "adaptive" => Ok(TimePolicy::Adaptive),
            "fixed" => Ok(TimePolicy::Fixed),
            _ => Err(GameError::new(format!(
                "TimeManagement '{text}': expected {}",
                TimePolicy::NAMES.join(" or ")
            ))),
        }
    }
}

/// Serves a session read from `input` (`--variant` chess or xiangqi), answering on
/// stdout: the protocol loop itself, public so that fuzzing can feed it any bytes.
pub fn serve_variant(variant: &str, dialect: Dialect, input: impl BufRead) -> anyhow::Result<()> {
    match variant {
        v if v == Chess::VARIANT => serve::<Chess>(dialect, input),
        v if v == Xiangqi::VARIANT => serve::<Xiangqi>(dialect, input),
        other => {
            return Err(GameError::new(format!(
                "unknown variant '{other}': expected {} or {}",
                Chess::VARIANT,
                Xiangqi::VARIANT
            ))
            .into());
        }
    }
    Ok(())
}

/// Whether a session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The start position of `G`.
fn start<G: Playable>() -> G {
    G::start(&GameOptions::default()).expect("the default options are valid")
}

fn serve<G: ProtocolGame>(dialect: Dialect, mut input: impl BufRead) {
    let evaluators = G::evaluators();
    let evaluator = evaluators
        .iter()
        .find(|e| e.name == G::PROFILE.play_eval)
        .unwrap_or(&evaluators[0])
        .clone();
    let mut controller = UciController {
        game: start::<G>(),
        dialect,
        hash_mib: DEFAULT_HASH_MIB,
        threads: 1,
        evaluator,
        search: None,
        memory: shared_engine(),
        millis: false,
        time_policy: TimePolicy::Fixed,
        extras: Vec::new(),
        position_refused: false,
        multi_pv: 1,
        limit_strength: false,
        elo: default_elo(G::VARIANT),
    };
    let mut line = Vec::new();
    loop {
        let keep_going = match read_line(&mut input, &mut line) {
            Line::End => false,
            Line::TooLong => {
                send(&format!(
                    "info string ignored: a line longer than {LONGEST_LINE} bytes"
                ));
                true
            }
            Line::Read => match std::str::from_utf8(&line) {
                Ok(text) => controller.handle(text),
                Err(_) => {
                    send("info string ignored: a line that is not UTF-8");
                    true
                }
            },
        };
        if !keep_going {
            break;
        }
    }
    controller.stop_search();
}

/// Prints one line and flushes, so a GUI on a pipe sees it at once; a closed pipe
/// is ignored (the GUI went away).
fn send(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// `info string` with a note for the GUI's log.
fn note(text: &str) {
    send(&format!("info string {text}"));
}

/// The `UCI_Elo` a session starts with: the Elo of the arcade's default level, or
/// of the lowest rated one (0 where the game's levels are not rated).
fn default_elo(game: &str) -> u32 {
    elo_of_level(game, DEFAULT_LEVEL)
        .or_else(|| elo_range(game).map(|range| *range.start()))
        .unwrap_or(0)
}

/// A check option's value: `true` or `false`.
fn check_value(name: &str, value: &str) -> Result<bool, GameError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(GameError::new(format!(
            "{name} '{value}': expected true or false"
        ))),
    }
}

/// A spin option's value: out-of-range values are clamped to `min..=max` with a note.
fn spin_value(name: &str, value: &str, min: u64, max: u64) -> Result<u64, GameError> {
    let number: i128 = value
        .parse()
        .map_err(|_| GameError::new(format!("{name} '{value}' is not a number")))?;
    let clamped = number.clamp(i128::from(min), i128::from(max)) as u64;
    if i128::from(clamped) != number {
        note(&format!(
            "{name} {number} is out of range {min} to {max}: using {clamped}"
        ));
    }
    Ok(clamped)
}

impl<G: ProtocolGame> UciController<G> {
    /// Reads and runs one line, noting what it ignores; false once the session ends.
    fn handle(&mut self, line: &str) -> bool {
        let refused = match UciCommand::parse(line, self.dialect) {
            Ok(command) => match self.run(command) {
                Ok(flow) => return flow == Flow::Continue,
                Err(error) => error.to_string(),
            },
            Err(UciParseError::Blank) => return true,
            Err(error) => error.to_string(),
        };
        note(&format!("ignored: {refused}"));
        true
    }

    /// Runs one command: whether the session goes on, or why the command was refused.
    fn run(&mut self, command: UciCommand) -> Result<Flow, GameError> {
        match command {
            UciCommand::Uci => self.identify(),
            UciCommand::Ucci => self.identify_ucci(),
            UciCommand::IsReady => send("readyok"),
            UciCommand::NewGame => self.new_game(),
            UciCommand::SetOption { name, value } => self.set_option(&name, &value)?,
            UciCommand::Position { start, moves } => self.set_position(&start, &moves)?,
            UciCommand::Go(request) => self.go(request),
            UciCommand::Stop => self.stop_search(),
            UciCommand::Quit => {
                if self.dialect == Dialect::Ucci {
                    self.stop_search();
                    send("bye");
                }
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }

    fn new_game(&mut self) {
        self.stop_search();
        self.game = start::<G>();
        self.position_refused = false;
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
        send(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        send(&format!(
            "option name TimeManagement type combo default {0} var {0} var {1}",
            TimePolicy::NAMES[0],
            TimePolicy::NAMES[1]
        ));
        send(&format!(
            "option name Evaluation type combo default {} {}",
            self.evaluator.name,
            self.evaluation_names()
        ));
        send("option name Extras type string default <empty>");
        send(&format!(
            "option name MultiPV type spin default 1 min 1 max {MOST_LINES}"
        ));
        send("option name UCI_LimitStrength type check default false");
        if let Some(range) = elo_range(G::VARIANT) {
            send(&format!(
                "option name UCI_Elo type spin default {} min {} max {}",
                self.elo,
                range.start(),
                range.end()
            ));
        }
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
        send(&format!(
            "option threads type spin min 1 max {MAX_THREADS} default 1"
        ));
        send("option usemillisec type check default false");
        send(&format!(
            "option multipv type spin min 1 max {MOST_LINES} default 1"
        ));
        send(&format!(
            "option evaluation type combo {} default {}",
            self.evaluation_names(),
            self.evaluator.name
        ));
        send("ucciok");
    }

    /// Sets an option: UCI's and UCCI's names, any case.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" if value == G::VARIANT => {}
            "newgame" if self.dialect == Dialect::Ucci => self.new_game(),
            "usemillisec" if self.dialect == Dialect::Ucci => {
                self.millis = check_value(name, value)?;
            }
            "multipv" => self.multi_pv = spin_value(name, value, 1, MOST_LINES)? as usize,
            "uci_limitstrength" => {
                self.limit_strength = check_value(name, value)?;
                if self.limit_strength && elo_range(G::VARIANT).is_none() {
                    note(&format!(
                        "{}'s levels are not rated yet: UCI_LimitStrength has no effect",
                        G::VARIANT
                    ));
                }
            }
            "uci_elo" => match elo_range(G::VARIANT) {
                Some(range) => {
                    self.elo = spin_value(
                        name,
                        value,
                        u64::from(*range.start()),
                        u64::from(*range.end()),
                    )? as u32;
                }
                None => note(&format!(
                    "{}'s levels are not rated yet: UCI_Elo has no effect",
                    G::VARIANT
                )),
            },
            "batch" | "debug" | "ponder" | "bookfiles" | "usebook" | "promotion"
                if self.dialect == Dialect::Ucci => {}
            "hash" | "hashsize" => self.hash_mib = spin_value(name, value, 1, MAX_HASH_MIB)?,
            "threads" => self.threads = spin_value(name, value, 1, MAX_THREADS as u64)? as usize,
            "evaluation" => self.evaluator = G::evaluator_named(value)?,
            "timemanagement" => self.time_policy = TimePolicy::parse(value)?,
            "extras" if self.dialect == Dialect::Uci => self.extras = parse_extras(value)?,
            _ => {
                return Err(GameError::new(format!(
                    "unknown option '{name}' = '{value}'"
                )));
            }
        }
        Ok(())
    }

    /// `position ...`: all or nothing; refused, it leaves no position behind.
    fn set_position(&mut self, start: &StartPosition, moves: &[String]) -> Result<(), GameError> {
        self.position_refused = true;
        let mut game = match start {
            StartPosition::Start => self::start::<G>(),
            StartPosition::Fen(fen) => G::parse_position(fen, &GameOptions::default())?,
        };
        for text in moves {
            let m = game.read_engine_move(text, self.dialect)?;
            game.play(m);
        }
        self.game = game;
        self.position_refused = false;
        Ok(())
    }

    /// The moves the root of a search may play: the board's moves (draw rules
    /// aside), narrowed to `searchmoves` when the GUI named some legal ones.
    fn root_moves(&self, searchmoves: &[String]) -> Vec<G::Move> {
        let all = self.game.moves_ignoring_draw_rules();
        let mut chosen = Vec::new();
        for text in searchmoves {
            match self.game.read_engine_move(text, self.dialect) {
                Ok(m) if all.contains(&m) => {
                    if !chosen.contains(&m) {
                        chosen.push(m);
                    }
                }
                _ => note(&format!(
                    "ignored: searchmoves '{}' is not a legal move here",
                    escape_control(text)
                )),
            }
        }
        if chosen.is_empty() { all } else { chosen }
    }

    /// `go` with its limits: starts a search on its own thread. Every `go` is
    /// answered by one `bestmove`: one with words it cannot read is refused as a
    /// whole and answered by a one-ply search.
    fn go(&mut self, request: GoRequest) {
        let side = self.game.to_move().index();
        let request = request.on_clock(side, if self.millis { 1 } else { 1000 });
        for problem in &request.problems {
            note(&format!("refused: {problem}; bestmove of a one-ply search"));
        }
        self.stop_search();
        if self.position_refused {
            note("refused: go without a position (the last position command was refused)");
            let root = SearchRoot {
                game: self.game.clone(),
                moves: Vec::new(),
            };
            send(&bestmove_line(&root, None, self.dialect));
            return;
        }
        let view = SearchRoot {
            game: self.game.clone(),
            moves: self.root_moves(&request.searchmoves),
        };
        let mut config = request.config(side, self.hash_mib, self.time_policy);
        config.threads = self.threads;
        for (name, on) in &self.extras {
            // Names were checked when the option was set.
            let _ = config.switch(name, *on);
        }
        config.multi_pv = self.multi_pv;
        let mut evaluator = self.evaluator.evaluator.clone();
        if let Some(level) = self.strength_level() {
            config = within_level(config, &level);
            if let Ok(named) = G::evaluator_named(&level.eval) {
                evaluator = named.evaluator;
            }
        }
        let multi_pv = self.multi_pv;
        let handle = spawn_engine_search_among(
            self.memory.clone(),
            view.game.clone(),
            view.moves.clone(),
            evaluator,
            config,
        );
        let stop = handle.stop_flag();
        let (release, released) = mpsc::channel::<()>();
        let dialect = self.dialect;
        let infinite = request.infinite;
        let mate_plies = request.mate_plies();
        let stop_at_mate = stop.clone();
        let reporter = std::thread::spawn(move || {
            let mut result = None;
            let mut reported_move = None;
            for event in handle.events.iter() {
                match event {
                    SearchEvent::Iteration(iteration) => {
                        reported_move = iteration.pv.first().copied();
                        for line in info_lines(&view, &iteration, dialect, multi_pv) {
                            send(&line);
                        }
                        if mate_plies.is_some_and(|most| mates_within(iteration.score, most)) {
                            stop_at_mate.store(true, Ordering::Relaxed);
                        }
                    }
                    SearchEvent::Finished(done) => {
                        // A pass cut short that found a better move: its line too, so
                        // the last `info pv` starts with the `bestmove`.
                        if done.stopped
                            && done.best_move.is_some()
                            && done.best_move != reported_move
                        {
                            send(&info_line(&view, &Iteration::from(&done), dialect));
                        }
                        result = Some(done);
                        break;
                    }
                    SearchEvent::Progress(_) => {}
                }
            }
            // The search thread ends right after its final event: join it, so that a
            // session leaves no thread behind (the fuzzer's leak check saw one).
            handle.wait();
            if infinite {
                // Blocks until `stop` (or the end of the session) drops the sender.
                let _ = released.recv();
            }
            send(&bestmove_line(&view, result.as_ref(), dialect));
        });
        self.search = Some(RunningSearch {
            stop,
            release,
            reporter,
        });
    }

    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.finish();
        }
    }

    /// With `UCI_LimitStrength` on and the game's levels rated: the engine of the
    /// level whose measured Elo is nearest `UCI_Elo`.
    fn strength_level(&self) -> Option<EngineSettings> {
        if !self.limit_strength {
            return None;
        }
        let level = level_for_elo(G::VARIANT, self.elo)?;
        level_settings(G::VARIANT, level).ok()
    }
}

/// `config` held to a level's limits: its depth, nodes and time where they are
/// smaller than the GUI's (a smaller move time or clock share still counts).
fn within_level(config: SearchConfig, level: &EngineSettings) -> SearchConfig {
    let limits = Limits {
        depth: smaller(config.limits.depth, level.depth),
        time: smaller(config.limits.time, level.time),
        nodes: smaller(config.limits.nodes, level.nodes),
    };
    SearchConfig {
        limits,
        soft_time: config
            .soft_time
            .map(|soft| smaller(Some(soft), limits.time).unwrap_or(soft)),
        ..config
    }
}

/// The smaller of two limits, either one where the other is not set.
fn smaller<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Reads the `Extras` option: words `with=NAME[,NAME]` and `no=NAME[,NAME]` as
/// `ply match` specs write them (`<empty>` or nothing: the defaults), all or nothing.
fn parse_extras(value: &str) -> Result<Vec<(String, bool)>, GameError> {
    let mut extras = Vec::new();
    for word in value.split_whitespace().filter(|&w| w != "<empty>") {
        let (on, names) = match word.split_once('=') {
            Some(("with", names)) => (true, names),
            Some(("no", names)) => (false, names),
            _ => {
                return Err(GameError::new(format!(
                    "Extras '{word}': expected with=NAME[,NAME] or no=NAME[,NAME]"
                )));
            }
        };
        let switches = SearchConfig::switch_list(names, on)
            .map_err(|e| GameError::new(format!("Extras: {e}")))?;
        extras.extend(switches);
    }
    Ok(extras)
}

/// True when `value` is a win for the side to move in at most `plies` plies.
fn mates_within(value: score::Score, plies: u32) -> bool {
    value > 0 && score::plies_to_end(value).is_some_and(|p| p <= plies)
}

impl GoRequest {
    /// The time the clock of the side with this index gives a move under
    /// `policy`; `None` without a clock, and when a fixed move time or an infinite
    /// search was asked for instead.
    fn clock_budget(&self, index: usize, policy: TimePolicy) -> Option<TimeBudget> {
        if self.infinite || self.movetime.is_some() {
            return None;
        }
        let left = Duration::from_millis(self.clock[index]?);
        let moves_to_go = self.moves_to_go.map(|n| n.min(u64::from(u32::MAX)) as u32);
        let increment = Duration::from_millis(self.increment[index]);
        let budget = match policy {
            TimePolicy::Adaptive => {
                TimeBudget::for_clock(left, increment, moves_to_go, CLOCK_MARGIN)
            }
            TimePolicy::Fixed => {
                let share = allocate_move_time(left, increment, moves_to_go, CLOCK_MARGIN);
                TimeBudget {
                    soft: share,
                    hard: share,
                }
            }
        };
        let longest = Duration::from_millis(LONGEST_THINK_MS);
        Some(TimeBudget {
            soft: budget.soft.min(longest),
            hard: budget.hard.min(longest),
        })
    }

    /// The limits for the side with this index: a fixed move time, or the hard cap
    /// of its clock's budget under `policy`.
    fn limits(&self, index: usize, policy: TimePolicy) -> Limits {
        let time = if self.infinite {
            None
        } else {
            self.movetime
                .map(|ms| Duration::from_millis(ms.clamp(1, LONGEST_THINK_MS)))
                .or_else(|| self.clock_budget(index, policy).map(|b| b.hard))
        };
        Limits {
            depth: self.depth.or(self.mate_plies()),
            time,
            nodes: self.nodes,
        }
    }

    /// The search configuration: the engine's, except that a mate search looks at
    /// every move to its full depth (no reductions, no null move), so that a mate in
    /// N is found at N moves' depth.
    fn config(&self, side: usize, hash_mib: u64, policy: TimePolicy) -> SearchConfig {
        let limits = self.limits(side, policy);
        let base = if self.mate.is_some() {
            SearchConfig::alpha_beta(limits)
        } else {
            SearchConfig::engine(limits)
        };
        let soft_time = match policy {
            TimePolicy::Adaptive => self.clock_budget(side, policy).map(|b| b.soft),
            TimePolicy::Fixed => None,
        };
        SearchConfig {
            tt_mib: hash_mib as usize,
            soft_time,
            ..base
        }
    }
}

/// The `info` lines of an iteration: one, or with `MultiPV` above 1 one per line
/// found, each with `multipv K` (K from 1, best first) and its own score and pv.
fn info_lines<G: ProtocolGame>(
    root: &SearchRoot<G>,
    iteration: &Iteration<G::Move>,
    dialect: Dialect,
    multi_pv: usize,
) -> Vec<String> {
    if multi_pv <= 1 || iteration.lines.is_empty() {
        return vec![info_line(root, iteration, dialect)];
    }
    iteration
        .lines
        .iter()
        .enumerate()
        .map(|(index, line)| info_text(root, &iteration.stats, line, Some(index + 1), dialect))
        .collect()
}

/// `info depth .. seldepth .. score .. nodes .. nps .. time .. pv ..` for an
/// iteration (UCCI: `info depth .. score .. nodes .. time .. pv ..`).
fn info_line<G: ProtocolGame>(
    root: &SearchRoot<G>,
    iteration: &Iteration<G::Move>,
    dialect: Dialect,
) -> String {
    let line = PvLine {
        depth: iteration.depth,
        score: iteration.score,
        pv: iteration.pv.clone(),
    };
    info_text(root, &iteration.stats, &line, None, dialect)
}

/// One `info` line: a line's depth, score and moves, the search's counters, and
/// `multipv K` when it is one of several lines.
fn info_text<G: ProtocolGame>(
    root: &SearchRoot<G>,
    stats: &Stats,
    line: &PvLine<G::Move>,
    multi_pv: Option<usize>,
    dialect: Dialect,
) -> String {
    let pv = engine_line(root, &line.pv, dialect);
    let number = multi_pv.map_or(String::new(), |k| format!(" multipv {k}"));
    if dialect == Dialect::Ucci {
        return format!(
            "info depth {}{number} score {} nodes {} time {} pv {pv}",
            line.depth,
            ucci_score(line.score),
            stats.nodes_all_passes,
            stats.elapsed.as_millis(),
        );
    }
    let seldepth = (stats.per_ply.len().saturating_sub(1) as u32).max(line.depth);
    format!(
        "info depth {} seldepth {seldepth}{number} score {} nodes {} nps {} time {} pv {pv}",
        line.depth,
        uci_score(line.score),
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
        Some(plies) if value > 0 => MATE - i64::from(plies),
        Some(plies) => i64::from(plies) - MATE,
        None => i64::from(value),
    }
}

/// Where a search starts: the position, and the moves its root may play (which
/// the position's own rules may not offer: see [`UciController::root_moves`]).
struct SearchRoot<G: ProtocolGame> {
    game: G,
    moves: Vec<G::Move>,
}

/// A line of moves as the protocol writes them: its first move one of the root's,
/// the rest played out from there under the game's rules.
fn engine_line<G: ProtocolGame>(
    root: &SearchRoot<G>,
    moves: &[G::Move],
    dialect: Dialect,
) -> String {
    let Some((&first, rest)) = moves.split_first().filter(|(m, _)| root.moves.contains(m)) else {
        return String::new();
    };
    let mut child = root.game.clone();
    child.play(first);
    let mut line = vec![root.game.write_engine_move(first, dialect)];
    line.extend(format_line_with(&child, rest, |position, m| {
        position.write_engine_move(m, dialect)
    }));
    line.join(" ")
}

/// `bestmove M`, falling back to the first root move if the search had none; when
/// the board has no move at all, `bestmove 0000` (UCI) or `nobestmove` (UCCI).
fn bestmove_line<G: ProtocolGame>(
    root: &SearchRoot<G>,
    result: Option<&SearchResult<G::Move>>,
    dialect: Dialect,
) -> String {
    let best = result
        .and_then(|r| r.best_move)
        .filter(|m| root.moves.contains(m))
        .or_else(|| root.moves.first().copied());
    match (best, dialect) {
        (Some(m), _) => format!("bestmove {}", root.game.write_engine_move(m, dialect)),
        (None, Dialect::Uci) => "bestmove 0000".to_string(),
        (None, Dialect::Ucci) => "nobestmove".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_arithmetic_saturates() {
        let request =
            GoRequest::parse(&["time", "18446744073709552"], Dialect::Ucci).on_clock(0, 1000);
        assert_eq!(request.clock[0], Some(u64::MAX));
        let limits = request.limits(0, TimePolicy::Adaptive);
        assert_eq!(limits.time, Some(Duration::from_millis(LONGEST_THINK_MS)));
        let request = GoRequest::parse(
            &[
                "wtime",
                "99999999999999999999999",
                "winc",
                "18446744073709551615",
            ],
            Dialect::Uci,
        );
        assert!(request.limits(0, TimePolicy::Adaptive).time.is_some());
    }

    #[test]
    fn go_wtime_100_keeps_inside_the_clock_under_either_policy() {
        let request = GoRequest::parse(&["wtime", "100", "btime", "5000"], Dialect::Uci);
        let usable = Duration::from_millis(100) - CLOCK_MARGIN;
        for policy in [TimePolicy::Adaptive, TimePolicy::Fixed] {
            let config = request.config(0, 16, policy);
            let hard = config.limits.time.expect("a clock gives a limit");
            assert!(hard <= usable / 2, "{policy:?}: {hard:?}");
            assert!(config.soft_time.is_none_or(|soft| soft <= hard));
        }
        let adaptive = request.config(0, 16, TimePolicy::Adaptive);
        assert_eq!(adaptive.limits.time, Some(Duration::from_millis(1)));
        assert_eq!(adaptive.soft_time, Some(Duration::from_millis(1)));
        assert_eq!(request.config(0, 16, TimePolicy::Fixed).soft_time, None);
    }

    #[test]
    fn a_move_time_or_an_infinite_search_ignores_the_clock() {
        let request = GoRequest::parse(&["wtime", "60000", "movetime", "250"], Dialect::Uci);
        let config = request.config(0, 16, TimePolicy::Adaptive);
        assert_eq!(config.limits.time, Some(Duration::from_millis(250)));
        assert_eq!(config.soft_time, None);
        let request = GoRequest::parse(&["wtime", "60000", "infinite"], Dialect::Uci);
        let config = request.config(0, 16, TimePolicy::Adaptive);
        assert_eq!((config.limits.time, config.soft_time), (None, None));
    }

    #[test]
    fn a_mate_search_is_as_deep_as_the_mate() {
        let request = GoRequest::parse(&["mate", "2"], Dialect::Uci);
        assert_eq!(request.mate_plies(), Some(3));
        assert_eq!(request.limits(0, TimePolicy::Adaptive).depth, Some(3));
        assert!(mates_within(score::win_in(3), 3));
        assert!(!mates_within(score::win_in(5), 3));
        assert!(!mates_within(score::loss_in(2), 3));
    }

    /// A search of `game` whose root chooses among `root_moves`.
    fn search_among<G: Playable>(
        game: &G,
        root_moves: &[G::Move],
        config: &SearchConfig,
    ) -> SearchResult<G::Move> {
        let evaluator = G::evaluators()[0].evaluator.clone();
        crate::search::Engine::new().search_among(
            game,
            root_moves,
            evaluator.as_ref(),
            config,
            None,
            &mut (),
        )
    }

    fn at_depth(depth: u32) -> SearchConfig {
        SearchConfig::engine(Limits {
            depth: Some(depth),
            ..Limits::default()
        })
    }

    /// `go searchmoves`: the root searches the moves given, and only those.
    #[test]
    fn the_given_root_moves_are_the_only_ones_searched() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let game = Chess::from_fen(fen).expect("kiwipete parses");
        let given: Vec<_> = game.moves().into_iter().rev().take(3).collect();
        let result = search_among(&game, &given, &at_depth(3));
        assert!(given.contains(&result.best_move.expect("a move")));
        let mut searched: Vec<_> = result.root_moves.iter().map(|r| r.mv).collect();
        searched.sort_by_key(|&m| given.iter().position(|&g| g == m));
        assert_eq!(searched, given);
    }

    /// A root the draw rules have ended still gets a move, and its children
    /// keep the game's rules.
    #[test]
    fn a_root_drawn_by_repetition_is_still_searched() {
        let mut game = start::<Chess>();
        for text in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            let m = game.read_engine_move(text, Dialect::Uci).expect("legal");
            game.play(m);
        }
        assert!(game.outcome().is_some() && game.moves().is_empty());
        let board_moves = game.moves_ignoring_draw_rules();
        let evaluator = Chess::evaluators()[0].evaluator.clone();
        let plain = crate::search::search(&game, evaluator.as_ref(), &at_depth(3), None, &mut ());
        assert_eq!(plain.best_move, None);
        let result = search_among(&game, &board_moves, &at_depth(3));
        assert!(board_moves.contains(&result.best_move.expect("a move")));
        assert_eq!(result.root_moves.len(), board_moves.len());
    }

    /// With the root look-ahead on, gomoku's threat plan narrows the given moves;
    /// where it keeps none of them, all of them are searched.
    #[test]
    fn the_games_root_look_ahead_narrows_the_given_moves() {
        use crate::game::SearchHooks;
        use crate::game::gomoku::Gomoku;
        let mut game = Gomoku::standard();
        // Black (first) has four in a row on the eighth rank, open at both ends.
        game.play_moves("h8 a1 i8 a2 j8 a3 k8 a4").unwrap();
        let mut own = Vec::new();
        game.root_candidates(&mut own);
        assert!(
            own.len() < game.moves().len(),
            "the look-ahead narrows the root"
        );
        let mut config = at_depth(1);
        config.root_lookahead = true;
        let searched = |given: &[u16]| -> Vec<u16> {
            let mut moves: Vec<u16> = search_among(&game, given, &config)
                .root_moves
                .iter()
                .map(|r| r.mv)
                .collect();
            moves.sort_unstable();
            moves
        };
        own.sort_unstable();
        assert_eq!(searched(&game.moves()), own);
        let mut others: Vec<u16> = game
            .moves()
            .into_iter()
            .filter(|m| !own.contains(m))
            .collect();
        others.sort_unstable();
        assert_eq!(searched(&others), others, "none of them kept: all of them");
    }
}
