//! A saved game keeps its computer's pruning rule: alpha-beta with the strict rule
//! resumes strict, and a record written before the rule was kept resumes with the
//! course's rule (cut on equality), the default.

use ply::play::store::{SavedGame, SavedSeat};
use ply::play::{EngineSettings, PlaySetup, Seat};

fn strict_alpha_beta() -> Seat {
    Seat::Computer(EngineSettings::parse_spec("alphabeta:seed:depth=2:prune-on-equal=no").unwrap())
}

#[test]
fn a_saved_game_keeps_the_strict_rule() {
    let setup = PlaySetup {
        second: strict_alpha_beta(),
        ..PlaySetup::new("tictactoe")
    };
    let saved = SavedGame::new(&setup, vec!["b2".into()]);
    let text = serde_json::to_string(&saved).unwrap();
    assert!(text.contains("\"prune_on_equal\":false"), "{text}");
    let read: SavedGame = serde_json::from_str(&text).unwrap();
    let resumed = read.to_setup().unwrap();
    assert_eq!(resumed.second, strict_alpha_beta());
    assert!(!resumed.second.engine().unwrap().config().prune_on_equal);
}

#[test]
fn a_record_without_the_rule_resumes_with_the_courses_rule() {
    let mut seat = SavedSeat::from_seat(&strict_alpha_beta());
    let SavedSeat::Computer(engine) = &mut seat else {
        panic!("a computer's seat");
    };
    engine.prune_on_equal = None;
    let Seat::Computer(resumed) = seat.to_seat().unwrap() else {
        panic!("a computer's seat");
    };
    assert!(resumed.prune_on_equal && resumed.config().prune_on_equal);
    let engine_seat = Seat::Computer(EngineSettings::parse_spec("engine:seed:depth=2").unwrap());
    let SavedSeat::Computer(saved) = SavedSeat::from_seat(&engine_seat) else {
        panic!("a computer's seat");
    };
    assert_eq!(
        saved.prune_on_equal, None,
        "only alpha-beta writes its rule"
    );
}
