//! The Gomoku board: stones on a square grid of up to 19x19 points, the four line
//! directions, and the rule that says what counts as a winning row.

use crate::game::Player;

/// The largest board side the game accepts.
pub const MAX_SIZE: usize = 19;
/// Points on the largest board: fixed-size arrays hold any board.
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;
/// The four line directions as (file step, rank step): across, up, and the two
/// diagonals. Every line is walked both ways, so these four cover all eight.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The code of a point past the board's edge in [`Board::line`].
pub const OFF_BOARD: u8 = 3;

/// Which rows of stones win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins (an overline counts).
    Freestyle,
    /// Exactly five in a row wins; six or more do not.
    Exact,
}

impl Rule {
    /// True when an unbroken row of `length` stones wins under this rule.
    pub fn wins(self, length: usize) -> bool {
        match self {
            Rule::Freestyle => length >= 5,
            Rule::Exact => length == 5,
        }
    }

    /// The option value naming the rule (`-o rule=exact`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
        }
    }
}

/// The stones on the board; points are numbered `rank * size + file`, rank 0 at
/// the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: usize,
    /// 0 for an empty point, 1 for a first-player stone, 2 for a second-player one.
    cells: [u8; MAX_POINTS],
}

impl Board {
    /// An empty board `size` points wide and high (the caller checks the size).
    pub fn new(size: usize) -> Board {
        Board {
            size,
            cells: [0; MAX_POINTS],
        }
    }

    /// Points along one side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of points.
    pub fn points(&self) -> usize {
        self.size * self.size
    }

    /// The point at zero-based (file, rank).
    pub fn point(&self, file: usize, rank: usize) -> usize {
        rank * self.size + file
    }

    /// Zero-based (file, rank) of a point.
    pub fn coordinates(&self, point: usize) -> (usize, usize) {
        (point % self.size, point / self.size)
    }

    /// The centre point, where the first stone goes when the search chooses.
    pub fn centre(&self) -> usize {
        self.point(self.size / 2, self.size / 2)
    }

    /// Whose stone stands on `point`, if any.
    pub fn stone(&self, point: usize) -> Option<Player> {
        match self.cells[point] {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    /// True when no stone stands on `point`.
    pub fn is_empty(&self, point: usize) -> bool {
        self.cells[point] == 0
    }

    /// Puts a stone on `point`.
    pub fn place(&mut self, point: usize, player: Player) {
        self.cells[point] = player.index() as u8 + 1;
    }

    /// Takes the stone off `point`.
    pub fn remove(&mut self, point: usize) {
        self.cells[point] = 0;
    }

    /// The point `steps` steps from `point` along `direction` (negative steps go
    /// the other way), if it is on the board.
    pub fn step(&self, point: usize, direction: (i32, i32), steps: i32) -> Option<usize> {
        let (file, rank) = self.coordinates(point);
        let file = file as i32 + direction.0 * steps;
        let rank = rank as i32 + direction.1 * steps;
        let size = self.size as i32;
        ((0..size).contains(&file) && (0..size).contains(&rank))
            .then(|| self.point(file as usize, rank as usize))
    }

    /// The contents of the points `-REACH..=REACH` steps from `point` along
    /// `direction`, in order: 0 empty, 1 a first-player stone, 2 a second-player
    /// stone, [`OFF_BOARD`] past the edge.
    pub fn line<const LEN: usize>(&self, point: usize, direction: (i32, i32)) -> [u8; LEN] {
        let reach = (LEN / 2) as i32;
        let (file, rank) = self.coordinates(point);
        let size = self.size as i32;
        let mut line = [OFF_BOARD; LEN];
        for (slot, k) in line.iter_mut().zip(-reach..=reach) {
            let f = file as i32 + direction.0 * k;
            let r = rank as i32 + direction.1 * k;
            if (0..size).contains(&f) && (0..size).contains(&r) {
                *slot = self.cells[(r * size + f) as usize];
            }
        }
        line
    }

    /// Stones of `player` in an unbroken row through `point` along `direction`,
    /// counting `point` itself as theirs.
    pub fn run_through(&self, point: usize, direction: (i32, i32), player: Player) -> usize {
        let theirs = |p: Option<usize>| p.and_then(|p| self.stone(p)) == Some(player);
        let reach = |sign: i32| {
            (1..)
                .take_while(|&k| theirs(self.step(point, direction, sign * k)))
                .count()
        };
        1 + reach(1) + reach(-1)
    }

    /// True when the stone of `player` on `point` completes a winning row.
    pub fn wins_at(&self, point: usize, player: Player, rule: Rule) -> bool {
        DIRECTIONS
            .iter()
            .any(|&d| rule.wins(self.run_through(point, d, player)))
    }

    /// The points of a winning row through `point`, if the stone there makes one.
    pub fn winning_row_at(&self, point: usize, rule: Rule) -> Option<Vec<usize>> {
        let player = self.stone(point)?;
        DIRECTIONS.iter().find_map(|&d| {
            if !rule.wins(self.run_through(point, d, player)) {
                return None;
            }
            let mine = |k: i32| {
                self.step(point, d, k)
                    .filter(|&p| self.stone(p) == Some(player))
            };
            let back = (1..).take_while(|&k| mine(-k).is_some()).count() as i32;
            let start = self.step(point, d, -back)?;
            let row = (0..)
                .map_while(|k| {
                    self.step(start, d, k)
                        .filter(|&p| self.stone(p) == Some(player))
                })
                .collect();
            Some(row)
        })
    }

    /// A winning row anywhere on the board, for positions read from text.
    pub fn find_winning_row(&self, player: Player, rule: Rule) -> Option<Vec<usize>> {
        (0..self.points())
            .filter(|&p| self.stone(p) == Some(player))
            .find_map(|p| self.winning_row_at(p, rule))
    }

    /// Stones of each player: (first, second).
    pub fn stone_counts(&self) -> (usize, usize) {
        let cells = &self.cells[..self.points()];
        let count = |v: u8| cells.iter().filter(|&&c| c == v).count();
        (count(1), count(2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stop_at_the_edges() {
        let board = Board::new(15);
        let a1 = board.point(0, 0);
        assert_eq!(board.step(a1, (1, 1), 2), Some(board.point(2, 2)));
        assert_eq!(board.step(a1, (1, -1), 1), None);
        assert_eq!(board.step(a1, (1, 0), -1), None);
        assert_eq!(board.step(a1, (0, 1), 14), Some(board.point(0, 14)));
        assert_eq!(board.step(a1, (0, 1), 15), None);
    }

    #[test]
    fn an_overline_wins_only_in_freestyle() {
        let mut board = Board::new(15);
        for file in 0..6 {
            board.place(board.point(file, 3), Player::First);
        }
        let end = board.point(5, 3);
        assert_eq!(board.run_through(end, (1, 0), Player::First), 6);
        assert!(board.wins_at(end, Player::First, Rule::Freestyle));
        assert!(!board.wins_at(end, Player::First, Rule::Exact));
        assert_eq!(
            board.winning_row_at(end, Rule::Freestyle).map(|r| r.len()),
            Some(6)
        );
    }
}
