//! Moves typed as players write them, straight on the game screen: the keys a
//! move starts with go to the move line, the commands they displaced answer to
//! their stand-ins, and a refused move keeps the position. Then the help: one
//! page per game that scrolls to its end at 80x24, and the README's key table.

use ply::tui::board::arcade_games;
use ply::tui::screens::help::{GameKeys, HelpTopic, keys_markdown};
use ply::tui::{PlaySetup, Seat};
use ratatui::crossterm::event::KeyCode;

use crate::common::arcade::Arcade;

/// A game between two humans at 80x24.
fn humans(id: &str) -> Arcade {
    let setup = PlaySetup {
        first: Seat::Human,
        second: Seat::Human,
        ..PlaySetup::new(id)
    };
    Arcade::game(setup, 80, 24)
}

/// Types `text` with no prefix and presses Enter.
fn play(arcade: &mut Arcade, text: &str) {
    arcade.type_text(text);
    arcade.press(KeyCode::Enter);
}

#[test]
fn chess_moves_are_typed_without_a_prefix() {
    let mut chess = humans("chess");
    for text in ["Nf3", "b5", "a4", "h6", "axb5", "Nf6", "h3"] {
        play(&mut chess, text);
    }
    assert_eq!(
        chess.moves_played(),
        ["Nf3", "b5", "a4", "h6", "axb5", "Nf6", "h3"]
    );
}

#[test]
fn a_refused_move_keeps_the_position_and_says_why() {
    let mut chess = humans("chess");
    play(&mut chess, "e4");
    let before = chess.screen();
    play(&mut chess, "Ke2");
    let screen = chess.screen();
    assert_eq!(chess.moves_played(), ["e4"]);
    let reason = "Ke2 is not legal here (SAN like Nf3, UCI like g1f3)";
    assert!(screen.contains(reason), "no reason on screen:\n{screen}");
    // Esc drops the line; the board is the one before.
    chess.press(KeyCode::Esc);
    assert_eq!(chess.screen(), before);
}

#[test]
fn chess_commands_answer_to_their_stand_ins() {
    let mut chess = humans("chess");
    let start = chess.screen();
    chess.type_text("F");
    let flipped = chess.screen();
    assert_ne!(flipped, start, "F turns the board round");
    chess.type_text("F");
    assert_eq!(chess.screen(), start);
    assert!(start.contains("F flip  L letters"), "{start}");
    play(&mut chess, "e4");
    chess.type_text("!");
    assert!(chess.screen().contains("Start a new game?"));
    chess.type_text("y");
    assert_eq!(chess.played(), 0, "! started a new game");
}

#[test]
fn gomoku_xiangqi_checkers_go_and_connect_four_take_typed_moves() {
    let cases: [(&str, &[&str]); 5] = [
        ("gomoku", &["h8", "j9"]),
        // WXF for Red's cannon, then ICCS for Black's horse.
        ("xiangqi", &["C2.5", "h9g7"]),
        ("checkers", &["11-15", "23-19"]),
        ("go", &["D4", "E5"]),
        ("connect4", &["4", "4"]),
    ];
    for (id, moves) in cases {
        let mut game = humans(id);
        for &text in moves {
            play(&mut game, text);
        }
        assert_eq!(
            game.played(),
            moves.len(),
            "{id}: {:?}",
            game.moves_played()
        );
    }
}

#[test]
fn xiangqi_iccs_from_the_start() {
    let mut xiangqi = humans("xiangqi");
    play(&mut xiangqi, "h2e2");
    assert_eq!(xiangqi.played(), 1);
    // The step key gave way to WXF's horse: `I` is the hint, `!` the new game.
    xiangqi.type_text("!");
    assert!(xiangqi.screen().contains("Start a new game?"));
}

#[test]
fn every_games_help_scrolls_to_its_end_at_80x24_and_lists_only_its_keys() {
    for info in arcade_games() {
        let keys = GameKeys::of(info.id).unwrap();
        let page = HelpTopic::Game(keys).page();
        let last = page.last().and_then(|s| s.rows.last()).unwrap();
        let mut game = humans(info.id);
        game.type_text("?");
        let top = game.screen();
        assert!(top.contains("Everywhere"), "{}:\n{top}", info.id);
        for key in [KeyCode::Down, KeyCode::PageDown, KeyCode::End] {
            game.press(key);
            assert!(game.app.help_open(), "{}: {key:?} closed the help", info.id);
        }
        let end = game.screen();
        let start: String = last.1.chars().take(20).collect();
        assert!(
            end.contains(&start),
            "{}: {start:?} not at the end:\n{end}",
            info.id
        );
        game.press(KeyCode::Home);
        assert!(game.screen().contains("Everywhere"));
        for other in arcade_games().iter().filter(|o| o.id != info.id) {
            let board = format!("{} board", other.name);
            assert!(
                !top.contains(&board) && !end.contains(&board),
                "{}",
                info.id
            );
        }
        game.press(KeyCode::Esc);
        assert!(!game.app.help_open());
    }
}

#[test]
fn the_chess_help_names_the_keys_that_moved() {
    let page = HelpTopic::Game(GameKeys::of("chess").unwrap()).page();
    let rows: Vec<&(String, String)> = page.iter().flat_map(|s| &s.rows).collect();
    let key_of = |meaning: &str| {
        rows.iter()
            .find(|(_, m)| m.starts_with(meaning))
            .map(|(k, _)| k.as_str())
    };
    assert_eq!(key_of("new game"), Some("!"));
    assert_eq!(key_of("turn the board round"), Some("F"));
    assert_eq!(key_of("move the cursor"), Some("←→↑↓ / j k l"));
    assert_eq!(key_of("undo / redo"), Some("u  r"));
}

/// The lines between the README's key markers.
fn block_between_markers(text: &str) -> Option<&str> {
    let begin = "<!-- keys:begin -->\n";
    let start = text.find(begin)? + begin.len();
    let end = text[start..].find("<!-- keys:end -->")? + start;
    Some(&text[start..end])
}

#[test]
fn the_readme_and_the_book_hold_the_helps_key_tables() {
    let table = keys_markdown();
    let read = |file: &str| {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        block_between_markers(&text)
            .unwrap_or_else(|| panic!("{file}: no markers"))
            .to_string()
    };
    // The book holds every key, exactly as the help has them.
    assert_eq!(
        read("docs/src/arcade/keys.md").trim(),
        table.trim(),
        "docs/src/arcade/keys.md: run `ply keys --markdown`"
    );
    // The README, a front page, holds the keys to start with: each row one of the help's.
    let readme = read("README.md");
    let rows: Vec<&str> = readme.lines().filter(|l| l.starts_with('|')).collect();
    assert!(rows.len() >= 10, "{readme}");
    for row in rows {
        assert!(
            table.lines().any(|line| line == row),
            "README.md's key row is not the help's: {row}"
        );
    }
}
