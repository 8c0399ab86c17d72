//! The setup screen's threads row, driven by keys: its default follows who
//! plays (the cores less one while a person plays, every core for two
//! computers), the arrows step it, and the game starts with what it shows.

use super::common;

use common::arcade::Arcade;
use ply::tui::app::{App, Front};
use ply::tui::theme::Theme;
use ply::tui::{Launch, Seat};
use ratatui::crossterm::event::KeyCode;

/// The machine's cores, as the default counts them.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The threads the setup on screen gives each side's computer (`None`: a human).
fn threads(arcade: &Arcade) -> [Option<usize>; 2] {
    let Front::Setup(setup) = arcade.app.screen() else {
        panic!("not on the setup screen");
    };
    let setup = setup.play_setup().unwrap();
    [&setup.first, &setup.second].map(|seat| match seat {
        Seat::Human => None,
        Seat::Computer(engine) => Some(engine.threads),
    })
}

/// Presses Down until the focused row's text holds `row` (Down stops at the last row).
fn focus(arcade: &mut Arcade, row: &str) -> String {
    for _ in 0..40 {
        let screen = arcade.screen();
        if let Some(line) = screen.lines().find(|l| l.contains("▶") && l.contains(row)) {
            return line.to_string();
        }
        arcade.press(KeyCode::Down);
    }
    panic!("no row {row}:\n{}", arcade.screen());
}

/// The threads row's value: `n`, marked as the default, or with the tree
/// recorded (the arcade's default) and `n` above one, the one thread the
/// recorded search runs on.
fn shown(n: usize, default: bool, tree: bool) -> String {
    match (n > 1 && tree, default) {
        (true, _) => format!("‹ {n} (1 with tree) ›"),
        (false, true) => format!("‹ {n} (default) ›"),
        (false, false) => format!("‹ {n} ›"),
    }
}

#[test]
fn the_threads_row_defaults_by_who_plays_and_steps_with_the_arrows() {
    let app = App::new(Launch::Menu, Theme::plain()).unwrap();
    let mut arcade = Arcade::on(app, (120, 40));
    arcade.press(KeyCode::Enter);
    assert!(arcade.screen().contains("set up the game"));
    // A person plays first: the computer gets every core but one.
    let default = (cores() - 1).max(1);
    let row = focus(&mut arcade, "threads");
    assert!(row.contains(&shown(default, true, true)), "{row}");
    assert_eq!(threads(&arcade), [None, Some(default)]);

    arcade.press(KeyCode::Right);
    let row = focus(&mut arcade, "threads");
    assert!(row.contains("‹ 1 ›"), "{row}");
    assert_eq!(threads(&arcade), [None, Some(1)]);
    // Left goes back to the default.
    arcade.press(KeyCode::Left);
    assert_eq!(threads(&arcade), [None, Some(default)]);

    // Two computers: each gets every core, and the first one's row appears.
    for _ in 0..40 {
        arcade.press(KeyCode::Up);
    }
    focus(&mut arcade, "X plays");
    arcade.press(KeyCode::Right);
    assert_eq!(threads(&arcade), [Some(cores()), Some(cores())]);
    let row = focus(&mut arcade, "threads");
    assert!(row.contains(&shown(cores(), true, true)), "{row}");
    // With the tree not recorded, the search runs on what the row says.
    focus(&mut arcade, "record search tree");
    arcade.press(KeyCode::Right);
    for _ in 0..40 {
        arcade.press(KeyCode::Up);
    }
    let row = focus(&mut arcade, "threads");
    assert!(row.contains(&shown(cores(), true, false)), "{row}");
    assert!(
        arcade.screen().contains("lazy SMP"),
        "the row explains itself"
    );
}
