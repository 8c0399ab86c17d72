//! `ply play GAME ...`: opens a game straight in the arcade, and `ply` with no
//! arguments opens the arcade's menu. Arguments are checked before the terminal
//! switches to the arcade, so mistakes print as one line on the normal screen.

use std::time::Duration;

use clap::ValueEnum;

use super::args::{parse_max, parse_threads, pruning_rule_for};
use crate::game::{GameOptions, profile_of};
use crate::play::default_threads;
use crate::play::levels::level_settings;
use crate::play::record::load_file;
use crate::search::{Additions, Algorithm};
use crate::tui::clock::TimeControl;
use crate::tui::{self, DEFAULT_MOVE_TIME, EngineSettings, Launch, PlaySetup, Seat};

/// Who plays a side, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeatArg {
    /// A person at the keyboard.
    Human,
    /// The engine.
    Computer,
}

/// The search algorithm, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgoArg {
    /// Plain minimax: full width, the textbook's reference.
    Minimax,
    /// The course's alpha-beta: cuts, nothing else (add --ordering, --tt, --id).
    #[value(alias = "alpha-beta", alias = "ab")]
    Alphabeta,
    /// The game's full engine: ordering, table, iterative deepening and its extras.
    Engine,
    /// Monte Carlo tree search (UCT): random playouts instead of an evaluation.
    #[value(alias = "uct")]
    Mcts,
}

/// Arguments of `ply play`.
#[derive(clap::Args, Clone, Debug)]
pub struct PlayArgs {
    /// The game to open, by its id (`ply list` shows them all); with --load it
    /// may be left out (the file names the game).
    pub game: Option<String>,
    /// Who plays the first side.
    #[arg(long, value_enum, default_value = "human")]
    pub first: SeatArg,
    /// Who plays the second side.
    #[arg(long, value_enum, default_value = "computer")]
    pub second: SeatArg,
    /// The computer's strength, 1 (weakest) to 10, instead of choosing its
    /// algorithm, evaluation, depth and time (`ply list` shows what each level searches).
    #[arg(long, value_name = "N", conflicts_with_all = ["depth", "time", "eval", "algo"])]
    pub level: Option<u8>,
    /// The computer's search depth in plies (default: as deep as its time allows).
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// The computer's time per move in seconds (default: 1, unless --depth is given).
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// The computer's search algorithm (default: the engine; Monte Carlo in Go).
    #[arg(long, value_enum)]
    pub algo: Option<AlgoArg>,
    /// Add move ordering to minimax or alpha-beta.
    #[arg(long)]
    pub ordering: bool,
    /// Add a transposition table to minimax or alpha-beta.
    #[arg(long)]
    pub tt: bool,
    /// Add iterative deepening to minimax or alpha-beta.
    #[arg(long)]
    pub id: bool,
    /// Who is MAX in the explorer's values: `first` or `second` (default: the
    /// side to move at each search's root).
    #[arg(long, value_name = "SIDE")]
    pub max: Option<String>,
    /// Alpha-beta's pruning rule (--algo alphabeta): `yes` cuts when a value
    /// reaches the bound (the course's rule), `no` only when it passes it (strict).
    #[arg(long, value_name = "yes|no")]
    pub prune_on_equal: Option<String>,
    /// Threads the computer searches on, 1 to 256 (default: the machine's cores,
    /// less one while a human plays). A search that records its tree (unless
    /// --no-tree) runs on one, as do minimax and alpha-beta.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// The computer's evaluation (see `ply list`; default: `strong` when the game
    /// has one, else `seed`, as in the arcade's setup screen).
    #[arg(long, value_name = "NAME")]
    pub eval: Option<String>,
    /// Start from this position, in the game's notation.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,
    /// Moves to play from the start position before the game begins.
    #[arg(long, value_name = "\"M1 M2\"")]
    pub moves: Option<String>,
    /// Open a game record: PGN (chess, or xiangqi with [Variant "xiangqi"]), PDN
    /// (checkers), or ply's plain record (`w` in the arcade writes one).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves", "options"])]
    pub load: Option<std::path::PathBuf>,
    /// Which game of a file holding several to open (from 1).
    #[arg(long, value_name = "N", default_value = "1", requires = "load")]
    pub index: usize,
    /// A game option, like heap=9 (repeatable).
    #[arg(short = 'o', long = "option", value_name = "K=V")]
    pub options: Vec<String>,
    /// Clocks for both sides: minutes each plus seconds added per move (5+3); the
    /// computer spends a share of its time on each move, and a fallen flag loses.
    #[arg(long, value_name = "MIN+INC")]
    pub clock: Option<String>,
    /// Do not record the computer's search trees for the explorer (`t`): recording
    /// slows a timed search, so without it the computer sees more positions.
    #[arg(long)]
    pub no_tree: bool,
    /// Open the exercise instead of a game: cross out the nodes alpha-beta never
    /// visits and give the root's value (synthetic only: the tree of -o tree=...,
    /// else a built-in one; in any game, x in the explorer does the same).
    #[arg(long)]
    pub exercise: bool,
    /// Open the analysis board instead of a game: the position (--position,
    /// --moves, --load) searched without end, with its best lines, an evaluation
    /// bar and the graph over the game; p plays on from there.
    #[arg(long, visible_alias = "analyze", conflicts_with_all = ["exercise", "clock", "first", "second"])]
    pub analyse: bool,
}

