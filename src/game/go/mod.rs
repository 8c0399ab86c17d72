//! Go (圍棋): Black and White take turns putting a stone on an empty point of a
//! 9x9 board (5x5 to 19x19 by option) or passing. A group of stones with no empty
//! neighbour (liberty) is captured. Suicide is forbidden, and no move may recreate
//! a whole-board position seen before (positional superko, which includes the
//! simple ko). The game ends after two passes in a row and is scored by area
//! (Chinese rules, as Tromp and Taylor state them): stones plus the empty points
//! that reach only one's own stones, with komi (7.5 by default) added for White.
//!
//! The rules engine is [`board::Board`], which keeps groups and liberties
//! incrementally for fast [`playout`]s; [`Go`] adds the side to move, passes, the
//! superko history and undo. Moves are GTP vertices (`D4`, `pass`; no letter I);
//! positions are SGF ([`sgf`]), and [`Go::diagram`] draws the board as text.

pub mod board;
pub mod patterns;
pub mod playout;
pub mod prior;
pub mod scoring;
pub mod sgf;

use crate::game::SearchHooks;
use crate::game::profile::{GameProfile, LevelRating, LevelRatings, MonteCarloStyle, Opponent};
use crate::game::setup_grid::{PieceGrid, STONE_LETTERS, STONES, SetupPiece};
use std::sync::Arc;

use super::options::OptionInfo;
use rand::RngExt;
use rand::rngs::SmallRng;

use super::{
    Evaluator, Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable, Player,
    judge_by_sign, zobrist,
};
use board::{Board, MAX_SIZE, MIN_SIZE, Point};

/// The usual small board.
pub const DEFAULT_SIZE: usize = 9;
/// Komi in half points: 7.5.
pub const DEFAULT_KOMI_HALVES: i32 = 15;
/// Column letters of GTP vertices: A to T without I.
pub const COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// The key toggled while one pass is pending (a second one would end the game).
const ONE_PASS_KEY: u64 = zobrist::key(0x60, 0x9A55);

/// A Go move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoMove {
    /// A stone on this point of the board.
    Stone(Point),
    /// No stone: two passes in a row end the game.
    Pass,
}

/// What `undo` restores.
#[derive(Clone, Debug)]
struct Snapshot {
    board: Board,
    to_move: Player,
    passes: u8,
}

/// A Go position with its history: the board, the side to move, passes in a
/// row, komi and every earlier board (for superko and undo).
#[derive(Clone, Debug)]
pub struct Go {
    board: Board,
    to_move: Player,
    passes: u8,
    komi_halves: i32,
    /// Hashes of every board that has stood in this game, the current one last.
    seen: Vec<u64>,
    undo_stack: Vec<Snapshot>,
    /// The moves played, with who played them, oldest first.
    moves: Vec<(Player, GoMove)>,
    /// The setup stones the game started from (SGF `AB`/`AW`), usually none.
    setup: Vec<(Player, Point)>,
    /// Who was to move before the first move.
    first_to_move: Player,
}

/// The side names used in messages and by the board.
pub fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "Black",
        Player::Second => "White",
    }
}

/// Black's lead in half points for the areas `[black, white]`, komi included:
/// the one count of the rules, the playouts, the end's scoring and the priors.
pub fn lead_halves([black, white]: [u32; 2], komi_halves: i32) -> i32 {
    2 * (black as i32 - white as i32) - komi_halves
}

/// Writes komi in half points as GTP and SGF do: `7.5`, `6`, `-0.5`.
pub fn format_komi(komi_halves: i32) -> String {
    if komi_halves % 2 == 0 {
        format!("{}", komi_halves / 2)
    } else {
        format!("{:.1}", f64::from(komi_halves) / 2.0)
    }
}

/// Reads komi as a number of points, accepting only whole and half points.
pub fn parse_komi(text: &str) -> Result<i32, GameError> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| GameError::new(format!("komi '{text}' is not a number")))?;
    let halves = value * 2.0;
    if !halves.is_finite() || halves.fract() != 0.0 || halves.abs() > 2.0 * 400.0 {
        return Err(GameError::new(format!(
            "komi '{text}' must be a whole or half number of points up to 400"
        )));
    }
    Ok(halves as i32)
}

impl Go {
    /// The empty board of side `size` (5 to 19, checked by the caller) with komi
    /// given in half points.
    pub fn new(size: usize, komi_halves: i32) -> Go {
        let board = Board::new(size);
        Go {
            seen: vec![board.hash()],
            board,
            to_move: Player::First,
            passes: 0,
            komi_halves,
            undo_stack: Vec::new(),
            moves: Vec::new(),
            setup: Vec::new(),
            first_to_move: Player::First,
        }
    }

