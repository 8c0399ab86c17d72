//! The Kalah board and the sowing rule, shared by the playable game and the solver.

use crate::game::Player;

/// The most pits a side may have (`-o pits=`).
pub const MAX_PITS: usize = 10;
/// The most seeds a pit may start with (`-o seeds=`): 2 x 10 x 12 = 240 seeds fit a byte.
pub const MAX_SEEDS: usize = 12;
/// The most seeds a board may hold, so that every cell fits a byte.
pub const MAX_TOTAL: u32 = u8::MAX as u32;
/// Cells of the largest board: two rows of pits and two stores.
pub const MAX_CELLS: usize = 2 * MAX_PITS + 2;

/// When the last seed in an empty pit of one's own captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureRule {
    /// Always, even when the opposite pit is empty (the rule of the solved results).
    Empty,
    /// Only when the opposite pit holds seeds.
    Standard,
}

/// What a sowing left the mover with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sowing {
    /// The last seed fell in the mover's store: the mover moves again.
    ExtraTurn,
    /// The opponent moves next.
    TurnPasses,
    /// A side ran out of seeds: the rest went to the stores and the game is over.
    GameOver,
}

/// The cells of a board: the first player's pits from their left, their store, then
/// the second player's pits from their left, their store. Sowing runs up the
/// indices, wrapping round, so it goes anticlockwise for both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; MAX_CELLS],
    pits: u8,
}

impl Board {
    /// The start position: `pits` pits a side with `seeds` seeds each, empty stores.
    /// The caller keeps both within [`MAX_PITS`] and [`MAX_SEEDS`].
    pub fn new(pits: usize, seeds: u8) -> Board {
        let mut board = Board::empty(pits);
        for player in [Player::First, Player::Second] {
            for pit in 0..pits {
                board.cells[board.pit_cell(player, pit)] = seeds;
            }
        }
        board
    }

    /// A board with no seeds at all, to fill cell by cell.
    pub(super) fn empty(pits: usize) -> Board {
        Board {
            cells: [0; MAX_CELLS],
            pits: pits as u8,
        }
    }

    /// Pits a side.
    pub fn pits(&self) -> usize {
        self.pits as usize
    }

    /// Cells in use: both rows of pits and both stores.
    pub fn cell_count(&self) -> usize {
        2 * self.pits() + 2
    }

