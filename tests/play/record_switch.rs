//! The "record search tree" switch, driven with keys on a `TestBackend`: the setup
//! row toggles it, with it off the computer still plays and `t` says why there is
//! no tree, and with it on (the default) `t` opens the explorer; `ply play --no-tree`
//! is taken as a flag.

use super::common;

use common::arcade::Arcade;
use ply::tui::app::{App, Front as Screen};
use ply::tui::screens::play::TREE_RECORDING_OFF;
use ply::tui::theme::Theme;
use ply::tui::{Launch, PlaySetup};
use ratatui::crossterm::event::KeyCode;

/// Rows of tic-tac-toe's setup above "record search tree": two seats, the second
/// seat's seven engine rows (level, algorithm, MAX, evaluation, depth, time,
/// threads), and the clock.
const ROWS_ABOVE_SWITCH: usize = 10;

/// Tic-tac-toe's setup screen, reached from the menu.
fn tictactoe_setup() -> Arcade {
    let mut arcade = Arcade::on(App::new(Launch::Menu, Theme::plain()).unwrap(), (200, 30));
    arcade.press(KeyCode::Enter);
    assert!(matches!(arcade.app.screen(), Screen::Setup(_)));
    arcade
}

/// The setup row of the switch, as drawn.
fn switch_row(arcade: &mut Arcade) -> String {
    let screen = arcade.screen();
    let row = screen
        .lines()
        .find(|line| line.contains("record search tree"));
    row.unwrap_or_else(|| panic!("no switch row:\n{screen}"))
        .to_string()
}

fn play_setup(arcade: &Arcade) -> &PlaySetup {
    match arcade.app.screen() {
        Screen::Play(play) => play.setup(),
        _ => panic!("not playing"),
    }
}

/// Plays b2 (the cursor's square) and waits for the computer's reply.
fn play_and_wait_for_reply(arcade: &mut Arcade) {
    arcade.press(KeyCode::Enter);
    arcade.wait_until("the computer's reply", |a| a.played() >= 2);
}

#[test]
fn the_setup_row_switches_tree_recording_off_and_t_says_so() {
    let mut h = tictactoe_setup();
    assert!(
        switch_row(&mut h).contains(" on "),
        "{}",
        switch_row(&mut h)
    );
    for _ in 0..ROWS_ABOVE_SWITCH {
        h.press(KeyCode::Down);
    }
    assert!(
        h.screen().contains("records its tree"),
        "the switch has focus"
    );
    h.press(KeyCode::Right);
    assert!(
        switch_row(&mut h).contains(" off "),
        "{}",
        switch_row(&mut h)
    );
    h.press(KeyCode::Left);
    assert!(
        switch_row(&mut h).contains(" on "),
        "{}",
        switch_row(&mut h)
    );
    h.press(KeyCode::Char('l'));
    assert!(
        switch_row(&mut h).contains(" off "),
        "{}",
        switch_row(&mut h)
    );

    h.press(KeyCode::Enter);
    assert!(!play_setup(&h).record_tree);
    play_and_wait_for_reply(&mut h);
    h.press(KeyCode::Char('t'));
    assert!(!h.exploring());
    let message = h.app.session().unwrap().message().unwrap().text.clone();
    assert_eq!(message, TREE_RECORDING_OFF);
    let screen = h.screen();
    assert!(screen.contains("search tree recording is off"), "{screen}");
    assert!(screen.contains("X (human) to move"), "{screen}");
}

#[test]
fn with_the_default_setup_t_opens_the_explorer_on_the_computers_search() {
    let mut h = tictactoe_setup();
    h.press(KeyCode::Enter);
    assert!(play_setup(&h).record_tree);
    play_and_wait_for_reply(&mut h);
    h.press(KeyCode::Char('t'));
    assert!(h.exploring());
    assert!(h.screen().contains("O (computer), move 2"));
}

/// Runs `ply play ARGS` on arguments that are refused before the terminal opens.
fn refused_play(args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("play")
        .args(args)
        .output()
        .unwrap();
    assert!(!output.status.success(), "{args:?} should be refused");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn ply_play_takes_no_tree_as_a_flag() {
    // Refused for the depth, after --no-tree was taken: no terminal is needed.
    let error = refused_play(&["tictactoe", "--no-tree", "--depth", "0"]);
    assert!(error.contains("at least 1"), "{error}");
    assert!(!error.contains("--no-tree"), "{error}");
    let misspelt = refused_play(&["tictactoe", "--no-trees", "--depth", "0"]);
    assert!(misspelt.contains("--no-trees"), "{misspelt}");
}