    /// A board of side `size` with setup stones and the side to move, as an SGF
    /// root gives them; refused when a group has no liberty.
    pub fn with_setup(
        size: usize,
        komi_halves: i32,
        setup: &[(Player, Point)],
        to_move: Player,
    ) -> Result<Go, GameError> {
        let mut game = Go::new(size, komi_halves);
        for &(player, point) in setup {
            if !game.board.is_empty(point) {
                return Err(GameError::new(format!(
                    "setup stone on {} twice",
                    game.vertex(point)
                )));
            }
            game.board.set_up(point, player);
        }
        if let Some(&(_, point)) = setup.iter().find(|&&(_, p)| game.board.liberties(p) == 0) {
            return Err(GameError::new(format!(
                "the setup group on {} has no liberty",
                game.vertex(point)
            )));
        }
        game.seen = vec![game.board.hash()];
        game.setup = setup.to_vec();
        game.to_move = to_move;
        game.first_to_move = to_move;
        Ok(game)
    }

    /// The setup stones the game started from and who moved first, for SGF.
    pub fn start_setup(&self) -> (&[(Player, Point)], Player) {
        (&self.setup, self.first_to_move)
    }

    /// The stones, groups and captures.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Komi in half points (15 for 7.5).
    pub fn komi_halves(&self) -> i32 {
        self.komi_halves
    }

    /// Changes komi (GTP `komi`): it only affects the score.
    pub fn set_komi_halves(&mut self, komi_halves: i32) {
        self.komi_halves = komi_halves;
    }

    /// Makes `player` the side to move (GTP's `genmove` and `play` name the
    /// colour, which need not be the one whose turn it is).
    pub fn set_to_move(&mut self, player: Player) {
        self.to_move = player;
    }

    /// Passes in a row just played: 2 ends the game.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The moves played so far with who played them, oldest first.
    pub fn history(&self) -> &[(Player, GoMove)] {
        &self.moves
    }

    /// The last move played, for the board to mark.
    pub fn last_move(&self) -> Option<GoMove> {
        self.moves.last().map(|&(_, m)| m)
    }

    /// The point the simple-ko rule forbids to the side to move, if any.
    pub fn ko_point(&self) -> Option<Point> {
        self.board.ko_point()
    }

    /// True when `player` may make `m` now: passes always; a stone on an empty
    /// point that is not suicide and does not recreate an earlier board.
    pub fn is_legal(&self, player: Player, m: GoMove) -> bool {
        match m {
            GoMove::Pass => true,
            GoMove::Stone(p) => {
                self.board.is_empty(p)
                    && !self.board.is_suicide(p, player)
                    && !self.seen.contains(&self.board.hash_after(p, player))
            }
        }
    }

    /// Why `player` may not make `m`, or `None` when it is legal.
    pub fn illegal_reason(&self, player: Player, m: GoMove) -> Option<String> {
        let GoMove::Stone(p) = m else {
            return None;
        };
        let vertex = self.vertex(p);
        if !self.board.is_empty(p) {
            Some(format!("{vertex} is already occupied"))
        } else if self.board.is_suicide(p, player) {
            Some(format!("{vertex} would be suicide"))
        } else if self.seen.contains(&self.board.hash_after(p, player)) {
            Some(if self.board.ko_point() == Some(p) {
                format!("{vertex} retakes a ko at once")
            } else {
                format!("{vertex} would repeat an earlier position (superko)")
            })
        } else {
            None
        }
    }

    /// Plays `m` for `player`, whoever is to move (GTP lets a side play twice);
    /// the move must be legal for them. The other side is to move afterwards.
    pub fn play_as(&mut self, player: Player, m: GoMove) {
        self.undo_stack.push(Snapshot {
            board: self.board.clone(),
            to_move: self.to_move,
            passes: self.passes,
        });
        match m {
            GoMove::Pass => {
                self.board.pass();
                self.passes = self.passes.saturating_add(1);
            }
            GoMove::Stone(p) => {
                self.board.play(p, player);
                self.passes = 0;
            }
        }
        self.seen.push(self.board.hash());
        self.moves.push((player, m));
        self.to_move = player.other();
    }

    /// Area score by Tromp-Taylor: Black's area minus White's, minus komi, in half
    /// points (positive when Black leads).
    pub fn score_halves(&self) -> i32 {
        lead_halves(self.board.area(), self.komi_halves)
    }

