//! Xiangqi evaluations, in centipawns from the side to move's view: `material`
//! (the seed); `handset`, with a piece-square table for every piece
//! ([`super::tables`]) and the usual xiangqi terms (horse legs, cannons on the
//! general's file, the palace's guards), its weights set by hand (no longer
//! offered: the tuners start from it and the tests measure `strong` against it);
//! and `strong`, the default: the same terms and a few more
//! ([`super::weighted`]), their weights fitted to Fairy-Stockfish's scores
//! ([`super::fitted`]); `corrected` fits a correction for every piece on every
//! point as well ([`super::corrected`]).

use super::board::{self, Board, Kind, POINTS, decode, file_of, rank_of};
use super::corrected::{CORRECTED, CORRECTED_CORRECTIONS};
use super::fitted::FITTED;
use super::{PIECE_VALUES, Xiangqi, tables, weighted};
use crate::game::{EvalTerm, Explanation, Player};

/// Extra value of a soldier that has crossed the river (it can move sideways).
const CROSSED_SOLDIER_BONUS: i32 = 100;

/// The seed: material, with a soldier over the river worth double.
pub fn material(game: &Xiangqi) -> i32 {
    let board = game.board();
    let red = side_material(board, Player::First);
    let black = side_material(board, Player::Second);
    from_side_to_move(game, red - black)
}

pub(super) fn from_side_to_move(game: &Xiangqi, red_view: i32) -> i32 {
    match game.side {
        Player::First => red_view,
        Player::Second => -red_view,
    }
}

/// How far forward a point is for `side`: 0 on its own back rank, 9 on the enemy's.
fn advance(side: Player, point: u8) -> i32 {
    board::advance(side, rank_of(point)) as i32
}

pub(super) fn crossed(side: Player, point: u8) -> bool {
    advance(side, point) >= 5
}

/// One side's pieces by kind (`Kind as usize`), then its soldiers over the river:
/// the counts the seed weighs.
fn material_counts(board: &Board, side: Player) -> [i32; 8] {
    let mut counts = [0; 8];
    for at in 0..POINTS as u8 {
        let Some(piece) = decode(board.points[at as usize]).filter(|p| p.side == side) else {
            continue;
        };
        counts[piece.kind as usize] += 1;
        if piece.kind == Kind::Soldier && crossed(side, at) {
            counts[7] += 1;
        }
    }
    counts
}

/// The weight of each count of [`material_counts`].
const MATERIAL_WEIGHTS: [i32; 8] = [
    PIECE_VALUES[0],
    PIECE_VALUES[1],
    PIECE_VALUES[2],
    PIECE_VALUES[3],
    PIECE_VALUES[4],
    PIECE_VALUES[5],
    PIECE_VALUES[6],
    CROSSED_SOLDIER_BONUS,
];

/// The seed's terms in the order its description gives them, as indices into
/// [`material_counts`] (the general, which never leaves, is left out).
const MATERIAL_TERMS: [(usize, &str); 7] = [
    (Kind::Chariot as usize, "chariots (900 each)"),
    (Kind::Cannon as usize, "cannons (450 each)"),
    (Kind::Horse as usize, "horses (400 each)"),
    (Kind::Advisor as usize, "advisors (200 each)"),
    (Kind::Elephant as usize, "elephants (200 each)"),
    (Kind::Soldier as usize, "soldiers (100 each)"),
    (7, "soldiers over the river (+100 each)"),
];

fn side_material(board: &Board, side: Player) -> i32 {
    material_counts(board, side)
        .iter()
        .zip(MATERIAL_WEIGHTS)
        .map(|(count, weight)| count * weight)
        .sum()
}

/// [`material`] from Red's (the first player's) view, piece type by piece type.
pub fn explain_material(game: &Xiangqi) -> Explanation {
    let board = game.board();
    let red = material_counts(board, Player::First);
    let black = material_counts(board, Player::Second);
    let terms = MATERIAL_TERMS
        .iter()
        .map(|&(i, name)| EvalTerm::weighted(name, red[i], black[i], MATERIAL_WEIGHTS[i]))
        .collect();
    Explanation::difference(
        terms,
        side_material(board, Player::First),
        side_material(board, Player::Second),
    )
}

/// For the side to move.
pub(super) const TEMPO: i32 = 10;

