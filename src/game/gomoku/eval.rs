//! Evaluations of Gomoku positions for the side to move, the move ordering hint
//! and the engine's narrowing: all read the incremental tables, so none scans
//! the board.

use super::Gomoku;
use super::board::{Board, DIRECTIONS, MAX_POINTS};
use super::threats::{FIVE, FOUR, OPEN_FOUR, OPEN_THREE, PATTERNS, Pattern, Shape, Threats};
use super::{vcf, vct};
use crate::game::{EvalTerm, Explanation, Game, Player};

/// The lines of five (five points in a row) each player could still complete,
/// kept up to date as stones come and go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenLines {
    /// Stones of each player on the line of five starting at a point and running
    /// along a direction: `stones[direction * MAX_POINTS + start]`.
    stones: Vec<[u8; 2]>,
    /// Lines holding no stone of the opponent, per player.
    open: [i32; 2],
}

impl OpenLines {
    /// The lines of an empty board: all of them open for both players.
    pub fn new(board: &Board) -> OpenLines {
        let total = (0..board.points())
            .flat_map(|p| DIRECTIONS.iter().map(move |&d| (p, d)))
            .filter(|&(p, d)| board.step(p, d, 4).is_some())
            .count() as i32;
        OpenLines {
            stones: vec![[0; 2]; 4 * MAX_POINTS],
            open: [total; 2],
        }
    }

    /// The lines of any board, counted from scratch (for tests of the updates).
    pub fn from_scratch(board: &Board) -> OpenLines {
        let mut lines = OpenLines::new(&Board::new(board.size()));
        for point in 0..board.points() {
            if let Some(player) = board.stone(point) {
                lines.add(board, point, player);
            }
        }
        lines
    }

    /// Calls `visit` with each line of five through `point`, as an index into
    /// `stones` (plain loops: this runs for every stone a search puts down).
    fn each_through(board: &Board, point: usize, mut visit: impl FnMut(usize)) {
        for (index, &d) in DIRECTIONS.iter().enumerate() {
            for back in 0..5 {
                let Some(start) = board.step(point, d, -back) else {
                    continue;
                };
                if board.step(start, d, 4).is_some() {
                    visit(index * MAX_POINTS + start);
                }
            }
        }
    }

    /// Counts a stone of `player` put on `point`.
    pub fn add(&mut self, board: &Board, point: usize, player: Player) {
        let side = player.index();
        let (stones, open) = (&mut self.stones, &mut self.open);
        OpenLines::each_through(board, point, |line| {
            if stones[line][side] == 0 {
                open[player.other().index()] -= 1;
            }
            stones[line][side] += 1;
        });
    }

    /// Forgets a stone of `player` taken off `point`.
    pub fn remove(&mut self, board: &Board, point: usize, player: Player) {
        let side = player.index();
        let (stones, open) = (&mut self.stones, &mut self.open);
        OpenLines::each_through(board, point, |line| {
            stones[line][side] -= 1;
            if stones[line][side] == 0 {
                open[player.other().index()] += 1;
            }
        });
    }

    /// Lines of five with no stone of `player`'s opponent on them.
    pub fn open_for(&self, player: Player) -> i32 {
        self.open[player.index()]
    }
}

/// The course material's evaluation, as for tic-tac-toe: lines of five still open
/// for the side to move (no opposing stone on them) minus lines still open for
/// the opponent.
pub fn seed(game: &Gomoku) -> i32 {
    let me = game.to_move();
    game.open_lines().open_for(me) - game.open_lines().open_for(me.other())
}

/// [`seed`] from the first player's view.
pub fn explain_seed(game: &Gomoku) -> Explanation {
    let [first, second] = [Player::First, Player::Second].map(|p| game.open_lines().open_for(p));
    let term = EvalTerm::weighted("open lines of five", first, second, 1);
    Explanation::difference(vec![term], first, second)
}

/// Worth of each pattern a player could make somewhere, weakest first (see
/// [`super::threats`]): an open-four point is an open three on the board, a
/// five point is a four on the board.
const PATTERN_WEIGHTS: [i32; PATTERNS] = [0, 1, 4, 5, 16, 20, 40, 60];
/// The side to move's threats count this many halves: it plays the next stone.
const TEMPO_HALVES: i32 = 3;
/// A win next move (the side to move can complete five, or the opponent has two
/// fives the side to move cannot both block): far above any pattern count.
const WIN_NEXT: i32 = 200_000;
/// A win by continuous fours found at the leaf, less the plies it takes.
pub const WIN_BY_FOURS: i32 = 100_000;
/// Fours a leaf's threat search may play, and positions it may visit.
const LEAF_VCF_FOURS: u32 = 8;
const LEAF_VCF_BUDGET: u32 = 200;

