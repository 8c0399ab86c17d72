//! Connect Four bitboards, after John Tromp and Pascal Pons: each column takes
//! `height + 1` bits, bottom cell first, and the extra sentinel bit on top keeps the
//! four-in-a-row shifts from running from one column into the next. A position is
//! two masks, the stones of the side to move and all stones, so playing a move is
//! an addition and finding every cell that would complete a four takes a few dozen
//! shifts. The rules and the exact solver share this code.

use crate::game::GameError;

/// Fewest columns or rows ply accepts: a line of four must fit both ways.
pub const MIN_SIDE: u32 = 4;
/// Most columns: with at least four rows, five bits a column, twelve columns fill 60 bits.
pub const MAX_WIDTH: usize = 12;

/// The board's size and the masks derived from it, computed once per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    width: u32,
    height: u32,
    /// Bits a column takes: the cells plus the sentinel.
    stride: u32,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board (no sentinels).
    board: u64,
    /// The cells of rows 0, 2, 4... (from the bottom, from 0).
    even_rows: u64,
    /// Columns from the centre outwards, which is where the good moves usually are.
    centre_order: [u8; MAX_WIDTH],
}

impl Geometry {
    /// The standard board, 7 columns by 6 rows.
    pub const STANDARD_WIDTH: u32 = 7;
    /// The standard board's number of rows.
    pub const STANDARD_HEIGHT: u32 = 6;

    /// A board of the given size, refused when a line of four does not fit or the
    /// board and its sentinel row do not fit one 64-bit word.
    pub fn new(width: u32, height: u32) -> Result<Geometry, GameError> {
        let fits = width >= MIN_SIDE
            && height >= MIN_SIDE
            && u64::from(width) * (u64::from(height) + 1) <= 64;
        if !fits {
            return Err(GameError::new(format!(
                "a {width}x{height} board does not fit: width and height from {MIN_SIDE}, and width x (height + 1) at most 64"
            )));
        }
        let stride = height + 1;
        let mut bottom = 0u64;
        for column in 0..width {
            bottom |= 1 << (column * stride);
        }
        let column_cells = (1u64 << height) - 1;
        let board = bottom * column_cells;
        let even_rows = bottom * (0x5555_5555_5555_5555 & column_cells);
        let mut centre_order = [0u8; MAX_WIDTH];
        for (index, slot) in centre_order.iter_mut().take(width as usize).enumerate() {
            // width/2, then alternately one step further left and right.
            let offset = (index as i32 + 1) / 2;
            let side = if index % 2 == 1 { -1 } else { 1 };
            *slot = (width as i32 / 2 + side * offset) as u8;
        }
        Ok(Geometry {
            width,
            height,
            stride,
            bottom,
            board,
            even_rows,
            centre_order,
        })
    }

    /// The standard 7x6 board.
    pub fn standard() -> Geometry {
        Geometry::new(Self::STANDARD_WIDTH, Self::STANDARD_HEIGHT).expect("the standard board fits")
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, which is also the longest possible game in plies.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// The columns from the centre outwards, left before right (for an even width
    /// the right-hand centre column first), as Pons orders them.
    pub fn centre_order(&self) -> &[u8] {
        &self.centre_order[..self.width as usize]
    }

    /// The bit of the cell in `column` and `row` (both from zero, row 0 at the bottom).
    #[inline]
    pub fn cell(&self, column: u32, row: u32) -> u64 {
        1 << (column * self.stride + row)
    }

    /// The bit index of a cell, for per-cell tables such as Zobrist keys.
    pub fn cell_index(&self, column: u32, row: u32) -> usize {
        (column * self.stride + row) as usize
    }

    /// Every cell of one column.
    #[inline]
    pub fn column_mask(&self, column: u32) -> u64 {
        ((1u64 << self.height) - 1) << (column * self.stride)
    }

    /// The top cell of a column: once it is taken the column is full.
    #[inline]
    pub fn top_cell(&self, column: u32) -> u64 {
        self.cell(column, self.height - 1)
    }

    /// Every cell of the board, sentinels excluded.
    #[inline]
    pub fn board_mask(&self) -> u64 {
        self.board
    }

    /// The cells of the rows whose index (from 0 at the bottom) has the parity of `row`.
    #[inline]
    pub fn rows_like(&self, row: u32) -> u64 {
        if row.is_multiple_of(2) {
            self.even_rows
        } else {
            self.board ^ self.even_rows
        }
    }

    /// The cells where a stone would complete a four together with `stones`,
    /// whether or not they can be played yet (empty cells only, given all `occupied`).
    #[inline]
    pub fn winning_cells(&self, stones: u64, occupied: u64) -> u64 {
        // Vertical: three stones right below.
        let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
        for shift in [self.stride, self.stride - 1, self.stride + 1] {
            // Two stones on one side, then one or three more across the gap.
            let pair = (stones << shift) & (stones << (2 * shift));
            cells |= pair & (stones << (3 * shift));
            cells |= pair & (stones >> shift);
            let pair = (stones >> shift) & (stones >> (2 * shift));
            cells |= pair & (stones << shift);
            cells |= pair & (stones >> (3 * shift));
        }
        cells & (self.board ^ occupied)
    }

    /// True when `stones` hold four in a row somewhere.
    #[inline]
    pub fn has_four(&self, stones: u64) -> bool {
        [1, self.stride, self.stride - 1, self.stride + 1]
            .into_iter()
            .any(|shift| {
                let pairs = stones & (stones >> shift);
                pairs & (pairs >> (2 * shift)) != 0
            })
    }

    /// The same cells seen in a mirror (column `c` becomes `width - 1 - c`): a
    /// position and its mirror image have the same value.
    pub fn mirror(&self, bits: u64) -> u64 {
        let column = (1u64 << self.stride) - 1;
        (0..self.width).fold(0, |mirrored, c| {
            let cells = (bits >> (c * self.stride)) & column;
            mirrored | cells << ((self.width - 1 - c) * self.stride)
        })
    }

    /// The score, in Pascal Pons' convention, of winning with the stone played at
    /// ply `stones_before + 1`: the number of stones the winner would still have had
    /// in hand on a full board, plus one (22 minus the winner's stones on 7x6).
    #[inline]
    pub fn win_score(&self, stones_before: u32) -> i32 {
        (self.cells() as i32 + 1 - stones_before as i32) / 2
    }
}

/// A position as two masks: the side to move's stones and all stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard {
    /// The stones of the side to move.
    current: u64,
    /// Every stone on the board.
    occupied: u64,
    /// Stones played so far.
    stones: u32,
}

