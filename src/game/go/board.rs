//! The Go board as a fast rules engine: stones, chained groups with their
//! liberties, captures, suicide, the simple-ko point and a Zobrist hash of the
//! stones, all kept incrementally so random playouts are cheap.
//!
//! Points live in a padded one-dimensional array: each row has one extra cell that
//! serves as the border on both sides, and a border row lies above and below, so
//! the four neighbours of any point are `p ± 1` and `p ± stride` without bounds
//! checks. Stones of a group form a circular list (`next`); every stone names its
//! group's root, which holds the group's figures. Liberties are counted as
//! pseudo-liberties (one per stone-and-empty-neighbour pair) together with the sum
//! and the sum of squares of their points: a group is in atari exactly when all its
//! pseudo-liberties are the same point, that is when `count * squares == sum²`,
//! and that point is `sum / count`. No liberty list is ever walked.

use crate::game::{Player, zobrist};

/// The largest board side.
pub const MAX_SIZE: usize = 19;
/// The smallest board side.
pub const MIN_SIZE: usize = 5;
/// Cells of the padded array for the largest board, borders included.
pub const MAX_CELLS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1) + 1;

const ZOBRIST_TABLE: u64 = 0x60;
/// One key per (colour, cell).
const KEYS: [u64; 2 * MAX_CELLS] = zobrist::table(ZOBRIST_TABLE);

/// What a cell holds.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// A cell of the padded array that lies on the board.
pub type Point = u16;

/// The Zobrist key of a stone of `player` on `point`.
pub fn stone_key(player: Player, point: Point) -> u64 {
    KEYS[player.index() * MAX_CELLS + point as usize]
}

fn colour_code(player: Player) -> u8 {
    player.index() as u8 + 1
}

/// The stones and groups of a Go position, without history: the side to move,
/// passes and superko belong to [`super::Go`].
#[derive(Clone, Debug)]
pub struct Board {
    size: usize,
    stride: usize,
    cells: [u8; MAX_CELLS],
    /// The next stone of the same group, in a circular list.
    next: [Point; MAX_CELLS],
    /// The root stone of each stone's group.
    root: [Point; MAX_CELLS],
    /// Per root: pseudo-liberties.
    libs: [u16; MAX_CELLS],
    /// Per root: sum of the pseudo-liberties' points.
    lib_sum: [u32; MAX_CELLS],
    /// Per root: sum of their squares.
    lib_squares: [u32; MAX_CELLS],
    /// Per root: stones in the group.
    stones: [u16; MAX_CELLS],
    /// Per root: the Zobrist keys of the group's stones, combined, so a capture's
    /// effect on the hash is known without walking the group.
    group_hash: [u64; MAX_CELLS],
    /// The point the side to move may not take back at once (simple ko), if any.
    ko: Option<Point>,
    hash: u64,
    captures: [u32; 2],
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells[..] == other.cells[..] && self.ko == other.ko
    }
}

impl Board {
    /// An empty board of side `size` (the caller checks it is 5 to 19).
    pub fn new(size: usize) -> Board {
        let stride = size + 1;
        let mut cells = [BORDER; MAX_CELLS];
        for rank in 0..size {
            for file in 0..size {
                cells[(rank + 1) * stride + file + 1] = EMPTY;
            }
        }
        Board {
            size,
            stride,
            cells,
            next: [0; MAX_CELLS],
            root: [0; MAX_CELLS],
            libs: [0; MAX_CELLS],
            lib_sum: [0; MAX_CELLS],
            lib_squares: [0; MAX_CELLS],
            stones: [0; MAX_CELLS],
            group_hash: [0; MAX_CELLS],
            ko: None,
            hash: 0,
            captures: [0; 2],
        }
    }

    /// Points along one side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The point at zero-based (file, rank), rank 0 at the bottom.
    pub fn point(&self, file: usize, rank: usize) -> Point {
        ((rank + 1) * self.stride + file + 1) as Point
    }

    /// Zero-based (file, rank) of a point.
    pub fn coordinates(&self, point: Point) -> (usize, usize) {
        let p = point as usize;
        (p % self.stride - 1, p / self.stride - 1)
    }

