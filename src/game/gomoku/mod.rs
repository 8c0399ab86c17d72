//! Gomoku: Black and White take turns putting a stone on an empty point of a 15x15
//! board (5x5 to 19x19 by option); the first to get five in a row, across, up or
//! diagonally, wins ("freestyle": an overline of six or more counts too; with
//! `-o rule=exact` only exactly five wins). A full board with no winner is a draw.
//!
//! Every empty point is a legal move, and [`Game::parse_move`] accepts any of them.
//! The search, though, sees a candidate set ([`Game::legal_moves`]), which is how
//! Gomoku programs keep the tree narrow:
//! - the centre on an empty board;
//! - only the points that complete five, when the side to move has any (any of
//!   them wins at once);
//! - otherwise only the points that block the opponent's five, when the opponent
//!   has any (any other move loses at once);
//! - otherwise the empty points within two steps (across, up or diagonally) of a
//!   stone.
//!
//! The first three only drop moves that cannot be better than the ones kept; the
//! last drops far-away moves, which take part in no threat. Perft counts and the
//! minimax reference in the tests walk this same candidate tree.
//!
//! Threat patterns are kept incrementally ([`threats`]); [`vcf`] looks for wins by
//! continuous fours, [`vct`] for wins by continuous fours and open threes (and the
//! moves that refute the opponent's); [`eval`] holds the evaluations.

pub mod board;
pub mod eval;
pub mod threats;
pub mod vcf;
pub mod vct;

use crate::game::SearchHooks;
use std::sync::Arc;

use super::options::OptionInfo;
use super::profile::{GameProfile, LevelRating, LevelRatings};
use super::setup_grid::{PieceGrid, STONE_LETTERS, STONES, SetupPiece};
use super::{
    Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable, Player,
    format_square, parse_square, zobrist,
};
use board::{Board, MAX_POINTS, MAX_SIZE, Rule};
use threats::{FIVE, FOUR, Shape, Threats, shape};

const ZOBRIST_TABLE: u64 = 55;
/// One key per (player, point).
const KEYS: [u64; 2 * MAX_POINTS] = zobrist::table(ZOBRIST_TABLE);
/// The usual board side.
pub const STANDARD_SIZE: usize = 15;
/// The smallest board side: room for one row of five.
pub const MIN_SIZE: usize = 5;
/// How far from a stone (in king steps) the search looks for moves.
const CANDIDATE_DISTANCE: i32 = 2;

/// A Gomoku position with its move history and incremental threat patterns.
#[derive(Clone, Debug)]
pub struct Gomoku {
    board: Board,
    rule: Rule,
    /// Who was to move before the first move of `history`.
    first_mover: Player,
    /// Points played, oldest first.
    history: Vec<u16>,
    hash: u64,
    /// Set when a stone completed a winning row.
    winner: Option<Player>,
    stones: usize,
    /// For each point, how many stones lie within two king steps.
    nearby: [u8; MAX_POINTS],
    threats: Threats,
    lines: eval::OpenLines,
}

impl Gomoku {
    /// The empty board of side `size` (checked by the caller: 5 to 19) under `rule`.
    pub fn new(size: usize, rule: Rule) -> Gomoku {
        let board = Board::new(size);
        Gomoku {
            threats: Threats::new(&board, rule),
            lines: eval::OpenLines::new(&board),
            board,
            rule,
            first_mover: Player::First,
            history: Vec::new(),
            hash: 0,
            winner: None,
            stones: 0,
            nearby: [0; MAX_POINTS],
        }
    }

    /// The empty 15x15 freestyle board.
    pub fn standard() -> Gomoku {
        Gomoku::new(STANDARD_SIZE, Rule::Freestyle)
    }

    /// The stones.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Freestyle or exact five.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The threat patterns of every point.
    pub fn threats(&self) -> &Threats {
        &self.threats
    }

    /// The open lines of five of each player, for the seed evaluation.
    pub fn open_lines(&self) -> &eval::OpenLines {
        &self.lines
    }

    /// The points played so far, oldest first, so a board can mark the last stone.
    pub fn history(&self) -> &[u16] {
        &self.history
    }

    /// The winning row once the game is won, so a board can highlight it.
    pub fn winning_row(&self) -> Option<Vec<usize>> {
        let winner = self.winner?;
        match self.history.last() {
            Some(&last) => self.board.winning_row_at(last as usize, self.rule),
            None => self.board.find_winning_row(winner, self.rule),
        }
    }

