//! GNU Go as the oracle for ply's Go rules. GNU Go (GPL) runs as a separate program
//! over GTP with the same rules (`--chinese-rules --positional-superko
//! --forbid-suicide`); nothing of it is linked.
//!
//! - Legality: random games are played through ply (uniform among the legal moves
//!   that do not fill one's own eye), every move is sent to GNU Go too, and after
//!   every move both programs list the legal points for both colours
//!   (`all_legal`); the lists must be equal. A fixed game adds a position where
//!   only positional superko (not the simple ko) forbids a retake.
//! - Scoring: the same random games are played to the end (two passes, nothing
//!   but eyes left, so every dead stone has been captured) and ply's area score
//!   must equal GNU Go's `final_score`.
//! - Counting: GNU Go plays itself until both pass, leaving dead stones on the
//!   board; the arcade's count (dead stones found by playouts, then area) must
//!   equal GNU Go's `final_score`, which takes dead stones off too; so must
//!   `ply gtp`'s `final_score` and `final_status_list dead`, fed the same game.
//!
//! When `gnugo` is missing the test says so and passes, except under
//! `PLY_REQUIRE_TOOLS` (CI), where it fails.

use super::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use ply::game::go::playout::PlayoutRng;
use ply::game::go::scoring::Scoring;
use ply::game::go::{Go, GoMove, format_komi};
use ply::game::{Game, GameOptions, Playable, Player};

/// GNU Go's games against itself whose count the arcade's must match.
const SELF_PLAY_GAMES: u64 = 6;

/// A GTP conversation with one GNU Go process.
struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    /// Starts GNU Go, or `None` when it is not installed (a failure under
    /// PLY_REQUIRE_TOOLS).
    fn start() -> Option<GnuGo> {
        let spawned = ["gnugo", "/usr/games/gnugo"].iter().find_map(|program| {
            Command::new(program)
                .args([
                    "--mode",
                    "gtp",
                    "--chinese-rules",
                    "--positional-superko",
                    "--forbid-suicide",
                    "--level",
                    "0",
                ])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .ok()
        });
        let Some(mut child) = spawned else {
            assert!(
                std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
                "gnugo is required here (apt-get install gnugo)"
            );
            eprintln!("gnugo not installed: the Go oracle test did not run");
            return None;
        };
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Some(GnuGo {
            child,
            input,
            output,
        })
    }

    /// Sends one command and returns the answer's text, panicking on `?`.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).unwrap();
            assert!(read > 0, "gnugo closed its output after '{command}'");
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim();
        assert!(
            answer.starts_with('='),
            "gnugo refused '{command}': {answer}"
        );
        answer[1..].trim().to_string()
    }

    fn new_game(&mut self, size: usize, komi_halves: i32) {
        self.ask(&format!("boardsize {size}"));
        self.ask("clear_board");
        self.ask(&format!("komi {}", format_komi(komi_halves)));
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "black",
        Player::Second => "white",
    }
}

/// ply's legal points for `player`, as sorted GTP vertices.
fn ply_legal(game: &Go, player: Player) -> Vec<String> {
    let mut legal: Vec<String> = game
        .board()
        .points()
        .map(GoMove::Stone)
        .filter(|&m| game.is_legal(player, m))
        .map(|m| game.format_move(m))
        .collect();
    legal.sort();
    legal
}

fn gnugo_legal(gnugo: &mut GnuGo, player: Player) -> Vec<String> {
    let mut legal: Vec<String> = gnugo
        .ask(&format!("all_legal {}", colour(player)))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    legal.sort();
    legal
}

fn assert_same_legality(gnugo: &mut GnuGo, game: &Go, context: &str) {
    for player in [Player::First, Player::Second] {
        assert_eq!(
            ply_legal(game, player),
            gnugo_legal(gnugo, player),
            "{} in {context}\n{}",
            colour(player),
            game.diagram()
        );
    }
}