impl PlayArgs {
    /// The engine settings the flags describe, shared by both computer seats.
    fn engine(&self, game: &str) -> anyhow::Result<EngineSettings> {
        let engine = self.engine_before_rule(game)?;
        let Some(text) = self.prune_on_equal.as_deref() else {
            return Ok(engine);
        };
        Ok(EngineSettings {
            prune_on_equal: pruning_rule_for(text, engine.algorithm)?,
            ..engine
        })
    }

    /// The engine settings of every flag but `--prune-on-equal`.
    fn engine_before_rule(&self, game: &str) -> anyhow::Result<EngineSettings> {
        if let Some(level) = self.level {
            return Ok(EngineSettings {
                max_player: self.max.as_deref().map(parse_max).transpose()?,
                ..level_settings(game, level)?
            });
        }
        let time = match self.time {
            Some(secs) => Some(
                Duration::try_from_secs_f64(secs)
                    .ok()
                    // Past a billion seconds the search's deadline would overflow.
                    .filter(|t| !t.is_zero() && t.as_secs() < 1_000_000_000)
                    .ok_or_else(|| {
                        anyhow::anyhow!(
                            "--time {secs}: expected a positive number of seconds under 1e9"
                        )
                    })?,
            ),
            None if self.depth.is_none() => Some(DEFAULT_MOVE_TIME),
            None => None,
        };
        let default = EngineSettings::for_game(game);
        Ok(EngineSettings {
            algorithm: match self.algo {
                Some(AlgoArg::Minimax) => Algorithm::Minimax,
                Some(AlgoArg::Alphabeta) => Algorithm::AlphaBeta,
                Some(AlgoArg::Engine) => Algorithm::Engine,
                Some(AlgoArg::Mcts) => Algorithm::Mcts,
                None => default.algorithm,
            },
            additions: Additions {
                ordering: self.ordering,
                table: self.tt,
                iterative: self.id,
            },
            max_player: self.max.as_deref().map(parse_max).transpose()?,
            eval: self.eval.clone().unwrap_or(default.eval),
            depth: self.depth,
            time,
            nodes: None,
            mcts: default.mcts,
            ..EngineSettings::default()
        })
    }

    /// The arcade launch the arguments ask for.
    pub fn launch(&self) -> anyhow::Result<Launch> {
        if self.exercise {
            return self.exercise_launch();
        }
        let base = match &self.load {
            Some(path) => self.loaded(path)?,
            None => {
                let game = self.game.clone().ok_or_else(|| {
                    anyhow::anyhow!("ply play needs a GAME (see ply list) or --load FILE")
                })?;
                PlaySetup {
                    options: GameOptions::parse(&self.options)?,
                    position: self.position.clone(),
                    moves: self.moves.clone(),
                    ..PlaySetup::new(&game)
                }
            }
        };
        if self.analyse {
            return Ok(Launch::Analysis(base));
        }
        let humans = [self.first, self.second]
            .iter()
            .filter(|&&seat| seat == SeatArg::Human)
            .count();
        let engine = EngineSettings {
            threads: self.threads.unwrap_or(default_threads(humans)),
            ..self.engine(&base.game)?
        };
        let seat = |arg: SeatArg| match arg {
            SeatArg::Human => Seat::Human,
            SeatArg::Computer => Seat::Computer(engine.clone()),
        };
        Ok(Launch::Game(PlaySetup {
            first: seat(self.first),
            second: seat(self.second),
            clock: self.clock.as_deref().map(TimeControl::parse).transpose()?,
            record_tree: !self.no_tree,
            ..base
        }))
    }
}

