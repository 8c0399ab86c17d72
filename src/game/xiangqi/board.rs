//! The xiangqi board: 90 points in a byte array (`rank * 9 + file`, rank 0 on
//! Red's side, file 0 = `a`), and tables of where each piece may step from each
//! point, computed once, so that move generation and the check test are a few
//! table walks.

use std::sync::LazyLock;

use crate::game::Player;

/// Files a to i.
pub const FILES: usize = 9;
/// Ranks 0 (Red's back rank) to 9 (Black's).
pub const RANKS: usize = 10;
/// Points on the board.
pub const POINTS: usize = FILES * RANKS;

/// The seven kinds of pieces, in the order of the piece codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// 帥/將: steps orthogonally inside the palace.
    General,
    /// 仕/士: steps diagonally inside the palace.
    Advisor,
    /// 相/象: two points diagonally, never over the river, blocked on its eye.
    Elephant,
    /// 傌/馬: one orthogonal then one diagonal step, blocked on its leg.
    Horse,
    /// 俥/車: slides orthogonally.
    Chariot,
    /// 炮/砲: slides orthogonally, captures over exactly one screen.
    Cannon,
    /// 兵/卒: one point forward; sideways too once over the river.
    Soldier,
}

impl Kind {
    /// Every kind, in code order.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// How many of this kind each side starts with (and can never exceed).
    pub fn start_count(self) -> usize {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }
}

/// A piece with its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Whose it is: `First` is Red.
    pub side: Player,
}

/// The byte stored for `kind` of `side` on a point: 1 to 7 Red, 8 to 14 Black,
/// 0 is an empty point.
pub const fn code(kind: Kind, side: Player) -> u8 {
    let side_offset = match side {
        Player::First => 0,
        Player::Second => 7,
    };
    1 + kind as u8 + side_offset
}

/// The piece a board byte stands for, `None` for an empty point.
pub fn decode(byte: u8) -> Option<Piece> {
    if byte == 0 || byte > 14 {
        return None;
    }
    let index = (byte - 1) as usize;
    let side = if index < 7 {
        Player::First
    } else {
        Player::Second
    };
    Some(Piece {
        kind: Kind::ALL[index % 7],
        side,
    })
}

/// The side a non-empty board byte belongs to.
fn side_of(byte: u8) -> Player {
    if byte <= 7 {
        Player::First
    } else {
        Player::Second
    }
}

/// A move from one point to another (a capture when the target is occupied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The point the piece leaves.
    pub from: u8,
    /// The point it lands on.
    pub to: u8,
}

/// The point at zero-based `file` and `rank`.
pub const fn point(file: usize, rank: usize) -> u8 {
    (rank * FILES + file) as u8
}

/// The file (0 = a) of a point.
pub const fn file_of(point: u8) -> usize {
    point as usize % FILES
}

/// The rank (0 = Red's back rank) of a point.
pub const fn rank_of(point: u8) -> usize {
    point as usize / FILES
}

/// True for the nine points of either palace.
pub fn in_palace(file: usize, rank: usize) -> bool {
    (3..=5).contains(&file) && (rank <= 2 || rank >= 7)
}

/// True when `rank` is on `side`'s half of the river.
pub fn own_half(side: Player, rank: usize) -> bool {
    match side {
        Player::First => rank <= 4,
        Player::Second => rank >= 5,
    }
}

/// How far forward `rank` is for `side`: 0 on its own back rank, 9 on the enemy's.
pub fn advance(side: Player, rank: usize) -> usize {
    match side {
        Player::First => rank,
        Player::Second => RANKS - 1 - rank,
    }
}

/// The step "forward" in ranks for `side`.
fn forward(side: Player) -> i32 {
    match side {
        Player::First => 1,
        Player::Second => -1,
    }
}

