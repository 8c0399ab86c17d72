//! `e` in the explorer: the tree written for a lab report as Graphviz DOT, JSON and,
//! when Graphviz's `dot` is installed, SVG, each file written whole or not at all.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::fsutil::write_atomic;
use crate::tui::recorded::RecordedSearch;

/// Larger trees are written as DOT and JSON only: Graphviz would take too long.
const SVG_MAX_NODES: usize = 2_000;

/// What was written: the files' names (in `dir`) and, when there is no SVG, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Exported {
    /// The files written, in `dir`.
    pub files: Vec<PathBuf>,
    /// Why no SVG was written, if none was.
    pub no_svg: Option<&'static str>,
}

impl Exported {
    /// The files in a line: `wrote tree-grundy-1763836212.dot .json .svg in the
    /// current directory`.
    pub(super) fn summary(&self, dir: &Path) -> String {
        let mut names = self.files.iter().filter_map(|f| f.file_name());
        let first = names.next().map(|n| n.to_string_lossy().into_owned());
        let mut text = format!("wrote {}", first.unwrap_or_default());
        for name in names {
            let name = Path::new(name);
            let extension = name.extension().unwrap_or_default().to_string_lossy();
            text += &format!(" .{extension}");
        }
        if let Some(why) = self.no_svg {
            text += &format!(" ({why})");
        }
        if dir == Path::new(".") {
            text + " in the current directory"
        } else {
            text + &format!(" in {}", dir.display())
        }
    }
}

/// Writes `tree-GAME-SECONDS.dot`, `.json` and (when it can) `.svg` into `dir`; DOT
/// nodes carry their states when `states` is on and the game has them.
pub(super) fn export_tree(
    record: &RecordedSearch,
    dir: &Path,
    states: bool,
) -> Result<Exported, String> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = format!("tree-{}-{seconds}", record.game_id());
    let (dot, json) = record.exports(states);
    let write = |extension: &str, bytes: &[u8]| -> Result<PathBuf, String> {
        let path = dir.join(format!("{stem}.{extension}"));
        write_atomic(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    };
    let mut files = vec![
        write("dot", dot.as_bytes())?,
        write("json", json.as_bytes())?,
    ];
    let no_svg = if record.tree.nodes.len() > SVG_MAX_NODES {
        Some("too big for an SVG")
    } else {
        match svg(&dot) {
            Some(bytes) => {
                files.push(write("svg", &bytes)?);
                None
            }
            None => Some("no SVG without Graphviz"),
        }
    };
    Ok(Exported { files, no_svg })
}

/// The drawing Graphviz makes of `dot`, or `None` without a working `dot`.
fn svg(dot: &str) -> Option<Vec<u8>> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    // Written from its own thread, so a large drawing cannot block both pipes.
    let mut stdin = child.stdin.take()?;
    let text = dot.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().ok()?;
    let written = writer.join().ok()?.is_ok();
    (written && output.status.success()).then_some(output.stdout)
}