    /// Every point of the board, bottom rank first.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |rank| (0..self.size).map(move |file| self.point(file, rank)))
    }

    /// Replaces the contents of `out` with the empty points, bottom rank first,
    /// reusing its allocation (playouts refresh their list after captures).
    pub fn empty_points_into(&self, out: &mut Vec<Point>) {
        out.clear();
        for rank in 0..self.size {
            let start = (rank + 1) * self.stride + 1;
            for p in start..start + self.size {
                if self.cells[p] == EMPTY {
                    out.push(p as Point);
                }
            }
        }
    }

    /// Whose stone stands on `point`, if any.
    pub fn stone(&self, point: Point) -> Option<Player> {
        match self.cells[point as usize] {
            BLACK => Some(Player::First),
            WHITE => Some(Player::Second),
            _ => None,
        }
    }

    /// True when `point` is on the board and has no stone.
    pub fn is_empty(&self, point: Point) -> bool {
        self.cells[point as usize] == EMPTY
    }

    /// The Zobrist hash of the stones alone (positional superko compares these).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point where the simple-ko rule forbids an immediate recapture.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// Stones each side has captured: indexed by [`Player::index`].
    pub fn captures(&self) -> [u32; 2] {
        self.captures
    }

    /// The four neighbours of a point, some of which may be border cells.
    pub fn neighbours(&self, point: Point) -> [Point; 4] {
        let s = self.stride as Point;
        [point - s, point - 1, point + 1, point + s]
    }

    fn diagonals(&self, point: Point) -> [Point; 4] {
        let s = self.stride as Point;
        [point - s - 1, point - s + 1, point + s - 1, point + s + 1]
    }

    /// True when the group of the stone on `point` has a single liberty.
    fn in_atari(&self, root: Point) -> bool {
        let r = root as usize;
        let sum = u64::from(self.lib_sum[r]);
        u64::from(self.libs[r]) * u64::from(self.lib_squares[r]) == sum * sum
    }

    /// The only liberty of the group on `point` when it is in atari, found from the
    /// pseudo-liberty sums without walking the group (cheap enough for playouts).
    pub fn atari_liberty(&self, point: Point) -> Option<Point> {
        self.stone(point)?;
        let root = self.root[point as usize];
        let libs = u32::from(self.libs[root as usize]);
        (libs > 0 && self.in_atari(root)).then(|| (self.lib_sum[root as usize] / libs) as Point)
    }

    /// The number of real liberties of the group on `point` (walks the group: for
    /// displays and tests, not the hot path).
    pub fn liberties(&self, point: Point) -> usize {
        let mut seen = Vec::new();
        for stone in self.group(point) {
            for n in self.neighbours(stone) {
                if self.is_empty(n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.len()
    }

    /// The stones of the group on `point` (none on an empty point), walked
    /// without allocating, for the playouts' tactics.
    pub fn group_stones(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        let first = self.stone(point).map(|_| point);
        std::iter::successors(first, move |&p| {
            let next = self.next[p as usize];
            (next != point).then_some(next)
        })
    }

    /// The two liberties of the group on `point` when it has exactly two. A
    /// liberty touches at most four of the group's stones, so a group counting
    /// more than eight pseudo-liberties has three or more and is not walked:
    /// cheap enough for the playouts' tactics.
    pub fn two_liberties(&self, point: Point) -> Option<(Point, Point)> {
        let root = self.root[point as usize] as usize;
        if self.stone(point).is_none() || self.libs[root] > 8 || self.in_atari(root as Point) {
            return None;
        }
        let mut found = [0; 3];
        let mut count = 0;
        for stone in self.group_stones(point) {
            for n in self.neighbours(stone) {
                if self.cells[n as usize] == EMPTY && !found[..count].contains(&n) {
                    if count == 2 {
                        return None;
                    }
                    found[count] = n;
                    count += 1;
                }
            }
        }
        (count == 2).then_some((found[0], found[1]))
    }

    /// The stones of the group on `point`.
    pub fn group(&self, point: Point) -> Vec<Point> {
        self.group_stones(point).collect()
    }

    /// True when `player` may put a stone on `point` under the board's own rules:
    /// the point is empty, the move is not suicide and not an immediate ko
    /// recapture. Positional superko is [`super::Go`]'s to check.
    pub fn is_legal(&self, point: Point, player: Player) -> bool {
        self.is_empty(point) && self.ko != Some(point) && !self.is_suicide(point, player)
    }

    /// True when a stone of `player` on the empty `point` would have no liberty
    /// and capture nothing.
    pub fn is_suicide(&self, point: Point, player: Player) -> bool {
        let mine = colour_code(player);
        for n in self.neighbours(point) {
            match self.cells[n as usize] {
                EMPTY => return false,
                BORDER => {}
                c => {
                    let in_atari = self.in_atari(self.root[n as usize]);
                    if (c == mine) != in_atari {
                        // Own group with another liberty, or an enemy group captured.
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The eight cells around `point` as two bits each (empty, black, white,
    /// border), north-west first, row by row: the key of the 3x3 pattern tables.
    pub fn surroundings(&self, point: Point) -> u16 {
        let s = self.stride as Point;
        let around = [
            point + s - 1,
            point + s,
            point + s + 1,
            point - 1,
            point + 1,
            point - s - 1,
            point - s,
            point - s + 1,
        ];
        around.iter().fold(0, |code, &p| {
            (code << 2) | u16::from(self.cells[p as usize])
        })
    }

    /// The eight neighbours of `point`, orthogonal and diagonal (some may be border).
    pub fn around(&self, point: Point) -> [Point; 8] {
        let [a, b, c, d] = self.neighbours(point);
        let [e, f, g, h] = self.diagonals(point);
        [a, b, c, d, e, f, g, h]
    }

    /// True when a stone of `player` on the empty `point` would leave its group
    /// (with `min_stones` stones or more) in atari without capturing anything: the
    /// blunder that light playouts avoid. Walks only the groups that touch `point`,
    /// stopping at the second liberty found.
    pub fn is_self_atari(&self, point: Point, player: Player, min_stones: usize) -> bool {
        let mine = colour_code(player);
        let mut liberties: [Point; 2] = [0; 2];
        let mut found = 0;
        let mut note = |p: Point, found: &mut usize| {
            if p != point && !liberties[..*found].contains(&p) && *found < 2 {
                liberties[*found] = p;
                *found += 1;
            }
        };
        let mut stones = 1;
        let mut friends: [Point; 4] = [0; 4];
        let mut friend_count = 0;
        for n in self.neighbours(point) {
            match self.cells[n as usize] {
                EMPTY => note(n, &mut found),
                BORDER => {}
                c if c == mine => {
                    let root = self.root[n as usize];
                    if !friends[..friend_count].contains(&root) {
                        friends[friend_count] = root;
                        friend_count += 1;
                        stones += self.stones[root as usize] as usize;
                    }
                }
                _ => {
                    if self.in_atari(self.root[n as usize]) {
                        return false;
                    }
                }
            }
        }
        for &root in &friends[..friend_count] {
            let mut stone = root;
            loop {
                for n in self.neighbours(stone) {
                    if self.cells[n as usize] == EMPTY {
                        note(n, &mut found);
                    }
                }
                if found >= 2 {
                    return false;
                }
                stone = self.next[stone as usize];
                if stone == root {
                    break;
                }
            }
        }
        found < 2 && stones >= min_stones
    }

    /// The hash of the stones after `player` plays the legal `point`, without
    /// playing it: the new stone's key and the keys of the groups it captures.
    pub fn hash_after(&self, point: Point, player: Player) -> u64 {
        let theirs = colour_code(player.other());
        let mut hash = self.hash ^ stone_key(player, point);
        let mut captured: [Point; 4] = [0; 4];
        let mut count = 0;
        for n in self.neighbours(point) {
            if self.cells[n as usize] != theirs {
                continue;
            }
            let root = self.root[n as usize];
            if self.in_atari(root) && !captured[..count].contains(&root) {
                captured[count] = root;
                count += 1;
                hash ^= self.group_hash[root as usize];
            }
        }
        hash
    }

    /// Puts a stone of `player` on the legal `point`: merges groups, removes
    /// captured ones, and sets the simple-ko point.
    pub fn play(&mut self, point: Point, player: Player) {
        let theirs = colour_code(player.other());
        self.ko = None;
        self.place(point, player);
        let mut captured = 0u32;
        let mut last_captured = 0;
        for n in self.neighbours(point) {
            if self.cells[n as usize] == theirs && self.libs[self.root[n as usize] as usize] == 0 {
                captured += self.remove_group(n);
                last_captured = n;
            }
        }
        self.captures[player.index()] += captured;
        let root = self.root[point as usize] as usize;
        if captured == 1 && self.stones[root] == 1 && self.in_atari(root as Point) {
            self.ko = Some(last_captured);
        }
    }

    /// Puts a setup stone (SGF `AB`/`AW`) on the empty `point` without capturing
    /// anything; the caller checks afterwards that every group has a liberty.
    pub fn set_up(&mut self, point: Point, player: Player) {
        self.place(point, player);
    }

    /// A pass: only the ko point goes.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Puts a stone without capturing: a group of one, merged with its friends,
    /// and one pseudo-liberty taken from every neighbouring group.
    fn place(&mut self, point: Point, player: Player) {
        let p = point as usize;
        self.cells[p] = colour_code(player);
        self.hash ^= stone_key(player, point);
        self.next[p] = point;
        self.root[p] = point;
        self.libs[p] = 0;
        self.lib_sum[p] = 0;
        self.lib_squares[p] = 0;
        self.stones[p] = 1;
        self.group_hash[p] = stone_key(player, point);
        for n in self.neighbours(point) {
            match self.cells[n as usize] {
                EMPTY => self.add_liberty(point, n),
                BORDER => {}
                _ => self.remove_liberty(self.root[n as usize], point),
            }
        }
        let mine = self.cells[p];
        for n in self.neighbours(point) {
            if self.cells[n as usize] == mine && self.root[n as usize] != self.root[p] {
                self.merge(self.root[p], self.root[n as usize]);
            }
        }
    }

    fn add_liberty(&mut self, root: Point, liberty: Point) {
        let (r, l) = (root as usize, u32::from(liberty));
        self.libs[r] += 1;
        self.lib_sum[r] += l;
        self.lib_squares[r] += l * l;
    }

    fn remove_liberty(&mut self, root: Point, liberty: Point) {
        let (r, l) = (root as usize, u32::from(liberty));
        self.libs[r] -= 1;
        self.lib_sum[r] -= l;
        self.lib_squares[r] -= l * l;
    }

    /// Joins two groups: the smaller one's stones are renamed to the larger root.
    fn merge(&mut self, a: Point, b: Point) {
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] {
            (a as usize, b as usize)
        } else {
            (b as usize, a as usize)
        };
        let mut p = small;
        loop {
            self.root[p] = big as Point;
            p = self.next[p] as usize;
            if p == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_squares[big] += self.lib_squares[small];
        self.stones[big] += self.stones[small];
        self.group_hash[big] ^= self.group_hash[small];
    }

    /// Takes a captured group off the board, giving its points back as liberties
    /// to the neighbouring groups; returns the number of stones.
    fn remove_group(&mut self, point: Point) -> u32 {
        let root = self.root[point as usize] as usize;
        let count = u32::from(self.stones[root]);
        self.hash ^= self.group_hash[root];
        let start = point;
        let mut p = start;
        loop {
            self.cells[p as usize] = EMPTY;
            p = self.next[p as usize];
            if p == start {
                break;
            }
        }
        loop {
            // One pseudo-liberty per neighbouring stone, as placing counts them.
            for n in self.neighbours(p) {
                if matches!(self.cells[n as usize], BLACK | WHITE) {
                    self.add_liberty(self.root[n as usize], p);
                }
            }
            p = self.next[p as usize];
            if p == start {
                break;
            }
        }
        count
    }

    /// True when `point` is an eye of `player` in the playout sense: every
    /// neighbour is theirs (or the edge) and the opponent holds at most one
    /// diagonal (none on the edge), so filling it would only hurt them.
    pub fn is_eye(&self, point: Point, player: Player) -> bool {
        let mine = colour_code(player);
        if !self.is_empty(point) {
            return false;
        }
        let mut edge = false;
        for n in self.neighbours(point) {
            match self.cells[n as usize] {
                BORDER => edge = true,
                c if c == mine => {}
                _ => return false,
            }
        }
        let theirs = colour_code(player.other());
        let enemy_diagonals = self
            .diagonals(point)
            .iter()
            .filter(|&&d| self.cells[d as usize] == theirs)
            .count();
        enemy_diagonals + usize::from(edge) < 2
    }

    /// Stones of each side and empty points reached only by that side (Tromp-Taylor
    /// area), indexed by [`Player::index`].
    pub fn area(&self) -> [u32; 2] {
        let mut area = self.stone_counts();
        for (region, owner) in self.empty_regions() {
            if let Some(player) = owner {
                area[player.index()] += region.len() as u32;
            }
        }
        area
    }

    /// The Tromp-Taylor area when the board is settled, every empty region
    /// reaching stones of one colour only (no dame, no stone left standing in the
    /// other side's area); `None` while any region is neutral. What a pass may
    /// rest on: on a settled board the count is the one players would agree.
    pub fn settled_area(&self) -> Option<[u32; 2]> {
        let mut area = self.stone_counts();
        for (region, owner) in self.empty_regions() {
            area[owner?.index()] += region.len() as u32;
        }
        Some(area)
    }

    /// The owner of every empty point by Tromp-Taylor: `Some` when its region
    /// touches stones of one colour only. Indexed by cell.
    pub fn territory(&self) -> Vec<Option<Player>> {
        let mut owner = vec![None; MAX_CELLS];
        for (region, player) in self.empty_regions() {
            for p in region {
                owner[p as usize] = player;
            }
        }
        owner
    }

    /// The empty regions, each with the one colour it touches (`None` when it
    /// touches both or neither).
    fn empty_regions(&self) -> Vec<(Vec<Point>, Option<Player>)> {
        let mut seen = [false; MAX_CELLS];
        let mut regions = Vec::new();
        for start in self.points() {
            if !self.is_empty(start) || seen[start as usize] {
                continue;
            }
            let mut region = vec![start];
            let mut reaches = 0u8;
            seen[start as usize] = true;
            let mut next = 0;
            while next < region.len() {
                let p = region[next];
                next += 1;
                for n in self.neighbours(p) {
                    match self.cells[n as usize] {
                        EMPTY if !seen[n as usize] => {
                            seen[n as usize] = true;
                            region.push(n);
                        }
                        BLACK => reaches |= 1,
                        WHITE => reaches |= 2,
                        _ => {}
                    }
                }
            }
            let owner = match reaches {
                1 => Some(Player::First),
                2 => Some(Player::Second),
                _ => None,
            };
            regions.push((region, owner));
        }
        regions
    }

    /// Stones of each side on the board.
    pub fn stone_counts(&self) -> [u32; 2] {
        let mut counts = [0; 2];
        for point in self.points() {
            if let Some(player) = self.stone(point) {
                counts[player.index()] += 1;
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every group's figures recomputed from the stones.
    fn assert_consistent(board: &Board) {
        let mut hash = 0;
        for p in board.points() {
            let Some(player) = board.stone(p) else {
                continue;
            };
            hash ^= stone_key(player, p);
            let root = board.root[p as usize];
            let group = board.group(p);
            assert!(group.iter().all(|&s| board.root[s as usize] == root));
            let mut libs = 0u16;
            let mut sum = 0u32;
            for &s in &group {
                for n in board.neighbours(s) {
                    if board.is_empty(n) {
                        libs += 1;
                        sum += u32::from(n);
                    }
                }
            }
            assert_eq!(board.libs[root as usize], libs, "pseudo-liberties at {p}");
            assert_eq!(board.lib_sum[root as usize], sum);
            assert_eq!(board.stones[root as usize] as usize, group.len());
            assert!(libs > 0, "a group on the board has a liberty");
            let two = board.two_liberties(p);
            assert_eq!(
                two.is_some(),
                board.liberties(p) == 2,
                "two liberties at {p}"
            );
            if let Some((a, b)) = two {
                assert!(a != b && board.is_empty(a) && board.is_empty(b));
                assert!(group.iter().any(|&s| board.neighbours(s).contains(&a)));
                assert!(group.iter().any(|&s| board.neighbours(s).contains(&b)));
            }
        }
        let territory = board.territory();
        let neutral = board
            .points()
            .any(|p| board.is_empty(p) && territory[p as usize].is_none());
        let expected = (!neutral).then(|| board.area());
        assert_eq!(
            board.settled_area(),
            expected,
            "settled only without a neutral point"
        );
        assert_eq!(board.hash, hash);
    }

    #[test]
    fn a_board_is_settled_once_no_empty_region_is_neutral() {
        let mut board = Board::new(5);
        assert_eq!(
            board.settled_area(),
            None,
            "the empty board reaches no colour"
        );
        for rank in 0..5 {
            board.play(board.point(2, rank), Player::First);
            board.play(board.point(3, rank), Player::Second);
        }
        assert_eq!(board.settled_area(), Some([15, 10]));
        board.play(board.point(0, 0), Player::Second);
        assert_eq!(board.settled_area(), None, "a stone in the other's area");
        assert_eq!(board.area(), [5, 11], "its region counts for nobody");
    }

    #[test]
    fn random_play_keeps_every_group_figure_consistent() {
        let mut board = Board::new(7);
        let mut player = Player::First;
        let mut state = 12345u64;
        for _ in 0..2000 {
            state = zobrist::mix64(state);
            let legal: Vec<Point> = board
                .points()
                .filter(|&p| board.is_legal(p, player))
                .collect();
            if legal.is_empty() {
                board.pass();
            } else {
                let p = legal[(state % legal.len() as u64) as usize];
                let expected = board.hash_after(p, player);
                board.play(p, player);
                assert_eq!(board.hash(), expected);
            }
            assert_consistent(&board);
            player = player.other();
        }
    }
}
