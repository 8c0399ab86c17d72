//! Game records: every game's record read back to the same game, PGN checked
//! against python-chess (an independent reader: it must read ply's PGN to the
//! same moves and position, and a PGN in another program's style must give ply
//! the moves python-chess reads), `ply play --load` refusing bad files with one
//! line, and the arcade's `w`/`y` keys and its move list and result box.
//!
//! python-chess is the oracle: without it the comparisons say so and pass,
//! except under `PLY_REQUIRE_TOOLS` (CI), where they fail.

use super::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::binary::ply;
use ply::game::chess::{Chess, notation};
use ply::game::{Game, GameOptions, Playable};
use ply::play::clock::TimeControl;
use ply::play::record::{self, RecordFacts, Recordable, load_file, read_record};
use ply::tui::app::App;
use ply::tui::screens::play::Play;
use ply::tui::theme::Theme;
use ply::tui::{Launch, PlaySetup, Seat, session};
use ply::{dispatch_game, for_each_game};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A lichess-style export: clock and eval comments, glyphs, variations, two games.
const LICHESS_STYLE: &str = "tests/data/lichess_style.pgn";

/// Plays up to `plies` moves chosen by a fixed linear congruential sequence, so
/// each game gets a varied but repeatable line.
fn random_line<G: Playable>(start: &G, plies: usize, seed: u64) -> Vec<G::Move> {
    let mut game = start.clone();
    let mut state = seed;
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = game.moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m = moves[(state >> 33) as usize % moves.len()];
        game.play(m);
        line.push(m);
    }
    line
}

/// Writes a random game of `G` as its record, reads it back, and checks the
/// game, start position, moves and final position all survive.
struct RoundTrip(u64);

impl RoundTrip {
    fn visit<G: Recordable>(self) {
        let start = G::start(&GameOptions::default()).expect("the usual start");
        let line = random_line(&start, 60, self.0);
        let mut end = start.clone();
        let mut texts = Vec::new();
        for &m in &line {
            texts.push(end.format_move(m));
            end.play(m);
        }
        let facts = RecordFacts {
            players: ["human".into(), "ply \"engine\"".into()],
            date: record::today(),
            ..RecordFacts::default()
        };
        let text = record::write_record(&start, &line, &facts);
        let id = G::info().id;
        let loaded = read_record(&text, Some(G::EXTENSION), 1)
            .unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert_eq!(loaded.game, id, "{text}");
        assert_eq!(loaded.moves, texts, "{text}");
        let again = G::setup(
            &GameOptions::default(),
            Some(&loaded.position),
            Some(&loaded.moves.join(" ")),
        )
        .unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert_eq!(again.format_position(), end.format_position(), "{text}");
    }
}

#[test]
fn every_game_reads_back_what_its_record_writes() {
    for id in ply::game::registry::GAME_IDS {
        for seed in 1..=3 {
            let id = *id;
            for_each_game!(dispatch_game!(id, RoundTrip(seed), ())).expect("a known game");
        }
    }
}

#[test]
fn records_name_their_format_as_other_programs_expect() {
    let chess = record::write_record(
        &Chess::new(),
        &[],
        &RecordFacts {
            players: ["a".into(), "b".into()],
            time_control: Some(TimeControl::parse("10+3").unwrap()),
            ..RecordFacts::default()
        },
    );
    for tag in [
        "[TimeControl \"600+3\"]",
        "[Event ",
        "[Site ",
        "[Date ",
        "[Round ",
        "[White \"a\"]",
        "[Black \"b\"]",
    ] {
        assert!(chess.contains(tag), "{chess}");
    }
    let start = ply::game::xiangqi::Xiangqi::new();
    let line = random_line(&start, 4, 5);
    let xiangqi = record::write_record(&start, &line, &RecordFacts::default());
    assert!(xiangqi.contains("[Variant \"xiangqi\"]"), "{xiangqi}");
    let checkers = ply::game::checkers::Checkers::new();
    let pdn = record::write_record(&checkers, &[], &RecordFacts::default());
    assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
    let read = read_record("1. 11-15 23-19 *", Some("pdn"), 1).unwrap();
    assert_eq!((read.game.as_str(), read.moves.len()), ("checkers", 2));
}

