//! UCI and UCCI lines read into commands, before anything runs: what a GUI
//! asked for, typed, with the words it could not read kept as problems to note.

use std::fmt;

use super::{DEEPEST, Dialect};
use crate::text::escape_control;

/// One command line of UCI or UCCI, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: identify and list the options (UCI).
    Uci,
    /// `ucci`: identify and list the options (UCCI).
    Ucci,
    /// `isready`: answered `readyok`, even while a search runs.
    IsReady,
    /// `ucinewgame`: forget the last game (UCI).
    NewGame,
    /// `setoption name NAME value VALUE` (UCI) or `setoption NAME VALUE` (UCCI).
    SetOption {
        /// The option's name as written (matched in any case).
        name: String,
        /// Its value, words joined by spaces; empty when none.
        value: String,
    },
    /// `position startpos|fen FEN [moves M1 M2 ...]`, moves as written.
    Position {
        /// Where the game starts.
        start: StartPosition,
        /// The moves played from there, as written.
        moves: Vec<String>,
    },
    /// `go` with its limits.
    Go(GoRequest),
    /// `stop`: answer the running search's `bestmove` now.
    Stop,
    /// `quit` (UCCI answers `bye`).
    Quit,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the game's start.
    Start,
    /// `fen ...`: the position as the protocol writes it, words joined by spaces.
    Fen(String),
}

/// Why a line is not a command this engine runs: each is noted as `info string
/// ignored: ...` (a blank line is skipped silently).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciParseError {
    /// Nothing but spaces.
    Blank,
    /// A command the dialect does not have.
    Unknown(String),
    /// A command of the dialect this engine does not support.
    Unsupported(String),
    /// `position` without `startpos` or `fen`.
    NoStartPosition,
}

impl fmt::Display for UciParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciParseError::Blank => write!(f, "a blank line"),
            UciParseError::Unknown(name) => write!(f, "unknown command '{name}'"),
            UciParseError::Unsupported(name) => write!(f, "'{name}' is not supported"),
            UciParseError::NoStartPosition => write!(f, "position needs startpos or fen"),
        }
    }
}

impl std::error::Error for UciParseError {}

impl UciCommand {
    /// Reads one line as `dialect` speaks it.
    pub fn parse(line: &str, dialect: Dialect) -> Result<UciCommand, UciParseError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else {
            return Err(UciParseError::Blank);
        };
        Ok(match (name, dialect) {
            ("uci", Dialect::Uci) => UciCommand::Uci,
            ("ucci", Dialect::Ucci) => UciCommand::Ucci,
            ("isready", _) => UciCommand::IsReady,
            ("ucinewgame", Dialect::Uci) => UciCommand::NewGame,
            ("setoption", _) => set_option(rest, dialect),
            ("position", _) => position(rest)?,
            ("go", _) => UciCommand::Go(GoRequest::parse(rest, dialect)),
            ("stop", _) => UciCommand::Stop,
            ("quit", _) => UciCommand::Quit,
            ("banmoves" | "probe", Dialect::Ucci) => {
                return Err(UciParseError::Unsupported(name.to_string()));
            }
            _ => return Err(UciParseError::Unknown(name.to_string())),
        })
    }
}

/// `setoption name NAME value VALUE` (UCI) or `setoption NAME VALUE` (UCCI); a
/// name of several words is joined by spaces, as is the value.
fn set_option(words: &[&str], dialect: Dialect) -> UciCommand {
    let (name, value) = match (dialect, words.first()) {
        (Dialect::Ucci, Some(&name)) if name != "name" => (name.to_string(), words[1..].join(" ")),
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
    UciCommand::SetOption { name, value }
}

/// `position startpos|fen FEN [moves M1 M2 ...]`.
fn position(words: &[&str]) -> Result<UciCommand, UciParseError> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let start = match words.first() {
        Some(&"startpos") => StartPosition::Start,
        Some(&"fen") => StartPosition::Fen(words[1..moves_at].join(" ")),
        _ => return Err(UciParseError::NoStartPosition),
    };
    let moves = words
        .iter()
        .skip(moves_at + 1)
        .map(|w| w.to_string())
        .collect();
    Ok(UciCommand::Position { start, moves })
}

/// The limits a `go` command asked for. UCCI's clock words count for the side to
/// move and its opponent, in the session's clock unit: [`GoRequest::on_clock`]
/// puts them on White's and Black's clocks once both are known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoRequest {
    /// `depth N`, clamped to 1..=[`DEEPEST`].
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// Milliseconds on White's and Black's clocks.
    pub clock: [Option<u64>; 2],
    /// Milliseconds added per move, White's and Black's.
    pub increment: [u64; 2],
    /// `movestogo N`.
    pub moves_to_go: Option<u64>,
    /// `infinite` (or `depth infinite`): answer only after `stop`.
    pub infinite: bool,
    /// `go mate N`: look for a mate in N moves.
    pub mate: Option<u64>,
    /// `go searchmoves ...`: the root moves to consider, as written.
    pub searchmoves: Vec<String>,
    /// UCCI's `time`, `increment`, `opptime`, `oppincrement`, in clock units.
    pub relative: RelativeClock,
    /// Words that could not be read, each said in a line.
    pub problems: Vec<String>,
}

