//! `ply match GAME --first SPEC --second SPEC`: engine-against-engine games, run
//! headless on the same [`Match`] as the arcade, with each game's moves, result and
//! reason, and a summary (wins, draws, losses, score, Elo difference with its error
//! margin) from the first engine's point of view. What a lab report's
//! machine-against-machine record comes from.

use serde::Serialize;

use crate::game::{GameError, GameOptions, GameVisitor, Outcome, Playable, Player, visit_game};
use crate::play::adjudication::{Adjudication, Streak};
use crate::play::levels::parse_engine;
use crate::play::{Ending, EngineSettings, Match, PlaySetup, Seat};

/// Arguments of `ply match`.
#[derive(clap::Args, Debug)]
pub(super) struct MatchArgs {
    /// The game, by its id (`ply list`).
    pub game: String,
    /// The first engine, ALGO:EVAL[:depth=N|time=S|nodes=N], e.g. alphabeta:strong:time=0.2,
    /// or a level, level=N (1 to 10). The engine's extras switch off with no=NAME[,NAME] and on
    /// with with=NAME (pvs aspiration quiescence nullmove lmr checkext see seeqs futility rfp lmp
    /// rootplan narrow nmpeval improving iir malus loglmr countermove conthist seeprune threats
    /// evalcache tteval gravity quietkillers), e.g. engine:strong:nodes=20000:no=futility.
    #[arg(long, value_name = "SPEC")]
    pub first: String,
    /// The second engine, written like --first.
    #[arg(long, value_name = "SPEC")]
    pub second: String,
    /// How many games to play.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub games: u32,
    /// Swap sides every other game, so that each engine moves first as often.
    #[arg(long)]
    pub swap: bool,
    /// Start the games from these openings: one line of moves per game (with
    /// --swap, each opening is played from both sides); `#` starts a comment.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<std::path::PathBuf>,
    /// Adjudicate a game a draw after this many plies.
    #[arg(long, default_value_t = 600, value_name = "PLIES")]
    pub max_plies: usize,
    /// Adjudicate a game lost for a side whose searches scored it SCORE or more
    /// behind (in the game's evaluation points: centipawns in chess) on MOVES of
    /// its moves in a row, while the other's scored that side as far ahead, as
    /// engine testers do (cutechess-cli's -resign), e.g. 3:1000.
    #[arg(long, value_name = "MOVES:SCORE", value_parser = parse_resign)]
    pub resign: Option<Streak>,
    /// Adjudicate a draw once both sides' searches scored within SCORE of even
    /// on MOVES of their moves in a row, from PLY on (cutechess-cli's -draw),
    /// e.g. 80:8:10.
    #[arg(long, value_name = "PLY:MOVES:SCORE", value_parser = parse_draw)]
    pub draw: Option<(usize, Streak)>,
    /// A game option KEY=VALUE, repeatable (e.g. -o heap=9).
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// One JSON object per game, then a summary object.
    #[arg(long)]
    pub json: bool,
}

/// One finished game, as printed.
#[derive(Serialize, Debug)]
struct GameRecord {
    kind: &'static str,
    game: u32,
    /// The engine playing the first side, and the second.
    first: String,
    second: String,
    opening: Vec<String>,
    moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the game has no result (a synthetic leaf).
    result: &'static str,
    reason: String,
    /// Whose points `points` are: always `--first`'s engine, which after `--swap`
    /// is the record's `second` in every other game; named so that a reader
    /// need not know that.
    points_for: String,
    /// The first engine's (`--first`'s) points: 1, 0.5 or 0.
    points: Option<f64>,
}

/// The match's tally, from the first engine's point of view.
#[derive(Serialize, Debug, Default, PartialEq)]
struct Summary {
    kind: &'static str,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    /// Points per game, 0 to 1.
    score: f64,
    /// The Elo difference the score stands for (positive: --first is stronger);
    /// `None` when one side scored everything, where it is unbounded.
    elo: Option<f64>,
    /// Half the width of its 95% confidence interval, when it can be computed.
    elo_margin: Option<f64>,
}

