//! The end of a Go game in the arcade, driven by keys on a `TestBackend`: the
//! count with its dead stones and area score at 80x24 and 120x40, marking a group
//! alive again with Enter, asking for the count during the game with `s`, and
//! resigning with `x` after a yes.

use super::common;

use ply::game::Player;
use ply::tui::app::App;
use ply::tui::theme::Theme;
use ply::tui::{Launch, PlaySetup, Seat};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn screen(app: &mut App, terminal: &mut Terminal<TestBackend>) -> Vec<String> {
    terminal.draw(|frame| app.render(frame)).unwrap();
    common::screen::lines(terminal)
}

/// Black walls off the three left columns with a line on C, White the six right
/// ones with a line on D; then White throws a stone into Black's side on A5,
/// where it cannot live, and Black passes. White's pass will end the game.
const INVASION: &str = "C1 D1 C2 D2 C3 D3 C4 D4 C5 D5 C6 D6 C7 D7 C8 D8 C9 D9 pass A5 pass";

/// Two humans at the given position of a 9x9 game.
fn humans_after(moves: &str) -> App {
    let setup = PlaySetup {
        first: Seat::Human,
        second: Seat::Human,
        moves: Some(moves.to_string()),
        ..PlaySetup::new("go")
    };
    App::new(Launch::Game(setup), Theme::plain()).expect("go has a board")
}

/// The rows of the board drawn on the screen, without the frame: `9 x x X O o...`.
fn board_rows(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|line| {
            let inside = line.split('│').nth(1)?.trim().to_string();
            let first = inside.split(' ').next()?;
            first.parse::<u32>().is_ok().then_some(inside)
        })
        .collect()
}

fn count_at(width: u16, height: u16) {
    let mut app = humans_after(INVASION);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    press(&mut app, KeyCode::Char('p'));
    press(&mut app, KeyCode::Enter);
    assert!(app.session().unwrap().is_over());
    let lines = screen(&mut app, &mut terminal);
    let text = lines.join("\n");
    // The rules alone (every stone alive) leave A-B neutral: W+53.5. With A5
    // dead, Black has columns A-C (27 points), White D-J (54).
    assert!(text.contains("B 27, W 54 + 7.5: W+34.5"), "{text}");
    assert!(text.contains("* 1 dead · Enter toggles"), "{text}");
    let rows = board_rows(&lines);
    assert_eq!(rows.len(), 9, "{text}");
    assert_eq!(rows[0], "9 x x X O o o o o o");
    assert_eq!(rows[4], "5 * x X O o o o o o");
    assert_eq!(rows[8], "1 x x X O o o o o o");
    assert!(text.contains("Game over"), "{text}");
}

#[test]
fn the_count_at_the_end_shows_dead_stones_areas_and_score_at_80_by_24() {
    count_at(80, 24);
}

#[test]
fn the_count_at_the_end_shows_dead_stones_areas_and_score_at_120_by_40() {
    count_at(120, 40);
}

#[test]
fn enter_on_a_dead_group_brings_it_back_and_counts_again() {
    let mut app = humans_after(INVASION);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    press(&mut app, KeyCode::Char('p'));
    press(&mut app, KeyCode::Enter);
    // The cursor starts on E5: four steps left reach A5.
    for _ in 0..4 {
        press(&mut app, KeyCode::Left);
    }
    press(&mut app, KeyCode::Enter);
    let text = screen(&mut app, &mut terminal).join("\n");
    // All alive: Black 9 stones; White 9 + 1 + 45 = 55; A-B neutral.
    assert!(!text.contains("B 27, W 54"), "{text}");
    assert!(text.contains("B 9, W 55 + 7.5: W+53.5"), "{text}");
    assert!(text.contains("* 0 dead"), "{text}");
    press(&mut app, KeyCode::Enter);
    let again = screen(&mut app, &mut terminal).join("\n");
    assert!(again.contains("B 27, W 54 + 7.5: W+34.5"), "{again}");
}

#[test]
fn s_shows_the_count_during_the_game_and_esc_goes_back_to_playing() {
    let mut app = humans_after(INVASION);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    press(&mut app, KeyCode::Char('s'));
    let counted = screen(&mut app, &mut terminal).join("\n");
    assert!(counted.contains("B 27, W 54 + 7.5: W+34.5"), "{counted}");
    assert!(!app.session().unwrap().is_over());
    press(&mut app, KeyCode::Esc);
    let playing = screen(&mut app, &mut terminal).join("\n");
    assert!(!playing.contains("W+34.5"), "{playing}");
    assert!(
        playing.contains("Black passed") || playing.contains("to move"),
        "{playing}"
    );
}

#[test]
fn x_asks_before_resigning_and_the_record_says_who_resigned() {
    let mut app = humans_after("E5 D4");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    press(&mut app, KeyCode::Char('x'));
    let asked = screen(&mut app, &mut terminal).join("\n");
    assert!(asked.contains("Resign this game?"), "{asked}");
    assert!(asked.contains("Black resigns: White wins."), "{asked}");
    // Anything but y keeps playing.
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.session().unwrap().is_over());
    let kept = screen(&mut app, &mut terminal).join("\n");
    assert!(!kept.contains("Resign this game?"), "{kept}");
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('y'));
    let session = app.session().unwrap();
    assert!(session.is_over());
    assert_eq!(
        session.outcome(),
        Some(ply::game::Outcome::Win(Player::Second))
    );
    let over = screen(&mut app, &mut terminal).join("\n");
    assert!(over.contains("Black resigns"), "{over}");
    assert!(over.contains("White (human) wins by resignation"), "{over}");
    let (record, _) = app.session().unwrap().record(Default::default());
    assert!(record.contains("Black resigns"), "{record}");
    // The count comes up at once, and a second x is refused.
    assert!(over.contains("dead · Enter toggles"), "{over}");
    press(&mut app, KeyCode::Char('x'));
    let refused = screen(&mut app, &mut terminal).join("\n");
    assert!(!refused.contains("Resign this game?"), "{refused}");
}

#[test]
fn the_computer_resigns_a_game_it_cannot_win() {
    // Komi 100 on 9x9: Black cannot win whatever happens; its Monte Carlo search
    // sees every playout lost and gives up, by the rule of `ply gtp`: after three
    // hopeless searches in a row, so White plays by the computer too.
    let engine = ply::tui::EngineSettings::parse_spec("mcts:seed:playouts=4000").unwrap();
    let setup = PlaySetup {
        first: Seat::Computer(engine.clone()),
        second: Seat::Computer(engine),
        options: ply::game::GameOptions::parse(&["komi=100"]).unwrap(),
        ..PlaySetup::new("go")
    };
    let mut app = App::new(Launch::Game(setup), Theme::plain()).expect("go has a board");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let start = std::time::Instant::now();
    while !app.session().unwrap().is_over() {
        assert!(
            start.elapsed().as_secs() < 120,
            "the computer never resigned"
        );
        app.tick();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let session = app.session().unwrap();
    // Black's first two searches play on, each answered by White's pass (Black's
    // whole board cannot outweigh komi, so passing wins); the third resigns.
    assert_eq!(session.played().len(), 4, "a resignation plays nothing");
    assert_eq!(
        session.outcome(),
        Some(ply::game::Outcome::Win(Player::Second))
    );
    let over = screen(&mut app, &mut terminal).join("\n");
    assert!(over.contains("Black resigns"), "{over}");
    assert!(over.contains("wins by resignation"), "{over}");
    assert!(!over.contains("passed"), "no note of the last pass: {over}");
}
