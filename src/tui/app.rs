//! The arcade's state and its three entry points: `handle_*` changes the state in
//! answer to input, `tick` lets running games catch up with their search threads,
//! and `render` draws. Nothing here touches the real terminal, so tests drive the
//! app with synthetic events and render it to a `TestBackend`.

use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};

use super::Launch;
use super::recorded::RecordedSearch;
use super::screens::Action;
use super::screens::explorer::Explorer;
use super::screens::help::{HelpTopic, render_help, render_too_small, too_small};
use super::screens::lesson::Lesson;
use super::screens::mcts_explorer::MctsExplorer;
use super::screens::menu::Menu;
use super::screens::play::Play;
use super::screens::review::Review;
use super::screens::saved::{SavedGames, summary};
use super::screens::setup::Setup;
use super::session::{self, Session};
use super::theme::Theme;
use crate::play::store::Store;

/// The screen in front.
pub enum Screen {
    /// The list of games.
    Menu,
    /// Setting a game up.
    Setup(Setup),
    /// Playing or watching a game.
    Play(Play),
    /// Exploring a search tree; the game goes on behind it.
    Explorer {
        /// The explorer in front.
        explorer: Box<Explorer>,
        /// The game to go back to, still ticking.
        game: Box<Play>,
    },
    /// The saved games: resume one, review one.
    Saved(SavedGames),
    /// A game reviewed move by move.
    Review {
        /// The review in front.
        review: Box<Review>,
        /// The game it was opened from, still ticking; none when it came from
        /// the saved games.
        game: Option<Box<Play>>,
    },
    /// Exploring a Monte Carlo tree; the game goes on behind it.
    MctsExplorer {
        /// The explorer in front.
        explorer: Box<MctsExplorer>,
        /// The game to go back to, still ticking.
        game: Box<Play>,
    },
    /// A lesson (exercise, breadth-first replay), over the screen it came from.
    Lesson {
        /// The lesson in front.
        lesson: Box<Lesson>,
        /// The screen to go back to; `None` when the command line opened the lesson.
        behind: Option<Box<Screen>>,
    },
}

/// The whole arcade.
pub struct App {
    theme: Theme,
    menu: Menu,
    screen: Screen,
    help: bool,
    quit: bool,
    /// Where games are kept; none: nothing is saved.
    store: Option<Store>,
}

impl App {
    /// The arcade at its starting screen. A game launch is checked here too, so a
    /// caller that skipped [`super::validate`] still gets a clean error.
    /// Nothing is saved: see [`App::with_store`].
    pub fn new(launch: Launch, theme: Theme) -> anyhow::Result<App> {
        let screen = match launch {
            Launch::Menu => Screen::Menu,
            Launch::Game(setup) => Screen::Play(Play::new(session::open(&setup)?, setup)),
            Launch::Exercise(tree) => Screen::Lesson {
                lesson: Box::new(super::open_exercise(tree.as_deref())?),
                behind: None,
            },
        };
        Ok(App {
            theme,
            menu: Menu::new(),
            screen,
            help: false,
            quit: false,
            store: None,
        })
    }

    /// [`App::new`] keeping every game in `store` after each move, the menu
    /// offering the saved games.
    pub fn with_store(launch: Launch, theme: Theme, store: Store) -> anyhow::Result<App> {
        let mut app = App::new(launch, theme)?;
        app.store = Some(store);
        app.refresh_menu();
        Ok(app)
    }

    /// Saves the game on screen now, whatever was saved before: the last thing
    /// done when a signal ends the arcade.
    pub fn keep_now(&mut self) {
        self.keep(true);
    }

    /// Saves the game on screen when a move was played or taken back.
    fn keep(&mut self, force: bool) {
        let Some(store) = self.store.as_ref() else {
            return;
        };
        let play = match &mut self.screen {
            Screen::Play(play) => play,
            Screen::Explorer { game, .. } => game.as_mut(),
            Screen::Review {
                game: Some(game), ..
            } => game.as_mut(),
            _ => return,
        };
        play.keep_in(store, force);
    }

    /// Tells the menu what the saved games hold.
    fn refresh_menu(&mut self) {
        let entries = self.store.as_ref().map(Store::list).unwrap_or_default();
        let note = (!entries.is_empty()).then(|| summary(&entries));
        self.menu.set_saved_summary(note);
    }

