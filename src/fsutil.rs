//! Files written whole or not at all: the new content goes to a temporary file in
//! the same directory, is flushed to disk, and only then renamed over the old
//! file. A write that fails or is killed half-way leaves the old file as it was.
//! Files are read with a size limit, so a path like `/dev/zero` is refused, not
//! read until memory runs out. The temporary files of writers that were killed
//! half-way are removed by [`remove_stale_temporaries`].

use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A temporary file older than this is stale even when its writer's process id
/// is alive again (a process id is reused after its owner died).
pub const STALE_TEMPORARY_AGE: Duration = Duration::from_secs(3600);
/// The end of every temporary file's name.
const TEMPORARY_SUFFIX: &str = ".tmp";

/// The largest file ply reads (a game record, an openings or positions file, a
/// saved game): far above any real one, far below the machine's memory.
pub const LARGEST_INPUT: u64 = 256 << 20;

/// Reads a whole file of at most [`LARGEST_INPUT`] bytes; a longer one (or an
/// endless device) is refused with an error that says so.
pub fn read_bounded(path: &Path) -> io::Result<Vec<u8>> {
    read_at_most(path, LARGEST_INPUT)
}

/// [`read_bounded`] as text: bytes that are not UTF-8 are an error too.
pub fn read_text_bounded(path: &Path) -> io::Result<String> {
    String::from_utf8(read_bounded(path)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

fn read_at_most(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {} MiB: not read", limit >> 20),
        ));
    }
    Ok(bytes)
}

/// Writes `bytes` to `path` atomically: readers see the old file or the new one,
/// never a part of it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// [`write_atomic`] with the content written by `fill`; when `fill` fails, the
/// temporary file is removed and the old file left untouched.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let temporary = temporary_path(path)?;
    let written = File::create_new(&temporary).and_then(|mut file| {
        fill(&mut file)?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&temporary, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    renamed?;
    sync_directory(path);
    Ok(())
}

/// A name in the same directory as `path` (so the rename stays on one file
/// system) that no other writer uses: `.NAME.PID.N.tmp`.
fn temporary_path(path: &Path) -> io::Result<PathBuf> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a file name", path.display()),
        )
    })?;
    let mut unique = OsString::from(".");
    unique.push(name);
    unique.push(format!(
        ".{}.{}{TEMPORARY_SUFFIX}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    Ok(path.with_file_name(unique))
}

/// The process id in a temporary file's name `.NAME.PID.N.tmp`; `None` for any
/// other name.
fn temporary_writer(name: &OsStr) -> Option<u32> {
    let name = name.as_encoded_bytes();
    let inner = name
        .strip_prefix(b".")?
        .strip_suffix(TEMPORARY_SUFFIX.as_bytes())?;
    let mut parts = inner.rsplitn(3, |&b| b == b'.');
    let counter = parts.next()?;
    let pid = parts.next()?;
    let original = parts.next()?;
    let digits = |part: &[u8]| !part.is_empty() && part.iter().all(u8::is_ascii_digit);
    if original.is_empty() || !digits(counter) || !digits(pid) {
        return None;
    }
    std::str::from_utf8(pid).ok()?.parse().ok()
}

/// Removes the temporary files in `dir` left by writers that were killed
/// half-way: those whose process is gone, and any older than
/// [`STALE_TEMPORARY_AGE`]. Returns how many were removed; a folder that does
/// not exist has none.
pub fn remove_stale_temporaries(dir: &Path) -> io::Result<usize> {
    let entries = match fs::read_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        entries => entries?,
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let Some(pid) = temporary_writer(&entry.file_name()) else {
            continue;
        };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| SystemTime::now().duration_since(modified).ok())
            .is_some_and(|age| age > STALE_TEMPORARY_AGE);
        if (old || !process_alive(pid)) && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

/// True while a process with id `pid` exists (it may belong to another user);
/// where the system cannot tell, every process counts as alive.
pub fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        if pid <= 0 {
            return false;
        }
        // SAFETY: signal 0 only checks that the process exists; nothing is sent.
        let answer = unsafe { libc::kill(pid, 0) };
        answer == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Flushes the directory entry of the rename where the system allows it; a
/// failure here loses nothing that the rename did not already make visible.
fn sync_directory(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(handle) = File::open(dir) {
            let _ = handle.sync_all();
        }
    }
}

/// The id of a process that has exited and been waited for: a writer or an
/// arcade that is gone, for tests.
#[cfg(test)]
pub(crate) fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_after_the_limit() {
        let error = read_at_most(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(error.to_string(), "larger than 1 MiB: not read");
        let dir = std::env::temp_dir().join(format!("ply-bounded-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("small.txt");
        fs::write(&path, "e4 e5\n").unwrap();
        assert_eq!(read_text_bounded(&path).unwrap(), "e4 e5\n");
        fs::write(&path, b"\xff").unwrap();
        assert!(read_text_bounded(&path).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ply-fsutil-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = scratch("replace");
        let path = dir.join("tree.dot");
        fs::write(&path, "old").unwrap();
        write_atomic(&path, b"new content").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new content");
        assert_eq!(entries(&dir), vec!["tree.dot"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_write_that_fails_half_way_leaves_the_old_file_intact() {
        let dir = scratch("fail");
        let path = dir.join("tree.json");
        fs::write(&path, "the old tree").unwrap();
        let failed = write_atomic_with(&path, |file| {
            file.write_all(b"half of the new")?;
            Err(io::Error::other("disk full"))
        });
        assert!(failed.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "the old tree");
        assert_eq!(entries(&dir), vec!["tree.json"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn temporary_names_give_their_writer() {
        let path = Path::new("/tmp/games/kalah-1.json");
        let temporary = temporary_path(path).unwrap();
        let name = temporary.file_name().unwrap();
        assert_eq!(temporary_writer(name), Some(std::process::id()));
        for other in [
            ".x.json",
            "kalah.json",
            ".kalah.12.tmp",
            "..12.3.tmp",
            ".a.b.c.tmp",
        ] {
            assert_eq!(temporary_writer(OsStr::new(other)), None, "{other}");
        }
        assert_eq!(temporary_writer(OsStr::new(".a.b.json.12.3.tmp")), Some(12));
    }

    #[test]
    fn the_temporaries_of_dead_writers_are_removed_and_live_ones_kept() {
        let dir = scratch("stale");
        let dead = format!(".game.json.{}.0.tmp", dead_pid());
        let live = format!(".game.json.{}.0.tmp", std::process::id());
        let old_live = format!(".old.json.{}.1.tmp", std::process::id());
        for name in [&dead, &live, &old_live, &"game.json".to_string()] {
            fs::write(dir.join(name), "x").unwrap();
        }
        let long_ago = SystemTime::now() - STALE_TEMPORARY_AGE - Duration::from_secs(60);
        File::options()
            .write(true)
            .open(dir.join(&old_live))
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        assert!(process_alive(std::process::id()));
        assert_eq!(remove_stale_temporaries(&dir).unwrap(), 2);
        assert_eq!(entries(&dir), vec![live, "game.json".to_string()]);
        assert_eq!(remove_stale_temporaries(&dir.join("missing")).unwrap(), 0);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_directory_that_cannot_be_written_is_an_error_not_a_panic() {
        let missing = std::env::temp_dir().join("ply-no-such-dir-7/x/tree.dot");
        assert!(write_atomic(&missing, b"x").is_err());
        assert!(write_atomic(Path::new("/"), b"x").is_err());
    }
}
