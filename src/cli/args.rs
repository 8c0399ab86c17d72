//! Arguments shared by the commands that take a game or run a search.

use std::time::Duration;

use clap::Args;

use crate::game::{GameError, GameOptions, Playable, Player};
use crate::play::mcts_spec::read_memory_mib;
use crate::play::{self, read_pruning_rule};
use crate::search::{Additions, Algorithm, Limits, SearchConfig};

/// Which game, and which position of it.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Game id (see `ply list`).
    pub game: String,
    /// Start from this position, in the game's notation (see `ply list`).
    #[arg(long, value_name = "P")]
    pub position: Option<String>,
    /// Moves played from the start position (or from --position), in the game's notation.
    #[arg(long, value_name = "\"M1 M2 ...\"", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// A game option KEY=VALUE, repeatable (e.g. -o heap=9).
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl GameArgs {
    /// Creates the position the user asked for, or says in one line what is wrong.
    pub fn setup<G: Playable>(&self) -> Result<G, GameError> {
        let options = GameOptions::parse(&self.options)?;
        G::setup(&options, self.position.as_deref(), self.moves.as_deref())
    }
}

/// How to search.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Deepest iteration in plies (default: search to the end of the game).
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Time limit in seconds (fractions allowed).
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// Node limit.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Search algorithm: `minimax` (plain MaxVal/MinVal), `alphabeta` (the course's
    /// AlphaBeta, nothing else), or `engine` (alpha-beta with ordering, table,
    /// iterative deepening and the game's extras).
    #[arg(long, value_name = "ALGO", default_value = "engine")]
    pub algo: String,
    /// Add move ordering (table move, the game's hint, killers, history).
    #[arg(long)]
    pub ordering: bool,
    /// Add a transposition table.
    #[arg(long)]
    pub tt: bool,
    /// Add iterative deepening: depth 1, 2, 3... up to the limit, instead of one pass.
    #[arg(long)]
    pub id: bool,
    /// Turn the transposition table off.
    #[arg(long, conflicts_with_all = ["tt_mib", "tt"])]
    pub no_tt: bool,
    /// Transposition table size in MiB (also turns it on for minimax).
    #[arg(long, value_name = "MIB")]
    pub tt_mib: Option<usize>,
    /// Turn all move ordering off (TT move, game hint, killers, history).
    #[arg(long, conflicts_with = "ordering")]
    pub no_ordering: bool,
    /// Who is MAX in the values reported for people (`score_for_max`, trees):
    /// `first` or `second` player (default: the player to move).
    #[arg(long, value_name = "SIDE")]
    pub max: Option<String>,
    /// Evaluation to use at the depth limit (see `ply list`; default `seed`).
    #[arg(long, value_name = "NAME", default_value = "seed")]
    pub eval: String,
    /// Alpha-beta's pruning rule: `yes` cuts when a value reaches the bound (the
    /// course's rule, `>=`), `no` only when it passes it (the strict rule, `>`).
    #[arg(long, value_name = "yes|no", default_value = "yes")]
    pub prune_on_equal: String,
    /// Monte Carlo search's tree memory budget in MiB (`--algo mcts`): past it the
    /// tree stops growing and the playouts go on from its leaves [default: 1024].
    #[arg(long, value_name = "MIB")]
    pub memory: Option<String>,
}

