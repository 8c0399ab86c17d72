//! What Monte Carlo search knows about a Go move before playing it out, as
//! virtual playouts (the priors of MoGo, Fuego and Pachi): every move starts even
//! (the even-game heuristic), captures and escapes from atari start ahead,
//! filling one's own eye, self-atari and passing start far behind, MoGo's 3x3
//! patterns next to the last move start ahead, and moves
//! on the edge of an empty region start behind those on the third and fourth lines.
//! The tree then tries the sensible moves first; the playouts correct the priors.

use super::board::{Board, Point};
use super::{Go, GoMove};
use crate::game::{Game, Player};

/// Virtual playouts every move starts with.
const EVEN: u32 = 10;

/// The prior of `m` for the side to move in `game`: (virtual playouts, virtual wins).
pub fn prior(game: &Go, m: GoMove) -> (u32, u32) {
    let me = game.to_move();
    let board = game.board();
    let GoMove::Stone(p) = m else {
        return pass_prior(game);
    };
    if board.is_eye(p, me) {
        return (3 * EVEN, 0);
    }
    if board.is_self_atari(p, me, 2) {
        return (2 * EVEN, 1);
    }
    if captures(board, p, me) {
        return (2 * EVEN, 2 * EVEN - 2);
    }
    if escapes_atari(board, p, me) {
        return (2 * EVEN, 2 * EVEN - 4);
    }
    let from_last = match game.last_move() {
        Some(GoMove::Stone(last)) => distance(board, p, last),
        _ => usize::MAX,
    };
    let near_last = from_last <= 2;
    let pattern = from_last == 1 && super::patterns::matches(board.surroundings(p));
    let wins = if pattern {
        EVEN / 2 + 3
    } else if stones_within(board, p, 2) {
        EVEN / 2 + u32::from(near_last)
    } else {
        match line(board, p) {
            0 => 1,
            1 => 3,
            _ => EVEN / 2 + 2,
        }
    };
    (EVEN, wins)
}

/// Passing starts far behind, since it is right only once nothing else is,
/// except on a settled board whose count the side to move wins: there it starts
/// ahead. The tree has no exploration term, so a pass that starts behind is
/// never tried, and the engine would go on playing stones into the opponent's
/// area (or its own) in a won game instead of passing, even after the
/// opponent's pass, when passing wins on the spot.
fn pass_prior(game: &Go) -> (u32, u32) {
    let won = game.board().settled_area().is_some_and(|area| {
        let lead = super::lead_halves(area, game.komi_halves());
        match game.to_move() {
            Player::First => lead > 0,
            Player::Second => lead < 0,
        }
    });
    (2 * EVEN, if won { 2 * EVEN } else { 0 })
}

/// True when a stone of `player` on `p` takes an opponent group in atari.
fn captures(board: &Board, p: Point, player: Player) -> bool {
    board
        .neighbours(p)
        .into_iter()
        .any(|n| board.stone(n) == Some(player.other()) && board.atari_liberty(n) == Some(p))
}

/// True when `p` is the last liberty of a group of `player` and playing there
/// gives it room (not a self-atari).
fn escapes_atari(board: &Board, p: Point, player: Player) -> bool {
    board
        .neighbours(p)
        .into_iter()
        .any(|n| board.stone(n) == Some(player) && board.atari_liberty(n) == Some(p))
        && !board.is_self_atari(p, player, 1)
}

/// The line of `p` from the nearest edge: 0 the first line.
fn line(board: &Board, p: Point) -> usize {
    let (file, rank) = board.coordinates(p);
    let size = board.size();
    file.min(rank).min(size - 1 - file).min(size - 1 - rank)
}

/// The larger of the file and rank distances between two points.
fn distance(board: &Board, a: Point, b: Point) -> usize {
    let (fa, ra) = board.coordinates(a);
    let (fb, rb) = board.coordinates(b);
    fa.abs_diff(fb).max(ra.abs_diff(rb))
}

/// True when a stone stands within `reach` points (either way) of `p`.
fn stones_within(board: &Board, p: Point, reach: usize) -> bool {
    let (file, rank) = board.coordinates(p);
    let size = board.size();
    let files = file.saturating_sub(reach)..=(file + reach).min(size - 1);
    files.into_iter().any(|f| {
        (rank.saturating_sub(reach)..=(rank + reach).min(size - 1))
            .any(|r| board.stone(board.point(f, r)).is_some())
    })
}