/// Where each kind may go from each point, and the reverse tables the check test uses.
struct Tables {
    general: Vec<Vec<u8>>,
    advisor: Vec<Vec<u8>>,
    /// (target, eye) pairs.
    elephant: Vec<Vec<(u8, u8)>>,
    /// (target, leg) pairs.
    horse: Vec<Vec<(u8, u8)>>,
    /// Per side: targets of a soldier.
    soldier: [Vec<Vec<u8>>; 2],
    /// Points outward from each point in the four orthogonal directions.
    rays: Vec<[Vec<u8>; 4]>,
    /// For each point: (horse point, leg) of horses that would attack it.
    horse_attackers: Vec<Vec<(u8, u8)>>,
    /// Per side: points a soldier of that side attacks each point from.
    soldier_attackers: [Vec<Vec<u8>>; 2],
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The point `df` files and `dr` ranks from (file, rank), if on the board.
fn offset(file: usize, rank: usize, df: i32, dr: i32) -> Option<(usize, usize)> {
    let f = file as i32 + df;
    let r = rank as i32 + dr;
    ((0..FILES as i32).contains(&f) && (0..RANKS as i32).contains(&r))
        .then_some((f as usize, r as usize))
}

fn to_point((file, rank): (usize, usize)) -> u8 {
    point(file, rank)
}

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const HORSE_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

impl Tables {
    fn build() -> Tables {
        let all_points = || (0..POINTS as u8).map(|p| (file_of(p), rank_of(p)));
        let general = all_points()
            .map(|(f, r)| palace_steps(f, r, &ORTHOGONAL))
            .collect();
        let advisor = all_points()
            .map(|(f, r)| palace_steps(f, r, &DIAGONAL))
            .collect();
        let elephant = all_points().map(|(f, r)| elephant_steps(f, r)).collect();
        let horse: Vec<Vec<(u8, u8)>> = all_points().map(|(f, r)| horse_steps(f, r)).collect();
        let soldier = [Player::First, Player::Second].map(|side| {
            all_points()
                .map(|(f, r)| soldier_steps(side, f, r))
                .collect()
        });
        let rays = all_points()
            .map(|(f, r)| {
                ORTHOGONAL.map(|(df, dr)| {
                    (1..)
                        .map_while(|n| offset(f, r, df * n, dr * n))
                        .map(to_point)
                        .collect()
                })
            })
            .collect();
        let mut horse_attackers = vec![Vec::new(); POINTS];
        for (from, steps) in horse.iter().enumerate() {
            for &(to, leg) in steps {
                horse_attackers[to as usize].push((from as u8, leg));
            }
        }
        let soldier_attackers = soldier.clone().map(|by_point: Vec<Vec<u8>>| {
            let mut reverse = vec![Vec::new(); POINTS];
            for (from, targets) in by_point.iter().enumerate() {
                for &to in targets {
                    reverse[to as usize].push(from as u8);
                }
            }
            reverse
        });
        Tables {
            general,
            advisor,
            elephant,
            horse,
            soldier,
            rays,
            horse_attackers,
            soldier_attackers,
        }
    }
}

/// One-point steps in `directions` that stay inside the palace (none outside it).
fn palace_steps(file: usize, rank: usize, directions: &[(i32, i32)]) -> Vec<u8> {
    if !in_palace(file, rank) {
        return Vec::new();
    }
    directions
        .iter()
        .filter_map(|&(df, dr)| offset(file, rank, df, dr))
        .filter(|&(f, r)| in_palace(f, r) && (r <= 4) == (rank <= 4))
        .map(to_point)
        .collect()
}

/// Two-point diagonal steps on the same half of the river, with their eyes.
fn elephant_steps(file: usize, rank: usize) -> Vec<(u8, u8)> {
    DIAGONAL
        .iter()
        .filter_map(|&(df, dr)| {
            let to = offset(file, rank, 2 * df, 2 * dr)?;
            let eye = offset(file, rank, df, dr)?;
            ((to.1 <= 4) == (rank <= 4)).then(|| (to_point(to), to_point(eye)))
        })
        .collect()
}

/// The eight horse jumps with the point next to the horse that blocks each.
fn horse_steps(file: usize, rank: usize) -> Vec<(u8, u8)> {
    HORSE_JUMPS
        .iter()
        .filter_map(|&(df, dr)| {
            let to = offset(file, rank, df, dr)?;
            let leg = if dr.abs() == 2 {
                offset(file, rank, 0, dr / 2)?
            } else {
                offset(file, rank, df / 2, 0)?
            };
            Some((to_point(to), to_point(leg)))
        })
        .collect()
}

/// A soldier's steps: forward, and sideways once it stands beyond the river.
fn soldier_steps(side: Player, file: usize, rank: usize) -> Vec<u8> {
    let mut steps = Vec::new();
    if let Some(ahead) = offset(file, rank, 0, forward(side)) {
        steps.push(to_point(ahead));
    }
    if !own_half(side, rank) {
        for df in [-1, 1] {
            if let Some(side_step) = offset(file, rank, df, 0) {
                steps.push(to_point(side_step));
            }
        }
    }
    steps
}

/// The pieces on the board and where the two generals stand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// One byte per point (see [`code`]).
    pub points: [u8; POINTS],
    /// The point of each side's general, by `Player::index`.
    pub generals: [u8; 2],
}

impl Board {
    /// A board with no pieces (generals' points to be set by whoever fills it).
    pub fn empty() -> Board {
        Board {
            points: [0; POINTS],
            generals: [0; 2],
        }
    }

    /// What stands on `point`.
    pub fn piece_at(&self, point: u8) -> Option<Piece> {
        decode(self.points[point as usize])
    }

