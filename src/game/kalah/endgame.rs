//! Kalah endgame databases: the exact future margin of every position with few
//! seeds left in the pits, as the published solvers used them (Irving, Donkers and
//! Uiterwijk 2000).
//!
//! Seeds only ever leave the pits (into a store), so a position with `k` seeds in
//! play leads only to positions with at most `k`. A move that keeps all `k` in play
//! shifts the mover's own seeds towards their store, so the positions of one level
//! never form a cycle: each level is computed from the levels below it and from
//! positions of its own level by a memoised negamax, and nothing else.
//!
//! A position is its `2m` pits seen from the side to move (own row first); the
//! stores do not matter, since the value is the *future* margin. Positions with `k`
//! seeds are numbered by the combinatorial number system (weak compositions of `k`
//! into `2m` parts in lexicographic order), level after level, so the database for
//! `k` seeds is a prefix of the one for more: one file per board width and capture
//! rule, grown when a deeper one is wanted.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::board::{Board, CaptureRule, MAX_PITS, Sowing};
use crate::game::Player;
use crate::game::progress::SOLVE_PROGRESS;

/// Marks a position not yet computed while a level is being built.
const UNKNOWN: i8 = i8::MIN;
/// The deepest database: every value (at most the seeds in play) fits an `i8`.
const MAX_LEVEL: u32 = 120;
/// The default size limit of one database, in bytes (one byte a position): room for
/// the 834 million positions with at most 23 seeds in the pits, with which
/// Kalah(6,5) is proven in 45 minutes (its first probe took 2.2 times as long with
/// the 20 levels of 256 MiB).
const DEFAULT_MAX_BYTES: u64 = 1 << 30;
/// Positions built between two updates of the progress line.
const PROGRESS_INTERVAL: u64 = 1 << 16;
/// Smaller databases are built in memory each time; larger ones are cached on disk.
const MIN_CACHED_BYTES: u64 = 32 << 20;
/// The first bytes of a database file.
const MAGIC: &[u8; 8] = b"PLYKALAH";
/// The file format's version, bumped when the numbering, the values or the
/// header change (2: the header carries the values' checksum).
const VERSION: u32 = 2;
/// Bytes before the values: magic, version, pits, capture rule, levels, checksum.
const HEADER_BYTES: usize = 8 + 4 * 4 + 8;

/// Where databases are cached and how large they may grow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameConfig {
    /// The cache folder; `None` keeps every database in memory only.
    pub dir: Option<PathBuf>,
    /// The largest database built, in bytes (0: no database at all).
    pub max_bytes: u64,
    /// How many seeds in play the database covers; `None`: as the solver sees fit
    /// for the position (tests choose).
    pub levels: Option<u32>,
}

impl EndgameConfig {
    /// The user's cache folder (`PLY_CACHE_DIR` overrides it, for tests and for
    /// machines without a home) and a size limit of 1 GiB (`PLY_KALAH_DB_MIB`
    /// overrides it; 0 turns the databases off).
    pub fn from_env() -> EndgameConfig {
        let dir = std::env::var_os("PLY_CACHE_DIR")
            .map(PathBuf::from)
            .or_else(|| {
                directories::ProjectDirs::from("", "", "ply").map(|d| d.cache_dir().to_path_buf())
            });
        let max_bytes = std::env::var("PLY_KALAH_DB_MIB")
            .ok()
            .and_then(|mib| mib.trim().parse::<u64>().ok())
            .map_or(DEFAULT_MAX_BYTES, |mib| mib.saturating_mul(1 << 20));
        EndgameConfig {
            dir,
            max_bytes,
            levels: None,
        }
    }

    /// A database in memory only, of `levels` levels: for tests.
    pub fn in_memory(levels: u32) -> EndgameConfig {
        EndgameConfig {
            dir: None,
            max_bytes: DEFAULT_MAX_BYTES,
            levels: Some(levels),
        }
    }
}

/// How many weak compositions of `k` into `n` parts there are, for every `n` up
/// to the cells of a board and every `k` up to the levels of a database.
#[derive(Debug)]
struct Compositions {
    /// `count[n][k]`, saturating.
    count: Vec<Vec<u64>>,
    /// `offset[k]`: positions with fewer than `k` seeds (the first index of level `k`).
    offset: Vec<u64>,
}

