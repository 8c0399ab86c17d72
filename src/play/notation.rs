//! Lines of moves in words: the one formatter for principal variations and game
//! records, used by the arcade, `ply solve`, `ply match` and the engine protocols.

use crate::game::Game;

/// `moves` played out from `game`, each written by `write` in the position it is
/// played from. The line stops at the first move that is not legal there (a stale
/// table move, a line from another position), so it never shows an impossible move.
pub fn format_line_with<G: Game>(
    game: &G,
    moves: &[G::Move],
    mut write: impl FnMut(&G, G::Move) -> String,
) -> Vec<String> {
    let mut position = game.clone();
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        if !position.moves().contains(&m) {
            break;
        }
        texts.push(write(&position, m));
        position.play(m);
    }
    texts
}

/// [`format_line_with`] in the game's own notation.
pub fn format_line<G: Game>(game: &G, moves: &[G::Move]) -> Vec<String> {
    format_line_with(game, moves, G::format_move)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tictactoe::TicTacToe;
    use crate::game::{GameOptions, Playable};

    #[test]
    fn a_line_stops_at_the_first_illegal_move() {
        let game = TicTacToe::start(&GameOptions::default()).unwrap();
        let b2 = game.parse_move("b2").unwrap();
        let a1 = game.parse_move("a1").unwrap();
        assert_eq!(format_line(&game, &[b2, a1]), ["b2", "a1"]);
        // b2 twice: the second is taken, so the line ends before it.
        assert_eq!(format_line(&game, &[b2, b2, a1]), ["b2"]);
    }
}
