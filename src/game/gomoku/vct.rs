//! Victory by continuous threats (VCT): a win in which every attacking move is a
//! four or an open three, so the defender must answer each one. A four leaves one
//! answer (block the five); an open three leaves a few (the points that stop it from
//! becoming an open four, or a counter-four of the defender's own, which the
//! attacker must block before going on). [`vcf`](super::vcf) is the special case
//! with fours only.
//!
//! The search is an AND/OR proof: the attacker needs one threat that wins against
//! every answer. Every answer the defender has is tried, so a line found is a real
//! win: a defender move outside the answers leaves the attacker an open four (two
//! ways to five) or a five. It is bounded in attacking moves and in positions
//! visited, so "not found" means "none within the bounds".
//!
//! [`refutations`] turns it around for defence: the moves after which the
//! opponent no longer has a win by threats.

use std::collections::HashMap;
use std::time::Instant;

use super::Gomoku;
use super::board::DIRECTIONS;
use super::threats::{FOUR, OPEN_FOUR, OPEN_THREE, Shape};
use crate::game::{Game, Player};

/// Which threats the attacker may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threats {
    /// Fours only: victory by continuous fours.
    Fours,
    /// Fours and open threes.
    FoursAndThrees,
}

/// How far a threat search may go.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Attacking moves in a line.
    pub attacks: u32,
    /// Positions visited in all.
    pub nodes: u32,
}

/// A win by threats for the side to move: the first attacking move and the plies
/// of the line found. `None` when there is none within `bounds`.
pub fn find(game: &Gomoku, threats: Threats, bounds: Bounds) -> Option<Win> {
    find_touching(game, threats, bounds, None).0
}

/// [`find`], with every point the search put a stone on: the squares a
/// defence has to change something on.
/// The search gives up (finds nothing) at `deadline`.
fn find_touching(
    game: &Gomoku,
    threats: Threats,
    bounds: Bounds,
    deadline: Option<Instant>,
) -> (Option<Win>, Vec<bool>) {
    let mut search = Search {
        deadline,
        threats,
        nodes_left: bounds.nodes,
        ply: 0,
        longest: 0,
        touched: vec![false; game.board().points()],
        known: HashMap::new(),
    };
    if game.outcome().is_some() {
        return (None, search.touched);
    }
    let mut game = game.clone();
    // Shortest wins first: a deep line tried early can spend the whole budget
    // where a short one was waiting. Each pass reuses what the earlier ones learnt.
    let win = (1..=bounds.attacks)
        .find_map(|attacks| {
            search.longest = 0;
            let first = search.attack(&mut game, attacks);
            (first.is_some() || search.nodes_left == 0).then_some(first)
        })
        .flatten()
        .map(|first| Win {
            first,
            plies: search.longest,
        });
    (win, search.touched)
}

/// A win by threats found by [`find`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Win {
    /// The attacking move to play now.
    pub first: u16,
    /// The longest line the proof had to look at, in plies (a line reaching a
    /// position already proved counts as ending there).
    pub plies: usize,
}

/// The opponent of the side to move wins by threats if the side to move passes:
/// which of `moves` stop that? `None` when the opponent has no such win (every
/// move is fine as far as threats go), or when `deadline` passed before every
/// candidate was tried; an empty list when no move stops it. Only moves on a
/// square the opponent's search played on, and the side to move's own fours,
/// are candidates: a stone anywhere else leaves the opponent's lines as they were.
pub fn refutations(
    game: &Gomoku,
    moves: &[u16],
    threats: Threats,
    bounds: Bounds,
    deadline: Option<Instant>,
) -> Option<Vec<u16>> {
    let (win, touched) = find_touching(&game.passed(), threats, bounds, deadline);
    win?;
    let me = game.to_move();
    let mut game = game.clone();
    let candidates: Vec<u16> = moves
        .iter()
        .copied()
        .filter(|&m| touched[m as usize] || game.threats().best(me, m as usize) >= FOUR)
        .collect();
    let mut kept = Vec::new();
    for m in candidates {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        game.play(m);
        let stopped =
            game.outcome().is_some() || find_touching(&game, threats, bounds, deadline).0.is_none();
        game.undo();
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        if stopped {
            kept.push(m);
        }
    }
    Some(kept)
}