/// python-chess's reading of every game in a PGN file: per game, the moves in
/// UCI then the final FEN, one line each. `None` when python-chess is missing.
fn python_chess(pgn: &Path) -> Option<Vec<(Vec<String>, String)>> {
    const SCRIPT: &str = r#"
import sys, chess.pgn
f = open(sys.argv[1])
while True:
    g = chess.pgn.read_game(f)
    if g is None:
        break
    assert not g.errors, g.errors
    print(" ".join(m.uci() for m in g.mainline_moves()))
    print(g.end().board().fen())
"#;
    let usable = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !usable {
        assert!(
            std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
            "python-chess is required here (pip install chess)"
        );
        eprintln!("python-chess not installed: the PGN oracle comparison did not run");
        return None;
    }
    let output = Command::new("python3")
        .args(["-c", SCRIPT])
        .arg(pgn)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "python-chess refused {}: {}",
        pgn.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    Some(
        lines
            .chunks(2)
            .map(|pair| {
                let moves = pair[0].split_whitespace().map(str::to_string).collect();
                (moves, pair[1].to_string())
            })
            .collect(),
    )
}

/// The moves of a loaded chess record in UCI, replayed from its start.
fn uci_line(loaded: &record::LoadedRecord) -> (Vec<String>, String) {
    let mut game = Chess::from_fen(&loaded.position).unwrap();
    let mut ucis = Vec::new();
    for text in &loaded.moves {
        let m = game.parse_move(text).unwrap();
        ucis.push(notation::format_uci(game.board(), m));
        game.play(m);
    }
    (ucis, game.format_position())
}

/// A directory of the test's own under the system's temporary one, removed with
/// everything in it when the test ends (pass or fail).
struct ScratchDir(PathBuf);

