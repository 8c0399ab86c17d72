//! `ply gomocup`: gomoku behind the Gomocup (piskvork) text protocol, so that
//! piskvork, other Gomocup managers and `scripts/match-gomocup.py` can play ply
//! against other gomoku engines.
//!
//! The manager sends one command a line: `START size`, `BEGIN` (ply plays first),
//! `TURN x,y` (the opponent's stone; ply answers with its own), `BOARD` followed by
//! `x,y,who` lines and `DONE` (1 = ply's stone, 2 = the opponent's), `TAKEBACK x,y`,
//! `RESTART`, `INFO key value` (`timeout_turn`, `timeout_match`, `time_left` in
//! milliseconds, `rule`: 0 freestyle, 1 exactly five, `thread_num`: threads
//! searching at once, as Yixin-Board sends it), `ABOUT` and `END`. A move is
//! `x,y`, x the column from the left and y the row from the top, both from 0.
//!
//! Every malformed line gets one `ERROR` line (`UNKNOWN` for a command this engine
//! does not know); nothing on the input panics or hangs. Before each move the
//! threat searches run ([`root_plan`]): a win by fours or threats is played at
//! once, and when the opponent has one the search only chooses among the moves
//! that refute it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::game::gomoku::board::{MAX_SIZE, Rule};
use crate::game::gomoku::vct::{RootPlan, root_plan};
use crate::game::gomoku::{Gomoku, MIN_SIZE};
use crate::game::{Evaluator, Game, Playable, Player};
use crate::play::EngineSettings;
use crate::play::levels::parse_engine;
use crate::search::mcts::MAX_THREADS;
use crate::search::{Algorithm, Engine, SearchConfig};

/// Thinking time per move when the manager sends no `INFO timeout_turn`.
const DEFAULT_TURN: Duration = Duration::from_secs(1);
/// Share of the manager's time per move spent thinking: the rest covers the
/// threat searches' overshoot and the pipe.
const TIME_SHARE: f64 = 0.7;
/// Share of the time per move the threat searches may take before the search.
const PLAN_SHARE: f64 = 0.3;
/// Share of the match time left spent on one move.
const MATCH_SHARE: u32 = 25;

/// One Gomocup command, read (outside a `BOARD` block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GomocupCommand {
    /// `START size`: a new game on a square board.
    Start(usize),
    /// `RECTSTART`: a rectangular board, which ply does not play.
    RectStart,
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: ply plays the first stone.
    Begin,
    /// `TURN x,y`: the opponent's stone, as written (read on the current board).
    Turn(String),
    /// `BOARD`: the stones follow, one a line, up to `DONE`.
    Board,
    /// `TAKEBACK x,y`, as written.
    Takeback(String),
    /// `INFO key value`.
    Info {
        /// The setting's name, as written.
        key: String,
        /// Its value, as written.
        value: String,
    },
    /// `ABOUT`: the engine's name and version.
    About,
    /// `END`: the session is over.
    End,
}

/// One line inside a `BOARD` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLine {
    /// `x,y,who`: a stone, 1 ply's, 2 the opponent's (3: ply's, Renju's winning mark).
    Stone {
        /// The column, from 0.
        x: usize,
        /// The row, from 0.
        y: usize,
        /// Whose stone: 1 ply's, 2 the opponent's, 3 ply's winning mark.
        who: u8,
    },
    /// `DONE`: the position is complete; ply moves.
    Done,
}

/// Why a line gets `UNKNOWN` or `ERROR` instead of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GomocupError {
    /// A command this engine does not know: `UNKNOWN`.
    Unknown(String),
    /// `START` without a number.
    NotASize(String),
    /// A board size ply does not play.
    UnsupportedSize(usize),
    /// `RECTSTART`.
    Rectangular,
    /// A line inside `BOARD` that is neither a stone nor `DONE`.
    NotAStone(String),
    /// A command the position refuses, and why.
    Refused(String),
}