/// A stronger evaluation: immediate wins and losses, then a short search for a
/// win by continuous fours for the side to move, then the weighted threat
/// patterns of both players (the side to move's counting one and a half times).
pub fn strong(game: &Gomoku) -> i32 {
    with_verdict(game, decisive(game))
}

/// [`strong`], and when the side to move has no win by fours, a short search for
/// a win by continuous threes and fours ([`vct`]): a leaf sees the four-three
/// and double-three wins a few moves ahead, for either side one ply up.
pub fn threats(game: &Gomoku) -> i32 {
    let verdict = decisive(game).or_else(|| threat_win(game));
    with_verdict(game, verdict)
}

/// The value of a position given what settles it, if anything.
fn with_verdict(game: &Gomoku, verdict: Option<Decisive>) -> i32 {
    let me = game.to_move();
    let threats = game.threats();
    match verdict {
        Some(verdict) => verdict.value(),
        None => pattern_value(threats, me) * TEMPO_HALVES / 2 - pattern_value(threats, me.other()),
    }
}

/// What settles a position before the patterns are counted, for the side to move.
#[derive(Clone, Copy)]
enum Decisive {
    /// It completes five with its next stone.
    FiveNext,
    /// The opponent has two fives it cannot both block.
    TwoFivesAgainst,
    /// It wins by continuous fours in this many plies.
    Fours(usize),
    /// It wins by continuous threes and fours within this many plies.
    Threats(usize),
}

impl Decisive {
    fn value(self) -> i32 {
        match self {
            Decisive::FiveNext => WIN_NEXT,
            Decisive::TwoFivesAgainst => -WIN_NEXT,
            // A shorter win by fours is a surer one: it scores a little higher.
            Decisive::Fours(plies) | Decisive::Threats(plies) => WIN_BY_FOURS - plies as i32,
        }
    }

    fn describe(self) -> String {
        match self {
            Decisive::FiveNext => "the side to move completes five next move".to_string(),
            Decisive::TwoFivesAgainst => {
                "the opponent has two fives the side to move cannot both block".to_string()
            }
            Decisive::Fours(plies) => {
                format!("the side to move wins by continuous fours in {plies} plies")
            }
            Decisive::Threats(plies) => {
                format!("the side to move wins by continuous threes and fours within {plies} plies")
            }
        }
    }
}

/// Immediate wins and losses, then a short search for a win by continuous fours.
fn decisive(game: &Gomoku) -> Option<Decisive> {
    let me = game.to_move();
    let threats = game.threats();
    if threats.five_points(me) > 0 {
        return Some(Decisive::FiveNext);
    }
    let threatened = threats.five_points(me.other());
    if threatened >= 2 {
        return Some(Decisive::TwoFivesAgainst);
    }
    if threatened == 0 && threats.has_fours(me) {
        return vcf::find(game, LEAF_VCF_FOURS, LEAF_VCF_BUDGET)
            .map(|line| Decisive::Fours(line.len()));
    }
    None
}

/// Attacks and positions a leaf's search for a win by threats may use.
const LEAF_VCT: vct::Bounds = vct::Bounds {
    attacks: 4,
    nodes: 60,
};

/// A short search for a win by threes and fours for the side to move, when
/// nothing threatens it and it has a three to make.
fn threat_win(game: &Gomoku) -> Option<Decisive> {
    let me = game.to_move();
    let threats = game.threats();
    if threats.five_points(me.other()) > 0 || threats.count(me, OPEN_THREE) == 0 {
        return None;
    }
    vct::find(game, vct::Threats::FoursAndThrees, LEAF_VCT).map(|win| Decisive::Threats(win.plies))
}

/// The patterns by name, in the order of [`PATTERN_WEIGHTS`].
const PATTERN_NAMES: [&str; PATTERNS] = [
    "nothing",
    "a two",
    "an open two",
    "a three",
    "an open three",
    "a four",
    "an open four",
    "five",
];

/// [`strong`] from the first player's view: the verdict that settles the position,
/// or every pattern each side could make, weighted, and the side to move's extra half.
pub fn explain_strong(game: &Gomoku) -> Explanation {
    explain_with_verdict(game, decisive(game))
}

