//! Gomoku: the candidate-move tree against counts worked out by hand and against a
//! plain generator written here, the engine's tactics (complete five, block a four,
//! find a four-three and a double open three), the two rules, notation, refusal of
//! bad input, and alpha-beta against plain minimax.

use super::common;

use std::collections::HashMap;

use common::{alpha_beta_matches_minimax, at, random_positions, refuses_moves, refuses_options};
use common::{refuses_positions, run, start};
use ply::game::gomoku::Gomoku;
use ply::game::perft::perft;
use ply::game::{Game, Outcome, Playable, Player, SearchHooks};
use ply::search::score::{is_win, win_in};
use ply::search::{Algorithm, Limits, SearchConfig};

fn evaluator(name: &str) -> std::sync::Arc<dyn ply::game::Evaluator<Gomoku>> {
    Gomoku::evaluator_named(name)
        .expect("known evaluation")
        .evaluator
}

fn depth(d: u32) -> SearchConfig {
    SearchConfig::alpha_beta(Limits {
        depth: Some(d),
        ..Limits::default()
    })
}

fn point(game: &Gomoku, name: &str) -> u16 {
    game.parse_move(name).expect("an empty point")
}

/// An independent candidate generator over a plain grid: the centre on an empty
/// board, else the points completing five for the mover, else those completing
/// five for the opponent, else empty points within two king steps of a stone.
#[derive(Clone)]
struct Grid {
    size: i32,
    /// 0 empty, 1 Black, 2 White.
    cells: Vec<u8>,
    mover: u8,
    over: bool,
}

