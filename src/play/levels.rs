//! Strength a player understands: levels 1 to 10 instead of algorithms, depths and
//! times. One table serves every game (a deeper or longer search, then a better
//! evaluation, is stronger in all of them); a game whose search is of another kind
//! overrides it (Go plays by Monte Carlo playouts, so its levels count playouts).
//!
//! Node budgets rather than time make the middle levels play the same game on a
//! fast machine and a slow one; only the top two think for a fixed time. A game's
//! profile carries its levels' measured ratings (chess's against Stockfish: see
//! docs/src/arcade/levels.md).

use std::ops::RangeInclusive;
use std::time::Duration;

use super::setup::{EngineSettings, named_or_seed};
use crate::game::profile::{GameProfile, LevelRating, LevelRatings, Opponent};
use crate::game::{GameError, profile_of};
use crate::search::{Algorithm, MctsConfig};

/// The levels there are, weakest first.
pub const LEVELS: RangeInclusive<u8> = 1..=10;
/// The level the arcade's setup screen offers first.
pub const DEFAULT_LEVEL: u8 = 5;

/// What one level searches with: its evaluation and its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Level {
    /// True: the evaluation the game's profile plays with (`GameProfile::play_eval`),
    /// so the top level is the computer's own default; false: the course's `seed`.
    played: bool,
    depth: Option<u32>,
    nodes: Option<u64>,
    millis: Option<u64>,
}

const fn by_depth(played: bool, depth: u32) -> Level {
    Level {
        played,
        depth: Some(depth),
        nodes: None,
        millis: None,
    }
}

const fn by_nodes(nodes: u64) -> Level {
    Level {
        played: true,
        depth: None,
        nodes: Some(nodes),
        millis: None,
    }
}

const fn by_time(millis: u64) -> Level {
    Level {
        played: true,
        depth: None,
        nodes: None,
        millis: Some(millis),
    }
}

/// The table every game uses unless it overrides it: levels 1 to 10 in order.
/// Each is clearly stronger than the one below in chess, as measured: the
/// course's material evaluation one to three plies deep, then the played
/// evaluation one and two plies deep, then node budgets tripling, then time.
/// (Four plies of material played no better than three there, nor three plies
/// of the played evaluation than two, so the table changes evaluation instead.)
const TABLE: [Level; 10] = [
    by_depth(false, 1),
    by_depth(false, 2),
    by_depth(false, 3),
    by_depth(true, 1),
    by_depth(true, 2),
    by_nodes(10_000),
    by_nodes(30_000),
    by_nodes(90_000),
    by_time(1_000),
    by_time(3_000),
];

/// The table of a game with only the course's evaluation: where [`TABLE`]
/// switches to the played evaluation, one more ply instead.
const SEED_ONLY: [Level; 10] = [
    by_depth(false, 1),
    by_depth(false, 2),
    by_depth(false, 3),
    by_depth(false, 4),
    by_depth(false, 5),
    TABLE[5],
    TABLE[6],
    TABLE[7],
    TABLE[8],
    TABLE[9],
];

/// The levels of a game played by Monte Carlo (Go, whose alpha-beta has no
/// evaluation worth a level): playouts doubling from level to level, all ten, so
/// each level is stronger than the one before on every board and machine. (Time
/// at the top would not be: a second is some 15,000 playouts on 9x9 here, a few
/// thousand on 19x19, fewer than the levels below once took.)
const PLAYOUTS: [Level; 10] = [
    by_nodes(100),
    by_nodes(200),
    by_nodes(400),
    by_nodes(800),
    by_nodes(1_600),
    by_nodes(3_200),
    by_nodes(6_400),
    by_nodes(12_800),
    by_nodes(25_600),
    by_nodes(51_200),
];

/// The measured rating of each level of the game named `game` (its profile's
/// table); `None` when its levels are not rated yet.
fn level_ratings(game: &str) -> Option<&'static LevelRatings> {
    profile_of(game).ok()?.level_ratings
}

/// The rating `level` was measured at in the game named `game`, if any.
pub fn rating_of_level(game: &str, level: u8) -> Option<LevelRating> {
    let index = usize::from(level.checked_sub(*LEVELS.start())?);
    *level_ratings(game)?.levels.get(index)?
}

