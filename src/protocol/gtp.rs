//! `ply gtp`: Go behind the Go Text Protocol (version 2), so that GoGui, GNU Go's
//! twogtp and other controllers can play against ply.
//!
//! Commands come on stdin, one per line, answered in order on stdout: `= result`
//! or `? error`, with the command's id echoed, and an empty line after each
//! answer. Every malformed line gets a `?` answer; nothing on the input panics or
//! hangs. `genmove` runs ply's Monte Carlo tree search with a time limit taken from
//! `time_settings`/`time_left` when the controller gives them, else from `--time`.
//!
//! Go GUIs (Sabaki, Lizzie) watch it think with Leela Zero's and KataGo's
//! analysis commands: `lz-analyze` and `kata-analyze` answer `=`, then a line of
//! every searched move's visits, win rate and line at each interval, until the
//! next command arrives; `lz-genmove_analyze` and `kata-genmove_analyze` do the
//! same while choosing a move, then play it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::game::go::board::{MAX_SIZE, MIN_SIZE};
use crate::game::go::scoring::Scoring;
use crate::game::go::{DEFAULT_KOMI_HALVES, DEFAULT_SIZE, Go, GoMove, parse_komi};
use crate::game::{Game, Player};
use crate::search::mcts::{self, MctsTree, RootAnalysis, search_reusing};
use crate::search::{Limits, MctsConfig, SearchConfig, SearchResult};

/// What the command line sets for a GTP session.
#[derive(Clone, Debug)]
pub struct GtpSettings {
    /// Seconds per move for `genmove` when the controller sets no time.
    pub seconds_per_move: f64,
    /// Playouts per move instead of a time.
    pub playouts: Option<u64>,
    /// Resign below this win percentage (0: never)...
    pub resign_percent: f64,
    /// ...on this many of our moves in a row.
    pub resign_streak: u32,
    /// The UCT exploration constant in hundredths.
    pub exploration_centi: u32,
    /// RAVE's equivalence parameter in playouts.
    pub rave_equivalence: u32,
    /// The seed of the playouts, when not the default.
    pub seed: Option<u64>,
    /// The search tree's memory budget in MiB.
    pub memory_mib: u32,
    /// Threads searching at once (1: the search replays exactly from its seed).
    pub threads: usize,
}

/// The commands this engine answers, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "final_score",
    "final_status_list",
    "showboard",
    "time_settings",
    "time_left",
    "quit",
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "kgs-genmove_cleanup",
];

/// The interval between analysis lines when the command gives none, in centiseconds.
pub const DEFAULT_ANALYSIS_INTERVAL: u32 = 100;

/// The most playouts one analysis runs (it then waits, idle, for the next command).
const ANALYSIS_PLAYOUTS: u64 = 1 << 30;

/// Whose analysis lines an analysis command answers with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisDialect {
    /// Leela Zero's (`lz-`): win rate and prior in ten-thousandths.
    Leela,
    /// KataGo's (`kata-`): win rate and prior as fractions from 0 to 1.
    Kata,
}

/// What an analysis command asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyzeRequest {
    /// Whose lines to write.
    pub dialect: AnalysisDialect,
    /// The side to analyse for; `None`: the side to move.
    pub player: Option<Player>,
    /// Centiseconds between two lines.
    pub interval_centis: u32,
    /// Moves written even before their first visit, the most promising first.
    pub min_moves: usize,
    /// The most moves a line holds; `None`: every move visited.
    pub max_moves: Option<usize>,
}

/// One GTP command, read.
#[derive(Clone, Debug, PartialEq)]
pub enum GtpCommand {
    /// `protocol_version`: 2.
    ProtocolVersion,
    /// `name`: ply.
    Name,
    /// `version`: the crate's.
    Version,
    /// `known_command NAME`.
    KnownCommand(String),
    /// `list_commands`: [`COMMANDS`].
    ListCommands,
    /// `quit`: answer, then end the session.
    Quit,
    /// `boardsize N`: a new empty board of side N.
    BoardSize(usize),
    /// `clear_board`: an empty board of the same size.
    ClearBoard,
    /// `komi K`, in half points.
    Komi(i32),
    /// `play COLOUR VERTEX`; the vertex is read on the board it is played on.
    Play {
        /// Who plays.
        player: Player,
        /// Where, as written.
        vertex: String,
    },
    /// `genmove COLOUR`.
    GenMove(Player),
    /// `lz-analyze` / `kata-analyze [COLOUR] [INTERVAL] [KEY VALUE]...`: analysis
    /// lines until the next command.
    Analyze(AnalyzeRequest),
    /// `lz-genmove_analyze` / `kata-genmove_analyze COLOUR [INTERVAL]`: a genmove
    /// that writes analysis lines while it thinks, then `play MOVE`.
    GenMoveAnalyze(AnalyzeRequest),
    /// `kgs-genmove_cleanup COLOUR`: a genmove that does not pass while the
    /// opponent has dead stones on the board (they are captured first).
    GenMoveCleanup(Player),
    /// `undo`: take back the last move.
    Undo,
    /// `final_score`: the count, as `B+3.5`.
    FinalScore,
    /// `final_status_list dead|alive`: true for the dead stones.
    FinalStatusList {
        /// True for `dead`, false for `alive`.
        dead: bool,
    },
    /// `showboard`: the board as text.
    ShowBoard,
    /// `time_settings MAIN BYO_YOMI STONES`, seconds and stones.
    TimeSettings {
        /// Main time, in seconds.
        main: f64,
        /// Each byo-yomi period, in seconds.
        byo_yomi: f64,
        /// Stones to play in a period.
        stones: u32,
    },
    /// `time_left COLOUR SECONDS STONES`.
    TimeLeft {
        /// Whose clock.
        player: Player,
        /// Seconds left.
        seconds: f64,
        /// Stones left in the byo-yomi period (0 in main time).
        stones: u32,
    },
}

