//! Othello: move generation against the published perft counts, passes and the
//! end of the game, the notation read back as written, refusal of bad input, the
//! incremental hash, and the `strong` evaluation beating the course's `seed`.

use super::common;

use std::time::Instant;

use common::arcade::Arcade;
use ply::game::othello::{Othello, PASS};
use ply::game::perft::perft;
use ply::game::{Evaluator, Game, GameOptions, Outcome, Playable, Player};
use ply::search::{Limits, SearchConfig, search};
use ply::tui::{PlaySetup, Seat};
use ratatui::crossterm::event::KeyCode;

const START: &str = "......../......../......../...ox.../...xo.../......../......../........ x";

fn at(position: &str) -> Othello {
    Othello::parse_position(position, &GameOptions::default()).expect("a valid position")
}

fn names(game: &Othello) -> Vec<String> {
    let mut names: Vec<String> = game.moves().iter().map(|&m| game.format_move(m)).collect();
    names.sort();
    names
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    // Passes count as moves, as in the published table (Aart Bik's and others').
    let expected = [4, 12, 56, 244, 1396, 8200, 55_092, 390_216, 3_005_288];
    for (depth, &nodes) in (1..).zip(expected.iter()) {
        let started = Instant::now();
        assert_eq!(perft(&mut Othello::new(), depth), nodes, "depth {depth}");
        eprintln!("perft {depth}: {nodes} in {:?}", started.elapsed());
    }
}

#[test]
fn the_start_is_the_usual_one_and_black_opens_on_d3_c4_f5_e6() {
    let game = Othello::new();
    assert_eq!(game.format_position(), START);
    assert_eq!(at(START), game);
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(names(&game), ["c4", "d3", "e6", "f5"]);
    let mut after = game.clone();
    after.play_moves("d3").unwrap();
    assert_eq!(
        after.format_position(),
        "......../......../...x..../...xx.../...xo.../......../......../........ o"
    );
    assert_eq!(after.last_flipped().count_ones(), 1);
    assert_eq!(names(&after), ["c3", "c5", "e3"]);
}

#[test]
fn a_player_without_a_move_passes_and_only_then() {
    // Black's b1 sits beside White's a1 on the edge: Black can bracket nothing,
    // White can take c1.
    let mut game = at("ox....../......../......../......../......../......../......../........ x");
    assert_eq!(game.outcome(), None);
    assert!(game.must_pass());
    assert_eq!(game.moves(), [PASS]);
    assert_eq!(game.parse_move("pass"), Ok(PASS));
    assert_eq!(game.parse_move(" PASS "), Ok(PASS));
    let refused = game.parse_move("c1").unwrap_err().0;
    assert_eq!(refused, "Black has no move and must pass");
    game.play(PASS);
    assert_eq!(game.to_move(), Player::Second);
    assert_eq!(names(&game), ["c1"]);
    let refused = game.parse_move("pass").unwrap_err().0;
    assert_eq!(refused, "White may not pass with a move to play: c1");
    game.undo();
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(game.hash(), at(&game.format_position()).hash());
}