impl PlayArgs {
    /// The game, options, start position, moves and result of the record
    /// `--load` names; a GAME given with it must be the file's.
    fn loaded(&self, path: &std::path::Path) -> anyhow::Result<PlaySetup> {
        let record = load_file(path, self.index)?;
        if let Some(game) = self.game.as_deref().filter(|g| *g != record.game) {
            anyhow::bail!(
                "{} holds a game of {}, not {game}",
                path.display(),
                record.game
            );
        }
        Ok(PlaySetup {
            options: GameOptions::parse(&record.options)?,
            position: Some(record.position.clone()),
            moves: (!record.moves.is_empty()).then(|| record.moves.join(" ")),
            result: record.recorded_result(),
            ..PlaySetup::new(&record.game)
        })
    }

    /// The exercise launch: the synthetic game's written tree, if any.
    fn exercise_launch(&self) -> anyhow::Result<Launch> {
        let profile = self.game.as_deref().and_then(|id| profile_of(id).ok());
        if !profile.is_some_and(|p| p.written_trees) {
            anyhow::bail!(
                "--exercise: only for the synthetic game's written trees (-o tree=...); in a game, press X in the explorer (t)"
            );
        }
        let options = GameOptions::parse(&self.options)?;
        if let Some(other) = options
            .to_strings()
            .iter()
            .find(|o| !o.starts_with("tree="))
        {
            anyhow::bail!(
                "--exercise: the option {other:?} does not apply; give -o tree=... or nothing"
            );
        }
        Ok(Launch::Exercise(options.get("tree").map(str::to_string)))
    }
}

