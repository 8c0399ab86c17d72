//! PGN, the common file format for chess games: tag pairs, then the moves in SAN
//! with move numbers, then the result. Export writes the seven standard tags (and
//! `SetUp`/`FEN` for games that start elsewhere); import reads tags, skips
//! comments, variations and annotation glyphs, replays the moves, and picks one
//! game of a file of several. The arcade's records (`play::record`) add the end
//! in words and a `Termination` tag.

use super::{Chess, START_FEN};
use crate::game::tag_pairs::{self, TaggedGame};
use crate::game::{Game, GameError};

/// A game read from PGN: its tag pairs in file order, the replayed game and the
/// result written at the end.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs, like `("White", "Kasparov")`.
    pub tags: Vec<(String, String)>,
    /// The game with every move played, so undo walks back through it.
    pub game: Chess,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// The PGN result token for a game: from its outcome, `*` while it goes on.
pub fn result_token(game: &Chess) -> &'static str {
    tag_pairs::result_token(game.outcome())
}

/// Writes `game` as PGN; `tags` adds to or overrides the standard ones (Event,
/// Site, Date, Round, White, Black; the Result always comes from the game).
pub fn write(game: &Chess, tags: &[(&str, &str)]) -> String {
    let result = result_token(game);
    let mut pairs: Vec<(String, String)> = [
        ("Event", "ply game"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    for (key, value) in tags {
        match pairs.iter_mut().find(|(k, _)| k == key) {
            Some(pair) => pair.1 = value.to_string(),
            None => pairs.push((key.to_string(), value.to_string())),
        }
    }
    pairs.insert(6, ("Result".to_string(), result.to_string()));
    let start = game.first_board().to_string();
    if start != START_FEN {
        pairs.push(("SetUp".to_string(), "1".to_string()));
        pairs.push(("FEN".to_string(), start));
    }
    tag_pairs::format_game(&pairs, &movetext(game), None, result)
}

/// The moves with their numbers, counted on from the start position's.
fn movetext(game: &Chess) -> Vec<String> {
    let mut replay = Chess::from_board(game.first_board().clone());
    let first_number = u32::from(replay.board().fullmove_number());
    let mut moves = Vec::new();
    for m in game.played() {
        moves.push((replay.to_move(), replay.format_move(m)));
        replay.play(m);
    }
    tag_pairs::numbered_words(&tag_pairs::turns(moves, first_number))
}

/// Reads the first game of a PGN file. Tags are optional; a `FEN` tag sets the
/// start position.
pub fn read(text: &str) -> Result<PgnGame, GameError> {
    read_nth(text, 1)
}

/// Reads game number `number` (from 1) of a PGN file that may hold several.
pub fn read_nth(text: &str, number: usize) -> Result<PgnGame, GameError> {
    let games = tag_pairs::read_games(text).map_err(|e| GameError::new(format!("PGN: {e}")))?;
    let count = games.len();
    let game = games
        .into_iter()
        .nth(number.wrapping_sub(1))
        .ok_or_else(|| {
            GameError::new(format!(
                "PGN holds {count} game(s): there is no game {number}"
            ))
        })?;
    replay(game)
}

/// Plays a tagged game's moves from its start position.
pub fn replay(tagged: TaggedGame) -> Result<PgnGame, GameError> {
    let mut game = match tagged.tag("FEN") {
        Some(fen) => Chess::from_fen(fen).map_err(|e| GameError::new(format!("PGN FEN: {e}")))?,
        None => Chess::new(),
    };
    for token in &tagged.moves {
        let m = game
            .parse_move(token)
            .map_err(|e| GameError::new(format!("PGN move {token}: {e}")))?;
        game.play(m);
    }
    let result = tagged.result_token().to_string();
    Ok(PgnGame {
        tags: tagged.tags,
        game,
        result,
    })
}