/// A random move for the side to move that does not fill its own eye; a pass
/// when there is none.
fn random_move(game: &Go, rng: &mut PlayoutRng) -> GoMove {
    let me = game.to_move();
    let candidates: Vec<GoMove> = game
        .moves()
        .into_iter()
        .filter(|&m| match m {
            GoMove::Stone(p) => !game.board().is_eye(p, me),
            GoMove::Pass => false,
        })
        .collect();
    if candidates.is_empty() {
        GoMove::Pass
    } else {
        candidates[rng.below(candidates.len())]
    }
}

/// True when some point is legal under the simple ko but not under superko.
fn superko_only(game: &Go) -> bool {
    let me = game.to_move();
    game.board()
        .points()
        .any(|p| game.board().is_legal(p, me) && !game.is_legal(me, GoMove::Stone(p)))
}

/// What the random games went through, so the test can tell it saw kos.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    ko_positions: usize,
    /// Positions where positional superko forbade a point the simple ko allows.
    superko_positions: usize,
    captures: u32,
    games: usize,
}

/// Plays one random game in both programs, comparing legality after every move
/// (every `stride`-th move on big boards), then the final score.
fn random_game(gnugo: &mut GnuGo, size: usize, seed: u64, stride: usize, coverage: &mut Coverage) {
    let options = GameOptions::parse(&[format!("size={size}")]).unwrap();
    let mut game = Go::start(&options).unwrap();
    gnugo.new_game(size, game.komi_halves());
    let mut rng = PlayoutRng::new(seed);
    let mut ply = 0;
    while game.outcome().is_none() {
        let m = random_move(&game, &mut rng);
        let player = game.to_move();
        gnugo.ask(&format!("play {} {}", colour(player), game.format_move(m)));
        game.play(m);
        ply += 1;
        if ply % stride == 0 || game.ko_point().is_some() {
            let context = format!("game {seed} on {size}x{size} after move {ply}");
            assert_same_legality(gnugo, &game, &context);
            coverage.positions += 1;
            coverage.ko_positions += usize::from(game.ko_point().is_some());
            coverage.superko_positions += usize::from(superko_only(&game));
        }
        assert!(ply < 1000, "game {seed} goes on for ever");
    }
    assert_eq!(
        game.score_text(),
        gnugo.ask("final_score"),
        "final score of game {seed} on {size}x{size}\n{}\n{}",
        game.diagram(),
        game.format_position()
    );
    let [black, white] = game.board().captures();
    coverage.captures += black + white;
    coverage.games += 1;
}

#[test]
fn gnugo_agrees_on_legal_moves_and_area_scores_of_random_games() {
    let Some(mut gnugo) = GnuGo::start() else {
        return;
    };
    let mut coverage = Coverage::default();
    for seed in 0..40 {
        random_game(&mut gnugo, 5, seed, 1, &mut coverage);
    }
    for seed in 100..110 {
        random_game(&mut gnugo, 7, seed, 2, &mut coverage);
    }
    for seed in 200..206 {
        random_game(&mut gnugo, 9, seed, 2, &mut coverage);
    }
    random_game(&mut gnugo, 13, 300, 20, &mut coverage);
    eprintln!("{coverage:?}");
    assert!(coverage.ko_positions > 0, "the random games met a ko");
    assert!(coverage.captures > 0, "the random games captured stones");
    assert!(
        coverage.superko_positions > 0,
        "the random games met a position only superko decides"
    );
}

#[test]
fn gnugo_agrees_that_superko_forbids_a_retake_after_passes() {
    let Some(mut gnugo) = GnuGo::start() else {
        return;
    };
    // The classic ko on 5x5: White's C3 takes D3; then both pass, which lifts the
    // simple ko, but Black's retake would repeat the board before White's capture.
    let options = GameOptions::parse(&["size=5"]).unwrap();
    let mut game = Go::start(&options).unwrap();
    gnugo.new_game(5, game.komi_halves());
    let mut moves: Vec<String> = "C4 D4 B3 E3 C2 D2 D3 C3"
        .split(' ')
        .map(str::to_string)
        .collect();
    moves.extend(["pass".to_string(), "pass".to_string()]);
    for (index, text) in moves.iter().enumerate() {
        let player = game.to_move();
        let m = game.read_vertex(text).unwrap();
        assert!(game.is_legal(player, m), "{text}");
        gnugo.ask(&format!("play {} {text}", colour(player)));
        game.play_as(player, m);
        assert_same_legality(
            &mut gnugo,
            &game,
            &format!("the ko game after move {index}"),
        );
    }
    let d3 = game.read_vertex("D3").unwrap();
    assert!(!game.is_legal(Player::First, d3));
    assert_eq!(gnugo.ask("is_legal black D3"), "0");
}

