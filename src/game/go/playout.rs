//! Random playouts, the raw material of Monte Carlo search: from a position, both
//! sides play random legal moves, never filling one of their own eyes nor putting
//! a group of two stones or more in atari (a single stone may be thrown in), until
//! neither has such a move; the finished board is then scored by area. The policy
//! first answers the last move when that is cheap to see, as Fuego's and Pachi's
//! playouts do: it captures a group left in atari next to it, else saves its own
//! group that the move put in atari (capturing back, or running where there is
//! room), else fights the groups the move left with two liberties, else plays one
//! of MoGo's 3x3 patterns around it ([`super::patterns`]).
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

/// The policy's answer to the opponent's stone on `last`, the local tactics of
/// Fuego's and Pachi's playouts in their order: capture a group of theirs in
/// atari touching it, else save a group of ours it put in atari, else fight the
/// groups with two liberties around it ([`two_liberty_answer`]).
fn answer_to(board: &Board, player: Player, last: Point) -> Option<Point> {
    let neighbours = board.neighbours(last);
    let capture = std::iter::once(last)
        .chain(neighbours)
        .filter(|&p| board.stone(p) == Some(player.other()))
        .filter_map(|p| board.atari_liberty(p))
        .find(|&p| sensible(board, player, p));
    capture
        .or_else(|| {
            neighbours
                .into_iter()
                .filter(|&p| board.stone(p) == Some(player))
                .find_map(|p| escape(board, player, p))
        })
        .or_else(|| two_liberty_answer(board, player, last))
}

/// How `player` saves their group on `stone` when it is in atari: by capturing
/// a group of the opponent's in atari that touches it, else by extending onto
/// its liberty when that point has two empty neighbours (room to breathe).
fn escape(board: &Board, player: Player, stone: Point) -> Option<Point> {
    let liberty = board.atari_liberty(stone)?;
    let counter_capture = board
        .group_stones(stone)
        .flat_map(|s| board.neighbours(s))
        .filter(|&n| board.stone(n) == Some(player.other()))
        .filter_map(|n| board.atari_liberty(n))
        .find(|&p| sensible(board, player, p));
    counter_capture.or_else(|| {
        let room = empty_neighbours_besides(board, liberty, None);
        (sensible(board, player, liberty) && room >= 2).then_some(liberty)
    })
}

/// Fights over groups left with two liberties by the last move: the opponent's
/// group on `last` is put in an atari it cannot run from (the other liberty has
/// at most one empty neighbour of its own), else a group of `player`'s touching
/// `last` extends onto a liberty that gives it at least three.
fn two_liberty_answer(board: &Board, player: Player, last: Point) -> Option<Point> {
    let playable = |p: Point| safe(board, player, p);
    if board.stone(last) == Some(player.other())
        && let Some((a, b)) = board.two_liberties(last)
    {
        for (attack, run) in [(a, b), (b, a)] {
            if playable(attack) && empty_neighbours_besides(board, run, Some(attack)) <= 1 {
                return Some(attack);
            }
        }
    }
    board
        .neighbours(last)
        .into_iter()
        .filter(|&p| board.stone(p) == Some(player))
        .filter_map(|p| board.two_liberties(p))
        .find_map(|(a, b)| {
            [(a, b), (b, a)]
                .into_iter()
                .find(|&(extend, other)| {
                    playable(extend) && empty_neighbours_besides(board, extend, Some(other)) >= 2
                })
                .map(|(extend, _)| extend)
        })
}

/// True when `player` may play `p` (simple ko) and it is not one of their eyes.
fn sensible(board: &Board, player: Player, p: Point) -> bool {
    board.is_legal(p, player) && !board.is_eye(p, player)
}

/// [`sensible`], and the stone would not be left in atari by itself: the local
/// answers never hand the opponent a capture.
fn safe(board: &Board, player: Player, p: Point) -> bool {
    sensible(board, player, p) && !board.is_self_atari(p, player, 1)
}

/// The empty neighbours of `point`, not counting `besides`.
fn empty_neighbours_besides(board: &Board, point: Point, besides: Option<Point>) -> usize {
    board
        .neighbours(point)
        .into_iter()
        .filter(|&n| board.is_empty(n) && Some(n) != besides)
        .count()
}

/// A random one of the points around `last` where a 3x3 pattern
/// ([`super::patterns`]) matches and `player` may sensibly play.
fn pattern_move(board: &Board, player: Player, last: Point, rng: &mut PlayoutRng) -> Option<Point> {
    let mut found = [0; 8];
    let mut count = 0;
    for p in board.around(last) {
        if board.is_empty(p)
            && super::patterns::matches(board.surroundings(p))
            && safe(board, player, p)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9x9 board with `black` and `white` stones at (file, rank), A1 = (0, 0).
    fn board_with(black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
        let mut board = Board::new(9);
        for &(f, r) in black {
            board.play(board.point(f, r), Player::First);
        }
        for &(f, r) in white {
            board.play(board.point(f, r), Player::Second);
        }
        board
    }

    #[test]
    fn a_group_in_atari_captures_back_before_it_runs() {
        // Black C1 and B2; White B1 and D1 (the last move) leave C1 one liberty,
        // C2, where it could run. White B1 is itself in atari at A1: take it.
        let board = board_with(&[(2, 0), (1, 1)], &[(1, 0), (3, 0)]);
        let last = board.point(3, 0);
        assert_eq!(
            board.atari_liberty(board.point(2, 0)),
            Some(board.point(2, 1))
        );
        assert_eq!(
            answer_to(&board, Player::First, last),
            Some(board.point(0, 0))
        );
    }

    #[test]
    fn a_stone_with_two_liberties_is_put_in_the_atari_it_cannot_run_from() {
        // White's last stone on A1 has A2 and B1; running to B1 after Black A2
        // would find only B2 (Black holds C1), so A2, not B1, is the answer.
        let board = board_with(&[(2, 0)], &[(0, 0)]);
        let last = board.point(0, 0);
        let (a, b) = board.two_liberties(last).expect("A1 has two liberties");
        let mut found = [a, b];
        found.sort_unstable();
        let mut expected = [board.point(0, 1), board.point(1, 0)];
        expected.sort_unstable();
        assert_eq!(found, expected);
        assert_eq!(
            answer_to(&board, Player::First, last),
            Some(board.point(0, 1))
        );
    }

    #[test]
    fn a_group_left_with_two_liberties_extends_to_gain_a_third() {
        // Black E5 between White D5 and F5 (the last move) keeps E4 and E6, each
        // with three empty neighbours: it extends onto one of them.
        let board = board_with(&[(4, 4)], &[(3, 4), (5, 4)]);
        let last = board.point(5, 4);
        let answer = answer_to(&board, Player::First, last);
        assert!(answer == Some(board.point(4, 3)) || answer == Some(board.point(4, 5)));
        // With a third liberty left nothing is urgent.
        let free = board_with(&[(4, 4)], &[(5, 4)]);
        assert_eq!(answer_to(&free, Player::First, free.point(5, 4)), None);
    }
}
