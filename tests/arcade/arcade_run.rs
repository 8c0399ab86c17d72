//! Running a game in the arcade, driven with keys on a `TestBackend`: pause stops
//! the computer's search, "move now" plays at once, a human's clock waits for
//! their first move, the explorer's tree is built off the UI thread (keys work
//! meanwhile, Esc cancels, repeated `t` start one build), and a search thread
//! that dies is reported instead of waited on.

use super::common;

use std::time::{Duration, Instant};

use common::arcade::Arcade;
use ply::game::{GameOptions, Player};
use ply::tui::app::Front as Screen;
use ply::tui::clock::TimeControl;
use ply::tui::screens::play::Play;
use ply::tui::{EngineSettings, PlaySetup, Seat};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The arcade's helpers this file adds to the shared harness.
trait RunChecks {
    fn nodes(&self) -> u64;
    fn play_screen(&self) -> &Play;
}

impl RunChecks for Arcade {
    fn nodes(&self) -> u64 {
        let view = self.app.session().unwrap().search();
        view.map_or(0, |v| v.stats.nodes)
    }

    fn play_screen(&self) -> &Play {
        match self.app.screen() {
            Screen::Play(play) => play,
            _ => panic!("the game screen is in front"),
        }
    }
}

fn arcade(setup: PlaySetup) -> Arcade {
    Arcade::game(setup, 160, 30)
}

/// The computer (White) thinks for an hour a move unless stopped; a human plays Black.
fn slow_computer_first(game: &str) -> PlaySetup {
    PlaySetup {
        first: Seat::Computer(EngineSettings {
            time: Some(Duration::from_secs(3600)),
            ..EngineSettings::for_game(game)
        }),
        second: Seat::Human,
        ..PlaySetup::new(game)
    }
}

