//! Games kept between runs: every game in progress is written after each move to
//! the user's data directory as a small versioned JSON record, so a game survives
//! quitting, a crash or a closed terminal; a finished game stays there as history.
//!
//! A record holds what it takes to set the game up again (game, options, start
//! position, the moves in the game's own notation, who plays each side with which
//! engine settings, the clocks), never the engine's memory. Files are written
//! atomically ([`crate::fsutil::write_atomic`]); a file that cannot be read is
//! listed with a one-line reason and does not hide the others.
//!
//! An arcade that has a game open holds its lock file `NAME.lock` (its process id
//! inside), so a second arcade sees the game in use and does not write over it; a
//! lock whose process is gone is stale and taken over. A save's name is its file
//! name as the file system has it, bytes that are not UTF-8 included.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::clock::TimeControl;
use super::error::PlayError;
use super::setup::{EngineSettings, PlaySetup, Seat};
use crate::game::{GameOptions, Outcome, Player};
use crate::search::{Additions, Algorithm, MctsConfig};

/// The record format written now; a file of another version is listed as unreadable.
pub const FORMAT_VERSION: u32 = 1;
/// The environment variable that puts the store somewhere else (tests, portable use).
pub const DATA_DIR_VARIABLE: &str = "PLY_DATA_DIR";
/// The folder of the data directory that holds the games.
const GAMES_FOLDER: &str = "games";

/// One game as it is kept on disk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// [`FORMAT_VERSION`] when written.
    pub version: u32,
    /// The game's id, as in `ply list`.
    pub game: String,
    /// The game's options as `KEY=VALUE` strings.
    pub options: Vec<String>,
    /// The start position in the game's notation, when not the usual one.
    pub position: Option<String>,
    /// The moves from the start position, each in the game's notation.
    pub moves: Vec<String>,
    /// Who plays the first side.
    pub first: SavedSeat,
    /// Who plays the second side.
    pub second: SavedSeat,
    /// The time control, when the game is played with clocks.
    pub clock: Option<SavedClock>,
    /// Whether the computer's search trees are recorded for the explorer.
    pub record_tree: bool,
    /// The result once the game is over, in words (`X wins`, `draw`); `None` in progress.
    pub result: Option<String>,
    /// Seconds since 1970 when last written.
    pub saved_at: u64,
}

/// Who plays one side, as kept on disk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum SavedSeat {
    /// A person.
    Human,
    /// The computer with its settings.
    Computer(SavedEngine),
}

/// An engine's settings in plain fields, so the file reads without the code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedEngine {
    /// The algorithm's name (`alphabeta`, `engine`, `mcts`, `minimax`).
    pub algorithm: String,
    /// Move ordering added.
    pub ordering: bool,
    /// A transposition table added.
    pub table: bool,
    /// Iterative deepening added.
    pub iterative: bool,
    /// The evaluation's name.
    pub eval: String,
    /// Depth limit in plies.
    pub depth: Option<u32>,
    /// Time per move in milliseconds.
    pub time_ms: Option<u64>,
    /// Node limit per move.
    pub nodes: Option<u64>,
    /// Who is MAX in the explorer: 1 or 2; none for the side to move.
    pub max_player: Option<u8>,
    /// Monte Carlo search's exploration constant in hundredths (MCTS only;
    /// absent from older records, which get the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exploration_centi: Option<u32>,
    /// RAVE on or off (MCTS only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rave: Option<bool>,
    /// The playouts' seed (MCTS only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcts_seed: Option<u64>,
    /// Alpha-beta's pruning rule: cut on equality (`true`, the course's rule) or
    /// the strict rule (alpha-beta only; absent from older records: `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prune_on_equal: Option<bool>,
    /// Threads searching at once, when more than one (absent from older
    /// records, which get one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
}

/// The clocks: the control and each side's time left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    /// Minutes each at the start.
    pub minutes: u32,
    /// Seconds added per move.
    pub increment_secs: u32,
    /// Milliseconds left for the first and the second side.
    pub left_ms: [u64; 2],
}

