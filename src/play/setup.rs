//! What a game is started with: the game and its position, who plays each side,
//! and how the computer plays. Built by the setup screen, `ply play` and `ply match`.

use std::time::Duration;

use super::clock;
use super::error::PlayError;
use super::game_match::{EndReason, Ending};
use super::mcts_spec::{MCTS_KEYS, describe_mcts, read_mcts_part};
use crate::game::profile::{GameProfile, Opponent};
use crate::game::{GameError, GameOptions, GameVisitor, Outcome, Playable, Player, profile_of};
use crate::search::{Additions, Algorithm, Limits, MAX_THREADS, MctsConfig, SearchConfig};

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
    /// The result a loaded record gives a game its moves do not end (a
    /// resignation, a flag fall, a draw agreed): the match opens finished.
    pub result: Option<RecordedResult>,
}

/// The result a game record states, with its `Termination` tag if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedResult {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// The record's `Termination` tag (`normal`, `time forfeit`...).
    pub termination: Option<String>,
}

impl RecordedResult {
    /// The ending the record means, and its own words when it names an ending
    /// ply has no reason for: a decisive `normal` end of a game the position does
    /// not end is a resignation, a drawn one an agreement; `time forfeit` is
    /// the loser's flag.
    pub fn ending(&self) -> (Ending, Option<String>) {
        let termination = self.termination.as_deref().map(str::to_ascii_lowercase);
        let reason = match (termination.as_deref(), self.outcome) {
            (Some("normal"), Outcome::Win(winner)) => EndReason::Resignation(winner.other()),
            (Some("normal"), Outcome::Draw) => EndReason::Agreement,
            (Some("time forfeit"), Outcome::Win(winner)) => EndReason::Time(winner.other()),
            _ => EndReason::Record,
        };
        let words = match reason {
            EndReason::Record => termination.map(|t| format!("by {t}")),
            _ => None,
        };
        let ending = Ending {
            outcome: Some(self.outcome),
            reason,
        };
        (ending, words)
    }
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
            result: None,
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
    /// Minimax, alpha-beta or the engine.
    pub algorithm: Algorithm,
    /// What is added to minimax or alpha-beta (ordering, table, iterative
    /// deepening); the engine has them all.
    pub additions: Additions,
    /// Who is MAX in the values the explorer shows; `None`: the side to move.
    pub max_player: Option<Player>,
    /// The evaluation's name (`seed` or a stronger one the game offers).
    pub eval: String,
    /// Deepest search in plies; `None` searches as deep as time allows.
    pub depth: Option<u32>,
    /// Time per move; `None` with no depth searches to the end of the game.
    pub time: Option<Duration>,
    /// Most positions per move (`ply match`'s `nodes=N`): a limit that, unlike
    /// time, gives the same game on every machine. Playouts, for MCTS.
    pub nodes: Option<u64>,
    /// The engine's extras switched off (`no=futility`) or on (`with=lmp`) by
    /// name, in order, so that `ply match` can measure what each one gains.
    pub switches: Vec<(String, bool)>,
    /// The course's alpha-beta cuts when a value reaches the bound (`true`, the
    /// course's rule) or only when it passes it (`false`, the strict rule); the
    /// other algorithms ignore it.
    pub prune_on_equal: bool,
    /// Monte Carlo search's exploration constant, RAVE and seed (used by MCTS only).
    pub mcts: MctsConfig,
    /// Threads searching at once (`threads=N`): the engine's lazy SMP and Monte
    /// Carlo's parallel search take them; a search that records its tree, and
    /// the course's minimax and alpha-beta, run on one.
    pub threads: usize,
}

/// The time per move when neither depth nor time is chosen: enough to solve the
/// small games, short enough that a big one never hangs.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            algorithm: Algorithm::Engine,
            additions: Additions::default(),
            max_player: None,
            eval: "seed".to_string(),
            depth: None,
            time: Some(DEFAULT_MOVE_TIME),
            nodes: None,
            switches: Vec::new(),
            prune_on_equal: true,
            mcts: MctsConfig::default(),
            threads: 1,
        }
    }
}

impl EngineSettings {
    /// The arcade's default engine for a game: alpha-beta with a table and a clock,
    /// judging by the evaluation the game's profile plays with (it plays better
    /// than the course's `seed`); in Go, where no cheap static evaluation works,
    /// Monte Carlo tree search with Go's tuned settings.
    pub fn for_game(id: &str) -> EngineSettings {
        let profile = profile_of(id).unwrap_or(GameProfile::DEFAULT);
        let eval = named_or_seed(id, profile.play_eval);
        let algorithm = match profile.opponent {
            Opponent::MonteCarlo(_) => Algorithm::Mcts,
            Opponent::Search => Algorithm::Engine,
        };
        EngineSettings {
            algorithm,
            eval: eval.to_string(),
            mcts: super::levels::mcts_for(&profile),
            ..EngineSettings::default()
        }
    }

