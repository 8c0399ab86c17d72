//! The evaluation bar of the analysis board, as lichess draws it: a vertical bar
//! whose lower part is the first player's share of the game (White's in chess),
//! the upper part the second player's, half and half when even, full for a win.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::screens::review::ScoreUnit;
use super::theme::Theme;
use crate::search::score::{self, Score};

/// How steep the bar is: the share of a score of the unit's whole range, as
/// lichess's winning chances give about 97% at ten pawns.
const STEEPNESS: f64 = 3.68;

/// The first player's share of the bar, from 0 to 1, for a score in the first
/// player's view: a win is all, a loss nothing; a Monte Carlo score (a win rate
/// from -1000 to +1000) is its win rate; else the logistic curve of the score
/// in the game's unit.
pub fn first_share(score: Score, unit: ScoreUnit, win_rate: bool) -> f64 {
    if score::is_win(score) {
        1.0
    } else if score::is_loss(score) {
        0.0
    } else if win_rate {
        ((f64::from(score) / 1000.0 + 1.0) / 2.0).clamp(0.0, 1.0)
    } else {
        let units = f64::from(score) / unit.points;
        1.0 / (1.0 + (-STEEPNESS * units / unit.most_range).exp())
    }
}

/// The bar widget: the first player's share, drawn from the bottom up.
pub struct EvalBar<'a> {
    /// The first player's share, from 0 to 1; `None` before any score.
    pub share: Option<f64>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for EvalBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        let height = usize::from(area.height);
        // Rounded to whole rows, but never all or nothing unless it is a win.
        let filled = self.share.map_or(height / 2, |share| {
            let rows = (share * height as f64).round() as usize;
            match share {
                s if s >= 1.0 => height,
                s if s <= 0.0 => 0,
                _ => rows.clamp(1, height.saturating_sub(1)),
            }
        });
        for row in 0..height {
            let from_bottom = height - row;
            let (symbol, style) = if from_bottom <= filled {
                ("█", self.theme.sides[0])
            } else {
                ("░", self.theme.dim)
            };
            for x in area.left()..area.right() {
                buf[(x, area.top() + row as u16)]
                    .set_symbol(symbol)
                    .set_style(style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_is_half_wins_are_full_and_more_is_more() {
        let pawns = ScoreUnit {
            name: "pawns",
            points: 100.0,
            least_range: 1.0,
            most_range: 10.0,
        };
        assert_eq!(first_share(0, pawns, false), 0.5);
        assert_eq!(first_share(score::WIN, pawns, false), 1.0);
        assert_eq!(first_share(-score::WIN, pawns, false), 0.0);
        assert!(first_share(100, pawns, false) > 0.5);
        assert!(first_share(300, pawns, false) > first_share(100, pawns, false));
        assert!(first_share(-300, pawns, false) < 0.5);
        assert_eq!(first_share(500, pawns, true), 0.75, "a 75% win rate");
    }
}