impl Grid {
    fn new(size: i32) -> Grid {
        Grid {
            size,
            cells: vec![0; (size * size) as usize],
            mover: 1,
            over: false,
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<u8> {
        ((0..self.size).contains(&f) && (0..self.size).contains(&r))
            .then(|| self.cells[(r * self.size + f) as usize])
    }

    /// True when a stone of `who` on the empty (f, r) makes five or more.
    fn completes_five(&self, f: i32, r: i32, who: u8) -> bool {
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(df, dr)| {
            let count = |sign: i32| {
                (1..)
                    .take_while(|&k| self.at(f + sign * k * df, r + sign * k * dr) == Some(who))
                    .count()
            };
            1 + count(1) + count(-1) >= 5
        })
    }

    fn candidates(&self) -> Vec<(i32, i32)> {
        if self.over {
            return Vec::new();
        }
        let empties: Vec<(i32, i32)> = (0..self.size)
            .flat_map(|r| (0..self.size).map(move |f| (f, r)))
            .filter(|&(f, r)| self.at(f, r) == Some(0))
            .collect();
        if empties.len() == self.cells.len() {
            return vec![(self.size / 2, self.size / 2)];
        }
        for who in [self.mover, 3 - self.mover] {
            let fives: Vec<(i32, i32)> = empties
                .iter()
                .copied()
                .filter(|&(f, r)| self.completes_five(f, r, who))
                .collect();
            if !fives.is_empty() {
                return fives;
            }
        }
        empties
            .into_iter()
            .filter(|&(f, r)| {
                (-2..=2).any(|df| (-2..=2).any(|dr| matches!(self.at(f + df, r + dr), Some(1 | 2))))
            })
            .collect()
    }

    /// The stones of `game`, with its side to move.
    fn from_game(game: &Gomoku) -> Grid {
        let board = game.board();
        let mut grid = Grid::new(board.size() as i32);
        for point in 0..board.points() {
            let (f, r) = board.coordinates(point);
            grid.cells[r * board.size() + f] = match board.stone(point) {
                Some(Player::First) => 1,
                Some(Player::Second) => 2,
                None => 0,
            };
        }
        grid.mover = if game.to_move() == Player::First {
            1
        } else {
            2
        };
        grid
    }

    fn set(&mut self, (f, r): (i32, i32), stone: u8) {
        self.cells[(r * self.size + f) as usize] = stone;
    }

    fn empties(&self) -> Vec<(i32, i32)> {
        (0..self.size)
            .flat_map(|r| (0..self.size).map(move |f| (f, r)))
            .filter(|&(f, r)| self.at(f, r) == Some(0))
            .collect()
    }

    /// The empty points where a stone of `who` makes five or more.
    fn five_points(&self, who: u8) -> Vec<(i32, i32)> {
        let mut points = self.empties();
        points.retain(|&(f, r)| self.completes_five(f, r, who));
        points
    }

    /// The empty points on the four lines through `(f, r)`, at most four steps
    /// away, where a stone of `who` makes five or more.
    fn fives_through(&self, (f, r): (i32, i32), who: u8) -> Vec<(i32, i32)> {
        let mut points = Vec::new();
        for (df, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for k in (-4..=4).filter(|&k| k != 0) {
                let (pf, pr) = (f + k * df, r + k * dr);
                if self.at(pf, pr) == Some(0)
                    && self.completes_five(pf, pr, who)
                    && !points.contains(&(pf, pr))
                {
                    points.push((pf, pr));
                }
            }
        }
        points
    }

    /// The side to move wins by continuous fours within `fours` fours: every
    /// empty point is tried as a four at every step (a bounded exhaustive search,
    /// sharing nothing with the engine's threat tables). The defender blocks each
    /// four; a block that makes a four of the defender's must be answered by the
    /// attacker's next stone, which must itself be a four. `failed` remembers
    /// positions already shown not to win with that many fours or more.
    fn wins_by_fours(&mut self, fours: u32, failed: &mut HashMap<Vec<u8>, u32>) -> bool {
        let (attacker, defender) = (self.mover, 3 - self.mover);
        if !self.five_points(attacker).is_empty() {
            return true;
        }
        if fours == 0 || failed.get(&self.cells).is_some_and(|&f| f >= fours) {
            return false;
        }
        let candidates = match self.five_points(defender).as_slice() {
            [] => self.empties(),
            [block] => vec![*block],
            _ => return false,
        };
        for four in candidates {
            self.set(four, attacker);
            // The attacker had no five before: a new one lies on a line through `four`.
            let won = match self.fives_through(four, attacker).as_slice() {
                [] => false,
                [block] => {
                    self.set(*block, defender);
                    let won = self.wins_by_fours(fours - 1, failed);
                    self.set(*block, 0);
                    won
                }
                _ => true,
            };
            self.set(four, 0);
            if won {
                return true;
            }
        }
        failed.insert(self.cells.clone(), fours);
        false
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for (f, r) in self.candidates() {
            let mut child = self.clone();
            child.over = child.completes_five(f, r, child.mover);
            child.cells[(r * child.size + f) as usize] = child.mover;
            child.mover = 3 - child.mover;
            total += child.perft(depth - 1);
        }
        total
    }
}

#[test]
fn perft_counts_the_candidate_tree() {
    // Worked out by hand: the first stone goes to the centre; the second to one of
    // the 24 other points of the 5x5 block around it; the third to the union of the
    // two stones' 5x5 blocks, less the two stones: 28 beside an orthogonal
    // neighbour (x4), 32 a diagonal one (x4), 33 two steps straight (x4), 36 a
    // knight's move (x8), 39 two steps diagonally (x4), 816 in all.
    let mut game: Gomoku = start(&[]);
    assert_eq!(
        [1, 2, 3].map(|d| perft(&mut game, d)),
        [1, 24, 816],
        "15x15"
    );
    // On 5x5 every point is within two steps of the centre: 24 * 23.
    assert_eq!(perft(&mut start::<Gomoku>(&["size=5"]), 3), 24 * 23);
    // Deeper, against the plain generator.
    for (size, depth) in [(5, 6), (7, 4), (15, 4)] {
        let mut game: Gomoku = start(&[&format!("size={size}")]);
        assert_eq!(
            perft(&mut game, depth),
            Grid::new(size).perft(depth),
            "{size}x{size} depth {depth}"
        );
    }
}

#[test]
fn perft_through_fives_and_blocks_matches_the_plain_generator() {
    // Black has four in a column (c1-c4 on 7x7), White three: the mover's five
    // points, then blocks, then wide moves all appear within a few plies.
    let moves = "c1 e1 c2 e2 c3 e3";
    let mut game: Gomoku = at(moves, &["size=7"]);
    let mut grid = Grid::new(7);
    for m in moves.split(' ') {
        let f = i32::from(m.as_bytes()[0] - b'a');
        let r = m[1..].parse::<i32>().unwrap() - 1;
        grid.cells[(r * 7 + f) as usize] = grid.mover;
        grid.mover = 3 - grid.mover;
    }
    for depth in 1..=4 {
        assert_eq!(perft(&mut game, depth), grid.perft(depth), "depth {depth}");
    }
}

#[test]
fn the_engine_completes_five_whenever_it_can() {
    // Black: d8 e8 f8 g8 (White blocked c8), so h8 is the only five. White has
    // a four of its own (a2-a5), which Black must not bother to block.
    let game: Gomoku = at("d8 c8 e8 a2 f8 a3 g8 a4 o15 a5", &[]);
    assert_eq!(game.to_move(), Player::First);
    for eval in ["seed", "strong"] {
        for d in [1, 2, 3] {
            let result = run(&game, evaluator(eval).as_ref(), &depth(d));
            assert_eq!(result.best_move, Some(point(&game, "h8")), "{eval} d{d}");
            assert_eq!(result.score, win_in(1));
        }
    }
    // In random games where the mover ignores a four (plays the first empty point
    // instead of the block), the opponent must complete it.
    let mut checked = 0;
    for mut game in random_positions::<Gomoku>(&["size=9"], 400, 60) {
        let me = game.to_move();
        let fives = game.five_points(me.other());
        if !game.five_points(me).is_empty() || fives.is_empty() {
            continue;
        }
        let elsewhere = (0..81u16)
            .find(|&p| {
                !fives.contains(&(p as usize)) && game.parse_move(&game.format_move(p)).is_ok()
            })
            .expect("an empty point");
        game.play(elsewhere);
        let result = run(&game, evaluator("seed").as_ref(), &depth(2));
        let mut after = game.clone();
        after.play(result.best_move.expect("a move"));
        assert_eq!(after.outcome(), Some(Outcome::Win(game.to_move())));
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions had a five to make");
}

#[test]
fn the_engine_blocks_a_four_it_can_block() {
    // White o: h9 h10 h11 h12 (a four down file h; h8 is Black, so only h13
    // completes it). Black has nothing better than to block at h13.
    let game: Gomoku = at("h8 h9 a1 h10 a3 h11 o1 h12", &[]);
    for eval in ["seed", "strong"] {
        for d in [1, 2, 3, 4] {
            let result = run(&game, evaluator(eval).as_ref(), &depth(d));
            assert_eq!(result.best_move, Some(point(&game, "h13")), "{eval} d{d}");
        }
    }
    // In random games, whenever the opponent has exactly one five and the mover
    // none, the engine's move takes that point.
    let mut checked = 0;
    for game in random_positions::<Gomoku>(&["size=9"], 400, 60) {
        let me = game.to_move();
        let threats = game.five_points(me.other());
        if !game.five_points(me).is_empty() || threats.len() != 1 {
            continue;
        }
        let result = run(&game, evaluator("strong").as_ref(), &depth(2));
        assert_eq!(result.best_move, Some(threats[0] as u16));
        checked += 1;
    }
    assert!(
        checked >= 20,
        "only {checked} positions had a four to block"
    );
}

/// Black to move. Black: e8 f8 g8 (White d8 closes the left end), h6 h7.
/// White's other stones sit in the corners.
///
/// h8 makes e8-h8, a four whose only five is i8, and h6-h8, an open three
/// (h5, h9, h4 and h10 empty). White must block i8; then h9 (or h5) makes an
/// open four h6-h9 with fives at h5 and h10, and White can stop only one:
/// Black wins with the 3rd stone from now, in 5 plies. No other move does it
/// that fast: i8 is a four too, but White's forced block at h8 kills both lines.
const FOUR_THREE: &str = "o13o/15/15/15/15/15/15/3oxxx8/7x7/7x7/15/15/15/15/o13o x";

/// Black to move. Black: f8 g8 and h6 h7; White only in the corners.
///
/// h8 makes two open threes at once: f8-h8 across (e8, i8, d8, j8 empty) and
/// h6-h8 down (h5, h9, h4, h10 empty). No single White stone touches both lines
/// and White has no stones near to make fours with, so whatever White does, one
/// three becomes an open four and then five: a win in 5 plies.
const DOUBLE_THREE: &str = "o13o/15/15/15/15/15/15/5xx8/7x7/7x7/15/15/15/15/o13o x";

#[test]
fn the_engine_finds_the_four_three() {
    let game: Gomoku = at(FOUR_THREE, &[]);
    for eval in ["seed", "strong"] {
        let result = run(&game, evaluator(eval).as_ref(), &depth(5));
        assert_eq!(result.best_move, Some(point(&game, "h8")), "{eval}");
        assert_eq!(result.score, win_in(5), "{eval}");
    }
    // The threat search sees it as a win by fours: h8 (four), i8, h9 or h5, block, five.
    let line = ply::game::gomoku::vcf::find(&game, 10, 100_000).expect("a win by fours");
    assert_eq!(line.len(), 5);
    assert_eq!(line[0], point(&game, "h8"));
}

#[test]
fn the_engine_finds_the_double_open_three() {
    let game: Gomoku = at(DOUBLE_THREE, &[]);
    for eval in ["seed", "strong"] {
        let result = run(&game, evaluator(eval).as_ref(), &depth(5));
        assert_eq!(result.best_move, Some(point(&game, "h8")), "{eval}");
        assert_eq!(result.score, win_in(5), "{eval}");
    }
    // No win by fours exists here: Black has no four to start with.
    assert_eq!(ply::game::gomoku::vcf::find(&game, 10, 100_000), None);
    // With White to move instead, White blocks at h8 and nothing wins at depth 5.
    // (Black's extra stone on n15 makes the counts right for White to move.)
    let white: Gomoku = at(
        "o12xo/15/15/15/15/15/15/5xx8/7x7/7x7/15/15/15/15/o13o o",
        &[],
    );
    let result = run(&white, evaluator("strong").as_ref(), &depth(5));
    assert!(
        !is_win(result.score) && !is_win(-result.score),
        "{}",
        result.score
    );
}

/// Black to move. Black: e8 f8 g8 (White d8 closes the left end), h10 h11 (White
/// h12 above), e6 f7 (White d5 closes that diagonal's lower end).
///
/// No single move wins at once, but fours do: h9 makes e6-f7-g8-h9, a four
/// whose only five is i10; after White's forced block, h8 makes two fours at
/// once (e8-h8 with five at i8, h8-h11 with five at h7). Or h8 first (four,
/// i8 forced), then h9 (two fours: h7 and i10). Win in 5 plies by fours.
const FOURS_TO_DOUBLE_FOUR: &str = "o13o/15/15/7o7/7x7/7x7/15/3oxxx8/5x9/4x10/3o11/15/15/15/o13o x";

#[test]
fn a_win_by_fours_is_seen_two_plies_deep_with_the_strong_evaluation() {
    let game: Gomoku = at(FOURS_TO_DOUBLE_FOUR, &[]);
    let line = ply::game::gomoku::vcf::find(&game, 10, 100_000).expect("a win by fours");
    let mut end = game.clone();
    for &m in &line {
        end.play(m);
    }
    assert_eq!(end.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(line.len(), 5, "four, block, double four, block, five");
    let first = [point(&game, "h8"), point(&game, "h9")];
    assert!(first.contains(&line[0]));
    // Two plies of search with the strong evaluation see a win (the leaf runs the
    // threat search). Other moves than h8 and h9 may win too (a new threat while
    // the fours still wait): whatever White answers to the chosen move, Black
    // still has a five or a win by fours.
    let shallow = run(&game, evaluator("strong").as_ref(), &depth(2));
    assert!(shallow.score > ply::game::gomoku::eval::WIN_BY_FOURS - 10);
    let mut after = game.clone();
    after.play(shallow.best_move.unwrap());
    for reply in after.moves() {
        let mut next = after.clone();
        next.play(reply);
        let wins = ply::game::gomoku::vcf::find(&next, 10, 100_000);
        assert!(wins.is_some(), "no win after {}", after.format_move(reply));
    }
    // The full search proves a win in 5 plies.
    let proof = run(&game, evaluator("seed").as_ref(), &depth(5));
    assert_eq!(proof.score, win_in(5));
}

#[test]
fn an_overline_wins_in_freestyle_only() {
    // Black: c8 d8 e8 g8 h8; f8 joins them into six.
    let moves = "c8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8";
    let free: Gomoku = at(moves, &[]);
    assert_eq!(free.outcome(), Some(Outcome::Win(Player::First)));
    let exact: Gomoku = at(moves, &["rule=exact"]);
    assert_eq!(exact.outcome(), None);
    // Under the exact rule f8 was no five for Black, so White was free to move anywhere.
    let before: Gomoku = at("c8 a1 d8 a3 e8 a5 g8 a7 h8 a9", &["rule=exact"]);
    assert!(before.five_points(Player::First).is_empty());
    assert!(before.moves().len() > 2);
    // Exactly five wins under both rules: Black a12-e12.
    let five = "a12 o1 b12 o3 c12 o5 d12 o7 e12";
    for rule in ["rule=freestyle", "rule=exact"] {
        let game: Gomoku = at(five, &[rule]);
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)), "{rule}");
        assert_eq!(game.winning_row().map(|r| r.len()), Some(5));
    }
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // 5x5, rows alternate xxoox / ooxxo: no five across, up or diagonally.
    let game: Gomoku = at("xxoo./ooxxo/xxoox/ooxxo/xxoox", &["size=5"]);
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves(), vec![point(&game, "e5")]);
    let mut last = game.clone();
    last.play(point(&game, "e5"));
    assert_eq!(last.outcome(), Some(Outcome::Draw));
    assert!(last.moves().is_empty());
}

