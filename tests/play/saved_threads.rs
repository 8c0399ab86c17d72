//! A saved game keeps its computer's threads, and a record written before they
//! were kept resumes on one thread; `threads=N` in an engine spec is read and a
//! count out of range is refused with one line.

use ply::play::store::{SavedGame, SavedSeat};
use ply::play::{EngineSettings, PlaySetup, Seat};

fn on_threads(threads: usize) -> Seat {
    let spec = format!("engine:seed:depth=2:threads={threads}");
    Seat::Computer(EngineSettings::parse_spec(&spec).unwrap())
}

#[test]
fn a_saved_game_keeps_the_threads_and_an_older_one_resumes_on_one() {
    let setup = PlaySetup {
        second: on_threads(3),
        ..PlaySetup::new("tictactoe")
    };
    let saved = SavedGame::new(&setup, vec!["b2".into()]);
    let text = serde_json::to_string(&saved).unwrap();
    assert!(text.contains("\"threads\":3"), "{text}");
    let read: SavedGame = serde_json::from_str(&text).unwrap();
    let resumed = read.to_setup().unwrap();
    assert_eq!(resumed.second, on_threads(3));
    assert_eq!(resumed.second.engine().unwrap().config().threads, 3);

    let mut seat = SavedSeat::from_seat(&on_threads(3));
    let SavedSeat::Computer(engine) = &mut seat else {
        panic!("a computer's seat");
    };
    engine.threads = None;
    assert_eq!(seat.to_seat().unwrap(), on_threads(1));
}

#[test]
fn an_engine_spec_takes_threads_from_1_to_256() {
    assert!(matches!(on_threads(256), Seat::Computer(e) if e.threads == 256));
    for bad in ["0", "257", "-1", "two", ""] {
        let spec = format!("engine:seed:threads={bad}");
        let refused = EngineSettings::parse_spec(&spec).unwrap_err().to_string();
        assert!(refused.contains("from 1 to 256"), "{spec}: {refused}");
        assert!(!refused.contains('\n'), "{refused}");
    }
}
