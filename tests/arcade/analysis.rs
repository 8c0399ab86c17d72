//! The analysis board driven by keys on a `TestBackend`, in chess, Go (Monte
//! Carlo: visits and win rates) and Connect Four: the search deepens, stepping
//! back re-targets it (board, side to move and lines change), `+` asks for more
//! lines, `t` opens the explorer, `p` plays on from the shown position with the
//! human to move; a position that does not parse is refused in one line, and
//! one set up on the board (`b`) is analysed.

use super::common::arcade::Arcade;

use ply::game::{GameOptions, Player};
use ply::tui::app::{App, Front};
use ply::tui::screens::analysis::{Analysis, LinesView};
use ply::tui::theme::Theme;
use ply::tui::{Launch, PlaySetup, Seat};
use ratatui::crossterm::event::KeyCode;

/// The arcade opened on the analysis board of `game` after `moves`.
fn analysing(game: &str, moves: &str, size: (u16, u16)) -> Arcade {
    let setup = PlaySetup {
        moves: Some(moves.to_string()),
        ..PlaySetup::new(game)
    };
    let app = App::new(Launch::Analysis(setup), Theme::plain()).expect("the setup is valid");
    Arcade::on(app, size)
}

fn analysis(arcade: &Arcade) -> &Analysis {
    match arcade.app.screen() {
        Front::Analysis(analysis) => analysis,
        _ => panic!("the analysis board is not in front"),
    }
}

fn lines(arcade: &Arcade) -> LinesView {
    analysis(arcade).lines()
}

/// The board's box, bar and facts left out: its rows down to its bottom border.
fn board_rows(screen: &str) -> String {
    let width = screen
        .lines()
        .map(|row| row.chars().count())
        .max()
        .unwrap_or(0);
    let mut rows = Vec::new();
    for row in screen.lines().skip(1) {
        let left: String = row.chars().skip(3).take(width / 2).collect();
        let bottom = left.contains('└');
        rows.push(left);
        if bottom {
            break;
        }
    }
    rows.join("\n")
}

/// Waits for a first line, then for the search to go deeper than it was.
fn wait_for_deeper_lines(arcade: &mut Arcade) -> LinesView {
    arcade.wait_until("a first line", |a| !lines(a).lines.is_empty());
    let first = lines(arcade).depth;
    arcade.wait_until("a deeper search", |a| {
        let view = lines(a);
        view.depth > first || view.finished
    });
    let view = lines(arcade);
    assert!(view.depth > first, "the search deepened: {view:?}");
    assert!(
        view.nodes > 0 && !view.lines[0].moves.is_empty(),
        "{view:?}"
    );
    view
}

/// Waits until line `number` (from 1) goes on past its first move: the
/// search's own line, whole, as the panel and UCI show it.
fn wait_for_whole_line(arcade: &mut Arcade, number: usize) {
    arcade.wait_until(&format!("line {number} of several moves"), |a| {
        lines(a)
            .lines
            .get(number - 1)
            .is_some_and(|line| line.moves.len() > 1)
    });
}

/// Steps one move back and waits for the lines of the new position.
fn step_back(arcade: &mut Arcade, before: &LinesView) -> LinesView {
    let (ply, mover, board) = (
        analysis(arcade).ply(),
        analysis(arcade).to_move(),
        board_rows(&arcade.screen()),
    );
    let searches = analysis(arcade).searches();
    arcade.press(KeyCode::Left);
    assert_eq!(analysis(arcade).ply(), ply - 1);
    assert_eq!(analysis(arcade).to_move(), mover.other());
    assert_eq!(analysis(arcade).searches(), searches + 1, "a new search");
    assert_ne!(board_rows(&arcade.screen()), board, "the board changed");
    arcade.wait_until("lines of the position before", |a| {
        !lines(a).lines.is_empty()
    });
    let after = lines(arcade);
    assert_ne!(after.lines, before.lines, "the lines changed");
    after
}