#[test]
fn notation_round_trips() {
    let game: Gomoku = at("h8 i9 g7 o15 a1", &[]);
    let text = game.format_position();
    assert_eq!(text, "14o/15/15/15/15/15/8o6/7x7/6x8/15/15/15/15/15/x14 o");
    let again: Gomoku = at(&text, &[]);
    assert_eq!(again.format_position(), text);
    assert_eq!(again.hash(), game.hash());
    assert_eq!(again.to_move(), Player::Second);
    // Dots and numbers may be mixed; the side to move may be left out.
    let dotted: Gomoku = at(
        "14o/15/15/15/15/15/........o....../7x7/6x8/15/15/15/15/15/x..............",
        &[],
    );
    assert_eq!(dotted.format_position(), text);
    // Every point's name reads back, on the largest board too.
    let big: Gomoku = start(&["size=19"]);
    for m in 0..19 * 19u16 {
        assert_eq!(big.parse_move(&big.format_move(m)), Ok(m));
    }
    assert_eq!(big.format_move(18 * 19 + 18), "s19");
    let empty: Gomoku = at("-", &["size=9"]);
    assert_eq!(empty.format_position(), "9/9/9/9/9/9/9/9/9 x");
}

#[test]
fn malformed_positions_and_moves_are_refused() {
    refuses_positions::<Gomoku>(&[
        ("15/15/15 x", &[]),
        ("5/5/5/5/5", &["size=7"]),
        ("xx3/5/5/5/5 x", &[]),
        ("x4/5/5/5/5 x", &[]),
        ("x3/5/5/5/5", &[]),
        ("a4/5/5/5/5", &[]),
        ("0x4/5/5/5/5", &[]),
        ("5/5/5/5/5 z", &[]),
        ("5/5/5/5/5 x extra", &[]),
        ("xxxxx/oooo1/5/5/5 x", &[]),
        ("xxxxx/ooooo/5/5/5", &[]),
        ("4/4/4/4", &[]),
        ("h8 h8", &[]),
        ("h8 z9", &[]),
        ("a1 b1 a2 b2 a3 b3 a4 b4 a5 b5", &[]),
    ]);
    refuses_options::<Gomoku>(&[&["size=4"], &["size=20"], &["rule=renju"], &["colour=red"]]);
    let game: Gomoku = at("h8", &[]);
    refuses_moves(&game, &["h8", "p1", "a16", "a0", "h", "8h", "", "hh"]);
    let won: Gomoku = at("a12 o1 b12 o3 c12 o5 d12 o7 e12", &[]);
    refuses_moves(&won, &["h8"]);
}

