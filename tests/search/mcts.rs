//! Monte Carlo tree search against facts: tic-tac-toe is a draw with perfect play,
//! so MCTS must never lose to the crate's exact alpha-beta; in Connect Four it
//! takes a win on the spot and blocks one (the rules say which moves those are);
//! `ply match` plays it against alpha-beta there to the end by the rules;
//! and a seed replays the same search.

use super::common;

use ply::game::connect4::ConnectFour;
use ply::game::go::Go;
use ply::game::kalah::Kalah;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Outcome, Playable, Player};
use ply::search::{self, Limits, MctsConfig, SearchConfig, SearchResult};

/// Monte Carlo search for `playouts` playouts from `seed`, otherwise by default.
pub fn mcts_config(playouts: u64, seed: u64) -> SearchConfig {
    let mut config = SearchConfig::mcts(Limits {
        nodes: Some(playouts),
        ..Limits::default()
    });
    config.mcts = MctsConfig {
        seed,
        ..MctsConfig::default()
    };
    config
}

fn mcts<G: Playable>(game: &G, playouts: u64, seed: u64) -> SearchResult<G::Move> {
    let evaluator = G::evaluators()[0].evaluator.clone();
    search::search(
        game,
        evaluator.as_ref(),
        &mcts_config(playouts, seed),
        None,
        &mut (),
    )
}

/// Perfect play: alpha-beta to the end of the game.
fn perfect_move(game: &TicTacToe) -> <TicTacToe as Game>::Move {
    let evaluator = TicTacToe::evaluators()[0].evaluator.clone();
    let config = SearchConfig::alpha_beta(Limits::default());
    let result = search::search(game, evaluator.as_ref(), &config, None, &mut ());
    assert!(result.proven, "tic-tac-toe is solved to the end");
    result.best_move.expect("a move while the game goes on")
}

#[test]
fn mcts_never_loses_at_tictactoe_against_perfect_play() {
    for seed in 1..=3 {
        for mcts_side in [Player::First, Player::Second] {
            let mut game = TicTacToe::new();
            while game.outcome().is_none() {
                let m = if game.to_move() == mcts_side {
                    mcts(&game, 20_000, seed).best_move.expect("a move")
                } else {
                    perfect_move(&game)
                };
                game.play(m);
            }
            assert_eq!(
                game.outcome(),
                Some(Outcome::Draw),
                "seed {seed}, MCTS as {mcts_side:?}: {}",
                game.format_position()
            );
        }
    }
}

fn connect4(moves: &str) -> ConnectFour {
    ConnectFour::parse_position(moves, &GameOptions::default()).expect("a valid position")
}

/// The moves after which the side to move has won on the spot, by the rules.
fn winning_moves(game: &ConnectFour) -> Vec<<ConnectFour as Game>::Move> {
    let mover = game.to_move();
    game.moves()
        .into_iter()
        .filter(|&m| {
            let mut next = game.clone();
            next.play(m);
            next.outcome() == Some(Outcome::Win(mover))
        })
        .collect()
}

#[test]
fn mcts_takes_an_immediate_win_at_connect_four() {
    // Red to move with three in the bottom row, three in a column, or both ends open.
    for position in ["112233", "717273", "445566"] {
        let game = connect4(position);
        let wins = winning_moves(&game);
        assert!(!wins.is_empty(), "{position} has a win on the spot");
        let chosen = mcts(&game, 5_000, 7).best_move.expect("a move");
        assert!(
            wins.contains(&chosen),
            "{position}: played {}",
            game.format_move(chosen)
        );
    }
}

#[test]
fn mcts_blocks_an_immediate_loss_at_connect_four() {
    // White to move against three in the bottom row, and three in a column.
    for position in ["11223", "17273", "12131"] {
        let game = connect4(position);
        assert!(
            winning_moves(&game).is_empty(),
            "{position}: no win of its own"
        );
        let chosen = mcts(&game, 20_000, 11).best_move.expect("a move");
        let mut after = game.clone();
        after.play(chosen);
        assert!(
            winning_moves(&after).is_empty(),
            "{position}: {} leaves the opponent a win",
            game.format_move(chosen)
        );
    }
}

#[test]
fn a_seed_replays_the_same_search_and_another_seed_differs() {
    let game = connect4("44");
    let first = mcts(&game, 3_000, 42);
    let again = mcts(&game, 3_000, 42);
    let other = mcts(&game, 3_000, 43);
    assert_eq!(first.best_move, again.best_move);
    assert_eq!(first.root_moves, again.root_moves);
    assert_eq!(first.pv, again.pv);
    assert_ne!(first.root_moves, other.root_moves);
    let visits: u64 = first.root_moves.iter().map(|r| r.nodes).sum();
    assert_eq!(
        visits, 3_000,
        "every playout is counted under one root move"
    );
    assert_eq!(first.stats.nodes, 3_000, "nodes are playouts");
}