#[test]
fn pause_stops_the_search_and_resume_starts_it_again() {
    let mut h = arcade(slow_computer_first("chess"));
    h.wait_until("the search to count nodes", |h| h.nodes() > 0);
    h.press(KeyCode::Char(' '));
    let session = h.app.session().unwrap();
    assert!(session.paused() && !session.thinking());
    let stopped_at = h.nodes();
    for _ in 0..20 {
        h.app.tick();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(h.nodes(), stopped_at, "the node count grew while paused");
    assert!(h.screen().contains("paused"));
    assert_eq!(h.played(), 0);

    h.press(KeyCode::Char(' '));
    h.app.tick();
    assert!(h.app.session().unwrap().thinking());
    h.wait_until("the resumed search to count nodes", |h| {
        h.nodes() > 0 && h.nodes() != stopped_at
    });
}

#[test]
fn move_now_plays_the_best_move_so_far_at_once_also_when_paused() {
    let mut h = arcade(slow_computer_first("chess"));
    h.wait_until("a finished iteration", |h| {
        h.app
            .session()
            .unwrap()
            .search()
            .is_some_and(|v| v.depth >= 1)
    });
    h.press(KeyCode::Char('m'));
    h.wait_until("the computer's move", |h| h.played() == 1);
    let session = h.app.session().unwrap();
    assert!(session.human_to_move());
    let (best, _proven, stopped) = session.search().unwrap().result.clone().unwrap();
    assert!(stopped, "the search was stopped, not finished");
    assert!(best.is_some());

    // With the computer paused, `m` lets exactly one move through.
    let reply = h.app.session().unwrap().legal_moves()[0].clone();
    h.app.session_mut().unwrap().play_text(&reply).unwrap();
    h.press(KeyCode::Char(' '));
    h.app.tick();
    assert!(h.app.session().unwrap().paused());
    h.press(KeyCode::Char('m'));
    h.wait_until("the paused computer's move", |h| h.played() == 3);
    assert!(h.app.session().unwrap().paused());
    h.press(KeyCode::Char('m'));
    assert!(h.screen().contains("it is not its turn"));
}

#[test]
fn a_humans_clock_waits_for_their_first_move_and_the_computers_runs_at_once() {
    let setup = PlaySetup {
        first: Seat::Human,
        second: Seat::Human,
        clock: Some(TimeControl {
            minutes: 1,
            increment_secs: 0,
        }),
        ..PlaySetup::new("chess")
    };
    let mut h = arcade(setup);
    let start = Instant::now();
    let at = |secs: u64| start + Duration::from_secs(secs);
    h.app.tick_at(start);
    h.app.tick_at(at(30));
    let clocks = h.app.session().unwrap().clocks().unwrap();
    assert_eq!(clocks.left(Player::First), Duration::from_secs(60));
    assert_eq!(
        clocks.running(),
        None,
        "no clock runs before White's first move"
    );
    h.app.session_mut().unwrap().play_text("e2e4").unwrap();
    h.app.tick_at(at(30));
    h.app.tick_at(at(50));
    let clocks = h.app.session().unwrap().clocks().unwrap();
    assert_eq!(clocks.left(Player::First), Duration::from_secs(60));
    assert_eq!(clocks.left(Player::Second), Duration::from_secs(60));
    h.app.session_mut().unwrap().play_text("e7e5").unwrap();
    h.app.tick_at(at(50));
    h.app.tick_at(at(65));
    let clocks = h.app.session().unwrap().clocks().unwrap();
    assert_eq!(clocks.left(Player::First), Duration::from_secs(45));
    assert_eq!(clocks.left(Player::Second), Duration::from_secs(60));
    assert_eq!(clocks.running(), Some(Player::First));

    // The computer's clock is charged from the start: it is thinking.
    let setup = PlaySetup {
        clock: Some(TimeControl {
            minutes: 1,
            increment_secs: 0,
        }),
        ..slow_computer_first("chess")
    };
    let mut h = arcade(setup);
    h.app.tick_at(start);
    h.app.tick_at(at(1));
    let clocks = h.app.session().unwrap().clocks().unwrap();
    assert_eq!(clocks.running(), Some(Player::First));
    assert!(clocks.left(Player::First) < Duration::from_secs(60));
}

/// Plain minimax five plies deep on a synthetic tree of twelve moves a node: the
/// recorded tree reaches its 200,000-node cap, big enough to build off the UI thread.
fn big_tree_game() -> PlaySetup {
    let mut setup = PlaySetup {
        first: Seat::Computer(EngineSettings {
            algorithm: ply::search::Algorithm::Minimax,
            depth: Some(5),
            time: None,
            ..EngineSettings::default()
        }),
        second: Seat::Human,
        ..PlaySetup::new("synthetic")
    };
    setup.options = GameOptions::parse(&["b=12", "d=12"]).unwrap();
    setup
}

fn after_the_computers_move() -> Arcade {
    let mut h = arcade(big_tree_game());
    h.wait_until("the computer's move", |h| h.played() == 1);
    h
}

#[test]
fn the_explorer_is_built_off_the_ui_thread_and_keys_work_meanwhile() {
    let mut h = after_the_computers_move();
    h.press(KeyCode::Char('t'));
    assert!(!h.exploring());
    assert!(h.play_screen().building_tree());
    assert!(h.screen().contains("building the tree... (Esc cancels)"));
    // A key during the build is answered: the hint search starts.
    h.press(KeyCode::Char('i'));
    assert!(h.screen().contains("looking for a hint"));
    h.wait_until("the explorer", |h| h.exploring());
    assert!(h.screen().contains("explored"));
    // Back to the game, and `t` builds again (in the background).
    h.press(KeyCode::Char('t'));
    assert!(!h.exploring());
    h.press(KeyCode::Char('t'));
    h.wait_until("the explorer again", |h| h.exploring());
}

#[test]
fn esc_cancels_the_explorers_build() {
    let mut h = after_the_computers_move();
    h.press(KeyCode::Char('t'));
    assert!(h.play_screen().building_tree());
    h.press(KeyCode::Esc);
    assert!(!h.play_screen().building_tree());
    assert!(
        matches!(h.app.screen(), Screen::Play(_)),
        "Esc stays in the game"
    );
    assert!(h.screen().contains("tree building cancelled"));
    for _ in 0..100 {
        h.app.tick();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!h.exploring(), "a cancelled build never opens the explorer");
}

#[test]
fn twenty_quick_t_start_one_build_and_ctrl_c_quits_at_once() {
    let mut h = after_the_computers_move();
    for _ in 0..20 {
        h.press(KeyCode::Char('t'));
    }
    assert_eq!(h.play_screen().tree_builds(), 1);
    h.app
        .handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(h.app.should_quit());
}

#[test]
fn a_search_thread_that_dies_is_reported_and_the_game_can_go_on() {
    let setup = PlaySetup {
        first: Seat::Computer(EngineSettings {
            depth: Some(2),
            time: None,
            ..EngineSettings::for_game("chess")
        }),
        ..slow_computer_first("chess")
    };
    let mut h = arcade(setup);
    h.app.session_mut().unwrap().fail_next_search();
    h.wait_until("the dead search to be noticed", |h| {
        h.app.session().unwrap().message().is_some()
    });
    let session = h.app.session().unwrap();
    assert!(!session.thinking() && session.paused());
    assert_eq!(session.played().len(), 0);
    let text = h.screen();
    assert!(
        text.contains("error: the computer's search stopped without a move"),
        "{text}"
    );
    // Space tries again, on a fresh engine.
    h.press(KeyCode::Char(' '));
    h.wait_until("the computer's move", |h| h.played() == 1);
}
