//! Go in the arcade, driven by keys on an 80x24 `TestBackend`: two humans type
//! vertices, pass with `p`, and the board, the captures line and the status line
//! follow; two passes end the game with the area score on the board.

use super::common;

use ply::tui::app::App;
use ply::tui::theme::Theme;
use ply::tui::{Launch, PlaySetup, Seat};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Types each character, then Enter.
fn enter(app: &mut App, keys: &str) {
    for c in keys.chars() {
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
}

fn screen(app: &mut App, terminal: &mut Terminal<TestBackend>) -> String {
    terminal.draw(|frame| app.render(frame)).unwrap();
    common::screen::lines(terminal).join("\n")
}

#[test]
fn two_humans_play_pass_and_see_the_score_at_80_by_24() {
    let setup = PlaySetup {
        first: Seat::Human,
        second: Seat::Human,
        ..PlaySetup::new("go")
    };
    let mut app = App::new(Launch::Game(setup), Theme::plain()).expect("go has a board");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let start = screen(&mut app, &mut terminal);
    assert!(start.contains("A B C D E F G H J"), "{start}");
    assert!(start.contains("[pass]  X 0 O 0 captured"), "{start}");
    enter(&mut app, "D4");
    enter(&mut app, "E4");
    let played = screen(&mut app, &mut terminal);
    assert!(played.contains("│ 4 · · · X[O]· · · ·"), "{played}");
    assert_eq!(app.session().unwrap().played().len(), 2);
    enter(&mut app, "p");
    let passed = screen(&mut app, &mut terminal);
    assert!(passed.contains("Black passed"), "{passed}");
    enter(&mut app, "p");
    let over = screen(&mut app, &mut terminal);
    assert!(app.session().unwrap().is_over());
    // One stone each, both alive, everything else neutral: komi decides.
    assert!(over.contains("B 1, W 1 + 7.5: W+7.5"), "{over}");
}

#[test]
fn the_computer_answers_a_stone_with_alpha_beta() {
    let mut app = App::new(Launch::Game(PlaySetup::new("go")), Theme::plain()).expect("go");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    enter(&mut app, "E5");
    let start = std::time::Instant::now();
    while app.session().unwrap().played().len() < 2 {
        assert!(
            start.elapsed().as_secs() < 60,
            "the computer never answered"
        );
        app.tick();
        screen(&mut app, &mut terminal);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let answered = screen(&mut app, &mut terminal);
    assert!(answered.contains("1. E5"), "{answered}");
    assert!(app.session().unwrap().human_to_move());
}
