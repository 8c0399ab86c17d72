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
pub mod clock;
pub mod event;
pub mod panel;
pub mod recorded;
pub mod replay;
pub mod screens;
pub mod session;
pub mod signals;
pub mod terminal;
pub mod theme;

use std::time::Duration;

use crate::game::GameOptions;
use crate::search::{Algorithm, Limits, SearchConfig};

/// Where the arcade starts.
#[derive(Clone, Debug)]
// Built once per run: boxing the setup would only make callers' code noisier.
#[allow(clippy::large_enum_variant)]
pub enum Launch {
    /// The menu of games (`ply` with no arguments).
    Menu,
    /// Straight into a game (`ply play GAME ...`).
    Game(PlaySetup),
}

/// Everything needed to start a game: which game, from where, and who plays.
#[derive(Clone, Debug)]
pub struct PlaySetup {
    /// The game's id, as in `ply list`.
    pub game: String,
    /// The game's options (`-o heap=9`).
    pub options: GameOptions,
    /// A start position in the game's notation instead of the usual one.
    pub position: Option<String>,
    /// Moves played from the start position before the game begins.
    pub moves: Option<String>,
    /// Who plays the first side.
    pub first: Seat,
    /// Who plays the second side.
    pub second: Seat,
    /// Clocks for both sides, or none.
    pub clock: Option<clock::TimeControl>,
    /// Record every computer search's tree for the explorer (`t`). Recording costs
    /// speed, so a timed search sees fewer nodes; players who never explore can
    /// switch it off for a stronger opponent.
    pub record_tree: bool,
}

impl PlaySetup {
    /// A game from its usual start, the human moving first against the default engine:
    /// what Enter-Enter on the menu starts.
    pub fn new(game: &str) -> PlaySetup {
        PlaySetup {
            game: game.to_string(),
            options: GameOptions::default(),
            position: None,
            moves: None,
            first: Seat::Human,
            second: Seat::Computer(EngineSettings::for_game(game)),
            clock: None,
            record_tree: true,
        }
    }

    /// The seats in player order, so code can index them by `Player::index`.
    pub fn seats(&self) -> [Seat; 2] {
        [self.first.clone(), self.second.clone()]
    }
}

/// Who plays one side.
#[derive(Clone, Debug, PartialEq)]
pub enum Seat {
    /// A person at the keyboard.
    Human,
    /// The engine, with its settings.
    Computer(EngineSettings),
}

impl Seat {
    /// The engine settings when the computer plays this seat.
    pub fn engine(&self) -> Option<&EngineSettings> {
        match self {
            Seat::Human => None,
            Seat::Computer(settings) => Some(settings),
        }
    }
}

/// How the computer plays one side.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSettings {
    /// Minimax or alpha-beta.
    pub algorithm: Algorithm,
    /// Use a transposition table.
    pub tt: bool,
    /// The evaluation's name (`seed` or a stronger one the game offers).
    pub eval: String,
    /// Deepest search in plies; `None` searches as deep as time allows.
    pub depth: Option<u32>,
    /// Time per move; `None` with no depth searches to the end of the game.
    pub time: Option<Duration>,
}

/// The time per move when neither depth nor time is chosen: enough to solve the
/// small games, short enough that a big one never hangs.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);
/// The name games give their better evaluation, preferred by [`EngineSettings::for_game`].
const STRONG_EVAL: &str = "strong";

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            algorithm: Algorithm::AlphaBeta,
            tt: true,
            eval: "seed".to_string(),
            depth: None,
            time: Some(DEFAULT_MOVE_TIME),
        }
    }
}

impl EngineSettings {
    /// The arcade's default engine for a game: alpha-beta with a table and a clock,
    /// judging by the game's `strong` evaluation when it has one (it plays better
    /// than the course's `seed` at the same depth).
    pub fn for_game(id: &str) -> EngineSettings {
        let names = board::evaluator_names(id);
        let eval = if names.iter().any(|(name, _)| *name == STRONG_EVAL) {
            STRONG_EVAL
        } else {
            "seed"
        };
        EngineSettings {
            eval: eval.to_string(),
            ..EngineSettings::default()
        }
    }

    /// The search configuration these settings stand for.
    pub fn config(&self) -> SearchConfig {
        self.config_for(false)
    }

    /// The configuration for a game: with `engine_profile` (the game's
    /// `Playable::prefers_engine_search`), alpha-beta gets quiescence, null moves,
    /// reductions and the rest of `SearchConfig::engine`.
    pub fn config_for(&self, engine_profile: bool) -> SearchConfig {
        let limits = Limits {
            depth: self.depth,
            time: self.time,
            nodes: None,
        };
        let mut config =
            SearchConfig::for_algorithm_in_game(self.algorithm, limits, engine_profile);
        config.tt_mib = if self.tt { 16 } else { 0 };
        // With a clock, a one-pass search may have nothing finished to play when time
        // runs out; deepening one ply at a time always has the last depth's move.
        config.iterative |= self.time.is_some();
        config
    }

