//! Invariants every game must keep, as checks that panic with the case that broke
//! them: shared by the property tests (`tests/roundtrips.rs`) and the fuzz targets
//! (`fuzz/`), which feed them random or coverage-guided input.
//!
//! - Notation round trips: each legal move prints and reads back as itself; a
//!   position prints and reads back to the same text.
//! - Hashes: undo restores the hash; the hash kept move by move equals the hash of
//!   the position read afresh from its notation, in the games whose notation holds
//!   the whole state (see [`NOTATION_OMITS_HASHED_STATE`]).
//! - Parsers: any text for options, positions and moves is accepted or refused
//!   with one line, never a panic.
//! - PGN: a game written reads back to the same moves and position.

use super::chess::{Chess, pgn};
use super::{Game, GameOptions, GameVisitor, Playable, visit_game};

/// Games whose hash covers more than their position notation: Grundy's notation
/// has no side to move (the game is impartial), Dodgem's hash includes the
/// positions since the last forward move, for its repetition rule, and
/// xiangqi's how often the position stood before since the last capture.
pub const NOTATION_OMITS_HASHED_STATE: &[&str] = &["grundy", "dodgem", "xiangqi"];

/// Checks that `game` prints and reads back: the text, and the hash where the
/// notation holds everything the hash covers.
fn check_position_round_trip<G: Playable>(game: &G, options: &GameOptions) {
    let printed = game.format_position();
    let again = G::parse_position(&printed, options)
        .unwrap_or_else(|e| panic!("{}: {printed} does not read back: {e}", G::info().id));
    assert_eq!(again.format_position(), printed, "{}", G::info().id);
    if !NOTATION_OMITS_HASHED_STATE.contains(&G::info().id) {
        assert_eq!(
            again.hash(),
            game.hash(),
            "{}: the kept hash of {printed} is not the hash read afresh",
            G::info().id
        );
    }
}

/// Checks that every legal move prints and reads back as itself.
fn check_move_round_trips<G: Playable>(game: &G) {
    for m in game.moves() {
        let text = game.format_move(m);
        assert_eq!(game.parse_move(&text), Ok(m), "{}: {text}", G::info().id);
    }
}

/// A walk from a game's start: each byte plays the move it picks, or (from 250,
/// or when the game is over) undoes one.
struct Walk<'a>(&'a [u8]);

impl GameVisitor for Walk<'_> {
    type Output = ();
    fn visit<G: Playable>(self) {
        let options = GameOptions::default();
        let mut game = G::start(&options).expect("the default options are valid");
        let mut hashes = vec![game.hash()];
        for &byte in self.0 {
            let moves = game.moves();
            if moves.is_empty() || byte >= 250 {
                if hashes.len() > 1 {
                    game.undo();
                    hashes.pop();
                    assert_eq!(Some(&game.hash()), hashes.last(), "undo restores the hash");
                }
                continue;
            }
            let m = moves[byte as usize % moves.len()];
            let text = game.format_move(m);
            assert_eq!(game.parse_move(&text), Ok(m), "{}: {text}", G::info().id);
            game.play(m);
            hashes.push(game.hash());
            check_position_round_trip(&game, &options);
        }
    }
}

/// Walks game `id` as `steps` say, checking notation and hash invariants.
pub fn check_walk(id: &str, steps: &[u8]) {
    visit_game(id, Walk(steps)).expect("a known game");
}

/// Texts for the options, the position and the moves of a game.
struct Texts<'a> {
    options: &'a str,
    position: Option<&'a str>,
    moves: Option<&'a str>,
}

impl GameVisitor for Texts<'_> {
    type Output = ();
    fn visit<G: Playable>(self) {
        let items: Vec<&str> = self.options.split_whitespace().collect();
        let options = match GameOptions::parse(&items) {
            Ok(options) => options,
            Err(e) => return assert_one_line(&e.0),
        };
        match G::setup(&options, self.position, self.moves) {
            Err(e) => assert_one_line(&e.0),
            Ok(game) => {
                check_position_round_trip(&game, &options);
                check_move_round_trips(&game);
            }
        }
    }
}

fn assert_one_line(message: &str) {
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "not one line: {message:?}"
    );
}

/// Gives game `id` these texts as options (`K=V` words), position and moves:
/// refused with one line, or accepted and then printing and reading back.
pub fn check_texts(id: &str, options: &str, position: Option<&str>, moves: Option<&str>) {
    let texts = Texts {
        options,
        position,
        moves,
    };
    visit_game(id, texts).expect("a known game");
}

/// Reads `text` as PGN: refused with one line, or accepted and then written and
/// read back to the same moves and position.
pub fn check_pgn(text: &str) {
    match pgn::read(text) {
        Err(e) => assert_one_line(&e.0),
        Ok(read) => check_pgn_round_trip(&read.game),
    }
}

/// Writes `game` as PGN and reads it back to the same moves and position.
pub fn check_pgn_round_trip(game: &Chess) {
    let written = pgn::write(game, &[]);
    let again = pgn::read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert!(again.game.played().eq(game.played()), "{written}");
    assert_eq!(
        again.game.format_position(),
        game.format_position(),
        "{written}"
    );
}
