//! The arcade's state and its three entry points: `handle_*` changes the state in
//! answer to input, `tick` lets running games and background jobs catch up, and
//! `render` draws. Nothing here touches the real terminal, so tests drive the app
//! with synthetic events and render it to a `TestBackend`.
//!
//! The screens are a stack: the one in front gets the keys and is drawn, the ones
//! below wait for it to close, still ticking (the game goes on behind the
//! explorer). The app knows screens only through the [`Screen`] trait.

use std::any::Any;
use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};

use super::Launch;
use super::screens::analysis::Analysis;
use super::screens::explorer::Explorer;
use super::screens::help::{HelpScroll, render_help, render_too_small, too_small};
use super::screens::lesson::Lesson;
use super::screens::mcts_explorer::MctsExplorer;
use super::screens::menu::Menu;
use super::screens::play::Play;
use super::screens::review::Review;
use super::screens::saved::SavedGames;
use super::screens::setup::Setup;
use super::screens::{Action, Screen};
use super::session::{self, Session};
use super::theme::Theme;
use crate::play::store::Store;

/// The screen in front, by kind: what tests and callers check without knowing
/// the stack. Screens it does not name read as `Other`.
pub enum Front<'a> {
    /// The list of games.
    Menu,
    /// Setting a game up.
    Setup(&'a Setup),
    /// Playing or watching a game.
    Play(&'a Play),
    /// Exploring a search tree; the game goes on behind it.
    Explorer {
        /// The explorer in front.
        explorer: &'a Explorer,
    },
    /// The saved games: resume one, review one.
    Saved(&'a SavedGames),
    /// A game reviewed move by move.
    Review {
        /// The review in front.
        review: &'a Review,
    },
    /// The analysis board.
    Analysis(&'a Analysis),
    /// Exploring a Monte Carlo tree; the game goes on behind it.
    MctsExplorer {
        /// The explorer in front.
        explorer: &'a MctsExplorer,
    },
    /// A lesson (exercise, breadth-first replay), over the screen it came from.
    Lesson {
        /// The lesson in front.
        lesson: &'a Lesson,
    },
    /// A screen not named here; none is in front once the arcade ended.
    Other,
}

impl<'a> Front<'a> {
    /// The kind of `screen`.
    fn of(screen: &'a dyn Screen) -> Front<'a> {
        let any: &dyn Any = screen;
        if any.is::<Menu>() {
            Front::Menu
        } else if let Some(setup) = any.downcast_ref() {
            Front::Setup(setup)
        } else if let Some(play) = any.downcast_ref() {
            Front::Play(play)
        } else if let Some(explorer) = any.downcast_ref() {
            Front::Explorer { explorer }
        } else if let Some(saved) = any.downcast_ref() {
            Front::Saved(saved)
        } else if let Some(review) = any.downcast_ref() {
            Front::Review { review }
        } else if let Some(analysis) = any.downcast_ref() {
            Front::Analysis(analysis)
        } else if let Some(explorer) = any.downcast_ref() {
            Front::MctsExplorer { explorer }
        } else if let Some(lesson) = any.downcast_ref() {
            Front::Lesson { lesson }
        } else {
            Front::Other
        }
    }
}

/// The whole arcade.
pub struct App {
    theme: Theme,
    /// The screens, the one in front last; empty once the last one closed.
    stack: Vec<Box<dyn Screen>>,
    help: Option<HelpScroll>,
    quit: bool,
    /// Where games are kept; none: nothing is saved.
    store: Option<Store>,
}

impl App {
    /// The arcade at its starting screen. A game launch is checked here too, so a
    /// caller that skipped [`super::validate`] still gets a clean error.
    /// Nothing is saved: see [`App::with_store`].
    pub fn new(launch: Launch, theme: Theme) -> anyhow::Result<App> {
        App::open(launch, theme, None)
    }

    /// [`App::new`] keeping every game in `store` after each move, the menu
    /// offering the saved games.
    pub fn with_store(launch: Launch, theme: Theme, store: Store) -> anyhow::Result<App> {
        App::open(launch, theme, Some(store))
    }

    /// The first screens: the menu, with the game launched over it; a lesson
    /// launched from the command line alone, so that closing it ends the arcade.
    fn open(launch: Launch, theme: Theme, store: Option<Store>) -> anyhow::Result<App> {
        let menu = match store.clone() {
            Some(store) => Menu::new().keeping(store),
            None => Menu::new(),
        };
        let stack: Vec<Box<dyn Screen>> = match launch {
            Launch::Menu => vec![Box::new(menu)],
            Launch::Game(setup) => {
                let play = Play::new(session::open(&setup)?, setup);
                vec![Box::new(menu), Box::new(play)]
            }
            Launch::Analysis(setup) => {
                vec![Box::new(menu), Box::new(Analysis::open(&setup, None)?)]
            }
            Launch::Exercise(tree) => vec![Box::new(super::open_exercise(tree.as_deref())?)],
        };
        Ok(App {
            theme,
            stack,
            help: None,
            quit: false,
            store,
        })
    }

    /// Saves the game on screen now, whatever was saved before: the last thing
    /// done when a signal ends the arcade.
    pub fn keep_now(&mut self) {
        self.keep(true);
    }

    /// When the last save of the game on screen failed: one line saying so, why,
    /// and where it was last kept (printed after the terminal is restored).
    pub fn save_trouble(&self) -> Option<String> {
        self.stack
            .iter()
            .rev()
            .find_map(|s| s.game())?
            .save_trouble()
    }

    /// Saves the game on screen when a move was played or taken back.
    fn keep(&mut self, force: bool) {
        let Some(store) = self.store.as_ref() else {
            return;
        };
        if let Some(play) = self.stack.iter_mut().rev().find_map(|s| s.game_mut()) {
            play.keep_in(store, force);
        }
    }

    /// The arcade goes on after the process stood still for `stopped` (suspended
    /// by Ctrl-Z or SIGTSTP): the clock of the side to move does not count it.
    pub fn resumed_after(&mut self, stopped: std::time::Duration) {
        if let Some(session) = self.session_mut() {
            session.discount_stopped(stopped);
        }
    }

    /// True once the user asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The screen in front.
    pub fn screen(&self) -> Front<'_> {
        self.stack
            .last()
            .map_or(Front::Other, |screen| Front::of(screen.as_ref()))
    }

    /// The game on screen, if any: in front, or behind the screens opened over it.
    pub fn session(&self) -> Option<&dyn Session> {
        let play = self.stack.iter().rev().find_map(|s| s.game())?;
        Some(play.session())
    }

    /// The game on screen, to drive it (tests use its hooks).
    pub fn session_mut(&mut self) -> Option<&mut dyn Session> {
        let play = self.stack.iter_mut().rev().find_map(|s| s.game_mut())?;
        Some(play.session_mut())
    }

    /// True while the help overlay is shown.
    pub fn help_open(&self) -> bool {
        self.help.is_some()
    }

    /// Answers any terminal event; resizes need nothing but the next frame.
    pub fn handle_event(&mut self, event: &Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.handle_key(*key),
            Event::Mouse(mouse) => self.handle_mouse(*mouse),
            _ => {}
        }
    }

    /// Answers a key press: Ctrl-C quits anywhere, the help scrolls (Esc, q, ? or Enter close it), `?`
    /// opens it (unless the screen takes `?` itself), the rest goes to the screen.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            self.quit = true;
            return;
        }
        if let Some(scroll) = self.help.as_mut() {
            let closes = matches!(
                key.code,
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q') | KeyCode::Char('?')
            );
            if !scroll.key(key.code) && closes {
                self.help = None;
            }
            return;
        }
        let Some(front) = self.stack.last_mut() else {
            return;
        };
        if key.code == KeyCode::Char('?') && front.help().is_some() {
            self.help = Some(HelpScroll::default());
            return;
        }
        let action = front.handle_key(&key);
        self.act(action);
        self.keep(false);
    }

    /// Answers a mouse event.
    pub fn handle_mouse(&mut self, mouse: MouseEvent) {
        if self.help.is_some() {
            return;
        }
        let Some(front) = self.stack.last_mut() else {
            return;
        };
        let action = front.handle_mouse(&mouse);
        self.act(action);
        self.keep(false);
    }

    /// Lets running games take in their search's news and make due moves, also
    /// behind other screens, and background jobs deliver what they finished.
    pub fn tick(&mut self) {
        self.tick_at(Instant::now());
    }

    /// [`App::tick`] at a given instant, so tests can run the clocks on made-up time.
    pub fn tick_at(&mut self, now: Instant) {
        let Some((front, behind)) = self.stack.split_last_mut() else {
            return;
        };
        for screen in behind {
            screen.tick_behind(now);
        }
        let action = front.tick(now);
        self.act(action);
        self.keep(false);
    }

    /// Draws the screen in front, the help over it, or the too-small message.
    pub fn render(&mut self, frame: &mut Frame) {
        let theme = self.theme;
        if too_small(frame.area()) {
            render_too_small(frame, &theme);
            return;
        }
        let Some(front) = self.stack.last_mut() else {
            return;
        };
        front.render(frame, &theme);
        if let (Some(topic), Some(scroll)) = (front.help(), self.help.as_mut()) {
            render_help(frame, &theme, topic, scroll);
        }
    }

    /// Changes the stack as the screen in front asked.
    fn act(&mut self, action: Action) {
        match action {
            Action::Stay => return,
            Action::Quit => self.quit = true,
            Action::Push(screen) => self.stack.push(screen),
            Action::Replace(screen) => {
                self.stack.pop();
                self.stack.push(screen);
            }
            Action::Close | Action::BackToGame => self.close_to(self.stack.len() - 1),
            Action::Menu => self.close_to(1),
            Action::Play(play) => return self.act(Action::Replace(play)),
            Action::Lesson(lesson) => return self.act(Action::Push(lesson)),
        }
        // The help shown was the screen's that was in front.
        self.help = None;
    }

    /// Closes the screens above the first `keep`, the one left in front told so;
    /// with none left, the arcade ends.
    fn close_to(&mut self, keep: usize) {
        self.stack.truncate(keep);
        match self.stack.last_mut() {
            Some(front) => front.on_top(),
            None => self.quit = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::tui::{EngineSettings, PlaySetup, Seat};

    fn press(app: &mut App, code: KeyCode) {
        app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    /// The moves played in the game on screen.
    fn played(app: &App) -> usize {
        app.session().map_or(0, |s| s.played().len())
    }

    /// Ticks until one more move is played, whatever is in front.
    fn next_move(app: &mut App) {
        let (before, start) = (played(app), Instant::now());
        while played(app) == before {
            assert!(start.elapsed() < Duration::from_secs(60), "no move comes");
            app.tick();
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn a_letter_typed_with_ctrl_is_never_the_letter() {
        let mut app = App::new(Launch::Game(PlaySetup::new("chess")), Theme::plain()).unwrap();
        for letter in ['z', 'q', 'e', 'N', 'u', ' '] {
            app.handle_key(KeyEvent::new(KeyCode::Char(letter), KeyModifiers::CONTROL));
            let Front::Play(play) = app.screen() else {
                panic!("Ctrl-{letter} left the game");
            };
            assert!(
                play.move_line().is_none(),
                "Ctrl-{letter} opened the move line"
            );
            assert!(
                !app.session().unwrap().paused(),
                "Ctrl-{letter} paused the game"
            );
        }
        // The plain letter still does its work: `e` starts a typed move.
        press(&mut app, KeyCode::Char('e'));
        let Front::Play(play) = app.screen() else {
            panic!("e left the game");
        };
        assert!(play.move_line().is_some());
    }

    #[test]
    fn screens_stack_over_the_game_which_goes_on_behind_them() {
        let computer = Seat::Computer(EngineSettings {
            depth: Some(1),
            time: None,
            ..EngineSettings::for_game("connect4")
        });
        let setup = PlaySetup {
            first: computer.clone(),
            second: computer,
            ..PlaySetup::new("connect4")
        };
        let mut app = App::new(Launch::Game(setup), Theme::plain()).unwrap();
        press(&mut app, KeyCode::Char('+'));
        next_move(&mut app);
        press(&mut app, KeyCode::Char('t'));
        assert!(matches!(app.screen(), Front::Explorer { .. }));
        next_move(&mut app);
        press(&mut app, KeyCode::Char('X'));
        assert!(matches!(app.screen(), Front::Lesson { .. }));
        next_move(&mut app);
        press(&mut app, KeyCode::Char('q'));
        assert!(matches!(app.screen(), Front::Explorer { .. }));
        press(&mut app, KeyCode::Esc);
        assert!(matches!(app.screen(), Front::Play(_)));
        press(&mut app, KeyCode::Char('?'));
        assert!(app.help_open());
        press(&mut app, KeyCode::Char('q'));
        assert!(!app.help_open() && matches!(app.screen(), Front::Play(_)));
        press(&mut app, KeyCode::Char('q'));
        press(&mut app, KeyCode::Char('y'));
        assert!(matches!(app.screen(), Front::Menu));
        press(&mut app, KeyCode::Esc);
        assert!(app.should_quit());
    }
}