/// `p`, a level, Enter: a game from the shown position, the human to move.
fn play_on(arcade: &mut Arcade, level: char) {
    let (ply, mover) = (analysis(arcade).ply(), analysis(arcade).to_move());
    arcade.press(KeyCode::Char('p'));
    let picker = arcade.screen();
    assert!(
        picker.contains("Play on") && picker.contains("level 5"),
        "{picker}"
    );
    arcade.press(KeyCode::Char(level));
    assert!(arcade.screen().contains(&format!("level {level}")));
    arcade.press(KeyCode::Enter);
    let session = arcade.app.session().expect("a game is on screen");
    assert!(matches!(arcade.app.screen(), Front::Play(_)));
    assert_eq!(
        session.played().len(),
        ply,
        "the moves before are its history"
    );
    assert_eq!(session.to_move(), mover);
    assert_eq!(session.seat(mover), &Seat::Human);
    assert!(session.seat(mover.other()).engine().is_some());
    assert!(session.human_to_move());
}

#[test]
fn chess_lines_deepen_follow_the_moves_and_play_on() {
    let mut arcade = analysing("chess", "e4 e5 Nf3", (120, 40));
    let screen = arcade.screen();
    assert!(screen.contains("Analysis: Chess"), "{screen}");
    assert!(screen.contains("move 3 of 3 · Black to move"), "{screen}");
    let deeper = wait_for_deeper_lines(&mut arcade);
    let screen = arcade.screen();
    assert!(screen.contains("Best line of 1, Black's view"), "{screen}");
    // The screen ticks as it draws: what it shows is the lines as they are now.
    let shown = lines(&arcade);
    // Long lines wrap between moves; the first row holds the line's first moves.
    let mut start = String::new();
    for word in &shown.lines[0].moves {
        if start.len() + word.len() > 30 {
            break;
        }
        start = format!("{start} {word}");
    }
    assert!(screen.contains(start.trim()), "{screen}");
    assert!(screen.contains("Evaluation, White's view"), "{screen}");
    step_back(&mut arcade, &deeper);
    assert!(arcade.screen().contains("move 2 of 3 · White to move"));
    arcade.press(KeyCode::Char('+'));
    assert_eq!(analysis(&arcade).multi_pv(), 2);
    arcade.wait_until("lines again", |a| !lines(a).lines.is_empty());
    let screen = arcade.screen();
    assert!(screen.contains("Best lines of 2"), "{screen}");
    assert!(lines(&arcade).lines.len() <= 2);
    // Line 2 is the search's own second line, whole, as the panel and UCI show it.
    wait_for_whole_line(&mut arcade, 2);
    arcade.press(KeyCode::Char('t'));
    arcade.wait_until("the explorer", |a| a.exploring());
    arcade.press(KeyCode::Esc);
    assert!(matches!(arcade.app.screen(), Front::Analysis(_)));
    play_on(&mut arcade, '3');
    let screen = arcade.screen();
    assert!(screen.contains("e4"), "{screen}");
}

#[test]
fn go_shows_visits_and_win_rates_and_follows_the_moves() {
    let mut arcade = analysing("go", "E5 C3", (80, 24));
    let deeper = wait_for_deeper_lines(&mut arcade);
    assert!(deeper.monte_carlo);
    assert!(deeper.lines[0].visits.is_some_and(|v| v > 0), "{deeper:?}");
    arcade.wait_until("visits on screen", |a| a.screen().contains("visits"));
    let screen = arcade.screen();
    assert!(screen.contains("playouts"), "{screen}");
    step_back(&mut arcade, &deeper);
    arcade.press(KeyCode::Char('+'));
    arcade.press(KeyCode::Char('+'));
    assert_eq!(analysis(&arcade).multi_pv(), 3);
    arcade.wait_until("three lines", |a| lines(a).lines.len() == 3);
    wait_for_whole_line(&mut arcade, 3);
    arcade.press(KeyCode::Char('t'));
    assert!(matches!(arcade.app.screen(), Front::MctsExplorer { .. }));
    arcade.press(KeyCode::Esc);
    play_on(&mut arcade, '1');
}

