//! Monte Carlo search's own settings in an engine spec and in words, so that a
//! student can set up MCTS against alpha-beta in any game:
//! `ply match go --first mcts:seed:playouts=2000:c=1.4:rave=off:seed=7`.
//! The keys are [`MCTS_KEYS`]; `time=S` limits MCTS as it limits alpha-beta.

use super::setup::EngineSettings;
use crate::game::GameError;
use crate::search::mcts::MAX_MEMORY_MIB;
use crate::search::{Algorithm, MctsConfig};

/// The spec keys only Monte Carlo search takes, as the errors list them.
pub const MCTS_KEYS: &str = "playouts=N, visits=N, c=X, rave=on|off, seed=N, memory=MIB";
/// The largest exploration constant a spec may ask for: beyond it UCT is a
/// uniform spread of the playouts, nothing more to learn.
const MAX_EXPLORATION: f64 = 100.0;

/// Reads one `key=value` part of an engine spec that sets Monte Carlo search:
/// `playouts=N` (the playouts per move; `visits=N` says the same, since every
/// playout visits the root once), `c=X` (the UCT exploration constant, 1.41 by
/// default), `rave=on|off`, `seed=N` (the playouts' seed) and `memory=MIB` (the
/// tree's memory budget). `None` when `key` is none of these; a one-line error
/// for a bad value or another algorithm.
pub fn read_mcts_part(
    settings: &mut EngineSettings,
    key: &str,
    value: &str,
) -> Option<Result<(), GameError>> {
    if !matches!(
        key,
        "playouts" | "visits" | "c" | "rave" | "seed" | "memory"
    ) {
        return None;
    }
    if settings.algorithm != Algorithm::Mcts {
        return Some(Err(GameError::new(format!(
            "{key}={value} is a Monte Carlo setting: use it with mcts"
        ))));
    }
    Some(set_mcts_part(settings, key, value))
}

fn set_mcts_part(settings: &mut EngineSettings, key: &str, value: &str) -> Result<(), GameError> {
    let count = || -> Result<u64, GameError> {
        value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
            GameError::new(format!("{key}={value}: expected a whole number above 0"))
        })
    };
    match key {
        "playouts" | "visits" => settings.nodes = Some(count()?),
        "seed" => {
            settings.mcts.seed = value
                .parse()
                .map_err(|_| GameError::new(format!("seed={value}: expected a whole number")))?;
        }
        "c" => settings.mcts.exploration_centi = read_exploration(value)?,
        "memory" => settings.mcts.memory_mib = read_memory_mib(value, "memory=")?,
        "rave" => {
            settings.mcts.rave = match value {
                "on" | "yes" | "true" => true,
                "off" | "no" | "false" => false,
                _ => return Err(GameError::new(format!("rave={value}: expected on or off"))),
            };
        }
        _ => unreachable!("read_mcts_part lets only its keys through"),
    }
    Ok(())
}

/// The exploration constant as hundredths: `1.4` is 140.
fn read_exploration(value: &str) -> Result<u32, GameError> {
    let bad = || {
        GameError::new(format!(
            "c={value}: expected a number from 0 to {MAX_EXPLORATION}"
        ))
    };
    let c: f64 = value.parse().map_err(|_| bad())?;
    if !(0.0..=MAX_EXPLORATION).contains(&c) {
        return Err(bad());
    }
    Ok((c * 100.0).round() as u32)
}

/// A memory budget for the Monte Carlo tree in MiB, 1 to [`MAX_MEMORY_MIB`];
/// the error names the setting as `label` wrote it (`memory=` or `--memory `).
pub fn read_memory_mib(value: &str, label: &str) -> Result<u32, GameError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|mib| (1..=MAX_MEMORY_MIB).contains(mib))
        .ok_or_else(|| {
            GameError::new(format!(
                "{label}{value}: expected a whole number of MiB from 1 to {MAX_MEMORY_MIB}"
            ))
        })
}

/// The exploration constant in words: `1.41`.
pub fn exploration_text(exploration_centi: u32) -> String {
    format!("{}.{:02}", exploration_centi / 100, exploration_centi % 100)
}