/// [`threats`] from the first player's view, as [`explain_strong`].
pub fn explain_threats(game: &Gomoku) -> Explanation {
    explain_with_verdict(game, decisive(game).or_else(|| threat_win(game)))
}

/// The verdict that settles the position, or the weighted patterns.
fn explain_with_verdict(game: &Gomoku, verdict: Option<Decisive>) -> Explanation {
    let me = game.to_move();
    let to_first = |value: i32| crate::game::for_first(me, value);
    if let Some(verdict) = verdict {
        let value = to_first(verdict.value());
        return Explanation::sum_of(vec![EvalTerm {
            name: verdict.describe(),
            first: value,
            second: -value,
            points: value,
        }]);
    }
    let threats = game.threats();
    let mut terms: Vec<EvalTerm> = (1..PATTERNS)
        .map(|p| {
            let name = format!(
                "a stone would make {} (per point and line, {} each)",
                PATTERN_NAMES[p], PATTERN_WEIGHTS[p]
            );
            let count = |player| threats.count(player, p as Pattern);
            EvalTerm::weighted(
                name,
                count(Player::First),
                count(Player::Second),
                PATTERN_WEIGHTS[p],
            )
        })
        .collect();
    let mine = pattern_value(threats, me);
    let tempo = mine * TEMPO_HALVES / 2 - mine;
    let to_move = |player| i32::from(me == player) * tempo;
    terms.push(EvalTerm {
        name: format!("side to move's patterns count {TEMPO_HALVES}/2 (the extra part)"),
        first: to_move(Player::First),
        second: to_move(Player::Second),
        points: to_first(tempo),
    });
    Explanation::sum_of(terms)
}

/// The weighted count of every pattern `player` could make.
fn pattern_value(threats: &Threats, player: Player) -> i32 {
    (1..PATTERNS)
        .map(|p| PATTERN_WEIGHTS[p] * threats.count(player, p as Pattern))
        .sum()
}

/// How urgent a move is, for move ordering: completing five, then blocking the
/// opponent's five, then making a winning shape, blocking one, making a four or
/// two open threes, blocking those; ties broken by the patterns made and blocked.
pub fn move_priority(game: &Gomoku, point: usize) -> i32 {
    let me = game.to_move();
    let threats = game.threats();
    let mine = game.shape_at(me, point);
    let theirs = game.shape_at(me.other(), point);
    let tier = match (mine, theirs) {
        (Shape::Five, _) => 9,
        (_, Shape::Five) => 8,
        (Shape::Winning, _) => 7,
        (_, Shape::Winning) => 6,
        (Shape::Four, _) => 5,
        (Shape::DoubleThree, _) => 4,
        (_, Shape::DoubleThree) => 3,
        (_, Shape::Four) => 2,
        _ => 0,
    };
    let patterns = |player: Player| -> i32 {
        threats
            .patterns(player, point)
            .iter()
            .map(|&p| PATTERN_WEIGHTS[p.min(FIVE) as usize])
            .sum()
    };
    tier * 10_000 + 2 * patterns(me) + patterns(me.other())
}

/// Moves the engine searches below the root when nothing narrower applies.
pub const ENGINE_WIDTH: usize = 12;

/// Narrows `moves` (the legal moves of `game`) as Gomoku programs do: facing an
/// open three (the opponent can make an open four), only the moves that block
/// it or make a four of one's own stay, since any other move loses to the
/// open four unless fours win first; otherwise the [`ENGINE_WIDTH`] most urgent
/// moves by [`move_priority`]. A forced reply (a five to make or block) is
/// already alone.
pub fn narrow(game: &Gomoku, moves: &mut Vec<u16>) {
    if moves.len() <= 1 {
        return;
    }
    let me = game.to_move();
    let threats = game.threats();
    if threats.count(me.other(), OPEN_FOUR) > 0 {
        moves.retain(|&m| {
            threats.best(me, m as usize) >= FOUR || threats.best(me.other(), m as usize) >= FOUR
        });
        return;
    }
    if moves.len() > ENGINE_WIDTH {
        let mut ranked: Vec<(i32, u16)> = moves
            .iter()
            .map(|&m| (move_priority(game, m as usize), m))
            .collect();
        ranked.sort_unstable_by(|a, b| b.cmp(a));
        moves.clear();
        moves.extend(ranked.iter().take(ENGINE_WIDTH).map(|&(_, m)| m));
    }
}
