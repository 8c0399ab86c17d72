//! Property tests, on stable and in CI, of the invariants the fuzz targets in
//! `fuzz/` check with coverage guidance (`ply::game::invariants`): every game's
//! notation prints and reads back, play/undo keeps the incremental hash equal to
//! the hash of the position read afresh, any text given to the option, position
//! and move parsers is refused with one line or accepted (never a panic), and
//! chess games written as PGN read back to the same moves.

use proptest::prelude::*;

use ply::game::Game;
use ply::game::chess::Chess;
use ply::game::invariants::{check_pgn, check_pgn_round_trip, check_texts, check_walk};
use ply::game::registry::GAME_IDS;

/// Text made of a game notation's usual characters, or any characters.
fn notation_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-k0-9/:=,+() .xXoOwbBrRnNkKqQpP#*-]{0,24}|.{0,12}").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn walks_keep_notation_and_hash_invariants(
        game in 0..GAME_IDS.len(),
        steps in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        check_walk(GAME_IDS[game], &steps);
    }

    #[test]
    fn any_text_is_read_or_refused_with_one_line(
        game in 0..GAME_IDS.len(),
        options in "([a-z]{1,6}=[0-9a-z(),-]{0,10})?",
        position in proptest::option::of(notation_text()),
        moves in proptest::option::of(notation_text()),
    ) {
        check_texts(GAME_IDS[game], &options, position.as_deref(), moves.as_deref());
    }

    #[test]
    fn pgn_reads_back_what_it_writes(steps in proptest::collection::vec(any::<u8>(), 0..80)) {
        let mut game = Chess::new();
        for byte in steps {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[byte as usize % moves.len()]);
        }
        check_pgn_round_trip(&game);
    }

    #[test]
    fn the_pgn_reader_takes_any_text(text in "\\PC{0,80}") {
        check_pgn(&text);
    }
}

/// Found by the `game_text` fuzz target: a position of a single newline was
/// refused with its newline echoed into the message, which then took two lines.
#[test]
fn control_characters_in_refused_text_stay_escaped_in_every_game() {
    for id in GAME_IDS {
        check_texts(id, "", Some("\n"), None);
        check_texts(id, "", Some("\u{1b}[2J"), Some("\n\r"));
        check_texts(id, "", None, Some("a1\u{0}b2\n"));
        check_texts(id, "heap=\n", None, None);
    }
}
