//! The match layer driven without a terminal: undo and redo, clocks running out,
//! every kind of ending, pause, single steps and "move now", and whole games of
//! engine against engine checked against published values.

use std::time::{Duration, Instant};

use ply::game::grundy::Grundy;
use ply::game::synthetic::Synthetic;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Outcome, Playable, Player};
use ply::play::clock::TimeControl;
use ply::play::{
    EndReason, Ending, EngineSettings, Match, MatchEvent, PlaySetup, Purpose, Refusal, Seat,
    TakenBack,
};
use ply::search::SearchEvent;

fn setup(game: &str, first: Seat, second: Seat) -> PlaySetup {
    PlaySetup {
        first,
        second,
        record_tree: false,
        ..PlaySetup::new(game)
    }
}

/// The engine searching to the end of the game: perfect play in the small games.
fn perfect() -> Seat {
    Seat::Computer(EngineSettings {
        eval: "seed".into(),
        time: None,
        ..EngineSettings::default()
    })
}

fn depth(plies: u32) -> Seat {
    Seat::Computer(EngineSettings {
        eval: "seed".into(),
        depth: Some(plies),
        time: None,
        ..EngineSettings::default()
    })
}

/// Ticks the match, waiting on its search in between, until `done` holds; the
/// events seen on the way. Bounded by a number of rounds, not by time.
fn play_until<G: Playable>(
    game: &mut Match<G>,
    done: impl Fn(&Match<G>) -> bool,
) -> Vec<MatchEvent<G>> {
    let mut events = Vec::new();
    for _ in 0..20_000 {
        game.tick(Instant::now());
        events.extend(game.take_events());
        if done(game) {
            return events;
        }
        game.wait(Duration::from_millis(20));
    }
    panic!("the match never reached the state waited for");
}

fn game_over<G: Playable>(events: &[MatchEvent<G>]) -> Vec<Ending> {
    events
        .iter()
        .filter_map(|e| match e {
            MatchEvent::GameOver(ending) => Some(*ending),
            _ => None,
        })
        .collect()
}

#[test]
fn undo_takes_back_the_humans_move_with_the_reply_and_redo_replays_both() {
    let mut game = Match::<TicTacToe>::new(&setup("tictactoe", Seat::Human, perfect())).unwrap();
    game.play_text("b2").unwrap();
    play_until(&mut game, Match::human_to_move);
    // Against the centre, only a corner holds the draw (every edge loses).
    let reply = game.played()[1].text.clone();
    assert!(
        ["a1", "a3", "c1", "c3"].contains(&reply.as_str()),
        "{reply}"
    );
    let before = game.history().to_vec();

    let undone = game.undo().unwrap();
    assert_eq!(
        undone,
        TakenBack {
            moves: 2,
            paused: false
        }
    );
    assert!(game.history().is_empty());
    assert_eq!(game.redo_count(), 2);
    assert_eq!(game.undo(), Err(Refusal::NothingToUndo));

    assert_eq!(game.redo().unwrap().moves, 2);
    assert_eq!(game.history(), before.as_slice());
    assert_eq!(game.redo(), Err(Refusal::NothingToRedo));
    // A new move of the human's own drops what redo had in store.
    game.undo().unwrap();
    game.play_text("a1").unwrap();
    assert_eq!(game.redo_count(), 0);
}

#[test]
fn with_the_computer_on_both_sides_undo_takes_one_move_and_pauses() {
    let mut game = Match::<TicTacToe>::new(&setup("tictactoe", depth(2), depth(2))).unwrap();
    play_until(&mut game, |g| g.history().len() == 3);
    let undone = game.undo().unwrap();
    assert_eq!(
        undone,
        TakenBack {
            moves: 1,
            paused: true
        }
    );
    assert!(game.paused());
    for _ in 0..20 {
        game.tick(Instant::now());
        game.wait(Duration::from_millis(5));
    }
    assert_eq!(game.history().len(), 2, "a paused match plays nothing");
    assert!(game.thinking().is_none());
    assert_eq!(game.redo().unwrap().moves, 1);
    assert_eq!(game.history().len(), 3);
}

#[test]
fn a_flag_falls_when_the_clock_runs_out_and_ends_the_game_on_time() {
    let mut clocked = setup("tictactoe", Seat::Human, Seat::Human);
    clocked.clock = Some(TimeControl {
        minutes: 1,
        increment_secs: 2,
    });
    let mut game = Match::<TicTacToe>::new(&clocked).unwrap();
    let start = Instant::now();
    game.tick(start);
    game.tick(start + Duration::from_secs(10));
    game.play_text("b2").unwrap();
    game.tick(start + Duration::from_secs(10));
    // A human's clock starts at their first move: X was not charged, O's waits.
    let clocks = game.clocks().unwrap();
    assert_eq!(clocks.left(Player::First), Duration::from_secs(62));
    assert_eq!(clocks.running(), None);
    game.tick(start + Duration::from_secs(15));
    game.play_text("a1").unwrap();
    game.tick(start + Duration::from_secs(15));
    let clocks = game.clocks().unwrap();
    assert_eq!(clocks.left(Player::Second), Duration::from_secs(62));
    assert_eq!(clocks.running(), Some(Player::First));
    assert!(
        game.take_events()
            .iter()
            .all(|e| !matches!(e, MatchEvent::GameOver(_)))
    );

    game.tick(start + Duration::from_secs(77));
    let on_time = Ending {
        outcome: Some(Outcome::Win(Player::Second)),
        reason: EndReason::Time(Player::First),
    };
    assert_eq!(game.ending(), Some(on_time));
    assert_eq!(game_over(&game.take_events()), [on_time]);
    // Time lost is lost: no taking back, no more moves.
    let decided = Refusal::Decided(EndReason::Time(Player::First));
    assert_eq!(game.undo(), Err(decided.clone()));
    assert_eq!(game.play_text("c3"), Err(decided));
    game.restart();
    assert_eq!(game.ending(), None);
    assert_eq!(
        game.clocks().unwrap().left(Player::First),
        Duration::from_secs(60)
    );
}