/// What the threat searches say before a move is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootPlan {
    /// The side to move wins by threats: play this move.
    Win(Win),
    /// The opponent would win by threats if the side to move passed: only these
    /// moves stop it (the search chooses among them).
    Defend(Vec<u16>),
    /// Nothing forcing either way (or the opponent's win cannot be stopped):
    /// every move is open to the search.
    Free,
}

/// Bounds of the root's searches: wins by fours are narrow and may go deep.
pub const ROOT_FOURS: Bounds = Bounds {
    attacks: 20,
    nodes: 4_000,
};
/// Wins by threes and fours branch more: fewer attacks, more positions.
pub const ROOT_THREATS: Bounds = Bounds {
    attacks: 6,
    nodes: 1_000,
};

/// Before choosing a move: play a win by fours or by threats when the side to
/// move has one; otherwise, when the opponent would have one after a pass, keep
/// only the moves that refute it (a refuted win by fours first, then by threats
/// among those).
///
/// With a `deadline`, a defence not finished by then leaves the moves as they
/// were before it.
pub fn root_plan(game: &Gomoku, deadline: Option<Instant>) -> RootPlan {
    if game.outcome().is_some() {
        return RootPlan::Free;
    }
    for (threats, bounds) in [
        (Threats::Fours, ROOT_FOURS),
        (Threats::FoursAndThrees, ROOT_THREATS),
    ] {
        if let Some(win) = find_touching(game, threats, bounds, deadline).0 {
            return RootPlan::Win(win);
        }
    }
    let mut moves = game.moves();
    let mut restricted = false;
    for (threats, bounds) in [
        (Threats::Fours, ROOT_FOURS),
        (Threats::FoursAndThrees, ROOT_THREATS),
    ] {
        match refutations(game, &moves, threats, bounds, deadline) {
            Some(kept) if kept.is_empty() => break,
            Some(kept) => {
                moves = kept;
                restricted = true;
            }
            None => {}
        }
    }
    if restricted {
        RootPlan::Defend(moves)
    } else {
        RootPlan::Free
    }
}

struct Search {
    /// When to give up, if ever.
    deadline: Option<Instant>,
    threats: Threats,
    nodes_left: u32,
    /// Plies from the start of the search.
    ply: usize,
    /// The deepest ply a line of the proof reached.
    longest: usize,
    /// The points a stone was put on, by either side.
    touched: Vec<bool>,
    /// What is known of the attacker's positions met so far, by hash: threat
    /// lines transpose (the same stones played in another order) all the time.
    known: HashMap<u64, Known>,
}

/// What the search learnt of one position with the attacker to move.
#[derive(Clone, Copy, Default)]
struct Known {
    /// A win within this many attacks, and its first move.
    won: Option<(u32, u16)>,
    /// No win within this many attacks (the search was not cut short).
    refuted: Option<u32>,
}

impl Search {
    /// Plays `m`, counting a node; false when the budget is spent.
    fn enter(&mut self, game: &mut Gomoku, m: u16) -> bool {
        if self.nodes_left == 0 || self.past_deadline() {
            return false;
        }
        self.nodes_left -= 1;
        self.touched[m as usize] = true;
        game.play(m);
        self.ply += 1;
        self.longest = self.longest.max(self.ply);
        true
    }

    /// True once the deadline passed (looked at every 64 nodes); the budget
    /// is spent then, so every line ends.
    fn past_deadline(&mut self) -> bool {
        let due = self.nodes_left.is_multiple_of(64)
            && self.deadline.is_some_and(|d| Instant::now() >= d);
        if due {
            self.nodes_left = 0;
        }
        due
    }

    fn leave(&mut self, game: &mut Gomoku) {
        game.undo();
        self.ply -= 1;
    }