impl SavedSeat {
    /// The seat as kept from the seat in play.
    pub fn from_seat(seat: &Seat) -> SavedSeat {
        match seat {
            Seat::Human => SavedSeat::Human,
            Seat::Computer(engine) => {
                let mcts = (engine.algorithm == Algorithm::Mcts).then_some(engine.mcts);
                SavedSeat::Computer(SavedEngine {
                    algorithm: engine.algorithm.name().to_string(),
                    ordering: engine.additions.ordering,
                    table: engine.additions.table,
                    iterative: engine.additions.iterative,
                    eval: engine.eval.clone(),
                    depth: engine.depth,
                    time_ms: engine.time.map(|t| t.as_millis() as u64),
                    nodes: engine.nodes,
                    max_player: engine.max_player.map(|p| p.index() as u8 + 1),
                    exploration_centi: mcts.map(|m| m.exploration_centi),
                    rave: mcts.map(|m| m.rave),
                    mcts_seed: mcts.map(|m| m.seed),
                    prune_on_equal: (engine.algorithm == Algorithm::AlphaBeta)
                        .then_some(engine.prune_on_equal),
                    threads: (engine.threads > 1).then_some(engine.threads),
                })
            }
        }
    }

    /// The seat in play, or why the record's settings make none.
    pub fn to_seat(&self) -> Result<Seat, PlayError> {
        let SavedSeat::Computer(saved) = self else {
            return Ok(Seat::Human);
        };
        let algorithm = Algorithm::parse(&saved.algorithm)
            .ok_or_else(|| PlayError::Store(format!("unknown algorithm '{}'", saved.algorithm)))?;
        let max_player = match saved.max_player {
            None => None,
            Some(1) => Some(Player::First),
            Some(2) => Some(Player::Second),
            Some(n) => {
                return Err(PlayError::Store(format!("max_player {n}: expected 1 or 2")));
            }
        };
        let default_mcts = MctsConfig::default();
        let engine = EngineSettings {
            algorithm,
            additions: Additions {
                ordering: saved.ordering,
                table: saved.table,
                iterative: saved.iterative,
            },
            max_player,
            eval: saved.eval.clone(),
            depth: saved.depth,
            time: saved.time_ms.map(Duration::from_millis),
            nodes: saved.nodes,
            switches: Vec::new(),
            prune_on_equal: saved.prune_on_equal.unwrap_or(true),
            threads: saved.threads.unwrap_or(1),
            mcts: MctsConfig {
                exploration_centi: saved
                    .exploration_centi
                    .unwrap_or(default_mcts.exploration_centi),
                rave: saved.rave.unwrap_or(default_mcts.rave),
                seed: saved.mcts_seed.unwrap_or(default_mcts.seed),
                ..default_mcts
            },
        };
        engine.check()?;
        Ok(Seat::Computer(engine))
    }
}

impl SavedGame {
    /// A record of a game set up by `setup`, at `moves` from its start position.
    pub fn new(setup: &PlaySetup, moves: Vec<String>) -> SavedGame {
        SavedGame {
            version: FORMAT_VERSION,
            game: setup.game.clone(),
            options: setup.options.to_strings(),
            position: setup.position.clone(),
            moves,
            first: SavedSeat::from_seat(&setup.first),
            second: SavedSeat::from_seat(&setup.second),
            clock: setup.clock.map(|c| SavedClock {
                minutes: c.minutes,
                increment_secs: c.increment_secs,
                left_ms: [c.initial().as_millis() as u64; 2],
            }),
            record_tree: setup.record_tree,
            result: None,
            saved_at: now_secs(),
        }
    }

    /// The setup that brings the game back to where the record left it: the
    /// moves are played from the start position before the game goes on.
    pub fn to_setup(&self) -> Result<PlaySetup, PlayError> {
        let options = GameOptions::parse(&self.options)?;
        let clock = self.clock.map(|c| TimeControl {
            minutes: c.minutes,
            increment_secs: c.increment_secs,
        });
        Ok(PlaySetup {
            game: self.game.clone(),
            options,
            position: self.position.clone(),
            moves: (!self.moves.is_empty()).then(|| self.moves.join(" ")),
            first: self.first.to_seat()?,
            second: self.second.to_seat()?,
            clock,
            record_tree: self.record_tree,
            result: None,
        })
    }

    /// Each side's time left, when the game has clocks.
    pub fn clock_left(&self) -> Option<[Duration; 2]> {
        self.clock.map(|c| c.left_ms.map(Duration::from_millis))
    }

    /// True once the game is over: it belongs to the history.
    pub fn finished(&self) -> bool {
        self.result.is_some()
    }
}

/// A result in words for the record: `X wins`, `draw`, `no result`.
pub fn result_words(outcome: Option<Outcome>, side_names: [&str; 2]) -> String {
    match outcome {
        Some(Outcome::Win(player)) => format!("{} wins", side_names[player.index()]),
        Some(Outcome::Draw) => "draw".to_string(),
        None => "no result".to_string(),
    }
}

