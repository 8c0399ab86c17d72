//! Game options given as `KEY=VALUE` pairs (`-o heap=9` on the command line).

use super::GameError;

/// Options for creating a game, checked against what the game declares it accepts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    pairs: Vec<(String, String)>,
}

/// One option a game accepts, for `ply list`, the setup screen and validation.
#[derive(Clone, Copy, Debug)]
pub struct OptionInfo {
    /// The key written before `=`.
    pub key: &'static str,
    /// The value used when the option is not given.
    pub default: &'static str,
    /// One line for help texts.
    pub description: &'static str,
    /// Every value the option takes, when it is one of a few words (the setup
    /// screen's arrows step through them); empty for numbers and free text.
    pub choices: &'static [&'static str],
}

impl GameOptions {
    /// Reads `KEY=VALUE` strings; a later value for the same key wins.
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<GameOptions, GameError> {
        let mut options = GameOptions::default();
        for item in items {
            let item = item.as_ref();
            let Some((key, value)) = item.split_once('=') else {
                return Err(GameError::new(format!(
                    "option '{item}' must look like KEY=VALUE"
                )));
            };
            options.set(key.trim(), value.trim());
        }
        Ok(options)
    }

    /// Sets one option, replacing an earlier value.
    pub fn set(&mut self, key: &str, value: &str) {
        self.pairs.retain(|(k, _)| k != key);
        self.pairs.push((key.to_string(), value.to_string()));
    }

    /// The raw value of an option, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A whole-number option within `min..=max`, or `default` when absent.
    pub fn get_number(
        &self,
        key: &str,
        default: u64,
        min: u64,
        max: u64,
    ) -> Result<u64, GameError> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        match text.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(GameError::new(format!(
                "option {key}={text}: expected a whole number from {min} to {max}"
            ))),
        }
    }

    /// An option that must be one of `choices`, or the first choice when absent.
    pub fn get_choice(
        &self,
        key: &str,
        choices: &[&'static str],
    ) -> Result<&'static str, GameError> {
        let Some(text) = self.get(key) else {
            return Ok(choices[0]);
        };
        choices.iter().copied().find(|c| *c == text).ok_or_else(|| {
            GameError::new(format!(
                "option {key}={text}: expected one of {}",
                choices.join(", ")
            ))
        })
    }

    /// Rejects keys the game does not declare, naming the ones it does.
    pub fn check_known(&self, game: &str, known: &[OptionInfo]) -> Result<(), GameError> {
        for (key, _) in &self.pairs {
            if !known.iter().any(|o| o.key == key) {
                let names: Vec<&str> = known.iter().map(|o| o.key).collect();
                let accepted = if names.is_empty() {
                    "it takes no options".to_string()
                } else {
                    format!("it takes {}", names.join(", "))
                };
                return Err(GameError::new(format!(
                    "unknown option '{key}' for {game}: {accepted}"
                )));
            }
        }
        Ok(())
    }

    /// The options as `KEY=VALUE` strings, for display and for rebuilding a game.
    pub fn to_strings(&self) -> Vec<String> {
        self.pairs.iter().map(|(k, v)| format!("{k}={v}")).collect()
    }
}