#[test]
fn alpha_beta_matches_minimax_on_random_positions() {
    let games = random_positions::<Gomoku>(&["size=7"], 24, 14);
    assert!(games.len() >= 20);
    alpha_beta_matches_minimax(&games, &[1, 2], true);
    let exact = random_positions::<Gomoku>(&["size=7", "rule=exact"], 8, 14);
    alpha_beta_matches_minimax(&exact, &[1, 2], true);
}

#[test]
fn alpha_beta_matches_minimax_with_the_strong_evaluation() {
    let strong = evaluator("strong");
    for game in random_positions::<Gomoku>(&["size=7"], 12, 14) {
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let minimax = run(&game, strong.as_ref(), &SearchConfig::minimax(limits)).score;
        let alpha_beta = run(&game, strong.as_ref(), &SearchConfig::alpha_beta(limits)).score;
        assert_eq!(alpha_beta, minimax, "{}", game.format_position());
    }
}

/// How many fours the exhaustive check allows the attacker: more than every win
/// by fours in the positions below needs (they take 3 to 7).
const EXHAUSTIVE_FOURS: u32 = 10;

/// The side to move wins by continuous fours: the engine's solver and the plain
/// grid's exhaustive search (nothing shared with the engine's threat code) must
/// agree.
fn wins_by_fours(game: &Gomoku) -> bool {
    let solver = ply::game::gomoku::vcf::find(game, 20, 1_000_000).is_some();
    let exhaustive = Grid::from_game(game).wins_by_fours(EXHAUSTIVE_FOURS, &mut HashMap::new());
    assert_eq!(solver, exhaustive, "{}", game.format_position());
    solver
}

