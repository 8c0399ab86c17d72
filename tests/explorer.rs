//! The search tree explorer and its step-by-step replay, rendered to a `TestBackend`:
//! the textbook example (Russell and Norvig, Figure 5.5) shows its pruned moves with
//! the reason, and its replay follows the hand trace; driven through the arcade, the
//! explorer opens on the computer's search, counts it as the search did, compares it
//! with plain minimax and goes back to the game.

mod common;

use std::time::{Duration, Instant};

use common::screen::lines;
use ply::game::synthetic::{ExplicitTree, Synthetic};
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Playable};
use ply::search::tree::DEFAULT_NODE_CAP;
use ply::search::{Additions, Algorithm, Limits, SearchConfig, search};
use ply::tui::app::{App, Screen};
use ply::tui::recorded::{MinimaxState, RecordedSearch};
use ply::tui::screens::Action;
use ply::tui::screens::explorer::Explorer;
use ply::tui::theme::Theme;
use ply::tui::{EngineSettings, Launch, PlaySetup, Seat};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// Long enough for any search these tests start.
const PATIENCE: Duration = Duration::from_secs(60);

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn traced(config: SearchConfig) -> SearchConfig {
    SearchConfig {
        trace: Some(DEFAULT_NODE_CAP),
        ..config
    }
}

fn at_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// A search of `game` recorded as the arcade records it.
fn recorded<G: Playable + ply::tui::board::BoardGame>(
    game: &G,
    config: SearchConfig,
) -> RecordedSearch {
    let evaluator = G::evaluators().remove(0).evaluator;
    let result = search(
        game,
        evaluator.as_ref(),
        &traced(config.clone()),
        None,
        &mut (),
    );
    let tree = result.tree.expect("a traced search returns its tree");
    let sides = [
        G::side_name(ply::game::Player::First),
        G::side_name(ply::game::Player::Second),
    ];
    let algorithm = config.algorithm;
    RecordedSearch::new(
        &tree,
        game,
        evaluator,
        algorithm,
        "test".into(),
        false,
        sides,
    )
}

/// The textbook tree searched by plain alpha-beta at depth 2.
fn textbook() -> Explorer {
    let game = Synthetic::explicit(ExplicitTree::parse("((3,12,8),(2,4,6),(14,5,2))").unwrap());
    Explorer::new(recorded(&game, SearchConfig::plain_alpha_beta(at_depth(2))))
}

/// Draws the explorer on an 80x24 terminal and returns the screen's lines.
fn draw(explorer: &mut Explorer) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| explorer.render(frame, &Theme::plain()))
        .unwrap();
    lines(&terminal)
}

fn press(explorer: &mut Explorer, code: KeyCode) -> Action {
    explorer.handle_key(&key(code))
}

/// The row of the tree whose text starts (after the indent) with `cell`.
fn row_of(screen: &[String], cell: &str) -> usize {
    screen
        .iter()
        .position(|line| line.trim_start_matches(['│', ' ', '·']).starts_with(cell))
        .unwrap_or_else(|| panic!("no row {cell:?}:\n{}", screen.join("\n")))
}

#[test]
fn the_textbook_tree_shows_values_windows_and_the_moves_node_b_pruned() {
    let mut explorer = textbook();
    let screen = draw(&mut explorer);
    let text = screen.join("\n");
    assert!(
        text.contains("depth 2 · explored 11 nodes · leaves evaluated 7"),
        "{text}"
    );
    assert!(
        text.contains("cutoffs 1 · pruned moves 2 · recording complete"),
        "{text}"
    );
    assert!(screen[row_of(&screen, "▾ root")].contains("+3  [-inf, +inf]"));
    let first = &screen[row_of(&screen, "▸ 1")];
    assert!(first.contains("+3") && first.contains("PV"), "{first}");
    let second = &screen[row_of(&screen, "▸ 2")];
    assert!(second.contains("≤+2  [+3, +inf]"), "{second}");
    assert!(
        !text.contains("pruned 2 3"),
        "closed nodes hide their pruned moves"
    );

    // The second MIN node (B in some books, C in Russell and Norvig): open it.
    press(&mut explorer, KeyCode::Down);
    press(&mut explorer, KeyCode::Down);
    press(&mut explorer, KeyCode::Right);
    let screen = draw(&mut explorer);
    let text = screen.join("\n");
    assert!(
        text.contains("╌ pruned 2 3  (alpha cutoff: +2 <= alpha +3)"),
        "{text}"
    );
    assert!(
        text.contains("2: MIN, 1 ply left, value ≤+2, window [+3, +inf]"),
        "{text}"
    );
    // Its explored leaf is marked as scored at the horizon.
    let leaf = row_of(&screen, "▾ 2") + 1;
    assert!(screen[leaf].contains("+2") && screen[leaf].contains("horizon"));
    // Left on the open node closes it, then goes up to the root.
    press(&mut explorer, KeyCode::Left);
    assert!(!draw(&mut explorer).join("\n").contains("pruned 2 3"));
    press(&mut explorer, KeyCode::Left);
    assert!(
        draw(&mut explorer)
            .join("\n")
            .contains(" the root: MAX, 2 plies left")
    );
}