    /// The empty points where a stone of `player` completes a winning row.
    pub fn five_points(&self, player: Player) -> Vec<usize> {
        if self.threats.five_points(player) == 0 {
            return Vec::new();
        }
        (0..self.board.points())
            .filter(|&p| self.threats.best(player, p) == FIVE)
            .collect()
    }

    /// The empty points where a stone of `player` makes a four or better.
    pub fn four_points(&self, player: Player) -> Vec<usize> {
        if !self.threats.has_fours(player) {
            return Vec::new();
        }
        (0..self.board.points())
            .filter(|&p| self.threats.best(player, p) >= FOUR)
            .collect()
    }

    /// What a stone of `player` on `point` would make over its four lines.
    pub fn shape_at(&self, player: Player, point: usize) -> Shape {
        shape(self.threats.patterns(player, point))
    }

    /// The same stones with the other side to move: what the opponent could do
    /// if the side to move passed, for threat searches.
    pub fn passed(&self) -> Gomoku {
        let mut game = self.clone();
        game.first_mover = game.first_mover.other();
        game.hash ^= zobrist::SECOND_TO_MOVE;
        game
    }

    fn toggle_key(&mut self, player: Player, point: usize) {
        self.hash ^= KEYS[player.index() * MAX_POINTS + point] ^ zobrist::SECOND_TO_MOVE;
    }

    /// Puts a stone of `player` on `point` and brings every table up to date.
    fn put(&mut self, point: usize, player: Player) {
        self.board.place(point, player);
        self.stones += 1;
        self.count_nearby(point, 1);
        self.threats.update_around(&self.board, self.rule, point);
        self.lines.add(&self.board, point, player);
    }

    /// Takes the stone of `player` off `point`, the reverse of [`Gomoku::put`].
    fn take(&mut self, point: usize, player: Player) {
        self.board.remove(point);
        self.stones -= 1;
        self.count_nearby(point, -1);
        self.threats.update_around(&self.board, self.rule, point);
        self.lines.remove(&self.board, point, player);
    }

    fn count_nearby(&mut self, point: usize, change: i8) {
        let size = self.board.size() as i32;
        let (file, rank) = self.board.coordinates(point);
        let reach = -CANDIDATE_DISTANCE..=CANDIDATE_DISTANCE;
        for df in reach.clone() {
            for dr in reach.clone() {
                let (f, r) = (file as i32 + df, rank as i32 + dr);
                if (0..size).contains(&f) && (0..size).contains(&r) {
                    let p = self.board.point(f as usize, r as usize);
                    self.nearby[p] = self.nearby[p].wrapping_add_signed(change);
                }
            }
        }
    }

    fn over_message(&self) -> String {
        match self.winner {
            Some(player) => format!("the game is over: {} has five in a row", side_name(player)),
            None => "the game is over: the board is full".to_string(),
        }
    }

    /// Reads the board picture of [`Gomoku::format_position`].
    fn from_picture(text: &str, size: Option<usize>, rule: Rule) -> Result<Gomoku, GameError> {
        let mut fields = text.split_whitespace();
        let picture = fields.next().unwrap_or("");
        let side = fields.next();
        if let Some(extra) = fields.next() {
            return Err(GameError::new(format!(
                "unexpected '{extra}' after the side to move"
            )));
        }
        let rows: Vec<Vec<Option<Player>>> = picture
            .split('/')
            .map(read_rank)
            .collect::<Result<_, _>>()?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&rows.len()) {
            return Err(GameError::new(format!(
                "a board has {MIN_SIZE} to {MAX_SIZE} ranks separated by '/', found {}",
                rows.len()
            )));
        }
        let size = size.unwrap_or(rows.len());
        if rows.len() != size {
            return Err(GameError::new(format!(
                "expected {size} ranks separated by '/', found {}",
                rows.len()
            )));
        }
        if let Some(row) = rows.iter().position(|r| r.len() != size) {
            return Err(GameError::new(format!(
                "rank {} has {} points, expected {size}",
                size - row,
                rows[row].len()
            )));
        }
        let mut game = Gomoku::new(size, rule);
        for (row, points) in rows.iter().enumerate() {
            for (file, stone) in points.iter().enumerate() {
                if let Some(player) = *stone {
                    let point = game.board.point(file, size - 1 - row);
                    game.put(point, player);
                    game.hash ^= KEYS[player.index() * MAX_POINTS + point];
                }
            }
        }
        game.first_mover = side_to_move(game.board.stone_counts(), side)?;
        if game.first_mover == Player::Second {
            game.hash ^= zobrist::SECOND_TO_MOVE;
        }
        game.winner = find_winner(&game.board, rule, game.first_mover)?;
        Ok(game)
    }
}