/// A save's name: its file name without `.json`, kept as the file system gave
/// it, so that a resumed game writes the very file it came from; shown with any
/// bytes that are not UTF-8 replaced.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SaveId(OsString);

impl SaveId {
    /// The name as the file system has it.
    pub fn as_os_str(&self) -> &OsStr {
        &self.0
    }

    /// The name followed by `extension` (`.json`, `.lock`).
    fn file_name(&self, extension: &str) -> OsString {
        let mut name = self.0.clone();
        name.push(extension);
        name
    }
}

impl From<&str> for SaveId {
    fn from(name: &str) -> SaveId {
        SaveId(name.into())
    }
}

impl From<OsString> for SaveId {
    fn from(name: OsString) -> SaveId {
        SaveId(name)
    }
}

impl PartialEq<str> for SaveId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl fmt::Display for SaveId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.to_string_lossy().fmt(f)
    }
}

/// One file of the store: the record, or why it cannot be read.
#[derive(Clone, Debug)]
pub struct StoredEntry {
    /// The record's id: its file name without `.json`.
    pub id: SaveId,
    /// The record, or a one-line reason it could not be read.
    pub record: Result<SavedGame, PlayError>,
    /// The process id of the arcade that has the game open, when one has.
    pub held_by: Option<u32>,
}

/// A save held open by this arcade: its lock file holds this process's id and is
/// removed when the lock is dropped. A lock left by a killed arcade is stale:
/// the next [`Store::lock`] takes it over.
#[derive(Debug)]
pub struct SaveLock {
    path: PathBuf,
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Why a save could not be locked.
#[derive(Debug)]
pub enum LockRefused {
    /// Another arcade, this process id, has the game open.
    InUse(u32),
    /// The lock file could not be written.
    Failed(io::Error),
}

impl fmt::Display for LockRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockRefused::InUse(pid) => write!(f, "in use by another arcade (pid {pid})"),
            LockRefused::Failed(e) => write!(f, "cannot be locked: {e}"),
        }
    }
}