/// Red's and Black's terms side by side under their names, then the tempo: the
/// explanation of a sum of per-side terms plus [`TEMPO`] for the side to move.
fn explain_with_tempo(game: &Xiangqi, names: &[&str], red: &[i32], black: &[i32]) -> Explanation {
    let mut terms: Vec<EvalTerm> = names
        .iter()
        .zip(red.iter().zip(black))
        .map(|(name, (&r, &b))| EvalTerm::weighted(*name, r, b, 1))
        .collect();
    let to_move = |side| i32::from(game.side == side);
    terms.push(EvalTerm::weighted(
        format!("side to move ({TEMPO})"),
        to_move(Player::First),
        to_move(Player::Second),
        TEMPO,
    ));
    Explanation::sum_of(terms)
}

/// Per move of a chariot, a horse and a cannon (captures included): a horse whose
/// legs are blocked loses moves, and a horse is worth most of what it can reach.
const TABLES_MOBILITY: [i32; 7] = [0, 0, 0, 7, 4, 2, 0];
/// A horse with at most one move (legs blocked, or hemmed in by its own pieces).
const TRAPPED_HORSE: i32 = 20;
/// A cannon on the enemy general's file with nothing between (the "empty-headed
/// cannon": no enemy piece may step onto the file without exposing the general).
const EMPTY_HEADED_CANNON: i32 = 45;
/// A cannon on the enemy general's file with two pieces between (one more
/// step away from a discovered check).
const CANNON_BEHIND_TWO_SCREENS: i32 = 12;
/// A missing advisor, plus this much per enemy chariot and horse (they mate in
/// the palace corners the advisors guard).
const MISSING_ADVISOR: (i32, i32) = (10, 9);
/// A missing elephant, plus this much per enemy cannon (cannons use the centre
/// elephants cover).
const MISSING_ELEPHANT: (i32, i32) = (8, 10);
/// Advisors that guard each other (one in the palace centre) and elephants that
/// guard each other (an open elephant step apart).
const CONNECTED_GUARDS: i32 = 10;
/// The general's file open in front of it (first piece ahead not its own) while
/// the enemy has a chariot.
const OPEN_GENERAL_FILE: i32 = 25;

/// The points of one side's pieces of one kind, on the stack: evaluation runs at
/// every node and should not allocate.
#[derive(Clone, Copy, Default)]
struct Points {
    len: usize,
    at: [u8; 5],
}