/// UCCI's clock words: the side to move's (`time`, `increment`) and its
/// opponent's (`opptime`, `oppincrement`), in the session's clock unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RelativeClock {
    /// `time`: the side to move's clock.
    pub time: Option<u64>,
    /// `increment`: the side to move's increment.
    pub increment: Option<u64>,
    /// `opptime`: the opponent's clock.
    pub opptime: Option<u64>,
    /// `oppincrement`: the opponent's increment.
    pub oppincrement: Option<u64>,
}

/// The words `go` knows, which end a `searchmoves` list.
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "draw",
];

/// Reads a count: negative numbers read as 0, numbers past `u64` as `u64::MAX`.
fn count(text: &str) -> Option<u64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if negative {
        0
    } else {
        digits.parse().unwrap_or(u64::MAX)
    })
}

impl GoRequest {
    /// Reads `go`'s words: UCI's (`wtime`, `movetime`...), and in UCCI also UCCI's
    /// (`time`, `increment`, `opptime`...). A word it cannot read becomes a problem,
    /// and a `go` with a problem is refused as a whole: it searches one ply, so that
    /// it is still answered by a `bestmove` but never by a search without the limit
    /// the controller meant to set (`go depth 3.5` must not search for ever).
    pub fn parse(words: &[&str], dialect: Dialect) -> GoRequest {
        let request = Self::read(words, dialect);
        if request.problems.is_empty() {
            request
        } else {
            GoRequest {
                depth: Some(1),
                problems: request.problems,
                ..GoRequest::default()
            }
        }
    }

    fn read(words: &[&str], dialect: Dialect) -> GoRequest {
        let mut request = GoRequest::default();
        let mut words = words.iter().copied().peekable();
        while let Some(word) = words.next() {
            if word == "depth" && words.peek() == Some(&"infinite") {
                words.next();
                request.infinite = true;
                continue;
            }
            if word == "searchmoves" {
                while let Some(m) = words.next_if(|w| !GO_WORDS.contains(w)) {
                    request.searchmoves.push(m.to_string());
                }
                continue;
            }
            if matches!(word, "infinite" | "ponder" | "draw") {
                request.infinite |= word == "infinite";
                continue;
            }
            let ucci_word = matches!(
                word,
                "time" | "increment" | "opptime" | "oppincrement" | "oppmovestogo"
            );
            if !GO_WORDS.contains(&word) || (ucci_word && dialect == Dialect::Uci) {
                request
                    .problems
                    .push(format!("go: unknown word '{}'", escape_control(word)));
                continue;
            }
            let text = words.next_if(|w| !GO_WORDS.contains(w)).unwrap_or("");
            match count(text) {
                Some(number) => request.set(word, number),
                None => request.problems.push(format!(
                    "go {word} '{}' is not a number",
                    escape_control(text)
                )),
            }
        }
        request
    }

    /// Sets the limit `word` names to `number`.
    fn set(&mut self, word: &str, number: u64) {
        match word {
            "depth" => self.depth = Some(number.clamp(1, DEEPEST) as u32),
            "nodes" => self.nodes = Some(number.max(1)),
            "mate" => self.mate = Some(number.clamp(1, DEEPEST / 2)),
            "movetime" => self.movetime = Some(number),
            "wtime" => self.clock[0] = Some(number),
            "btime" => self.clock[1] = Some(number),
            "winc" => self.increment[0] = number,
            "binc" => self.increment[1] = number,
            "movestogo" => self.moves_to_go = Some(number.max(1)),
            "time" => self.relative.time = Some(number),
            "increment" => self.relative.increment = Some(number),
            "opptime" => self.relative.opptime = Some(number),
            "oppincrement" => self.relative.oppincrement = Some(number),
            _ => {}
        }
    }

    /// The request with UCCI's clock words on the clocks of the side to move
    /// (index `side`) and its opponent, `unit` milliseconds to a clock unit.
    pub fn on_clock(mut self, side: usize, unit: u64) -> GoRequest {
        let millis = |amount: u64| amount.saturating_mul(unit);
        let relative = self.relative;
        if let Some(time) = relative.time {
            self.clock[side] = Some(millis(time));
        }
        if let Some(increment) = relative.increment {
            self.increment[side] = millis(increment);
        }
        if let Some(time) = relative.opptime {
            self.clock[1 - side] = Some(millis(time));
        }
        if let Some(increment) = relative.oppincrement {
            self.increment[1 - side] = millis(increment);
        }
        self
    }

