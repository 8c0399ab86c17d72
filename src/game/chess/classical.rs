//! `classical`, chess's `strong` evaluation: ply's own, tapered, in centipawns from the side to
//! move's view. Material and piece-square values, mobility, pawn structure
//! (doubled, isolated, backward), passed pawns by rank with a free path and the
//! kings' distances, king safety (pawn shield, open files, pieces hitting the king's
//! zone), the bishop pair and rooks on open files, each with a middlegame and an
//! endgame value blended by the phase.
//!
//! The evaluation is linear in its weights (weights.rs): [`features`] counts what
//! it sees, feature by feature, and a [`Features`] sink turns the counts into
//! points (the play-time [`Score`]) or records them for a tuner. `strong` plays the
//! weights fitted to Stockfish's scores of quiet self-play positions (labelled.rs,
//! the method at its top). The earlier weight sets, fitted to self-play results
//! (tuned.rs) and set by hand (weights.rs), are no longer offered; the tests and
//! the tuner measure against them, and docs/src/engines/ledger.md has their matches.

use cozy_chess::{BitBoard, Board, Color, File, Piece, Square};

use super::Chess;
use super::eval::{Tapered, attacks, explain_tapered, front_span, tapered_score};
use super::labelled::LABELLED;
use super::tuned::TUNED;
use super::weights::{self as w, HANDSET, Weights};
use crate::game::Explanation;

/// The normal reach of a piece by `Piece as usize`: mobility below it costs, above
/// it earns.
const NORMAL_REACH: [i32; 6] = [0, 4, 6, 6, 12, 0];
/// The attack on the king's zone by `Piece as usize`: each hit weighs this much,
/// and the danger grows as the square of the summed weights, up to a cap.
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
const KING_DANGER_CAP: i32 = 2000;
const TEMPO: i32 = 12;

/// What `classical` counts, one [`Tapered`] per kind, in the order of [`NAMES`].
const TERMS: usize = 11;
const NAMES: [&str; TERMS] = [
    "material",
    "piece-square tables (centrality, advancement)",
    "mobility (squares reached, not guarded by pawns)",
    "pawn structure (doubled, isolated, backward)",
    "passed pawns (rank, free path, kings' race)",
    "king shelter (shield, open files)",
    "attack on the enemy king's zone, safe checks",
    "bishop pair",
    "rooks on open and half-open files",
    "threats (pieces attacked by pawns, minors, rooks; hanging)",
    "outposts (minors guarded by a pawn, safe from pawns)",
];
/// The kinds, by their index in [`NAMES`].
const MATERIAL_TERM: usize = 0;
const SQUARE_TERM: usize = 1;
const MOBILITY_TERM: usize = 2;
const PAWN_TERM: usize = 3;
const PASSED_TERM: usize = 4;
const SHELTER_TERM: usize = 5;
const ATTACK_TERM: usize = 6;
const PAIR_TERM: usize = 7;
const ROOK_TERM: usize = 8;
const THREAT_TERM: usize = 9;
const OUTPOST_TERM: usize = 10;

/// Where the evaluation's feature counts go: `count` times the weight `param`
/// (an index into [`Weights`]) of kind `term` (an index into the names of
/// [`explain_classical`]) in `color`'s favour.
pub trait Features {
    /// Takes one feature's count.
    fn add(&mut self, color: Color, term: usize, param: usize, count: i32);
}

/// The explaining sink: each side's points by kind, at the given weights.
pub struct Score<'a> {
    weights: &'a Weights,
    sides: [[Tapered; TERMS]; 2],
}

impl Features for Score<'_> {
    fn add(&mut self, color: Color, term: usize, param: usize, count: i32) {
        let (mg, eg) = self.weights[param];
        self.sides[color as usize][term].add(count * mg, count * eg);
    }
}

/// The play-time sink: each side's points, all kinds added up, at the given
/// weights. The sum of [`Score`]'s kinds, without keeping them apart.
struct Totals<'a> {
    weights: &'a Weights,
    sides: [Tapered; 2],
}

impl Features for Totals<'_> {
    fn add(&mut self, color: Color, _term: usize, param: usize, count: i32) {
        let (mg, eg) = self.weights[param];
        self.sides[color as usize].add(count * mg, count * eg);
    }
}

/// Each side's points by kind at `weights`, White's first.
fn scored(board: &Board, weights: &Weights) -> [[Tapered; TERMS]; 2] {
    let mut score = Score {
        weights,
        sides: [[Tapered::default(); TERMS]; 2],
    };
    features(board, &mut score);
    score.sides
}

