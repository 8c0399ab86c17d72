//! `ply eval`: the static evaluation of one position, the number a depth-limited
//! search scores its leaves with, and with `--explain` the terms it adds up, so a
//! student can check the course's worked examples (`e(P) = 6 - 4 = 2`) by hand.

use clap::Args;
use serde::Serialize;

use super::args::GameArgs;
use crate::game::{
    EvalTerm, Explanation, GameVisitor, Outcome, Playable, Player, for_first, visit_game,
};

#[derive(Args, Debug)]
pub(super) struct EvalArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Evaluation to apply (see `ply list`; default `seed`, the course's).
    #[arg(long, value_name = "NAME", default_value = "seed")]
    eval: String,
    /// Also list the terms the evaluation adds up, and the arithmetic.
    #[arg(long)]
    explain: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The `--json` output: exactly these keys, so scripts can rely on them.
#[derive(Serialize, Debug)]
pub(super) struct EvalReport {
    game: String,
    position: String,
    /// The game's names for its two sides, first player first.
    players: [&'static str; 2],
    to_move: &'static str,
    eval: String,
    /// From the side to move's view, as the search sees it.
    value: i32,
    value_first: i32,
    value_second: i32,
    /// `None` while the game goes on; else who won (or `draw`).
    outcome: Option<String>,
    /// With `--explain`, where the evaluation can be taken apart.
    terms: Option<Vec<TermReport>>,
    formula: Option<String>,
}

/// One row of the terms table.
#[derive(Serialize, Debug)]
struct TermReport {
    name: String,
    first: i32,
    second: i32,
    points: i32,
}

impl From<EvalTerm> for TermReport {
    fn from(term: EvalTerm) -> TermReport {
        TermReport {
            name: term.name,
            first: term.first,
            second: term.second,
            points: term.points,
        }
    }
}

struct Evaluate<'a>(&'a EvalArgs);

impl GameVisitor for Evaluate<'_> {
    type Output = anyhow::Result<EvalReport>;
    fn visit<G: Playable>(self) -> anyhow::Result<EvalReport> {
        let args = self.0;
        let game: G = args.game.setup()?;
        let evaluator = G::evaluator_named(&args.eval)?;
        let players = crate::tui::board::side_names(&args.game.game);
        let name = |player: Player| players[player.index()];
        let value = evaluator.evaluator.evaluate(&game);
        let value_first = for_first(game.to_move(), value);
        let explanation = args
            .explain
            .then(|| game.explain_evaluation(&args.eval))
            .flatten();
        let (terms, formula) = match explanation {
            Some(Explanation { terms, formula, .. }) => (
                Some(terms.into_iter().map(TermReport::from).collect()),
                Some(formula),
            ),
            None => (None, None),
        };
        Ok(EvalReport {
            game: args.game.game.clone(),
            position: game.format_position(),
            players,
            to_move: name(game.to_move()),
            eval: evaluator.name.to_string(),
            value,
            value_first,
            value_second: -value_first,
            outcome: game.outcome().map(|outcome| match outcome {
                Outcome::Win(player) => format!("{} wins", name(player)),
                Outcome::Draw => "draw".to_string(),
            }),
            terms,
            formula,
        })
    }
}

pub(super) fn run(args: &EvalArgs) -> anyhow::Result<()> {
    let report = visit_game(&args.game.game, Evaluate(args))??;
    if args.json {
        return super::print_json(&report);
    }
    let [first, second] = report.players;
    println!("game       {}", report.game);
    println!("position   {}", report.position);
    if let Some(outcome) = &report.outcome {
        println!("game over  {outcome} (the evaluation still applies to the board)");
    }
    println!("to move    {}", report.to_move);
    println!("evaluation {}", report.eval);
    println!(
        "value      {} for {} (the side to move)",
        report.value, report.to_move
    );
    println!("{:<10} {}", first, report.value_first);
    println!("{:<10} {}", second, report.value_second);
    if args.explain {
        match (&report.terms, &report.formula) {
            (Some(terms), Some(formula)) => {
                println!();
                print!("{}", terms_table(terms, report.players));
                println!("{formula}   (from {first}'s view)");
            }
            _ => println!(
                "terms      none: evaluation '{}' is not taken apart",
                report.eval
            ),
        }
    }
    Ok(())
}

/// The terms as a table with a header: name, first, second, points.
fn terms_table(terms: &[TermReport], players: [&str; 2]) -> String {
    let width = terms
        .iter()
        .map(|t| t.name.chars().count())
        .chain(std::iter::once(4))
        .max()
        .unwrap_or(4);
    let mut table = format!(
        "{:<width$}  {:>8}  {:>8}  {:>8}\n",
        "term", players[0], players[1], "points"
    );
    for term in terms {
        table += &format!(
            "{:<width$}  {:>8}  {:>8}  {:>8}\n",
            term.name, term.first, term.second, term.points
        );
    }
    table
}