/// Plays GNU Go against itself on 9x9 from random seeds until both pass, as
/// players finish a game: dead stones stay on the board. Returns the game.
fn gnugo_self_play(gnugo: &mut GnuGo, seed: u64) -> Go {
    let options = GameOptions::parse(&["size=9"]).unwrap();
    let mut game = Go::start(&options).unwrap();
    gnugo.new_game(9, game.komi_halves());
    gnugo.ask(&format!("set_random_seed {seed}"));
    while game.outcome().is_none() {
        let player = game.to_move();
        let answer = gnugo.ask(&format!("genmove {}", colour(player)));
        let m = game.parse_move(&answer).unwrap_or_else(|e| {
            panic!(
                "gnugo's move '{answer}' in game {seed}: {e}\n{}",
                game.diagram()
            )
        });
        game.play(m);
        assert!(game.history().len() < 400, "game {seed} goes on for ever");
    }
    game
}

#[test]
fn gnugo_counts_finished_games_as_the_arcades_count_does() {
    let Some(mut gnugo) = GnuGo::start() else {
        return;
    };
    // Played out to the end, nothing is dead: the count is the bare area score.
    let mut coverage = Coverage::default();
    for seed in 400..404 {
        random_game(&mut gnugo, 9, seed, 50, &mut coverage);
    }
    // Games GNU Go ends with two passes leave dead stones on the board, which its
    // `final_score` takes off; so must the arcade's count.
    let mut dead_seen = 0;
    for seed in 1..=SELF_PLAY_GAMES {
        let game = gnugo_self_play(&mut gnugo, seed);
        let count = Scoring::estimate(&game);
        dead_seen += count.dead_stones(&game).len();
        assert_gtp_counts_as_gnugo(&mut gnugo, &game);
        assert_eq!(
            count.result_text(),
            gnugo.ask("final_score"),
            "count of game {seed}: dead {:?}\n{}\n{}",
            count
                .dead_stones(&game)
                .iter()
                .map(|&p| game.vertex(p))
                .collect::<Vec<_>>(),
            game.diagram(),
            game.format_position()
        );
    }
    assert!(dead_seen > 0, "the games left dead stones to count");
}

/// `ply gtp`, fed the moves of `game`, answers `final_score` and
/// `final_status_list dead` as GNU Go does on the same game (the dead stones
/// compared as sets: the two list groups in different orders).
fn assert_gtp_counts_as_gnugo(gnugo: &mut GnuGo, game: &Go) {
    let mut script = format!(
        "boardsize 9\nclear_board\nkomi {}\n",
        format_komi(game.komi_halves())
    );
    for &(player, m) in game.history() {
        let vertex = match m {
            GoMove::Stone(p) => game.vertex(p),
            GoMove::Pass => "pass".to_string(),
        };
        script.push_str(&format!("play {} {vertex}\n", colour(player)));
    }
    script.push_str("final_score\nfinal_status_list dead\nquit\n");
    let output = common::binary::ply_fed(&["gtp", "--playouts", "10"], script.as_bytes());
    let text = String::from_utf8(output.stdout).expect("answers are UTF-8");
    let answers: Vec<&str> = text.trim_end().split("\n\n").collect();
    let n = answers.len();
    assert_eq!(answers[n - 3], format!("= {}", gnugo.ask("final_score")));
    let stones = |list: &str| {
        let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
        v.sort();
        v
    };
    assert_eq!(
        stones(answers[n - 2].trim_start_matches('=')),
        stones(&gnugo.ask("final_status_list dead")),
        "dead stones of\n{}",
        game.diagram()
    );
}