/// Runs the match and prints it.
pub(super) fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let engines = [
        parse_engine(&args.game, &args.first)?,
        parse_engine(&args.game, &args.second)?,
    ];
    let options = GameOptions::parse(&args.options)?;
    let openings = match &args.openings {
        Some(path) => read_openings(path)?,
        None => vec![String::new()],
    };
    if args.games == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    struct Run<'a> {
        args: &'a MatchArgs,
        engines: [EngineSettings; 2],
        options: GameOptions,
        openings: Vec<String>,
    }
    impl GameVisitor for Run<'_> {
        type Output = anyhow::Result<()>;
        fn visit<G: Playable>(self) -> Self::Output {
            play_match::<G>(self.args, &self.engines, &self.options, &self.openings)
        }
    }
    let run = Run {
        args,
        engines,
        options,
        openings,
    };
    visit_game(&args.game, run)?
}

/// The openings file: one line of moves each, blank lines and `#` comments skipped.
fn read_openings(path: &std::path::Path) -> anyhow::Result<Vec<String>> {
    let text = crate::fsutil::read_text_bounded(path)
        .map_err(|e| GameError::new(format!("--openings {}: {e}", path.display())))?;
    let lines: Vec<String> = text
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim().to_string())
        .filter(|line| !line.is_empty())
        .collect();
    if lines.is_empty() {
        anyhow::bail!("--openings {}: no openings in the file", path.display());
    }
    Ok(lines)
}

fn play_match<G: Playable>(
    args: &MatchArgs,
    engines: &[EngineSettings; 2],
    options: &GameOptions,
    openings: &[String],
) -> anyhow::Result<()> {
    // Every opening is checked before the first game starts.
    for (index, opening) in openings.iter().enumerate() {
        G::setup(options, None, Some(opening))
            .map_err(|e| GameError::new(format!("opening {}: {e}", index + 1)))?;
    }
    let specs = [args.first.as_str(), args.second.as_str()];
    let mut summary = Summary::default();
    for number in 1..=args.games {
        let index = (number - 1) as usize;
        let swapped = args.swap && index % 2 == 1;
        let round = if args.swap { index / 2 } else { index };
        let opening = &openings[round % openings.len()];
        let sides = if swapped { [1, 0] } else { [0, 1] };
        let setup = PlaySetup {
            game: G::info().id.to_string(),
            options: options.clone(),
            position: None,
            moves: Some(opening.clone()),
            first: Seat::Computer(engines[sides[0]].clone()),
            second: Seat::Computer(engines[sides[1]].clone()),
            clock: None,
            record_tree: false,
            result: None,
        };
        let mut game = Match::<G>::new(&setup)?;
        game.set_move_limit(Some(args.max_plies));
        game.set_adjudication(Adjudication {
            resign: args.resign,
            draw: args.draw,
        });
        let opening_plies = game.played().len();
        game.run_to_end(|_, _| {});
        let ending = game
            .ending()
            .ok_or_else(|| GameError::new("the game stopped before its end"))?;
        let first_engine_side = if swapped {
            Player::Second
        } else {
            Player::First
        };
        let points = points_for(first_engine_side, ending);
        summary.add(points);
        let texts: Vec<String> = game.played().iter().map(|p| p.text.clone()).collect();
        let (opening, moves) = texts.split_at(opening_plies);
        let record = GameRecord {
            kind: "game",
            game: number,
            first: specs[sides[0]].to_string(),
            second: specs[sides[1]].to_string(),
            opening: opening.to_vec(),
            moves: moves.to_vec(),
            result: result_text(ending),
            reason: game.end_words().unwrap_or_default(),
            points_for: specs[0].to_string(),
            points,
        };
        if args.json {
            super::print_json(&record)?;
        } else {
            print_game(&record);
        }
    }
    summary.finish();
    if args.json {
        super::print_json(&summary)?;
    } else {
        print_summary(&summary, &specs);
    }
    Ok(())
}

/// Reads `--resign MOVES:SCORE`.
fn parse_resign(text: &str) -> Result<Streak, String> {
    match text.split(':').collect::<Vec<_>>()[..] {
        [moves, score] => streak(moves, score),
        _ => Err(format!("'{text}': expected MOVES:SCORE, e.g. 3:1000")),
    }
}

/// Reads `--draw PLY:MOVES:SCORE`.
fn parse_draw(text: &str) -> Result<(usize, Streak), String> {
    let bad = || format!("'{text}': expected PLY:MOVES:SCORE, e.g. 80:8:10");
    match text.split(':').collect::<Vec<_>>()[..] {
        [ply, moves, score] => Ok((ply.parse().map_err(|_| bad())?, streak(moves, score)?)),
        _ => Err(bad()),
    }
}

