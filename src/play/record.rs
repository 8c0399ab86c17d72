//! Game records in the formats players already have: PGN for chess, PDN for
//! checkers, xiangqi in the PGN form XBoard and Fairy-Stockfish's tools read
//! (`[Variant "xiangqi"]`, FEN, coordinate moves), and for the other games ply's
//! plain record in the same syntax (the game and its options named in tags, the
//! moves in the game's notation, the final position). Every game implements
//! [`Recordable`]; most keep its defaults, the plain record.
//!
//! Writing takes the start position, the moves and how the game ended; reading
//! turns a file into a [`LoadedRecord`]: the game, its start position and its
//! moves in the game's own notation, which is what `ply play` and the arcade's
//! setup take.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::game::chess::{Chess, START_FEN};
use crate::game::tag_pairs::{self, TaggedGame};
use crate::game::xiangqi::Xiangqi;
use crate::game::xiangqi::notation::{Coordinates, format_coordinates};
use crate::game::{Game, GameError, GameOptions, Outcome, Playable, checkers, connect4};
use crate::game::{RecordClue, game_for_record};
use crate::game::{dodgem, go, gomoku, grundy, kalah, othello, synthetic, tictactoe};
use crate::play::clock::TimeControl;
use crate::play::setup::RecordedResult;
use crate::{dispatch_game, for_each_game};

/// What a record says besides the moves: who played, when, and how it ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordFacts {
    /// Who played the first and the second side (`human`, `ply engine, 1 s`).
    pub players: [String; 2],
    /// The day the game was played, `YYYY.MM.DD` as PGN writes it.
    pub date: String,
    /// The game's options as `key=value`, so the record replays the same game.
    pub options: Vec<String>,
    /// The result, when the game is over.
    pub outcome: Option<Outcome>,
    /// The end in words (`White wins by checkmate`), when the game is over.
    pub end: Option<String>,
    /// The clocks' time control, for a timed game (PGN's `TimeControl` tag).
    pub time_control: Option<TimeControl>,
}