/// Monte Carlo's settings in words, for titles and the setup screen:
/// `c 1.41, RAVE, seed 7` (the seed and the memory only when not the default).
pub fn describe_mcts(config: &MctsConfig) -> String {
    let mut words = vec![format!("c {}", exploration_text(config.exploration_centi))];
    if config.rave {
        words.push("RAVE".to_string());
    }
    if config.seed != MctsConfig::default().seed {
        words.push(format!("seed {}", config.seed));
    }
    if config.memory_mib != MctsConfig::default().memory_mib {
        words.push(format!("memory {} MiB", config.memory_mib));
    }
    words.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mcts_spec_sets_playouts_exploration_rave_and_seed() {
        let spec = EngineSettings::parse_spec("mcts:seed:playouts=2000:c=1.4:rave=off").unwrap();
        assert_eq!(spec.algorithm, Algorithm::Mcts);
        assert_eq!(
            (spec.nodes, spec.time, spec.depth),
            (Some(2000), None, None)
        );
        assert_eq!(spec.mcts.exploration_centi, 140);
        assert!(!spec.mcts.rave);
        assert_eq!(spec.mcts.seed, MctsConfig::default().seed);
        assert_eq!(
            spec.describe(),
            "MCTS (c 1.40), seed, 2000 playouts per move"
        );
        let config = spec.config();
        assert_eq!(config.mcts, spec.mcts);
        assert_eq!(config.limits.nodes, Some(2000));
        assert_eq!(spec.mcts.memory_mib, 1024);
        let spec = EngineSettings::parse_spec("mcts:seed:memory=16").unwrap();
        assert_eq!(spec.mcts.memory_mib, 16);
        let spec = EngineSettings::parse_spec("uct:seed:visits=500:rave=on:seed=7:c=0.2").unwrap();
        assert_eq!(spec.nodes, Some(500));
        assert_eq!(
            (spec.mcts.exploration_centi, spec.mcts.rave, spec.mcts.seed),
            (20, true, 7)
        );
        assert_eq!(spec.algorithm_label(), "MCTS (c 0.20, RAVE, seed 7)");
        let timed = EngineSettings::parse_spec("mcts:seed:time=0.5:c=0").unwrap();
        assert_eq!(timed.time, Some(std::time::Duration::from_millis(500)));
        assert_eq!(timed.mcts.exploration_centi, 0);
    }

    #[test]
    fn bad_mcts_keys_give_one_line_errors() {
        for (bad, says) in [
            (
                "mcts:seed:playouts=0",
                "playouts=0: expected a whole number above 0",
            ),
            (
                "mcts:seed:playouts=many",
                "playouts=many: expected a whole number",
            ),
            ("mcts:seed:visits=-3", "visits=-3: expected a whole number"),
            ("mcts:seed:c=-1", "c=-1: expected a number from 0 to 100"),
            ("mcts:seed:c=NaN", "c=NaN: expected a number"),
            ("mcts:seed:c=1e9", "c=1e9: expected a number"),
            ("mcts:seed:rave=maybe", "rave=maybe: expected on or off"),
            ("mcts:seed:seed=x", "seed=x: expected a whole number"),
            (
                "mcts:seed:memory=0",
                "memory=0: expected a whole number of MiB",
            ),
            (
                "mcts:seed:memory=lots",
                "memory=lots: expected a whole number",
            ),
            (
                "mcts:seed:memory=65537",
                "memory=65537: expected a whole number",
            ),
            (
                "alphabeta:seed:memory=16",
                "memory=16 is a Monte Carlo setting",
            ),
            ("mcts:seed:speed=3", "unknown limit 'speed=3'"),
            (
                "alphabeta:seed:c=1.4",
                "c=1.4 is a Monte Carlo setting: use it with mcts",
            ),
            ("engine:seed:rave=on", "rave=on is a Monte Carlo setting"),
        ] {
            let error = EngineSettings::parse_spec(bad).unwrap_err().0;
            assert!(error.starts_with(&format!("engine '{bad}': ")), "{error}");
            assert!(error.contains(says), "{bad}: {error}");
            assert!(!error.contains('\n'), "{error}");
        }
    }
}
