//! A finished game loaded from its record keeps its result: a resignation, a flag
//! fall or a draw agreed is not in the position, so the record's result token and
//! `Termination` tag end the match, and the game screen says so instead of
//! "White to move".

use super::common;

use common::arcade::Arcade;
use ply::game::chess::Chess;
use ply::game::{Outcome, Player};
use ply::play::record::read_record;
use ply::play::{EndReason, Match, PlaySetup, Seat};

/// The setup `ply play --load` makes of a chess record, two humans at the board.
fn loaded(pgn: &str) -> PlaySetup {
    let record = read_record(pgn, Some("pgn"), 1).unwrap();
    PlaySetup {
        position: Some(record.position.clone()),
        moves: Some(record.moves.join(" ")),
        result: record.recorded_result(),
        first: Seat::Human,
        second: Seat::Human,
        record_tree: false,
        ..PlaySetup::new(&record.game)
    }
}

/// Tags and movetext as ply writes them for `w` in a game.
fn pgn(result: &str, termination: Option<&str>, movetext: &str) -> String {
    let termination = termination.map_or(String::new(), |t| format!("[Termination \"{t}\"]\n"));
    format!(
        "[White \"human\"]\n[Black \"human\"]\n[Result \"{result}\"]\n{termination}\n{movetext} {result}\n"
    )
}

#[test]
fn a_resigned_game_loads_finished_and_the_screen_says_who_won() {
    let setup = loaded(&pgn("0-1", Some("normal"), "1. e4 e5 2. Nf3"));
    let game = Match::<Chess>::new(&setup).unwrap();
    let ending = game.ending().expect("the record's result ends the game");
    assert_eq!(ending.outcome, Some(Outcome::Win(Player::Second)));
    assert_eq!(ending.reason, EndReason::Resignation(Player::First));
    assert_eq!(game.history().len(), 3);
    let mut arcade = Arcade::game(setup, 80, 24);
    let screen = arcade.screen();
    assert!(
        screen.contains("Game over: Black (human) wins by resignation"),
        "{screen}"
    );
    assert!(!screen.contains("Black (human) to move"), "{screen}");
}

#[test]
fn time_forfeits_agreed_draws_and_other_terminations_keep_their_words() {
    let cases = [
        (
            pgn("1-0", Some("time forfeit"), "1. d4"),
            Some(Outcome::Win(Player::First)),
            EndReason::Time(Player::Second),
            "on time",
        ),
        (
            pgn("1/2-1/2", Some("normal"), "1. d4 d5"),
            Some(Outcome::Draw),
            EndReason::Agreement,
            "by agreement",
        ),
        (
            pgn("1-0", Some("adjudication"), "1. c4"),
            Some(Outcome::Win(Player::First)),
            EndReason::Record,
            "by adjudication",
        ),
        (
            pgn("1/2-1/2", None, "1. c4 c5"),
            Some(Outcome::Draw),
            EndReason::Record,
            "by the record's result",
        ),
    ];
    for (text, outcome, reason, words) in cases {
        let game = Match::<Chess>::new(&loaded(&text)).unwrap();
        let ending = game.ending().unwrap_or_else(|| panic!("not over: {text}"));
        assert_eq!((ending.outcome, ending.reason), (outcome, reason), "{text}");
        assert_eq!(game.end_words().as_deref(), Some(words), "{text}");
    }
}

#[test]
fn the_rules_win_over_the_record_and_an_unfinished_record_goes_on() {
    let mate = pgn("0-1", Some("normal"), "1. f3 e5 2. g4 Qh4#");
    let game = Match::<Chess>::new(&loaded(&mate)).unwrap();
    assert_eq!(game.ending().unwrap().reason, EndReason::Rules);
    assert_eq!(game.end_words().as_deref(), Some("by checkmate"));
    let going = Match::<Chess>::new(&loaded(&pgn("*", None, "1. e4"))).unwrap();
    assert!(!going.is_over());
    let mut arcade = Arcade::game(loaded(&pgn("*", None, "1. e4")), 80, 24);
    let screen = arcade.screen();
    assert!(screen.contains("Black (human) to move"), "{screen}");
}