impl std::ops::Deref for ScratchDir {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch_dir(name: &str) -> ScratchDir {
    let dir = std::env::temp_dir().join(format!("ply-records-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    ScratchDir(dir)
}

#[test]
fn python_chess_reads_ply_pgn_to_the_same_game() {
    let dir = scratch_dir("oracle");
    // Castling both ways, a promotion, checks, and a game that starts from a FEN.
    let games = [
        (
            None,
            "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 Bf5 Bd2 e6 Bc4 c6 Qe2 Bb4 O-O-O Nbd7 \
             Nd5 Qa4 Nxb4 Qxb4 b3 O-O d5 cxd5 Bxd5 exd5 Qb5 Qxb5",
        ),
        (Some("7k/P7/8/8/8/8/6K1/8 w - - 0 50"), "a8=Q+ Kh7 Qb7+ Kh8"),
        (None, "f3 e5 g4 Qh4#"),
    ];
    for (index, (fen, moves)) in games.iter().enumerate() {
        let mut start = Chess::new();
        if let Some(fen) = fen {
            start = Chess::from_fen(fen).unwrap();
        }
        let mut game = start.clone();
        game.play_moves(moves).unwrap();
        let line: Vec<_> = game.played().collect();
        let facts = RecordFacts {
            players: ["human".into(), "ply engine".into()],
            date: record::today(),
            outcome: game.outcome(),
            end: game.end_reason(),
            ..RecordFacts::default()
        };
        let text = record::write_record(&start, &line, &facts);
        let path = dir.join(format!("game{index}.pgn"));
        std::fs::write(&path, &text).unwrap();
        let loaded = load_file(&path, 1).unwrap();
        let ours = uci_line(&loaded);
        assert_eq!(ours.1, game.format_position());
        let Some(theirs) = python_chess(&path) else {
            return;
        };
        assert_eq!(theirs, vec![ours], "{text}");
    }
    let mate = std::fs::read_to_string(dir.join("game2.pgn")).unwrap();
    assert!(mate.contains("2. g4 Qh4# {by checkmate} 0-1"), "{mate}");
    assert!(mate.contains("[Termination \"normal\"]"), "{mate}");
}

#[test]
fn a_pgn_from_another_program_loads_as_python_chess_reads_it() {
    let path = Path::new(LICHESS_STYLE);
    let first = load_file(path, 1).unwrap();
    let second = load_file(path, 2).unwrap();
    assert_eq!((first.games_in_file, first.result.as_str()), (2, "1-0"));
    assert_eq!(first.moves.len(), 70);
    assert_eq!(second.moves, ["Nd4", "Qxf7#"]);
    let error = load_file(path, 3).unwrap_err().0;
    assert!(error.contains("holds 2 game(s)"), "{error}");
    let Some(theirs) = python_chess(path) else {
        return;
    };
    assert_eq!(theirs, vec![uci_line(&first), uci_line(&second)]);
}

#[test]
fn play_load_refuses_bad_files_with_one_line_and_status_2() {
    let dir = scratch_dir("bad");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let cases = [
        (write("illegal.pgn", "1. e4 e4 *"), "e4"),
        (write("unclosed.pgn", "1. e4 {never closed"), "never closed"),
        (write("empty.pgn", ""), "no game"),
        (
            write("variant.pgn", "[Variant \"crazyhouse\"]\n1. e4 *"),
            "crazyhouse",
        ),
        (
            write(
                "final.txt",
                "[Game \"tictactoe\"]\n[FinalPosition \"xxx/.../...\"]\n1. b2 *",
            ),
            "record says",
        ),
        (
            dir.join("missing.pgn").to_string_lossy().into_owned(),
            "cannot read",
        ),
    ];
    for (path, expected) in &cases {
        let output = ply(&["play", "--load", path]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{path}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{path}: {stderr}");
    }
    let output = ply(&["play", "checkers", "--load", LICHESS_STYLE]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not checkers"));
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Two humans at a game from `position` with `moves` already played.
fn humans(game: &str, position: Option<&str>, moves: &str) -> PlaySetup {
    PlaySetup {
        position: position.map(str::to_string),
        moves: Some(moves.to_string()),
        first: Seat::Human,
        second: Seat::Human,
        ..PlaySetup::new(game)
    }
}

fn screen_text(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.render(frame)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_move_list_pairs_moves_and_the_result_says_why() {
    let mate = humans("chess", None, "f3 e5 g4 Qh4#");
    let mut app = App::new(Launch::Game(mate), Theme::plain()).unwrap();
    let screen = screen_text(&mut app, 100, 30);
    assert!(screen.contains("  1. f3      e5"), "{screen}");
    assert!(screen.contains("  2. g4      Qh4#"), "{screen}");
    assert!(screen.contains("wins by checkmate"), "{screen}");
    // At the smallest size the result is never cut off, and the moves that led to
    // it stay on screen (the status line says the result when the box has no room).
    let small = screen_text(&mut app, 80, 24);
    assert!(small.contains("wins by checkmate"), "{small}");
    assert!(small.contains("  1. f3      e5"), "{small}");
    assert!(small.contains("  2. g4      Qh4#"), "{small}");

    let stalemate = humans("chess", Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 60"), "Qf7");
    let mut app = App::new(Launch::Game(stalemate), Theme::plain()).unwrap();
    let screen = screen_text(&mut app, 100, 30);
    assert!(screen.contains(" 60. Qf7"), "{screen}");
    assert!(screen.contains("draw by stalemate"), "{screen}");

    let kalah = humans("kalah", Some("0,0,0,0,0,1:30/1,1,1,1,1,0:12 s"), "6");
    let mut app = App::new(Launch::Game(kalah), Theme::plain()).unwrap();
    let screen = screen_text(&mut app, 100, 30);
    assert!(screen.contains("wins 31-17 in seeds"), "{screen}");
}

#[test]
fn keys_write_the_record_and_copy_the_position() {
    let dir = scratch_dir("keys");
    let setup = humans("chess", None, "e4 e5 Nf3");
    let session = session::open(&setup).unwrap();
    let mut play = Play::new(session, setup).with_export_dir(dir.to_path_buf());
    play.handle_key(&key(KeyCode::Char('w')));
    let message = play.session().message().unwrap().text.clone();
    assert!(message.starts_with("game written to"), "{message}");
    let path = message.trim_start_matches("game written to ");
    let loaded = load_file(Path::new(path), 1).unwrap();
    assert_eq!(loaded.moves, ["e4", "e5", "Nf3"]);

    play.handle_key(&key(KeyCode::Char('y')));
    let message = play.session().message().unwrap().text.clone();
    assert!(message.contains("ply-clipboard.txt"), "{message}");
    let copied = std::fs::read_to_string(dir.join("ply-clipboard.txt")).unwrap();
    let mut lines = copied.lines();
    let mut now = Chess::new();
    now.play_moves("e4 e5 Nf3").unwrap();
    assert_eq!(lines.next(), Some(now.format_position().as_str()));
    assert!(
        lines.next().unwrap().ends_with("--moves 'e4 e5 Nf3'"),
        "{copied}"
    );
}
