//! Victory by continuous fours (VCF): a win in which every attacking move is a
//! four, so the defender's reply is forced each time (block the five, or lose).
//! Such a search is narrow and deep, where a full-width search is wide and
//! shallow; it is how Gomoku programs see wins ten or twenty plies away.
//!
//! The attacker is the side to move. Each step: complete five if possible; if the
//! defender threatens five, the attacker must block, and goes on only if the block
//! is itself a four; otherwise try every four. After a four with two completion
//! points (an open four, or two fours at once) the defender cannot stop both.

use super::Gomoku;
use super::threats::Shape;
use crate::game::Game;

/// A forcing line that wins for the side to move: attacker's four, defender's
/// block, and so on, ending with the stone that completes five. `None` when no
/// such line was found within `max_fours` fours and `budget` positions.
pub fn find(game: &Gomoku, max_fours: u32, budget: u32) -> Option<Vec<u16>> {
    if game.outcome().is_some() {
        return None;
    }
    let mut game = game.clone();
    let mut search = Vcf {
        nodes_left: budget,
        line: Vec::new(),
    };
    search.attack(&mut game, max_fours).then_some(search.line)
}

struct Vcf {
    nodes_left: u32,
    /// The line being tried, attacker's and defender's moves in turn.
    line: Vec<u16>,
}

impl Vcf {
    /// True when the side to move wins by fours; the winning line is in `self.line`.
    fn attack(&mut self, game: &mut Gomoku, fours_left: u32) -> bool {
        let attacker = game.to_move();
        if let Some(&five) = game.five_points(attacker).first() {
            self.line.push(five as u16);
            return true;
        }
        if fours_left == 0 {
            return false;
        }
        let threatened = game.five_points(attacker.other());
        let mut candidates = match threatened.as_slice() {
            [] => game.four_points(attacker),
            [block] if game.threats().best(attacker, *block) >= super::threats::FOUR => {
                vec![*block]
            }
            _ => return false,
        };
        // Fours that win outright (open fours, double fours) first.
        candidates
            .sort_by_key(|&p| std::cmp::Reverse(game.shape_at(attacker, p) == Shape::Winning));
        for four in candidates {
            if self.nodes_left == 0 {
                return false;
            }
            self.nodes_left -= 1;
            if self.try_four(game, four as u16, fours_left) {
                return true;
            }
        }
        false
    }

    /// Plays the attacker's four and the defender's forced block, and goes on.
    fn try_four(&mut self, game: &mut Gomoku, four: u16, fours_left: u32) -> bool {
        let attacker = game.to_move();
        game.play(four);
        self.line.push(four);
        let completions = game.five_points(attacker);
        let won = match completions.as_slice() {
            [] => false,
            [block] => {
                game.play(*block as u16);
                self.line.push(*block as u16);
                let won = self.attack(game, fours_left - 1);
                if !won {
                    self.line.pop();
                }
                game.undo();
                won
            }
            [first, second, ..] => {
                // Two ways to five: the defender blocks one, the other remains.
                self.line.extend([*first as u16, *second as u16]);
                true
            }
        };
        if !won {
            self.line.pop();
        }
        game.undo();
        won
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};

    fn position(text: &str) -> Gomoku {
        Gomoku::parse_position(text, &GameOptions::default()).expect("a valid position")
    }

    #[test]
    fn an_open_three_wins_by_fours_for_the_side_to_move_only() {
        // Black: e5 f5 g5, an open three on rank 5, plus h8 h7; White's stones sit
        // in the corners. With White to move there is no White four at all.
        let white_to_move = position("h8 a15 h7 o15 e5 a1 f5 o1 g5");
        assert_eq!(find(&white_to_move, 10, 10_000), None);
        // Black to move: d5 or h5 makes an open four, then five.
        let mut game = white_to_move.clone();
        game.play(game.parse_move("a8").unwrap());
        let line = find(&game, 10, 10_000).expect("a win by fours");
        assert_eq!(line.len(), 3, "four, block, five");
        let mut end = game.clone();
        for &m in &line {
            end.play(m);
        }
        assert_eq!(
            end.outcome(),
            Some(crate::game::Outcome::Win(game.to_move()))
        );
    }
}
