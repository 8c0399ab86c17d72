//! Clocks in the arcade, driven with keys and made-up time on a `TestBackend`: the
//! side to move is charged, the increment added, and a fallen flag loses the game.

use super::common;

use std::time::{Duration, Instant};

use ply::game::{Outcome, Player};
use ply::tui::app::App;
use ply::tui::clock::TimeControl;
use ply::tui::theme::Theme;
use ply::tui::{Launch, PlaySetup, Seat};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn screen(app: &mut App, terminal: &mut Terminal<TestBackend>) -> String {
    terminal.draw(|frame| app.render(frame)).unwrap();
    common::screen::lines(terminal).join("\n")
}

#[test]
fn chess_clocks_run_for_the_side_to_move_after_its_first_move_and_a_fallen_flag_loses() {
    let setup = PlaySetup {
        first: Seat::Human,
        second: Seat::Human,
        clock: Some(TimeControl {
            minutes: 1,
            increment_secs: 2,
        }),
        ..PlaySetup::new("chess")
    };
    let mut app = App::new(Launch::Game(setup), Theme::plain()).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(100, 34)).unwrap();
    let start = Instant::now();
    app.tick_at(start);
    let fresh = screen(&mut app, &mut terminal);
    assert!(fresh.contains("Clocks 1 min + 2 s"), "{fresh}");
    // A human's clock starts at their first move: nobody's runs yet.
    assert!(fresh.contains("White      1:00"), "{fresh}");
    assert!(!fresh.contains('◀'), "{fresh}");

    let after = |secs: u64| start + Duration::from_secs(secs);
    app.tick_at(after(20));
    // e2-e4 with the keys: the cursor starts on e2.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('k'));
    press(&mut app, KeyCode::Char('k'));
    press(&mut app, KeyCode::Enter);
    app.tick_at(after(20));
    let moved = screen(&mut app, &mut terminal);
    assert!(moved.contains("White      1:02"), "{moved}");
    assert!(moved.contains("Black      1:00"), "{moved}");
    app.tick_at(after(30));
    app.session_mut().unwrap().play_text("e7e5").unwrap();
    app.tick_at(after(30));
    let both_moved = screen(&mut app, &mut terminal);
    assert!(both_moved.contains("White      1:02 ◀"), "{both_moved}");
    assert!(both_moved.contains("Black      1:02"), "{both_moved}");

    app.tick_at(after(87));
    assert!(screen(&mut app, &mut terminal).contains("White    0:05.0 ◀"));
    app.tick_at(after(93));
    let session = app.session().unwrap();
    assert!(session.is_over());
    assert_eq!(session.outcome(), Some(Outcome::Win(Player::Second)));
    let over = screen(&mut app, &mut terminal);
    assert!(over.contains("Black (human) wins on time"), "{over}");
    assert!(over.contains("White    0:00.0"), "{over}");

    // Taking back a move does not bring the time back; a new game does.
    press(&mut app, KeyCode::Char('u'));
    assert!(screen(&mut app, &mut terminal).contains("lost on time"));
    assert_eq!(app.session().unwrap().played().len(), 2);
    // `N` starts a knight's move in chess: a new game is `!` there.
    press(&mut app, KeyCode::Char('!'));
    app.tick_at(after(100));
    let again = screen(&mut app, &mut terminal);
    assert!(again.contains("White      1:00"), "{again}");
    assert!(again.contains("Black      1:00"), "{again}");
    assert!(!app.session().unwrap().is_over());
}

#[test]
fn without_a_clock_no_clocks_are_shown() {
    let mut app = App::new(Launch::Game(PlaySetup::new("chess")), Theme::plain()).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(100, 34)).unwrap();
    app.tick_at(Instant::now());
    assert!(!screen(&mut app, &mut terminal).contains("Clocks"));
    assert!(app.session().unwrap().clocks().is_none());
}

#[test]
fn the_computer_thinks_on_its_own_clock() {
    let setup = PlaySetup {
        first: Seat::Computer(ply::tui::EngineSettings {
            eval: "strong".into(),
            ..ply::tui::EngineSettings::default()
        }),
        second: Seat::Human,
        clock: Some(TimeControl {
            minutes: 1,
            increment_secs: 0,
        }),
        ..PlaySetup::new("chess")
    };
    let mut app = App::new(Launch::Game(setup), Theme::plain()).unwrap();
    let patience = Instant::now();
    while !app.session().unwrap().human_to_move() {
        assert!(patience.elapsed() < Duration::from_secs(60), "no move");
        app.tick_at(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
    }
    let session = app.session().unwrap();
    assert_eq!(session.played().len(), 1);
    let clocks = session.clocks().unwrap();
    assert!(clocks.left(Player::First) < Duration::from_secs(60));
    assert_eq!(clocks.left(Player::Second), Duration::from_secs(60));
    // The human's clock starts at their first move.
    assert_eq!(clocks.running(), None);
}