#[test]
fn connect_four_steps_back_and_plays_on_at_80_by_24() {
    let mut arcade = analysing("connect4", "4 4 3", (80, 24));
    let deeper = wait_for_deeper_lines(&mut arcade);
    let after = step_back(&mut arcade, &deeper);
    assert_eq!(analysis(&arcade).to_move(), Player::First);
    assert!(!after.lines.is_empty());
    arcade.press(KeyCode::End);
    assert_eq!(analysis(&arcade).ply(), 3);
    arcade.press(KeyCode::Home);
    assert_eq!(analysis(&arcade).ply(), 0);
    arcade.press(KeyCode::Char('+'));
    assert_eq!(analysis(&arcade).multi_pv(), 2);
    arcade.wait_until("an iteration to explore", |a| lines(a).depth > 1);
    arcade.press(KeyCode::Char('t'));
    arcade.wait_until("the explorer", |a| a.exploring());
    arcade.press(KeyCode::Esc);
    arcade.press(KeyCode::Char('l'));
    play_on(&mut arcade, '2');
}

#[test]
fn a_typed_position_is_analysed_and_a_bad_one_refused_in_one_line() {
    let mut arcade = analysing("connect4", "", (80, 24));
    arcade.press(KeyCode::Char('e'));
    arcade.type_text("not a position");
    arcade.press(KeyCode::Enter);
    let screen = arcade.screen();
    assert!(screen.contains("position 'not a position'"), "{screen}");
    assert_eq!(analysis(&arcade).moves(), 0, "still the board it was");
    arcade.press(KeyCode::Esc);
    assert!(matches!(arcade.app.screen(), Front::Analysis(_)));
    let position =
        ply::game::visit_game("connect4", StartAfter(GameOptions::default(), "4 4")).unwrap();
    arcade.press(KeyCode::Char('e'));
    arcade.type_text(&position);
    arcade.press(KeyCode::Enter);
    assert_eq!(analysis(&arcade).to_move(), Player::First);
    let screen = arcade.screen();
    assert!(screen.contains("analysing the position typed"), "{screen}");
    arcade.wait_until("lines", |a| !lines(a).lines.is_empty());
}