impl Bitboard {
    /// The empty board.
    pub fn new() -> Bitboard {
        Bitboard::default()
    }

    /// Stones played so far (plies from the empty board).
    #[inline]
    pub fn stones(&self) -> u32 {
        self.stones
    }

    /// The stones of the side to move.
    #[inline]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// The stones of the side that just moved.
    #[inline]
    pub fn opponent(&self) -> u64 {
        self.current ^ self.occupied
    }

    /// Every stone on the board.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occupied
    }

    /// The cells where a stone can be dropped now, one per column that is not full.
    #[inline]
    pub fn playable(&self, geometry: &Geometry) -> u64 {
        (self.occupied + geometry.bottom) & geometry.board
    }

    /// True when `column` still has room.
    #[inline]
    pub fn can_play(&self, geometry: &Geometry, column: u32) -> bool {
        self.occupied & geometry.top_cell(column) == 0
    }

    /// Drops a stone in `column`, which must have room.
    #[inline]
    pub fn play_column(&mut self, geometry: &Geometry, column: u32) {
        let cell = (self.occupied + geometry.cell(column, 0)) & geometry.column_mask(column);
        self.play_cell(cell);
    }

    /// Plays the stone on `cell`, a single bit of [`Bitboard::playable`].
    #[inline]
    pub fn play_cell(&mut self, cell: u64) {
        self.current ^= self.occupied;
        self.occupied |= cell;
        self.stones += 1;
    }

    /// Takes back the stone on `cell`, the top stone of its column and the last one played.
    pub fn take_back(&mut self, cell: u64) {
        self.occupied &= !cell;
        self.current ^= self.occupied;
        self.stones -= 1;
    }

    /// Empty cells that would complete a four for the side to move.
    #[inline]
    pub fn my_winning_cells(&self, geometry: &Geometry) -> u64 {
        geometry.winning_cells(self.current, self.occupied)
    }

    /// Empty cells that would complete a four for the opponent.
    #[inline]
    pub fn their_winning_cells(&self, geometry: &Geometry) -> u64 {
        geometry.winning_cells(self.opponent(), self.occupied)
    }

    /// True when the side to move can win with its next stone.
    #[inline]
    pub fn can_win_now(&self, geometry: &Geometry) -> bool {
        self.my_winning_cells(geometry) & self.playable(geometry) != 0
    }

    /// The playable cells that do not hand the opponent a win on the next move, in
    /// Pons' sense: with an opponent threat open, only the block; with two, none;
    /// and never the cell right below an opponent threat. Assumes the side to move
    /// cannot win at once (callers check that first).
    #[inline]
    pub fn non_losing_moves(&self, geometry: &Geometry) -> u64 {
        let mut playable = self.playable(geometry);
        let threats = self.their_winning_cells(geometry);
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            playable = forced;
        }
        playable & !(threats >> 1)
    }

    /// An upper bound on the side to move's score from Allis' "claimeven": when
    /// every column has an even number of empty cells, the opponent can answer
    /// each move right above it, and so take the upper cell of every pair. If the
    /// side to move cannot make four with the lower cells, it cannot win (0), and
    /// if the opponent can make four with the upper ones, it loses (-1). `None`
    /// when the columns are not all even or the side to move has such a four.
    #[inline]
    pub fn follow_up_bound(&self, geometry: &Geometry) -> Option<i32> {
        let lower_cells = geometry.rows_like(geometry.height());
        if self.playable(geometry) & !lower_cells != 0 {
            return None;
        }
        let empty = geometry.board ^ self.occupied;
        if geometry.has_four(self.current | (empty & lower_cells)) {
            return None;
        }
        let upper_cells = empty & !lower_cells;
        Some(if geometry.has_four(self.opponent() | upper_cells) {
            -1
        } else {
            0
        })
    }

    /// True when the side that just moved completed a four.
    pub fn last_mover_won(&self, geometry: &Geometry) -> bool {
        geometry.has_four(self.opponent())
    }

    /// A number that identifies the position among all positions on this board:
    /// in each column the stones of the side to move plus a marker above the top stone.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.occupied
    }
}