/// Why a command gets a `?` answer: read from the line, or refused by the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// An id and nothing after it.
    MissingCommand,
    /// A command not in [`COMMANDS`].
    UnknownCommand,
    /// The wrong arguments for a command: how it is called.
    Usage(&'static str),
    /// An argument that does not read: `syntax error: ...`.
    Syntax(String),
    /// A board size outside what ply plays.
    UnacceptableSize,
    /// `final_status_list seki`.
    Seki,
    /// A `final_status_list` status that is not one.
    UnknownStatus(String),
    /// A move the rules refuse, and why.
    IllegalMove(String),
    /// `undo` with nothing to take back.
    CannotUndo,
}

impl std::fmt::Display for GtpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GtpError::MissingCommand => write!(f, "missing command"),
            GtpError::UnknownCommand => write!(f, "unknown command"),
            GtpError::Usage(usage) => write!(f, "{usage}"),
            GtpError::Syntax(why) => write!(f, "syntax error: {why}"),
            GtpError::UnacceptableSize => write!(f, "unacceptable size"),
            GtpError::Seki => write!(f, "ply does not tell seki from alive"),
            GtpError::UnknownStatus(status) => write!(f, "unknown status '{status}'"),
            GtpError::IllegalMove(why) => write!(f, "illegal move: {why}"),
            GtpError::CannotUndo => write!(f, "cannot undo"),
        }
    }
}

impl std::error::Error for GtpError {}

/// One input line: the id to echo, and the command or why there is none.
#[derive(Clone, Debug, PartialEq)]
pub struct GtpLine {
    /// The command's id, digits as written, or empty.
    pub id: String,
    /// The command, or the error its answer reports.
    pub command: Result<GtpCommand, GtpError>,
}

impl GtpLine {
    /// Reads a line; `None` for lines GTP says to ignore (empty or only a comment).
    pub fn parse(raw: &str) -> Option<GtpLine> {
        let line = clean_line(raw);
        let mut words = line.split_whitespace().peekable();
        let first = *words.peek()?;
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            words.next();
            first
        } else {
            ""
        };
        let command = match words.next() {
            None => Err(GtpError::MissingCommand),
            Some(name) => GtpCommand::parse(name, &words.collect::<Vec<_>>()),
        };
        Some(GtpLine {
            id: id.to_string(),
            command,
        })
    }
}

impl GtpCommand {
    /// Reads the command `name` with its arguments.
    pub fn parse(name: &str, args: &[&str]) -> Result<GtpCommand, GtpError> {
        Ok(match name {
            "protocol_version" => GtpCommand::ProtocolVersion,
            "name" => GtpCommand::Name,
            "version" => GtpCommand::Version,
            "known_command" => match args {
                [name] => GtpCommand::KnownCommand(name.to_string()),
                _ => return Err(GtpError::Usage("known_command takes one command name")),
            },
            "list_commands" => GtpCommand::ListCommands,
            "quit" => GtpCommand::Quit,
            "boardsize" => GtpCommand::BoardSize(read_size(args)?),
            "clear_board" => GtpCommand::ClearBoard,
            "komi" => {
                let [text] = args else {
                    return Err(GtpError::Usage("komi takes one number"));
                };
                GtpCommand::Komi(parse_komi(text).map_err(|e| GtpError::Syntax(e.to_string()))?)
            }
            "play" => {
                let [colour, vertex] = args else {
                    return Err(syntax("play takes a colour and a vertex"));
                };
                GtpCommand::Play {
                    player: read_colour(colour)?,
                    vertex: vertex.to_string(),
                }
            }
            "genmove" => match args {
                [colour] => GtpCommand::GenMove(read_colour(colour)?),
                _ => return Err(syntax("genmove takes a colour")),
            },
            "lz-analyze" => GtpCommand::Analyze(read_analyze(AnalysisDialect::Leela, args)?),
            "kata-analyze" => GtpCommand::Analyze(read_analyze(AnalysisDialect::Kata, args)?),
            "lz-genmove_analyze" | "kata-genmove_analyze" => {
                let dialect = if name.starts_with("kata") {
                    AnalysisDialect::Kata
                } else {
                    AnalysisDialect::Leela
                };
                let request = read_analyze(dialect, args)?;
                if request.player.is_none() {
                    return Err(syntax("genmove_analyze takes a colour first"));
                }
                GtpCommand::GenMoveAnalyze(request)
            }
            "kgs-genmove_cleanup" => match args {
                [colour] => GtpCommand::GenMoveCleanup(read_colour(colour)?),
                _ => return Err(syntax("kgs-genmove_cleanup takes a colour")),
            },
            "undo" => GtpCommand::Undo,
            "final_score" => GtpCommand::FinalScore,
            "final_status_list" => GtpCommand::FinalStatusList {
                dead: read_status(args)?,
            },
            "showboard" => GtpCommand::ShowBoard,
            "time_settings" => {
                let [main, byo_yomi, stones] = args else {
                    return Err(syntax("time_settings takes three numbers"));
                };
                GtpCommand::TimeSettings {
                    main: read_seconds(main)?,
                    byo_yomi: read_seconds(byo_yomi)?,
                    stones: read_count(stones)?,
                }
            }
            "time_left" => {
                let [colour, seconds, stones] = args else {
                    return Err(syntax("time_left takes a colour and two numbers"));
                };
                GtpCommand::TimeLeft {
                    player: read_colour(colour)?,
                    seconds: read_seconds(seconds)?,
                    stones: read_count(stones)?,
                }
            }
            _ => return Err(GtpError::UnknownCommand),
        })
    }
}

