//! The engine protocols (`ply uci`, `ply ucci`) under what GUIs and junk send them:
//! bytes that are not UTF-8, `go searchmoves`, `go mate N`, positions that the draw
//! rules already ended (a GUI that does not adjudicate still wants a move), option
//! values out of range, clock values past any arithmetic, and thousands of random
//! lines, after which `isready` is still answered and every `go` got exactly one
//! `bestmove`.

use super::common;

use common::engine::Engine;
use ply::game::chess::{Chess, notation};
use ply::game::xiangqi::Xiangqi;
use ply::game::xiangqi::notation::Coordinates;
use ply::game::zobrist::mix64;
use ply::game::{Game, Outcome};

/// The move of the next `bestmove` line.
fn best_move(engine: &mut Engine) -> String {
    engine.best_move()
}

#[test]
fn a_line_that_is_not_utf8_is_skipped_and_the_session_goes_on() {
    for args in [&["uci"][..], &["ucci"][..]] {
        let mut engine = Engine::start(args);
        engine.send_bytes(b"isready \xff\xfe\xc3");
        engine.send("isready");
        let (ready, before) = engine.read_until("readyok");
        assert_eq!(ready, "readyok");
        assert!(
            before.iter().any(|l| l.contains("not UTF-8")),
            "{args:?}: {before:?}"
        );
        engine.send("go depth 1");
        best_move(&mut engine);
        engine.send("quit");
        engine.wait_for_exit();
    }
}

#[test]
fn go_searchmoves_restricts_the_root() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("position startpos");
    engine.send("go depth 3 searchmoves a2a3");
    assert_eq!(best_move(&mut engine), "a2a3");
    engine.send("go searchmoves h2h3 g2g4 depth 2");
    let best = best_move(&mut engine);
    assert!(best == "h2h3" || best == "g2g4", "{best}");
    // Illegal ones are noted and left out; none left: every move is searched.
    engine.send("go depth 1 searchmoves e2e5");
    let (line, before) = engine.read_until("bestmove");
    assert!(before.iter().any(|l| l.contains("e2e5")), "{before:?}");
    let text = line.split_whitespace().nth(1).unwrap();
    assert!(
        notation::parse_uci(Chess::new().board(), text).is_ok(),
        "{line}"
    );
    engine.quit();
}

/// True when `m` mates in at most two moves: checked by playing out every reply.
fn forces_mate_in_two(game: &Chess, m: <Chess as Game>::Move) -> bool {
    let mated = |g: &Chess| g.outcome() == Some(Outcome::Win(game.to_move()));
    let mut after = game.clone();
    after.play(m);
    if mated(&after) {
        return true;
    }
    let replies = after.moves();
    !replies.is_empty()
        && replies.into_iter().all(|reply| {
            let mut position = after.clone();
            position.play(reply);
            position.moves().into_iter().any(|second| {
                let mut end = position.clone();
                end.play(second);
                mated(&end)
            })
        })
}

#[test]
fn go_mate_finds_a_mate_in_two() {
    // Two rooks against a bare king: no mate in one, a mate in two (Rb7 then Ra8).
    let fen = "7k/8/8/8/8/8/R7/1R5K w - - 0 1";
    let game = Chess::from_fen(fen).unwrap();
    let mate_in_one = game.moves().into_iter().any(|m| {
        let mut g = game.clone();
        g.play(m);
        g.outcome().is_some()
    });
    assert!(!mate_in_one);
    let mut engine = Engine::start(&["uci"]);
    engine.send(&format!("position fen {fen}"));
    engine.send("go mate 2");
    let (line, infos) = engine.read_until("bestmove");
    let text = line.split_whitespace().nth(1).unwrap();
    let m = notation::parse_uci(game.board(), text).expect("a legal move");
    assert!(forces_mate_in_two(&game, m), "{text} does not mate in two");
    assert!(
        infos.iter().any(|l| l.contains("score mate 2")),
        "{infos:?}"
    );
    engine.quit();
}