    /// Moves a piece, returning the byte it captured (0 for none).
    pub fn make(&mut self, m: Move) -> u8 {
        let moving = self.points[m.from as usize];
        let captured = self.points[m.to as usize];
        self.points[m.to as usize] = moving;
        self.points[m.from as usize] = 0;
        if moving == code(Kind::General, Player::First) {
            self.generals[0] = m.to;
        } else if moving == code(Kind::General, Player::Second) {
            self.generals[1] = m.to;
        }
        captured
    }

    /// Takes back [`Board::make`], given what it captured.
    pub fn unmake(&mut self, m: Move, captured: u8) {
        let moving = self.points[m.to as usize];
        self.points[m.from as usize] = moving;
        self.points[m.to as usize] = captured;
        if moving == code(Kind::General, Player::First) {
            self.generals[0] = m.from;
        } else if moving == code(Kind::General, Player::Second) {
            self.generals[1] = m.from;
        }
    }

    /// True when `side`'s general is attacked, or faces the other general on an
    /// open file (the flying-general rule makes that the same thing).
    pub fn in_check(&self, side: Player) -> bool {
        self.attacked(self.generals[side.index()], side.other())
    }

    /// True when a piece of `by` attacks `target` (a general of `by` attacks along
    /// an open file, so two facing generals attack each other).
    pub fn attacked(&self, target: u8, by: Player) -> bool {
        let tables = &*TABLES;
        let points = &self.points;
        let chariot = code(Kind::Chariot, by);
        let cannon = code(Kind::Cannon, by);
        let general = code(Kind::General, by);
        for ray in &tables.rays[target as usize] {
            let mut walk = ray.iter().map(|&p| points[p as usize]).filter(|&b| b != 0);
            match walk.next() {
                Some(first) if first == chariot || first == general => return true,
                Some(_) if walk.next() == Some(cannon) => return true,
                _ => {}
            }
        }
        let horse = code(Kind::Horse, by);
        let horse_hit = tables.horse_attackers[target as usize]
            .iter()
            .any(|&(from, leg)| points[from as usize] == horse && points[leg as usize] == 0);
        if horse_hit {
            return true;
        }
        let soldier = code(Kind::Soldier, by);
        tables.soldier_attackers[by.index()][target as usize]
            .iter()
            .any(|&from| points[from as usize] == soldier)
    }

    /// Calls `visit` with the point and kind of every piece of `by` that could
    /// capture on `target` (pseudo-legally: pins ignored), for static exchange
    /// evaluation, which would otherwise generate every capture of the side.
    pub fn each_attacker(&self, target: u8, by: Player, mut visit: impl FnMut(u8, Kind)) {
        let tables = &*TABLES;
        let points = &self.points;
        let at = target as usize;
        let mut stepping = |kind: Kind, from: u8| {
            if points[from as usize] == code(kind, by) {
                visit(from, kind);
            }
        };
        // Steps of generals, advisors and elephants are symmetric: a piece on
        // `from` reaches `target` exactly when one on `target` would reach `from`.
        for &from in &tables.general[at] {
            stepping(Kind::General, from);
        }
        for &from in &tables.advisor[at] {
            stepping(Kind::Advisor, from);
        }
        for &(from, eye) in &tables.elephant[at] {
            if points[eye as usize] == 0 {
                stepping(Kind::Elephant, from);
            }
        }
        for &(from, leg) in &tables.horse_attackers[at] {
            if points[leg as usize] == 0 {
                stepping(Kind::Horse, from);
            }
        }
        for &from in &tables.soldier_attackers[by.index()][at] {
            stepping(Kind::Soldier, from);
        }
        for ray in &tables.rays[at] {
            let mut occupied = ray.iter().filter(|&&p| points[p as usize] != 0);
            if let Some(&first) = occupied.next() {
                stepping(Kind::Chariot, first);
            }
            if let Some(&second) = occupied.next() {
                stepping(Kind::Cannon, second);
            }
        }
    }

    /// Calls `visit` with every pseudo-legal move of `side` (all of them, or only
    /// captures), until it returns true; true when it did.
    pub fn each_pseudo_move(
        &self,
        side: Player,
        captures_only: bool,
        mut visit: impl FnMut(Move) -> bool,
    ) -> bool {
        let tables = &*TABLES;
        let points = &self.points;
        let lands = |to: u8| {
            let byte = points[to as usize];
            if byte == 0 {
                !captures_only
            } else {
                side_of(byte) != side
            }
        };
        for from in 0..POINTS as u8 {
            let byte = points[from as usize];
            if byte == 0 || side_of(byte) != side {
                continue;
            }
            let at = from as usize;
            let mut stepped = |to: u8| lands(to) && visit(Move { from, to });
            let stop = match decode(byte).map(|p| p.kind) {
                Some(Kind::General) => tables.general[at].iter().any(|&to| stepped(to)),
                Some(Kind::Advisor) => tables.advisor[at].iter().any(|&to| stepped(to)),
                Some(Kind::Elephant) => tables.elephant[at]
                    .iter()
                    .any(|&(to, eye)| points[eye as usize] == 0 && stepped(to)),
                Some(Kind::Horse) => tables.horse[at]
                    .iter()
                    .any(|&(to, leg)| points[leg as usize] == 0 && stepped(to)),
                Some(Kind::Soldier) => tables.soldier[side.index()][at]
                    .iter()
                    .any(|&to| stepped(to)),
                Some(Kind::Chariot) => tables.rays[at]
                    .iter()
                    .any(|ray| slide_ray(points, ray, captures_only, side, false, &mut stepped)),
                Some(Kind::Cannon) => tables.rays[at]
                    .iter()
                    .any(|ray| slide_ray(points, ray, captures_only, side, true, &mut stepped)),
                None => false,
            };
            if stop {
                return true;
            }
        }
        false
    }