/// The move the engine plays as the arcade and `ply match` play it: two plies
/// with the threat look-ahead at the root.
fn engine_move(game: &Gomoku) -> u16 {
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let config = SearchConfig::for_algorithm_in_game(Algorithm::Engine, limits, false);
    run(game, evaluator("strong").as_ref(), &config)
        .best_move
        .expect("a move")
}

#[test]
fn the_engine_never_leaves_a_win_by_fours_it_could_see() {
    // Positions from ply's games against PentaZen 0.4.18 (scripts/match-gomocup.py,
    // 200 ms a move): ply to move, and PentaZen wins by fours (5 and 13 plies)
    // if ply passes. Each win is confirmed by the exhaustive search on the plain
    // grid; after the engine's move, neither that search nor the engine's own
    // solver finds one.
    let positions = [
        "j7 h8 h9 j8 i8 g10 i9 i7 g9 f9 k9 j9 e8 e10 f10 i12 d11 k8",
        "f10 g7 i8 j8 g10 j7 j9 h7 i7 i9 h10 i10 h8 g9 e9 d10 e8 f9 g8 f8 h12 g11 h11 h9 e7 \
         e6 f6 e11 i12 h13 c9 d8 d9 c10 k5 j6 j4 b9 i5 d11 e12 b10",
    ];
    for moves in positions {
        let mut game: Gomoku = start(&[]);
        game.play_moves(moves).expect("legal moves");
        assert!(wins_by_fours(&game.passed()), "{moves}: no win to stop");
        let mut after = game.clone();
        after.play(engine_move(&game));
        assert!(
            !wins_by_fours(&after),
            "{moves}: the engine lets it through"
        );
    }
}

