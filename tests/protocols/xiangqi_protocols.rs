//! Xiangqi behind the engine protocols, driven over stdin/stdout: `ply uci
//! --variant xiangqi` with Fairy-Stockfish's coordinates (ranks 1-10) and `ply
//! ucci` with ICCS (ranks 0-9); games against itself and malformed input.

use super::common;

use common::engine::Engine;
use ply::game::xiangqi::Xiangqi;
use ply::game::xiangqi::notation::Coordinates;
use ply::game::{Game, Outcome, Player};

/// Plays the engine against itself from the start, each move read back in the
/// given coordinates and checked legal by the rules, up to `plies` or the end.
fn self_play(engine: &mut Engine, coordinates: Coordinates, plies: usize) -> Xiangqi {
    let mut game = Xiangqi::new();
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() && moves.len() < plies {
        let list = if moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", moves.join(" "))
        };
        engine.send(&format!("position startpos{list}"));
        engine.send("go depth 2");
        let text = engine.best_move();
        let m = game
            .parse_coordinates(&text, coordinates)
            .unwrap_or_else(|e| panic!("{text} after {moves:?}: {e}"));
        game.play(m);
        moves.push(text);
    }
    game
}

#[test]
fn uci_speaks_xiangqi_with_fairy_stockfish_coordinates() {
    let mut engine = Engine::start(&["uci", "--variant", "xiangqi"]);
    engine.send("uci");
    let (_, identity) = engine.read_until("uciok");
    assert!(
        identity
            .iter()
            .any(|l| l == "option name UCI_Variant type combo default xiangqi var xiangqi"),
        "{identity:?}"
    );
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send("ucinewgame");
    // Fairy-Stockfish's first cannon move is h3e3; the reply must read in the same terms.
    engine.send("position startpos moves h3e3");
    engine.send("go depth 3");
    let (best, infos) = engine.read_until("bestmove");
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("info depth 3 seldepth") && l.contains(" score cp ")),
        "{infos:?}"
    );
    let mut game = Xiangqi::new();
    game.play_moves("h2e2").unwrap();
    let reply = best.split_whitespace().nth(1).unwrap();
    assert!(
        game.parse_coordinates(reply, Coordinates::Uci).is_ok(),
        "{best}"
    );
    let played = self_play(&mut engine, Coordinates::Uci, 40);
    assert!(played.played().count() >= 40 || played.outcome().is_some());
    engine.quit();
}

#[test]
fn uci_xiangqi_survives_malformed_lines() {
    let mut engine = Engine::start(&["uci", "--variant", "xiangqi"]);
    for line in [
        "",
        "garbage",
        "ucci",
        "position fen xyz",
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",
        // ICCS ranks are not UCI's: h2e2 names points with no piece of Red's.
        "position startpos moves h2e2",
        "position startpos moves h3e3 h3e3",
        "position startpos moves a10a11",
        "go depth abc",
        "go time 5",
        "setoption name UCI_Variant value chess",
        "setoption name Evaluation value magic",
        "\u{1F600} \u{0}",
        // Every go gets its bestmove: the unlimited one above ends here.
        "stop",
    ] {
        engine.send(line);
    }
    engine.send("isready");
    engine.read_until("readyok");
    // The last `position` was refused: no move until the next good one.
    engine.send("go depth 2");
    assert_eq!(engine.best_move(), "0000");
    engine.send("position startpos");
    engine.send("go depth 2");
    let text = engine.best_move();
    assert!(
        Xiangqi::new()
            .parse_coordinates(&text, Coordinates::Uci)
            .is_ok(),
        "{text}"
    );
    // A stalemated side has lost: there is no move to give.
    engine.send("position fen 3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    engine.send("go depth 2");
    assert_eq!(engine.best_move(), "0000");
    engine.quit();
}

#[test]
fn ucci_speaks_xiangqi_in_iccs() {
    let mut engine = Engine::start(&["ucci"]);
    engine.send("ucci");
    let (_, identity) = engine.read_until("ucciok");
    assert!(identity.iter().any(|l| l.starts_with("id name ply")));
    assert!(identity.iter().any(|l| l.starts_with("option hashsize")));
    engine.send("setoption hashsize 8");
    engine.send("setoption usemillisec true");
    engine.send("setoption newgame");
    engine.send("isready");
    engine.read_until("readyok");
    engine.send("position startpos moves h2e2");
    engine.send("go time 2000 increment 0 opptime 2000");
    let (best, infos) = engine.read_until("bestmove");
    assert!(
        infos.iter().any(|l| l.starts_with("info depth 1 score ")),
        "{infos:?}"
    );
    let mut game = Xiangqi::new();
    game.play_moves("h2e2").unwrap();
    let reply = best.split_whitespace().nth(1).unwrap();
    assert!(
        game.parse_coordinates(reply, Coordinates::Iccs).is_ok(),
        "{best}"
    );
    let played = self_play(&mut engine, Coordinates::Iccs, 40);
    assert!(played.played().count() >= 40 || played.outcome().is_some());
    engine.send("quit");
    engine.read_until("bye");
    engine.wait_for_exit();
}

#[test]
fn ucci_survives_malformed_lines_and_reports_no_move_when_the_game_is_over() {
    let mut engine = Engine::start(&["ucci"]);
    for line in [
        "",
        "uci",
        "position",
        "position fen",
        "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "position startpos moves h3e3",
        "position startpos moves h2e2 zz",
        "go depth",
        "go depth -",
        "go sideways",
        "setoption hashsize lots",
        "setoption",
        "banmoves h2e2",
        "\u{1F600}",
        "stop",
    ] {
        engine.send(line);
    }
    engine.send("isready");
    engine.read_until("readyok");
    // The last `position` was refused: no move until the next good one.
    engine.send("go depth 2");
    assert_eq!(engine.read_until("nobestmove").0, "nobestmove");
    engine.send("position startpos");
    engine.send("go depth 2");
    let text = engine.best_move();
    assert!(
        Xiangqi::new()
            .parse_coordinates(&text, Coordinates::Iccs)
            .is_ok(),
        "{text}"
    );
    // Checkmated: a chariot on a9 with another guarding rank 8.
    let mated = "R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1";
    assert_eq!(
        Xiangqi::from_fen(mated).unwrap().outcome(),
        Some(Outcome::Win(Player::First))
    );
    engine.send(&format!("position fen {mated}"));
    engine.send("go depth 3");
    let (line, _) = engine.read_until("nobestmove");
    assert_eq!(line, "nobestmove");
    // go depth infinite waits for stop.
    engine.send("position startpos");
    engine.send("go depth infinite");
    engine.send("isready");
    engine.read_until("readyok");
    engine.send("stop");
    engine.read_until("bestmove");
    engine.send("quit");
    engine.read_until("bye");
    engine.wait_for_exit();
}
