//! Random playouts, the raw material of Monte Carlo search: from a position, both
//! sides play random legal moves, never filling one of their own eyes nor putting
//! a group of two stones or more in atari (a single stone may be thrown in), until
//! neither has such a move; the finished board is then scored by area. The light
//! policy first answers the last move when that is cheap to see: it captures a
//! group left in atari next to it, else saves its own group that the move put in
//! atari (when the escape point has room to breathe), else plays one of MoGo's
//! 3x3 patterns around it ([`super::patterns`]).
//!
//! Playouts run on a bare [`Board`] (no history, simple ko instead of superko) so
//! that each move costs a few array updates.

use super::board::{Board, Point};
use super::{Go, GoMove};
use crate::game::{Player, zobrist};

/// A small, fast, reproducible random number generator (SplitMix64), so that
/// playouts need no shared state and a seed replays the same game.
#[derive(Clone, Debug)]
pub struct PlayoutRng(u64);

impl PlayoutRng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> PlayoutRng {
        PlayoutRng(seed)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        ((u128::from(zobrist::mix64(self.0)) * n as u128) >> 64) as usize
    }
}

/// What a playout ended with.
#[derive(Clone, Debug)]
pub struct PlayoutResult {
    /// The final board.
    pub board: Board,
    /// Moves played (passes included).
    pub moves: usize,
    /// The moves in order, with the side that made each.
    pub record: Vec<(Player, GoMove)>,
}

/// The light policy's answer to the opponent's stone on `last`: a capture of an
/// opponent group in atari touching it (itself included), else the escape of one
/// of `player`'s groups it put in atari, onto a point with two empty neighbours.
fn answer_to(board: &Board, player: Player, last: Point) -> Option<Point> {
    let playable = |p: Point| board.is_legal(p, player) && !board.is_eye(p, player);
    let neighbours = board.neighbours(last);
    let capture = std::iter::once(last)
        .chain(neighbours)
        .filter(|&p| board.stone(p) == Some(player.other()))
        .filter_map(|p| board.atari_liberty(p))
        .find(|&p| playable(p));
    capture.or_else(|| {
        neighbours
            .into_iter()
            .filter(|&p| board.stone(p) == Some(player))
            .filter_map(|p| board.atari_liberty(p))
            .find(|&p| {
                let room = board
                    .neighbours(p)
                    .into_iter()
                    .filter(|&n| board.is_empty(n));
                playable(p) && room.count() >= 2
            })
    })
}

/// A random one of the points around `last` where a 3x3 pattern
/// ([`super::patterns`]) matches and `player` may sensibly play.
fn pattern_move(board: &Board, player: Player, last: Point, rng: &mut PlayoutRng) -> Option<Point> {
    let mut found = [0; 8];
    let mut count = 0;
    for p in board.around(last) {
        if board.is_empty(p)
            && super::patterns::matches(board.surroundings(p))
            && board.is_legal(p, player)
            && !board.is_eye(p, player)
            && !board.is_self_atari(p, player, 1)
        {
            found[count] = p;
            count += 1;
        }
    }
    (count > 0).then(|| found[rng.below(count)])
}

/// A random move for `player` that is legal on `board` (simple ko), does not
/// fill one of their eyes and does not put a group of two stones or more in atari, or `None` when there is none. `empties` is a scratch
/// list of the empty points, kept in no particular order.
fn random_move(
    board: &Board,
    player: Player,
    empties: &mut [Point],
    rng: &mut PlayoutRng,
) -> Option<Point> {
    // Try points in random order without building the list of legal ones: swap
    // each tried point to the end of the untried part.
    let mut untried = empties.len();
    while untried > 0 {
        let i = rng.below(untried);
        let p = empties[i];
        if board.is_legal(p, player)
            && !board.is_eye(p, player)
            && !board.is_self_atari(p, player, 2)
        {
            return Some(p);
        }
        untried -= 1;
        empties.swap(i, untried);
    }
    None
}

/// Plays a random game from `board` with `player` to move until both sides pass
/// in a row or `max_moves` moves have been made. `record` keeps the moves when
/// true (for tests and replays), and costs nothing when false.
pub fn playout(
    mut board: Board,
    mut player: Player,
    rng: &mut PlayoutRng,
    max_moves: usize,
    record: bool,
) -> PlayoutResult {
    let mut empties: Vec<Point> = Vec::with_capacity(board.size() * board.size());
    board.empty_points_into(&mut empties);
    let mut played = Vec::new();
    let mut passes = 0;
    let mut moves = 0;
    let mut last = None;
    while passes < 2 && moves < max_moves {
        let answer = last.and_then(|p| {
            answer_to(&board, player, p).or_else(|| pattern_move(&board, player, p, rng))
        });
        let chosen = answer.or_else(|| random_move(&board, player, &mut empties, rng));
        last = chosen;
        let m = match chosen {
            Some(p) => {
                let before = board.captures()[player.index()];
                board.play(p, player);
                passes = 0;
                if board.captures()[player.index()] != before {
                    board.empty_points_into(&mut empties);
                } else if let Some(i) = empties.iter().position(|&q| q == p) {
                    empties.swap_remove(i);
                }
                GoMove::Stone(p)
            }
            None => {
                board.pass();
                passes += 1;
                GoMove::Pass
            }
        };
        if record {
            played.push((player, m));
        }
        moves += 1;
        player = player.other();
    }
    PlayoutResult {
        board,
        moves,
        record: played,
    }
}

/// A playout from a game's position, with a move cap of three times the points
/// (long random games cycle only through rare ko fights).
pub fn playout_from(game: &Go, rng: &mut PlayoutRng, record: bool) -> PlayoutResult {
    let size = game.board().size();
    playout(
        game.board().clone(),
        crate::game::Game::to_move(game),
        rng,
        3 * size * size,
        record,
    )
}
