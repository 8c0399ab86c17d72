//! Other programs timed on the same work as some `ply bench` cases, so the report
//! shows ply's speed next to an established engine's. A program that is not
//! installed is skipped with a note; nothing here is part of the fixed suite.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::search::stats::nodes_per_second;

use super::bench::CaseReport;

/// A UCI engine's `go perft` on a position, next to a ply perft case.
#[derive(Clone, Copy, Debug)]
pub(super) struct ReferenceCase {
    /// The row's name in the report.
    pub name: &'static str,
    /// The engine's executable.
    pub program: &'static str,
    /// Lines sent after `uci` to choose the variant and the position.
    pub setup: &'static [&'static str],
    /// The perft depth.
    pub depth: u32,
}

/// The references `ply bench` runs after its suite.
pub(super) const REFERENCES: &[ReferenceCase] = &[ReferenceCase {
    name: "fairy-stockfish xq perft 5",
    program: "/usr/games/fairy-stockfish",
    setup: &[
        "setoption name UCI_Variant value xiangqi",
        "position startpos",
    ],
    depth: 5,
}];

/// Runs one reference: the engine's own node count, timed from `go perft` to its
/// answer (start-up excluded). An error when the engine is missing or misbehaves.
pub(super) fn run_reference(case: &ReferenceCase) -> anyhow::Result<CaseReport> {
    let mut child = Command::new(case.program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| anyhow::anyhow!("{} not run: {e}", case.program))?;
    let mut input = child.stdin.take().expect("piped stdin");
    let mut output = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut lines = Vec::from(["uci"]);
    lines.extend_from_slice(case.setup);
    lines.push("isready");
    for line in &lines {
        writeln!(input, "{line}")?;
    }
    input.flush()?;
    read_until(&mut output, "readyok")?;
    let start = Instant::now();
    writeln!(input, "go perft {}", case.depth)?;
    input.flush()?;
    let answer = read_until(&mut output, "Nodes searched")?;
    let elapsed = start.elapsed();
    let _ = writeln!(input, "quit");
    let _ = child.wait();
    let nodes = answer
        .split(':')
        .nth(1)
        .and_then(|n| n.trim().parse::<u64>().ok())
        .ok_or_else(|| anyhow::anyhow!("unreadable answer '{answer}'"))?;
    Ok(CaseReport {
        name: case.name,
        nodes,
        millis: elapsed.as_secs_f64() * 1000.0,
        nps: nodes_per_second(nodes, elapsed),
    })
}

/// Reads lines until one starts with `prefix`, and returns it.
fn read_until(output: &mut impl BufRead, prefix: &str) -> anyhow::Result<String> {
    let mut line = String::new();
    loop {
        line.clear();
        if output.read_line(&mut line)? == 0 {
            anyhow::bail!("the engine closed its output before '{prefix}'");
        }
        if line.starts_with(prefix) {
            return Ok(line.trim().to_string());
        }
    }
}