/// A syntax error with a fixed text.
fn syntax(why: &str) -> GtpError {
    GtpError::Syntax(why.to_string())
}

/// The kata- keys ply reads and does not report on (it has no ownership map,
/// and every line's visits are its first move's).
const IGNORED_ANALYSIS_KEYS: &[&str] = &[
    "ownership",
    "ownershipStdev",
    "pvVisits",
    "pvEdgeVisits",
    "movesOwnership",
    "rootInfo",
];

/// An analysis command's arguments: an optional colour, an optional interval,
/// then `interval`, `minmoves`, `maxmoves` (and KataGo's report switches) with
/// their values.
fn read_analyze(dialect: AnalysisDialect, args: &[&str]) -> Result<AnalyzeRequest, GtpError> {
    let mut request = AnalyzeRequest {
        dialect,
        player: None,
        interval_centis: DEFAULT_ANALYSIS_INTERVAL,
        min_moves: 0,
        max_moves: None,
    };
    let mut rest = args;
    if let [first, tail @ ..] = rest
        && let Ok(player) = read_colour(first)
    {
        request.player = Some(player);
        rest = tail;
    }
    if let [first, tail @ ..] = rest
        && first.bytes().all(|b| b.is_ascii_digit())
    {
        request.interval_centis = read_count(first)?;
        rest = tail;
    }
    while let [key, tail @ ..] = rest {
        let known = ["interval", "minmoves", "maxmoves"].contains(key)
            || IGNORED_ANALYSIS_KEYS.contains(key);
        if !known {
            return Err(GtpError::Syntax(format!("unknown analysis key '{key}'")));
        }
        let [value, tail @ ..] = tail else {
            return Err(GtpError::Syntax(format!("'{key}' has no value")));
        };
        match *key {
            "interval" => request.interval_centis = read_count(value)?,
            "minmoves" => request.min_moves = read_count(value)? as usize,
            "maxmoves" => request.max_moves = Some(read_count(value)? as usize),
            _ if !matches!(*value, "true" | "false") => {
                return Err(GtpError::Syntax(format!("{key} takes true or false")));
            }
            _ => {}
        }
        rest = tail;
    }
    Ok(request)
}

/// `boardsize`'s one number, a size ply plays.
fn read_size(args: &[&str]) -> Result<usize, GtpError> {
    let [text] = args else {
        return Err(GtpError::Usage("boardsize takes one number"));
    };
    let size: usize = text
        .parse()
        .map_err(|_| syntax("boardsize takes a number"))?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(GtpError::UnacceptableSize);
    }
    Ok(size)
}

/// `final_status_list`'s status: true for `dead`, false for `alive`.
fn read_status(args: &[&str]) -> Result<bool, GtpError> {
    let [status] = args else {
        return Err(GtpError::Usage(
            "final_status_list takes alive, dead or seki",
        ));
    };
    match status.to_ascii_lowercase().as_str() {
        "dead" => Ok(true),
        "alive" => Ok(false),
        "seki" => Err(GtpError::Seki),
        _ => Err(GtpError::UnknownStatus(status.to_string())),
    }
}

/// The time a controller gave: main time and Canadian byo-yomi, and what is left.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    main: f64,
    byo_yomi: f64,
    byo_yomi_stones: u32,
    /// Seconds and byo-yomi stones left per colour, from `time_left`.
    left: [Option<(f64, u32)>; 2],
}

impl Clock {
    /// Seconds to spend on the next move of `player`, or `None` when no time
    /// control is set (then `--time` applies).
    fn budget(&self, player: Player) -> Option<f64> {
        let seconds = match self.left[player.index()] {
            Some((seconds, stones)) if stones > 0 => seconds / f64::from(stones),
            Some((seconds, _)) => seconds / 30.0,
            None if self.byo_yomi_stones > 0 && self.main == 0.0 => {
                self.byo_yomi / f64::from(self.byo_yomi_stones)
            }
            None if self.main > 0.0 => self.main / 30.0,
            None => return None,
        };
        // Keep a margin for the pipe and the controller.
        Some((seconds * 0.8).clamp(0.02, 60.0))
    }
}

/// One GTP session: the game, the clock and the default thinking time.
pub struct GtpSession {
    game: Go,
    clock: Clock,
    seconds_per_move: f64,
    /// Playouts per `genmove` instead of a time, when set.
    playouts: Option<u64>,
    /// The search tree of the last `genmove`, reused below the moves played since.
    tree: Option<MctsTree<GoMove>>,
    /// The Monte Carlo settings `genmove` searches with.
    settings: MctsConfig,
    /// When to give up.
    resign: ResignRule,
    /// Our moves in a row, up to now, whose best win rate was below the resign rate.
    hopeless_moves: u32,
    /// Games started in this session: with the move number, it varies the seed.
    games_started: u64,
    /// Set by `quit`: the loop stops after answering.
    pub finished: bool,
    /// Set once `quit` or the end of input has been read: a search stops on it.
    ended: Arc<AtomicBool>,
    /// Threads searching at once.
    threads: usize,
}

/// Where a command that answers as it goes (an analysis) writes, and how it
/// learns that the next command has come.
pub trait LiveOutput {
    /// Writes `text` at once.
    fn write(&mut self, text: &str);
    /// True once the next command (or the end of input) has arrived.
    fn next_line_waiting(&mut self) -> bool;
}