impl Compositions {
    fn new(cells: usize, levels: u32) -> Compositions {
        let width = levels as usize + 2;
        let mut count = vec![vec![0u64; width]; cells + 1];
        count[0][0] = 1;
        for n in 1..=cells {
            for k in 0..width {
                let below = if k > 0 { count[n][k - 1] } else { 0 };
                count[n][k] = below.saturating_add(count[n - 1][k]);
            }
        }
        let mut offset = vec![0u64; width];
        for k in 1..width {
            offset[k] = offset[k - 1].saturating_add(count[cells][k - 1]);
        }
        Compositions { count, offset }
    }

    /// Positions with at most `levels` seeds.
    fn positions(&self, levels: u32) -> u64 {
        self.offset[levels as usize + 1]
    }

    /// The index of the position whose cells (mover's row, then the opponent's)
    /// hold `seeds` seeds in all.
    fn index(&self, mover_row: &[u8], other_row: &[u8], seeds: u32) -> usize {
        let cells = mover_row.len() + other_row.len();
        let mut rest = seeds as usize;
        let mut index = self.offset[rest];
        for (i, &c) in mover_row
            .iter()
            .chain(other_row)
            .enumerate()
            .take(cells - 1)
        {
            let parts = &self.count[cells - i];
            index += parts[rest] - parts[rest - c as usize];
            rest -= c as usize;
        }
        index as usize
    }
}

/// The future margin, for the side to move, of every position of one board width
/// with at most [`Endgame::levels`] seeds in play.
#[derive(Debug)]
pub struct Endgame {
    pits: usize,
    capture: CaptureRule,
    levels: u32,
    numbering: Compositions,
    values: Vec<i8>,
}

/// Databases built or loaded by this process, shared by every solve.
static LOADED: Mutex<Vec<Arc<Endgame>>> = Mutex::new(Vec::new());

impl Endgame {
    /// The database for `pits` pits a side under `capture`, with at least
    /// `wanted` levels if the size limit allows (fewer otherwise): from this
    /// process's memory, else the cache folder, else built (and cached when large).
    /// `None` when the limit allows no level worth having.
    pub fn obtain(
        pits: usize,
        capture: CaptureRule,
        wanted: u32,
        config: &EndgameConfig,
    ) -> Option<Arc<Endgame>> {
        let levels = wanted.min(Endgame::levels_within(pits, config.max_bytes));
        if levels == 0 {
            return None;
        }
        let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = loaded
            .iter()
            .find(|e| e.pits == pits && e.capture == capture && e.levels >= levels)
        {
            return Some(Arc::clone(found));
        }
        let path = config
            .dir
            .as_deref()
            .map(|dir| file_path(dir, pits, capture));
        let cached = path.as_deref().and_then(|p| {
            let read = Endgame::read(p, pits, capture);
            if read.is_none() {
                // Damaged, of an older format or not there: never trusted, rebuilt.
                let _ = std::fs::remove_file(p);
            }
            read
        });
        let mut endgame = cached.unwrap_or_else(|| Endgame::empty(pits, capture));
        if endgame.levels < levels {
            endgame.extend(levels);
            if let Some(dir) = config
                .dir
                .as_deref()
                .filter(|_| endgame.bytes() >= MIN_CACHED_BYTES)
            {
                // A cache that cannot be written only costs the next run a rebuild.
                let _ = endgame.save_in(dir);
            }
        }
        let endgame = Arc::new(endgame);
        loaded.retain(|e| !(e.pits == pits && e.capture == capture));
        loaded.push(Arc::clone(&endgame));
        Some(endgame)
    }

    /// A database with no level at all (not even the empty board), to extend.
    fn empty(pits: usize, capture: CaptureRule) -> Endgame {
        Endgame {
            pits,
            capture,
            levels: 0,
            numbering: Compositions::new(2 * pits, 0),
            values: vec![0],
        }
    }

    /// The most levels whose database fits `max_bytes`.
    fn levels_within(pits: usize, max_bytes: u64) -> u32 {
        let numbering = Compositions::new(2 * pits.min(MAX_PITS), MAX_LEVEL);
        (0..=MAX_LEVEL)
            .take_while(|&k| numbering.positions(k) <= max_bytes)
            .last()
            .unwrap_or(0)
    }

    /// Positions with at most this many seeds in play are in the database.
    pub fn levels(&self) -> u32 {
        self.levels
    }

    fn bytes(&self) -> u64 {
        self.values.len() as u64
    }