    /// The most plies a mate `go mate N` asks for may take: N moves of the side to
    /// move and the N - 1 replies between them.
    pub fn mate_plies(&self) -> Option<u32> {
        self.mate.map(|moves| (2 * moves - 1) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(line: &str) -> Result<UciCommand, UciParseError> {
        UciCommand::parse(line, Dialect::Uci)
    }

    fn ucci(line: &str) -> Result<UciCommand, UciParseError> {
        UciCommand::parse(line, Dialect::Ucci)
    }

    fn option(name: &str, value: &str) -> UciCommand {
        UciCommand::SetOption {
            name: name.to_string(),
            value: value.to_string(),
        }
    }

    #[test]
    fn lines_read_as_commands() {
        let go_depth = GoRequest {
            depth: Some(6),
            ..GoRequest::default()
        };
        let table = [
            ("uci", UciCommand::Uci),
            ("  isready  ", UciCommand::IsReady),
            ("ucinewgame", UciCommand::NewGame),
            ("stop", UciCommand::Stop),
            ("quit", UciCommand::Quit),
            ("go depth 6", UciCommand::Go(go_depth)),
            ("setoption name Hash value 128", option("Hash", "128")),
            (
                "setoption name Extras value with=a,b no=c",
                option("Extras", "with=a,b no=c"),
            ),
            ("setoption name Clear Hash", option("Clear Hash", "")),
            (
                "position startpos moves e2e4 e7e5",
                UciCommand::Position {
                    start: StartPosition::Start,
                    moves: vec!["e2e4".into(), "e7e5".into()],
                },
            ),
            (
                "position fen 8/8/8/8/8/8/8/K6k w - - 0 1",
                UciCommand::Position {
                    start: StartPosition::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                    moves: Vec::new(),
                },
            ),
        ];
        for (line, command) in table {
            assert_eq!(uci(line), Ok(command), "{line}");
        }
        assert_eq!(ucci("ucci"), Ok(UciCommand::Ucci));
        assert_eq!(ucci("setoption hashsize 32"), Ok(option("hashsize", "32")));
        assert_eq!(
            ucci("setoption usemillisec true"),
            Ok(option("usemillisec", "true"))
        );
    }

    #[test]
    fn junk_lines_are_errors() {
        assert_eq!(uci(""), Err(UciParseError::Blank));
        assert_eq!(uci(" \t "), Err(UciParseError::Blank));
        assert_eq!(
            uci("xyzzy 1 2"),
            Err(UciParseError::Unknown("xyzzy".into()))
        );
        assert_eq!(uci("ucci"), Err(UciParseError::Unknown("ucci".into())));
        assert_eq!(ucci("uci"), Err(UciParseError::Unknown("uci".into())));
        assert_eq!(
            ucci("ucinewgame"),
            Err(UciParseError::Unknown("ucinewgame".into()))
        );
        assert_eq!(
            uci("banmoves e2e4"),
            Err(UciParseError::Unknown("banmoves".into()))
        );
        assert_eq!(
            ucci("probe"),
            Err(UciParseError::Unsupported("probe".into()))
        );
        assert_eq!(uci("position"), Err(UciParseError::NoStartPosition));
        assert_eq!(
            uci("position moves e2e4"),
            Err(UciParseError::NoStartPosition)
        );
        assert_eq!(
            uci("xyzzy").unwrap_err().to_string(),
            "unknown command 'xyzzy'"
        );
    }

    #[test]
    fn go_reads_every_limit_and_notes_what_it_cannot_read() {
        let words = [
            "wtime",
            "-5",
            "btime",
            "x",
            "searchmoves",
            "e2e4",
            "d2d4",
            "depth",
            "3",
            "bogus",
        ];
        let request = GoRequest::read(&words, Dialect::Uci);
        assert_eq!(request.clock[0], Some(0));
        assert_eq!(request.clock[1], None);
        assert_eq!(request.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(request.depth, Some(3));
        assert_eq!(request.problems.len(), 2, "{:?}", request.problems);
        // With a problem the whole `go` is refused: one ply, no clock, no list.
        let refused = GoRequest::parse(&words, Dialect::Uci);
        assert_eq!(refused.depth, Some(1));
        assert_eq!(
            (refused.clock, refused.searchmoves.len()),
            ([None, None], 0)
        );
        assert_eq!(refused.problems, request.problems);
        let request = GoRequest::read(&["time", "5"], Dialect::Uci);
        assert_eq!(
            request.problems,
            vec!["go: unknown word 'time'", "go: unknown word '5'"]
        );
    }

    #[test]
    fn ucci_clock_words_count_for_the_side_to_move() {
        let words = ["time", "30", "increment", "2", "opptime", "20"];
        let request = GoRequest::parse(&words, Dialect::Ucci).on_clock(1, 1000);
        assert_eq!(request.clock, [Some(20_000), Some(30_000)]);
        assert_eq!(request.increment, [0, 2000]);
    }
}
