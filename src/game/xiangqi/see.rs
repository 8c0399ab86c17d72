//! Static exchange evaluation for xiangqi: what a capture wins once both sides
//! have taken back on its point, each with its cheapest piece, either side free
//! to stop. The engine orders captures by it and skips losing ones in quiescence.
//!
//! The swap algorithm on a scratch board: each recapture is played, so cannons
//! that gain or lose their screen and chariots lined up behind one another join
//! in as they would on the board. Pins are ignored (as chess engines do), except
//! that a general never takes onto a point still attacked.

use super::PIECE_VALUES;
use super::board::{Board, Kind, Move};
use crate::game::Player;

/// What a general is worth in an exchange: more than everything else together.
const GENERAL_VALUE: i32 = 20_000;
/// The longest exchange looked at (far more pieces than can attack one point).
const LONGEST_EXCHANGE: usize = 32;

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::General => GENERAL_VALUE,
        _ => PIECE_VALUES[kind as usize],
    }
}

/// The material `m` (by `side`) wins, in centipawns, once the exchange on its
/// target point is played out (0 for a move to an empty point nothing attacks;
/// below 0 when the moved piece is lost for less).
pub(super) fn static_exchange(board: &Board, side: Player, m: Move) -> i32 {
    let Some(mover) = board.piece_at(m.from) else {
        return 0;
    };
    let target = m.to;
    let mut scratch = board.clone();
    let mut gains = [0i32; LONGEST_EXCHANGE + 1];
    gains[0] = board.piece_at(target).map_or(0, |p| value(p.kind));
    scratch.make(m);
    let mut standing = value(mover.kind);
    let mut side = side.other();
    let mut depth = 0;
    while let Some((recapture, kind)) = cheapest_capture(&scratch, side, target) {
        if standing == GENERAL_VALUE {
            // The general just took onto a point still attacked: it may not.
            depth = usize::saturating_sub(depth, 1);
            break;
        }
        depth += 1;
        gains[depth] = standing - gains[depth - 1];
        if depth == LONGEST_EXCHANGE {
            break;
        }
        scratch.make(recapture);
        standing = value(kind);
        side = side.other();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// What `m` loses by static exchange ([`static_exchange`] when below 0), without
/// playing the exchange out when the captured piece is worth at least the
/// capturer (taking back can then only even the trade).
pub(super) fn exchange_loss(board: &Board, side: Player, m: Move) -> Option<i32> {
    let worth_at_least_the_capturer = match (board.piece_at(m.from), board.piece_at(m.to)) {
        (Some(mover), Some(victim)) => {
            mover.kind != Kind::General
                && victim.side != mover.side
                && value(victim.kind) >= value(mover.kind)
        }
        _ => false,
    };
    if worth_at_least_the_capturer {
        return None;
    }
    Some(static_exchange(board, side, m)).filter(|&gain| gain < 0)
}

/// The capture onto `target` by `side`'s cheapest piece, ignoring pins; among
/// equally cheap pieces, the one on the lowest point.
fn cheapest_capture(board: &Board, side: Player, target: u8) -> Option<(Move, Kind)> {
    let mut best: Option<(u8, Kind)> = None;
    board.each_attacker(target, side, |from, kind| {
        let cheaper = best.is_none_or(|(best_from, best_kind)| {
            (value(kind), from) < (value(best_kind), best_from)
        });
        if cheaper {
            best = Some((from, kind));
        }
    });
    best.map(|(from, kind)| (Move { from, to: target }, kind))
}

#[cfg(test)]
mod tests {
    use crate::game::xiangqi::Xiangqi;
    use crate::game::{Game, SearchHooks};

    fn see(fen: &str, iccs: &str) -> i32 {
        let game = Xiangqi::from_fen(fen).unwrap();
        let m = game.parse_move(iccs).unwrap();
        game.static_exchange(m).unwrap()
    }

    #[test]
    fn exchanges_follow_the_cheapest_attacker() {
        // The chariot takes a soldier nothing defends.
        assert_eq!(see("4k4/9/9/9/4p4/9/9/9/9/4RK3 w - - 0 1", "e0e5"), 100);
        // The chariot takes a soldier a horse defends: chariot for soldier.
        assert_eq!(see("4k4/9/9/2n6/4p4/9/9/9/9/4RK3 w - - 0 1", "e0e5"), -800);
        // The cannon takes the chariot over its screen; the horse takes back.
        assert_eq!(see("4k4/9/9/2n6/4r4/9/4p4/9/9/4CK3 w - - 0 1", "e0e5"), 450);
    }
}