/// The position after some moves from the start, in the game's notation.
struct StartAfter(GameOptions, &'static str);

impl ply::game::GameVisitor for StartAfter {
    type Output = String;
    fn visit<G: ply::game::Playable>(self) -> String {
        let game = G::setup(&self.0, None, Some(self.1)).unwrap();
        game.format_position()
    }
}

#[test]
fn the_menu_the_game_and_the_review_open_the_analysis_board() {
    let mut arcade = Arcade::on(App::new(Launch::Menu, Theme::plain()).unwrap(), (80, 24));
    arcade.press(KeyCode::Char('a'));
    assert!(matches!(arcade.app.screen(), Front::Analysis(_)));
    arcade.press(KeyCode::Esc);
    assert!(matches!(arcade.app.screen(), Front::Menu));
    let setup = PlaySetup {
        first: Seat::Human,
        second: Seat::Human,
        ..PlaySetup::new("connect4")
    };
    let mut arcade = Arcade::game(setup, 80, 24);
    arcade.type_text("4");
    arcade.press(KeyCode::Enter);
    arcade.type_text("3");
    arcade.press(KeyCode::Enter);
    assert_eq!(arcade.played(), 2);
    arcade.press(KeyCode::Char('z'));
    assert_eq!(analysis(&arcade).ply(), 2);
    arcade.press(KeyCode::Esc);
    arcade.press(KeyCode::Char('v'));
    arcade.press(KeyCode::Left);
    arcade.press(KeyCode::Char('a'));
    assert_eq!(analysis(&arcade).ply(), 1, "at the reviewed move");
    assert_eq!(analysis(&arcade).moves(), 2);
}

/// `n` presses of `code`.
fn press_times(arcade: &mut Arcade, code: KeyCode, n: usize) {
    for _ in 0..n {
        arcade.press(code);
    }
}

#[test]
fn a_chess_position_set_up_on_the_board_is_analysed_and_a_kingless_one_refused() {
    let mut arcade = analysing("chess", "e4 e5", (80, 24));
    arcade.press(KeyCode::Char('b'));
    let editor = arcade.screen();
    assert!(editor.contains("Set up the position"), "{editor}");
    assert!(editor.contains("White to move"), "{editor}");
    assert!(
        editor.contains("r n b q k b n r"),
        "the shown position: {editor}"
    );
    // An empty board has no kings: the FEN reader's reason, the editor still open.
    arcade.press(KeyCode::Char('0'));
    arcade.press(KeyCode::Enter);
    let refused = arcade.screen();
    assert!(
        refused.contains("position '8/8/8/8/8/8/8/8 w - - 0 1'"),
        "{refused}"
    );
    assert!(refused.contains("Set up the position"), "{refused}");
    assert_eq!(analysis(&arcade).moves(), 2, "still the game it was");
    // The cursor starts on e4: a white king on e1 and rook on a1, a black king on e8.
    press_times(&mut arcade, KeyCode::Down, 3);
    arcade.press(KeyCode::Char('K'));
    press_times(&mut arcade, KeyCode::Left, 4);
    arcade.press(KeyCode::Char('R'));
    press_times(&mut arcade, KeyCode::Up, 7);
    press_times(&mut arcade, KeyCode::Right, 4);
    arcade.press(KeyCode::Char('k'));
    arcade.press(KeyCode::Char('z'));
    assert!(arcade.screen().contains("no piece 'z' here"));
    arcade.press(KeyCode::Enter);
    let screen = arcade.screen();
    assert!(screen.contains("analysing the position set up"), "{screen}");
    assert!(!screen.contains("Set up the position"), "{screen}");
    assert_eq!(analysis(&arcade).moves(), 0);
    assert_eq!(analysis(&arcade).to_move(), Player::First);
    arcade.wait_until("lines", |a| !lines(a).lines.is_empty());
    // Set up again from there, with Black to move: the castling right is gone
    // once the rook leaves a1.
    arcade.press(KeyCode::Char('b'));
    assert!(arcade.screen().contains("k · · ·"), "the position analysed");
    arcade.press(KeyCode::Tab);
    assert!(arcade.screen().contains("Black to move"));
    arcade.press(KeyCode::Enter);
    assert_eq!(analysis(&arcade).to_move(), Player::Second);
}

#[test]
fn go_stones_set_up_on_the_board_and_connect_four_typed_instead() {
    let mut arcade = analysing("go", "", (80, 24));
    arcade.press(KeyCode::Char('b'));
    let editor = arcade.screen();
    assert!(
        editor.contains("A B C D E F G H J"),
        "GTP's columns: {editor}"
    );
    arcade.press(KeyCode::Char('x'));
    arcade.press(KeyCode::Right);
    arcade.press(KeyCode::Char('o'));
    arcade.press(KeyCode::Tab);
    arcade.press(KeyCode::Enter);
    assert_eq!(analysis(&arcade).to_move(), Player::Second);
    let screen = arcade.screen();
    assert!(screen.contains("analysing the position set up"), "{screen}");
    arcade.wait_until("visits", |a| !lines(a).lines.is_empty());

    let mut arcade = analysing("connect4", "4", (80, 24));
    arcade.press(KeyCode::Char('b'));
    let screen = arcade.screen();
    assert!(
        screen.contains("Connect Four positions are not set up square by square"),
        "{screen}"
    );
    assert!(!screen.contains("Set up the position"));
}