impl SearchArgs {
    /// The search configuration these arguments describe; alpha-beta gets the
    /// engine's extras (quiescence, null move, reductions) where the game asks for
    /// them (`engine_profile`), as in the arcade and over UCI.
    pub fn config(&self, engine_profile: bool) -> Result<SearchConfig, GameError> {
        let algorithm = Algorithm::parse(&self.algo).ok_or_else(|| {
            GameError::new(format!(
                "unknown algorithm '{}': expected minimax, alphabeta or engine",
                self.algo
            ))
        })?;
        let time = match self.time {
            None => None,
            Some(secs) if secs.is_finite() && secs > 0.0 && secs < 1e9 => {
                Some(Duration::from_secs_f64(secs))
            }
            Some(secs) => {
                return Err(GameError::new(format!(
                    "--time {secs}: expected a positive number of seconds under 1e9"
                )));
            }
        };
        let limits = Limits {
            depth: self.depth,
            time,
            nodes: self.nodes,
        };
        let mut config = SearchConfig::for_algorithm_in_game(algorithm, limits, engine_profile)
            .with_additions(Additions {
                ordering: self.ordering,
                table: self.tt,
                iterative: self.id,
            });
        if let Some(mib) = self.tt_mib {
            check_table_size(mib, physical_memory_mib())?;
            crate::search::tt::check_reservable(mib)
                .map_err(|e| GameError::new(format!("--tt-mib {mib}: {e}")))?;
            config.tt_mib = mib;
        }
        if self.no_tt {
            config.tt_mib = 0;
        }
        if self.no_ordering {
            config.set_ordering(false);
        }
        config.max_player = self.max.as_deref().map(parse_max).transpose()?;
        config.prune_on_equal = pruning_rule_for(&self.prune_on_equal, algorithm)?;
        if let Some(mib) = &self.memory {
            config.mcts.memory_mib = read_memory_mib(mib, "--memory ")?;
            if algorithm != Algorithm::Mcts {
                return Err(GameError::new(
                    "--memory: only Monte Carlo search (--algo mcts) keeps a tree in memory",
                ));
            }
        }
        Ok(config)
    }
}

/// Reads a `--threads` value: clap shows the error and exits with status 2.
pub(super) fn parse_threads(text: &str) -> Result<usize, String> {
    crate::play::read_threads(text).map_err(|e| e.to_string())
}

/// Reads `--prune-on-equal` for `algorithm` (the rule [`play::pruning_rule_for`]
/// checks), as a command-line error.
pub(super) fn pruning_rule_for(text: &str, algorithm: Algorithm) -> Result<bool, GameError> {
    play::pruning_rule_for(text, algorithm).map_err(|e| GameError::new(format!("--{e}")))
}

/// Reads `--prune-on-equal`: `yes` or `no`.
pub(super) fn parse_prune_on_equal(text: &str) -> Result<bool, GameError> {
    read_pruning_rule(text)
        .ok_or_else(|| GameError::new(format!("--prune-on-equal '{text}': expected yes or no")))
}

/// Reads `--max`: `first` or `second`.
pub(super) fn parse_max(text: &str) -> Result<Player, GameError> {
    match text {
        "first" | "1" => Ok(Player::First),
        "second" | "2" => Ok(Player::Second),
        _ => Err(GameError::new(format!(
            "--max '{text}': expected first or second"
        ))),
    }
}

/// Refuses a table size the search could not allocate: past 64 GiB, or past the
/// machine's memory (`memory_mib`, when known), where the allocation would abort
/// the program instead of giving an error.
pub(super) fn check_table_size(mib: usize, memory_mib: Option<usize>) -> Result<(), GameError> {
    if mib == 0 || mib > 65536 {
        return Err(GameError::new("--tt-mib: expected 1 to 65536"));
    }
    match memory_mib {
        Some(memory) if mib > memory => Err(GameError::new(format!(
            "--tt-mib {mib}: more than this machine's {memory} MiB of memory"
        ))),
        _ => Ok(()),
    }
}

/// The machine's physical memory in MiB, where the system tells it.
pub(super) fn physical_memory_mib() -> Option<usize> {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads system constants.
        let (pages, page_size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && page_size > 0 {
            return Some((pages as u128 * page_size as u128 / (1 << 20)) as usize);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_past_the_limit_or_the_memory_are_refused() {
        assert!(check_table_size(512, Some(24_000)).is_ok());
        assert!(check_table_size(512, None).is_ok());
        assert!(check_table_size(0, None).is_err());
        assert!(check_table_size(65_537, None).is_err());
        let too_big = check_table_size(65_536, Some(24_000)).unwrap_err();
        assert_eq!(
            too_big.to_string(),
            "--tt-mib 65536: more than this machine's 24000 MiB of memory"
        );
    }

    #[test]
    fn the_machine_reports_some_memory() {
        if cfg!(unix) {
            assert!(physical_memory_mib().is_some_and(|mib| mib > 0));
        }
    }
}