    /// The attacker (side to move) wins by threats: the move that does it. A
    /// position met before is answered from what was learnt of it then.
    fn attack(&mut self, game: &mut Gomoku, attacks_left: u32) -> Option<u16> {
        let key = game.hash();
        let known = self.known.get(&key).copied().unwrap_or_default();
        if let Some((_, first)) = known.won.filter(|&(needed, _)| needed <= attacks_left) {
            return Some(first);
        }
        if known.refuted.is_some_and(|within| within >= attacks_left) {
            return None;
        }
        let found = self.attack_unknown(game, attacks_left);
        let entry = self.known.entry(key).or_default();
        match found {
            Some(first) => entry.won = Some((attacks_left, first)),
            None if self.nodes_left > 0 => entry.refuted = Some(attacks_left),
            None => {}
        }
        found
    }

    /// [`Search::attack`] for a position not settled by what is known.
    fn attack_unknown(&mut self, game: &mut Gomoku, attacks_left: u32) -> Option<u16> {
        let attacker = game.to_move();
        if let Some(&five) = game.five_points(attacker).first() {
            self.longest = self.longest.max(self.ply + 1);
            return Some(five as u16);
        }
        let candidates = match game.five_points(attacker.other()).as_slice() {
            // The attacker must block; the block keeps the initiative only when
            // a threat of the attacker's is still pending after it.
            [block] => vec![*block as u16],
            [] if attacks_left > 0 => self.threat_moves(game, attacker),
            _ => return None,
        };
        let blocking = game.threats().five_points(attacker.other()) > 0;
        for m in candidates {
            if !self.enter(game, m) {
                return None;
            }
            let spent = if blocking { 0 } else { 1 };
            let won = self.defend(game, attacks_left.saturating_sub(spent));
            self.leave(game);
            if won {
                return Some(m);
            }
        }
        None
    }

    /// The attacker's threats, the strongest first: fours that win at once, other
    /// fours, then (with threes allowed) moves making two or one open three.
    fn threat_moves(&self, game: &Gomoku, attacker: Player) -> Vec<u16> {
        let minimum = match self.threats {
            Threats::Fours => FOUR,
            Threats::FoursAndThrees => OPEN_THREE,
        };
        let mut moves: Vec<(Shape, i32, u16)> = (0..game.board().points())
            .filter(|&p| game.threats().best(attacker, p) >= minimum)
            .map(|p| {
                let shape = game.shape_at(attacker, p);
                (shape, super::eval::move_priority(game, p), p as u16)
            })
            .collect();
        moves.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
        moves.into_iter().map(|(_, _, p)| p).collect()
    }

    /// The defender (side to move) faces the attacker's threats: true when every
    /// answer loses to a further attack.
    fn defend(&mut self, game: &mut Gomoku, attacks_left: u32) -> bool {
        let defender = game.to_move();
        let attacker = defender.other();
        if game.outcome().is_some() {
            return game.outcome() == Some(crate::game::Outcome::Win(attacker));
        }
        if !game.five_points(defender).is_empty() {
            return false;
        }
        let fives = game.five_points(attacker);
        let answers = match fives.as_slice() {
            [_, _, ..] => {
                self.longest = self.longest.max(self.ply + 2);
                return true;
            }
            [block] => vec![*block as u16],
            [] if game.threats().count(attacker, OPEN_FOUR) > 0 => {
                self.answers_to_three(game, attacker)
            }
            // Nothing pending: the defender may play anywhere.
            [] => return false,
        };
        for m in answers {
            if !self.enter(game, m) {
                return false;
            }
            let won = self.attack(game, attacks_left).is_some();
            self.leave(game);
            if !won {
                return false;
            }
        }
        true
    }

