//! The arcade: the terminal app people open. A menu of games, a setup screen per
//! game, and a game screen with the board, the move list and a live view of the
//! computer's search.
//!
//! [`app::App`] holds all state and is driven by key, mouse and tick calls, so tests
//! run it without a terminal; [`event`] is the loop that feeds it from the real
//! terminal, and [`terminal`] puts the terminal back however the arcade exits,
//! [`signals`] included.

pub mod app;
pub mod board;
pub mod board_setup;
pub mod clipboard;
pub mod command_keys;
pub mod eval_bar;
pub mod event;
pub mod jobs;
pub mod move_line;
pub mod panel;
pub mod position_pane;
pub mod recorded;
pub mod replay;
pub mod screens;
pub mod session;
pub mod signals;
pub mod terminal;
pub mod theme;

pub use crate::play::clock;
pub use crate::play::{DEFAULT_MOVE_TIME, EngineSettings, PlaySetup, Seat, seconds};

/// Where the arcade starts.
#[derive(Clone, Debug)]
// Built once per run: boxing the setup would only make callers' code noisier.
#[allow(clippy::large_enum_variant)]
pub enum Launch {
    /// The menu of games (`ply` with no arguments).
    Menu,
    /// Straight into a game (`ply play GAME ...`).
    Game(PlaySetup),
    /// Straight into the analysis board on the setup's position and moves
    /// (`ply play GAME --analyse ...`).
    Analysis(PlaySetup),
    /// Straight into the exercise (`ply play synthetic --exercise`): on the written
    /// tree given, or the first built-in one.
    Exercise(Option<String>),
}

/// Validates the setup (unknown game or option, bad position or move, impossible
/// engine settings) before the terminal is touched, so errors print as one line.
pub fn validate(launch: &Launch) -> anyhow::Result<()> {
    match launch {
        Launch::Menu => Ok(()),
        Launch::Game(setup) => session::open(setup).map(drop),
        Launch::Analysis(setup) => screens::analysis::Analysis::check(setup),
        Launch::Exercise(tree) => open_exercise(tree.as_deref()).map(drop),
    }
}

/// The exercise on a written tree, or the first built-in one.
pub fn open_exercise(tree: Option<&str>) -> anyhow::Result<screens::lesson::Lesson> {
    use screens::exercise::Exercise;
    let exercise = match tree {
        Some(tree) => Exercise::written(tree, format!("-o tree={tree}")),
        None => Exercise::built_in(0),
    };
    exercise
        .map(screens::lesson::Lesson::Exercise)
        .map_err(|why| anyhow::anyhow!("--exercise: {why}"))
}

/// Opens the arcade (alternate screen, raw mode, mouse capture) and runs it until
/// the user quits; the terminal is restored on every exit path, panics and stop
/// signals included. After a signal the process exits with 128 + its number.
pub fn run(launch: Launch) -> anyhow::Result<()> {
    validate(&launch)?;
    terminal::check_terminal()?;
    let theme = theme::Theme::from_env();
    let mut app = match crate::play::store::Store::from_env() {
        Some(store) => app::App::with_store(launch, theme, store)?,
        None => app::App::new(launch, theme)?,
    };
    let mut watch = signals::SignalWatch::start(terminal::restore_and_exit)?;
    let mut terminal = terminal::ArcadeTerminal::open()?;
    let result = event::run(&mut terminal, &mut app, &watch);
    watch.loop_returned();
    let signal = watch.received();
    if let Some(signo) = signal {
        before_signal_exit(&mut app, signo);
    } else if result.is_ok() {
        app.keep_now();
    }
    drop(terminal);
    if let Some(trouble) = app.save_trouble() {
        eprintln!("ply: {trouble}");
    }
    if let Some(signo) = signal {
        std::process::exit(signals::exit_status(signo));
    }
    result
}

/// The work done when a stop signal ends the arcade, before the terminal is
/// restored: the game in progress is saved (with its clocks as they stand). It
/// runs on the UI thread with the app's state at hand; a failure is printed once
/// the terminal is back.
fn before_signal_exit(app: &mut app::App, _signo: i32) {
    app.keep_now();
}
