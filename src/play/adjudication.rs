//! Ending engine games early, as engine testers do (cutechess-cli's `-resign`
//! and `-draw`): once both engines' own scores agree that a game is won, or
//! dead even, for some moves in a row, the match stops it with that result
//! instead of playing the won game out to mate or the drawn one to the move
//! limit. `ply match` sets it; the arcade never does.

use crate::game::{Outcome, Player};
use crate::search::score::Score;

/// A score held for a number of a side's moves in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streak {
    /// The side's own moves in a row.
    pub moves: u32,
    /// The score, in the game's evaluation points (centipawns in chess).
    pub score: Score,
}

/// When a match ends a game early; both parts are off unless given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// A side whose searches scored it `score` or more behind on `moves` of
    /// its moves in a row, while the other's scored that side as far ahead on
    /// as many of its own, loses.
    pub resign: Option<Streak>,
    /// From this many plies on, both sides' searches within `score` of even on
    /// `moves` of their moves in a row: a draw.
    pub draw: Option<(usize, Streak)>,
}

/// Each side's moves in a row behind, ahead and near even, as its own searches
/// scored them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    behind: [u32; 2],
    ahead: [u32; 2],
    even: [u32; 2],
}

impl Adjudication {
    /// True when neither part is set.
    pub fn is_off(&self) -> bool {
        self.resign.is_none() && self.draw.is_none()
    }

    /// Counts `side`'s move, which its search scored `score` for itself.
    pub fn record(&self, tally: &mut Tally, side: Player, score: Score) {
        let i = side.index();
        let count = |held: bool, run: &mut u32| *run = if held { *run + 1 } else { 0 };
        let resign = self.resign.map_or(Score::MAX, |r| r.score);
        count(score <= -resign, &mut tally.behind[i]);
        count(score >= resign, &mut tally.ahead[i]);
        let even = self.draw.map_or(-1, |(_, d)| d.score);
        count(score.abs() <= even, &mut tally.even[i]);
    }

    /// The result the scores so far decide after `plies` plies, if any.
    pub fn verdict(&self, tally: &Tally, plies: usize) -> Option<Outcome> {
        if let Some(resign) = self.resign {
            for loser in [Player::First, Player::Second] {
                let winner = loser.other();
                if tally.behind[loser.index()] >= resign.moves
                    && tally.ahead[winner.index()] >= resign.moves
                {
                    return Some(Outcome::Win(winner));
                }
            }
        }
        let (from, draw) = self.draw?;
        (plies >= from && tally.even.iter().all(|&run| run >= draw.moves)).then_some(Outcome::Draw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: Adjudication = Adjudication {
        resign: Some(Streak {
            moves: 2,
            score: 500,
        }),
        draw: Some((
            10,
            Streak {
                moves: 2,
                score: 10,
            },
        )),
    };

    fn play(scores: &[(Player, Score)]) -> Tally {
        let mut tally = Tally::default();
        for &(side, score) in scores {
            RULES.record(&mut tally, side, score);
        }
        tally
    }

    #[test]
    fn a_side_loses_when_both_searches_agree_on_enough_moves_in_a_row() {
        use Player::{First, Second};
        let lost = play(&[(First, -600), (Second, 700), (First, -550), (Second, 520)]);
        assert_eq!(RULES.verdict(&lost, 40), Some(Outcome::Win(Second)));
        // One side's hope, or a break in the run, keeps the game going.
        let hopeful = play(&[(First, -600), (Second, 700), (First, -550), (Second, 400)]);
        assert_eq!(RULES.verdict(&hopeful, 40), None);
        let broken = play(&[
            (First, -600),
            (Second, 700),
            (First, 0),
            (Second, 900),
            (First, -900),
        ]);
        assert_eq!(RULES.verdict(&broken, 40), None);
    }

    #[test]
    fn a_dead_even_game_is_drawn_only_after_its_first_plies() {
        use Player::{First, Second};
        let even = play(&[(First, 5), (Second, -3), (First, 0), (Second, 10)]);
        assert_eq!(RULES.verdict(&even, 9), None);
        assert_eq!(RULES.verdict(&even, 10), Some(Outcome::Draw));
        assert_eq!(Adjudication::default().verdict(&even, 100), None, "off");
        let uneven = play(&[(First, 5), (Second, -3), (First, 0), (Second, 11)]);
        assert_eq!(RULES.verdict(&uneven, 40), None);
    }
}
