//! The engine's quick answer to "does this capture lose material?"
//! (`Game::exchange_loss`, which skips the exchange when the victim is worth at
//! least the capturer) must say what playing the exchange out says, for every
//! capture of the Win At Chess positions and of the xiangqi positions
//! Fairy-Stockfish labelled.

use ply::game::SearchHooks;
use ply::game::chess::Chess;
use ply::game::xiangqi::Xiangqi;

const WAC: &str = include_str!("../data/chess/wac.epd");
const XIANGQI: &str = include_str!("../data/xiangqi-fairy-labels.txt");

/// Checks every tactical move of `game`; returns how many it checked.
fn check_captures<G: SearchHooks>(game: &G, name: &str) -> usize {
    let mut moves = Vec::new();
    game.tactical_moves(&mut moves);
    for &m in &moves {
        let played_out = game.static_exchange(m).filter(|&gain| gain < 0);
        assert_eq!(game.exchange_loss(m), played_out, "{name}");
    }
    moves.len()
}

#[test]
fn the_quick_exchange_answer_agrees_with_the_exchange_played_out() {
    let mut checked = 0;
    for line in WAC
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fen = format!(
            "{} 0 1",
            line.split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ")
        );
        checked += check_captures(&Chess::from_fen(&fen).expect("a WAC FEN"), &fen);
    }
    for fen in XIANGQI
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
    {
        checked += check_captures(&Xiangqi::from_fen(fen).expect("a labelled FEN"), fen);
    }
    assert!(checked > 1000, "only {checked} captures checked");
}