#[test]
fn the_engine_stops_a_win_by_fours_deeper_than_its_search() {
    // Positions from seeded random play where the side to move faces a win by
    // fours of 7 and 13 plies, and the two-ply engine without its root look-ahead
    // (`no=rootplan`) plays g6 and e5, after which the win by fours remains. With
    // the look-ahead, as the arcade and `ply match` play, the win is gone. The
    // engine's solver and the exhaustive search agree on every position.
    let positions = [
        "h8 h9 f10 f7 j9 g12 d8 i13 b9 e6 j14 c5 h11 i14 a10 e8 k15 i12 e9 e13 l10 h15 \
         c12 d7 h12 g11 m15 n14 d5 o13 i11 b3 g14 b10 d10 d3 h14 m14 a14",
        "h8 j10 l9 k7 i6 k6 m6 k11 g8 e8 e10 o8 c11 e13 a11 d12 h12 d11 i13 o4 l11 e15 \
         g15 m7 j4 f15 g7 m5 j6 d6 k9",
    ];
    let opponent_wins = wins_by_fours;
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let engine = SearchConfig::for_algorithm_in_game(Algorithm::Engine, limits, false);
    let without = SearchConfig {
        root_lookahead: false,
        ..engine.clone()
    };
    for moves in positions {
        let mut game: Gomoku = start(&[]);
        game.play_moves(moves).expect("legal moves");
        assert!(opponent_wins(&game.passed()), "{moves}: a threat to stop");
        let after = |config: &SearchConfig| {
            let mut next = game.clone();
            next.play(
                run(&game, evaluator("strong").as_ref(), config)
                    .best_move
                    .expect("a move"),
            );
            next
        };
        assert!(
            opponent_wins(&after(&without)),
            "{moves}: too deep for two plies"
        );
        assert!(
            !opponent_wins(&after(&engine)),
            "{moves}: the engine lets it through"
        );
    }
}