#[test]
fn games_end_by_the_rules_with_the_published_result() {
    let ended = |game: &str, moves: &str| {
        let mut at = setup(game, Seat::Human, Seat::Human);
        at.moves = Some(moves.into());
        match game {
            "tictactoe" => Match::<TicTacToe>::new(&at).unwrap().ending(),
            _ => Match::<Synthetic>::new(&at).unwrap().ending(),
        }
    };
    // X completes the a-file.
    assert_eq!(
        ended("tictactoe", "a1 b1 a2 b2 a3"),
        Some(Ending {
            outcome: Some(Outcome::Win(Player::First)),
            reason: EndReason::Rules
        })
    );
    assert_eq!(
        ended("tictactoe", "b2 a1 c3 c1 b1 b3 a3 c2 a2"),
        Some(Ending {
            outcome: Some(Outcome::Draw),
            reason: EndReason::Rules
        })
    );
    // A leaf of the synthetic tree (depth 3) has no moves and no result.
    assert_eq!(
        ended("synthetic", "1 2 3"),
        Some(Ending {
            outcome: None,
            reason: EndReason::NoMoves
        })
    );
    assert_eq!(ended("synthetic", "1 2"), None);
}

#[test]
fn a_player_can_resign_and_two_players_can_agree_a_draw() {
    let humans = setup("tictactoe", Seat::Human, Seat::Human);
    let mut game = Match::<TicTacToe>::new(&humans).unwrap();
    game.play_text("b2").unwrap();
    game.resign(Player::Second).unwrap();
    let resigned = Ending {
        outcome: Some(Outcome::Win(Player::First)),
        reason: EndReason::Resignation(Player::Second),
    };
    assert_eq!(game.ending(), Some(resigned));
    assert_eq!(game_over(&game.take_events()), [resigned]);
    assert_eq!(
        game.resign(Player::First),
        Err(Refusal::Decided(resigned.reason))
    );

    let mut game = Match::<TicTacToe>::new(&humans).unwrap();
    assert_eq!(game.offer_draw(Player::First), Ok(false));
    // The offer lapses once the side offered to moves on.
    game.play_text("b2").unwrap();
    game.play_text("a1").unwrap();
    assert_eq!(game.offer_draw(Player::First), Ok(false));
    assert_eq!(game.offer_draw(Player::Second), Ok(true));
    assert_eq!(
        game.ending(),
        Some(Ending {
            outcome: Some(Outcome::Draw),
            reason: EndReason::Agreement
        })
    );
}

#[test]
fn the_computer_takes_a_draw_only_when_its_search_sees_no_better() {
    // Tic-tac-toe is a draw: after its first search, the computer agrees.
    let mut game = Match::<TicTacToe>::new(&setup("tictactoe", Seat::Human, perfect())).unwrap();
    assert_eq!(
        game.offer_draw(Player::First),
        Ok(false),
        "nothing searched yet"
    );
    game.play_text("b2").unwrap();
    play_until(&mut game, Match::human_to_move);
    assert_eq!(game.offer_draw(Player::First), Ok(true));

    // Grundy's game with a heap of 7 is lost for the first player (G(7) = 0,
    // OEIS A002188): the computer playing second declines.
    let mut grundy = setup("grundy", Seat::Human, perfect());
    grundy.options = GameOptions::parse(&["heap=7".to_string()]).unwrap();
    let mut game = Match::<Grundy>::new(&grundy).unwrap();
    let first = game.game().moves()[0];
    game.play(first).unwrap();
    play_until(&mut game, |g| g.human_to_move() || g.is_over());
    assert_eq!(game.offer_draw(Player::First), Ok(false));
}

#[test]
fn a_move_limit_adjudicates_a_draw() {
    let mut game = Match::<TicTacToe>::new(&setup("tictactoe", depth(1), depth(1))).unwrap();
    game.set_move_limit(Some(4));
    game.run_to_end(|_, _| {});
    assert_eq!(game.history().len(), 4);
    assert_eq!(
        game.ending(),
        Some(Ending {
            outcome: Some(Outcome::Draw),
            reason: EndReason::MoveLimit
        })
    );
}