/// Each level's point estimate, weakest first, where there is one on a scale a
/// GUI's `UCI_Elo` can ask for (not negative).
fn level_estimates(game: &str) -> Option<[Option<u32>; 10]> {
    Some(level_ratings(game)?.levels.map(|r| {
        r.and_then(LevelRating::estimate)
            .and_then(|e| u32::try_from(e).ok())
    }))
}

/// The lowest and highest measured Elo of the game's levels (a GUI's `UCI_Elo`
/// range); `None` when its levels are not rated yet.
pub fn elo_range(game: &str) -> Option<RangeInclusive<u32>> {
    let estimates = level_estimates(game)?;
    let rated = estimates.iter().flatten();
    Some(*rated.clone().min()?..=*rated.max()?)
}

/// The measured Elo of `level` in the game named `game`, if it has one.
pub fn elo_of_level(game: &str, level: u8) -> Option<u32> {
    u32::try_from(rating_of_level(game, level)?.estimate()?).ok()
}

/// The level whose measured Elo is nearest `elo` (the lower level where two are
/// as near); `None` when the game's levels are not rated yet.
pub fn level_for_elo(game: &str, elo: u32) -> Option<u8> {
    let (index, _) = level_estimates(game)?
        .iter()
        .enumerate()
        .filter_map(|(index, rating)| rating.map(|r| (index, r.abs_diff(elo))))
        .min_by_key(|&(index, distance)| (distance, index))?;
    Some(LEVELS.start() + index as u8)
}

/// Monte Carlo settings for a game: those its profile plays with (Go's), else
/// the textbook UCT defaults.
pub fn mcts_for(profile: &GameProfile) -> MctsConfig {
    match profile.opponent {
        Opponent::MonteCarlo(style) => MctsConfig {
            exploration_centi: style.exploration_centi,
            rave: style.rave,
            rave_equivalence: style.rave_equivalence,
            ..MctsConfig::default()
        },
        Opponent::Search => MctsConfig::default(),
    }
}

/// [`mcts_for`] the game named `game` (textbook defaults for an unknown one).
pub fn mcts_for_game(game: &str) -> MctsConfig {
    profile_of(game).map_or_else(|_| MctsConfig::default(), |p| mcts_for(&p))
}

/// The engine a level stands for in a game (`game` as in `ply list`).
pub fn level_settings(game: &str, level: u8) -> Result<EngineSettings, GameError> {
    if !LEVELS.contains(&level) {
        return Err(GameError::new(format!(
            "level {level}: expected a level from {} to {}",
            LEVELS.start(),
            LEVELS.end()
        )));
    }
    let index = usize::from(level - LEVELS.start());
    let profile = profile_of(game)?;
    let played_eval = named_or_seed(game, profile.play_eval).to_string();
    let monte_carlo = matches!(profile.opponent, Opponent::MonteCarlo(_));
    let (algorithm, row) = match monte_carlo {
        true => (Algorithm::Mcts, PLAYOUTS[index]),
        false if played_eval == "seed" => (Algorithm::Engine, SEED_ONLY[index]),
        false => (Algorithm::Engine, TABLE[index]),
    };
    Ok(EngineSettings {
        algorithm,
        eval: if row.played {
            played_eval
        } else {
            "seed".into()
        },
        depth: row.depth,
        nodes: row.nodes,
        time: row.millis.map(Duration::from_millis),
        mcts: mcts_for_game(game),
        ..EngineSettings::default()
    })
}

/// The level whose engine these settings are, if any: the setup screen shows
/// `custom` once a player changes a level's search by hand.
pub fn level_of(game: &str, settings: &EngineSettings) -> Option<u8> {
    LEVELS.clone().find(|&level| {
        level_settings(game, level).is_ok_and(|at_level| {
            // Who is MAX only changes how the explorer shows values, not strength.
            EngineSettings {
                max_player: settings.max_player,
                ..at_level
            } == *settings
        })
    })
}

/// Reads a level as a command line writes it: `1` to `10`.
pub fn parse_level(game: &str, text: &str) -> Result<EngineSettings, GameError> {
    let level = text.trim().parse::<u8>().map_err(|_| {
        GameError::new(format!(
            "level '{text}': expected a level from {} to {}",
            LEVELS.start(),
            LEVELS.end()
        ))
    })?;
    level_settings(game, level)
}