/// Chess positions that the draw rules have ended while moves remain.
fn chess_drawn_by_rule() -> Vec<(&'static str, String)> {
    vec![
        (
            "threefold repetition",
            "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".to_string(),
        ),
        (
            "fifty-move count 100",
            "position fen 4k3/8/8/8/8/8/4P3/R3K3 w Q - 100 80".to_string(),
        ),
        (
            "insufficient material",
            "position fen 8/8/4k3/8/8/3BK3/8/8 w - - 0 1".to_string(),
        ),
    ]
}

/// The chess game a `position` command sets up.
fn chess_position(command: &str) -> Chess {
    let words: Vec<&str> = command.split_whitespace().collect();
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let mut game = if words[1] == "startpos" {
        Chess::new()
    } else {
        Chess::from_fen(&words[2..moves_at].join(" ")).unwrap()
    };
    for text in words.iter().skip(moves_at + 1) {
        let m = notation::parse_uci(game.board(), text).unwrap();
        game.play(m);
    }
    game
}

#[test]
fn chess_positions_drawn_by_rule_still_get_a_legal_move() {
    let mut engine = Engine::start(&["uci"]);
    for (rule, command) in chess_drawn_by_rule() {
        let game = chess_position(&command);
        assert_eq!(game.outcome(), Some(Outcome::Draw), "{rule}");
        engine.send(&command);
        engine.send("go depth 3");
        let text = best_move(&mut engine);
        assert!(
            notation::parse_uci(game.board(), &text).is_ok(),
            "{rule}: {text}"
        );
    }
    engine.quit();
}

#[test]
fn xiangqi_positions_drawn_by_rule_still_get_a_legal_move() {
    // Chariots out and back twice: the start position for the third time.
    let repetition = "a0a1 a9a8 a1a0 a8a9 a0a1 a9a8 a1a0 a8a9";
    let natural_limit = "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 120 80";
    let mut repeated = Xiangqi::new();
    for text in repetition.split_whitespace() {
        let m = repeated.parse_coordinates(text, Coordinates::Iccs).unwrap();
        repeated.play(m);
    }
    assert!(repeated.outcome().is_some());
    assert!(repeated.moves().is_empty());
    let limited = Xiangqi::from_fen(natural_limit).unwrap();
    assert_eq!(limited.outcome(), Some(Outcome::Draw));
    // The same boards with no history and a fresh count: their moves are legal.
    let fresh_start = Xiangqi::new();
    let fresh_limit = Xiangqi::from_fen(&natural_limit.replace(" 120 ", " 0 ")).unwrap();
    let cases = [
        (
            format!("position startpos moves {repetition}"),
            &fresh_start,
        ),
        (format!("position fen {natural_limit}"), &fresh_limit),
    ];
    let mut engine = Engine::start(&["ucci"]);
    engine.send("ucci");
    engine.read_until("ucciok");
    for (command, fresh) in &cases {
        engine.send(command);
        engine.send("go depth 3");
        let text = best_move(&mut engine);
        assert!(
            fresh.parse_coordinates(&text, Coordinates::Iccs).is_ok(),
            "{command}: {text}"
        );
    }
    engine.send("quit");
    engine.read_until("bye");
    engine.wait_for_exit();
}