impl std::fmt::Display for GomocupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GomocupError::Unknown(command) => write!(f, "command '{}'", printable(command)),
            GomocupError::NotASize(text) => {
                write!(f, "START expects a board size, got '{}'", printable(text))
            }
            GomocupError::UnsupportedSize(size) => {
                write!(f, "unsupported size {size}: {MIN_SIZE} to {MAX_SIZE}")
            }
            GomocupError::Rectangular => write!(f, "rectangular boards are not supported"),
            GomocupError::NotAStone(line) => write!(
                f,
                "expected x,y,who (who 1, 2 or 3) or DONE, got '{}'",
                printable(line)
            ),
            GomocupError::Refused(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for GomocupError {}

impl GomocupError {
    /// The line the manager gets: `UNKNOWN ...` or `ERROR ...`.
    fn reply(&self) -> String {
        match self {
            GomocupError::Unknown(_) => format!("UNKNOWN {self}"),
            _ => format!("ERROR {self}"),
        }
    }
}

impl From<String> for GomocupError {
    fn from(why: String) -> GomocupError {
        GomocupError::Refused(why)
    }
}

impl GomocupCommand {
    /// Reads a non-blank line outside `BOARD`; the command word in any case.
    pub fn parse(line: &str) -> Result<GomocupCommand, GomocupError> {
        let line = line.trim();
        let (command, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        Ok(match command.to_ascii_uppercase().as_str() {
            "START" => GomocupCommand::Start(read_size(rest)?),
            "RECTSTART" => GomocupCommand::RectStart,
            "RESTART" => GomocupCommand::Restart,
            "BEGIN" => GomocupCommand::Begin,
            "TURN" => GomocupCommand::Turn(rest.to_string()),
            "BOARD" => GomocupCommand::Board,
            "TAKEBACK" => GomocupCommand::Takeback(rest.to_string()),
            "INFO" => {
                let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                GomocupCommand::Info {
                    key: key.to_ascii_lowercase(),
                    value: value.trim().to_string(),
                }
            }
            "ABOUT" => GomocupCommand::About,
            "END" => GomocupCommand::End,
            _ => return Err(GomocupError::Unknown(command.to_string())),
        })
    }
}

impl BoardLine {
    /// Reads a non-blank line inside `BOARD` on a board of side `size`.
    pub fn parse(line: &str, size: usize) -> Result<BoardLine, GomocupError> {
        let line = line.trim();
        if line.eq_ignore_ascii_case("DONE") {
            return Ok(BoardLine::Done);
        }
        line.rsplit_once(',')
            .and_then(|(xy, who)| {
                let who: u8 = who.trim().parse().ok().filter(|w| (1..=3).contains(w))?;
                let (x, y) = parse_xy(xy, size).ok()?;
                Some(BoardLine::Stone { x, y, who })
            })
            .ok_or_else(|| GomocupError::NotAStone(line.to_string()))
    }
}

/// `START`'s board size.
fn read_size(text: &str) -> Result<usize, GomocupError> {
    let size: usize = text
        .parse()
        .map_err(|_| GomocupError::NotASize(text.to_string()))?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(GomocupError::UnsupportedSize(size));
    }
    Ok(size)
}

/// One Gomocup session, the controller the commands run on: the game, the time
/// rules, the engine and a `BOARD` block being read.
pub struct GomocupSession {
    /// `None` until `START`.
    game: Option<Gomoku>,
    rule: Rule,
    turn_time: Duration,
    time_left: Option<Duration>,
    settings: EngineSettings,
    evaluator: std::sync::Arc<dyn Evaluator<Gomoku>>,
    engine: Engine<Gomoku>,
    threat_plan: bool,
    /// The stones of a `BOARD` command while its lines come in.
    board_lines: Option<Vec<(usize, usize, u8)>>,
    /// Set by `END`: the loop stops.
    pub finished: bool,
    /// Set once `END` or the end of input has been read: a search stops on it.
    ended: Arc<AtomicBool>,
    /// Threads searching at once, when `--threads` or `INFO thread_num` set
    /// them (else the spec's).
    threads: Option<usize>,
}

impl GomocupSession {
    /// A session playing with the engine `spec`: `level=N` or a full spec (see
    /// [`EngineSettings::parse_spec`]).
    pub fn new(spec: &str, threat_plan: bool) -> Result<GomocupSession, String> {
        GomocupSession::with_threads(spec, threat_plan, None)
    }

    /// Like [`GomocupSession::new`], searching on `threads` threads when given
    /// (else as the spec says) until an `INFO thread_num` changes it.
    pub fn with_threads(
        spec: &str,
        threat_plan: bool,
        threads: Option<usize>,
    ) -> Result<GomocupSession, String> {
        let settings = parse_engine(Gomoku::info().id, spec).map_err(|e| e.0)?;
        let evaluator = Gomoku::evaluator_named(&settings.eval)
            .map_err(|e| e.0)?
            .evaluator;
        Ok(GomocupSession {
            game: None,
            rule: Rule::Freestyle,
            turn_time: DEFAULT_TURN,
            time_left: None,
            settings,
            evaluator,
            engine: Engine::new(),
            threat_plan,
            board_lines: None,
            finished: false,
            ended: Arc::default(),
            threads: threads.map(|n| n.clamp(1, MAX_THREADS)),
        })
    }

    /// Answers one input line with the lines to print (none for `INFO` and the
    /// lines inside `BOARD`).
    pub fn execute(&mut self, raw: &str) -> Vec<String> {
        let line = raw.trim();
        if line.is_empty() {
            return Vec::new();
        }
        let answer = if self.board_lines.is_some() && !is_end(line) {
            let size = self.game.as_ref().map_or(MAX_SIZE, |g| g.board().size());
            BoardLine::parse(line, size).and_then(|stone| self.board_line(stone))
        } else {
            GomocupCommand::parse(line).and_then(|command| self.run(command))
        };
        match answer {
            Ok(Some(reply)) => vec![reply],
            Ok(None) => Vec::new(),
            Err(error) => vec![error.reply()],
        }
    }

    /// Runs one command: the line to answer, if any, or why it was refused.
    pub fn run(&mut self, command: GomocupCommand) -> Result<Option<String>, GomocupError> {
        let reply = match command {
            GomocupCommand::Start(size) => self.start(size),
            GomocupCommand::RectStart => return Err(GomocupError::Rectangular),
            GomocupCommand::Restart => self.restart(),
            GomocupCommand::Begin => self.begin(),
            GomocupCommand::Turn(point) => self.turn(&point),
            GomocupCommand::Board => self.board(),
            GomocupCommand::Takeback(point) => self.takeback(&point),
            GomocupCommand::Info { key, value } => {
                self.info(&key, &value);
                return Ok(None);
            }
            GomocupCommand::About => Ok(
                "name=\"ply\", version=\"0.1\", author=\"ply developers\", country=\"none\""
                    .to_string(),
            ),
            GomocupCommand::End => {
                self.finished = true;
                return Ok(None);
            }
        };
        Ok(Some(reply?))
    }

    fn start(&mut self, size: usize) -> Result<String, String> {
        self.game = Some(Gomoku::new(size, self.rule));
        self.engine.new_game();
        Ok("OK".to_string())
    }

    fn restart(&mut self) -> Result<String, String> {
        let size = self.game()?.board().size();
        self.game = Some(Gomoku::new(size, self.rule));
        self.engine.new_game();
        Ok("OK".to_string())
    }

    fn game(&self) -> Result<&Gomoku, String> {
        self.game
            .as_ref()
            .ok_or_else(|| "no game: send START first".to_string())
    }

    fn begin(&mut self) -> Result<String, String> {
        if self.game()?.history().is_empty() && self.game()?.board().stone_counts() == (0, 0) {
            self.reply()
        } else {
            Err("BEGIN is only for an empty board".to_string())
        }
    }

    fn turn(&mut self, rest: &str) -> Result<String, String> {
        let point = self.read_point(rest)?;
        let game = self.game.as_mut().expect("checked by read_point");
        if game.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        if !game.board().is_empty(point) {
            return Err(format!("{} is already taken", printable(rest)));
        }
        game.play(point as u16);
        self.reply()
    }

    fn takeback(&mut self, rest: &str) -> Result<String, String> {
        let point = self.read_point(rest)?;
        let game = self.game.as_mut().expect("checked by read_point");
        if game.history().last() != Some(&(point as u16)) {
            return Err(format!("{} is not the last stone played", printable(rest)));
        }
        game.undo();
        Ok("OK".to_string())
    }

    /// A point `x,y` on the current board, as a point of the game.
    fn read_point(&self, text: &str) -> Result<usize, String> {
        let size = self.game()?.board().size();
        let (x, y) = parse_xy(text, size)?;
        Ok(self.game()?.board().point(x, size - 1 - y))
    }

    fn board(&mut self) -> Result<String, String> {
        self.game()?;
        self.board_lines = Some(Vec::new());
        Ok(String::new())
    }

    /// One line inside `BOARD`: a stone, kept for `DONE`, which answers ply's move.
    fn board_line(&mut self, line: BoardLine) -> Result<Option<String>, GomocupError> {
        match line {
            BoardLine::Stone { x, y, who } => {
                self.board_lines
                    .get_or_insert_with(Vec::new)
                    .push((x, y, who));
                Ok(None)
            }
            BoardLine::Done => {
                let stones = self.board_lines.take().unwrap_or_default();
                self.set_board(&stones)?;
                Ok(Some(self.reply()?))
            }
        }
    }

    /// Sets up the stones of a `BOARD` command; ply is to move.
    fn set_board(&mut self, stones: &[(usize, usize, u8)]) -> Result<(), String> {
        let size = self.game()?.board().size();
        let mine = stones.iter().filter(|s| s.2 != 2).count();
        let theirs = stones.len() - mine;
        // Black moves first and the sides alternate: ply is Black with as many
        // stones as the opponent, White with one fewer.
        let me = match (mine, theirs) {
            (m, t) if m == t => Player::First,
            (m, t) if m + 1 == t => Player::Second,
            _ => {
                return Err(format!(
                    "{mine} stones of mine and {theirs} of the opponent's cannot come from alternate moves"
                ));
            }
        };
        let mut picture = vec![vec!['.'; size]; size];
        for &(x, y, who) in stones {
            if picture[y][x] != '.' {
                return Err(format!("{x},{y} is given twice"));
            }
            let player = if who == 2 { me.other() } else { me };
            picture[y][x] = if player == Player::First { 'x' } else { 'o' };
        }
        let ranks: Vec<String> = picture.iter().map(|r| r.iter().collect()).collect();
        let options = crate::game::GameOptions::parse(&[
            format!("size={size}"),
            format!("rule={}", self.rule.name()),
        ])
        .map_err(|e| e.0)?;
        let game = Gomoku::parse_position(&ranks.join("/"), &options).map_err(|e| e.0)?;
        if game.outcome().is_some() {
            return Err("the game on this board is already over".to_string());
        }
        self.game = Some(game);
        Ok(())
    }

    /// `INFO key value`: the time rules and the rule; unknown keys are ignored,
    /// as the protocol asks.
    fn info(&mut self, key: &str, value: &str) {
        let millis = value.parse::<u64>().ok();
        match (key, millis) {
            ("timeout_turn", Some(ms)) if ms > 0 => self.turn_time = Duration::from_millis(ms),
            ("time_left", Some(ms)) => self.time_left = Some(Duration::from_millis(ms)),
            ("thread_num", Some(threads)) if threads > 0 => {
                self.threads = Some((threads as usize).min(MAX_THREADS));
            }
            ("rule", Some(rule)) => {
                self.rule = if rule & 1 == 1 {
                    Rule::Exact
                } else {
                    Rule::Freestyle
                };
            }
            _ => {}
        }
    }

    /// Chooses ply's move, plays it and writes it as `x,y`.
    fn reply(&mut self) -> Result<String, String> {
        let started = Instant::now();
        let game = self.game()?.clone();
        if game.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        let chosen = self.choose(&game, started);
        let size = game.board().size();
        let (file, rank) = game.board().coordinates(chosen as usize);
        self.game.as_mut().expect("checked above").play(chosen);
        Ok(format!("{},{}", file, size - 1 - rank))
    }

    /// The time for one move, from the manager's time rules.
    fn move_budget(&self) -> Duration {
        match self.time_left {
            Some(left) => self.turn_time.min(left / MATCH_SHARE),
            None => self.turn_time,
        }
    }

    /// The move: a win by threats, else the search's best among the moves the
    /// threat searches allow.
    fn choose(&mut self, game: &Gomoku, started: Instant) -> u16 {
        let budget = self.move_budget();
        let plan = match self.threat_plan {
            true => root_plan(game, Some(started + budget.mul_f64(PLAN_SHARE))),
            false => RootPlan::Free,
        };
        let allowed = match plan {
            RootPlan::Win(win) => return win.first,
            RootPlan::Defend(moves) if moves.len() == 1 => return moves[0],
            RootPlan::Defend(moves) => Some(moves),
            RootPlan::Free => None,
        };
        let thinking = budget
            .mul_f64(TIME_SHARE)
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(5));
        let mut config: SearchConfig = self.settings.config_for(Gomoku::prefers_engine_search());
        // The manager's time caps the engine's own (a level's 1 s, say).
        if self.settings.nodes.is_none() {
            let own = self.settings.time;
            config.limits.time = Some(own.map_or(thinking, |own| own.min(thinking)));
        }
        config.iterative = true;
        if let Some(threads) = self.threads {
            config.threads = threads;
        }
        let evaluator = self.evaluator.as_ref();
        // The root plan is the depth-first search's root; Monte Carlo's tree has
        // no such input, so its best allowed move is picked afterwards.
        let result = match &allowed {
            Some(moves) if config.algorithm != Algorithm::Mcts => {
                let stop = Some(self.ended.as_ref());
                self.engine
                    .search_among(game, moves, evaluator, &config, stop, &mut ())
            }
            _ => {
                let stop = Some(self.ended.as_ref());
                self.engine.search(game, evaluator, &config, stop, &mut ())
            }
        };
        let legal = game.moves();
        match allowed {
            Some(allowed) => pick_allowed(&result, &allowed),
            None => result.best_move.or(legal.first().copied()),
        }
        .unwrap_or_else(|| {
            legal
                .first()
                .copied()
                .unwrap_or(game.board().centre() as u16)
        })
    }
}

