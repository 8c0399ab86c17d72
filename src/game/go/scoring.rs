//! Counting a finished Go game as players do: stones that cannot live are taken
//! off first, then the board is scored by area (stones plus empty regions that
//! reach only one colour, Tromp-Taylor), komi added for White.
//!
//! Which stones are dead is estimated the way Monte Carlo programs do it: random
//! playouts ([`super::playout`]) from the final position, half of them with each
//! side moving first; a group whose points end up the opponent's in more than
//! [`DEAD_SHARE_PERCENT`] of the playouts is dead. The players may then toggle
//! groups ([`Scoring::toggle`]) before they accept the count, as on Go servers.

use super::board::{Board, MAX_CELLS, Point};
use super::playout::{PlayoutRng, playout};
use super::{Go, format_komi};
use crate::game::Player;

/// Playouts the dead-stone estimate runs: enough for a stable majority on 9x9,
/// cheap enough (a few milliseconds) to run when a game ends.
pub const ESTIMATE_PLAYOUTS: usize = 200;
/// A group is dead when its points end up the opponent's in more than this share
/// of the playouts.
pub const DEAD_SHARE_PERCENT: usize = 50;
/// The playouts' seed: the same position always gets the same estimate.
const ESTIMATE_SEED: u64 = 0x5C0_12E;

/// The count of a position: which stones are dead, who owns each point once they
/// are off, and the area of each side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// True for the cells whose stone is dead; indexed by cell.
    dead: Vec<bool>,
    /// The owner of each cell after the dead stones are removed; indexed by cell.
    owner: Vec<Option<Player>>,
    /// Area of Black and White (stones and territory), dead stones removed.
    area: [u32; 2],
    komi_halves: i32,
}

impl Scoring {
    /// The count of `game` with the dead stones the playouts find.
    pub fn estimate(game: &Go) -> Scoring {
        Scoring::with_dead(game, &estimate_dead(game.board(), ESTIMATE_PLAYOUTS))
    }

    /// The count of `game` with the stones on `dead` taken off first.
    pub fn with_dead(game: &Go, dead: &[Point]) -> Scoring {
        let mut dead_cells = vec![false; MAX_CELLS];
        for &p in dead {
            if game.board().stone(p).is_some() {
                dead_cells[p as usize] = true;
            }
        }
        let owner = owners(game.board(), &dead_cells);
        let mut area = [0; 2];
        for p in game.board().points() {
            if let Some(player) = owner[p as usize] {
                area[player.index()] += 1;
            }
        }
        Scoring {
            dead: dead_cells,
            owner,
            area,
            komi_halves: game.komi_halves(),
        }
    }

    /// Marks the group on `point` dead when it was alive and alive when it was
    /// dead, and counts again; false when no stone stands there.
    pub fn toggle(&mut self, game: &Go, point: Point) -> bool {
        let group = game.board().group(point);
        if group.is_empty() {
            return false;
        }
        let now_dead = !self.is_dead(point);
        let mut dead = self.dead_stones(game);
        dead.retain(|p| !group.contains(p));
        if now_dead {
            dead.extend(group);
        }
        *self = Scoring::with_dead(game, &dead);
        true
    }

    /// True when the stone on `point` is counted as dead.
    pub fn is_dead(&self, point: Point) -> bool {
        self.dead[point as usize]
    }

    /// The dead stones of `game`, in board order.
    pub fn dead_stones(&self, game: &Go) -> Vec<Point> {
        game.board().points().filter(|&p| self.is_dead(p)).collect()
    }

    /// Who the point counts for once the dead stones are off: a living stone's
    /// colour, or the one colour its empty region reaches.
    pub fn owner(&self, point: Point) -> Option<Player> {
        self.owner[point as usize]
    }

    /// Area of Black and White, indexed by [`Player::index`].
    pub fn area(&self) -> [u32; 2] {
        self.area
    }

    /// Black's lead in half points, komi included.
    pub fn score_halves(&self) -> i32 {
        super::lead_halves(self.area, self.komi_halves)
    }

    /// The result as GTP and SGF write it: `B+3.5`, `W+0.5`, `0`.
    pub fn result_text(&self) -> String {
        match self.score_halves() {
            0 => "0".to_string(),
            h if h > 0 => format!("B+{}", format_komi(h)),
            h => format!("W+{}", format_komi(-h)),
        }
    }

    /// The count in one line: `B 45, W 36 + 7.5: B+1.5`.
    pub fn summary(&self) -> String {
        format!(
            "B {}, W {} + {}: {}",
            self.area[0],
            self.area[1],
            format_komi(self.komi_halves),
            self.result_text()
        )
    }
}