#[test]
fn the_game_ends_when_neither_side_can_move_and_most_discs_win() {
    // The pass above, then White's c1 leaves Black without a disc: a wipe-out.
    let mut game = at("ox....../......../......../......../......../......../......../........ x");
    game.play_moves("pass c1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
    assert_eq!(game.end_reason().as_deref(), Some("by 3 discs to 0"));
    assert!(game.moves().is_empty());
    assert_eq!(game.parse_move("d1").unwrap_err().0, "the game is over");
    assert_eq!(game.parse_move("pass").unwrap_err().0, "the game is over");
    // A full board with equal discs is a draw.
    let full = "xxxxxxxx/oooooooo/".repeat(4);
    let draw = at(&format!("{} x", full.trim_end_matches('/')));
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(draw.end_reason().as_deref(), Some("with 32 discs each"));
}

#[test]
fn whole_games_end_with_a_full_count_and_replay_from_their_notation() {
    for seed in 0..20u64 {
        let mut game = Othello::new();
        let mut written = Vec::new();
        let mut passes = 0;
        while game.outcome().is_none() {
            let moves = game.moves();
            assert!(!moves.is_empty(), "a game that goes on has a move");
            let m = moves[ply::game::zobrist::mix64(seed * 100 + written.len() as u64) as usize
                % moves.len()];
            passes += usize::from(m == PASS);
            let text = game.format_move(m);
            assert_eq!(game.parse_move(&text), Ok(m), "{text}");
            written.push(text);
            game.play(m);
            assert_eq!(game.hash(), at(&game.format_position()).hash());
            assert!(written.len() <= 60 + passes, "too long a game");
        }
        let (black, white) = (game.count(Player::First), game.count(Player::Second));
        let expected = match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        assert_eq!(game.outcome(), Some(expected));
        let mut replayed = Othello::new();
        replayed.play_moves(&written.join(" ")).unwrap();
        assert_eq!(replayed.format_position(), game.format_position());
        assert_eq!(replayed.hash(), game.hash());
        for _ in 0..written.len() {
            replayed.undo();
        }
        assert_eq!(replayed, Othello::new());
    }
}

#[test]
fn moves_and_positions_read_back_as_written() {
    let mut game = Othello::new();
    game.play_moves("f5 d6 c3 d3 c4").unwrap();
    let text = game.format_position();
    let read = at(&text);
    assert_eq!(read.format_position(), text);
    assert_eq!(read.hash(), game.hash());
    for m in game.moves() {
        assert_eq!(game.parse_move(&game.format_move(m)), Ok(m));
    }
    assert_eq!(game.parse_move("F4"), game.parse_move("f4"));
}

#[test]
fn illegal_and_malformed_input_is_refused_with_one_line() {
    let game = Othello::new();
    for (input, error) in [
        ("d4", "d4 is already taken"),
        ("a1", "a1 flips no disc: Black may play d3, c4, f5, e6"),
        (
            "pass",
            "Black may not pass with a move to play: d3, c4, f5, e6",
        ),
        (
            "i1",
            "square 'i1' is off the board; or pass when there is no move",
        ),
        (
            "d9",
            "square 'd9' is off the board; or pass when there is no move",
        ),
        (
            "d0",
            "square 'd0' is off the board; or pass when there is no move",
        ),
        (
            "",
            "'' is not a square (like a1); or pass when there is no move",
        ),
        (
            "33",
            "'33' is not a square (like a1); or pass when there is no move",
        ),
        (
            "d",
            "'d' is not a square (like a1); or pass when there is no move",
        ),
    ] {
        assert_eq!(game.parse_move(input).unwrap_err().0, error, "{input:?}");
    }
    for bad in [
        "",
        "x",
        "......../......../......../...ox.../...xo.../......../........ x",
        "......../......../......../...ox.../...xo.../......../......../......... x",
        "......../......../......../...ox.../...xo.../......../......../........ b",
        "......../......../......../...oz.../...xo.../......../......../........ x",
        "......../......../......../...ox.../...xo.../......../......../........ x x",
        "\u{1b}[2J",
    ] {
        let error = Othello::setup(&GameOptions::default(), Some(bad), None)
            .err()
            .unwrap_or_else(|| panic!("{bad:?} was accepted"));
        assert!(
            !error.0.is_empty() && !error.0.contains('\n'),
            "{bad:?}: {error}"
        );
    }
    let error = Othello::setup(&GameOptions::default(), None, Some("d3 d3")).unwrap_err();
    assert_eq!(error.0, "move 2 (d3): d3 is already taken");
}

#[test]
fn the_hash_equals_a_fresh_one_through_play_and_undo() {
    let mut game = Othello::new();
    let mut seen = vec![game.hash()];
    for step in 0..200u64 {
        let moves = game.moves();
        let undo = step % 5 == 4 && !seen.is_empty();
        if moves.is_empty() || undo {
            game.undo();
            seen.pop();
            assert_eq!(Some(&game.hash()), seen.last());
        } else {
            game.play(moves[ply::game::zobrist::mix64(step) as usize % moves.len()]);
            seen.push(game.hash());
        }
        assert_eq!(
            game.hash(),
            at(&game.format_position()).hash(),
            "step {step}"
        );
    }
}

#[test]
fn evaluations_take_the_side_to_move_and_explain_themselves() {
    let mut game = Othello::new();
    game.play_moves("d3").unwrap();
    let [seed, strong] = [0, 1].map(|i| Othello::evaluators()[i].evaluator.clone());
    // Black has 4 discs to White's 1, and White is to move.
    assert_eq!(seed.evaluate(&game), -3);
    let explained = game.explain_evaluation("seed").unwrap();
    assert_eq!(explained.formula, "e(P) = 4 - 1 = 3");
    let strong_explained = game.explain_evaluation("strong").unwrap();
    assert_eq!(strong_explained.total_for_first, -strong.evaluate(&game));
    assert!(game.explain_evaluation("deep").is_none());
}

/// Plays a game from `opening` with `black` and `white` searching to `depth`, and
/// returns Black's disc margin.
fn play_out(opening: &str, evaluators: [&dyn Evaluator<Othello>; 2], depth: u32) -> i32 {
    let mut game = Othello::new();
    game.play_moves(opening).unwrap();
    let config = SearchConfig::engine(Limits {
        depth: Some(depth),
        time: None,
        nodes: None,
    });
    while game.outcome().is_none() {
        let evaluator = evaluators[game.to_move().index()];
        let result = search(&game, evaluator, &config, None, &mut ());
        game.play(result.best_move.expect("a game that goes on has a move"));
    }
    game.count(Player::First) as i32 - game.count(Player::Second) as i32
}

#[test]
fn strong_beats_seed_at_equal_depth() {
    let named = Othello::evaluators();
    let (seed, strong) = (&*named[0].evaluator, &*named[1].evaluator);
    let openings = ["d3 c3", "d3 e3", "d3 c5", "c4 c3", "f5 f6", "e6 f4"];
    let (mut strong_points, mut seed_points) = (0.0, 0.0);
    for opening in openings {
        for strong_is_black in [true, false] {
            let sides = if strong_is_black {
                [strong, seed]
            } else {
                [seed, strong]
            };
            let margin = play_out(opening, sides, 3);
            let strong_margin = if strong_is_black { margin } else { -margin };
            let (s, o) = match strong_margin.signum() {
                1 => (1.0, 0.0),
                -1 => (0.0, 1.0),
                _ => (0.5, 0.5),
            };
            strong_points += s;
            seed_points += o;
        }
    }
    eprintln!("strong {strong_points} - seed {seed_points}");
    assert!(
        strong_points > seed_points,
        "strong {strong_points} - seed {seed_points}"
    );
}

/// The arcade's game screen on a test terminal, both sides human.
fn othello_screen(position: Option<&str>, size: (u16, u16)) -> Arcade {
    let setup = PlaySetup {
        second: Seat::Human,
        position: position.map(str::to_string),
        ..PlaySetup::new("othello")
    };
    Arcade::game(setup, size.0, size.1)
}

#[test]
fn the_arcade_board_is_whole_at_80x24_and_takes_typed_and_steered_moves() {
    let mut screen = othello_screen(None, (80, 24));
    let text = screen.screen();
    for line in [
        "   a  b  c  d  e  f  g  h",
        "3  .  .  .  *  .  .  .  .",
        "4  .  .  *  O  X  .  .  .",
        "8  .  .  .  .  .  .  .  .",
        "X Black 2   O White 2",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // A typed move, then Enter on the cursor's square after a step left (c3).
    screen.type_text("d3");
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["d3"]);
    screen.press(KeyCode::Left);
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["d3", "c3"]);
    let text = screen.screen();
    assert!(text.contains("X Black 3   O White 3"), "{text}");
    assert!(text.contains("3  .  * (O) X  .  .  .  ."), "{text}");
    assert!(text.contains("4  .  .  * <O> X  .  .  ."), "{text}");
    // An illegal typed move shows the rules' message and changes nothing.
    screen.type_text("a1");
    screen.press(KeyCode::Enter);
    let text = screen.screen();
    assert!(text.contains("a1 flips no disc"), "{text}");
    assert_eq!(screen.moves_played(), ["d3", "c3"]);
}

