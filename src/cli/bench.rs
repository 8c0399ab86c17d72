//! `ply bench`: runs the benchmark suite ([`crate::bench`]) and prints nodes, time
//! and nodes per second, with other engines' figures on the same work when installed.

use clap::Args;
use serde::Serialize;

use super::args::parse_threads;
pub use crate::bench::CaseReport;
use crate::bench::{SOLVE_SUITE, SUITE, run_case_on};

/// Arguments of `ply bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Run the long exact solves instead (seconds to minutes each).
    #[arg(long)]
    solve: bool,
    /// Threads for the engine's searches (lazy SMP; the other cases run on one):
    /// nodes per second then count all threads, and node counts vary from run to run.
    #[arg(long, value_name = "N", default_value = "1", value_parser = parse_threads)]
    threads: usize,
}

#[derive(Serialize)]
struct BenchReport {
    cases: Vec<CaseReport>,
    total_nodes: u64,
    total_millis: f64,
    total_nps: u64,
    /// Other engines on the same work (not in the totals), when installed.
    references: Vec<CaseReport>,
}

/// Runs the suite (or the long solves) and prints the table or the JSON report.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let suite = if args.solve { SOLVE_SUITE } else { SUITE };
    let cases = suite
        .iter()
        .map(|&c| {
            let _live = super::progress::LiveLine::start(args.solve && !args.json);
            run_case_on(c, args.threads)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let total_nodes = cases.iter().map(|c| c.nodes).sum();
    let total_millis: f64 = cases.iter().map(|c| c.millis).sum();
    let total_nps = (total_nodes as f64 / (total_millis / 1000.0).max(1e-9)) as u64;
    let references = if args.solve {
        Vec::new()
    } else {
        run_references()
    };
    let report = BenchReport {
        cases,
        total_nodes,
        total_millis,
        total_nps,
        references,
    };
    if args.json {
        return super::print_json(&report);
    }
    println!("{:<28} {:>12} {:>10} {:>12}", "case", "nodes", "ms", "nps");
    for case in &report.cases {
        println!(
            "{:<28} {:>12} {:>10.1} {:>12}",
            case.name, case.nodes, case.millis, case.nps
        );
    }
    println!(
        "{:<28} {:>12} {:>10.1} {:>12}",
        "total", report.total_nodes, report.total_millis, report.total_nps
    );
    for case in &report.references {
        println!(
            "{:<28} {:>12} {:>10.1} {:>12}",
            case.name, case.nodes, case.millis, case.nps
        );
    }
    Ok(())
}

/// The other engines' figures, leaving out (with a note on stderr) those not installed.
fn run_references() -> Vec<CaseReport> {
    super::bench_reference::REFERENCES
        .iter()
        .filter_map(|case| match super::bench_reference::run_reference(case) {
            Ok(report) => Some(report),
            Err(error) => {
                eprintln!("ply bench: reference '{}' skipped: {error:#}", case.name);
                None
            }
        })
        .collect()
}