/// The classical evaluation of the position for the side to move, with the
/// weights fitted to Stockfish's scores of self-play positions (labelled.rs):
/// chess's `strong`.
pub fn classical(game: &Chess) -> i32 {
    evaluate(game, &LABELLED)
}

/// The classical evaluation with the weights fitted to the self-play games'
/// results (tuned.rs): what `strong` played before, kept so the match that
/// replaced it stays reproducible.
pub fn selfplay(game: &Chess) -> i32 {
    evaluate(game, &TUNED)
}

/// The classical evaluation with the hand-set weights, the new terms off: what
/// `strong` played before the tuning, kept so the match stays reproducible.
pub fn handset(game: &Chess) -> i32 {
    evaluate(game, &HANDSET)
}

/// The classical evaluation for the side to move at `weights`.
pub fn evaluate(game: &Chess, weights: &Weights) -> i32 {
    let board = game.board();
    let mut totals = Totals {
        weights,
        sides: [Tapered::default(); 2],
    };
    features(board, &mut totals);
    let [white, black] = totals.sides;
    tapered_score(board, &[white], &[black], TEMPO)
}

/// [`classical`] from White's view, kind by kind; the terms add up to the value.
pub fn explain_classical(game: &Chess) -> Explanation {
    explain(game, &LABELLED)
}

/// [`selfplay`] from White's view, kind by kind.
pub fn explain_selfplay(game: &Chess) -> Explanation {
    explain(game, &TUNED)
}

/// [`handset`] from White's view, kind by kind.
pub fn explain_handset(game: &Chess) -> Explanation {
    explain(game, &HANDSET)
}

fn explain(game: &Chess, weights: &Weights) -> Explanation {
    let board = game.board();
    let [white, black] = scored(board, weights);
    explain_tapered(board, &NAMES, &white, &black, TEMPO)
}

/// The points for the side to move that no weight scales (a tempo bonus).
pub const fn tempo() -> i32 {
    TEMPO
}

/// Counts every feature of the position for both sides into `sink`.
pub fn features(board: &Board, sink: &mut impl Features) {
    let mut maps = AttackMaps::of_pawns_and_kings(board);
    for color in [Color::White, Color::Black] {
        piece_features(board, color, &mut maps, sink);
    }
    for color in [Color::White, Color::Black] {
        side_features(board, color, &maps, sink);
    }
}

/// Every square each side attacks, by the attacking piece: what threats, hanging
/// pieces, safe checks and guarded squares are read from. The pieces' reach is
/// recorded as [`piece_features`] computes it for mobility, so nothing is looked
/// up twice.
struct AttackMaps {
    by_piece: [[BitBoard; 6]; 2],
    all: [BitBoard; 2],
}

impl AttackMaps {
    /// The pawns' and kings' attacks; the other pieces are added by [`Self::record`].
    fn of_pawns_and_kings(board: &Board) -> AttackMaps {
        let mut maps = AttackMaps {
            by_piece: [[BitBoard::EMPTY; 6]; 2],
            all: [BitBoard::EMPTY; 2],
        };
        for color in [Color::White, Color::Black] {
            for square in board.colored_pieces(color, Piece::Pawn) {
                maps.record(
                    color,
                    Piece::Pawn,
                    cozy_chess::get_pawn_attacks(square, color),
                );
            }
            let king = cozy_chess::get_king_moves(board.king(color));
            maps.record(color, Piece::King, king);
        }
        maps
    }

    /// Adds the squares one of `color`'s `piece`s attacks.
    fn record(&mut self, color: Color, piece: Piece, reach: BitBoard) {
        self.by_piece[color as usize][piece as usize] |= reach;
        self.all[color as usize] |= reach;
    }

    /// The squares `color`'s `piece`s attack.
    fn by(&self, color: Color, piece: Piece) -> BitBoard {
        self.by_piece[color as usize][piece as usize]
    }

    /// The squares `color` attacks with anything.
    fn all(&self, color: Color) -> BitBoard {
        self.all[color as usize]
    }
}

/// Everything `classical` counts in `color`'s favour.
fn side_features(board: &Board, color: Color, maps: &AttackMaps, sink: &mut impl Features) {
    pawn_structure(board, color, maps, sink);
    passed_pawns(board, color, maps, sink);
    king_shelter(board, color, sink);
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        sink.add(color, PAIR_TERM, w::BISHOP_PAIR, 1);
    }
    rooks_on_files(board, color, sink);
    threats(board, color, maps, sink);
    outposts(board, color, maps, sink);
    safe_checks(board, color, maps, sink);
}

