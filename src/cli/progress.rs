//! The live line on stderr while a long exact solve runs (`ply solve`, `ply bench
//! --solve`): probe, nodes, nodes per second, elapsed time and the bounds proven so
//! far (or, while Kalah's endgame database is first built, its level), redrawn a
//! few times a second. Shown only when stderr is a terminal and the
//! output is text, so pipes, files and `--json` get nothing extra.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::game::progress::{ProgressSnapshot, SOLVE_PROGRESS};
use crate::search::stats::nodes_per_second;

/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(250);
/// How often the drawing thread looks whether the solve is over.
const LOOK: Duration = Duration::from_millis(25);

/// The line while it is shown; dropping it stops the redrawing and erases it.
pub(super) struct LiveLine {
    done: Arc<AtomicBool>,
    drawer: Option<JoinHandle<()>>,
}

impl LiveLine {
    /// Starts counting a new solve, and shows the line when `wanted` (text output)
    /// and stderr is a terminal.
    pub(super) fn start(wanted: bool) -> LiveLine {
        SOLVE_PROGRESS.reset();
        let done = Arc::new(AtomicBool::new(false));
        let drawer = (wanted && std::io::stderr().is_terminal()).then(|| {
            let done = Arc::clone(&done);
            std::thread::spawn(move || draw_until(&done))
        });
        LiveLine { done, drawer }
    }
}

impl Drop for LiveLine {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(drawer) = self.drawer.take() {
            let _ = drawer.join();
            eprint!("\r\x1b[K");
        }
    }
}

/// Redraws the line until `done` is raised, looking at `done` more often than it
/// redraws so that the solve's end is not kept waiting.
fn draw_until(done: &AtomicBool) {
    let start = Instant::now();
    let mut drawn = start;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(LOOK);
        if drawn.elapsed() >= REDRAW {
            drawn = Instant::now();
            let line = describe(SOLVE_PROGRESS.snapshot(), start.elapsed());
            let mut stderr = std::io::stderr().lock();
            let _ = write!(stderr, "\r\x1b[K{line}");
            let _ = stderr.flush();
        }
    }
}

/// The text of the line for these counters after `elapsed`.
pub(super) fn describe(progress: ProgressSnapshot, elapsed: Duration) -> String {
    let seconds = format!("{:.1} s", elapsed.as_secs_f64());
    if progress.database_level > 0 {
        return format!(
            "endgame database level {} of {}  positions {}  {seconds}",
            progress.database_level, progress.database_levels, progress.nodes
        );
    }
    if progress.probes == 0 && progress.nodes == 0 {
        return format!("solving... {seconds}");
    }
    let speed = nodes_per_second(progress.nodes, elapsed);
    if progress.probes == 0 {
        // A solver without null-window probes (retrograde analysis) counts positions.
        return format!("positions {}  {speed} /s  {seconds}", progress.nodes);
    }
    format!(
        "probe {}  nodes {}  {} nodes/s  {seconds}  score in {}..={}",
        progress.probes, progress.nodes, speed, progress.lower, progress.upper
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_probe_nodes_speed_time_and_bounds() {
        let progress = ProgressSnapshot {
            nodes: 3_000_000,
            probes: 4,
            lower: 1,
            upper: 9,
            ..ProgressSnapshot::default()
        };
        assert_eq!(
            describe(progress, Duration::from_secs(2)),
            "probe 4  nodes 3000000  1500000 nodes/s  2.0 s  score in 1..=9"
        );
        assert_eq!(
            describe(ProgressSnapshot::default(), Duration::from_millis(500)),
            "solving... 0.5 s"
        );
        let retrograde = ProgressSnapshot {
            nodes: 5000,
            ..ProgressSnapshot::default()
        };
        assert_eq!(
            describe(retrograde, Duration::from_secs(1)),
            "positions 5000  5000 /s  1.0 s"
        );
        let building = ProgressSnapshot {
            nodes: 700,
            database_level: 21,
            database_levels: 23,
            ..ProgressSnapshot::default()
        };
        assert_eq!(
            describe(building, Duration::from_secs(3)),
            "endgame database level 21 of 23  positions 700  3.0 s"
        );
    }
}