    /// The future margin of `board` for `mover` (whose pits hold at most
    /// [`Endgame::levels`] seeds and who has a move: the game is not over).
    pub fn value(&self, board: &Board, mover: Player) -> i32 {
        let index = self.numbering.index(
            board.side(mover),
            board.side(mover.other()),
            board.seeds_in_play(),
        );
        i32::from(self.values[index])
    }

    /// Computes every level from the current one up to `levels`.
    fn extend(&mut self, levels: u32) {
        self.numbering = Compositions::new(2 * self.pits, levels);
        self.values
            .resize(self.numbering.positions(levels) as usize, UNKNOWN);
        let cells = 2 * self.pits;
        for seeds in self.levels + 1..=levels {
            let mut row = vec![0u8; cells];
            row[cells - 1] = seeds as u8;
            let first = self.numbering.offset[seeds as usize];
            let mut done = 0u64;
            loop {
                let board = board_of(self.pits, &row);
                self.value_or_compute(&board, Player::First);
                done += 1;
                if done.is_multiple_of(PROGRESS_INTERVAL) {
                    SOLVE_PROGRESS.record_database(seeds, levels, first + done);
                }
                if !next_composition(&mut row) {
                    break;
                }
            }
        }
        SOLVE_PROGRESS.record_database_done();
        self.levels = levels;
    }

    /// The stored value, computing it (and the unknown positions of its level it
    /// leads to) first if needed.
    fn value_or_compute(&mut self, board: &Board, mover: Player) -> i32 {
        let index = self.numbering.index(
            board.side(mover),
            board.side(mover.other()),
            board.seeds_in_play(),
        );
        if self.values[index] == UNKNOWN {
            let value = self.negamax(board, mover);
            self.values[index] = value as i8;
        }
        i32::from(self.values[index])
    }

    /// The future margin of `board` for `mover` from its children's values.
    fn negamax(&mut self, board: &Board, mover: Player) -> i32 {
        if board.is_over() {
            return board.side_seeds(mover) as i32 - board.side_seeds(mover.other()) as i32;
        }
        let mut best = i32::MIN;
        for pit in (0..self.pits).filter(|&pit| board.seeds(mover, pit) > 0) {
            let mut after = *board;
            let sowing = after.sow(mover, pit, self.capture);
            let gain = after.store_margin(mover) - board.store_margin(mover);
            let value = match sowing {
                Sowing::GameOver => gain,
                Sowing::ExtraTurn => gain + self.value_or_compute(&after, mover),
                Sowing::TurnPasses => gain - self.value_or_compute(&after, mover.other()),
            };
            best = best.max(value);
        }
        best
    }

    /// Reads a cached database; `None` if missing, of another board or format, or
    /// damaged (its values do not match the checksum written with them).
    fn read(path: &Path, pits: usize, capture: CaptureRule) -> Option<Endgame> {
        let mut file = std::fs::File::open(path).ok()?;
        let mut header = [0u8; HEADER_BYTES];
        file.read_exact(&mut header).ok()?;
        let word = |i: usize| u32::from_le_bytes(header[8 + 4 * i..12 + 4 * i].try_into().unwrap());
        let expected = [VERSION, pits as u32, capture_code(capture)];
        if &header[..8] != MAGIC || [word(0), word(1), word(2)] != expected {
            return None;
        }
        let levels = word(3).min(MAX_LEVEL);
        let numbering = Compositions::new(2 * pits, levels);
        let size = numbering.positions(levels) as usize;
        let mut bytes = vec![0u8; size];
        file.read_exact(&mut bytes).ok()?;
        if file.read(&mut [0u8; 1]).ok()? != 0 {
            return None;
        }
        let written = u64::from_le_bytes(header[HEADER_BYTES - 8..].try_into().unwrap());
        if checksum(&bytes) != written {
            return None;
        }
        Some(Endgame {
            pits,
            capture,
            levels,
            numbering,
            values: bytes.into_iter().map(|b| b as i8).collect(),
        })
    }

    /// Writes the database into the cache folder `dir`, where [`Endgame::obtain`]
    /// looks for it, atomically; the path written.
    pub fn save_in(&self, dir: &Path) -> std::io::Result<PathBuf> {
        let path = file_path(dir, self.pits, self.capture);
        self.write(&path)?;
        Ok(path)
    }

    /// Writes the database to `path` atomically.
    fn write(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let values: Vec<u8> = self.values.iter().map(|&v| v as u8).collect();
        let mut bytes = Vec::with_capacity(HEADER_BYTES + values.len());
        bytes.extend_from_slice(MAGIC);
        for word in [
            VERSION,
            self.pits as u32,
            capture_code(self.capture),
            self.levels,
        ] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes.extend_from_slice(&checksum(&values).to_le_bytes());
        bytes.extend_from_slice(&values);
        crate::fsutil::write_atomic(path, &bytes)
    }
}