#[test]
fn a_paused_match_waits_and_a_step_plays_exactly_one_move() {
    let mut game = Match::<TicTacToe>::new(&setup("tictactoe", depth(2), depth(2))).unwrap();
    assert!(game.toggle_pause());
    for _ in 0..20 {
        game.tick(Instant::now());
        game.wait(Duration::from_millis(5));
    }
    assert!(game.history().is_empty() && game.thinking().is_none());
    game.step().unwrap();
    play_until(&mut game, |g| g.history().len() == 1);
    for _ in 0..20 {
        game.tick(Instant::now());
        game.wait(Duration::from_millis(5));
    }
    assert_eq!(game.history().len(), 1, "one step, one move");
    assert!(!game.toggle_pause());
    game.run_to_end(|_, _| {});
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn move_now_stops_a_long_search_and_plays_its_best_move_so_far() {
    // Minimax over a wide, deep synthetic tree with a minute per move.
    let slow = Seat::Computer(EngineSettings {
        algorithm: ply::search::Algorithm::Minimax,
        eval: "seed".into(),
        time: Some(Duration::from_secs(60)),
        ..EngineSettings::default()
    });
    let mut wide = setup("synthetic", slow, Seat::Human);
    wide.options = GameOptions::parse(&["b=12".to_string(), "d=12".to_string()]).unwrap();
    let mut game = Match::<Synthetic>::new(&wide).unwrap();
    game.tick(Instant::now());
    assert_eq!(game.thinking(), Some(Purpose::Move));
    game.move_now().unwrap();
    let events = play_until(&mut game, |g| g.history().len() == 1);
    let stopped = events.iter().any(
        |e| matches!(e, MatchEvent::Search(Purpose::Move, SearchEvent::Finished(r)) if r.stopped),
    );
    assert!(stopped, "the search was cut short");
    assert!(game.human_to_move());
    assert_eq!(game.move_now(), Err(Refusal::NotComputersTurn));
}

#[test]
fn engine_against_engine_plays_out_the_published_values() {
    // Tic-tac-toe is a draw with perfect play.
    let mut game = Match::<TicTacToe>::new(&setup("tictactoe", perfect(), perfect())).unwrap();
    let mut moves = 0;
    game.run_to_end(|_, event| {
        moves += usize::from(matches!(event, MatchEvent::MovePlayed { .. }))
    });
    assert_eq!(moves, 9);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(game.ending().unwrap().reason, EndReason::Rules);

    // Grundy's game: a heap of 7 is lost for the player to move, one of 8 (G = 2)
    // won (OEIS A002188).
    for (heap, winner) in [(7, Player::Second), (8, Player::First)] {
        let mut grundy = setup("grundy", perfect(), perfect());
        grundy.options = GameOptions::parse(&[format!("heap={heap}")]).unwrap();
        let mut game = Match::<Grundy>::new(&grundy).unwrap();
        game.run_to_end(|_, _| {});
        assert_eq!(game.outcome(), Some(Outcome::Win(winner)), "heap {heap}");
    }
}

/// The results of the searches (or exact solves) that finished among `events`.
fn finished_searches<G: Playable>(
    events: Vec<MatchEvent<G>>,
) -> Vec<ply::search::SearchResult<G::Move>> {
    events
        .into_iter()
        .filter_map(|e| match e {
            MatchEvent::Search(_, SearchEvent::Finished(result)) => Some(result),
            _ => None,
        })
        .collect()
}

#[test]
fn grundys_game_is_played_and_hinted_by_its_exact_solver() {
    // A heap of 100 is won by the first player (it is not among OEIS A002188's zeros:
    // 50, 53, then 270), far beyond what a one-second search proves. The arcade's
    // default engine plays second and answers every move by the Sprague-Grundy
    // solver; the human takes every hint, also from it, and so beats perfect play.
    let mut grundy = setup(
        "grundy",
        Seat::Human,
        Seat::Computer(EngineSettings::for_game("grundy")),
    );
    grundy.options = GameOptions::parse(&["heap=100".to_string()]).unwrap();
    let mut game = Match::<Grundy>::new(&grundy).unwrap();
    let mut results = Vec::new();
    while !game.is_over() {
        game.ask_hint(Instant::now()).unwrap();
        results.extend(finished_searches(play_until(&mut game, |g| {
            g.hint().is_some()
        })));
        game.play(game.hint().unwrap()).unwrap();
        results.extend(finished_searches(play_until(&mut game, |g| {
            g.human_to_move() || g.is_over()
        })));
    }
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert!(
        results.len() >= game.history().len(),
        "a hint and a reply a move"
    );
    for result in &results {
        assert!(
            result.proven && result.tree.is_none(),
            "solved, not searched"
        );
    }
    // Minimax and alpha-beta still search (and so still have trees to explore).
    let alpha_beta = EngineSettings {
        algorithm: ply::search::Algorithm::AlphaBeta,
        ..EngineSettings::for_game("grundy")
    };
    assert!(!alpha_beta.plays_by_solver());
    assert!(EngineSettings::for_game("grundy").plays_by_solver());
}