    /// True when these settings ask for the strongest play (the engine, held back by
    /// no depth or node limit): where the game's exact solver answers at once, the
    /// computer and the hint play by it. Minimax and alpha-beta always search, so
    /// their trees stay there to explore.
    pub fn plays_by_solver(&self) -> bool {
        self.algorithm == Algorithm::Engine && self.depth.is_none() && self.nodes.is_none()
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
            nodes: self.nodes,
        };
        let mut config =
            SearchConfig::for_algorithm_in_game(self.algorithm, limits, engine_profile)
                .with_additions(self.additions);
        config.max_player = self.max_player;
        config.prune_on_equal = self.prune_on_equal;
        for (name, on) in &self.switches {
            // Names were checked when read; one the algorithm has no use for is moot.
            let _ = config.switch(name, *on);
        }
        config.mcts = self.mcts;
        config.threads = self.threads;
        // With a clock or a node budget, a one-pass search may have nothing finished
        // to play when the budget runs out; deepening one ply at a time always has
        // the last depth's move.
        config.iterative |= self.time.is_some() || self.nodes.is_some();
        config
    }

    /// The algorithm as the setup screen names it: `alpha-beta +ordering +tt`, `engine`.
    pub fn algorithm_label(&self) -> String {
        let adds = match self.algorithm {
            Algorithm::Mcts => format!("({})", describe_mcts(&self.mcts)),
            algorithm if algorithm.takes_additions() => self.additions.describe(),
            _ => String::new(),
        };
        format!("{} {adds}", self.algorithm.label())
            .trim_end()
            .to_string()
    }

    /// The limits in words: `depth 4, 1 s per move`, `to the end`.
    pub fn limits_label(&self) -> String {
        if let Some(nodes) = self.nodes {
            let others = EngineSettings {
                nodes: None,
                ..self.clone()
            };
            let unit = match self.algorithm {
                Algorithm::Mcts => "playouts",
                _ => "nodes",
            };
            return match (self.depth, self.time) {
                (None, None) => format!("{nodes} {unit} per move"),
                _ => format!("{}, {nodes} {unit} per move", others.limits_label()),
            };
        }
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

    /// Reads an engine as `ply match` names it: `ALGO[+ADD...]:EVAL[:LIMIT...]`, an
    /// addition being `ordering`, `tt` or `id` (for minimax and alpha-beta), a limit
    /// `depth=N`, `time=SECONDS` or `nodes=N`, e.g. `alphabeta+ordering:strong:time=0.2`.
    /// With no depth, time or nodes it thinks [`DEFAULT_MOVE_TIME`] a move, so that
    /// no game can hang. `no=NAME[,NAME]` and `with=NAME[,NAME]` switch the engine's
    /// extras ([`ENGINE_EXTRAS`](crate::search::limits::ENGINE_EXTRAS)) off or
    /// on, e.g. `engine:strong:nodes=20000:no=futility,lmp`; `prune-on-equal=no`
    /// gives alpha-beta the strict rule; `threads=N` searches on N threads; MCTS also takes the keys of
    /// [`super::mcts_spec`] (`playouts=N:c=1.4:rave=off`).
    pub fn parse_spec(text: &str) -> Result<EngineSettings, GameError> {
        let bad = |why: String| GameError::new(format!("engine '{text}': {why}"));
        let mut parts = text.split(':');
        let mut algo_words = parts.next().unwrap_or_default().split('+');
        let algo = algo_words.next().unwrap_or_default();
        let algorithm =
            Algorithm::parse(algo).ok_or_else(|| bad(format!("unknown algorithm '{algo}'")))?;
        let mut additions = Additions::default();
        for word in algo_words {
            match word {
                "ordering" => additions.ordering = true,
                "tt" => additions.table = true,
                "id" => additions.iterative = true,
                _ => {
                    return Err(bad(format!(
                        "unknown addition '+{word}': expected +ordering, +tt or +id"
                    )));
                }
            }
        }
        let eval = parts
            .next()
            .filter(|e| !e.is_empty())
            .ok_or_else(|| bad("expected ALGO:EVAL[:depth=N|time=S|nodes=N]".into()))?;
        let mut settings = EngineSettings {
            algorithm,
            additions,
            eval: eval.to_string(),
            time: None,
            ..EngineSettings::default()
        };
        for part in parts {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let number = || bad(format!("{key}={value}: expected a positive number"));
            match key {
                "depth" => settings.depth = Some(value.parse().map_err(|_| number())?),
                "nodes" => settings.nodes = Some(value.parse().map_err(|_| number())?),
                "time" => {
                    let secs: f64 = value.parse().map_err(|_| number())?;
                    let time = Duration::try_from_secs_f64(secs).map_err(|_| number())?;
                    settings.time = Some(time);
                }
                "threads" => {
                    settings.threads = read_threads(value).map_err(|e| bad(e.to_string()))?
                }
                "prune-on-equal" => {
                    settings.prune_on_equal =
                        pruning_rule_for(value, algorithm).map_err(|e| bad(e.to_string()))?;
                }
                "no" | "with" => {
                    let switches = SearchConfig::switch_list(value, key == "with")
                        .map_err(|e| bad(e.to_string()))?;
                    settings.switches.extend(switches);
                }
                _ => match read_mcts_part(&mut settings, key, value) {
                    Some(read) => read.map_err(|e| bad(e.0))?,
                    None => {
                        return Err(bad(format!(
                            "unknown limit '{part}': expected depth=N, time=S, nodes=N, threads=N, no=NAME, with=NAME, prune-on-equal=yes|no or, for mcts, {MCTS_KEYS}"
                        )));
                    }
                },
            }
        }
        if (settings.depth, settings.time, settings.nodes) == (None, None, None) {
            settings.time = Some(DEFAULT_MOVE_TIME);
        }
        settings.check().map_err(|e| bad(e.to_string()))?;
        Ok(settings)
    }

    /// Rejects settings no search can honour, with a line saying why.
    pub fn check(&self) -> Result<(), PlayError> {
        if self.depth == Some(0) {
            return Err(PlayError::ZeroDepth);
        }
        if self.nodes == Some(0) {
            return Err(PlayError::ZeroNodes);
        }
        if self.time.is_some_and(|t| t.is_zero()) {
            return Err(PlayError::ZeroTime);
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(PlayError::Threads(self.threads.to_string()));
        }
        Ok(())
    }
}

