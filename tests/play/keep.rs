//! Games kept between runs, driven through the arcade with keys: a game is saved
//! after every move, survives the app being made anew (a restart) and resumes at
//! the same move; leaving a game with moves asks first; a corrupt save file is
//! named with its reason while the others still load; a finished game opens in
//! the review with its evaluation graph and, tic-tac-toe being solved, each move
//! marked by what it did to the proven value, checked against a negamax written
//! here.

use super::common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::arcade::Arcade;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Outcome, Playable, Player};
use ply::play::store::Store;
use ply::tui::app::{App, Front as Screen};
use ply::tui::screens::review::Review;
use ply::tui::theme::Theme;
use ply::tui::{EngineSettings, Launch, PlaySetup, Seat};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Long enough for any search or analysis these tests start, even in a debug build.
const PATIENCE: Duration = Duration::from_secs(60);

/// A store of its own in the temporary directory, empty.
pub fn scratch_store(name: &str) -> Store {
    let dir: PathBuf = std::env::temp_dir().join(format!("ply-keep-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Store::at(dir)
}

/// The arcade on a 100x30 test terminal, keeping its games in `store`.
pub fn open(launch: Launch, store: &Store) -> Arcade {
    let app = App::with_store(launch, Theme::plain(), store.clone()).unwrap();
    Arcade::on(app, (100, 30))
}

/// Plays a tic-tac-toe square with the cursor keys and Enter: the cursor
/// starts on b2 after every move.
pub fn play_square(arcade: &mut Arcade, square: &str) {
    let bytes = square.as_bytes();
    let file = i32::from(bytes[0] - b'a');
    let rank = i32::from(bytes[1] - b'1');
    let (across, up) = (file - 1, rank - 1);
    let horizontal = if across < 0 {
        KeyCode::Left
    } else {
        KeyCode::Right
    };
    let vertical = if up < 0 { KeyCode::Down } else { KeyCode::Up };
    for _ in 0..across.abs() {
        arcade.press(horizontal);
    }
    for _ in 0..up.abs() {
        arcade.press(vertical);
    }
    arcade.press(KeyCode::Enter);
}

/// Tic-tac-toe between two people.
pub fn two_humans() -> PlaySetup {
    PlaySetup {
        second: Seat::Human,
        ..PlaySetup::new("tictactoe")
    }
}

fn against_the_computer() -> PlaySetup {
    PlaySetup {
        second: Seat::Computer(EngineSettings::parse_spec("alphabeta+tt:seed:depth=4").unwrap()),
        ..PlaySetup::new("tictactoe")
    }
}

#[test]
fn a_saved_game_resumes_at_the_same_move_after_a_restart() {
    let store = scratch_store("resume");
    let mut arcade = open(Launch::Game(against_the_computer()), &store);
    play_square(&mut arcade, "b2");
    arcade.wait_until("the computer's reply", |arcade| {
        arcade.app.session().unwrap().human_to_move()
    });
    let free = arcade.app.session().unwrap().legal_moves()[0].clone();
    play_square(&mut arcade, &free);
    arcade.wait_until("the computer's second reply", |arcade| {
        arcade.app.session().unwrap().human_to_move()
    });
    let before = arcade.moves_played();
    let position = arcade.app.session().unwrap().position();
    assert_eq!(before.len(), 4);
    let listed = store.list();
    assert_eq!(listed.len(), 1, "one game, one file");
    let record = listed[0].record.as_ref().unwrap();
    assert_eq!(record.moves, before);
    assert!(!record.finished());
    drop(arcade);

    // The arcade made anew, as after quitting: the menu offers the game.
    let mut again = open(Launch::Menu, &store);
    let menu = again.screen();
    assert!(
        menu.contains("saved games: 1 in progress · 0 finished"),
        "{menu}"
    );
    again.press(KeyCode::Char('s'));
    let list = again.screen();
    assert!(
        list.contains("in progress") && list.contains("Tic-tac-toe"),
        "{list}"
    );
    assert!(list.contains("X human · O computer · 4 moves"), "{list}");
    again.press(KeyCode::Enter);
    assert!(matches!(again.app.screen(), Screen::Play(_)));
    assert_eq!(again.moves_played(), before);
    let session = again.app.session().unwrap();
    assert_eq!(session.position(), position);
    assert_eq!(session.seat(Player::Second), &against_the_computer().second);
    assert!(session.human_to_move());
    // The move list in pairs: the fourth move closes the second turn.
    let screen = again.screen();
    let second_turn = screen
        .lines()
        .find(|line| line.contains("2. "))
        .unwrap_or_else(|| panic!("no second turn listed: {screen}"));
    assert!(
        second_turn.contains(&before[2]) && second_turn.contains(&before[3]),
        "{screen}"
    );

    // Going on writes to the same file.
    let free = again.app.session().unwrap().legal_moves()[0].clone();
    play_square(&mut again, &free);
    let listed = store.list();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].record.as_ref().unwrap().moves.len(), 5);
    std::fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn leaving_a_game_with_moves_asks_first() {
    let store = scratch_store("leave");
    let mut arcade = open(Launch::Game(two_humans()), &store);
    // Nothing played: Esc leaves at once.
    arcade.press(KeyCode::Esc);
    assert!(matches!(arcade.app.screen(), Screen::Menu));

    let mut arcade = open(Launch::Game(two_humans()), &store);
    play_square(&mut arcade, "b2");
    arcade.press(KeyCode::Esc);
    let asked = arcade.screen();
    assert!(asked.contains("Leave this game?"), "{asked}");
    assert!(asked.contains("1 move played."), "{asked}");
    assert!(asked.contains("It stays in saved games"), "{asked}");
    arcade.press(KeyCode::Char('n'));
    assert!(matches!(arcade.app.screen(), Screen::Play(_)));
    assert!(!arcade.screen().contains("Leave this game?"));
    assert_eq!(arcade.moves_played(), ["b2"]);

    // N asks too; yes starts afresh and the game left behind stays saved.
    arcade.press(KeyCode::Char('N'));
    assert!(arcade.screen().contains("Start a new game?"));
    arcade.press(KeyCode::Char('y'));
    assert!(arcade.moves_played().is_empty());
    play_square(&mut arcade, "a1");
    assert_eq!(store.list().len(), 2, "the new game has a file of its own");

    arcade.press(KeyCode::Char('q'));
    assert!(arcade.screen().contains("Leave this game?"));
    arcade.press(KeyCode::Char('y'));
    assert!(matches!(arcade.app.screen(), Screen::Menu));
    std::fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn a_corrupt_save_file_is_named_and_the_others_still_load() {
    let store = scratch_store("corrupt");
    let mut arcade = open(Launch::Game(two_humans()), &store);
    play_square(&mut arcade, "b2");
    play_square(&mut arcade, "a1");
    let good = store.list()[0].id.clone();
    let text = std::fs::read_to_string(store.dir().join(format!("{good}.json"))).unwrap();
    std::fs::write(store.dir().join("cut.json"), &text[..text.len() / 2]).unwrap();
    std::fs::write(store.dir().join("junk.json"), "not json at all").unwrap();
    drop(arcade);

    let mut again = open(Launch::Menu, &store);
    assert!(
        again
            .screen()
            .contains("1 in progress · 0 finished · 2 unreadable")
    );
    again.press(KeyCode::Char('s'));
    let list = again.screen();
    let line = |name: &str| {
        list.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} is not listed:\n{list}"))
            .to_string()
    };
    assert!(line("cut.json").contains("unreadable"), "{list}");
    assert!(line("cut.json").contains("cut short"), "{list}");
    assert!(line("junk.json").contains("not a saved game"), "{list}");
    assert!(line("Tic-tac-toe").contains("in progress"), "{list}");
    // The readable game comes first and still resumes.
    again.press(KeyCode::Enter);
    assert_eq!(again.moves_played(), ["b2", "a1"]);
    std::fs::remove_dir_all(store.dir()).unwrap();
}

/// Tic-tac-toe's value for the side to move (1 win, 0 draw, -1 loss), by a plain
/// negamax written here, independent of ply's solvers and search.
fn negamax(game: &mut TicTacToe) -> i32 {
    if let Some(outcome) = game.outcome() {
        return match outcome {
            Outcome::Draw => 0,
            Outcome::Win(p) if p == game.to_move() => 1,
            Outcome::Win(_) => -1,
        };
    }
    let mut best = -1;
    for m in game.moves() {
        game.play(m);
        best = best.max(-negamax(game));
        game.undo();
    }
    best
}

/// The words the review should show for a move that takes the mover from
/// `before` (the mover's value) to `after` (still the mover's value).
fn expected_words(before: i32, after: i32) -> &'static str {
    match (before, after) {
        (1, 1) => "kept the win",
        (1, 0) => "threw the win away (draw)",
        (1, -1) => "threw the win away (loses)",
        (0, 0) => "held the draw",
        (0, -1) => "threw the draw away (loses)",
        (-1, -1) => "lost anyway",
        _ => panic!("a move cannot gain value"),
    }
}