#[test]
fn the_principal_variation_is_followed_and_opened_by_p() {
    let mut explorer = textbook();
    press(&mut explorer, KeyCode::Char('p'));
    assert!(
        draw(&mut explorer)
            .join("\n")
            .contains(" 1: MIN, 1 ply left, value +3")
    );
    press(&mut explorer, KeyCode::Char('p'));
    let screen = draw(&mut explorer);
    assert!(
        screen
            .join("\n")
            .contains(" 1: MAX, 0 plies left, value +3")
    );
    assert!(screen[row_of(&screen, "1 ")].contains("PV horizon"));
    press(&mut explorer, KeyCode::Char('p'));
    assert!(
        draw(&mut explorer).join("\n").contains(" the root: MAX"),
        "back to the start"
    );
    // P opens the whole line without moving the selection; End goes to the last row.
    press(&mut explorer, KeyCode::Left);
    press(&mut explorer, KeyCode::Char('P'));
    press(&mut explorer, KeyCode::End);
    let screen = draw(&mut explorer);
    assert!(
        screen.join("\n").contains(" 3: MIN"),
        "{}",
        screen.join("\n")
    );
    assert_eq!(screen.iter().filter(|l| l.contains("  PV")).count(), 3);
}

#[test]
fn a_click_selects_a_row_and_a_second_click_opens_it() {
    let mut explorer = textbook();
    let screen = draw(&mut explorer);
    let row = row_of(&screen, "▸ 3") as u16;
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 10,
        row,
        modifiers: KeyModifiers::NONE,
    };
    explorer.handle_mouse(&click);
    assert!(draw(&mut explorer).join("\n").contains(" 3: MIN"));
    explorer.handle_mouse(&click);
    let screen = draw(&mut explorer);
    assert!(screen.join("\n").contains("▾ 3"), "{}", screen.join("\n"));
    assert!(screen[row_of(&screen, "▾ 3") + 2].contains("+5"));
}