    /// The score as GTP and SGF write it: `B+7.5`, `W+0.5`, or `0`.
    pub fn score_text(&self) -> String {
        let halves = self.score_halves();
        match halves {
            0 => "0".to_string(),
            h if h > 0 => format!("B+{}", format_komi(h)),
            h => format!("W+{}", format_komi(-h)),
        }
    }

    /// The GTP vertex of a point: `D4`.
    pub fn vertex(&self, point: Point) -> String {
        let (file, rank) = self.board.coordinates(point);
        format!("{}{}", COLUMNS[file] as char, rank + 1)
    }

    /// Reads a GTP vertex or `pass` (any case) into a move on this board, without
    /// checking legality.
    pub fn read_vertex(&self, text: &str) -> Result<GoMove, GameError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(GoMove::Pass);
        }
        let upper = text.to_ascii_uppercase();
        let mut chars = upper.chars();
        let column = chars.next().filter(|c| c.is_ascii_uppercase());
        let file = column.and_then(|c| COLUMNS.iter().position(|&l| l as char == c));
        let rank = chars.as_str().parse::<usize>().ok();
        let size = self.board.size();
        match (file, rank) {
            (Some(file), Some(rank)) if file < size && (1..=size).contains(&rank) => {
                Ok(GoMove::Stone(self.board.point(file, rank - 1)))
            }
            (Some(_), Some(_)) => Err(GameError::new(format!(
                "vertex '{text}' is off the {size}x{size} board"
            ))),
            _ => Err(GameError::new(format!(
                "'{text}' is not a vertex (like D4, columns A-T without I) or pass"
            ))),
        }
    }

    /// The board as text, White's side at the top: `X` Black, `O` White, `.` empty,
    /// `+` the ko point, with column letters and rank numbers around it and the
    /// captures, side to move and komi below.
    pub fn diagram(&self) -> String {
        let size = self.board.size();
        let letters: String = COLUMNS[..size]
            .iter()
            .map(|&c| format!(" {}", c as char))
            .collect();
        let mut text = format!("   {letters}\n");
        for rank in (0..size).rev() {
            text.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..size {
                let p = self.board.point(file, rank);
                let symbol = match self.board.stone(p) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None if self.board.ko_point() == Some(p) => '+',
                    None => '.',
                };
                text.push(' ');
                text.push(symbol);
            }
            text.push_str(&format!(" {}\n", rank + 1));
        }
        let [black, white] = self.board.captures();
        text.push_str(&format!("   {letters}\n"));
        text.push_str(&format!(
            "Captured by Black (X): {black}, by White (O): {white}; {} to move; komi {}",
            side_name(self.to_move),
            format_komi(self.komi_halves)
        ));
        text
    }

    fn over_message(&self) -> String {
        format!("the game is over after two passes: {}", self.score_text())
    }
}