/// The best-scored root move of `result` among `allowed`, or the first allowed.
fn pick_allowed(result: &crate::search::SearchResult<u16>, allowed: &[u16]) -> Option<u16> {
    if let Some(best) = result.best_move.filter(|m| allowed.contains(m)) {
        return Some(best);
    }
    result
        .root_moves
        .iter()
        .filter(|r| allowed.contains(&r.mv))
        .max_by_key(|r| r.score.unwrap_or(i32::MIN))
        .map(|r| r.mv)
        .or(allowed.first().copied())
}

/// Reads `x,y` on a board of side `size`.
fn parse_xy(text: &str, size: usize) -> Result<(usize, usize), String> {
    let bad = || {
        format!(
            "expected x,y from 0 to {}, got '{}'",
            size - 1,
            printable(text)
        )
    };
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let read = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v < size);
    Ok((read(x).ok_or_else(bad)?, read(y).ok_or_else(bad)?))
}

/// Text from the input made safe for one output line: short, without control characters.
fn printable(text: &str) -> String {
    text.chars()
        .take(40)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// Reads commands on stdin until `END` or the end of input.
/// `threads`, when given, is the number of threads searching at once.
pub fn serve(engine: &str, threat_plan: bool, threads: Option<usize>) -> anyhow::Result<()> {
    let input = std::io::BufReader::new(std::io::stdin());
    serve_io(engine, threat_plan, threads, input, &mut std::io::stdout())
}

/// Reads commands on `input` and answers on `output`: the loop of [`serve`],
/// open to a test or a fuzzer that feeds it bytes.
pub fn serve_io(
    engine: &str,
    threat_plan: bool,
    threads: Option<usize>,
    input: impl std::io::BufRead + Send + 'static,
    output: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let mut session =
        GomocupSession::with_threads(engine, threat_plan, threads).map_err(anyhow::Error::msg)?;
    let ended = session.ended.clone();
    super::line::serve(
        input,
        output,
        |line| {
            let reply: String = session
                .execute(line)
                .into_iter()
                .filter(|l| !l.is_empty())
                .map(|l| l + "\n")
                .collect();
            (reply, session.finished)
        },
        is_end,
        ended,
        "ERROR line too long (over 1 MiB), skipped\n",
    )
}

/// True for an `END` line, which ends the session in any state (inside `BOARD` too).
fn is_end(line: &str) -> bool {
    GomocupCommand::parse(line) == Ok(GomocupCommand::End)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_commands() {
        let table = [
            ("START 15", GomocupCommand::Start(15)),
            ("start 19", GomocupCommand::Start(19)),
            ("BEGIN", GomocupCommand::Begin),
            ("TURN 7,8", GomocupCommand::Turn("7,8".into())),
            ("TAKEBACK 7,8", GomocupCommand::Takeback("7,8".into())),
            ("BOARD", GomocupCommand::Board),
            (
                "INFO Timeout_Turn  5000 ",
                GomocupCommand::Info {
                    key: "timeout_turn".into(),
                    value: "5000".into(),
                },
            ),
            ("RESTART", GomocupCommand::Restart),
            ("ABOUT", GomocupCommand::About),
            ("END", GomocupCommand::End),
        ];
        for (line, command) in table {
            assert_eq!(GomocupCommand::parse(line), Ok(command), "{line}");
        }
        assert_eq!(
            BoardLine::parse(" 3,4,2 ", 15),
            Ok(BoardLine::Stone { x: 3, y: 4, who: 2 })
        );
        assert_eq!(BoardLine::parse("done", 15), Ok(BoardLine::Done));
    }

    #[test]
    fn junk_lines_are_errors() {
        assert_eq!(
            GomocupCommand::parse("XYZZY 1"),
            Err(GomocupError::Unknown("XYZZY".into()))
        );
        assert_eq!(
            GomocupCommand::parse("START x"),
            Err(GomocupError::NotASize("x".into()))
        );
        assert_eq!(
            GomocupCommand::parse("START 99"),
            Err(GomocupError::UnsupportedSize(99))
        );
        assert_eq!(
            BoardLine::parse("3,4,7", 15),
            Err(GomocupError::NotAStone("3,4,7".into()))
        );
        assert_eq!(
            BoardLine::parse("15,0,1", 15),
            Err(GomocupError::NotAStone("15,0,1".into()))
        );
        let mut session = GomocupSession::new("engine:strong", false).expect("a known engine");
        let table = [
            ("XYZZY 1", "UNKNOWN command 'XYZZY'"),
            ("START", "ERROR START expects a board size, got ''"),
            ("START 99", "ERROR unsupported size 99: 5 to 19"),
            (
                "RECTSTART 10,12",
                "ERROR rectangular boards are not supported",
            ),
            ("TURN 1,1", "ERROR no game: send START first"),
        ];
        for (line, reply) in table {
            assert_eq!(session.execute(line), vec![reply.to_string()], "{line}");
        }
    }

    /// The opponent's open three: the search's root is the moves that stop it.
    #[test]
    fn the_threat_plan_is_the_searchs_root() {
        let mut game = Gomoku::standard();
        game.play_moves("a1 h8 a3 i8 a5 j8").unwrap();
        let RootPlan::Defend(defences) = root_plan(&game, None) else {
            panic!("an open three to stop");
        };
        assert!(defences.len() > 1, "{defences:?}");
        let mut session = GomocupSession::new("engine:strong:nodes=300", true).unwrap();
        session.game = Some(game.clone());
        let reply = session.reply().expect("a move");
        let (x, y) = parse_xy(&reply, 15).expect("x,y");
        let chosen = game.board().point(x, 14 - y) as u16;
        assert!(defences.contains(&chosen), "{reply} not in {defences:?}");
    }

    /// `ply gomocup --engine level=N` plays the level as `ply match` does, and
    /// a level's own time is kept when the manager allows more.
    #[test]
    fn a_level_is_an_engine_and_keeps_its_own_time() {
        let session = GomocupSession::new("level=3", false).expect("a level");
        assert_eq!(
            session.settings,
            crate::play::levels::level_settings("gomoku", 3).unwrap()
        );
        let error = GomocupSession::new("level=11", false)
            .err()
            .expect("refused");
        assert!(error.contains("from 1 to 10"), "{error}");
        let mut session = GomocupSession::new("engine:strong:time=0.05", false).unwrap();
        let lines = [
            "START 15",
            "INFO timeout_turn 20000",
            "BOARD",
            "7,7,2",
            "8,8,1",
            "6,8,2",
            "DONE",
        ];
        for line in lines {
            let started = Instant::now();
            let replies = session.execute(line);
            // A bound on a hang, not a speed: the manager's 20 s would take ~10 s.
            assert!(
                started.elapsed() < Duration::from_secs(3),
                "{line}: {replies:?}"
            );
        }
    }

    #[test]
    fn info_thread_num_sets_the_threads_over_the_command_line() {
        let mut session = GomocupSession::with_threads("engine:strong", false, Some(3)).unwrap();
        assert_eq!(session.threads, Some(3));
        assert!(session.execute("INFO thread_num 2").is_empty());
        assert_eq!(session.threads, Some(2));
        for ignored in ["INFO thread_num 0", "INFO thread_num x", "INFO thread_num"] {
            assert!(session.execute(ignored).is_empty(), "{ignored}");
            assert_eq!(session.threads, Some(2), "{ignored}");
        }
        session.execute("INFO THREAD_NUM 100000");
        assert_eq!(session.threads, Some(MAX_THREADS));
        let unset = GomocupSession::new("engine:strong", false).unwrap();
        assert_eq!(unset.threads, None, "the spec's threads unless told");
    }
}
