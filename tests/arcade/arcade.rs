//! Drives the arcade like a user would, with key and mouse events, and reads what it
//! draws on a `TestBackend`: no terminal needed.

use super::common;

use std::time::{Duration, Instant};

use ply::game::{GameOptions, Outcome, Player};
use ply::search::{Additions, Algorithm};
use ply::tui::app::App;
use ply::tui::theme::Theme;
use ply::tui::{EngineSettings, Launch, PlaySetup, Seat};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::style::Color;

/// Long enough for any search these tests start, even in a debug build.
const PATIENCE: Duration = Duration::from_secs(60);

struct Harness {
    app: App,
    terminal: Terminal<TestBackend>,
}

impl Harness {
    fn new(launch: Launch) -> Harness {
        Harness::sized(launch, 100, 30)
    }

    fn sized(launch: Launch, width: u16, height: u16) -> Harness {
        Harness {
            app: App::new(launch, Theme::plain()).expect("the launch is valid"),
            terminal: Terminal::new(TestBackend::new(width, height)).unwrap(),
        }
    }

    fn press(&mut self, code: KeyCode) {
        self.app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    fn type_char(&mut self, c: char) {
        self.press(KeyCode::Char(c));
    }

    fn click(&mut self, column: u16, row: u16) {
        self.app.handle_mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        });
    }

    /// Draws a frame and returns the screen as lines of text.
    fn screen(&mut self) -> Vec<String> {
        let app = &mut self.app;
        self.terminal.draw(|frame| app.render(frame)).unwrap();
        common::screen::lines(&self.terminal)
    }

    fn screen_text(&mut self) -> String {
        self.screen().join("\n")
    }

    /// Ticks and draws, as the event loop does, until `done` holds.
    fn wait_until(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        let start = Instant::now();
        while !done(&self.app) {
            assert!(start.elapsed() < PATIENCE, "timed out waiting for {what}");
            self.app.tick();
            self.screen();
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn played(&self) -> usize {
        self.app.session().map_or(0, |s| s.played().len())
    }

    fn wait_for_human_or_end(&mut self) {
        self.wait_until("the human's turn or the end", |app| {
            app.session()
                .is_some_and(|s| s.human_to_move() || s.is_over())
        });
    }

    /// Walks the tic-tac-toe cursor to a square from anywhere and presses Enter.
    fn play_square(&mut self, file: usize, rank: usize) {
        for _ in 0..2 {
            self.type_char('h');
            self.type_char('k');
        }
        for _ in 0..file {
            self.type_char('l');
        }
        for _ in rank..2 {
            self.type_char('j');
        }
        self.press(KeyCode::Enter);
    }
}

fn computer(algorithm: Algorithm, tt: bool) -> Seat {
    Seat::Computer(EngineSettings {
        algorithm,
        additions: Additions {
            table: tt,
            ..Additions::NONE
        },
        max_player: None,
        eval: "seed".into(),
        depth: None,
        time: None,
        nodes: None,
        ..EngineSettings::default()
    })
}

fn game(id: &str, first: Seat, second: Seat) -> PlaySetup {
    PlaySetup {
        first,
        second,
        ..PlaySetup::new(id)
    }
}

#[test]
fn menu_setup_game_computer_reply_and_game_over() {
    let mut h = Harness::new(Launch::Menu);
    let menu = h.screen_text();
    assert!(menu.contains("Tic-tac-toe") && menu.contains("Grundy's game"));
    assert!(menu.contains("Rules: Tic-tac-toe"));
    h.press(KeyCode::Enter);
    assert!(h.screen_text().contains("Tic-tac-toe: set up the game"));
    h.press(KeyCode::Enter);
    let start = h.screen_text();
    assert!(start.contains("X (human) to move"), "{start}");
    assert!(start.contains("No search yet"));

    // The cursor starts on b2: Enter plays it, and the reply comes from the search thread.
    h.press(KeyCode::Enter);
    assert_eq!(h.played(), 1);
    h.wait_for_human_or_end();
    assert_eq!(h.played(), 2);
    let replied = h.screen_text();
    // Moves in pairs, X's then O's reply on one numbered line.
    let reply = h.app.session().unwrap().played()[1].text.clone();
    assert!(
        replied.contains(&format!("1. b2      {reply}")),
        "{replied}"
    );
    assert!(replied.contains("O (computer): chose"));
    assert!(replied.contains("nodes ") && replied.contains("PV "));

    // Keep trying squares in order until the game ends; taken ones are refused.
    while !h.app.session().unwrap().is_over() {
        let before = h.played();
        for square in 0..9 {
            h.play_square(square % 3, square / 3);
            if h.played() > before {
                break;
            }
            let refused = h.screen_text();
            assert!(refused.contains("is already taken"), "{refused}");
        }
        h.wait_for_human_or_end();
    }
    let over = h.screen_text();
    assert!(over.contains("Game over: "), "{over}");
    assert!(over.contains("N new game · u undo"), "{over}");
    let outcome = h.app.session().unwrap().outcome();
    assert_ne!(
        outcome,
        Some(Outcome::Win(Player::First)),
        "the engine lost:\n{over}"
    );

    h.type_char('q');
    assert!(h.screen_text().contains("Rules: Tic-tac-toe"));
    h.type_char('q');
    assert!(h.app.should_quit());
}

#[test]
fn undo_takes_back_the_human_move_with_the_reply_and_redo_replays_them() {
    let mut h = Harness::new(Launch::Game(PlaySetup::new("tictactoe")));
    h.press(KeyCode::Enter);
    h.wait_for_human_or_end();
    assert_eq!(h.played(), 2);
    h.type_char('u');
    assert_eq!(h.played(), 0);
    let undone = h.screen_text();
    assert!(undone.contains("Moves (2 to redo)"), "{undone}");
    assert!(!undone.contains("1. b2"));
    h.type_char('r');
    assert_eq!(h.played(), 2);
    assert!(h.screen_text().contains("1. b2      "));
    h.type_char('u');
    h.type_char('u');
    assert!(h.screen_text().contains("nothing to undo"));
}

#[test]
fn the_help_overlay_lists_the_keys_and_any_key_closes_it() {
    let mut h = Harness::sized(Launch::Game(PlaySetup::new("tictactoe")), 80, 24);
    h.type_char('?');
    let help = h.screen_text();
    for key in [
        "undo / redo",
        "hint",
        "new game",
        "pause/resume",
        "faster / slower",
    ] {
        assert!(help.contains(key), "help lacks {key}:\n{help}");
    }
    // The key that closes the help does nothing else: q does not leave the game.
    h.type_char('q');
    assert!(!h.app.help_open());
    let game = h.screen_text();
    assert!(!game.contains("any key closes") && game.contains("Board"));
}

#[test]
fn the_help_lists_the_keys_of_the_board_in_front_and_no_other_games() {
    let help_in = |id: &str| {
        let mut h = Harness::sized(Launch::Game(PlaySetup::new(id)), 80, 24);
        h.type_char('?');
        let top = h.screen_text();
        // The help scrolls at 80x24: its end holds the board's keys.
        h.press(KeyCode::End);
        top + &h.screen_text()
    };
    let chess = help_in("chess");
    assert!(chess.contains("Chess board"), "{chess}");
    assert!(chess.contains("turn the board round"), "{chess}");
    for other in ["Kalah", "Connect Four", "Grundy", "choose a pit"] {
        assert!(!chess.contains(other), "chess help names {other}:\n{chess}");
    }
    let kalah = help_in("kalah");
    assert!(kalah.contains("a move starts with 1-6"), "{kalah}");
    assert!(!kalah.contains("turn the board round"), "{kalah}");
    // Tic-tac-toe's board adds no keys: no empty section.
    assert!(!help_in("tictactoe").contains("Tic-tac-toe board"));
}

#[test]
fn a_small_terminal_gets_a_message_instead_of_a_garbled_screen() {
    for (width, height) in [(79, 24), (80, 23), (40, 10)] {
        let mut h = Harness::sized(Launch::Menu, width, height);
        let text = h.screen_text();
        assert!(text.contains("Please enlarge"), "{width}x{height}:\n{text}");
        assert!(!text.contains("Games"));
    }
    let mut h = Harness::sized(Launch::Game(PlaySetup::new("tictactoe")), 80, 24);
    let text = h.screen_text();
    assert!(!text.contains("Please enlarge"));
    assert!(text.contains("Board") && text.contains("Search") && text.contains("Moves"));
}

/// A search that takes seconds, up to `time`: the computer (MAX) runs plain
/// minimax over a wide synthetic tree, the human plays MIN.
fn slow_search(time: Duration) -> PlaySetup {
    let engine = EngineSettings {
        algorithm: Algorithm::Minimax,
        additions: Additions::NONE,
        max_player: None,
        eval: "seed".into(),
        depth: None,
        time: Some(time),
        nodes: None,
        ..EngineSettings::default()
    };
    let mut setup = game("synthetic", Seat::Computer(engine), Seat::Human);
    setup.options = GameOptions::parse(&["b=12", "d=12"]).unwrap();
    setup
}

#[test]
fn m_makes_the_computer_play_its_best_move_so_far_at_once() {
    let mut h = Harness::new(Launch::Game(slow_search(Duration::from_secs(60))));
    h.wait_until("the search under way", |app| {
        app.session().unwrap().thinking()
    });
    h.type_char('m');
    h.wait_for_human_or_end();
    assert_eq!(h.played(), 1);
    let text = h.screen_text();
    assert!(text.contains("MAX (computer): chose"), "{text}");
    h.type_char('m');
    let refused = h.app.session().unwrap().message().unwrap().text.clone();
    assert!(refused.contains("not its turn"), "{refused}");
}

#[test]
fn a_click_on_a_square_plays_it() {
    let mut h = Harness::new(Launch::Game(PlaySetup::new("tictactoe")));
    let screen = h.screen();
    let (row, line) = screen
        .iter()
        .enumerate()
        .find(|(_, line)| line.contains("3 │ · │"))
        .expect("the board is drawn");
    let column = line.chars().position(|c| c == '·').unwrap() as u16;
    h.click(column, row as u16);
    assert_eq!(h.app.session().unwrap().played()[0].text, "a3");
}

#[test]
fn the_computer_thinks_without_blocking_the_keys() {
    let mut h = Harness::new(Launch::Game(slow_search(Duration::from_secs(20))));
    h.wait_until("progress from the search thread", |app| {
        app.session()
            .unwrap()
            .search()
            .is_some_and(|v| v.stats.nodes > 0)
    });
    let started = Instant::now();
    h.type_char('?');
    let text = h.screen_text();
    assert!(text.contains("Esc, q or ? closes"));
    assert!(started.elapsed() < Duration::from_millis(500));
    assert!(h.app.session().unwrap().thinking());
    h.press(KeyCode::Esc);
    let panel = h.screen_text();
    assert!(panel.contains("MAX (computer): thinking"), "{panel}");
    h.type_char('q');
    assert!(
        h.app.session().is_none(),
        "q leaves the game, dropping its search"
    );
}

#[test]
fn computer_against_computer_at_full_depth_always_draws_tic_tac_toe() {
    let engines = [
        (Algorithm::AlphaBeta, true),
        (Algorithm::AlphaBeta, false),
        (Algorithm::Minimax, true),
        (Algorithm::Minimax, false),
        (Algorithm::Mcts, false),
    ];
    for (algorithm, tt) in engines {
        let setup = game(
            "tictactoe",
            computer(algorithm, tt),
            computer(Algorithm::AlphaBeta, !tt),
        );
        let mut h = Harness::new(Launch::Game(setup));
        // Full speed: no pause between moves.
        for _ in 0..5 {
            h.type_char('+');
        }
        h.wait_until("the end of the game", |app| {
            app.session().unwrap().is_over()
        });
        assert_eq!(h.app.session().unwrap().outcome(), Some(Outcome::Draw));
        assert_eq!(h.played(), 9);
        let text = h.screen_text();
        assert!(
            text.contains("Game over: draw"),
            "{algorithm:?} {tt}:\n{text}"
        );
    }
}

#[test]
fn spectating_pauses_steps_and_resumes() {
    let setup = game(
        "tictactoe",
        computer(Algorithm::AlphaBeta, true),
        computer(Algorithm::AlphaBeta, true),
    );
    let mut h = Harness::new(Launch::Game(setup));
    assert!(h.screen_text().contains("≥0.5 s per move (+/-)"));
    h.type_char(' ');
    for _ in 0..5 {
        h.type_char('+');
    }
    assert!(h.screen_text().contains("≥0 s per move (+/-)"));
    for _ in 0..50 {
        h.app.tick();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(h.played(), 0, "paused before the first move");
    assert!(h.screen_text().contains("X (computer) to move, paused"));
    h.type_char('n');
    h.wait_until("one step", |app| app.session().unwrap().played().len() == 1);
    for _ in 0..50 {
        h.app.tick();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(h.played(), 1, "a step is one move");
    h.type_char(' ');
    h.wait_until("the end of the game", |app| {
        app.session().unwrap().is_over()
    });
    assert!(h.screen_text().contains("Game over: draw"));
    // Undo in a computer game takes back one move and pauses.
    h.type_char('u');
    assert_eq!(h.played(), 8);
    assert!(h.app.session().unwrap().paused());
}

#[test]
fn a_hint_is_suggested_on_the_board_and_in_the_status_line() {
    let setup = game("tictactoe", Seat::Human, Seat::Human);
    let mut h = Harness::new(Launch::Game(setup));
    h.type_char('i');
    h.wait_until("the hint", |app| {
        app.session()
            .unwrap()
            .message()
            .is_some_and(|m| m.text.starts_with("hint:"))
    });
    let text = h.screen_text();
    assert!(text.contains("hint for X"), "{text}");
    assert!(
        text.contains(" x "),
        "the hinted square shows a small x:\n{text}"
    );
}

#[test]
fn grundy_from_seven_is_won_by_the_second_player_against_every_line() {
    fn explore(history: Vec<String>, leaves: &mut usize) {
        let setup = PlaySetup {
            moves: Some(history.join(" ")),
            ..game("grundy", Seat::Human, computer(Algorithm::AlphaBeta, true))
        };
        let mut h = Harness::new(Launch::Game(setup));
        h.wait_for_human_or_end();
        let session = h.app.session().unwrap();
        if session.is_over() {
            assert_eq!(
                session.outcome(),
                Some(Outcome::Win(Player::Second)),
                "{history:?}"
            );
            assert!(h.screen_text().contains("Second (computer) wins"));
            *leaves += 1;
            return;
        }
        let played: Vec<String> = session.played().iter().map(|m| m.text.clone()).collect();
        for choice in session.legal_moves() {
            let mut next = played.clone();
            next.push(choice);
            explore(next, leaves);
        }
    }
    let mut leaves = 0;
    explore(Vec::new(), &mut leaves);
    assert!(leaves >= 3, "every first move was tried ({leaves} games)");
}

#[test]
fn grundy_is_played_with_keys_heap_then_split() {
    let setup = game("grundy", Seat::Human, Seat::Human);
    let mut h = Harness::new(Launch::Game(setup));
    h.press(KeyCode::Enter);
    assert!(h.screen_text().contains(" 4+3"));
    h.press(KeyCode::Right);
    h.press(KeyCode::Enter);
    assert_eq!(h.app.session().unwrap().played()[0].text, "7=5+2");
    assert!(h.screen_text().contains("Second (human) to move"));
}

#[test]
fn without_colour_nothing_is_coloured() {
    let mut h = Harness::new(Launch::Game(PlaySetup::new("tictactoe")));
    h.press(KeyCode::Enter);
    h.wait_for_human_or_end();
    h.screen();
    let buffer = h.terminal.backend().buffer();
    for cell in buffer.content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
    }
}

#[test]
fn a_click_chooses_a_game_and_a_second_click_opens_its_setup() {
    let mut h = Harness::new(Launch::Menu);
    let screen = h.screen();
    let row = screen
        .iter()
        .position(|line| line.contains("Grundy's game"))
        .expect("the menu lists Grundy's game") as u16;
    h.click(3, row);
    assert!(h.screen_text().contains("Rules: Grundy's game"));
    h.click(3, row + 1);
    let setup = h.screen_text();
    assert!(setup.contains("Grundy's game: set up the game"), "{setup}");
    assert!(setup.contains("heap") && setup.contains("First plays"));
}

#[test]
fn the_title_fits_an_80_column_terminal() {
    let setup = game(
        "grundy",
        computer(Algorithm::AlphaBeta, true),
        computer(Algorithm::Minimax, true),
    );
    let mut h = Harness::sized(Launch::Game(setup), 80, 24);
    let title = h.screen()[0].trim_end().to_string();
    assert_eq!(
        title,
        " Grundy's game  First: computer  ·  Second: computer"
    );
    let mut wide = Harness::sized(
        Launch::Game(game(
            "tictactoe",
            Seat::Human,
            computer(Algorithm::Minimax, false),
        )),
        100,
        30,
    );
    assert!(wide.screen()[0].contains("O: computer (minimax)"));
}

#[test]
fn undo_while_the_computer_thinks_stops_its_search() {
    let engine = EngineSettings {
        time: Some(Duration::from_secs(30)),
        ..EngineSettings::default()
    };
    let mut setup = game("synthetic", Seat::Human, Seat::Computer(engine));
    setup.options = GameOptions::parse(&["b=16", "d=16"]).unwrap();
    let mut h = Harness::new(Launch::Game(setup));
    h.press(KeyCode::Enter);
    h.wait_until("the computer to think", |app| {
        app.session()
            .unwrap()
            .search()
            .is_some_and(|v| v.stats.nodes > 0)
    });
    h.type_char('u');
    let session = h.app.session().unwrap();
    assert!(!session.thinking());
    assert_eq!(session.played().len(), 0);
    assert!(h.screen_text().contains("MIN (computer): stopped"));
    assert!(h.screen_text().contains("MAX (human) to move"));
}

#[test]
fn chess_plays_e4_against_the_computer_and_flips() {
    let engine = Seat::Computer(EngineSettings {
        depth: Some(2),
        time: None,
        eval: "strong".into(),
        ..EngineSettings::default()
    });
    let mut h = Harness::new(Launch::Game(game("chess", Seat::Human, engine)));
    let start = h.screen_text();
    assert!(start.contains("8  r  n  b  q  k  b  n  r"), "{start}");
    // The cursor starts on e2: pick the pawn, walk up two squares, play e4.
    h.press(KeyCode::Enter);
    h.type_char('k');
    h.type_char('k');
    h.press(KeyCode::Enter);
    assert_eq!(h.played(), 1);
    h.wait_for_human_or_end();
    assert_eq!(h.played(), 2);
    let replied = h.screen_text();
    assert!(replied.contains("e4"), "{replied}");
    assert!(replied.contains("Black (computer): chose"), "{replied}");
    // `f` is a file in chess: the board turns round with `F`.
    h.type_char('F');
    let flipped = h.screen_text();
    assert!(flipped.contains("h  g  f  e  d  c  b  a"), "{flipped}");
    assert!(flipped.contains("1  R  N  B  K  Q  B  N  R"), "{flipped}");
}

/// The computer at a fixed depth, with the game's default evaluation.
fn computer_at_depth(id: &str, depth: u32) -> Seat {
    Seat::Computer(EngineSettings {
        depth: Some(depth),
        time: None,
        ..EngineSettings::for_game(id)
    })
}

/// Plays a whole game computer against computer at full speed; the final screen.
fn spectate_to_the_end(setup: PlaySetup) -> (Harness, String) {
    let mut h = Harness::new(Launch::Game(setup));
    for _ in 0..5 {
        h.type_char('+');
    }
    h.wait_until("the end of the game", |app| {
        app.session().unwrap().is_over()
    });
    let text = h.screen_text();
    assert!(text.contains("Game over: "), "{text}");
    (h, text)
}

#[test]
fn dodgem_is_played_by_keys_against_the_computer() {
    let setup = game("dodgem", Seat::Human, computer_at_depth("dodgem", 4));
    let mut h = Harness::new(Launch::Game(setup));
    let start = h.screen_text();
    assert!(start.contains("3  >  .  .  |"), "{start}");
    assert!(start.contains("> First  ^ Second"), "{start}");
    // The cursor starts on the car on a2: pick it, one square right, drive there.
    h.press(KeyCode::Enter);
    let picked = h.screen_text();
    assert!(picked.contains("2  >  *  .  |"), "{picked}");
    h.type_char('l');
    h.press(KeyCode::Enter);
    assert_eq!(h.played(), 1);
    h.wait_for_human_or_end();
    assert_eq!(h.played(), 2);
    let replied = h.screen_text();
    assert!(replied.contains("1. a2-b2   "), "{replied}");
    assert!(replied.contains("Second (computer): chose"), "{replied}");
}

#[test]
fn kalah_announces_the_extra_turn_and_the_computer_replies() {
    let setup = game("kalah", Seat::Human, computer_at_depth("kalah", 4));
    let mut h = Harness::new(Launch::Game(setup));
    assert!(h.screen_text().contains("N  0            0  S"));
    // Pit 3's four seeds end in South's store: South moves again.
    h.type_char('3');
    h.press(KeyCode::Enter);
    let extra = h.screen_text();
    assert!(
        extra.contains("South (human) to move (extra turn)"),
        "{extra}"
    );
    assert!(extra.contains("N  0            1  S"), "{extra}");
    assert_eq!(h.played(), 1);
    h.type_char('1');
    h.press(KeyCode::Enter);
    assert_eq!(h.played(), 2);
    h.wait_for_human_or_end();
    assert!(h.played() >= 3);
    let replied = h.screen_text();
    assert!(replied.contains("North (computer): chose"), "{replied}");
}

#[test]
fn connect4_drops_by_keys_and_click_and_the_computer_replies() {
    let setup = game("connect4", Seat::Human, computer_at_depth("connect4", 4));
    let mut h = Harness::new(Launch::Game(setup));
    let start = h.screen_text();
    assert!(start.contains("│ .  .  .  .  .  .  . │"), "{start}");
    // The drop cursor starts over column 4: one step left, then drop.
    h.type_char('h');
    h.press(KeyCode::Enter);
    assert_eq!(h.played(), 1);
    h.wait_for_human_or_end();
    assert_eq!(h.played(), 2);
    let replied = h.screen_text();
    assert!(replied.contains("1. 3       "), "{replied}");
    assert!(replied.contains("Second (computer): chose"), "{replied}");
    // A digit moves the cursor; a click on a column drops there at once.
    h.type_char('7');
    let row = replied
        .lines()
        .position(|line| line.contains("1  2  3  4  5  6  7"))
        .expect("the column numbers are drawn") as u16;
    let column = replied.lines().nth(row as usize).unwrap();
    let seven = column.chars().position(|c| c == '7').unwrap() as u16;
    h.click(seven, row - 3);
    assert_eq!(h.played(), 3);
    assert!(h.screen_text().contains("2. 7"));
}

#[test]
fn the_setup_screens_offer_each_games_options_and_a_strong_default_engine() {
    let mut h = Harness::new(Launch::Menu);
    for (downs, name, options, eval) in [
        (2, "Dodgem", ["size", "rule", "first"], "seed"),
        (3, "Kalah", ["pits", "seeds", "capture"], "seed"),
        (4, "Connect Four", ["width", "height", "height"], "strong"),
    ] {
        for _ in 0..downs {
            h.press(KeyCode::Down);
        }
        h.press(KeyCode::Enter);
        let setup = h.screen_text();
        assert!(
            setup.contains(&format!("{name}: set up the game")),
            "{setup}"
        );
        for option in options {
            assert!(setup.contains(option), "{name} {option}:\n{setup}");
        }
        // Second's (or North's) engine rows show the default evaluation.
        assert!(setup.contains("‹ engine ›"), "{setup}");
        assert!(setup.contains(&format!("‹ {eval} ›")), "{setup}");
        h.press(KeyCode::Esc);
        for _ in 0..downs {
            h.press(KeyCode::Up);
        }
    }
}

#[test]
fn computer_against_computer_finishes_dodgem_kalah_and_connect4() {
    let dodgem = game(
        "dodgem",
        computer_at_depth("dodgem", 6),
        computer_at_depth("dodgem", 6),
    );
    let (h, text) = spectate_to_the_end(dodgem);
    assert!(text.contains("position seen"), "{text}");
    assert!(
        h.played() >= 4,
        "no side gets its two cars off in fewer moves"
    );
    let kalah = PlaySetup {
        options: GameOptions::parse(&["pits=4".to_string(), "seeds=3".to_string()]).unwrap(),
        ..game(
            "kalah",
            computer_at_depth("kalah", 3),
            computer_at_depth("kalah", 3),
        )
    };
    let (h, _) = spectate_to_the_end(kalah);
    let session = h.app.session().unwrap();
    let position = session.position();
    assert!(
        position.starts_with("0,0,0,0:"),
        "every seed is in a store: {position}"
    );
    let connect4 = game(
        "connect4",
        computer_at_depth("connect4", 2),
        computer_at_depth("connect4", 2),
    );
    let (h, text) = spectate_to_the_end(connect4);
    let session = h.app.session().unwrap();
    match session.outcome() {
        Some(Outcome::Win(_)) => {
            assert!(text.contains('['), "the winning four is bracketed:\n{text}")
        }
        _ => assert_eq!(h.played(), 42, "a draw fills the board"),
    }
}

#[test]
fn gomoku_fits_80_by_24_and_the_computer_answers_next_to_the_stones() {
    let engine = Seat::Computer(EngineSettings {
        depth: Some(2),
        time: None,
        eval: "strong".into(),
        ..EngineSettings::default()
    });
    let mut h = Harness::sized(Launch::Game(game("gomoku", Seat::Human, engine)), 80, 24);
    let start = h.screen_text();
    assert!(!start.contains("Please enlarge"), "{start}");
    assert!(start.contains("Black (human) to move"), "{start}");
    for rank in [
        "15 · · · · · · · · · · · · · · ·",
        " 1 · · · · · · · · · · · · · · ·",
    ] {
        assert!(start.contains(rank), "rank missing:\n{start}");
    }
    // The cursor starts on the centre: one step left and Enter plays g8 (`h`
    // starts a typed move in gomoku: the arrows move the cursor).
    h.press(KeyCode::Left);
    h.press(KeyCode::Enter);
    assert_eq!(h.played(), 1);
    h.wait_for_human_or_end();
    let session = h.app.session().unwrap();
    let played: Vec<String> = session.played().iter().map(|m| m.text.clone()).collect();
    assert_eq!(played.len(), 2);
    assert_eq!(played[0], "g8");
    // The reply lies within two steps of g8, where the search looks.
    let reply = played[1].as_bytes();
    let file = (i32::from(reply[0]) - i32::from(b'g')).abs();
    let rank = (played[1][1..].parse::<i32>().unwrap() - 8).abs();
    assert!(file <= 2 && rank <= 2, "reply {}", played[1]);
    let replied = h.screen_text();
    assert!(replied.contains("White (computer): chose"), "{replied}");
    assert!(replied.contains('[') && replied.contains(']'), "{replied}");
    // A taken point is refused with the game's message.
    h.press(KeyCode::Enter);
    assert!(h.screen_text().contains("g8 is already taken"));
}

#[test]
fn gomoku_computer_against_computer_plays_to_a_result_or_a_cap() {
    let engine = |eval: &str| {
        Seat::Computer(EngineSettings {
            depth: Some(2),
            time: None,
            eval: eval.into(),
            ..EngineSettings::default()
        })
    };
    let mut setup = game("gomoku", engine("strong"), engine("seed"));
    setup.options = GameOptions::parse(&["size=9"]).unwrap();
    let mut h = Harness::new(Launch::Game(setup));
    for _ in 0..5 {
        h.type_char('+');
    }
    const CAP: usize = 40;
    h.wait_until("the end of the game or the move cap", |app| {
        let session = app.session().unwrap();
        session.is_over() || session.played().len() >= CAP
    });
    let session = h.app.session().unwrap();
    let (over, played) = (session.is_over(), session.played().len());
    assert!(played >= 9, "nobody wins before the 9th stone");
    if over {
        assert!(h.screen_text().contains("Game over: "));
    }
}

#[test]
fn checkers_human_steps_and_the_computer_replies() {
    let engine = Seat::Computer(EngineSettings {
        depth: Some(4),
        time: None,
        ..EngineSettings::default()
    });
    let mut h = Harness::new(Launch::Game(game("checkers", Seat::Human, engine)));
    let start = h.screen_text();
    // At 100x30 the squares are five columns wide.
    assert!(
        start.contains("       b         b         b         b"),
        "{start}"
    );
    assert!(
        start.contains("  13        14        15        16"),
        "{start}"
    );
    // The cursor starts on 9: pick it, go down and right to 14, play 9-14.
    h.press(KeyCode::Enter);
    h.type_char('j');
    h.type_char('l');
    h.press(KeyCode::Enter);
    assert_eq!(h.app.session().unwrap().played()[0].text, "9-14");
    h.wait_for_human_or_end();
    assert_eq!(h.played(), 2);
    let replied = h.screen_text();
    assert!(replied.contains("White (computer): chose"), "{replied}");
    assert!(replied.contains("Black (human) to move"), "{replied}");
}

#[test]
fn checkers_computer_against_computer_plays_to_the_end_or_a_move_cap() {
    let engine = |eval: &str| {
        Seat::Computer(EngineSettings {
            depth: Some(3),
            time: None,
            eval: eval.into(),
            ..EngineSettings::default()
        })
    };
    let setup = game("checkers", engine("seed"), engine("strong"));
    let mut h = Harness::new(Launch::Game(setup));
    for _ in 0..5 {
        h.type_char('+');
    }
    const CAP: usize = 400;
    h.wait_until("the end of the game or the move cap", |app| {
        let session = app.session().unwrap();
        session.is_over() || session.played().len() >= CAP
    });
    let session = h.app.session().unwrap();
    assert!(
        session.played().iter().any(|m| m.text.contains('x')),
        "someone captured"
    );
    if session.is_over() {
        assert!(h.screen_text().contains("Game over: "));
    }
}

#[test]
fn xiangqi_computer_against_computer_plays_a_whole_game_shown_in_wxf() {
    let engine = |depth, eval: &str| {
        Seat::Computer(EngineSettings {
            depth: Some(depth),
            time: None,
            eval: eval.into(),
            ..EngineSettings::default()
        })
    };
    let setup = game("xiangqi", engine(2, "strong"), engine(1, "seed"));
    let mut h = Harness::sized(Launch::Game(setup), 120, 40);
    let start = h.screen_text();
    assert!(
        start.contains("9 r───n───b───a───k───a───b───n───r"),
        "{start}"
    );
    assert!(start.contains("river"), "{start}");
    for _ in 0..5 {
        h.type_char('+');
    }
    // The natural move limit and repetition end every game; the cap only bounds
    // the test's time should a long one come up.
    const CAP: usize = 400;
    h.wait_until("the end of the game or the cap", |app| {
        let session = app.session().unwrap();
        session.is_over() || session.played().len() >= CAP
    });
    let session = h.app.session().unwrap();
    let played = session.played();
    assert!(played.len() > 10);
    for m in played {
        let mut chars = m.text.chars();
        let first = chars.next().unwrap();
        assert!("KAEHRCP+-123456789".contains(first), "{}", m.text);
        assert!(m.text.len() == 4, "WXF has four characters: {}", m.text);
    }
    assert!(session.is_over(), "{} plies without an end", played.len());
    let outcome = session.outcome();
    let text = h.screen_text();
    assert!(text.contains("Game over"), "{outcome:?}\n{text}");
}