#[test]
fn enter_passes_for_a_side_without_a_move_in_the_arcade() {
    let stuck = "ox....../......../......../......../......../......../......../........ x";
    let mut screen = othello_screen(Some(stuck), (80, 24));
    let text = screen.screen();
    assert!(text.contains("Black has no move and must pass"), "{text}");
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["pass"]);
    screen.type_text("c1");
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["pass", "c1"]);
    let text = screen.screen();
    assert!(
        text.contains("White (human) wins by 3 discs to 0"),
        "{text}"
    );
}

/// The final margin for the side to move by plain negamax over the rules, with
/// nothing shared with the solver but the move generator.
fn margin_by_negamax(game: &mut Othello) -> i32 {
    if game.outcome().is_some() {
        let (black, white) = (game.count(Player::First), game.count(Player::Second));
        let margin = black as i32 - white as i32;
        return if game.to_move() == Player::First {
            margin
        } else {
            -margin
        };
    }
    let mut best = i32::MIN;
    for m in game.moves() {
        game.play(m);
        best = best.max(-margin_by_negamax(game));
        game.undo();
    }
    best
}

/// Positions from random games stopped with `empties` squares left.
fn endgames(count: u64, empties: u32) -> Vec<Othello> {
    (0..count)
        .filter_map(|seed| {
            let mut game = Othello::new();
            let mut ply = 0u64;
            while game.count(Player::First) + game.count(Player::Second) < 64 - empties {
                let moves = game.moves();
                if moves.is_empty() {
                    return None;
                }
                let pick = ply::game::zobrist::mix64(seed * 1000 + ply) as usize % moves.len();
                game.play(moves[pick]);
                ply += 1;
            }
            Some(game)
        })
        .collect()
}

#[test]
fn the_endgame_solver_finds_the_margin_plain_negamax_finds() {
    let mut solved = 0;
    for mut game in endgames(24, 9) {
        let solution = game.solve_exactly(None).expect("nine empties are solved");
        let expected = margin_by_negamax(&mut game);
        assert_eq!(solution.score, expected, "{}", game.format_position());
        if let Some(best) = solution.best_move {
            let mut after = game.clone();
            after.play(best);
            assert_eq!(
                -margin_by_negamax(&mut after),
                expected,
                "{}",
                game.format_position()
            );
        }
        assert!(game.solves_quickly());
        solved += 1;
    }
    assert!(solved >= 16, "only {solved} endgames");
    assert!(Othello::new().solve_exactly(None).is_none());
    // A game over early (a wipe-out) is solved however many squares are empty.
    let mut wiped = at("ox....../......../......../......../......../......../......../........ x");
    wiped.play_moves("pass c1").unwrap();
    let over = wiped.solve_exactly(None).expect("a finished game");
    assert_eq!((over.score, over.best_move), (-3, None));
    assert!(!Othello::new().solves_quickly());
}