/// Builds the launch, checks it, then opens the arcade.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let launch = args.launch()?;
    tui::validate(&launch)?;
    tui::run(launch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse(args: &[&str]) -> PlayArgs {
        let mut all = vec!["ply", "play"];
        all.extend(args);
        match super::super::Cli::try_parse_from(all).unwrap().command {
            Some(super::super::Command::Play(play)) => play,
            other => panic!("`ply play` parses as play, not {other:?}"),
        }
    }

    fn error(args: &[&str]) -> String {
        let launch = parse(args).launch();
        let error = launch.and_then(|l| tui::validate(&l)).unwrap_err();
        error.to_string()
    }

    #[test]
    fn load_keeps_the_result_of_a_finished_record() {
        let name = format!("ply-load-result-{}.pgn", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(
            &path,
            "[Result \"0-1\"]\n[Termination \"normal\"]\n\n1. e4 e5 0-1\n",
        )
        .unwrap();
        let launch = parse(&["--load", path.to_str().unwrap()]).launch();
        std::fs::remove_file(&path).unwrap();
        let Ok(Launch::Game(setup)) = launch else {
            panic!("--load opens the game");
        };
        let result = crate::play::RecordedResult {
            outcome: crate::game::Outcome::Win(crate::game::Player::Second),
            termination: Some("normal".into()),
        };
        assert_eq!(setup.moves.as_deref(), Some("e4 e5"));
        assert_eq!(setup.result, Some(result));
    }

    #[test]
    fn flags_build_the_setup() {
        let launch = parse(&[
            "grundy", "--first", "computer", "--second", "human", "--depth", "4", "--algo",
            "minimax", "--tt", "--max", "second", "-o", "heap=9",
        ])
        .launch()
        .unwrap();
        let Launch::Game(setup) = launch else {
            panic!("play launches a game")
        };
        assert_eq!(setup.second, Seat::Human);
        let Seat::Computer(engine) = &setup.first else {
            panic!("the first seat is the computer's")
        };
        assert_eq!(engine.algorithm, Algorithm::Minimax);
        assert!(engine.additions.table && !engine.additions.ordering);
        assert_eq!(engine.max_player, Some(crate::game::Player::Second));
        assert_eq!((engine.depth, engine.time), (Some(4), None));
        assert_eq!(setup.options.get("heap"), Some("9"));
        assert_eq!(setup.clock, None);
        assert!(setup.record_tree, "trees are recorded unless --no-tree");
        assert!(tui::validate(&Launch::Game(setup)).is_ok());
        let Launch::Game(clocked) = parse(&["chess", "--clock", "3+2"]).launch().unwrap() else {
            panic!("play launches a game")
        };
        let control = clocked.clock.unwrap();
        assert_eq!((control.minutes, control.increment_secs), (3, 2));
        let Launch::Game(untraced) = parse(&["chess", "--no-tree"]).launch().unwrap() else {
            panic!("play launches a game")
        };
        assert!(!untraced.record_tree);
    }

    #[test]
    fn the_evaluation_defaults_to_the_games_strong_one() {
        let eval_of = |args: &[&str]| {
            let Ok(Launch::Game(setup)) = parse(args).launch() else {
                panic!("play launches a game")
            };
            setup.second.engine().expect("a computer").eval.clone()
        };
        assert_eq!(eval_of(&["connect4"]), "strong");
        assert_eq!(eval_of(&["dodgem"]), "seed");
        assert_eq!(eval_of(&["connect4", "--eval", "seed"]), "seed");
    }

    #[test]
    fn threads_are_the_cores_less_one_against_a_person_unless_given() {
        let threads_of = |args: &[&str]| {
            let Ok(Launch::Game(setup)) = parse(args).launch() else {
                panic!("play launches a game")
            };
            setup.second.engine().expect("a computer").threads
        };
        assert_eq!(threads_of(&["chess"]), default_threads(1));
        assert_eq!(threads_of(&["chess", "--threads", "3"]), 3);
        let all_cores = std::thread::available_parallelism().map_or(1, usize::from);
        let watched = ["chess", "--first", "computer", "--threads", "2"];
        assert_eq!(threads_of(&watched), 2);
        assert_eq!(threads_of(&["chess", "--first", "computer"]), all_cores);
        for bad in ["0", "257", "two"] {
            let refused =
                super::super::Cli::try_parse_from(["ply", "play", "chess", "--threads", bad]);
            let message = refused.expect_err(bad).to_string();
            assert!(message.contains("from 1 to 256"), "{message}");
        }
    }

    #[test]
    fn a_level_sets_the_computers_engine() {
        let Ok(Launch::Game(setup)) = parse(&["chess", "--level", "3"]).launch() else {
            panic!("play launches a game")
        };
        let level = EngineSettings {
            threads: default_threads(1),
            ..level_settings("chess", 3).unwrap()
        };
        assert_eq!(setup.second, Seat::Computer(level));
        assert!(error(&["chess", "--level", "11"]).contains("from 1 to 10"));
        let conflict = super::super::Cli::try_parse_from([
            "ply", "play", "chess", "--level", "3", "--depth", "2",
        ]);
        assert!(conflict.is_err(), "--level replaces --depth");
    }

    #[test]
    fn bad_arguments_are_refused_with_one_line() {
        assert!(error(&["nosuchgame"]).contains("unknown game 'nosuchgame'"));
        assert!(error(&["grundy", "-o", "pits=3"]).contains("unknown option 'pits'"));
        assert!(error(&["grundy", "-o", "heap=0"]).contains("heap=0"));
        assert!(error(&["tictactoe", "--moves", "b2 b2"]).contains("b2 is already taken"));
        assert!(error(&["tictactoe", "--position", "xxx"]).contains("position 'xxx'"));
        assert!(error(&["tictactoe", "--eval", "magic"]).contains("unknown evaluation"));
        assert!(error(&["tictactoe", "--depth", "0"]).contains("at least 1"));
        assert!(error(&["tictactoe", "--time=-1"]).contains("positive"));
        assert!(error(&["chess", "--clock", "5+x"]).contains("MIN+INC"));
        for message in [error(&["nosuchgame"]), error(&["grundy", "-o", "heap=x"])] {
            assert!(!message.contains('\n'), "{message}");
        }
    }
}