/// The threads a computer player searches on unless told otherwise: every core
/// the machine has, less one while any of the `humans` at the keyboard plays (so
/// that the arcade stays quick to answer a person), at least one. Two
/// computers playing each other get every core each: only the side to move
/// thinks, so they never search at the same time.
pub fn default_threads(humans: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.saturating_sub(humans.min(1)).clamp(1, MAX_THREADS)
}

/// Reads a thread count: a whole number from 1 to [`MAX_THREADS`].
pub fn read_threads(text: &str) -> Result<usize, PlayError> {
    text.trim()
        .parse()
        .ok()
        .filter(|n| (1..=MAX_THREADS).contains(n))
        .ok_or_else(|| PlayError::Threads(text.to_string()))
}

/// Reads alpha-beta's pruning rule: `yes` cuts on equality (the course's rule),
/// `no` only past the bound (the strict rule).
pub fn read_pruning_rule(text: &str) -> Option<bool> {
    match text {
        "yes" | "true" | "on" => Some(true),
        "no" | "false" | "off" => Some(false),
        _ => None,
    }
}

/// Reads a pruning rule for `algorithm`: `yes` or `no` as [`read_pruning_rule`]
/// reads them, `no` only for the course's alpha-beta, the one algorithm with the
/// strict rule. Engine specs, saved games and the command line all ask here.
pub fn pruning_rule_for(text: &str, algorithm: Algorithm) -> Result<bool, PlayError> {
    let on = read_pruning_rule(text)
        .ok_or_else(|| PlayError::PruningRule(format!("'{text}': expected yes or no")))?;
    if !on && algorithm != Algorithm::AlphaBeta {
        return Err(PlayError::PruningRule(format!(
            "no: only the course's alpha-beta (alphabeta) has the strict rule, not {}",
            algorithm.label()
        )));
    }
    Ok(on)
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

/// `name` when the game `id` has an evaluation of that name, else the course's `seed`.
pub(crate) fn named_or_seed(id: &str, name: &'static str) -> &'static str {
    match evaluator_names(id).iter().any(|(known, _)| *known == name) {
        true => name,
        false => "seed",
    }
}

/// The evaluations a game offers, as (name, description): the setup screen's list
/// and [`EngineSettings::for_game`]'s choice.
pub fn evaluator_names(id: &str) -> Vec<(&'static str, &'static str)> {
    struct Names;
    impl GameVisitor for Names {
        type Output = Vec<(&'static str, &'static str)>;
        fn visit<G: Playable>(self) -> Self::Output {
            G::evaluators()
                .iter()
                .map(|e| (e.name, e.description))
                .collect()
        }
    }
    crate::game::visit_game(id, Names).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimax_with_a_clock_deepens_iteratively() {
        let settings = EngineSettings {
            algorithm: Algorithm::Minimax,
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
    fn the_default_engine_takes_the_profiles_evaluation_when_the_game_has_one() {
        assert_eq!(EngineSettings::for_game("connect4").eval, "strong");
        assert_eq!(EngineSettings::for_game("chess").eval, "neural");
        assert_eq!(EngineSettings::for_game("kalah").eval, "seed");
        let dodgem = EngineSettings::for_game("dodgem");
        assert_eq!(dodgem, EngineSettings::default());
        assert_eq!(dodgem.algorithm_label(), "engine");
    }

    #[test]
    fn the_default_computer_in_go_is_monte_carlo_with_gos_settings() {
        let go = EngineSettings::for_game("go");
        assert_eq!(go.algorithm, Algorithm::Mcts);
        assert!(go.mcts.rave);
        assert_eq!(go.mcts, super::super::levels::mcts_for_game("go"));
        assert_ne!(go.mcts, MctsConfig::default());
    }

    #[test]
    fn match_specs_name_the_algorithm_the_evaluation_and_the_limits() {
        let spec = EngineSettings::parse_spec("alphabeta:strong:time=0.2").unwrap();
        assert_eq!(spec.algorithm, Algorithm::AlphaBeta);
        assert_eq!(spec.eval, "strong");
        assert_eq!(spec.time, Some(Duration::from_millis(200)));
        let spec = EngineSettings::parse_spec("minimax+tt+id:seed:depth=3:nodes=500").unwrap();
        assert_eq!(spec.algorithm, Algorithm::Minimax);
        assert_eq!(
            (spec.depth, spec.time, spec.nodes),
            (Some(3), None, Some(500))
        );
        assert!(spec.additions.table && spec.additions.iterative && !spec.additions.ordering);
        assert_eq!(spec.algorithm_label(), "minimax +tt +id");
        let ab =
            EngineSettings::parse_spec("engine:strong:nodes=9:no=futility,lmp:with=lmp").unwrap();
        let config = ab.config_for(true);
        assert!(!config.futility && config.late_move_pruning && config.null_move);
        let plain = EngineSettings::parse_spec("alphabeta:seed").unwrap();
        assert_eq!(plain.time, Some(DEFAULT_MOVE_TIME));
        for bad in [
            "",
            "alphabeta",
            "magic:seed",
            "alphabeta:seed:depth=0",
            "alphabeta:seed:time=-1",
            "alphabeta:seed:time=x",
            "alphabeta:seed:speed=3",
            "alphabeta+magic:seed",
            "engine:strong:no=magic",
            "engine:strong:with=",
            "engine:strong:no=prune-on-equal",
            "engine:strong:prune-on-equal=no",
            "alphabeta:seed:prune-on-equal=maybe",
        ] {
            let error = EngineSettings::parse_spec(bad).unwrap_err().0;
            assert!(error.starts_with(&format!("engine '{bad}'")), "{error}");
        }
    }

    #[test]
    fn a_spec_gives_alpha_beta_the_strict_rule() {
        let strict = EngineSettings::parse_spec("alphabeta:seed:prune-on-equal=no").unwrap();
        assert!(!strict.prune_on_equal && !strict.config().prune_on_equal);
        assert_eq!(strict.config().pruning_rule(), Some(false));
        let equal = EngineSettings::parse_spec("alphabeta:seed:prune-on-equal=yes").unwrap();
        assert!(equal.config().prune_on_equal);
        assert!(
            EngineSettings::parse_spec("alphabeta:seed")
                .unwrap()
                .prune_on_equal
        );
        let engine = EngineSettings::parse_spec("engine:seed:prune-on-equal=yes").unwrap();
        assert_eq!(engine.config().pruning_rule(), Some(true));
    }

    #[test]
    fn settings_read_as_one_line() {
        let settings = EngineSettings {
            depth: Some(4),
            time: Some(Duration::from_millis(500)),
            ..EngineSettings::default()
        };
        assert_eq!(settings.describe(), "engine, seed, depth 4, 0.5 s per move");
        assert!(settings.check().is_ok());
        let zero = EngineSettings {
            depth: Some(0),
            ..settings
        };
        assert!(zero.check().is_err());
    }
}
