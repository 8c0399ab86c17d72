//! `ply solve connect4 --batch FILE`: solves many positions in one process, each
//! from empty tables, and times each solve alone, as Pascal Pons' benchmark sets
//! are measured (one position a line: the moves from the empty board, then
//! optionally the expected score).

use std::path::Path;
use std::time::Instant;

use anyhow::Context;

use super::args::{GameArgs, check_table_size, physical_memory_mib};
use crate::game::connect4::ConnectFour;
use crate::game::connect4::solver::{Solver, table_log2_for_mib};
use crate::game::{GameOptions, Playable};

/// The table a batch uses unless told otherwise: 2^23 entries (64 MiB), about the
/// size of Pons' solver's, cleared before every position.
const BATCH_TABLE_LOG2: u32 = 23;

/// One line of a batch file: a position and the score it should have.
struct Case {
    moves: String,
    expected: Option<i32>,
}

/// Reads a batch file line: `MOVES [SCORE]`; blank lines and `#` comments are
/// skipped (`None`).
fn parse_line(line: &str, number: usize) -> anyhow::Result<Option<Case>> {
    let mut words = line.split_whitespace();
    let Some(moves) = words.next().filter(|w| !w.starts_with('#')) else {
        return Ok(None);
    };
    let expected = words
        .next()
        .map(|w| w.parse::<i32>())
        .transpose()
        .map_err(|_| anyhow::anyhow!("line {number}: the score is not a whole number"))?;
    if words.next().is_some() {
        anyhow::bail!("line {number}: expected MOVES [SCORE]");
    }
    Ok(Some(Case {
        moves: moves.to_string(),
        expected,
    }))
}

/// Solves every position of the file, prints `MOVES SCORE NODES MICROSECONDS` for
/// each (and the expected score where it disagrees) and the means; an error when
/// the file cannot be read or any score disagrees with the one the file gives.
pub(super) fn run(path: &Path, game: &GameArgs, table_mib: Option<usize>) -> anyhow::Result<()> {
    if game.game != ConnectFour::info().id {
        anyhow::bail!(
            "--batch solves Connect Four positions only, not {}",
            game.game
        );
    }
    if game.position.is_some() || game.moves.is_some() {
        anyhow::bail!("--batch reads its positions from the file, not --position or --moves");
    }
    let text = crate::fsutil::read_text_bounded(path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let options = GameOptions::parse(&game.options)?;
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(case) = parse_line(line, index + 1)? {
            let position = ConnectFour::parse_position(&case.moves, &options)
                .map_err(|e| anyhow::anyhow!("line {}: {e}", index + 1))?;
            cases.push((case, position));
        }
    }
    let Some((_, first)) = cases.first() else {
        anyhow::bail!("{}: no positions", path.display());
    };
    if let Some(mib) = table_mib {
        check_table_size(mib, physical_memory_mib())?;
    }
    let table_log2 = table_mib.map_or(BATCH_TABLE_LOG2, table_log2_for_mib);
    let mut solver = Solver::new(*first.geometry(), table_log2)?;
    let (mut nodes, mut micros, mut disagreements) = (0u64, 0u64, 0usize);
    for (case, position) in &cases {
        solver.clear();
        let start = Instant::now();
        let solved = solver
            .solve(position.bitboard())
            .expect("a solve without a stop flag finishes");
        let elapsed = start.elapsed().as_micros() as u64;
        let searched = solver.stats().nodes;
        nodes += searched;
        micros += elapsed;
        print!("{} {} {searched} {elapsed}", case.moves, solved.score);
        match case.expected {
            Some(expected) if expected != solved.score => {
                disagreements += 1;
                println!(" DISAGREES: expected {expected}");
            }
            _ => println!(),
        }
    }
    let count = cases.len() as f64;
    println!(
        "mean nodes {:.1} microseconds {:.1} over {} positions",
        nodes as f64 / count,
        micros as f64 / count,
        cases.len()
    );
    if disagreements > 0 {
        anyhow::bail!(
            "{disagreements} of {} scores disagree with {}",
            cases.len(),
            path.display()
        );
    }
    Ok(())
}
