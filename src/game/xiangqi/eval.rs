//! Xiangqi evaluations, in centipawns from the side to move's view: `material`
//! (the seed) and `strong`, which adds where the pieces stand, how freely the
//! attackers move and how safe each general is.

use super::board::{self, Board, Kind, POINTS, decode, file_of, rank_of};
use super::{PIECE_VALUES, Xiangqi};
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

fn from_side_to_move(game: &Xiangqi, red_view: i32) -> i32 {
    match game.side {
        Player::First => red_view,
        Player::Second => -red_view,
    }
}

/// How far forward a point is for `side`: 0 on its own back rank, 9 on the enemy's.
fn advance(side: Player, point: u8) -> i32 {
    board::advance(side, rank_of(point)) as i32
}

fn crossed(side: Player, point: u8) -> bool {
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

/// Points per reachable point, by `Kind as usize` (only the attackers counted).
const MOBILITY: [i32; 7] = [0, 0, 0, 6, 3, 2, 0];
/// Per guard (advisor or elephant) still at home.
const GUARD_BONUS: i32 = 15;
/// When an enemy chariot or cannon stands on the general's file.
const FILE_PRESSURE: i32 = 30;
/// Per enemy attacker (chariot, horse, cannon, soldier over the river) close to the general.
const NEAR_ATTACKER: i32 = 20;
/// For the side to move.
const TEMPO: i32 = 10;

/// The stronger evaluation: material, piece-square terms, mobility of horses,
/// chariots and cannons, and the safety of each general.
pub fn strong(game: &Xiangqi) -> i32 {
    let board = game.board();
    let score = |side: Player| strong_terms(board, side).iter().sum::<i32>();
    from_side_to_move(game, score(Player::First) - score(Player::Second)) + TEMPO
}

/// One side's terms of [`strong`]: material, placement, mobility, the general's safety.
fn strong_terms(board: &Board, side: Player) -> [i32; 4] {
    [
        side_material(board, side),
        placement(board, side),
        mobility(board, side),
        safety(board, side),
    ]
}

/// The weighted count of the pseudo-legal moves of `side`'s horses, chariots and cannons.
fn mobility(board: &Board, side: Player) -> i32 {
    let mut moves = 0;
    board.each_pseudo_move(side, false, |m| {
        if let Some(piece) = board.piece_at(m.from) {
            moves += MOBILITY[piece.kind as usize];
        }
        false
    });
    moves
}

/// [`strong`] from Red's (the first player's) view, term by term, the tempo last.
pub fn explain_strong(game: &Xiangqi) -> Explanation {
    let board = game.board();
    let red = strong_terms(board, Player::First);
    let black = strong_terms(board, Player::Second);
    let names = [
        "material (as the seed)",
        "placement (piece-square terms)",
        "mobility (horse 6, chariot 3, cannon 2 per move)",
        "general's safety",
    ];
    let mut terms: Vec<EvalTerm> = (0..4)
        .map(|i| EvalTerm::weighted(names[i], red[i], black[i], 1))
        .collect();
    let to_move = |side| (game.side == side) as i32;
    terms.push(EvalTerm::weighted(
        format!("side to move ({TEMPO})"),
        to_move(Player::First),
        to_move(Player::Second),
        TEMPO,
    ));
    Explanation::sum_of(terms)
}

/// The piece-square terms of one side, computed from the geometry: soldiers gain
/// as they approach the enemy palace, horses and cannons like the centre and
/// the enemy's half, chariots like to be active, the general likes its home point.
fn placement(board: &Board, side: Player) -> i32 {
    (0..POINTS as u8)
        .filter_map(|at| decode(board.points[at as usize]).map(|p| (at, p)))
        .filter(|(_, p)| p.side == side)
        .map(|(at, p)| square_value(p.kind, side, at))
        .sum()
}

/// The value of `kind` of `side` standing on `point`.
pub fn square_value(kind: Kind, side: Player, point: u8) -> i32 {
    let file = file_of(point) as i32;
    let centre = 4 - (file - 4).abs(); // 0 on the edge files, 4 on the e-file
    let adv = advance(side, point);
    match kind {
        Kind::Soldier if adv >= 5 => {
            // Over the river: better when nearer the palace, but dead on the last rank.
            let near_palace = if (3..=5).contains(&file) { 20 } else { 0 };
            if adv == 9 {
                near_palace / 2
            } else {
                (adv - 4) * 10 + near_palace + centre * 3
            }
        }
        Kind::Soldier => (adv - 3) * 5,
        Kind::Horse => centre * 6 + adv.min(7) * 4 - if adv == 0 { 15 } else { 0 },
        Kind::Cannon => {
            let central_file = if file == 4 { 20 } else { 0 };
            central_file + centre * 2 + if adv >= 7 { 5 } else { 0 }
        }
        Kind::Chariot => adv.min(7) * 3 + centre * 2,
        Kind::General => {
            if adv == 0 && file == 4 {
                10
            } else {
                -(adv * 10)
            }
        }
        Kind::Advisor | Kind::Elephant => 0,
    }
}

/// The general's safety for `side`: guards still on the board, enemy chariots or
/// cannons on the general's file, enemy attackers within reach of the palace.
fn safety(board: &Board, side: Player) -> i32 {
    let general = board.generals[side.index()];
    let (g_file, g_rank) = (file_of(general) as i32, rank_of(general) as i32);
    let mut score = 0;
    for at in 0..POINTS as u8 {
        let Some(piece) = decode(board.points[at as usize]) else {
            continue;
        };
        let (file, rank) = (file_of(at) as i32, rank_of(at) as i32);
        if piece.side == side {
            if matches!(piece.kind, Kind::Advisor | Kind::Elephant) {
                score += GUARD_BONUS;
            }
            continue;
        }
        let distance = (file - g_file).abs() + (rank - g_rank).abs();
        match piece.kind {
            Kind::Chariot | Kind::Cannon if file == g_file => score -= FILE_PRESSURE,
            Kind::Chariot | Kind::Horse | Kind::Cannon if distance <= 3 => score -= NEAR_ATTACKER,
            Kind::Soldier if distance <= 2 => score -= NEAR_ATTACKER,
            _ => {}
        }
    }
    if board.in_check(side) {
        score -= FILE_PRESSURE;
    }
    score
}