/// A run of at least one move at a score of at least 0.
fn streak(moves: &str, score: &str) -> Result<Streak, String> {
    let moves: u32 = moves
        .parse()
        .ok()
        .filter(|&m| m > 0)
        .ok_or_else(|| format!("'{moves}': expected a number of moves, 1 or more"))?;
    let score = score
        .parse()
        .ok()
        .filter(|&s: &i32| s >= 0)
        .ok_or_else(|| format!("'{score}': expected a score of 0 or more"))?;
    Ok(Streak { moves, score })
}

/// The points `side` scored: 1 for a win, 0.5 for a draw, 0 for a loss.
fn points_for(side: Player, ending: Ending) -> Option<f64> {
    match ending.outcome? {
        Outcome::Win(winner) if winner == side => Some(1.0),
        Outcome::Win(_) => Some(0.0),
        Outcome::Draw => Some(0.5),
    }
}

/// The result as PGN writes it, from the first side's point of view.
fn result_text(ending: Ending) -> &'static str {
    match ending.outcome {
        Some(Outcome::Win(Player::First)) => "1-0",
        Some(Outcome::Win(Player::Second)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

fn print_game(record: &GameRecord) {
    println!(
        "game {}: {} (first) vs {} (second)",
        record.game, record.first, record.second
    );
    if !record.opening.is_empty() {
        println!("  opening: {}", record.opening.join(" "));
    }
    println!("  moves: {}", record.moves.join(" "));
    println!("  result: {} {}", record.result, record.reason);
}

fn print_summary(summary: &Summary, specs: &[&str; 2]) {
    println!(
        "{} vs {}: {} games, +{} ={} -{}, score {:.3}",
        specs[0],
        specs[1],
        summary.games,
        summary.wins,
        summary.draws,
        summary.losses,
        summary.score
    );
    match (summary.elo, summary.elo_margin) {
        (Some(elo), Some(margin)) => println!("Elo difference: {elo:+.0} ± {margin:.0} (95%)"),
        (Some(elo), None) => println!("Elo difference: {elo:+.0}"),
        (None, _) => println!("Elo difference: unbounded (one side scored everything)"),
    }
}

impl Summary {
    fn add(&mut self, points: Option<f64>) {
        match points {
            Some(p) if p > 0.75 => self.wins += 1,
            Some(p) if p > 0.25 => self.draws += 1,
            Some(_) => self.losses += 1,
            None => {}
        }
    }

    /// The score and the Elo difference with its 95% margin, from the tally
    /// (games without a result do not count).
    fn finish(&mut self) {
        self.kind = "summary";
        self.games = self.wins + self.draws + self.losses;
        if self.games == 0 {
            return;
        }
        let n = f64::from(self.games);
        let score = (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n;
        self.score = score;
        // Adding 0 turns an even score's -0 into 0.
        self.elo = elo(score).map(|e| e + 0.0);
        // The per-game variance of the points, and the score's standard error.
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let error = (variance / n).sqrt();
        const Z95: f64 = 1.959_964;
        self.elo_margin = match (elo(score - Z95 * error), elo(score + Z95 * error)) {
            (Some(low), Some(high)) => Some((high - low) / 2.0),
            _ => None,
        };
    }
}

/// The Elo difference a score (0 to 1, exclusive) stands for.
fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elo_difference_follows_the_logistic_formula() {
        // 3 points of 4 is +191 Elo (400·log10(3)), the textbook example.
        assert!((elo(0.75).unwrap() - 190.848).abs() < 0.01);
        assert_eq!(elo(0.5), Some(0.0));
        assert_eq!(elo(1.0), None);
        let mut summary = Summary::default();
        for points in [1.0, 1.0, 0.5, 0.0, 1.0, 0.5] {
            summary.add(Some(points));
        }
        summary.add(None);
        summary.finish();
        assert_eq!((summary.wins, summary.draws, summary.losses), (3, 2, 1));
        assert_eq!(summary.games, 6);
        assert!((summary.score - 4.0 / 6.0).abs() < 1e-9);
        // +120 Elo; the 95% interval of the score, 2/3 ± 1.96·sqrt((5/36)/6), spans
        // ±334.5 Elo (worked out apart from this code, with Python's math module).
        const MARGIN: f64 = 334.546;
        assert!((summary.elo.unwrap() - 120.412).abs() < 0.01);
        assert!(
            (summary.elo_margin.unwrap() - MARGIN).abs() < 0.01,
            "{summary:?}"
        );
    }
}
