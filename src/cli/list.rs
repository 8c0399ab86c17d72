//! `ply list`: the games, their notations, options and evaluations.

use clap::Args;
use serde::Serialize;

use crate::game::profile::LevelRating;
use crate::game::profile_of;
use crate::game::{GameOptions, GameVisitor, Playable, games, visit_game};
use crate::play::levels::{LEVELS, level_settings, rating_of_level};

#[derive(Args, Debug)]
pub(super) struct ListArgs {
    /// Print one JSON array instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct GameListing {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    move_notation: &'static str,
    position_notation: &'static str,
    start_position: String,
    options: Vec<OptionListing>,
    evaluations: Vec<EvaluationListing>,
    /// Levels 1 to 10 (`ply play --level N`), weakest first.
    levels: Vec<LevelListing>,
    /// Against what and by which command the levels' ratings were measured.
    levels_rated: Option<RatedListing>,
}

/// Where a game's level ratings come from, so a reader can measure them again.
#[derive(Serialize)]
struct RatedListing {
    against: &'static str,
    command: &'static str,
}

/// A level's measured rating: `elo` with its 95% `margin`, or with `below`
/// true, a one-sided bound the level's Elo is under.
#[derive(Serialize)]
struct RatingListing {
    elo: i32,
    margin: Option<u32>,
    below: bool,
    games: u32,
}

impl From<LevelRating> for RatingListing {
    fn from(rating: LevelRating) -> Self {
        match rating {
            LevelRating::Measured { elo, margin, games } => RatingListing {
                elo,
                margin: Some(margin),
                below: false,
                games,
            },
            LevelRating::Below { elo, games } => RatingListing {
                elo,
                margin: None,
                below: true,
                games,
            },
        }
    }
}

/// What one level searches with, so scripts can drive other front ends the same way.
#[derive(Serialize)]
struct LevelListing {
    level: u8,
    algorithm: &'static str,
    eval: String,
    depth: Option<u32>,
    nodes: Option<u64>,
    time_ms: Option<u128>,
    /// Its measured strength, where the game's levels are rated.
    rating: Option<RatingListing>,
}

#[derive(Serialize)]
struct OptionListing {
    key: &'static str,
    default: &'static str,
    description: &'static str,
}

#[derive(Serialize)]
struct EvaluationListing {
    name: &'static str,
    description: &'static str,
}

struct Describe;

impl GameVisitor for Describe {
    type Output = GameListing;
    fn visit<G: Playable>(self) -> GameListing {
        let info = G::info();
        let start_position = G::start(&GameOptions::default())
            .map(|g| g.format_position())
            .unwrap_or_default();
        GameListing {
            id: info.id,
            name: info.name,
            description: info.description,
            move_notation: info.move_notation,
            position_notation: info.position_notation,
            start_position,
            options: info
                .options
                .iter()
                .map(|o| OptionListing {
                    key: o.key,
                    default: o.default,
                    description: o.description,
                })
                .collect(),
            evaluations: G::evaluators()
                .iter()
                .map(|e| EvaluationListing {
                    name: e.name,
                    description: e.description,
                })
                .collect(),
            levels: level_listings(info.id),
            levels_rated: profile_of(info.id)
                .ok()
                .and_then(|p| p.level_ratings)
                .map(|rated| RatedListing {
                    against: rated.against,
                    command: rated.command,
                }),
        }
    }
}

fn level_listings(game: &str) -> Vec<LevelListing> {
    LEVELS
        .filter_map(|level| {
            let settings = level_settings(game, level).ok()?;
            Some(LevelListing {
                level,
                algorithm: settings.algorithm.label(),
                depth: settings.depth,
                nodes: settings.nodes,
                time_ms: settings.time.map(|t| t.as_millis()),
                eval: settings.eval,
                rating: rating_of_level(game, level).map(RatingListing::from),
            })
        })
        .collect()
}

pub(super) fn run(args: &ListArgs) -> anyhow::Result<()> {
    let listings = games()
        .iter()
        .map(|info| visit_game(info.id, Describe))
        .collect::<Result<Vec<_>, _>>()?;
    if args.json {
        return super::print_json(&listings);
    }
    for (index, game) in listings.iter().enumerate() {
        if index > 0 {
            println!();
        }
        print_listing(game);
    }
    Ok(())
}

fn print_listing(game: &GameListing) {
    println!("{}  {}: {}", game.id, game.name, game.description);
    println!("  moves:     {}", game.move_notation);
    println!("  positions: {}", game.position_notation);
    println!("  start:     {}", game.start_position);
    for option in &game.options {
        println!(
            "  -o {}=...  {} (default {})",
            option.key, option.description, option.default
        );
    }
    for evaluation in &game.evaluations {
        println!("  --eval {}  {}", evaluation.name, evaluation.description);
    }
    if let Some(rated) = &game.levels_rated {
        let ratings = LEVELS.map(|level| match rating_of_level(game.id, level) {
            Some(rating) => format!("{level} {rating}"),
            None => format!("{level} not measured"),
        });
        println!(
            "  levels' Elo vs {}: {}",
            rated.against,
            ratings.collect::<Vec<_>>().join(", ")
        );
    }
}