    /// Calls `visit` with every legal move of `side` until it returns true.
    pub fn each_legal_move(
        &self,
        side: Player,
        captures_only: bool,
        mut visit: impl FnMut(Move) -> bool,
    ) -> bool {
        let mut scratch = self.clone();
        let general = self.generals[side.index()];
        let in_check = self.in_check(side);
        self.each_pseudo_move(side, captures_only, |m| {
            let legal = if in_check || may_expose(general, m) {
                let captured = scratch.make(m);
                let safe = !scratch.in_check(side);
                scratch.unmake(m, captured);
                safe
            } else {
                true
            };
            legal && visit(m)
        })
    }

    /// Appends `side`'s legal moves (or only its legal captures) to `out`.
    pub fn legal_moves(&self, side: Player, captures_only: bool, out: &mut Vec<Move>) {
        self.each_legal_move(side, captures_only, |m| {
            out.push(m);
            false
        });
    }

    /// True when `side` has at least one legal move.
    pub fn has_legal_move(&self, side: Player) -> bool {
        self.each_legal_move(side, false, |_| true)
    }
}

/// Whether `m` could leave the general on `general` attacked when it was not:
/// the general itself moves, a piece leaves or enters the general's file or
/// rank (opening a line, or giving an enemy cannon a screen), or a piece
/// leaves a point diagonally next to the general (a horse's leg towards it).
/// Any other move of a general not in check is legal without trying it.
fn may_expose(general: u8, m: Move) -> bool {
    let shares_line = |p: u8| file_of(p) == file_of(general) || rank_of(p) == rank_of(general);
    let diagonal_neighbour = |p: u8| {
        file_of(p).abs_diff(file_of(general)) == 1 && rank_of(p).abs_diff(rank_of(general)) == 1
    };
    m.from == general || shares_line(m.from) || shares_line(m.to) || diagonal_neighbour(m.from)
}

/// A chariot's or a cannon's moves along one ray: the empty points (for a cannon
/// only those before its screen), then the first piece (for a cannon the first
/// beyond the screen) if it is an enemy.
fn slide_ray(
    points: &[u8; POINTS],
    ray: &[u8],
    captures_only: bool,
    side: Player,
    cannon: bool,
    stepped: &mut impl FnMut(u8) -> bool,
) -> bool {
    let mut screened = false;
    for &to in ray {
        let byte = points[to as usize];
        if byte == 0 {
            if !screened && !captures_only && stepped(to) {
                return true;
            }
        } else if cannon && !screened {
            screened = true;
        } else {
            return side_of(byte) != side && stepped(to);
        }
    }
    false
}

/// The start position's pieces from the a-file to the i-file on a back rank.
pub const BACK_RANK: [Kind; 9] = [
    Kind::Chariot,
    Kind::Horse,
    Kind::Elephant,
    Kind::Advisor,
    Kind::General,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Horse,
    Kind::Chariot,
];

/// The points where a piece of `kind` and `side` may ever stand (the palace for
/// generals and advisors' diagonals, the elephants' seven points, soldiers not
/// behind their start rank); used to refuse impossible positions.
pub fn may_stand(kind: Kind, side: Player, point: u8) -> bool {
    let (file, rank) = (file_of(point), rank_of(point));
    let own_rank = advance(side, rank);
    match kind {
        Kind::General => in_palace(file, rank) && own_half(side, rank),
        Kind::Advisor => {
            in_palace(file, rank) && own_half(side, rank) && (file + own_rank) % 2 == 1
        }
        Kind::Elephant => {
            own_half(side, rank)
                && file.is_multiple_of(2)
                && own_rank.is_multiple_of(2)
                && (file / 2 + own_rank / 2) % 2 == 1
        }
        Kind::Soldier => own_rank >= 3 && (own_rank >= 5 || file.is_multiple_of(2)),
        Kind::Horse | Kind::Chariot | Kind::Cannon => true,
    }
}