/// The folder the games are kept in.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in `dir` (created on the first save).
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// [`Store::at`], with the temporary files of writers killed half-way removed
    /// (see [`crate::fsutil::remove_stale_temporaries`]).
    pub fn open(dir: impl Into<PathBuf>) -> Store {
        let store = Store::at(dir);
        let _ = crate::fsutil::remove_stale_temporaries(&store.dir);
        store
    }

    /// The user's store, opened (see [`Store::open`]): `$PLY_DATA_DIR/games` when set, else the platform's data
    /// directory (`~/.local/share/ply/games` on Linux); `None` when there is no home.
    pub fn from_env() -> Option<Store> {
        if let Some(dir) = std::env::var_os(DATA_DIR_VARIABLE).filter(|d| !d.is_empty()) {
            return Some(Store::open(PathBuf::from(dir).join(GAMES_FOLDER)));
        }
        let dirs = directories::ProjectDirs::from("", "", "ply")?;
        Some(Store::open(dirs.data_dir().join(GAMES_FOLDER)))
    }

    /// Where the records are.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A new id for a game of `game`, unique in this store (neither saved nor
    /// locked): `GAME-SECONDS-N`.
    pub fn new_id(&self, game: &str) -> SaveId {
        let stamp = now_secs();
        let safe: String = game
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        (0..)
            .map(|n| SaveId::from(format!("{safe}-{stamp}-{n}").as_str()))
            .find(|id| !self.path(id).exists() && !self.lock_path(id).exists())
            .expect("an unused id exists")
    }

    /// The file of the record `id`.
    pub fn path(&self, id: &SaveId) -> PathBuf {
        self.dir.join(id.file_name(".json"))
    }

    fn lock_path(&self, id: &SaveId) -> PathBuf {
        self.dir.join(id.file_name(".lock"))
    }

    /// Writes a record atomically under `id`, replacing the one before. Any
    /// failure is returned: the record is then not kept (the file before, if
    /// any, is left as it was).
    pub fn save(&self, id: &SaveId, record: &SavedGame) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let mut text = serde_json::to_string_pretty(record).map_err(io::Error::other)?;
        text.push('\n');
        crate::fsutil::write_atomic(&self.path(id), text.as_bytes())
    }

    /// Reads one record.
    pub fn load(&self, id: &SaveId) -> Result<SavedGame, PlayError> {
        read_record(&self.path(id))
    }

    /// Removes a record and its stale lock; a record already gone is no error, a
    /// record another arcade has open is not removed.
    pub fn remove(&self, id: &SaveId) -> io::Result<()> {
        if let Some(pid) = self.held_by(id) {
            return Err(io::Error::other(LockRefused::InUse(pid).to_string()));
        }
        let _ = fs::remove_file(self.lock_path(id));
        match fs::remove_file(self.path(id)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Locks the save `id` for this arcade (the record itself need not exist
    /// yet): refused while another live process holds it; a lock whose process
    /// is gone, or that holds no process id, is taken over.
    pub fn lock(&self, id: &SaveId) -> Result<SaveLock, LockRefused> {
        fs::create_dir_all(&self.dir).map_err(LockRefused::Failed)?;
        let path = self.lock_path(id);
        for _ in 0..2 {
            match File::create_new(&path) {
                Ok(mut file) => {
                    let lock = SaveLock { path };
                    return match writeln!(file, "{}", std::process::id()) {
                        Ok(()) => Ok(lock),
                        Err(e) => Err(LockRefused::Failed(e)),
                    };
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    if let Some(pid) = self.held_by(id) {
                        return Err(LockRefused::InUse(pid));
                    }
                    let _ = fs::remove_file(&path);
                }
                Err(e) => return Err(LockRefused::Failed(e)),
            }
        }
        Err(LockRefused::Failed(io::Error::other(
            "a stale lock could not be replaced",
        )))
    }

    /// The process id of the live arcade that holds the save `id`, if any.
    pub fn held_by(&self, id: &SaveId) -> Option<u32> {
        let text = fs::read_to_string(self.lock_path(id)).ok()?;
        let pid = text.trim().parse().ok()?;
        crate::fsutil::process_alive(pid).then_some(pid)
    }

    /// Every record, newest first; unreadable files come with their reason, and a
    /// folder that does not exist yet is an empty store.
    pub fn list(&self) -> Vec<StoredEntry> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut listed: Vec<StoredEntry> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .filter_map(|path| {
                let id = SaveId::from(path.file_stem()?.to_os_string());
                Some(StoredEntry {
                    record: read_record(&path),
                    held_by: self.held_by(&id),
                    id,
                })
            })
            .collect();
        listed.sort_by(|a, b| {
            let time = |e: &StoredEntry| e.record.as_ref().map_or(0, |r| r.saved_at);
            time(b).cmp(&time(a)).then_with(|| b.id.cmp(&a.id))
        });
        listed
    }
}

/// Reads and checks a record file, the error in one line.
fn read_record(path: &Path) -> Result<SavedGame, PlayError> {
    let text = crate::fsutil::read_text_bounded(path)
        .map_err(|e| PlayError::Store(format!("cannot be read: {e}")))?;
    let record: SavedGame = serde_json::from_str(&text).map_err(|e| {
        PlayError::Store(if e.is_eof() {
            format!("cut short ({e}): not a whole saved game")
        } else {
            format!("not a saved game ({e})")
        })
    })?;
    if record.version != FORMAT_VERSION {
        return Err(PlayError::Store(format!(
            "format version {} (this ply reads version {FORMAT_VERSION})",
            record.version
        )));
    }
    Ok(record)
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fsutil::dead_pid;

    fn scratch(name: &str) -> Store {
        let dir = std::env::temp_dir().join(format!("ply-store-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        Store::at(dir)
    }

    #[test]
    fn a_record_comes_back_as_the_same_setup() {
        let store = scratch("roundtrip");
        let mut setup = PlaySetup::new("kalah");
        setup.options = GameOptions::parse(&["pits=4", "seeds=3"]).unwrap();
        setup.clock = Some(TimeControl::parse("5+3").unwrap());
        setup.first =
            Seat::Computer(EngineSettings::parse_spec("alphabeta+tt:seed:depth=3").unwrap());
        let record = SavedGame::new(&setup, vec!["a".into(), "b".into()]);
        let id = store.new_id("kalah");
        store.save(&id, &record).unwrap();
        let back = store.load(&id).unwrap();
        assert_eq!(back, record);
        let again = back.to_setup().unwrap();
        assert_eq!(again.options, setup.options);
        assert_eq!(again.first, setup.first);
        assert_eq!(again.second, setup.second);
        assert_eq!(again.clock, setup.clock);
        assert_eq!(again.moves.as_deref(), Some("a b"));
        fs::remove_dir_all(store.dir()).unwrap();
    }

    #[test]
    fn bad_files_are_listed_with_a_reason_beside_the_good_ones() {
        let store = scratch("bad");
        let record = SavedGame::new(&PlaySetup::new("tictactoe"), vec!["b2".into()]);
        store.save(&"good".into(), &record).unwrap();
        let text = serde_json::to_string(&record).unwrap();
        fs::write(store.dir().join("cut.json"), &text[..text.len() / 2]).unwrap();
        fs::write(store.dir().join("junk.json"), "hello").unwrap();
        let newer = SavedGame {
            version: FORMAT_VERSION + 1,
            ..record.clone()
        };
        fs::write(
            store.dir().join("future.json"),
            serde_json::to_string(&newer).unwrap(),
        )
        .unwrap();
        let listed = store.list();
        assert_eq!(listed.len(), 4);
        let reason = |id: &str| {
            listed
                .iter()
                .find(|e| e.id == *id)
                .unwrap()
                .record
                .clone()
                .unwrap_err()
                .to_string()
        };
        assert!(reason("cut").starts_with("cut short"), "{}", reason("cut"));
        assert!(reason("junk").starts_with("not a saved game"));
        assert!(reason("future").starts_with("format version 2"));
        assert!(!reason("cut").contains('\n'));
        let good = listed.iter().find(|e| e.id == *"good").unwrap();
        assert_eq!(good.record.as_ref().unwrap(), &record);
        fs::remove_dir_all(store.dir()).unwrap();
    }

    #[test]
    fn a_locked_save_is_refused_to_a_second_handle_until_released() {
        let ours = scratch("lock");
        let theirs = Store::at(ours.dir());
        let id = SaveId::from("kalah-1-0");
        let held = ours.lock(&id).unwrap();
        let me = std::process::id();
        assert!(matches!(theirs.lock(&id), Err(LockRefused::InUse(pid)) if pid == me));
        assert_eq!(theirs.held_by(&id), Some(me));
        let record = SavedGame::new(&PlaySetup::new("kalah"), vec!["a".into()]);
        ours.save(&id, &record).unwrap();
        assert_eq!(theirs.list()[0].held_by, Some(me));
        let refused = theirs.remove(&id).unwrap_err().to_string();
        assert_eq!(refused, format!("in use by another arcade (pid {me})"));
        assert!(theirs.load(&id).is_ok());
        assert_eq!(
            theirs.new_id("kalah").to_string().len(),
            "kalah-".len() + 10 + 2
        );
        drop(held);
        assert_eq!(theirs.held_by(&id), None);
        let again = theirs.lock(&id).unwrap();
        assert!(matches!(ours.lock(&id), Err(LockRefused::InUse(_))));
        drop(again);
        theirs.remove(&id).unwrap();
        assert!(theirs.list().is_empty());
        fs::remove_dir_all(ours.dir()).unwrap();
    }

    #[test]
    fn the_lock_of_a_live_process_holds_and_a_dead_ones_is_taken_over() {
        let store = scratch("stale-lock");
        fs::create_dir_all(store.dir()).unwrap();
        let id = SaveId::from("go-1-0");
        let lock_file = store.dir().join("go-1-0.lock");
        let mut other = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        fs::write(&lock_file, format!("{}\n", other.id())).unwrap();
        assert!(matches!(store.lock(&id), Err(LockRefused::InUse(pid)) if pid == other.id()));
        other.kill().unwrap();
        other.wait().unwrap();
        let taken = store.lock(&id).unwrap();
        let owner = fs::read_to_string(&lock_file).unwrap();
        assert_eq!(owner.trim(), std::process::id().to_string());
        drop(taken);
        assert!(!lock_file.exists(), "a released lock leaves no file");
        fs::write(&lock_file, format!("{}\n", dead_pid())).unwrap();
        assert_eq!(store.held_by(&id), None);
        drop(store.lock(&id).unwrap());
        fs::write(&lock_file, "not a pid").unwrap();
        drop(store.lock(&id).unwrap());
        fs::remove_dir_all(store.dir()).unwrap();
    }

    #[test]
    fn opening_the_store_removes_the_temporaries_of_dead_writers() {
        let store = scratch("open");
        fs::create_dir_all(store.dir()).unwrap();
        let dead = store.dir().join(format!(".x.json.{}.0.tmp", dead_pid()));
        fs::write(&dead, "{").unwrap();
        let live = store
            .dir()
            .join(format!(".y.json.{}.0.tmp", std::process::id()));
        fs::write(&live, "{").unwrap();
        let opened = Store::open(store.dir());
        assert!(!dead.exists() && live.exists());
        assert!(opened.list().is_empty(), "temporaries are not saves");
        fs::remove_dir_all(store.dir()).unwrap();
    }
}