/// Reads an engine as `ply match` names it: `level=N`, or a full
/// `ALGO:EVAL[:LIMIT...]` spec (see [`EngineSettings::parse_spec`]).
pub fn parse_engine(game: &str, spec: &str) -> Result<EngineSettings, GameError> {
    match spec.strip_prefix("level=") {
        Some(level) => parse_level(game, level)
            .map_err(|e| GameError::new(format!("engine '{spec}': {}", e.0))),
        None => EngineSettings::parse_spec(spec),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_of_every_game_is_an_engine_the_match_accepts() {
        for game in crate::game::games() {
            let game = game.id;
            for level in LEVELS {
                let settings = level_settings(game, level).unwrap();
                settings.check().unwrap();
                assert_eq!(level_of(game, &settings), Some(level), "{game} {level}");
            }
        }
    }

    #[test]
    fn levels_search_more_as_they_rise_and_take_the_played_evaluation_from_level_4() {
        let chess: Vec<_> = LEVELS
            .map(|l| level_settings("chess", l).unwrap())
            .collect();
        assert_eq!(chess[0].eval, "seed");
        assert_eq!(chess[2].eval, "seed");
        assert_eq!(chess[3].eval, "neural");
        assert_eq!(level_settings("xiangqi", 4).unwrap().eval, "strong");
        assert_eq!(level_settings("kalah", 10).unwrap().eval, "seed");
        assert_eq!(level_settings("kalah", 5).unwrap().depth, Some(5));
        for eval in ["seed", "neural"] {
            let depths: Vec<u32> = chess
                .iter()
                .filter(|s| s.eval == eval)
                .filter_map(|s| s.depth)
                .collect();
            assert!(depths.windows(2).all(|w| w[0] < w[1]), "{eval}: {depths:?}");
        }
        let nodes: Vec<u64> = chess.iter().filter_map(|s| s.nodes).collect();
        assert!(nodes.windows(2).all(|w| w[0] < w[1]), "{nodes:?}");
        assert_eq!(level_settings("go", 1).unwrap().algorithm, Algorithm::Mcts);
    }

    #[test]
    fn every_go_level_plays_out_more_than_the_one_below_and_none_by_time() {
        let go: Vec<_> = LEVELS.map(|l| level_settings("go", l).unwrap()).collect();
        assert!(
            go.iter()
                .all(|s| s.time.is_none() && s.algorithm == Algorithm::Mcts)
        );
        let playouts: Vec<u64> = go.iter().map(|s| s.nodes.unwrap()).collect();
        assert!(
            playouts.windows(2).all(|w| w[1] == 2 * w[0]),
            "{playouts:?}"
        );
    }

    #[test]
    fn an_elo_picks_the_level_measured_nearest_it() {
        assert_eq!(elo_range("chess").map(|r| *r.start()), Some(838));
        assert_eq!(level_for_elo("chess", 0), Some(1));
        assert_eq!(level_for_elo("chess", 1338), Some(3));
        assert_eq!(level_for_elo("chess", 1500), Some(4));
        // 1900 is 89 above level 5 and 95 below level 6.
        assert_eq!(level_for_elo("chess", 1900), Some(5));
        assert_eq!(level_for_elo("chess", 2000), Some(6));
        assert_eq!(level_for_elo("chess", 2700), Some(9));
        assert_eq!(level_for_elo("chess", 3000), Some(10));
        assert_eq!(level_for_elo("chess", 9999), Some(10));
        assert_eq!(level_for_elo("xiangqi", 1500), Some(3));
        assert_eq!(level_for_elo("xiangqi", 9999), Some(10));
        assert_eq!(elo_range("xiangqi"), Some(719..=3818));
        assert_eq!(level_for_elo("othello", 1500), None);
        assert_eq!(elo_range("othello"), None);
    }

    #[test]
    fn levels_out_of_range_are_refused_with_the_range() {
        for bad in ["0", "11", "x", "", "-1"] {
            let error = parse_level("chess", bad).unwrap_err().0;
            assert!(error.contains("from 1 to 10"), "{bad}: {error}");
        }
        assert_eq!(
            parse_level("chess", " 7 ").unwrap(),
            level_settings("chess", 7).unwrap()
        );
        assert_eq!(
            parse_engine("chess", "level=3").unwrap(),
            level_settings("chess", 3).unwrap()
        );
        let error = parse_engine("chess", "level=12").unwrap_err().0;
        assert!(error.starts_with("engine 'level=12': level 12"), "{error}");
        assert_eq!(
            parse_engine("chess", "alphabeta:seed:depth=2")
                .unwrap()
                .depth,
            Some(2)
        );
    }
}