    /// The algorithm as the setup screen names it: `alpha-beta + TT`.
    pub fn algorithm_label(&self) -> String {
        let name = match self.algorithm {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alpha-beta",
        };
        if self.tt {
            format!("{name} + TT")
        } else {
            name.to_string()
        }
    }

    /// The limits in words: `depth 4, 1 s per move`, `to the end`.
    pub fn limits_label(&self) -> String {
        match (self.depth, self.time) {
            (None, None) => "to the end".to_string(),
            (Some(depth), None) => format!("depth {depth}"),
            (None, Some(time)) => format!("{} per move", seconds(time)),
            (Some(depth), Some(time)) => format!("depth {depth}, {} per move", seconds(time)),
        }
    }

    /// One line for titles: `alpha-beta + TT, seed, 1 s per move`.
    pub fn describe(&self) -> String {
        format!(
            "{}, {}, {}",
            self.algorithm_label(),
            self.eval,
            self.limits_label()
        )
    }

    /// Rejects settings no search can honour, with a line saying why.
    pub fn check(&self) -> anyhow::Result<()> {
        if self.depth == Some(0) {
            anyhow::bail!("the search depth must be at least 1");
        }
        if self.time.is_some_and(|t| t.is_zero()) {
            anyhow::bail!("the time per move must be more than 0 seconds");
        }
        Ok(())
    }
}

/// A duration for people: `0.5 s`, `2 s`.
pub fn seconds(duration: Duration) -> String {
    let secs = duration.as_secs_f64();
    if secs.fract() == 0.0 {
        format!("{secs:.0} s")
    } else {
        format!("{secs} s")
    }
}

/// Validates the setup (unknown game or option, bad position or move, impossible
/// engine settings) before the terminal is touched, so errors print as one line.
pub fn validate(launch: &Launch) -> anyhow::Result<()> {
    match launch {
        Launch::Menu => Ok(()),
        Launch::Game(setup) => session::open(setup).map(drop),
    }
}

/// Opens the arcade (alternate screen, raw mode, mouse capture) and runs it until
/// the user quits; the terminal is restored on every exit path, panics and stop
/// signals included. After a signal the process exits with 128 + its number.
pub fn run(launch: Launch) -> anyhow::Result<()> {
    validate(&launch)?;
    let mut app = app::App::new(launch, theme::Theme::from_env())?;
    let mut watch = signals::SignalWatch::start(terminal::restore_and_exit)?;
    let mut terminal = terminal::ArcadeTerminal::open()?;
    let result = event::run(&mut terminal, &mut app, &watch);
    watch.loop_returned();
    if let Some(signo) = watch.received() {
        before_signal_exit(&mut app, signo);
        drop(terminal);
        std::process::exit(signals::exit_status(signo));
    }
    result
}

/// The work done when a stop signal ends the arcade, before the terminal is
/// restored: the place where the game in progress will be saved, once games can
/// be saved. It runs on the UI thread with the app's state at hand.
fn before_signal_exit(_app: &mut app::App, _signo: i32) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimax_with_a_clock_deepens_iteratively() {
        let settings = EngineSettings {
            algorithm: Algorithm::Minimax,
            tt: false,
            ..EngineSettings::default()
        };
        let config = settings.config();
        assert!(config.iterative);
        assert_eq!(config.tt_mib, 0);
        let unlimited = EngineSettings {
            time: None,
            ..settings
        };
        assert!(!unlimited.config().iterative);
        assert_eq!(unlimited.limits_label(), "to the end");
    }

    #[test]
    fn the_default_engine_takes_the_strong_evaluation_when_the_game_has_one() {
        assert_eq!(EngineSettings::for_game("connect4").eval, "strong");
        assert_eq!(EngineSettings::for_game("kalah").eval, "seed");
        let dodgem = EngineSettings::for_game("dodgem");
        assert_eq!(dodgem, EngineSettings::default());
        assert_eq!(dodgem.algorithm_label(), "alpha-beta + TT");
    }

    #[test]
    fn settings_read_as_one_line() {
        let settings = EngineSettings {
            depth: Some(4),
            time: Some(Duration::from_millis(500)),
            ..EngineSettings::default()
        };
        assert_eq!(
            settings.describe(),
            "alpha-beta + TT, seed, depth 4, 0.5 s per move"
        );
        assert!(settings.check().is_ok());
        let zero = EngineSettings {
            depth: Some(0),
            ..settings
        };
        assert!(zero.check().is_err());
    }
}