#[test]
fn options_out_of_range_are_noted_and_clamped_and_clock_arithmetic_saturates() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("uci");
    let (_, options) = engine.read_until("uciok");
    assert!(options.iter().any(|l| l.starts_with("option name Threads")));
    for (line, note) in [
        ("setoption name Hash value 0", "using 1"),
        ("setoption name Hash value 99999999", "using 4096"),
        ("setoption name Threads value 999", "using 256"),
    ] {
        engine.send(line);
        engine.send("isready");
        let (_, before) = engine.read_until("readyok");
        assert!(
            before.iter().any(|l| l.contains(note)),
            "{line}: {before:?}"
        );
    }
    engine.send("setoption name Threads value 1");
    engine.send("setoption name Hash value 1");
    engine.send("isready");
    let (_, before) = engine.read_until("readyok");
    assert!(before.is_empty(), "{before:?}");
    engine.quit();

    // A clock of 18446744073709552 seconds must not wrap into a few milliseconds:
    // the engine thinks until told to stop.
    let mut engine = Engine::start(&["ucci"]);
    engine.send("position startpos");
    engine.send("go time 18446744073709552 increment 18446744073709552");
    engine.send("isready");
    engine.read_until("readyok");
    engine.send("stop");
    let (line, _) = engine.read_until("bestmove");
    let text = line.split_whitespace().nth(1).unwrap();
    assert!(
        Xiangqi::new()
            .parse_coordinates(text, Coordinates::Iccs)
            .is_ok()
    );
    engine.send("quit");
    engine.read_until("bye");
    engine.wait_for_exit();
}

/// Words a junk line is made of: the protocols' own, moves, numbers, noise.
const WORDS: &[&str] = &[
    "uci",
    "ucci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "Hash",
    "hashsize",
    "Threads",
    "Evaluation",
    "UCI_Variant",
    "usemillisec",
    "true",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "time",
    "opptime",
    "increment",
    "infinite",
    "mate",
    "searchmoves",
    "ponder",
    "stop",
    "e2e4",
    "a2a3",
    "h2e2",
    "e7e8q",
    "0000",
    "-1",
    "0",
    "1",
    "2",
    "99999999999999999999",
    "18446744073709552",
    "rnbqkbnr/pppppppp/8/8",
    "w",
    "b",
    "-",
    "KQkq",
    "\u{0}",
    "\u{1b}[2J",
    "é",
    "\t",
];

/// Line `n` of the junk: protocol words in random order, or random bytes.
fn junk_line(n: u64) -> Vec<u8> {
    let r = mix64(n);
    if r.is_multiple_of(4) {
        let len = (mix64(r) % 40) as usize;
        return (0..len)
            .map(|i| (mix64(r + i as u64) % 256) as u8)
            .filter(|&b| b != b'\n')
            .collect();
    }
    let len = 1 + (mix64(r ^ 1) % 8) as usize;
    let mut words: Vec<&str> = (0..len)
        .map(|i| WORDS[(mix64(r.wrapping_add(7 * i as u64 + 3)) % WORDS.len() as u64) as usize])
        .collect();
    if r.is_multiple_of(3) {
        words[0] = "go";
    }
    words.join(" ").into_bytes()
}

/// The first word of a line the engine reads as text.
fn first_word(line: &[u8]) -> Option<&str> {
    std::str::from_utf8(line).ok()?.split_whitespace().next()
}

/// How many lines answer a `go`.
fn count_answers(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|l| l.starts_with("bestmove ") || *l == "nobestmove")
        .count()
}

#[test]
fn ten_thousand_junk_lines_never_stop_isready_and_every_go_gets_one_bestmove() {
    for args in [&["uci"][..], &["ucci"][..]] {
        let mut engine = Engine::start(args);
        let (mut gos, mut answers) = (0, 0);
        for n in 0..10_000 {
            let line = junk_line(n);
            // The test's own isready lines keep count; quit would end the session.
            if matches!(first_word(&line), Some("quit" | "isready")) {
                continue;
            }
            gos += usize::from(first_word(&line) == Some("go"));
            engine.send_bytes(&line);
            if n % 1000 == 999 {
                engine.send("isready");
                answers += count_answers(&engine.read_until("readyok").1);
            }
        }
        engine.send("stop");
        engine.send("isready");
        let (ready, before) = engine.read_until("readyok");
        assert_eq!(ready, "readyok");
        answers += count_answers(&before);
        assert!(gos > 1000, "{args:?}: only {gos} go lines");
        assert_eq!(answers, gos, "{args:?}: every go gets exactly one bestmove");
        engine.send("quit");
        engine.wait_for_exit();
    }
}