impl Points {
    /// Adds a point (a legal position holds at most five of a kind).
    fn push(&mut self, point: u8) {
        if let Some(slot) = self.at.get_mut(self.len) {
            *slot = point;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.at[..self.len]
    }
}

/// What one evaluation pass finds about both sides: how many of each kind, where
/// the guards and cannons stand, material and placement.
pub(super) struct Census {
    pub(super) counts: [[i32; 7]; 2],
    material: [i32; 2],
    placement: [i32; 2],
    /// The placement split by `Kind as usize`.
    pub(super) placement_by_kind: [[i32; 7]; 2],
    /// Soldiers over the river.
    pub(super) crossed_soldiers: [i32; 2],
    advisors: [Points; 2],
    elephants: [Points; 2],
    cannons: [Points; 2],
}

impl Census {
    pub(super) fn take(board: &Board) -> Census {
        let mut census = Census {
            counts: [[0; 7]; 2],
            material: [0; 2],
            placement: [0; 2],
            placement_by_kind: [[0; 7]; 2],
            crossed_soldiers: [0; 2],
            advisors: Default::default(),
            elephants: Default::default(),
            cannons: Default::default(),
        };
        for at in 0..POINTS as u8 {
            let Some(piece) = decode(board.points[at as usize]) else {
                continue;
            };
            let side = piece.side.index();
            census.counts[side][piece.kind as usize] += 1;
            census.material[side] += PIECE_VALUES[piece.kind as usize];
            let bonus = tables::square_bonus(piece.kind, piece.side, at);
            census.placement[side] += bonus;
            census.placement_by_kind[side][piece.kind as usize] += bonus;
            if piece.kind == Kind::Soldier && crossed(piece.side, at) {
                census.crossed_soldiers[side] += 1;
            }
            match piece.kind {
                Kind::Advisor => census.advisors[side].push(at),
                Kind::Elephant => census.elephants[side].push(at),
                Kind::Cannon => census.cannons[side].push(at),
                _ => {}
            }
        }
        census
    }
}

/// The names of the terms of [`tables_terms`], for `ply eval --explain`: the
/// first [`TABLES_TERMS`] are the `strong` evaluation's, the rest `attack`'s.
const TABLES_TERM_NAMES: [&str; 11] = [
    "material (chariot 900, cannon 450, horse 400, guards 200, soldier 100)",
    "placement (piece-square tables of every piece)",
    "chariot mobility (4 per move)",
    "horse mobility (7 per move; blocked legs cost moves)",
    "cannon mobility (2 per move)",
    "trapped horses (-20 each, one move or none)",
    "cannons on the enemy general's file (45 empty-headed, 12 behind two screens)",
    "palace guards (missing advisors and elephants against the attackers left; connected pairs +10)",
    "general's file open with an enemy chariot on the board (-25)",
    "attack on the enemy palace (moves into it by two or more pieces, growing with their square)",
    "phase (cannons better with many pieces on the board, horses with few)",
];

/// How many of [`TABLES_TERM_NAMES`] the `strong` evaluation sums.
const TABLES_TERMS: usize = 9;

/// The hand-set piece-square evaluation (the default until the fitted weights
/// beat it): material, a table per piece, mobility with horse legs, cannon
/// pressure on the general's file and the palace's defence.
pub fn handset(game: &Xiangqi) -> i32 {
    summed(game, TABLES_TERMS)
}

/// The default: [`handset`]'s terms, endgame material and the attack on the
/// palace, weighed by the weights fitted to Fairy-Stockfish's scores.
pub fn strong(game: &Xiangqi) -> i32 {
    weighted::evaluate(game, &FITTED)
}

/// [`strong`] from Red's (the first player's) view, feature by feature.
pub fn explain_strong(game: &Xiangqi) -> Explanation {
    weighted::explain(game, &FITTED)
}

/// [`strong`]'s terms plus a correction for every piece on every point, all
/// fitted to Fairy-Stockfish's scores ([`super::corrected`]).
pub fn corrected(game: &Xiangqi) -> i32 {
    weighted::evaluate_corrected(game, &CORRECTED, &CORRECTED_CORRECTIONS)
}

/// [`corrected`] from Red's (the first player's) view, feature by feature.
pub fn explain_corrected(game: &Xiangqi) -> Explanation {
    weighted::explain_corrected(game, &CORRECTED, &CORRECTED_CORRECTIONS)
}

/// The first `count` terms of [`tables_terms`], Red's minus Black's, from the
/// side to move's view, with the tempo.
fn summed(game: &Xiangqi, count: usize) -> i32 {
    let board = game.board();
    let census = Census::take(board);
    let score = |side: Player| {
        tables_terms(board, &census, side)[..count]
            .iter()
            .sum::<i32>()
    };
    from_side_to_move(game, score(Player::First) - score(Player::Second)) + TEMPO
}

/// [`handset`] from Red's (the first player's) view, term by term, the tempo last.
pub fn explain_handset(game: &Xiangqi) -> Explanation {
    explained(game, TABLES_TERMS)
}

/// The first `count` terms of both sides under their names, the tempo last.
fn explained(game: &Xiangqi, count: usize) -> Explanation {
    let board = game.board();
    let census = Census::take(board);
    let red = tables_terms(board, &census, Player::First);
    let black = tables_terms(board, &census, Player::Second);
    explain_with_tempo(
        game,
        &TABLES_TERM_NAMES[..count],
        &red[..count],
        &black[..count],
    )
}

/// One side's terms of [`attack`] (the first [`TABLES_TERMS`] are [`strong`]'s),
/// in the order of [`TABLES_TERM_NAMES`].
fn tables_terms(board: &Board, census: &Census, side: Player) -> [i32; 11] {
    let own = side.index();
    let mobility = mobility_terms(board, side);
    [
        census.material[own],
        census.placement[own],
        mobility.chariot,
        mobility.horse,
        mobility.cannon,
        mobility.trapped,
        cannon_file_pressure(board, census, side),
        palace_guards(board, census, side),
        open_general_file(board, census, side),
        palace_attack(&mobility),
        phase_shift(census, side),
    ]
}

/// What one pass over a side's moves finds: weighted mobility by kind, the
/// trapped horses' penalty, and the moves into the enemy palace.
pub(super) struct Mobility {
    pub(super) chariot: i32,
    pub(super) horse: i32,
    pub(super) cannon: i32,
    pub(super) trapped: i32,
    /// The pseudo-legal moves by `Kind as usize`, unweighted.
    pub(super) moves_by_kind: [i32; 7],
    /// Horses with at most one move.
    pub(super) trapped_horses: i32,
    /// The weighted moves of chariots, horses, cannons and soldiers into the
    /// enemy palace ([`PALACE_ATTACK_WEIGHTS`]).
    pub(super) attack_units: i32,
    /// How many pieces make at least one of those moves.
    pub(super) attackers: i32,
}

/// Per move into the enemy palace, by `Kind as usize`: chariot 3, horse 3,
/// cannon 2, soldier 2 (the pieces that mate).
const PALACE_ATTACK_WEIGHTS: [i32; 7] = [0, 0, 0, 3, 3, 2, 2];
/// The attack term is `units² × this / 8`, once two pieces join in ...
const PALACE_ATTACK_SCALE: i32 = 3;
/// ... and never more than this.
const PALACE_ATTACK_CAP: i32 = 400;

/// The attack on the enemy palace: nothing from a lone piece, then growing with
/// the square of the weighted moves into it (attackers working together mate).
fn palace_attack(mobility: &Mobility) -> i32 {
    if mobility.attackers < 2 {
        return 0;
    }
    (mobility.attack_units * mobility.attack_units * PALACE_ATTACK_SCALE / 8).min(PALACE_ATTACK_CAP)
}

/// A cannon's extra value with every attacker on the board, and its loss with
/// none (a horse's the other way round): cannons need screens, horses open lines.
const PHASE_SHIFT: i32 = 25;
/// The attackers' weight on the board at the start: 4 chariots counted twice,
/// 4 horses and 4 cannons.
pub(super) const FULL_PHASE: i32 = 16;

/// Cannons gain and horses lose as many pieces stay on the board, and the other
/// way round as they come off.
fn phase_shift(census: &Census, side: Player) -> i32 {
    let both = |kind: Kind| census.counts[0][kind as usize] + census.counts[1][kind as usize];
    let phase = (2 * both(Kind::Chariot) + both(Kind::Horse) + both(Kind::Cannon)).min(FULL_PHASE);
    let own = &census.counts[side.index()];
    let cannons_less_horses = own[Kind::Cannon as usize] - own[Kind::Horse as usize];
    cannons_less_horses * PHASE_SHIFT * (2 * phase - FULL_PHASE) / FULL_PHASE
}

/// Chariot, horse and cannon mobility, the trapped horses' penalty and the moves
/// into the enemy palace.
pub(super) fn mobility_terms(board: &Board, side: Player) -> Mobility {
    let mut by_kind = [0; 7];
    let mut moves_from = [0u8; POINTS];
    let mut into_palace = [false; POINTS];
    let mut attack_units = 0;
    board.each_pseudo_move(side, false, |m| {
        if let Some(piece) = board.piece_at(m.from) {
            by_kind[piece.kind as usize] += 1;
            moves_from[m.from as usize] += 1;
            let weight = PALACE_ATTACK_WEIGHTS[piece.kind as usize];
            if weight > 0 && in_enemy_palace(side, m.to) {
                attack_units += weight;
                into_palace[m.from as usize] = true;
            }
        }
        false
    });
    let horse = board::code(Kind::Horse, side);
    let trapped = (0..POINTS)
        .filter(|&at| board.points[at] == horse && moves_from[at] <= 1)
        .count() as i32;
    let weighted = |kind: Kind| by_kind[kind as usize] * TABLES_MOBILITY[kind as usize];
    Mobility {
        chariot: weighted(Kind::Chariot),
        horse: weighted(Kind::Horse),
        cannon: weighted(Kind::Cannon),
        trapped: -TRAPPED_HORSE * trapped,
        moves_by_kind: by_kind,
        trapped_horses: trapped,
        attack_units,
        attackers: into_palace.iter().filter(|&&hit| hit).count() as i32,
    }
}

/// True for the nine points of the palace of `side`'s enemy.
fn in_enemy_palace(side: Player, point: u8) -> bool {
    let (file, rank) = (file_of(point), rank_of(point));
    board::in_palace(file, rank) && !board::own_half(side, rank)
}

/// The pieces strictly between two points of one file.
fn pieces_between_on_file(board: &Board, a: u8, b: u8) -> usize {
    let (low, high) = (a.min(b) as usize, a.max(b) as usize);
    (low + board::FILES..high)
        .step_by(board::FILES)
        .filter(|&at| board.points[at] != 0)
        .count()
}

/// `side`'s cannons standing on the enemy general's file, by the screens between.
fn cannon_file_pressure(board: &Board, census: &Census, side: Player) -> i32 {
    let [empty_headed, behind_two] = cannon_file_counts(board, census, side);
    empty_headed * EMPTY_HEADED_CANNON + behind_two * CANNON_BEHIND_TWO_SCREENS
}

/// How many of `side`'s cannons stand on the enemy general's file with nothing
/// between, and how many with two screens between.
pub(super) fn cannon_file_counts(board: &Board, census: &Census, side: Player) -> [i32; 2] {
    let general = board.generals[side.other().index()];
    let mut counts = [0; 2];
    for &at in census.cannons[side.index()].as_slice() {
        if file_of(at) != file_of(general) {
            continue;
        }
        match pieces_between_on_file(board, at, general) {
            0 => counts[0] += 1,
            2 => counts[1] += 1,
            _ => {}
        }
    }
    counts
}

/// The palace's defence: missing advisors cost more the more enemy chariots and
/// horses remain, missing elephants the more enemy cannons; pairs that guard
/// each other earn a bonus.
fn palace_guards(board: &Board, census: &Census, side: Player) -> i32 {
    let weights = [
        -MISSING_ADVISOR.0,
        -MISSING_ADVISOR.1,
        -MISSING_ELEPHANT.0,
        -MISSING_ELEPHANT.1,
        CONNECTED_GUARDS,
    ];
    palace_guard_counts(board, census, side)
        .iter()
        .zip(weights)
        .map(|(count, weight)| count * weight)
        .sum()
}

/// The counts [`palace_guards`] weighs: missing advisors, missing advisors times
/// the enemy's chariots and horses, missing elephants, missing elephants times
/// the enemy's cannons, and the guard pairs that guard each other.
pub(super) fn palace_guard_counts(board: &Board, census: &Census, side: Player) -> [i32; 5] {
    let (own, enemy) = (side.index(), side.other().index());
    let enemy_counts = &census.counts[enemy];
    let attackers = enemy_counts[Kind::Chariot as usize] + enemy_counts[Kind::Horse as usize];
    let missing_advisors = (2 - census.counts[own][Kind::Advisor as usize]).max(0);
    let missing_elephants = (2 - census.counts[own][Kind::Elephant as usize]).max(0);
    let mut connected = 0;
    if let [a, b] = *census.advisors[own].as_slice() {
        let centre = |p: u8| file_of(p) == 4 && matches!(rank_of(p), 1 | 8);
        if centre(a) || centre(b) {
            connected += 1;
        }
    }
    if let [a, b] = *census.elephants[own].as_slice() {
        let apart = |x: u8, y: u8| (file_of(x) as i32 - file_of(y) as i32).abs();
        let ranks_apart = (rank_of(a) as i32 - rank_of(b) as i32).abs();
        let eye = point_between(a, b);
        if apart(a, b) == 2 && ranks_apart == 2 && board.points[eye as usize] == 0 {
            connected += 1;
        }
    }
    [
        missing_advisors,
        missing_advisors * attackers,
        missing_elephants,
        missing_elephants * enemy_counts[Kind::Cannon as usize],
        connected,
    ]
}

/// The point halfway between two points two files and two ranks apart.
fn point_between(a: u8, b: u8) -> u8 {
    board::point((file_of(a) + file_of(b)) / 2, (rank_of(a) + rank_of(b)) / 2)
}

/// The general's file open in front of it while the enemy has a chariot.
fn open_general_file(board: &Board, census: &Census, side: Player) -> i32 {
    -OPEN_GENERAL_FILE * general_file_open(board, census, side)
}

/// 1 when the general's file is open in front of it (the first piece ahead, if
/// any, is the enemy's) while the enemy still has a chariot to use it, else 0.
pub(super) fn general_file_open(board: &Board, census: &Census, side: Player) -> i32 {
    if census.counts[side.other().index()][Kind::Chariot as usize] == 0 {
        return 0;
    }
    let general = i32::from(board.generals[side.index()]);
    let step = match side {
        Player::First => board::FILES as i32,
        Player::Second => -(board::FILES as i32),
    };
    let first_ahead = (1..board::RANKS as i32)
        .map(|n| general + n * step)
        .take_while(|&at| (0..POINTS as i32).contains(&at))
        .find_map(|at| decode(board.points[at as usize]));
    match first_ahead {
        Some(piece) if piece.side == side => 0,
        _ => 1,
    }
}