#[test]
fn facing_an_open_three_the_engine_keeps_only_the_moves_that_answer_it() {
    // Black's open three e5 f5 g5, then a split one e5 f5 h5; White to move,
    // with no three of its own (its stones are in the corners) or, in the third
    // position, with c10 c11 c12, whose fours c9 and c13 are answers too. Every
    // move the engine drops leaves Black a win by fours on the plain grid's
    // exhaustive search (which shares nothing with the threat tables).
    let positions = [
        "e5 a15 f5 o15 g5",
        "e5 a15 f5 o15 h5",
        "e5 c10 f5 c11 g5 c12 o1",
    ];
    for moves in positions {
        let mut game: Gomoku = start(&[]);
        game.play_moves(moves).expect("legal moves");
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let mut kept = Vec::new();
        game.engine_candidates(&mut kept);
        assert!(
            !kept.is_empty() && kept.len() < legal.len(),
            "{moves}: {kept:?}"
        );
        for m in legal.into_iter().filter(|m| !kept.contains(m)) {
            let mut after = game.clone();
            after.play(m);
            assert!(
                Grid::from_game(&after).wins_by_fours(3, &mut HashMap::new()),
                "{moves}: {} was dropped but does not lose to the open four",
                game.format_move(m)
            );
        }
    }
    let mut game: Gomoku = start(&[]);
    game.play_moves("e5 c10 f5 c11 g5 c12 o1")
        .expect("legal moves");
    let mut kept = Vec::new();
    game.engine_candidates(&mut kept);
    for answer in ["d5", "h5", "c9", "c13"] {
        assert!(kept.contains(&point(&game, answer)), "{answer} kept");
    }
}

#[test]
fn a_win_by_threats_of_fourteen_plies_is_found_in_ten_thousand_positions() {
    // From ply's game against PentaZen 0.4.18 (200 ms a move) that PentaZen won:
    // White (ply) to move. If White passes, Black wins by threes and fours in 14
    // plies starting at g6; White played h11 and lost. Tried shortest first,
    // with the positions already refuted remembered, the threat search finds it
    // within 10,000 positions.
    use ply::game::gomoku::vct::{self, Bounds, Threats};
    let mut game: Gomoku = start(&[]);
    game.play_moves("h7 h10 i8 i6 g7").expect("legal moves");
    let bounds = Bounds {
        attacks: 8,
        nodes: 10_000,
    };
    let win = vct::find(&game.passed(), Threats::FoursAndThrees, bounds).expect("Black's win");
    assert_eq!(game.format_move(win.first), "g6");
    // With Black to move after h11, the same win stands.
    game.play(point(&game, "h11"));
    let win = vct::find(&game, Threats::FoursAndThrees, bounds).expect("Black's win");
    assert_eq!(game.format_move(win.first), "g6");
}