impl LiveOutput for super::line::Live<'_> {
    fn write(&mut self, text: &str) {
        // A closed output ends the session at the next read; nothing to do here.
        let _ = super::line::Live::write(self, text);
    }

    fn next_line_waiting(&mut self) -> bool {
        super::line::Live::next_line_waiting(self)
    }
}

/// The output of [`GtpSession::execute`]: what an answer writes as it goes,
/// kept, with the next command taken as already there (an analysis stops at once).
#[derive(Default)]
struct Collected(String);

impl LiveOutput for Collected {
    fn write(&mut self, text: &str) {
        self.0.push_str(text);
    }

    fn next_line_waiting(&mut self) -> bool {
        true
    }
}

/// An answer: `Ok` text after `=`, or `Err` text after `?`.
type Answer = Result<String, GtpError>;

impl GtpSession {
    /// A fresh 9x9 game with komi 7.5 and `seconds_per_move` for `genmove`.
    pub fn new(seconds_per_move: f64) -> GtpSession {
        GtpSession {
            game: Go::new(DEFAULT_SIZE, DEFAULT_KOMI_HALVES),
            clock: Clock::default(),
            seconds_per_move,
            playouts: None,
            tree: None,
            settings: go_settings(),
            resign: ResignRule::default(),
            hopeless_moves: 0,
            games_started: 0,
            finished: false,
            ended: Arc::default(),
            threads: 1,
        }
    }

    /// A session whose `genmove` runs `playouts` playouts whatever the clock says.
    pub fn with_playouts(playouts: u64) -> GtpSession {
        GtpSession {
            playouts: Some(playouts.max(1)),
            ..GtpSession::new(1.0)
        }
    }

    /// Answers one input line; `None` for lines GTP says to ignore (empty or only
    /// a comment). The answer ends with the blank line GTP requires.
    pub fn execute(&mut self, raw: &str) -> Option<String> {
        let mut collected = Collected::default();
        let tail = self.execute_live(raw, &mut collected)?;
        Some(collected.0 + &tail)
    }

    /// Answers one input line as [`GtpSession::execute`] does, an analysis
    /// writing its lines to `live` as they come until `live` has the next
    /// command; returns what is left to write.
    pub fn execute_live(&mut self, raw: &str, live: &mut dyn LiveOutput) -> Option<String> {
        let GtpLine { id, command } = GtpLine::parse(raw)?;
        match command {
            Ok(GtpCommand::Analyze(request)) => {
                return Some(self.analyze(&id, &request, live));
            }
            Ok(GtpCommand::GenMoveAnalyze(request)) => {
                return Some(self.genmove_analyze(&id, &request, live));
            }
            _ => {}
        }
        Some(match command.and_then(|command| self.run(command)) {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(error) => format!("?{id} {error}\n\n"),
        })
    }

    /// Runs one command: the text after `=`, or why it was refused.
    pub fn run(&mut self, command: GtpCommand) -> Answer {
        match command {
            GtpCommand::ProtocolVersion => Ok("2".to_string()),
            GtpCommand::Name => Ok("ply".to_string()),
            GtpCommand::Version => Ok(env!("CARGO_PKG_VERSION").to_string()),
            GtpCommand::KnownCommand(name) => Ok(COMMANDS.contains(&name.as_str()).to_string()),
            GtpCommand::ListCommands => Ok(COMMANDS.join("\n")),
            GtpCommand::Quit => {
                self.finished = true;
                Ok(String::new())
            }
            GtpCommand::BoardSize(size) => {
                self.new_game(size);
                Ok(String::new())
            }
            GtpCommand::ClearBoard => {
                let size = self.game.board().size();
                self.new_game(size);
                Ok(String::new())
            }
            GtpCommand::Komi(halves) => {
                self.game.set_komi_halves(halves);
                Ok(String::new())
            }
            GtpCommand::Play { player, vertex } => self.play(player, &vertex),
            GtpCommand::GenMove(player) => self.genmove(player, false),
            GtpCommand::GenMoveCleanup(player) => self.genmove(player, true),
            GtpCommand::Analyze(request) => {
                let mut collected = Collected::default();
                self.analysis_lines(&request, &mut collected);
                Ok(collected.0.trim_end().to_string())
            }
            GtpCommand::GenMoveAnalyze(request) => {
                let mut collected = Collected::default();
                let played = self.genmove_analyze_lines(&request, &mut collected);
                Ok(format!("{}{played}", collected.0))
            }
            GtpCommand::Undo => {
                if self.game.history().is_empty() {
                    return Err(GtpError::CannotUndo);
                }
                self.game.undo();
                Ok(String::new())
            }
            GtpCommand::FinalScore => Ok(Scoring::estimate(&self.game).result_text()),
            GtpCommand::FinalStatusList { dead } => Ok(self.final_status_list(dead)),
            GtpCommand::ShowBoard => Ok(format!("\n{}", self.game.diagram())),
            GtpCommand::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => {
                self.clock = Clock {
                    main,
                    byo_yomi,
                    byo_yomi_stones: stones,
                    left: [None; 2],
                };
                Ok(String::new())
            }
            GtpCommand::TimeLeft {
                player,
                seconds,
                stones,
            } => {
                self.clock.left[player.index()] = Some((seconds, stones));
                Ok(String::new())
            }
        }
    }