impl Game for Go {
    type Move = GoMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<GoMove>) {
        if self.outcome().is_some() {
            return;
        }
        let me = self.to_move;
        out.extend(
            self.board
                .points()
                .map(GoMove::Stone)
                .filter(|&m| self.is_legal(me, m)),
        );
        out.push(GoMove::Pass);
    }

    fn play(&mut self, m: GoMove) {
        self.play_as(self.to_move, m);
    }

    fn undo(&mut self) {
        if let Some(snapshot) = self.undo_stack.pop() {
            self.board = snapshot.board;
            self.to_move = snapshot.to_move;
            self.passes = snapshot.passes;
            self.seen.pop();
            self.moves.pop();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.passes < 2 {
            return None;
        }
        Some(match self.score_halves() {
            0 => Outcome::Draw,
            s if s > 0 => Outcome::Win(Player::First),
            _ => Outcome::Win(Player::Second),
        })
    }

    fn hash(&self) -> u64 {
        let mut hash = self.board.hash();
        if self.to_move == Player::Second {
            hash ^= zobrist::SECOND_TO_MOVE;
        }
        if self.passes == 1 {
            hash ^= ONE_PASS_KEY;
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<GoMove, GameError> {
        let m = self.read_vertex(text)?;
        if self.outcome().is_some() {
            return Err(GameError::new(self.over_message()));
        }
        match self.illegal_reason(self.to_move, m) {
            Some(reason) => Err(GameError::new(reason)),
            None => Ok(m),
        }
    }

    fn format_move(&self, m: GoMove) -> String {
        match m {
            GoMove::Pass => "pass".to_string(),
            GoMove::Stone(p) => self.vertex(p),
        }
    }

    fn format_position(&self) -> String {
        sgf::write(self)
    }
}

impl SearchHooks for Go {
    /// The light policy on the bare board: random moves that never fill one's own
    /// eye, until both sides pass (or three moves per point), scored by area with komi.
    fn playout(
        &self,
        rng: &mut SmallRng,
        _max_moves: usize,
        _judge: &dyn Evaluator<Self>,
        record: Option<&mut Vec<(Player, GoMove)>>,
    ) -> Outcome {
        if let Some(outcome) = self.outcome() {
            return outcome;
        }
        let mut playout_rng = playout::PlayoutRng::new(rng.random());
        let size = self.board.size();
        let end = playout::playout(
            self.board.clone(),
            self.to_move,
            &mut playout_rng,
            3 * size * size,
            record.is_some(),
        );
        if let Some(record) = record {
            record.extend(end.record);
        }
        judge_by_sign(
            Player::First,
            lead_halves(end.board.area(), self.komi_halves),
        )
    }

    /// Go knowledge as virtual playouts: see [`prior`].
    fn mcts_prior(&self, m: GoMove) -> Option<(u32, u32)> {
        Some(prior::prior(self, m))
    }

    fn move_priority(&self, m: GoMove) -> i32 {
        // Captures first, passes last: a cheap ordering that lets alpha-beta cut.
        match m {
            GoMove::Pass => -1,
            GoMove::Stone(p) => {
                let captured = self.board.hash_after(p, self.to_move)
                    != self.board.hash() ^ board::stone_key(self.to_move, p);
                i32::from(captured)
            }
        }
    }
}

impl Playable for Go {
    /// A vertex starts with its column's capital (`pass` has its own key).
    fn starts_move(&self, key: char) -> bool {
        u8::try_from(key).is_ok_and(|byte| COLUMNS[..self.board.size()].contains(&byte))
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "go",
            name: "Go",
            description: "Surround more of the board than the opponent: Chinese area scoring, positional superko, 9x9 by default",
            move_notation: "a GTP vertex, columns A-T without I from the left, rows from the bottom, or pass: D4, pass",
            position_notation: "SGF, setup stones and moves of the main line: (;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[gc]); or the moves played from the empty board: E5 G7 pass; - for the empty board",
            options: &[
                OptionInfo {
                    key: "size",
                    default: "9",
                    description: "points along each side of the board (5 to 19)",
                    choices: &[],
                },
                OptionInfo {
                    key: "komi",
                    default: "7.5",
                    description: "points White receives for moving second (whole or half points)",
                    choices: &[],
                },
            ],
            rules: include_str!("../../../assets/rules/go.txt"),
        }
    }

    fn start(options: &GameOptions) -> Result<Self, GameError> {
        let (size, komi) = read_options(options)?;
        Ok(Go::new(size.unwrap_or(DEFAULT_SIZE), komi))
    }

    fn setup_pieces() -> &'static [SetupPiece] {
        &STONES
    }

    /// Columns labelled A to T without I, rows from 1 at the bottom, as GTP does.
    fn setup_grid(&self) -> Option<PieceGrid> {
        let size = self.board.size();
        let mut grid = PieceGrid::empty(size, size, Some(self.to_move));
        grid.file_labels = COLUMNS[..size]
            .iter()
            .map(|&c| char::from(c).to_string())
            .collect();
        for (file, rank) in (0..size).flat_map(|r| (0..size).map(move |f| (f, r))) {
            let stone = self.board.stone(self.board.point(file, rank));
            let letter = stone.map(|player| STONE_LETTERS[player.index()]);
            grid.set(file, size - 1 - rank, letter);
        }
        Some(grid)
    }

    /// SGF setup stones (`AB`, `AW`) and the side to move, this game's size and komi.
    fn setup_position(&self, grid: &PieceGrid) -> String {
        let size = self.board.size();
        let stones: Vec<(Player, usize, usize)> = grid
            .pieces()
            .filter_map(|(file, row, piece)| {
                let player = match STONE_LETTERS.iter().position(|&l| l == piece)? {
                    0 => Player::First,
                    _ => Player::Second,
                };
                Some((player, file, size - 1 - row))
            })
            .collect();
        let first = grid.to_move.unwrap_or(Player::First);
        format!(
            "{})",
            sgf::write_root(size, self.komi_halves, &stones, first)
        )
    }

    fn parse_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let text = text.trim();
        if text.starts_with('(') {
            return sgf::read(text, options);
        }
        let mut game = Self::start(options)?;
        if text != "-" {
            game.play_moves(text)?;
        }
        Ok(game)
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![NamedEvaluator {
            name: "seed",
            description: "area score now (stones and surrounded empty points, komi included) for the side to move",
            evaluator: Arc::new(seed),
        }]
    }

    fn search_can_reach_the_end() -> bool {
        false
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        (eval == "seed").then(|| {
            let [black, white] = self.board.area().map(|a| a as i32);
            // In half points, as the evaluation counts: two per point of area.
            let area = crate::game::EvalTerm::weighted(
                "area, in half points (2 a point)",
                black,
                white,
                2,
            );
            let komi =
                crate::game::EvalTerm::weighted("komi, in half points", 0, self.komi_halves, 1);
            crate::game::Explanation::sum_of(vec![area, komi])
        })
    }

    /// Monte Carlo with RAVE and no exploration term: RAVE and the priors already
    /// spread the playouts; RAVE gives way to a node's own playouts early, after
    /// about a hundred (docs/src/engines/ledger.md).
    const PROFILE: GameProfile = GameProfile {
        opponent: Opponent::MonteCarlo(MonteCarloStyle {
            exploration_centi: 0,
            rave: true,
            rave_equivalence: 100,
        }),
        level_ratings: Some(&LEVEL_RATINGS),
        ..GameProfile::DEFAULT
    };
}

