//! A game's typed profile: how it likes to be played and shown, read by the
//! match, the arcade, the command line and the protocols instead of a `match` on
//! the game's id. A game states its profile once ([`Playable::PROFILE`]); a new
//! game that states none gets [`GameProfile::DEFAULT`], which is right for a small
//! game searched by alpha-beta.
//!
//! [`Playable::PROFILE`]: super::Playable::PROFILE

use std::fmt;

use super::GameOptions;

/// The computer's way of choosing moves when nobody picks one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Alpha-beta on the game's best evaluation (the engine).
    Search,
    /// Monte Carlo tree search with these settings, where no cheap static
    /// evaluation works (Go).
    MonteCarlo(MonteCarloStyle),
}

/// Monte Carlo settings a game is played best with, in the search's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonteCarloStyle {
    /// UCT's exploration constant, in hundredths.
    pub exploration_centi: u32,
    /// Whether RAVE (all-moves-as-first) values guide the tree.
    pub rave: bool,
    /// RAVE's equivalence parameter: the visits after which a node trusts its
    /// own statistics as much as its all-moves-as-first ones.
    pub rave_equivalence: u32,
}

/// The unit a game's evaluations are read in, for graphs and reviews.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreUnit {
    /// The unit's name on an axis: `pawns`, `seeds`, `points`.
    pub name: &'static str,
    /// Evaluation points per unit.
    pub points: f64,
    /// The most a graph shows either way, in units; wins are drawn there.
    pub most_range: f64,
}

/// How records of the game name it, so a file without ply's own `Game` tag is
/// read as the right game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordNames {
    /// Values of a PGN `Variant` tag that mean this game, lower case; the first
    /// is the one ply writes. `""` marks the game a PGN without the tag holds.
    pub variants: &'static [&'static str],
    /// The PDN `GameType` tag's number for this game (checkers: `21`).
    pub pdn_game_type: Option<&'static str>,
}

/// Everything per game that is policy rather than rules.
#[derive(Clone, Copy, Debug)]
pub struct GameProfile {
    /// How the computer plays by default.
    pub opponent: Opponent,
    /// The unit its evaluations are shown in.
    pub score_unit: ScoreUnit,
    /// True when a review can prove its positions' values in a blink with these
    /// options (small games, and those with a fast exact solver).
    pub offers_proofs: fn(&GameOptions) -> bool,
    /// True when a written tree can be played as an exercise (`ply play --exercise`).
    pub written_trees: bool,
    /// How its records name it.
    pub records: RecordNames,
    /// The evaluation the computer plays with when nobody names one: the one that
    /// wins at equal time (measured: docs/src/engines/ledger.md). A game without an
    /// evaluation of this name plays with `seed`.
    pub play_eval: &'static str,
    /// What its levels were measured at against a reference program, so a
    /// player can pick a level by strength; `None` while they are unrated.
    pub level_ratings: Option<&'static LevelRatings>,
}

/// A level's strength as measured against a reference program, on that
/// program's Elo scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelRating {
    /// A maximum-likelihood rating.
    Measured {
        /// The estimate (negative on a scale whose zero is the reference's
        /// strongest setting).
        elo: i32,
        /// Half its 95% interval.
        margin: u32,
        /// The games behind it.
        games: u32,
    },
    /// The level scored nothing against the reference's weakest setting.
    Below {
        /// The one-sided 95% bound its Elo is under.
        elo: i32,
        /// The games behind it.
        games: u32,
    },
}

impl LevelRating {
    /// A rating as a profile's table writes it: `measured(1811, 121, 40)`.
    pub const fn measured(elo: i32, margin: u32, games: u32) -> LevelRating {
        LevelRating::Measured { elo, margin, games }
    }

    /// A one-sided bound, for a level that scored nothing: `below(-618, 20)`.
    pub const fn below(elo: i32, games: u32) -> LevelRating {
        LevelRating::Below { elo, games }
    }

    /// The point estimate a strength limit can aim at (`UCI_Elo`); a bound has none.
    pub fn estimate(self) -> Option<i32> {
        match self {
            LevelRating::Measured { elo, .. } => Some(elo),
            LevelRating::Below { .. } => None,
        }
    }

    /// The games the rating rests on.
    pub fn games(self) -> u32 {
        match self {
            LevelRating::Measured { games, .. } | LevelRating::Below { games, .. } => games,
        }
    }
}

/// Reads as a rating table does: `1811 ± 121`, or `< 1245`.
impl fmt::Display for LevelRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelRating::Measured { elo, margin, .. } => write!(f, "{elo} ± {margin}"),
            LevelRating::Below { elo, .. } => write!(f, "< {elo}"),
        }
    }
}

/// How a game's levels were rated, and what each came out at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelRatings {
    /// The reference program and its settings: the scale the numbers are on.
    pub against: &'static str,
    /// The command that measures them again, from the repository's root.
    pub command: &'static str,
    /// Levels 1 to 10, weakest first; `None` for a level not measured.
    pub levels: [Option<LevelRating>; 10],
}

impl GameProfile {
    /// The profile of a small game searched by alpha-beta, shown in points, with
    /// no proofs, batches, written trees or record names of its own.
    pub const DEFAULT: GameProfile = GameProfile {
        opponent: Opponent::Search,
        score_unit: ScoreUnit::POINTS,
        offers_proofs: never,
        written_trees: false,
        records: RecordNames {
            variants: &[],
            pdn_game_type: None,
        },
        play_eval: "strong",
        level_ratings: None,
    };

    /// [`GameProfile::DEFAULT`] for a game small enough that a review proves
    /// every position in a blink (tic-tac-toe, Grundy, Dodgem, Connect Four).
    pub const PROVES_POSITIONS: GameProfile = GameProfile {
        offers_proofs: always,
        ..GameProfile::DEFAULT
    };
}

impl ScoreUnit {
    /// Plain evaluation points, up to a thousand either way.
    pub const POINTS: ScoreUnit = ScoreUnit {
        name: "points",
        points: 1.0,
        most_range: 1000.0,
    };

    /// Centipawns read as pawns, up to ten either way (chess, xiangqi).
    pub const PAWNS: ScoreUnit = ScoreUnit {
        name: "pawns",
        points: 100.0,
        most_range: 10.0,
    };
}

/// For profiles whose positions are never proven in a review.
pub fn never(_options: &GameOptions) -> bool {
    false
}

/// For profiles whose positions are always proven in a review.
pub fn always(_options: &GameOptions) -> bool {
    true
}