/// A 64-bit checksum of a database's values (FNV-1a's constants, over 8 bytes at
/// a time): each step is a bijection of the running value, so any one changed
/// word changes the result, and a changed length too.
fn checksum(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut words = bytes.chunks_exact(8);
    let mut hash = OFFSET;
    for word in &mut words {
        hash = (hash ^ u64::from_le_bytes(word.try_into().unwrap())).wrapping_mul(PRIME);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash ^ u64::from_le_bytes(tail)).wrapping_mul(PRIME);
    (hash ^ bytes.len() as u64).wrapping_mul(PRIME)
}

/// The cache file of one board width and capture rule.
fn file_path(dir: &Path, pits: usize, capture: CaptureRule) -> PathBuf {
    let rule = match capture {
        CaptureRule::Empty => "empty",
        CaptureRule::Standard => "standard",
    };
    dir.join(format!("kalah-endgame-{pits}-{rule}.db"))
}

fn capture_code(capture: CaptureRule) -> u32 {
    match capture {
        CaptureRule::Empty => 0,
        CaptureRule::Standard => 1,
    }
}

/// The board whose first player's row is the first half of `cells` and the
/// second's the other half, stores empty.
fn board_of(pits: usize, cells: &[u8]) -> Board {
    let mut board = Board::empty(pits);
    for (pit, (&mine, &theirs)) in cells[..pits].iter().zip(&cells[pits..]).enumerate() {
        board.set_cell(board.pit_cell(Player::First, pit), mine);
        board.set_cell(board.pit_cell(Player::Second, pit), theirs);
    }
    board
}

/// The next weak composition of the same sum in lexicographic order (the last
/// part holds the rest); false after the last one.
fn next_composition(parts: &mut [u8]) -> bool {
    let last = parts.len() - 1;
    let mut tail = parts[last];
    for j in (0..last).rev() {
        if tail > 0 {
            parts[j] += 1;
            parts[j + 1..].fill(0);
            parts[last] = tail - 1;
            return true;
        }
        tail += parts[j];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositions_are_numbered_one_to_one_and_in_order() {
        let numbering = Compositions::new(4, 5);
        for seeds in 0..=5u32 {
            let mut parts = [0u8, 0, 0, seeds as u8];
            let mut expected = numbering.offset[seeds as usize] as usize;
            loop {
                assert_eq!(numbering.index(&parts[..2], &parts[2..], seeds), expected);
                expected += 1;
                if !next_composition(&mut parts) {
                    break;
                }
            }
            assert_eq!(expected as u64, numbering.offset[seeds as usize + 1]);
        }
    }

    #[test]
    fn a_database_file_round_trips_and_grows() {
        let dir = std::env::temp_dir().join(format!("ply-endgame-test-{}", std::process::id()));
        let mut small = Endgame::empty(2, CaptureRule::Empty);
        small.extend(4);
        let path = file_path(&dir, 2, CaptureRule::Empty);
        small.write(&path).unwrap();
        let mut read = Endgame::read(&path, 2, CaptureRule::Empty).unwrap();
        assert_eq!(read.values, small.values);
        assert!(Endgame::read(&path, 3, CaptureRule::Empty).is_none());
        assert!(Endgame::read(&path, 2, CaptureRule::Standard).is_none());
        read.extend(7);
        let mut fresh = Endgame::empty(2, CaptureRule::Empty);
        fresh.extend(7);
        assert_eq!(read.values, fresh.values);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_database_with_any_byte_altered_is_not_read() {
        let dir = std::env::temp_dir().join(format!("ply-endgame-sum-{}", std::process::id()));
        let mut db = Endgame::empty(2, CaptureRule::Standard);
        db.extend(5);
        let path = db.save_in(&dir).unwrap();
        let good = std::fs::read(&path).unwrap();
        for at in HEADER_BYTES - 8..good.len() {
            let mut bad = good.clone();
            bad[at] ^= 0x41;
            std::fs::write(&path, &bad).unwrap();
            assert!(
                Endgame::read(&path, 2, CaptureRule::Standard).is_none(),
                "byte {at}"
            );
        }
        std::fs::write(&path, &good).unwrap();
        assert!(Endgame::read(&path, 2, CaptureRule::Standard).is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