#[test]
fn the_replay_follows_the_hand_trace_of_the_textbook_example() {
    let mut explorer = textbook();
    press(&mut explorer, KeyCode::Char('s'));
    assert!(explorer.replaying());
    let mut described = Vec::new();
    let mut screens = Vec::new();
    // 34 steps: at the last MIN node the last leaf reaches alpha with nothing left
    // to prune, which the course does not count as a cut.
    for step in 1..=34 {
        let screen = draw(&mut explorer);
        let detail = screen[22].trim().to_string();
        assert!(detail.starts_with(&format!("step {step}/34: ")), "{detail}");
        described.push(detail.split_once(": ").unwrap().1.to_string());
        screens.push(screen);
        press(
            &mut explorer,
            if step % 2 == 0 {
                KeyCode::Char('n')
            } else {
                KeyCode::Right
            },
        );
    }
    let expected = [
        (1, "enter the root (MAX) with window [-inf, +inf]"),
        (2, "enter 1 (MIN) with window [-inf, +inf]"),
        (4, "evaluate 1: +3"),
        (5, "return +3 from 1"),
        (6, "beta falls to +3 at 1"),
        (7, "enter 2 (MAX) with window [-inf, +3]"),
        (13, "return +3 from 1"),
        (14, "alpha rises to +3 at the root"),
        (15, "enter 2 (MIN) with window [+3, +inf]"),
        (16, "enter 1 (MAX) with window [+3, +inf]"),
        (17, "evaluate 1: +2"),
        (19, "cut at 2 (alpha cutoff: +2 <= alpha +3), prune 2 3"),
        (20, "return +2 from 2"),
        (26, "enter 2 (MAX) with window [+3, +14]"),
        (29, "beta falls to +5 at 3"),
        (33, "return +2 from 3"),
        (34, "return +3 from the root"),
    ];
    for (step, words) in expected {
        assert_eq!(described[step - 1], words, "step {step}");
    }
    // Nodes appear as they are entered; the current window narrows as values come back.
    let tree_rows = |screen: &[String]| -> Vec<String> {
        screen[8..21]
            .iter()
            .map(|l| l.trim_matches('│').trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    };
    assert_eq!(tree_rows(&screens[0]).len(), 1, "only the root is entered");
    assert!(tree_rows(&screens[0])[0].contains("…  [-inf, +inf]"));
    assert_eq!(tree_rows(&screens[4]).len(), 3);
    let b = &screens[5][row_of(&screens[5], "1 ")];
    assert!(
        b.contains("…  [-inf, +3]"),
        "B's window after its first leaf: {b}"
    );
    assert!(
        !screens[17].join("\n").contains("╌ pruned"),
        "no cut before step 19"
    );
    let cut = screens[18].join("\n");
    assert!(
        cut.contains("╌ pruned 2 3  (alpha cutoff: +2 <= alpha +3)"),
        "{cut}"
    );
    assert!(
        !cut.contains("PV"),
        "the principal variation is not known yet"
    );
    assert!(screens[33].join("\n").contains("PV"));

    // Back one step, then the replay ends and the tree is browsable again.
    press(&mut explorer, KeyCode::Char('b'));
    press(&mut explorer, KeyCode::Left);
    assert!(draw(&mut explorer)[22].contains("step 32/34"));
    press(&mut explorer, KeyCode::Home);
    assert!(draw(&mut explorer)[22].contains("step 1/34"));
    assert!(matches!(press(&mut explorer, KeyCode::Esc), Action::Stay));
    assert!(!explorer.replaying());
    assert!(matches!(
        press(&mut explorer, KeyCode::Esc),
        Action::BackToGame
    ));
}

#[test]
fn big_trees_are_not_replayed_and_minimax_reports_its_count() {
    // Minimax at depth 4 on the empty board: 3,610 nodes, too many steps to replay.
    let mut explorer = Explorer::new(recorded(
        &TicTacToe::new(),
        SearchConfig::minimax(at_depth(4)),
    ));
    press(&mut explorer, KeyCode::Char('s'));
    assert!(!explorer.replaying());
    let text = draw(&mut explorer).join("\n");
    assert!(text.contains("too many to replay by hand"), "{text}");

    press(&mut explorer, KeyCode::Char('m'));
    let start = Instant::now();
    while !matches!(explorer.minimax(), Some(MinimaxState::Done { .. })) {
        assert!(start.elapsed() < PATIENCE);
        explorer.tick();
        std::thread::sleep(Duration::from_millis(2));
    }
    let expected = 1 + 9 + 72 + 504 + 3024;
    assert_eq!(
        explorer.minimax(),
        Some(MinimaxState::Done {
            nodes: expected,
            over_budget: false
        })
    );
    let text = draw(&mut explorer).join("\n");
    assert!(text.contains("3,610 nodes  1.0x as many"), "{text}");
    assert!(text.contains("100.0% of minimax"), "{text}");
}

struct Arcade {
    app: App,
    terminal: Terminal<TestBackend>,
}

impl Arcade {
    fn new(setup: PlaySetup) -> Arcade {
        Arcade {
            app: App::new(Launch::Game(setup), Theme::plain()).unwrap(),
            terminal: Terminal::new(TestBackend::new(80, 24)).unwrap(),
        }
    }

    fn press(&mut self, code: KeyCode) {
        self.app.handle_key(key(code));
    }

    fn screen(&mut self) -> String {
        let app = &mut self.app;
        self.terminal.draw(|frame| app.render(frame)).unwrap();
        lines(&self.terminal).join("\n")
    }

    fn wait_until(&mut self, what: &str, done: impl Fn(&mut Arcade) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(start.elapsed() < PATIENCE, "timed out waiting for {what}");
            self.app.tick();
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn exploring(&self) -> bool {
        matches!(self.app.screen(), Screen::Explorer { .. })
    }
}

fn engine(algorithm: Algorithm, depth: Option<u32>, time: Option<Duration>) -> EngineSettings {
    EngineSettings {
        algorithm,
        additions: Additions {
            table: true,
            ..Additions::NONE
        },
        max_player: None,
        eval: "seed".into(),
        depth,
        time,
        nodes: None,
    }
}

#[test]
fn the_explorer_counts_the_computers_search_and_compares_it_with_minimax() {
    let settings = engine(Algorithm::AlphaBeta, Some(2), None);
    let setup = PlaySetup {
        second: Seat::Computer(settings.clone()),
        ..PlaySetup::new("tictactoe")
    };
    let mut h = Arcade::new(setup);
    h.press(KeyCode::Char('t'));
    assert!(!h.exploring());
    assert!(h.screen().contains("no search tree yet"));

    h.press(KeyCode::Enter); // b2
    h.wait_until("the computer's reply", |h| {
        h.app.session().unwrap().played().len() == 2
    });
    h.press(KeyCode::Char('t'));
    assert!(h.exploring());
    let text = h.screen();

    // The same search, repeated here: single-threaded search is deterministic.
    let mut game = TicTacToe::new();
    game.play(game.parse_move("b2").unwrap());
    let evaluator = TicTacToe::evaluators().remove(0).evaluator;
    let result = search(
        &game,
        evaluator.as_ref(),
        &traced(settings.config()),
        None,
        &mut (),
    );
    let tree = result.tree.unwrap();
    let view = h.app.session().unwrap().search().unwrap();
    assert_eq!(Some(&tree.visited), view.stats.nodes_per_iteration.last());
    assert_eq!(
        tree.cutoffs, view.stats.cutoffs,
        "iteration 1 has no cutoffs"
    );
    for shown in [
        format!("depth 2 · explored {} nodes", tree.visited),
        format!("leaves evaluated {}", tree.leaves()),
        format!("TT hits {}", tree.table_hits()),
        format!(
            "cutoffs {} · pruned moves {}",
            tree.cutoffs, tree.pruned_moves
        ),
    ] {
        assert!(text.contains(&shown), "{shown}:\n{text}");
    }
    assert!(text.contains("O (computer), move 2"), "{text}");

    h.press(KeyCode::Char('?'));
    assert!(h.screen().contains("replay the search step by step"));
    h.press(KeyCode::Char('?'));

    // Plain minimax on the same position at depth 2: 1 + 8 + 56 nodes.
    h.press(KeyCode::Char('m'));
    h.wait_until("minimax's count", |h| match h.app.screen() {
        Screen::Explorer { explorer, .. } => {
            matches!(explorer.minimax(), Some(MinimaxState::Done { .. }))
        }
        _ => false,
    });
    let text = h.screen();
    assert!(
        text.contains("plain minimax") && text.contains(" 65 nodes"),
        "{text}"
    );
    let share = format!("{:.1}% of minimax", tree.visited as f64 / 65.0 * 100.0);
    assert!(text.contains(&share), "{share}:\n{text}");

    h.press(KeyCode::Char('q'));
    assert!(!h.exploring());
    assert!(h.screen().contains("X (human) to move"));
}

#[test]
fn during_a_search_the_explorer_shows_its_last_finished_iteration() {
    let settings = engine(Algorithm::Minimax, None, Some(Duration::from_secs(20)));
    let mut setup = PlaySetup {
        first: Seat::Computer(settings),
        second: Seat::Human,
        ..PlaySetup::new("synthetic")
    };
    setup.options = GameOptions::parse(&["b=12", "d=12"]).unwrap();
    let mut h = Arcade::new(setup);
    h.wait_until("a finished iteration", |h| {
        h.app
            .session()
            .unwrap()
            .search()
            .is_some_and(|v| v.depth >= 2)
    });
    h.press(KeyCode::Char('t'));
    assert!(h.exploring());
    let text = h.screen();
    assert!(text.contains("the search still runs"), "{text}");
    assert!(text.contains("MAX (computer), move 1"), "{text}");
    // The real search goes on behind the explorer.
    h.app.tick();
    assert!(h.app.session().unwrap().thinking());
    h.press(KeyCode::Esc);
    assert!(!h.exploring());
    assert!(h.app.session().unwrap().thinking());
}