/// The side names used in messages and by the board.
pub fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "Black",
        Player::Second => "White",
    }
}

/// One rank of a board picture: `x`, `o`, `.` per point, or a number for a run of
/// empty points.
fn read_rank(text: &str) -> Result<Vec<Option<Player>>, GameError> {
    let mut points = Vec::new();
    let mut run = String::new();
    let flush = |run: &mut String, points: &mut Vec<Option<Player>>| -> Result<(), GameError> {
        if !run.is_empty() {
            let n: usize = run
                .parse()
                .ok()
                .filter(|&n| (1..=MAX_SIZE).contains(&n))
                .ok_or_else(|| GameError::new(format!("'{run}' is not a run of empty points")))?;
            points.extend(std::iter::repeat_n(None, n));
            run.clear();
        }
        Ok(())
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        flush(&mut run, &mut points)?;
        points.push(match c.to_ascii_lowercase() {
            'x' => Some(Player::First),
            'o' => Some(Player::Second),
            '.' => None,
            other => {
                return Err(GameError::new(format!(
                    "unexpected '{other}': use x, o, . or a number of empty points"
                )));
            }
        });
    }
    flush(&mut run, &mut points)?;
    Ok(points)
}

/// The side to move from the stone counts (Black moves first, the sides
/// alternate), checked against the side written in the position, if any.
fn side_to_move(
    (black, white): (usize, usize),
    written: Option<&str>,
) -> Result<Player, GameError> {
    let counted = if black == white {
        Player::First
    } else if black == white + 1 {
        Player::Second
    } else {
        return Err(GameError::new(format!(
            "{black} black and {white} white stones cannot happen: Black moves first and the sides alternate"
        )));
    };
    let named = match written.map(str::to_ascii_lowercase).as_deref() {
        None => return Ok(counted),
        Some("x" | "b" | "black") => Player::First,
        Some("o" | "w" | "white") => Player::Second,
        Some(other) => {
            return Err(GameError::new(format!(
                "'{other}' is not a side to move: use x or o"
            )));
        }
    };
    if named != counted {
        return Err(GameError::new(format!(
            "{} cannot be to move with {black} black and {white} white stones",
            side_name(named)
        )));
    }
    Ok(named)
}

/// The winner of a position read from text: only the side that moved last may
/// have a winning row.
fn find_winner(board: &Board, rule: Rule, to_move: Player) -> Result<Option<Player>, GameError> {
    let has_row = |p: Player| board.find_winning_row(p, rule).is_some();
    if has_row(to_move) {
        return Err(GameError::new(format!(
            "{} has five in a row but is to move: the winner must have made the last move",
            side_name(to_move)
        )));
    }
    Ok(has_row(to_move.other()).then_some(to_move.other()))
}

impl Game for Gomoku {
    type Move = u16;

    fn to_move(&self) -> Player {
        if self.history.len().is_multiple_of(2) {
            self.first_mover
        } else {
            self.first_mover.other()
        }
    }

    fn legal_moves(&self, out: &mut Vec<u16>) {
        if self.outcome().is_some() {
            return;
        }
        if self.stones == 0 {
            out.push(self.board.centre() as u16);
            return;
        }
        let me = self.to_move();
        for forced in [me, me.other()] {
            let points = self.five_points(forced);
            if !points.is_empty() {
                out.extend(points.into_iter().map(|p| p as u16));
                return;
            }
        }
        out.extend(
            (0..self.board.points())
                .filter(|&p| self.nearby[p] > 0 && self.board.is_empty(p))
                .map(|p| p as u16),
        );
    }

    fn play(&mut self, m: u16) {
        let point = m as usize;
        let player = self.to_move();
        self.put(point, player);
        self.toggle_key(player, point);
        self.history.push(m);
        if self.board.wins_at(point, player, self.rule) {
            self.winner = Some(player);
        }
    }