    /// The stones the count takes as `dead` or `alive`, one group a line, as
    /// twogtp-style referees ask before they score; seki is not told apart.
    fn final_status_list(&self, want_dead: bool) -> String {
        let count = Scoring::estimate(&self.game);
        let board = self.game.board();
        let mut seen = Vec::new();
        let mut lines = Vec::new();
        for point in board.points() {
            if board.stone(point).is_none()
                || count.is_dead(point) != want_dead
                || seen.contains(&point)
            {
                continue;
            }
            let group = board.group(point);
            lines.push(
                group
                    .iter()
                    .map(|&p| self.game.vertex(p))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            seen.extend(group);
        }
        lines.join("\n")
    }

    /// An empty board of side `size` with the same komi, and nothing held against it.
    fn new_game(&mut self, size: usize) {
        self.game = Go::new(size, self.game.komi_halves());
        self.hopeless_moves = 0;
        self.games_started += 1;
    }

    fn play(&mut self, player: Player, vertex: &str) -> Answer {
        let m = self
            .game
            .read_vertex(vertex)
            .map_err(|e| GtpError::Syntax(e.to_string()))?;
        if let Some(reason) = self.game.illegal_reason(player, m) {
            return Err(GtpError::IllegalMove(reason.to_string()));
        }
        self.game.play_as(player, m);
        Ok(String::new())
    }

    /// `genmove` (and with `cleanup`, `kgs-genmove_cleanup`): the move chosen
    /// and played, or `resign`.
    fn genmove(&mut self, player: Player, cleanup: bool) -> Answer {
        let ended = self.ended.clone();
        let chosen = self.choose_move(player, cleanup, |position, config, tree| {
            search_reusing(
                position,
                &crate::game::go::seed,
                config,
                Some(&ended),
                &mut (),
                tree,
            )
        });
        Ok(self.play_chosen(player, chosen))
    }

    /// Plays the move chosen for `player` and names it (`resign` for none).
    fn play_chosen(&mut self, player: Player, chosen: Option<GoMove>) -> String {
        let Some(m) = chosen else {
            return "resign".to_string();
        };
        self.game.play_as(player, m);
        self.game.format_move(m)
    }

    /// The limits of one `genmove` for `player`: the playouts set on the command
    /// line, else the clock's share, else `--time`.
    fn move_limits(&self, player: Player) -> Limits {
        match self.playouts {
            Some(playouts) => Limits {
                nodes: Some(playouts),
                ..Limits::default()
            },
            None => {
                let seconds = self.clock.budget(player).unwrap_or(self.seconds_per_move);
                Limits {
                    time: Some(Duration::from_secs_f64(seconds.max(0.001))),
                    ..Limits::default()
                }
            }
        }
    }

    /// The search settings of this session's searches within `limits`: its Monte
    /// Carlo settings, a seed of the game and move, and its threads.
    fn search_config(&self, limits: Limits) -> SearchConfig {
        let mut config = SearchConfig::mcts(limits);
        config.mcts = self.settings;
        config.mcts.seed = search_seed(
            self.settings.seed,
            self.games_started,
            self.game.history().len(),
        );
        config.threads = self.threads;
        config
    }

    /// Monte Carlo tree search (light playouts, priors, RAVE, the tree of the last
    /// search reused), run by `search`, for `player` within the move's limits; a
    /// pass when the game is over or the search finds nothing, `None` (resign)
    /// when the search is sure to lose. With `cleanup` it neither resigns nor
    /// passes while the opponent has dead stones: it plays its most visited
    /// other move, to capture them.
    fn choose_move(
        &mut self,
        player: Player,
        cleanup: bool,
        search: impl FnOnce(&Go, &SearchConfig, &mut Option<MctsTree<GoMove>>) -> SearchResult<GoMove>,
    ) -> Option<GoMove> {
        let mut position = self.game.clone();
        position.set_to_move(player);
        if position.passes() >= 2 {
            return Some(GoMove::Pass);
        }
        let config = self.search_config(self.move_limits(player));
        let mut tree = self.tree.take();
        let result = search(&position, &config, &mut tree);
        self.tree = tree;
        report_search(&position, &result);
        if !cleanup && self.resign.tally(&result, &mut self.hopeless_moves) {
            return None;
        }
        let legal = |m: &GoMove| self.game.is_legal(player, *m);
        let best = result.best_move.filter(legal).unwrap_or(GoMove::Pass);
        if cleanup && best == GoMove::Pass && self.opponent_has_dead_stones(player) {
            return Some(
                result
                    .root_moves
                    .iter()
                    .map(|root| root.mv)
                    .find(|m| *m != GoMove::Pass && legal(m))
                    .unwrap_or(GoMove::Pass),
            );
        }
        Some(best)
    }

    /// True when the count takes some of the opponent's stones as dead.
    fn opponent_has_dead_stones(&self, player: Player) -> bool {
        let count = Scoring::estimate(&self.game);
        let board = self.game.board();
        board
            .points()
            .any(|p| board.stone(p) == Some(player.other()) && count.is_dead(p))
    }

    /// `lz-analyze` / `kata-analyze`: `=`, the lines as they come, and the blank
    /// line that ends the answer once the next command has come.
    fn analyze(&mut self, id: &str, request: &AnalyzeRequest, live: &mut dyn LiveOutput) -> String {
        live.write(&format!("={id}\n"));
        self.analysis_lines(request, live);
        while !live.next_line_waiting() {
            std::thread::sleep(Duration::from_millis(2));
        }
        "\n".to_string()
    }

    /// `lz-genmove_analyze` / `kata-genmove_analyze`: `=`, the lines while the
    /// move is searched, then `play MOVE` and the blank line.
    fn genmove_analyze(
        &mut self,
        id: &str,
        request: &AnalyzeRequest,
        live: &mut dyn LiveOutput,
    ) -> String {
        live.write(&format!("={id}\n"));
        let played = self.genmove_analyze_lines(request, live);
        format!("{played}\n")
    }

    /// The move of a `genmove_analyze`, searched with its lines written to
    /// `live`: `play MOVE` (or `play resign`) and a new line.
    fn genmove_analyze_lines(
        &mut self,
        request: &AnalyzeRequest,
        live: &mut dyn LiveOutput,
    ) -> String {
        let player = request.player.unwrap_or(self.game.to_move());
        let ended = self.ended.clone();
        let chosen = self.choose_move(player, false, |position, config, tree| {
            run_analysis(position, config, tree, request, false, live, &ended)
        });
        format!("play {}\n", self.play_chosen(player, chosen))
    }

    /// Searches the position for the request's side (to move, unless it names
    /// one), writing the lines to `live`, until `live` has the next command.
    fn analysis_lines(&mut self, request: &AnalyzeRequest, live: &mut dyn LiveOutput) {
        let player = request.player.unwrap_or(self.game.to_move());
        let mut position = self.game.clone();
        position.set_to_move(player);
        let config = self.search_config(Limits {
            nodes: Some(ANALYSIS_PLAYOUTS),
            ..Limits::default()
        });
        let mut tree = self.tree.take();
        run_analysis(
            &position,
            &config,
            &mut tree,
            request,
            true,
            live,
            &self.ended,
        );
        self.tree = tree;
    }
}

/// Runs the search of `config` on `position` on a thread of its own, writing
/// an analysis line to `live` at the request's interval; `until_next` stops it
/// when the next command comes (an analysis), else it runs to its limits (a
/// genmove). Stops at once when the session `ended`.
fn run_analysis(
    position: &Go,
    config: &SearchConfig,
    tree: &mut Option<MctsTree<GoMove>>,
    request: &AnalyzeRequest,
    until_next: bool,
    live: &mut dyn LiveOutput,
    ended: &AtomicBool,
) -> SearchResult<GoMove> {
    let halt = AtomicBool::new(false);
    let every = Duration::from_millis(10 * u64::from(request.interval_centis));
    let (send, receive) = mpsc::channel::<RootAnalysis<GoMove>>();
    std::thread::scope(|scope| {
        let halt = &halt;
        let search = scope.spawn(move || {
            mcts::analyse(
                position,
                &crate::game::go::seed,
                config,
                Some(halt),
                tree,
                every,
                &mut |analysis| {
                    let _ = send.send(analysis.clone());
                },
            )
        });
        loop {
            if ended.load(Ordering::Relaxed) || (until_next && live.next_line_waiting()) {
                halt.store(true, Ordering::Relaxed);
            }
            match receive.recv_timeout(Duration::from_millis(2)) {
                Ok(analysis) => {
                    let line = info_line(position, &analysis, request);
                    if !line.is_empty() {
                        live.write(&format!("{line}\n"));
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        search
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Monte Carlo settings that play Go well (the arcade's Go levels use the same).
pub fn go_settings() -> MctsConfig {
    crate::play::levels::mcts_for(&<crate::game::go::Go as crate::game::Playable>::PROFILE)
}

pub use crate::play::resign::{RESIGN_PERCENT, RESIGN_STREAK, ResignRule};

/// The seed of one search: the session's, mixed with the game and the move
/// number, so that games differ yet replay exactly from the same seed.
fn search_seed(base: u64, game: u64, move_number: usize) -> u64 {
    crate::game::zobrist::mix64(base ^ game.rotate_left(32) ^ move_number as u64)
}

/// One line on stderr per search (GTP controllers show it as the engine's log):
/// the move, its win rate and the playouts, for judging resignation afterwards.
fn report_search(position: &Go, result: &crate::search::SearchResult<GoMove>) {
    let Some(best) = result
        .root_moves
        .iter()
        .find(|m| Some(m.mv) == result.best_move)
    else {
        return;
    };
    let win_rate = best
        .score
        .map_or(0.5, |s| (f64::from(s) / 1000.0 + 1.0) / 2.0);
    let playouts: u64 = result.root_moves.iter().map(|m| m.nodes).sum();
    eprintln!(
        "move {} {}: {} win rate {:.3} playouts {}",
        position.history().len() + 1,
        crate::game::go::side_name(position.to_move()),
        position.format_move(best.mv),
        win_rate,
        playouts
    );
}

/// One analysis line: `info move M visits N winrate W prior P lcb L order K pv
/// M ...` for each move shown, most visited first, the win rate, prior and
/// lower confidence bound in ten-thousandths (Leela Zero) or as fractions
/// (KataGo). Empty while no move has been visited.
fn info_line(position: &Go, analysis: &RootAnalysis<GoMove>, request: &AnalyzeRequest) -> String {
    let number = |fraction: f64| match request.dialect {
        AnalysisDialect::Leela => format!("{}", (fraction * 10_000.0).round() as i64),
        AnalysisDialect::Kata => format!("{fraction:.6}"),
    };
    analysis
        .moves
        .iter()
        .enumerate()
        .take_while(|(order, m)| m.visits > 0 || *order < request.min_moves)
        .take(request.max_moves.unwrap_or(usize::MAX))
        .map(|(order, m)| {
            let pv: Vec<String> = m.pv.iter().map(|&mv| position.format_move(mv)).collect();
            format!(
                "info move {} visits {} winrate {} prior {} lcb {} order {order} pv {}",
                position.format_move(m.mv),
                m.visits,
                number(m.win_rate),
                number(m.prior),
                number(lower_confidence_bound(m.win_rate, m.visits)),
                pv.join(" ")
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The win rate less 1.96 standard errors (a 95% lower bound), 0 below two visits.
fn lower_confidence_bound(win_rate: f64, visits: u64) -> f64 {
    if visits < 2 {
        return 0.0;
    }
    let error = (win_rate * (1.0 - win_rate) / visits as f64).sqrt();
    (win_rate - 1.96 * error).clamp(0.0, 1.0)
}

/// GTP's preprocessing: control characters other than tab and newline dropped,
/// tabs made spaces, everything from `#` on a comment.
fn clean_line(raw: &str) -> String {
    let without_comment = raw.split('#').next().unwrap_or("");
    without_comment
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

fn read_colour(text: &str) -> Result<Player, GtpError> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::First),
        "w" | "white" => Ok(Player::Second),
        _ => Err(GtpError::Syntax(format!("'{text}' is not a colour"))),
    }
}

fn read_seconds(text: &str) -> Result<f64, GtpError> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.0..=1e7).contains(s))
        .ok_or_else(|| GtpError::Syntax(format!("'{text}' is not a number of seconds")))
}

fn read_count(text: &str) -> Result<u32, GtpError> {
    text.parse::<u32>()
        .map_err(|_| GtpError::Syntax(format!("'{text}' is not a whole number")))
}

/// Runs the GTP loop on stdin and stdout until `quit` or the end of input.
pub fn serve(args: &GtpSettings) -> anyhow::Result<()> {
    let input = std::io::BufReader::new(std::io::stdin());
    serve_io(args, input, &mut std::io::stdout())
}

/// Runs the GTP loop on `input` and `output`: the loop of [`serve`], open to a
/// test or a fuzzer that feeds it bytes.
pub fn serve_io(
    args: &GtpSettings,
    input: impl std::io::BufRead + Send + 'static,
    output: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    if !(args.seconds_per_move.is_finite()
        && args.seconds_per_move > 0.0
        && args.seconds_per_move <= 3600.0)
    {
        anyhow::bail!(
            "--time {} must be between 0 and 3600 seconds",
            args.seconds_per_move
        );
    }
    if !(args.resign_percent.is_finite() && (0.0..=100.0).contains(&args.resign_percent)) {
        anyhow::bail!(
            "--resign {} must be a percentage from 0 to 100",
            args.resign_percent
        );
    }
    let mut session = match args.playouts {
        Some(playouts) => GtpSession::with_playouts(playouts),
        None => GtpSession::new(args.seconds_per_move),
    };
    session.settings.exploration_centi = args.exploration_centi;
    if let Some(seed) = args.seed {
        session.settings.seed = seed;
    }
    session.settings.rave_equivalence = args.rave_equivalence.max(1);
    session.settings.memory_mib = args.memory_mib;
    session.threads = args.threads.clamp(1, mcts::MAX_THREADS);
    session.resign = ResignRule {
        below: args.resign_percent / 100.0,
        streak: if args.resign_percent == 0.0 {
            0
        } else {
            args.resign_streak
        },
    };
    let ended = session.ended.clone();
    super::line::serve_live(
        input,
        output,
        |line, live| {
            let reply = session.execute_live(line, live).unwrap_or_default();
            (reply, session.finished)
        },
        is_quit,
        ended,
        "? line too long (over 1 MiB), skipped\n\n",
    )
}

/// True for a `quit` line (with or without an id): the session ends after it.
fn is_quit(line: &str) -> bool {
    GtpLine::parse(line).is_some_and(|line| line.command == Ok(GtpCommand::Quit))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<GtpCommand, GtpError> {
        GtpLine::parse(line).expect("a command line").command
    }

    #[test]
    fn lines_read_as_commands() {
        let table = [
            ("protocol_version", GtpCommand::ProtocolVersion),
            ("boardsize 9", GtpCommand::BoardSize(9)),
            ("komi 6.5", GtpCommand::Komi(13)),
            ("clear_board", GtpCommand::ClearBoard),
            (
                "play b e5",
                GtpCommand::Play {
                    player: Player::First,
                    vertex: "e5".into(),
                },
            ),
            ("genmove WHITE", GtpCommand::GenMove(Player::Second)),
            (
                "final_status_list dead",
                GtpCommand::FinalStatusList { dead: true },
            ),
            (
                "time_settings 300 10 5",
                GtpCommand::TimeSettings {
                    main: 300.0,
                    byo_yomi: 10.0,
                    stones: 5,
                },
            ),
            (
                "time_left b 12.5 0",
                GtpCommand::TimeLeft {
                    player: Player::First,
                    seconds: 12.5,
                    stones: 0,
                },
            ),
            (
                "known_command play",
                GtpCommand::KnownCommand("play".into()),
            ),
            ("quit", GtpCommand::Quit),
        ];
        for (line, command) in table {
            assert_eq!(parse(line), Ok(command), "{line}");
        }
        let line = GtpLine::parse("42 name # a comment").unwrap();
        assert_eq!(
            (line.id.as_str(), line.command),
            ("42", Ok(GtpCommand::Name))
        );
        assert_eq!(GtpLine::parse("  # only a comment"), None);
    }

    #[test]
    fn junk_lines_are_errors() {
        let table = [
            ("7", GtpError::MissingCommand, "missing command"),
            ("xyzzy", GtpError::UnknownCommand, "unknown command"),
            (
                "boardsize",
                GtpError::Usage("boardsize takes one number"),
                "boardsize takes one number",
            ),
            (
                "boardsize 99",
                GtpError::UnacceptableSize,
                "unacceptable size",
            ),
            (
                "boardsize x",
                syntax("boardsize takes a number"),
                "syntax error: boardsize takes a number",
            ),
            (
                "play b",
                syntax("play takes a colour and a vertex"),
                "syntax error: play takes a colour and a vertex",
            ),
            (
                "genmove red",
                syntax("'red' is not a colour"),
                "syntax error: 'red' is not a colour",
            ),
            (
                "final_status_list seki",
                GtpError::Seki,
                "ply does not tell seki from alive",
            ),
            (
                "time_left b -1 0",
                syntax("'-1' is not a number of seconds"),
                "syntax error: '-1' is not a number of seconds",
            ),
        ];
        for (line, error, text) in table {
            assert_eq!(parse(line), Err(error.clone()), "{line}");
            assert_eq!(error.to_string(), text);
        }
    }

    #[test]
    fn ids_are_echoed_and_comments_ignored() {
        let mut session = GtpSession::new(0.05);
        assert_eq!(
            session.execute("7 protocol_version # hi"),
            Some("=7 2\n\n".into())
        );
        assert_eq!(session.execute("   # only a comment"), None);
        assert_eq!(session.execute(""), None);
        assert_eq!(
            session.execute("12 known_command\tgenmove"),
            Some("=12 true\n\n".into())
        );
        assert_eq!(
            session.execute("known_command resign"),
            Some("= false\n\n".into())
        );
    }

    #[test]
    fn clock_budget_follows_byo_yomi_and_main_time() {
        let mut session = GtpSession::new(1.0);
        assert_eq!(session.clock.budget(Player::First), None);
        session.execute("time_settings 0 10 5");
        assert!((session.clock.budget(Player::First).unwrap() - 1.6).abs() < 1e-9);
        session.execute("time_left white 30 0");
        assert!((session.clock.budget(Player::Second).unwrap() - 0.8).abs() < 1e-9);
    }

    #[test]
    fn genmove_resigns_a_lost_game_and_plays_on_a_won_one() {
        // Komi 100 on 9x9: Black cannot win whatever happens, White cannot lose.
        // Resignation waits for RESIGN_STREAK hopeless moves in a row.
        let mut session = GtpSession::with_playouts(4000);
        session.execute("komi 100");
        for _ in 1..RESIGN_STREAK {
            let answer = session.execute("genmove b").unwrap();
            assert!(!answer.contains("resign"), "{answer}");
        }
        let played = session.game.history().len();
        assert_eq!(session.execute("genmove b"), Some("= resign\n\n".into()));
        assert_eq!(
            session.game.history().len(),
            played,
            "a resignation plays nothing"
        );
        let answer = session.execute("genmove w").unwrap();
        assert!(
            answer.starts_with("= ") && !answer.contains("resign"),
            "{answer}"
        );
        // An even game is no reason to resign.
        let mut even = GtpSession::with_playouts(4000);
        let answer = even.execute("genmove b").unwrap();
        assert!(!answer.contains("resign"), "{answer}");
    }

    #[test]
    fn a_streak_of_zero_never_resigns() {
        // Komi 100: every search is hopeless for Black, yet `--resign 0` plays on.
        let mut session = GtpSession::with_playouts(3000);
        session.resign.streak = 0;
        session.execute("komi 100");
        for _ in 0..=RESIGN_STREAK {
            let answer = session.execute("genmove b").unwrap();
            assert!(!answer.contains("resign"), "{answer}");
        }
        assert_eq!(session.hopeless_moves, RESIGN_STREAK + 1);
    }

    #[test]
    fn genmove_keeps_the_tree_of_the_moves_played() {
        let mut session = GtpSession::with_playouts(3000);
        session.execute("boardsize 7");
        session.execute("genmove b");
        let tree = session.tree.as_ref().unwrap();
        // The reply the tree expects, and its visits.
        let best = tree
            .children(0)
            .iter()
            .copied()
            .max_by_key(|&c| tree.node(c).visits)
            .unwrap();
        let reply = tree
            .children(best)
            .iter()
            .copied()
            .max_by_key(|&c| tree.node(c).visits)
            .unwrap();
        let kept = tree.node(reply).visits;
        let reply_move = tree.node(reply).mv.unwrap();
        let vertex = session.game.format_move(reply_move);
        session.execute(&format!("play w {vertex}"));
        session.execute("genmove b");
        assert_eq!(session.tree.as_ref().unwrap().node(0).visits, kept + 3000);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Any known command (but the slow genmove) with arbitrary arguments, and
        /// arbitrary junk, gets exactly one answer ending in a blank line.
        #[test]
        fn every_line_gets_one_well_formed_answer(
            id in proptest::option::of(0u32..1000),
            command in proptest::sample::select(COMMANDS.iter().copied().filter(|c| !c.contains("genmove")).collect::<Vec<_>>()),
            args in r"[ a-zA-Z0-9.\-#\t]{0,24}",
            junk in r"[^\n]{0,30}",
        ) {
            let mut session = GtpSession::new(0.01);
            session.execute("boardsize 5");
            let id_text = id.map(|n| n.to_string()).unwrap_or_default();
            for line in [format!("{id_text} {command} {args}"), junk] {
                if let Some(answer) = session.execute(&line) {
                    proptest::prop_assert!(answer.starts_with('=') || answer.starts_with('?'));
                    proptest::prop_assert!(answer.ends_with("\n\n"));
                    proptest::prop_assert!(!answer.trim_end().contains("\n\n"));
                }
            }
        }
    }
}