/// How a game writes and reads its record. The defaults are ply's plain record;
/// chess, checkers and xiangqi override them for the formats other programs read.
pub trait Recordable: Playable {
    /// The file name extension: `pgn`, `pdn`, or `txt` for the plain record.
    const EXTENSION: &'static str = "txt";
    /// The tags naming the first and second player (PGN's `White`/`Black`).
    const PLAYER_TAGS: [&'static str; 2] = ["First", "Second"];

    /// Tags that identify the game and its start position for the readers of the
    /// format; `end` is the final position (the plain record names it).
    fn game_tags(start: &Self, end: &Self, options: &[String]) -> Vec<(String, String)> {
        let mut tags = vec![tag("Game", Self::info().id)];
        if !options.is_empty() {
            tags.push(tag("Options", &options.join(" ")));
        }
        tags.push(tag("Position", &start.format_position()));
        tags.push(tag("FinalPosition", &end.format_position()));
        tags
    }

    /// The number of the first turn (a chess FEN's full-move number).
    fn first_turn_number(_start: &Self) -> u32 {
        1
    }

    /// Writes a move as the record's format wants it.
    fn record_move(&self, m: Self::Move) -> String {
        self.format_move(m)
    }

    /// Reads the moves of a record played from `start`.
    fn replay_record(start: &Self, words: &[String]) -> Result<Vec<Self::Move>, GameError> {
        replay_with(start, words, |game, word| game.parse_move(word))
    }
}

fn tag(key: &str, value: &str) -> (String, String) {
    (key.to_string(), value.to_string())
}

/// Plays `words` from `start`, each read by `parse` in the position it is played
/// from; the first bad one is named.
fn replay_with<G: Playable>(
    start: &G,
    words: &[String],
    parse: impl Fn(&G, &str) -> Result<G::Move, GameError>,
) -> Result<Vec<G::Move>, GameError> {
    let mut game = start.clone();
    let mut moves = Vec::with_capacity(words.len());
    for (index, word) in words.iter().enumerate() {
        let m = parse(&game, word)
            .map_err(|e| GameError::new(format!("move {} ({word}): {e}", index + 1)))?;
        game.play(m);
        moves.push(m);
    }
    Ok(moves)
}

/// The full-move number at the end of a FEN (1 when it has none).
fn fen_turn_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

/// `SetUp` and `FEN` for a start position other than the usual one.
fn fen_tags<G: Playable>(start: &G, usual: &str) -> Vec<(String, String)> {
    let fen = start.format_position();
    if fen == usual {
        Vec::new()
    } else {
        vec![tag("SetUp", "1"), tag("FEN", &fen)]
    }
}

impl Recordable for Chess {
    const EXTENSION: &'static str = "pgn";
    const PLAYER_TAGS: [&'static str; 2] = ["White", "Black"];

    fn game_tags(start: &Self, _end: &Self, _options: &[String]) -> Vec<(String, String)> {
        fen_tags(start, START_FEN)
    }

    fn first_turn_number(start: &Self) -> u32 {
        fen_turn_number(&start.format_position())
    }
}

impl Recordable for Xiangqi {
    const EXTENSION: &'static str = "pgn";
    // XBoard's convention: Red is White.
    const PLAYER_TAGS: [&'static str; 2] = ["White", "Black"];

    fn game_tags(start: &Self, _end: &Self, _options: &[String]) -> Vec<(String, String)> {
        let mut tags = vec![tag("Variant", Xiangqi::PROFILE.records.variants[0])];
        tags.extend(fen_tags(start, &Xiangqi::new().format_position()));
        tags
    }

    fn first_turn_number(start: &Self) -> u32 {
        fen_turn_number(&start.format_position())
    }

    /// Fairy-Stockfish's coordinates (ranks 1-10, `h3e3`), which XBoard reads too.
    fn record_move(&self, m: Self::Move) -> String {
        format_coordinates(m, Coordinates::Uci)
    }

    /// Coordinates with ranks 1-10 as written here, else ICCS (ranks 0-9) or WXF:
    /// a file is read whole in one of them.
    fn replay_record(start: &Self, words: &[String]) -> Result<Vec<Self::Move>, GameError> {
        replay_with(start, words, |game, word| {
            game.parse_coordinates(word, Coordinates::Uci)
        })
        .or_else(|_| replay_with(start, words, |game, word| game.parse_move(word)))
    }
}

impl Recordable for checkers::Checkers {
    const EXTENSION: &'static str = "pdn";
    // English checkers: Black moves first.
    const PLAYER_TAGS: [&'static str; 2] = ["Black", "White"];

    fn game_tags(start: &Self, _end: &Self, _options: &[String]) -> Vec<(String, String)> {
        let mut tags = vec![tag("GameType", "21")];
        tags.extend(fen_tags(
            start,
            &checkers::Checkers::new().format_position(),
        ));
        tags
    }
}

impl Recordable for tictactoe::TicTacToe {}
impl Recordable for grundy::Grundy {}
impl Recordable for dodgem::Dodgem {}
impl Recordable for kalah::Kalah {}
impl Recordable for connect4::ConnectFour {}
impl Recordable for gomoku::Gomoku {}
impl Recordable for go::Go {}
impl Recordable for othello::Othello {}
impl Recordable for synthetic::Synthetic {}

/// Writes a game as its record: tags, numbered moves, the end in words as a
/// comment, and the result.
pub fn write_record<G: Recordable>(start: &G, moves: &[G::Move], facts: &RecordFacts) -> String {
    let mut game = start.clone();
    let mut written = Vec::with_capacity(moves.len());
    for &m in moves {
        written.push((game.to_move(), game.record_move(m)));
        game.play(m);
    }
    let result = tag_pairs::result_token(facts.outcome);
    let date = if facts.date.is_empty() {
        "????.??.??"
    } else {
        &facts.date
    };
    let mut tags = vec![
        tag("Event", "ply game"),
        tag("Site", "ply"),
        tag("Date", date),
        tag("Round", "-"),
        tag(G::PLAYER_TAGS[0], &facts.players[0]),
        tag(G::PLAYER_TAGS[1], &facts.players[1]),
        tag("Result", result),
    ];
    if let Some(end) = &facts.end {
        let termination = if end.contains("on time") {
            "time forfeit"
        } else if end.contains("adjudication") {
            "adjudication"
        } else {
            "normal"
        };
        tags.push(tag("Termination", termination));
    }
    if let Some(control) = facts.time_control {
        tags.push(tag("TimeControl", &control.pgn_tag()));
    }
    tags.extend(G::game_tags(start, &game, &facts.options));
    let turns = tag_pairs::turns(written, G::first_turn_number(start));
    tag_pairs::format_game(
        &tags,
        &tag_pairs::numbered_words(&turns),
        facts.end.as_deref(),
        result,
    )
}

/// A game read from a record, ready to open: what `ply play` takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedRecord {
    /// The game's id.
    pub game: String,
    /// Its options, `key=value`.
    pub options: Vec<String>,
    /// The start position in the game's notation.
    pub position: String,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// The result the record gives (`1-0`, `*`...).
    pub result: String,
    /// The record's `Termination` tag (`normal`, `time forfeit`...), if any.
    pub termination: Option<String>,
    /// How many games the file holds.
    pub games_in_file: usize,
}

impl LoadedRecord {
    /// The result the record states, with its `Termination`; `None` for `*`.
    pub fn recorded_result(&self) -> Option<RecordedResult> {
        Some(RecordedResult {
            outcome: tag_pairs::outcome_of_token(&self.result)?,
            termination: self.termination.clone(),
        })
    }
}

/// Reads game `number` (from 1) of a record file. The game comes from the tags
/// (`Game`, `Variant "xiangqi"`, `GameType "21"` for checkers), else from the
/// extension (`.pdn`: checkers), else it is chess.
pub fn read_record(
    text: &str,
    extension: Option<&str>,
    number: usize,
) -> Result<LoadedRecord, GameError> {
    let games = tag_pairs::read_games(text)?;
    let games_in_file = games.len();
    if games_in_file == 0 {
        return Err(GameError::new("the file holds no game"));
    }
    let tagged = games
        .into_iter()
        .nth(number.wrapping_sub(1))
        .ok_or_else(|| {
            GameError::new(format!(
                "the file holds {games_in_file} game(s): there is no game {number}"
            ))
        })?;
    let id = game_of(&tagged, extension)?;
    let mut loaded = for_each_game!(dispatch_game!(
        id.as_str(),
        Replay(&tagged),
        GameError::new(format!("the record names an unknown game '{id}'"))
    ))??;
    loaded.games_in_file = games_in_file;
    Ok(loaded)
}

/// Which game a record holds.
fn game_of(tagged: &TaggedGame, extension: Option<&str>) -> Result<String, GameError> {
    if let Some(id) = tagged.tag("Game") {
        return Ok(id.to_string());
    }
    if let Some(variant) = tagged.tag("Variant") {
        return game_for_record(RecordClue::Variant(variant))
            .map(str::to_string)
            .ok_or_else(|| {
                GameError::new(format!(
                    "variant '{}' is not a game ply plays",
                    variant.to_ascii_lowercase()
                ))
            });
    }
    let pdn = extension.is_some_and(|e| e.eq_ignore_ascii_case("pdn"));
    let clues = [
        tagged.tag("GameType").map(RecordClue::PdnGameType),
        pdn.then_some(RecordClue::PdnFile),
        Some(RecordClue::Untagged),
    ];
    clues
        .into_iter()
        .flatten()
        .find_map(game_for_record)
        .map(str::to_string)
        .ok_or_else(|| GameError::new("the record names no game ply plays"))
}

/// Replays a tagged game as the game it names.
struct Replay<'a>(&'a TaggedGame);

impl Replay<'_> {
    fn visit<G: Recordable>(self) -> Result<LoadedRecord, GameError> {
        let tagged = self.0;
        let options: Vec<String> = tagged
            .tag("Options")
            .map(|o| o.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default();
        let parsed = GameOptions::parse(&options)?;
        let given = tagged.tag("Position").or_else(|| tagged.tag("FEN"));
        let start = G::setup(&parsed, given, None)?;
        let moves = G::replay_record(&start, &tagged.moves)?;
        let mut game = start.clone();
        let mut texts = Vec::with_capacity(moves.len());
        for m in moves {
            texts.push(game.format_move(m));
            game.play(m);
        }
        if let Some(last) = tagged.tag("FinalPosition")
            && last != game.format_position()
        {
            return Err(GameError::new(format!(
                "the moves end at {} but the record says {last}",
                game.format_position()
            )));
        }
        Ok(LoadedRecord {
            game: G::info().id.to_string(),
            options,
            position: start.format_position(),
            moves: texts,
            result: tagged.result_token().to_string(),
            termination: tagged.tag("Termination").map(str::to_string),
            games_in_file: 1,
        })
    }
}

/// Reads a record file; the extension helps tell PDN from PGN.
pub fn load_file(path: &Path, number: usize) -> Result<LoadedRecord, GameError> {
    let bytes = crate::fsutil::read_bounded(path)
        .map_err(|e| GameError::new(format!("cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8_lossy(&bytes);
    let extension = path.extension().and_then(|e| e.to_str());
    read_record(&text, extension, number)
        .map_err(|e| GameError::new(format!("{}: {e}", path.display())))
}

/// Writes a record atomically into `dir` under a name made of the game and the
/// time (`ply-chess-20261122-183000.pgn`, with `-2`... when taken); returns the path.
pub fn save_in(dir: &Path, game: &str, extension: &str, text: &str) -> std::io::Result<PathBuf> {
    let (date, time) = now_utc();
    let stem = format!(
        "ply-{game}-{}-{}",
        date.replace('.', ""),
        time.replace(':', "")
    );
    let mut path = dir.join(format!("{stem}.{extension}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.{extension}"));
        n += 1;
    }
    crate::fsutil::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}

/// Today's date as PGN writes it, `2026.11.22` (UTC).
pub fn today() -> String {
    now_utc().0
}

/// The date (`YYYY.MM.DD`) and time (`HH:MM:SS`) now, in UTC.
fn now_utc() -> (String, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_from_days((secs / 86_400) as i64);
    let of_day = secs % 86_400;
    (
        format!("{year:04}.{month:02}.{day:02}"),
        format!(
            "{:02}:{:02}:{:02}",
            of_day / 3600,
            of_day / 60 % 60,
            of_day % 60
        ),
    )
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The position and the moves in a few lines to paste elsewhere: the position
/// now, then the `ply play` command that rebuilds the game with its move list.
pub fn clipboard_text<G: Playable>(start: &G, moves: &[G::Move], options: &[String]) -> String {
    let mut game = start.clone();
    let mut words = Vec::with_capacity(moves.len());
    for &m in moves {
        words.push(game.format_move(m));
        game.play(m);
    }
    let options: String = options.iter().map(|o| format!(" -o {o}")).collect();
    format!(
        "{}\nply play {}{options} --position '{}' --moves '{}'\n",
        game.format_position(),
        G::info().id,
        start.format_position(),
        words.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        // 2026-11-22 is day 20779 since the epoch.
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
    }
}