/// Enemy pieces (not the king) attacked by our pawns, minors and rooks, and those
/// we attack that nothing defends, by the victim.
fn threats(board: &Board, color: Color, maps: &AttackMaps, sink: &mut impl Features) {
    let minors = maps.by(color, Piece::Knight) | maps.by(color, Piece::Bishop);
    let undefended = maps.all(color) & !maps.all(!color);
    let attackers = [
        (w::THREAT_BY_PAWN, maps.by(color, Piece::Pawn)),
        (w::THREAT_BY_MINOR, minors),
        (w::THREAT_BY_ROOK, maps.by(color, Piece::Rook)),
        (w::HANGING, undefended),
    ];
    for &victim in &Piece::ALL[..5] {
        let targets = board.colored_pieces(!color, victim);
        for (param, reach) in attackers {
            let count = (targets & reach).len() as i32;
            if count > 0 {
                sink.add(color, THREAT_TERM, param + victim as usize, count);
            }
        }
    }
}

/// Knights and bishops on the enemy's half (ranks 4 to 6 from our side) guarded by
/// an own pawn, with no enemy pawn left on the files next to them that could chase
/// them away.
fn outposts(board: &Board, color: Color, maps: &AttackMaps, sink: &mut impl Features) {
    let enemy_pawns = board.colored_pieces(!color, Piece::Pawn);
    let guarded = maps.by(color, Piece::Pawn);
    for (slot, piece) in [Piece::Knight, Piece::Bishop].into_iter().enumerate() {
        for square in board.colored_pieces(color, piece) & guarded {
            let rank = square.rank().relative_to(color) as usize;
            let chasers = front_span(square, color) & square.file().adjacent();
            if (3..=5).contains(&rank) && (enemy_pawns & chasers).is_empty() {
                sink.add(color, OUTPOST_TERM, w::OUTPOST + slot, 1);
            }
        }
    }
}

/// Squares from which our knights, bishops, rooks and queens could check the enemy
/// king, not occupied by our own pieces and not guarded by the enemy.
fn safe_checks(board: &Board, color: Color, maps: &AttackMaps, sink: &mut impl Features) {
    let king = board.king(!color);
    let occupied = board.occupied();
    let safe = !board.colors(color) & !maps.all(!color);
    let diagonal = cozy_chess::get_bishop_moves(king, occupied);
    let straight = cozy_chess::get_rook_moves(king, occupied);
    let checks = [
        (Piece::Knight, cozy_chess::get_knight_moves(king)),
        (Piece::Bishop, diagonal),
        (Piece::Rook, straight),
        (Piece::Queen, diagonal | straight),
    ];
    for (piece, from) in checks {
        let count = (maps.by(color, piece) & from & safe).len() as i32;
        if count > 0 {
            sink.add(color, ATTACK_TERM, w::SAFE_CHECK + piece as usize, count);
        }
    }
}

/// Material, square values and mobility of `color`'s pieces, and their attack on
/// the enemy king's zone; records their reach in `maps`.
fn piece_features(board: &Board, color: Color, maps: &mut AttackMaps, sink: &mut impl Features) {
    let enemy_pawn_guard = maps.by(!color, Piece::Pawn);
    let occupied = board.occupied();
    let own = board.colors(color);
    let zone = king_zone(board.king(!color));
    let (mut attackers, mut attack_weight) = (0, 0);
    for &piece in &Piece::ALL {
        let index = piece as usize;
        for square in board.colored_pieces(color, piece) {
            let at = w::PIECE_SQUARE + 64 * index + square.relative_to(color) as usize;
            sink.add(color, MATERIAL_TERM, w::MATERIAL + index, 1);
            sink.add(color, SQUARE_TERM, at, 1);
            let reach = attacks(piece, square, occupied);
            if !matches!(piece, Piece::Pawn | Piece::King) {
                maps.record(color, piece, reach);
                let free = (reach & !own & !enemy_pawn_guard).len() as i32 - NORMAL_REACH[index];
                sink.add(color, MOBILITY_TERM, w::MOBILITY + index, free);
            }
            let hits = (reach & zone).len() as i32;
            if hits > 0 {
                attackers += 1;
                attack_weight += hits * KING_ATTACK_WEIGHT[index];
            }
        }
    }
    if attackers >= 2 {
        let danger = (attack_weight * attack_weight).min(KING_DANGER_CAP) / 16;
        sink.add(color, ATTACK_TERM, w::KING_DANGER, danger);
        sink.add(color, ATTACK_TERM, w::KING_ATTACK, attack_weight);
    }
}

/// The squares around a king and its own square.
fn king_zone(king: Square) -> BitBoard {
    cozy_chess::get_king_moves(king) | king.bitboard()
}