    /// True once the user asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The screen in front.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The game on screen, if any.
    pub fn session(&self) -> Option<&dyn Session> {
        match &self.screen {
            Screen::Play(play) => Some(play.session()),
            Screen::Explorer { game, .. } | Screen::MctsExplorer { game, .. } => {
                Some(game.session())
            }
            Screen::Review {
                game: Some(game), ..
            } => Some(game.session()),
            _ => None,
        }
    }

    /// The game on screen, to drive it (tests use its hooks).
    pub fn session_mut(&mut self) -> Option<&mut dyn Session> {
        match &mut self.screen {
            Screen::Play(play) => Some(play.session_mut()),
            Screen::Explorer { game, .. } | Screen::MctsExplorer { game, .. } => {
                Some(game.session_mut())
            }
            _ => None,
        }
    }

    /// True while the help overlay is shown.
    pub fn help_open(&self) -> bool {
        self.help
    }

    /// Answers any terminal event; resizes need nothing but the next frame.
    pub fn handle_event(&mut self, event: &Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.handle_key(*key),
            Event::Mouse(mouse) => self.handle_mouse(*mouse),
            _ => {}
        }
    }

    /// Answers a key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            self.quit = true;
            return;
        }
        if self.help {
            self.help = false;
            return;
        }
        // The explorer answers `?` itself, with its legend and glossary.
        let explorer = matches!(self.screen, Screen::Explorer { .. });
        if key.code == KeyCode::Char('?') && !self.typing() && !explorer {
            self.help = true;
            return;
        }
        let action = match &mut self.screen {
            Screen::Menu => self.menu.handle_key(&key),
            Screen::Setup(setup) => setup.handle_key(&key),
            Screen::Play(play) => play.handle_key(&key),
            Screen::Explorer { explorer, .. } => explorer.handle_key(&key),
            Screen::Saved(saved) => saved.handle_key(&key),
            Screen::Review { review, .. } => review.handle_key(&key),
            Screen::MctsExplorer { explorer, .. } => explorer.handle_key(&key),
            Screen::Lesson { lesson, .. } => lesson.handle_key(&key),
        };
        self.act(action);
        self.keep(false);
    }

    /// Answers a mouse event.
    pub fn handle_mouse(&mut self, mouse: MouseEvent) {
        if self.help {
            return;
        }
        let action = match &mut self.screen {
            Screen::Menu => self.menu.handle_mouse(&mouse),
            Screen::Setup(setup) => setup.handle_mouse(&mouse),
            Screen::Play(play) => play.handle_mouse(&mouse),
            Screen::Explorer { explorer, .. } => explorer.handle_mouse(&mouse),
            Screen::Saved(_)
            | Screen::Review { .. }
            | Screen::MctsExplorer { .. }
            | Screen::Lesson { .. } => Action::Stay,
        };
        self.act(action);
        self.keep(false);
    }

    /// Lets a running game take in its search's news and make due moves, also
    /// behind the explorer, and the explorer take in its minimax comparison.
    pub fn tick(&mut self) {
        self.tick_at(Instant::now());
    }

    /// [`App::tick`] at a given instant, so tests can run the clocks on made-up time.
    pub fn tick_at(&mut self, now: Instant) {
        if let Some(record) = tick_screen(&mut self.screen, now) {
            self.act(Action::Explore(record));
        }
        self.keep(false);
    }

    /// Draws the screen in front, the help over it, or the too-small message.
    pub fn render(&mut self, frame: &mut Frame) {
        let theme = self.theme;
        if too_small(frame.area()) {
            render_too_small(frame, &theme);
            return;
        }
        match &mut self.screen {
            Screen::Menu => self.menu.render(frame, &theme),
            Screen::Setup(setup) => setup.render(frame, &theme),
            Screen::Play(play) => play.render(frame, &theme),
            Screen::Explorer { explorer, .. } => explorer.render(frame, &theme),
            Screen::Saved(saved) => saved.render(frame, &theme),
            Screen::Review { review, .. } => review.render(frame, &theme),
            Screen::MctsExplorer { explorer, .. } => explorer.render(frame, &theme),
            Screen::Lesson { lesson, .. } => lesson.render(frame, &theme),
        }
        if self.help {
            render_help(frame, &theme, self.help_topic());
        }
    }

    /// The help sections for the screen in front.
    fn help_topic(&self) -> HelpTopic {
        match &self.screen {
            Screen::Menu => HelpTopic::Menu,
            Screen::Setup(_) => HelpTopic::Setup,
            Screen::Play(play) => HelpTopic::Game(play.session().board_keys()),
            Screen::Explorer { .. } | Screen::MctsExplorer { .. } => HelpTopic::Explorer,
            Screen::Saved(_) => HelpTopic::Saved,
            Screen::Review { .. } => HelpTopic::Review,
            Screen::Lesson { .. } => HelpTopic::Lesson,
        }
    }

    /// Setup option fields take `?` as text.
    fn typing(&self) -> bool {
        matches!(&self.screen, Screen::Setup(setup) if setup.editing_text())
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::Stay => {}
            Action::Quit => self.quit = true,
            Action::Menu => {
                self.refresh_menu();
                self.screen = Screen::Menu;
            }
            Action::Setup(game) => self.screen = Screen::Setup(Setup::new(game)),
            Action::Play(play) => self.screen = Screen::Play(*play),
            Action::Explore(record) => self.swap_screen(|screen| match screen {
                Screen::Play(play) => Screen::Explorer {
                    explorer: Box::new(Explorer::new(*record)),
                    game: Box::new(play),
                },
                other => other,
            }),
            Action::Lesson(lesson) => self.swap_screen(|screen| Screen::Lesson {
                lesson,
                behind: Some(Box::new(screen)),
            }),
            Action::CloseLesson => match std::mem::replace(&mut self.screen, Screen::Menu) {
                Screen::Lesson {
                    behind: Some(behind),
                    ..
                } => self.screen = *behind,
                Screen::Lesson { behind: None, .. } => self.quit = true,
                other => self.screen = other,
            },
            Action::ExploreMcts(explorer) => self.swap_screen(|screen| match screen {
                Screen::Play(play) => Screen::MctsExplorer {
                    explorer,
                    game: Box::new(play),
                },
                other => other,
            }),
            Action::BackToGame => self.swap_screen(|screen| match screen {
                Screen::Explorer { game, .. } | Screen::MctsExplorer { game, .. } => {
                    Screen::Play(*game)
                }
                other => other,
            }),
            Action::Saved => self.open_saved(),
            Action::Review(review) => self.swap_screen(|screen| {
                let game = match screen {
                    Screen::Play(play) => Some(Box::new(play)),
                    _ => None,
                };
                Screen::Review { review, game }
            }),
            Action::CloseReview => {
                let back = std::mem::replace(&mut self.screen, Screen::Menu);
                match back {
                    Screen::Review {
                        game: Some(game), ..
                    } => self.screen = Screen::Play(*game),
                    _ => self.open_saved(),
                }
            }
        }
    }

    /// The saved games, read afresh; without a store, the menu says there are none.
    fn open_saved(&mut self) {
        match &self.store {
            Some(store) => self.screen = Screen::Saved(SavedGames::new(store.clone())),
            None => {
                self.menu
                    .set_saved_summary(Some("games are not saved in this run".into()));
                self.screen = Screen::Menu;
            }
        }
    }

    /// Replaces the screen with one made from it, moving what it owns.
    fn swap_screen(&mut self, change: impl FnOnce(Screen) -> Screen) {
        let screen = std::mem::replace(&mut self.screen, Screen::Menu);
        self.screen = change(screen);
    }
}

/// Lets running games catch up, also behind the explorer and behind a lesson.
fn tick_screen(screen: &mut Screen, now: Instant) -> Option<Box<RecordedSearch>> {
    match screen {
        Screen::Play(play) => {
            play.tick(now);
            play.take_built_tree()
        }
        Screen::Explorer { explorer, game } => {
            game.tick(now);
            explorer.tick();
            None
        }
        Screen::Review { review, game } => {
            if let Some(game) = game {
                game.tick(now);
            }
            review.tick();
            None
        }
        Screen::MctsExplorer { game, .. } => {
            game.tick(now);
            None
        }
        // The game behind a lesson goes on; a tree built meanwhile waits for `t`.
        Screen::Lesson {
            behind: Some(behind),
            ..
        } => tick_screen(behind, now).and(None),
        _ => None,
    }
}