#[test]
fn the_review_graphs_the_game_and_marks_each_move_by_the_proven_value() {
    // X takes the centre, O answers on an edge (a known loss), then each side plays
    // the first move the negamax here finds best.
    let mut game = TicTacToe::start(&GameOptions::default()).unwrap();
    let mut line = Vec::new();
    let mut expected = Vec::new();
    for opening in ["b2", "a2"]
        .into_iter()
        .map(Some)
        .chain(std::iter::repeat(None))
    {
        if game.outcome().is_some() {
            break;
        }
        let before = negamax(&mut game);
        let m = match opening {
            Some(text) => game.parse_move(text).unwrap(),
            None => *game
                .moves()
                .iter()
                .find(|&&m| {
                    game.play(m);
                    let value = -negamax(&mut game);
                    game.undo();
                    value == before
                })
                .unwrap(),
        };
        line.push(game.format_move(m));
        let mover = game.to_move();
        game.play(m);
        let after = if game.to_move() == mover {
            negamax(&mut game)
        } else {
            -negamax(&mut game)
        };
        expected.push(expected_words(before, after));
    }
    assert_eq!(expected[0], "held the draw", "tic-tac-toe is a draw");
    assert_eq!(expected[1], "threw the draw away (loses)");
    assert!(expected.len() >= 5);

    let store = scratch_store("review");
    let mut arcade = open(Launch::Game(two_humans()), &store);
    for square in &line {
        play_square(&mut arcade, square);
    }
    assert!(arcade.app.session().unwrap().is_over());
    let listed = store.list();
    assert_eq!(
        listed[0].record.as_ref().unwrap().result.as_deref(),
        Some("X wins")
    );
    drop(arcade);

    let mut again = open(Launch::Menu, &store);
    again.press(KeyCode::Char('s'));
    assert!(again.screen().contains("X wins"));
    again.press(KeyCode::Enter);
    again.wait_until("the analysis", |arcade| match arcade.app.screen() {
        Screen::Review { review, .. } => review.analysed(),
        _ => false,
    });
    let shown = again.screen();
    assert!(
        shown.contains("Review: Tic-tac-toe") && shown.contains("X wins"),
        "{shown}"
    );
    assert!(
        shown.contains("Evaluation, X's view (points)"),
        "the graph names its unit and view:\n{shown}"
    );
    // Tic-tac-toe's evaluations are all proven here: the axis runs from one
    // side's win to the other's.
    assert!(shown.contains("+1") && shown.contains("-1"), "{shown}");
    for (i, (text, words)) in line.iter().zip(&expected).enumerate() {
        let side = if i % 2 == 0 { "X" } else { "O" };
        let listed = format!("{:>3}. {side} {text:<7}", i + 1);
        let current = format!("▶{:>2}. {side} {text:<7}", i + 1);
        // What follows the move on its row is its mark.
        let mark = shown
            .lines()
            .find_map(|l| {
                let at = l.find(&listed).or_else(|| l.find(&current))?;
                Some(l[at..].to_string())
            })
            .unwrap_or_else(|| panic!("move {listed} not listed:\n{shown}"));
        assert!(mark.contains(words), "{listed}: {words}:\n{shown}");
    }
    // Stepping back to O's edge move tells what it did.
    for _ in 1..line.len() - 1 {
        again.press(KeyCode::Left);
    }
    let at_two = again.screen();
    assert!(at_two.contains("after 1... a2 (O)"), "{at_two}");
    assert!(at_two.contains("O's move threw the draw"), "{at_two}");
    assert!(at_two.contains("with best play: X wins"), "{at_two}");
    again.press(KeyCode::Home);
    assert!(again.screen().contains("with best play: draw"));
    again.press(KeyCode::Esc);
    assert!(matches!(again.app.screen(), Screen::Saved(_)));
    std::fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn a_chess_review_graphs_pawns_from_whites_view_and_sees_the_mate() {
    let setup = PlaySetup {
        second: Seat::Human,
        ..PlaySetup::new("chess")
    };
    // Scholar's mate: after 3...Nf6 White mates at once on f7.
    let moves: Vec<String> = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"
        .split(' ')
        .map(String::from)
        .collect();
    let mut review = Review::open(&setup, &moves, Some("White wins".into())).unwrap();
    let start = Instant::now();
    while !review.analysed() {
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for the analysis"
        );
        review.tick();
        std::thread::sleep(Duration::from_millis(2));
    }
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut draw = |review: &mut Review| {
        terminal
            .draw(|frame| review.render(frame, &Theme::plain()))
            .unwrap();
        common::screen::lines(&terminal).join("\n")
    };
    let end = draw(&mut review);
    assert!(end.contains("Evaluation, White's view (pawns)"), "{end}");
    assert!(end.contains("evaluation: White wins"), "{end}");
    assert!(
        !end.contains("with best play"),
        "chess is not solved: no proven values\n{end}"
    );
    review.handle_key(&KeyEvent::new(KeyCode::Left, KeyModifiers::NONE));
    let before_mate = draw(&mut review);
    assert!(
        before_mate.contains("after 3... Nf6 (Black)"),
        "{before_mate}"
    );
    assert!(
        before_mate.contains("evaluation: White wins"),
        "the mate in one is seen:\n{before_mate}"
    );
    review.handle_key(&KeyEvent::new(KeyCode::Home, KeyModifiers::NONE));
    let opening = draw(&mut review);
    assert!(opening.contains("pawns"), "{opening}");
    assert!(!opening.contains("evaluation: White wins"), "{opening}");
}