/// The owner of every cell once the `dead` stones are off: living stones count
/// for their colour, empty (or emptied) regions for the one colour they reach.
fn owners(board: &Board, dead: &[bool]) -> Vec<Option<Player>> {
    let living = |p: Point| board.stone(p).filter(|_| !dead[p as usize]);
    let mut owner = vec![None; MAX_CELLS];
    let mut seen = vec![false; MAX_CELLS];
    for start in board.points() {
        if let Some(player) = living(start) {
            owner[start as usize] = Some(player);
            continue;
        }
        if seen[start as usize] {
            continue;
        }
        let mut region = vec![start];
        seen[start as usize] = true;
        let mut reaches = [false; 2];
        let mut next = 0;
        while next < region.len() {
            let p = region[next];
            next += 1;
            for n in board.neighbours(p) {
                let on_board = board.is_empty(n) || board.stone(n).is_some();
                if !on_board {
                    continue;
                }
                match living(n) {
                    Some(player) => reaches[player.index()] = true,
                    None if !seen[n as usize] => {
                        seen[n as usize] = true;
                        region.push(n);
                    }
                    None => {}
                }
            }
        }
        let region_owner = match reaches {
            [true, false] => Some(Player::First),
            [false, true] => Some(Player::Second),
            _ => None,
        };
        for p in region {
            owner[p as usize] = region_owner;
        }
    }
    owner
}

/// The stones of groups that end up the opponent's in more than
/// [`DEAD_SHARE_PERCENT`] of `playouts` random playouts from `board`.
pub fn estimate_dead(board: &Board, playouts: usize) -> Vec<Point> {
    let mut rng = PlayoutRng::new(ESTIMATE_SEED);
    let size = board.size();
    let mut lost = vec![0usize; MAX_CELLS];
    for i in 0..playouts {
        let first = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let end = playout(board.clone(), first, &mut rng, 3 * size * size, false).board;
        let territory = end.territory();
        for p in board.points() {
            let Some(player) = board.stone(p) else {
                continue;
            };
            let final_owner = end.stone(p).or(territory[p as usize]);
            if final_owner == Some(player.other()) {
                lost[p as usize] += 1;
            }
        }
    }
    let mut dead = Vec::new();
    let mut judged = vec![false; MAX_CELLS];
    for p in board.points() {
        if board.stone(p).is_none() || judged[p as usize] {
            continue;
        }
        let group = board.group(p);
        let lost_total: usize = group.iter().map(|&q| lost[q as usize]).sum();
        for &q in &group {
            judged[q as usize] = true;
        }
        if lost_total * 100 > DEAD_SHARE_PERCENT * playouts * group.len() {
            dead.extend(group);
        }
    }
    dead.sort_unstable();
    dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};

    fn game(moves: &str, size: usize) -> Go {
        let options = GameOptions::parse(&[&format!("size={size}")]).unwrap();
        Go::setup(&options, None, Some(moves)).unwrap()
    }

    #[test]
    fn with_nothing_dead_the_count_is_the_rules_area() {
        let game = game("C1 pass C2 pass C3 pass C4 pass C5 E5 pass pass", 5);
        let scoring = Scoring::with_dead(&game, &[]);
        assert_eq!(scoring.area(), game.board().area());
        assert_eq!(scoring.result_text(), game.score_text());
    }

    #[test]
    fn a_lone_stone_in_the_opponents_area_is_dead_and_toggles_back() {
        // Black's wall on column C owns the board but for White's lone stone on
        // A3, which makes the left two columns neutral under the bare rules.
        let game = game("C1 pass C2 pass C3 pass C4 pass C5 A3 pass pass", 5);
        let a3 = game.board().point(0, 2);
        let scoring = Scoring::estimate(&game);
        assert!(scoring.is_dead(a3), "{:?}", scoring.dead_stones(&game));
        assert_eq!(scoring.dead_stones(&game), vec![a3]);
        // With A3 off, every point is Black's.
        assert_eq!(game.board().area(), [15, 1]);
        assert_eq!(scoring.area(), [25, 0]);
        assert_eq!(scoring.summary(), "B 25, W 0 + 7.5: B+17.5");
        let mut toggled = scoring.clone();
        assert!(toggled.toggle(&game, a3));
        assert!(!toggled.is_dead(a3));
        assert_eq!(toggled.area(), game.board().area());
        assert!(!toggled.toggle(&game, game.board().point(4, 4)));
    }
}