    fn undo(&mut self) {
        if let Some(m) = self.history.pop() {
            let point = m as usize;
            let player = self.to_move();
            self.take(point, player);
            self.toggle_key(player, point);
            self.winner = None;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(player) => Some(Outcome::Win(player)),
            None => (self.stones == self.board.points()).then_some(Outcome::Draw),
        }
    }

    fn end_reason(&self) -> Option<String> {
        Some(match self.outcome()? {
            Outcome::Win(_) => "with five in a row".to_string(),
            Outcome::Draw => "with the board full".to_string(),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<u16, GameError> {
        let size = self.board.size();
        let (file, rank) = parse_square(&text.trim().to_ascii_lowercase(), size, size)?;
        if self.outcome().is_some() {
            return Err(GameError::new(self.over_message()));
        }
        let point = self.board.point(file, rank);
        if !self.board.is_empty(point) {
            return Err(GameError::new(format!("{} is already taken", text.trim())));
        }
        Ok(point as u16)
    }

    fn format_move(&self, m: u16) -> String {
        let (file, rank) = self.board.coordinates(m as usize);
        format_square(file, rank)
    }

    fn format_position(&self) -> String {
        let size = self.board.size();
        let ranks: Vec<String> = (0..size)
            .rev()
            .map(|rank| {
                let mut text = String::new();
                let mut empty = 0;
                for file in 0..size {
                    let stone = self.board.stone(self.board.point(file, rank));
                    if stone.is_none() {
                        empty += 1;
                        continue;
                    }
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(if stone == Some(Player::First) {
                        'x'
                    } else {
                        'o'
                    });
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        let side = if self.to_move() == Player::First {
            'x'
        } else {
            'o'
        };
        format!("{} {side}", ranks.join("/"))
    }

    fn in_check(&self) -> bool {
        self.threats.five_points(self.to_move().other()) > 0
    }
}

impl SearchHooks for Gomoku {
    fn root_candidates(&self, out: &mut Vec<u16>) {
        match vct::root_plan(self, None) {
            vct::RootPlan::Win(win) => out.push(win.first),
            vct::RootPlan::Defend(moves) => out.extend(moves),
            vct::RootPlan::Free => self.legal_moves(out),
        }
    }

    fn move_priority(&self, m: u16) -> i32 {
        eval::move_priority(self, m as usize)
    }

    fn engine_candidates(&self, out: &mut Vec<u16>) {
        self.legal_moves(out);
        eval::narrow(self, out);
    }

    fn is_tactical(&self, m: u16) -> bool {
        let me = self.to_move();
        let point = m as usize;
        self.threats.best(me, point) >= FOUR || self.threats.best(me.other(), point) == FIVE
    }
}

impl Playable for Gomoku {
    /// A point starts with its file's letter.
    fn starts_move(&self, key: char) -> bool {
        super::is_file_letter(key, self.board.size())
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "gomoku",
            name: "Gomoku",
            description: "Five in a row on a 15x15 board; Black, who starts, wins with perfect play",
            move_notation: "a point a1..o15 (files a-o from the left, ranks 1-15 from the bottom): h8",
            position_notation: "ranks from the top separated by '/', x (Black), o (White) or . per point, a number for a run of empty points, then the side to move: 15/15/15/15/15/15/15/7x7/6o8/15/15/15/15/15/15 x; or the moves played from the empty board: h8 g7; - for the empty board",
            options: &[
                OptionInfo {
                    key: "size",
                    default: "15",
                    description: "points along each side of the board (5 to 19)",
                    choices: &[],
                },
                OptionInfo {
                    key: "rule",
                    default: "freestyle",
                    description: "freestyle: five or more in a row wins; exact: exactly five (an overline does not win)",
                    choices: &["freestyle", "exact"],
                },
            ],
            rules: include_str!("../../../assets/rules/gomoku.txt"),
        }
    }

    fn start(options: &GameOptions) -> Result<Self, GameError> {
        let (size, rule) = read_options(options)?;
        Ok(Gomoku::new(size.unwrap_or(STANDARD_SIZE), rule))
    }

    fn parse_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let text = text.trim();
        if text.contains('/') {
            let (size, rule) = read_options(options)?;
            return Gomoku::from_picture(text, size, rule);
        }
        let mut game = Self::start(options)?;
        if text != "-" {
            game.play_moves(text)?;
        }
        Ok(game)
    }

    fn setup_pieces() -> &'static [SetupPiece] {
        &STONES
    }

    fn setup_grid(&self) -> Option<PieceGrid> {
        PieceGrid::from_picture(&self.format_position(), self.board.size(), STONE_LETTERS).ok()
    }

    fn setup_position(&self, grid: &PieceGrid) -> String {
        grid.picture(STONE_LETTERS, true)
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![
            NamedEvaluator {
                name: "seed",
                description: "lines of five still open for the side to move minus lines still open for the opponent",
                evaluator: Arc::new(eval::seed),
            },
            NamedEvaluator {
                name: "strong",
                description: "threat patterns (fours, open threes, twos) weighted, plus a search for a win by continuous fours",
                evaluator: Arc::new(eval::strong),
            },
            NamedEvaluator {
                name: "threats",
                description: "strong, plus a short search for a win by continuous threes and fours",
                evaluator: Arc::new(eval::threats),
            },
        ]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        match eval {
            "seed" => Some(eval::explain_seed(self)),
            "strong" => Some(eval::explain_strong(self)),
            "threats" => Some(eval::explain_threats(self)),
            _ => None,
        }
    }

    const PROFILE: GameProfile = GameProfile {
        level_ratings: Some(&LEVEL_RATINGS),
        ..GameProfile::DEFAULT
    };
}

/// Gomoku's levels on PentaZen's scale, a Gomocup engine at reduced times a move
/// (docs/src/arcade/levels.md).
const LEVEL_RATINGS: LevelRatings = LevelRatings {
    against: "PentaZen 0.4.18 on 15x15 freestyle, whose 200 ms a move is 0",
    command: "python3 scripts/gomoku-levels-elo.py --levels 1-10 --games 20",
    levels: [
        Some(LevelRating::measured(-666, 254, 20)),
        Some(LevelRating::below(-618, 20)),
        Some(LevelRating::measured(-683, 254, 20)),
        Some(LevelRating::measured(-372, 155, 20)),
        Some(LevelRating::measured(-352, 157, 20)),
        Some(LevelRating::measured(-352, 157, 20)),
        Some(LevelRating::measured(-295, 152, 20)),
        Some(LevelRating::measured(-372, 155, 20)),
        Some(LevelRating::measured(-280, 156, 20)),
        Some(LevelRating::measured(-289, 153, 20)),
    ],
};

/// The size (when given) and the rule.
fn read_options(options: &GameOptions) -> Result<(Option<usize>, Rule), GameError> {
    let size = match options.get("size") {
        None => None,
        Some(_) => Some(options.get_number(
            "size",
            STANDARD_SIZE as u64,
            MIN_SIZE as u64,
            MAX_SIZE as u64,
        )? as usize),
    };
    let rule = match options.get_choice("rule", &["freestyle", "exact"])? {
        "exact" => Rule::Exact,
        _ => Rule::Freestyle,
    };
    Ok((size, rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash_from_scratch(game: &Gomoku) -> u64 {
        let mut hash = if game.to_move() == Player::Second {
            zobrist::SECOND_TO_MOVE
        } else {
            0
        };
        for point in 0..game.board.points() {
            if let Some(player) = game.board.stone(point) {
                hash ^= KEYS[player.index() * MAX_POINTS + point];
            }
        }
        hash
    }

    #[test]
    fn incremental_hash_and_tables_match_a_fresh_computation() {
        let mut game = Gomoku::standard();
        game.play_moves("h8 h9 i9 g7 j10 k11 i8 i7").unwrap();
        assert_eq!(game.hash(), hash_from_scratch(&game));
        assert_eq!(game.threats, Threats::new(&game.board, game.rule));
        assert_eq!(game.lines, eval::OpenLines::from_scratch(&game.board));
        let reread =
            Gomoku::parse_position(&game.format_position(), &GameOptions::default()).unwrap();
        assert_eq!(reread.hash(), game.hash());
        for _ in 0..8 {
            game.undo();
        }
        assert_eq!(game.hash(), 0);
        assert_eq!(game.threats, Threats::new(&Board::new(15), Rule::Freestyle));
        assert_eq!(game.nearby, [0; MAX_POINTS]);
    }
}
