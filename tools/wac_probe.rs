//! Why a test position is missed: searches positions of a suite with the engine,
//! switches turned on or off as `ply match` specs name them, and prints, for each,
//! the move played, whether it is a best move, and the first iteration from which
//! a best move stayed on top (a measurement aid, not a test).
//!
//! ```text
//! nice -n 10 cargo run --release -p ply-tools --bin wac_probe -- SUITE --nodes 900000 \
//!     [--ids 2,31,55] [--with a,b] [--no c,d] [--eval strong] [--hash 64]
//! ```
//!
//! SUITE has one position a line: `ID|FEN|BEST[,BEST]|AVOID[,AVOID]` (moves in
//! UCI notation, `-` for none), as python-chess writes it from an EPD file.

use std::process::ExitCode;

use ply::game::Game;
use ply::game::chess::{Chess, notation};
use ply::game::registry::Playable;
use ply::search::{Engine, Iteration, Limits, Observer, SearchConfig};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wac_probe: {e}");
            ExitCode::from(2)
        }
    }
}

fn list(text: &str) -> Vec<String> {
    text.split(',')
        .filter(|s| !s.is_empty() && *s != "-")
        .map(str::to_string)
        .collect()
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let suite = args.first().ok_or("usage: wac_probe SUITE [options]")?;
    let mut nodes = 900_000u64;
    let mut ids: Vec<u32> = Vec::new();
    let mut switches: Vec<(String, bool)> = Vec::new();
    let mut eval = "strong".to_string();
    let mut hash = 64usize;
    let mut i = 1;
    while i < args.len() {
        let value = args.get(i + 1).ok_or("option without a value")?;
        match args[i].as_str() {
            "--nodes" => nodes = value.parse().map_err(|_| "bad --nodes")?,
            "--ids" => {
                for part in list(value) {
                    let (low, high) = part.split_once('-').unwrap_or((&part, &part));
                    let low: u32 = low.parse().map_err(|_| "bad --ids")?;
                    let high: u32 = high.parse().map_err(|_| "bad --ids")?;
                    ids.extend(low..=high);
                }
            }
            "--with" => switches.extend(list(value).into_iter().map(|s| (s, true))),
            "--no" => switches.extend(list(value).into_iter().map(|s| (s, false))),
            "--eval" => eval = value.clone(),
            "--hash" => hash = value.parse().map_err(|_| "bad --hash")?,
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    let evaluator = Chess::evaluator_named(&eval).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(suite).map_err(|e| e.to_string())?;
    let (mut solved, mut total) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('|').collect();
        let [id, fen, best, avoid] = fields[..] else {
            return Err(format!("bad line {line}"));
        };
        let id: u32 = id.parse().map_err(|_| format!("bad id {id}"))?;
        if !ids.is_empty() && !ids.contains(&id) {
            continue;
        }
        let (best, avoid) = (list(best), list(avoid));
        let game = Chess::from_fen(fen).map_err(|e| e.to_string())?;
        let mut config = SearchConfig::engine(Limits {
            depth: None,
            time: None,
            nodes: Some(nodes),
        });
        config.tt_mib = hash;
        for (name, on) in &switches {
            config.switch(name, *on).map_err(|e| e.to_string())?;
        }
        let mut engine = Engine::<Chess>::new();
        let mut seen = Seen::default();
        let result = engine.search(
            &game,
            evaluator.evaluator.as_ref(),
            &config,
            None,
            &mut seen,
        );
        let played = result
            .best_move
            .map(|m| notation::format_uci(game.board(), m))
            .unwrap_or_default();
        let good = |m: &str| {
            (best.is_empty() || best.iter().any(|b| b == m)) && !avoid.iter().any(|a| a == m)
        };
        let ok = good(&played);
        // The first depth from which every iteration's move was a good one.
        let mut found = None;
        for (depth, m, _) in seen.0.iter().rev() {
            if good(&notation::format_uci(game.board(), *m)) {
                found = Some(*depth);
            } else {
                break;
            }
        }
        total += 1;
        solved += usize::from(ok);
        let trail: Vec<String> = seen
            .0
            .iter()
            .map(|(d, m, s)| format!("{d}:{}:{s}", notation::format_uci(game.board(), *m)))
            .collect();
        println!(
            "WAC.{id:03} {played} {} depth {} score {} found_at {} best {} | {}",
            if ok { "ok" } else { "FAILED" },
            result.depth,
            result.score,
            found.map_or("-".to_string(), |d| d.to_string()),
            best.join(","),
            trail.join(" ")
        );
    }
    println!("solved {solved} / {total} at {nodes} nodes");
    Ok(())
}

/// Each finished iteration's depth, best move and score.
#[derive(Default)]
struct Seen(Vec<(u32, <Chess as Game>::Move, ply::search::Score)>);

impl Observer<<Chess as Game>::Move> for Seen {
    fn iteration(&mut self, iteration: &Iteration<<Chess as Game>::Move>) {
        if let Some(&m) = iteration.pv.first() {
            self.0.push((iteration.depth, m, iteration.score));
        }
    }
}
