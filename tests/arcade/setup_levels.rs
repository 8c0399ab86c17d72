//! The setup screen's level row at 80x24: a game whose levels were rated
//! (chess, against Stockfish) shows each level's Elo with its margin, whole on
//! the line, and the same figure `ply list --json` gives; an unrated game
//! (Othello) shows the level alone.

use super::common;

use common::arcade::Arcade;
use ply::play::levels::rating_of_level;
use ply::tui::Launch;
use ply::tui::app::App;
use ply::tui::theme::Theme;
use ratatui::crossterm::event::KeyCode;

/// The menu at 80x24 with the cursor moved down to the game named `name`, then
/// its setup opened.
fn setup_of(name: &str) -> Arcade {
    let app = App::new(Launch::Menu, Theme::plain()).unwrap();
    let mut arcade = Arcade::on(app, (80, 24));
    for _ in 0..20 {
        if arcade
            .screen()
            .lines()
            .nth(1)
            .is_some_and(|l| l.contains(&format!("Rules: {name}")))
        {
            arcade.press(KeyCode::Enter);
            assert!(arcade.screen().contains("set up the game"));
            return arcade;
        }
        arcade.press(KeyCode::Down);
    }
    panic!("no {name} in the menu:\n{}", arcade.screen());
}

/// The level row's line, focusing it first.
fn level_row(arcade: &mut Arcade) -> String {
    for _ in 0..40 {
        let screen = arcade.screen();
        if let Some(line) = screen
            .lines()
            .find(|l| l.contains("▶") && l.contains("level"))
        {
            return line.to_string();
        }
        arcade.press(KeyCode::Down);
    }
    panic!("no level row:\n{}", arcade.screen());
}

#[test]
fn chess_levels_show_their_elo_whole_on_an_80_column_screen() {
    let mut arcade = setup_of("Chess");
    // The arcade's default engine is level 9: the played evaluation, 1 s a move.
    assert!(
        level_row(&mut arcade).contains("‹ 9 · "),
        "{}",
        level_row(&mut arcade)
    );
    for _ in 0..8 {
        arcade.press(KeyCode::Left);
    }
    for level in 1..=10u8 {
        let row = level_row(&mut arcade);
        let shown = match rating_of_level("chess", level) {
            Some(rating) => format!("‹ {level} · {rating} ›"),
            None => format!("‹ {level} · not rated ›"),
        };
        assert!(row.contains("level · Elo"), "{row}");
        assert!(row.contains(&shown), "level {level}: {row}");
        if level < 10 {
            arcade.press(KeyCode::Right);
        }
    }
    for _ in 0..5 {
        arcade.press(KeyCode::Left);
    }
    assert!(level_row(&mut arcade).contains("‹ 5 · 1811 ± 121 ›"));
}

#[test]
fn an_unrated_game_shows_the_level_alone() {
    let mut arcade = setup_of("Othello");
    let row = level_row(&mut arcade);
    assert!(row.contains("of 10 ›"), "{row}");
    assert!(!row.contains("Elo"), "{row}");
}

#[test]
fn a_level_that_won_nothing_shows_its_bound() {
    let mut arcade = setup_of("Gomoku");
    assert!(level_row(&mut arcade).contains("‹ 9 · -280 ± 156 ›"));
    for _ in 0..7 {
        arcade.press(KeyCode::Left);
    }
    let row = level_row(&mut arcade);
    assert!(row.contains("‹ 2 · < -618 ›"), "{row}");
    // Level 8 counts nodes: its depth row says so whole, on one line.
    for _ in 0..6 {
        arcade.press(KeyCode::Right);
    }
    let screen = arcade.screen();
    let depth = screen.lines().find(|l| l.contains("  depth  ")).unwrap();
    assert!(depth.contains("‹ 90000 nodes ›"), "{screen}");
}
