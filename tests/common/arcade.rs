//! The arcade driven by keys in a test: an [`App`] on a `TestBackend`, with the
//! screen as text and a bounded wait for background threads. New key-driven tests
//! use this one harness rather than a copy of their own.

use std::time::{Duration, Instant};

use ply::tui::app::{App, Front as Screen};
use ply::tui::theme::Theme;
use ply::tui::{Launch, PlaySetup};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::screen::lines;

/// How long a test waits for a background thread before it fails: a bound on a
/// hang, not a speed figure.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The arcade on a test terminal.
pub struct Arcade {
    /// The app under test.
    pub app: App,
    terminal: Terminal<TestBackend>,
}

impl Arcade {
    /// The arcade opened on a game, drawn `width` x `height`.
    pub fn game(setup: PlaySetup, width: u16, height: u16) -> Arcade {
        let app = App::new(Launch::Game(setup), Theme::plain()).expect("the setup is valid");
        Arcade::on(app, (width, height))
    }

    /// `app`, drawn `width` x `height`: for a launch or a store of the test's own.
    pub fn on(app: App, (width, height): (u16, u16)) -> Arcade {
        Arcade {
            app,
            terminal: Terminal::new(TestBackend::new(width, height)).unwrap(),
        }
    }

    /// Presses a key with no modifier.
    pub fn press(&mut self, code: KeyCode) {
        self.app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    /// Types `text` one key a character.
    pub fn type_text(&mut self, text: &str) {
        text.chars().for_each(|c| self.press(KeyCode::Char(c)));
    }

    /// Draws a frame and returns its buffer, styles and all.
    pub fn buffer(&mut self) -> ratatui::buffer::Buffer {
        let app = &mut self.app;
        self.terminal.draw(|frame| app.render(frame)).unwrap();
        self.terminal.backend().buffer().clone()
    }

    /// Draws a frame and returns the screen as text.
    pub fn screen(&mut self) -> String {
        let app = &mut self.app;
        self.terminal.draw(|frame| app.render(frame)).unwrap();
        lines(&self.terminal).join("\n")
    }

    /// Ticks the app until `done`, failing after [`PATIENCE`].
    pub fn wait_until(&mut self, what: &str, done: impl Fn(&mut Arcade) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(start.elapsed() < PATIENCE, "timed out waiting for {what}");
            self.app.tick();
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// How many moves the game on screen has had.
    pub fn played(&self) -> usize {
        self.app.session().map_or(0, |s| s.played().len())
    }

    /// The moves of the game on screen, as its move list writes them.
    pub fn moves_played(&self) -> Vec<String> {
        let session = self.app.session().expect("a game is on screen");
        session.played().iter().map(|m| m.text.clone()).collect()
    }

    /// True while the explorer is in front.
    pub fn exploring(&self) -> bool {
        matches!(self.app.screen(), Screen::Explorer { .. })
    }
}