/// Go's levels on GNU Go's scale (docs/src/arcade/levels.md); its narrow range
/// leaves the top levels' margins wide.
const LEVEL_RATINGS: LevelRatings = LevelRatings {
    against: "GNU Go 3.8 on 9x9, komi 7.5, whose level 10 is 0",
    command: "python3 scripts/go-levels-elo.py --levels 1-10 --games 20",
    levels: [
        Some(LevelRating::below(-507, 20)),
        Some(LevelRating::measured(-573, 254, 20)),
        Some(LevelRating::measured(-492, 213, 20)),
        Some(LevelRating::measured(-338, 166, 20)),
        Some(LevelRating::measured(-261, 155, 20)),
        Some(LevelRating::measured(-218, 158, 20)),
        Some(LevelRating::measured(95, 163, 20)),
        Some(LevelRating::measured(114, 162, 20)),
        Some(LevelRating::measured(399, 255, 20)),
        Some(LevelRating::measured(257, 192, 20)),
    ],
};

/// The seed evaluation: the Tromp-Taylor area score if the game ended now, for the
/// side to move, in half points. Crude (no life and death), so alpha-beta plays
/// small boards only, which is the lesson.
pub fn seed(game: &Go) -> i32 {
    let black_lead = game.score_halves();
    match game.to_move {
        Player::First => black_lead,
        Player::Second => -black_lead,
    }
}

/// The board size option, when given (SGF reading checks it against `SZ`).
fn read_size_option(options: &GameOptions) -> Result<Option<usize>, GameError> {
    if options.get("size").is_none() {
        return Ok(None);
    }
    let size = options.get_number(
        "size",
        DEFAULT_SIZE as u64,
        MIN_SIZE as u64,
        MAX_SIZE as u64,
    )?;
    Ok(Some(size as usize))
}

/// The size (when given) and komi in half points.
fn read_options(options: &GameOptions) -> Result<(Option<usize>, i32), GameError> {
    let size = read_size_option(options)?;
    let komi = match options.get("komi") {
        None => DEFAULT_KOMI_HALVES,
        Some(text) => parse_komi(text).map_err(|e| GameError::new(format!("option komi: {e}")))?,
    };
    Ok((size, komi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_skip_the_letter_i_and_read_back() {
        let game = Go::new(19, DEFAULT_KOMI_HALVES);
        let t19 = game.read_vertex("t19").unwrap();
        assert_eq!(game.format_move(t19), "T19");
        let j1 = game.read_vertex("J1").unwrap();
        assert_eq!(
            game.board().coordinates(match j1 {
                GoMove::Stone(p) => p,
                GoMove::Pass => unreachable!(),
            }),
            (8, 0)
        );
        assert!(game.read_vertex("I5").is_err());
        assert!(game.read_vertex("A20").is_err());
        assert!(game.read_vertex("A0").is_err());
        assert_eq!(game.read_vertex("PASS").unwrap(), GoMove::Pass);
        let small = Go::new(9, DEFAULT_KOMI_HALVES);
        assert!(small.read_vertex("K1").is_err());
        assert!(small.read_vertex("J9").is_ok());
    }

    #[test]
    fn komi_reads_whole_and_half_points_only() {
        assert_eq!(parse_komi("7.5"), Ok(15));
        assert_eq!(parse_komi("-3"), Ok(-6));
        assert!(parse_komi("7.25").is_err());
        assert!(parse_komi("nan").is_err());
        assert!(parse_komi("1e300").is_err());
        assert_eq!(format_komi(15), "7.5");
        assert_eq!(format_komi(-1), "-0.5");
        assert_eq!(format_komi(12), "6");
    }
}