    /// The seeds in every cell in use, in the order described on [`Board`].
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.cell_count()]
    }

    pub(super) fn set_cell(&mut self, cell: usize, seeds: u8) {
        self.cells[cell] = seeds;
    }

    /// Index of `player`'s store among the cells.
    pub fn store_cell(&self, player: Player) -> usize {
        match player {
            Player::First => self.pits(),
            Player::Second => 2 * self.pits() + 1,
        }
    }

    /// Index of `player`'s pit `pit` (0 = their leftmost) among the cells.
    pub fn pit_cell(&self, player: Player, pit: usize) -> usize {
        match player {
            Player::First => pit,
            Player::Second => self.pits() + 1 + pit,
        }
    }

    /// Seeds in `player`'s pit `pit` (0 = their leftmost).
    pub fn seeds(&self, player: Player, pit: usize) -> u8 {
        self.cells[self.pit_cell(player, pit)]
    }

    /// Seeds in `player`'s store.
    pub fn store(&self, player: Player) -> u8 {
        self.cells[self.store_cell(player)]
    }

    /// `player`'s row of pits, from their left.
    pub fn side(&self, player: Player) -> &[u8] {
        let first = self.pit_cell(player, 0);
        &self.cells[first..first + self.pits()]
    }

    /// Seeds in `player`'s pits.
    pub fn side_seeds(&self, player: Player) -> u32 {
        self.side(player).iter().map(|&s| u32::from(s)).sum()
    }

    /// Seeds still in play, in both rows of pits.
    pub fn seeds_in_play(&self) -> u32 {
        self.side_seeds(Player::First) + self.side_seeds(Player::Second)
    }

    /// True once either row is empty: the game is over (and the seeds left count
    /// for the side they are on).
    pub fn is_over(&self) -> bool {
        self.side_seeds(Player::First) == 0 || self.side_seeds(Player::Second) == 0
    }

    /// What `player` ends with if the game stops now: their store plus their row.
    pub fn final_count(&self, player: Player) -> u32 {
        u32::from(self.store(player)) + self.side_seeds(player)
    }

    /// `player`'s store minus the opponent's.
    pub fn store_margin(&self, player: Player) -> i32 {
        i32::from(self.store(player)) - i32::from(self.store(player.other()))
    }

    /// The cell after `cell` on `mover`'s way round (the opponent's store is skipped).
    fn next_cell(&self, cell: usize, mover: Player) -> usize {
        let skip = self.store_cell(mover.other());
        let mut next = (cell + 1) % self.cell_count();
        if next == skip {
            next = (next + 1) % self.cell_count();
        }
        next
    }

    /// The cell opposite a pit (the first player's leftmost faces the second's rightmost).
    pub fn opposite(&self, cell: usize) -> usize {
        2 * self.pits() - cell
    }

    /// The cell where sowing `mover`'s pit `pit` drops its last seed, without sowing:
    /// so a board can show where a move ended.
    pub fn last_cell(&self, mover: Player, pit: usize) -> usize {
        let start = self.pit_cell(mover, pit);
        let rest = self.cells[start] as usize % (self.cell_count() - 1);
        (0..rest).fold(start, |cell, _| self.next_cell(cell, mover))
    }

    /// True when `cell` is one of `player`'s pits.
    fn is_pit_of(&self, cell: usize, player: Player) -> bool {
        let first = self.pit_cell(player, 0);
        (first..first + self.pits()).contains(&cell)
    }

    /// Sows `mover`'s pit `pit` (which must hold seeds), applies a capture and the
    /// end of the game, and says who moves next.
    pub fn sow(&mut self, mover: Player, pit: usize, capture: CaptureRule) -> Sowing {
        let start = self.pit_cell(mover, pit);
        let seeds = std::mem::take(&mut self.cells[start]) as usize;
        let lap = self.cell_count() - 1;
        let (laps, rest) = (seeds / lap, seeds % lap);
        if laps > 0 {
            let skip = self.store_cell(mover.other());
            for cell in (0..self.cell_count()).filter(|&c| c != skip) {
                self.cells[cell] += laps as u8;
            }
        }
        let mut last = start;
        for _ in 0..rest {
            last = self.next_cell(last, mover);
            self.cells[last] += 1;
        }
        if self.is_pit_of(last, mover) && self.cells[last] == 1 {
            self.capture(mover, last, capture);
        }
        if self.is_over() {
            self.sweep();
            Sowing::GameOver
        } else if last == self.store_cell(mover) {
            Sowing::ExtraTurn
        } else {
            Sowing::TurnPasses
        }
    }

    /// The last seed fell in an empty pit of the mover's: it and the opposite pit
    /// go to the mover's store, if the rule allows.
    fn capture(&mut self, mover: Player, cell: usize, rule: CaptureRule) {
        let opposite = self.opposite(cell);
        if rule == CaptureRule::Standard && self.cells[opposite] == 0 {
            return;
        }
        let taken =
            std::mem::take(&mut self.cells[cell]) + std::mem::take(&mut self.cells[opposite]);
        let store = self.store_cell(mover);
        self.cells[store] += taken;
    }

    /// Each player adds the seeds left on their side to their store.
    fn sweep(&mut self) {
        for player in [Player::First, Player::Second] {
            let total = self.side_seeds(player) as u8;
            for pit in 0..self.pits() {
                let cell = self.pit_cell(player, pit);
                self.cells[cell] = 0;
            }
            let store = self.store_cell(player);
            self.cells[store] += total;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_cell_is_where_sowing_drops_its_last_seed() {
        let board = Board::new(6, 4);
        // South's pit 3 (from 1) sows into pits 4, 5, 6 and the store.
        assert_eq!(
            board.last_cell(Player::First, 2),
            board.store_cell(Player::First)
        );
        assert_eq!(
            board.last_cell(Player::First, 0),
            board.pit_cell(Player::First, 4)
        );
        // North's pit 6 sows into its store, then South's pits 1, 2 and 3.
        assert_eq!(
            board.last_cell(Player::Second, 5),
            board.pit_cell(Player::First, 2)
        );
        // 14 seeds go once round the 13 cells South sows into (North's store skipped)
        // and one further: the last lands one past the pit, after the full lap.
        let mut full = Board::empty(6);
        full.set_cell(full.pit_cell(Player::First, 5), 14);
        assert_eq!(
            full.last_cell(Player::First, 5),
            full.store_cell(Player::First)
        );
        // Worked by hand, 13 cells a lap for South: 13 seeds from pit 1 end back in
        // pit 1; 12 from pit 2 skip North's store and end in pit 1; 20 from pit 5
        // go once round, then 7 more to North's pit 5.
        for (pit, seeds, last) in [(0, 13, 0), (1, 12, 0), (4, 20, 11)] {
            let mut board = Board::empty(6);
            board.set_cell(board.pit_cell(Player::First, pit), seeds);
            assert_eq!(board.last_cell(Player::First, pit), last, "{seeds} seeds");
        }
    }
}