    /// The answers to an open three: the defender's own fours, and the points on
    /// the lines of the attacker's open-four points after which the attacker has
    /// no open four to make.
    fn answers_to_three(&mut self, game: &mut Gomoku, attacker: Player) -> Vec<u16> {
        let defender = attacker.other();
        let board = game.board();
        let mut answers: Vec<u16> = (0..board.points())
            .filter(|&p| game.threats().best(defender, p) >= FOUR)
            .map(|p| p as u16)
            .collect();
        let mut near: Vec<u16> = Vec::new();
        for p in (0..board.points()).filter(|&p| game.threats().best(attacker, p) == OPEN_FOUR) {
            for (direction, &step) in DIRECTIONS.iter().enumerate() {
                if game.threats().patterns(attacker, p)[direction] != OPEN_FOUR {
                    continue;
                }
                // A point that stops the open four lies in one of the lines of
                // five it would complete, so the attacker's stone there would
                // make a four along this direction too.
                for offset in -4..=4 {
                    if let Some(q) = board.step(p, step, offset)
                        && board.is_empty(q)
                        && game.threats().patterns(attacker, q)[direction] >= FOUR
                        && !near.contains(&(q as u16))
                        && !answers.contains(&(q as u16))
                    {
                        near.push(q as u16);
                    }
                }
            }
        }
        for q in near {
            game.play(q);
            let stops = game.threats().count(attacker, OPEN_FOUR) == 0;
            game.undo();
            if stops {
                answers.push(q);
            }
        }
        answers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Outcome, Playable};

    fn position(moves: &str) -> Gomoku {
        Gomoku::parse_position(moves, &GameOptions::default()).expect("a valid position")
    }

    const WIDE: Bounds = Bounds {
        attacks: 8,
        nodes: 20_000,
    };

    #[test]
    fn a_double_three_is_a_win_by_threats_but_not_by_fours() {
        // Black f8 g8 and h9 h10; White in the corners. h8 makes two open threes.
        let game = position("f8 a1 g8 a15 h9 o1 h10 o15");
        assert_eq!(find(&game, Threats::Fours, WIDE), None);
        let win = find(&game, Threats::FoursAndThrees, WIDE).expect("a win by threats");
        assert_eq!(game.format_move(win.first), "h8");
    }

    #[test]
    fn a_win_by_threats_played_out_against_every_answer_ends_in_five() {
        // Whatever White answers (any candidate move), Black's next threat
        // found by the search keeps the win until five stand in a row.
        let game = position("f8 a1 g8 a15 h9 o1 h10 o15");
        assert!(wins_against_every_answer(&game, 4));
    }

    /// The side to move reaches five within `attacks` threats, following the
    /// threat search's move, whatever the opponent answers among all its moves.
    fn wins_against_every_answer(game: &Gomoku, attacks: u32) -> bool {
        let attacker = game.to_move();
        let mut game = game.clone();
        let Some(win) = find(&game, Threats::FoursAndThrees, WIDE) else {
            return false;
        };
        game.play(win.first);
        if game.outcome() == Some(Outcome::Win(attacker)) {
            return true;
        }
        if attacks == 0 {
            return false;
        }
        game.moves().into_iter().all(|answer| {
            let mut next = game.clone();
            next.play(answer);
            next.outcome().is_none() && wins_against_every_answer(&next, attacks - 1)
        })
    }

    #[test]
    fn the_side_facing_a_double_four_keeps_only_the_moves_that_stop_it() {
        // Black h9 h10 h11 (White h12 above) and i7 j7 k7 (White l7 beside):
        // h7 would make two fours at once. White to move.
        let game = position("h9 h12 h10 l7 h11 a1 i7 a15 j7 o1 k7");
        assert!(find(&game.passed(), Threats::Fours, WIDE).is_some());
        let kept = refutations(&game, &game.moves(), Threats::Fours, WIDE, None).expect("a threat");
        assert!(!kept.is_empty());
        for m in kept {
            let mut after = game.clone();
            after.play(m);
            assert_eq!(
                find(&after, Threats::Fours, WIDE),
                None,
                "{}",
                game.format_move(m)
            );
        }
        assert!(matches!(root_plan(&game, None), RootPlan::Defend(_)));
    }
}