/// Doubled, isolated and backward pawns.
fn pawn_structure(board: &Board, color: Color, maps: &AttackMaps, sink: &mut impl Features) {
    let ours = board.colored_pieces(color, Piece::Pawn);
    let enemy_guard = maps.by(!color, Piece::Pawn);
    for &file in &File::ALL {
        let on_file = (ours & file.bitboard()).len() as i32;
        if on_file > 1 {
            sink.add(color, PAWN_TERM, w::DOUBLED, on_file - 1);
        }
    }
    for square in ours {
        let neighbours = ours & square.file().adjacent();
        if neighbours.is_empty() {
            sink.add(color, PAWN_TERM, w::ISOLATED, 1);
        } else if is_backward(square, color, neighbours, enemy_guard) {
            sink.add(color, PAWN_TERM, w::BACKWARD, 1);
        }
    }
}

/// A pawn whose neighbours have all gone past it and whose next square an enemy
/// pawn guards: it cannot advance safely nor be defended by a pawn.
fn is_backward(square: Square, color: Color, neighbours: BitBoard, enemy_guard: BitBoard) -> bool {
    // The guard is the rarer condition and the cheaper test: asked first.
    let guarded = square
        .try_offset(0, forward(color))
        .is_some_and(|next| enemy_guard.has(next));
    if !guarded {
        return false;
    }
    let rank = square.rank().relative_to(color);
    !neighbours
        .iter()
        .any(|n| n.rank().relative_to(color) <= rank)
}

/// One rank towards promotion for `color`.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Passed pawns by rank, more with nothing in front of them and, in the endgame,
/// when the own king is nearer their next square than the enemy's; less when the
/// enemy guards that square and we do not.
fn passed_pawns(board: &Board, color: Color, maps: &AttackMaps, sink: &mut impl Features) {
    let stop_guarded = maps.all(!color) & !maps.all(color);
    let ours = board.colored_pieces(color, Piece::Pawn);
    let theirs = board.colored_pieces(!color, Piece::Pawn);
    let occupied = board.occupied();
    for square in ours {
        let span = front_span(square, color);
        if !(theirs & span).is_empty() {
            continue;
        }
        let rank = square.rank().relative_to(color) as usize;
        sink.add(color, PASSED_TERM, w::PASSED + rank, 1);
        if (occupied & span & square.file().bitboard()).is_empty() {
            sink.add(color, PASSED_TERM, w::FREE_PATH + rank, 1);
        }
        if let Some(next) = square.try_offset(0, forward(color)) {
            let race = distance(board.king(!color), next) - distance(board.king(color), next);
            sink.add(color, PASSED_TERM, w::KING_RACE, race * rank as i32);
            if stop_guarded.has(next) {
                sink.add(color, PASSED_TERM, w::PASSED_STOP_GUARDED, rank as i32);
            }
        }
    }
}

/// King moves between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// The king's pawn shield while it stays on its first two ranks, and the open
/// files around it.
fn king_shelter(board: &Board, color: Color, sink: &mut impl Features) {
    let king = board.king(color);
    if king.rank().relative_to(color) as usize > 1 {
        return;
    }
    let pawns = board.colored_pieces(color, Piece::Pawn);
    let files = king.file().bitboard() | king.file().adjacent();
    let rank_ahead = |n: i8| {
        king.try_offset(0, forward(color) * n)
            .map_or(BitBoard::EMPTY, |s| s.rank().bitboard())
    };
    let near = (pawns & files & rank_ahead(1)).len() as i32;
    let far = (pawns & files & rank_ahead(2)).len() as i32;
    // One square of the king's rank on each of its files stands for the file.
    let open = (files & king.rank().bitboard())
        .iter()
        .filter(|s| (pawns & s.file().bitboard()).is_empty())
        .count() as i32;
    sink.add(color, SHELTER_TERM, w::SHIELD_NEAR, near);
    sink.add(color, SHELTER_TERM, w::SHIELD_FAR, far);
    sink.add(color, SHELTER_TERM, w::OPEN_NEAR_KING, open);
}

/// Rooks on files without pawns, or without own pawns.
fn rooks_on_files(board: &Board, color: Color, sink: &mut impl Features) {
    let pawns = board.pieces(Piece::Pawn);
    let own_pawns = board.colored_pieces(color, Piece::Pawn);
    for rook in board.colored_pieces(color, Piece::Rook) {
        let file = rook.file().bitboard();
        if (pawns & file).is_empty() {
            sink.add(color, ROOK_TERM, w::ROOK_OPEN_FILE, 1);
        } else if (own_pawns & file).is_empty() {
            sink.add(color, ROOK_TERM, w::ROOK_HALF_OPEN_FILE, 1);
        }
    }
}