#[test]
fn rave_and_go_playouts_choose_legal_moves_with_a_capture() {
    // Black's A5-B5-C5 and White's D5 are both in atari, Black to move: D4 takes
    // D5 and saves the three stones that White would take at C4.
    let game = Go::parse_position(
        "A5 A6 B5 B6 C5 C6 D6 A4 E5 B4 J9 D5",
        &GameOptions::default(),
    )
    .expect("a valid position");
    // Go's own settings (RAVE and priors, no exploration term), from several seeds.
    for seed in 1..=4 {
        let mut config = mcts_config(20_000, seed);
        config.mcts = MctsConfig {
            seed,
            ..ply::play::levels::mcts_for_game("go")
        };
        let evaluator = Go::evaluators()[0].evaluator.clone();
        let result = search::search(&game, evaluator.as_ref(), &config, None, &mut ());
        let chosen = result.best_move.expect("a move");
        assert_eq!(
            game.format_move(chosen),
            "D4",
            "seed {seed}: {:?}",
            result.root_moves
        );
    }
}

/// The value alpha-beta proves for the side to move, searching to the end.
fn proven_score<G: Playable>(game: &G) -> i32 {
    let evaluator = G::evaluators()[0].evaluator.clone();
    let config = SearchConfig::alpha_beta(Limits::default());
    let result = search::search(game, evaluator.as_ref(), &config, None, &mut ());
    assert!(
        result.proven,
        "{} is solved to the end",
        game.format_position()
    );
    result.score
}

#[test]
fn kalah_extra_turns_keep_each_players_values_apart() {
    // Endgames where moves into the store give extra turns, so the side to move
    // does not alternate: MCTS must agree with alpha-beta's proven win or loss,
    // and when it wins, its move must be one alpha-beta proves winning.
    for position in [
        "0,0,0,0,2,1:20/1,1,1,1,1,1:10 s",
        "0,0,0,3,2,1:17/0,2,2,1,1,1:18 s",
        "1,0,0,0,2,1:17/0,3,3,1,1,1:19 s",
    ] {
        let game = Kalah::parse_position(position, &GameOptions::default()).expect("valid");
        let proven = proven_score(&game);
        let result = mcts(&game, 20_000, 5);
        assert_eq!(
            result.score.signum(),
            proven.signum(),
            "{position}: MCTS {} against proven {proven}",
            result.score
        );
        if proven > 0 {
            let chosen = result.best_move.expect("a move");
            let mut after = game.clone();
            after.play(chosen);
            let for_mover = if after.to_move() == game.to_move() {
                proven_score(&after)
            } else {
                -proven_score(&after)
            };
            assert!(
                for_mover > 0,
                "{position}: {} does not win",
                game.format_move(chosen)
            );
        }
    }
}

/// `ply match` pits MCTS against alpha-beta in Connect Four, as a student does from
/// the command line: both games (one with each colour) are played to their end by
/// the rules, and each reported result is the one the final position shows.
#[test]
fn ply_match_plays_mcts_against_alpha_beta_at_connect_four() {
    let output = common::binary::stdout(&[
        "match",
        "connect4",
        "--first",
        "mcts:seed:nodes=2000",
        "--second",
        "alphabeta:seed:depth=4",
        "--games",
        "2",
        "--swap",
        "--json",
    ]);
    let games: Vec<serde_json::Value> = output
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .filter(|v: &serde_json::Value| v["kind"] == "game")
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["first"], "alphabeta:seed:depth=4", "colours swap");
    for game in &games {
        let moves: String = game["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("a column").to_string())
            .collect();
        let (before_last, _) = moves.split_at(moves.len() - 1);
        assert_eq!(connect4(before_last).outcome(), None, "{game}");
        let end = connect4(&moves);
        let expected = match end.outcome() {
            Some(Outcome::Win(Player::First)) => "1-0",
            Some(Outcome::Win(Player::Second)) => "0-1",
            Some(Outcome::Draw) => "1/2-1/2",
            None => panic!("the game stopped before its end: {game}"),
        };
        assert_eq!(game["result"], expected, "{game}");
    }
}

#[test]
fn after_the_opponents_pass_a_won_count_is_taken_by_passing() {
    // Black walls column E, White column F, and Black passes: the board is
    // settled, Black's 45 points against White's 36 and komi. With komi 9.5
    // White wins the count, so its pass ends the game won; with komi 7.5 it
    // loses it and must play on (an invasion is its only chance).
    let walls: Vec<String> = (1..=9)
        .flat_map(|r| [format!("E{r}"), format!("F{r}")])
        .collect();
    let moves = format!("{} pass", walls.join(" "));
    for (komi, passes) in [("9.5", true), ("7.5", false)] {
        let game = Go::parse_position(&moves, &common::options(&[&format!("komi={komi}")]))
            .expect("a valid position");
        let mut config = mcts_config(5_000, 1);
        config.mcts = MctsConfig {
            seed: 1,
            ..ply::play::levels::mcts_for_game("go")
        };
        let evaluator = Go::evaluators()[0].evaluator.clone();
        let result = search::search(&game, evaluator.as_ref(), &config, None, &mut ());
        let chosen = game.format_move(result.best_move.expect("a move"));
        assert_eq!(
            chosen == "pass",
            passes,
            "komi {komi}: {chosen}, {:?}",
            &result.root_moves[..3]
        );
    }
}
