//! Perft: the number of positions exactly `depth` plies ahead, the standard check
//! of a move generator against published counts. Finished games are not continued.

use super::Game;

/// Positions at exactly `depth` plies from `game`; a game that ends earlier adds nothing.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    count(game, depth, &mut buffers)
}

/// Perft split by the first move, in generator order: what `--divide` prints, to
/// find which move's subtree disagrees with another program.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    game.moves()
        .into_iter()
        .map(|m| {
            game.play(m);
            let nodes = count(game, depth - 1, &mut buffers);
            game.undo();
            (m, nodes)
        })
        .collect()
}

fn count<G: Game>(game: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    game.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        game.play(m);
        total += count(game, depth - 1, rest);
        game.undo();
    }
    total
}
