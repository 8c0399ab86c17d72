//! The search tree explorer and its step-by-step replay, rendered to a `TestBackend`:
//! the textbook example (Russell and Norvig, Figure 5.5) shows its pruned moves with
//! the reason, and its replay follows the hand trace; driven through the arcade, the
//! explorer opens on the computer's search, counts it as the search did, compares it
//! with plain minimax and goes back to the game.

use super::common;

use std::time::{Duration, Instant};

use common::arcade::Arcade;
use common::screen::lines;
use ply::game::connect4::ConnectFour;
use ply::game::grundy::Grundy;
use ply::game::synthetic::{ExplicitTree, Synthetic};
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Playable, Player, find_game};
use ply::search::shape::Step;
use ply::search::tree::DEFAULT_NODE_CAP;
use ply::search::{Additions, Algorithm, Limits, SearchConfig, search};
use ply::tui::app::Front as Screen;
use ply::tui::panel::compact;
use ply::tui::recorded::{MinimaxState, RecordedSearch};
use ply::tui::screens::Action;
use ply::tui::screens::explorer::Explorer;
use ply::tui::screens::setup::Setup;
use ply::tui::screens::shape::ShapeScreen;
use ply::tui::theme::Theme;
use ply::tui::{EngineSettings, PlaySetup, Seat};
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
        text.contains("cutoffs 1 · pruned moves 2 · prunes on equal · recording complete"),
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
    // Its explored leaf is a written tree's leaf, not the horizon: the tree is
    // searched to its full height.
    let leaf = row_of(&screen, "▾ 2") + 1;
    assert!(screen[leaf].contains("+2") && screen[leaf].contains("leaf"));
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
fn the_summary_says_which_pruning_rule_ran() {
    let game = Synthetic::explicit(ExplicitTree::parse("((3,12,8),(3,4,6),(14,5,2))").unwrap());
    let strict = SearchConfig {
        prune_on_equal: false,
        ..SearchConfig::plain_alpha_beta(at_depth(2))
    };
    let text = draw(&mut Explorer::new(recorded(&game, strict))).join("\n");
    assert!(text.contains("leaves evaluated 9"), "{text}");
    assert!(
        text.contains("pruned moves 0 · strict · recording"),
        "{text}"
    );
    let equal = SearchConfig::plain_alpha_beta(at_depth(2));
    let text = draw(&mut Explorer::new(recorded(&game, equal))).join("\n");
    assert!(text.contains("leaves evaluated 7"), "{text}");
    assert!(
        text.contains("pruned moves 2 · prunes on equal · "),
        "{text}"
    );
    let minimax = SearchConfig::for_algorithm_in_game(Algorithm::Minimax, at_depth(2), false);
    let engine = SearchConfig::for_algorithm_in_game(Algorithm::Engine, at_depth(2), false);
    for config in [minimax, engine] {
        let text = draw(&mut Explorer::new(recorded(&game, config))).join("\n");
        assert!(text.contains("pruned moves"), "{text}");
        assert!(
            !text.contains("strict") && !text.contains("prunes on equal"),
            "only the course's alpha-beta has a choice of rule:\n{text}"
        );
    }
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
            .contains(" 1.1: MAX, 0 plies left, value +3")
    );
    assert!(screen[row_of(&screen, "1 ")].contains("PV leaf"));
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
        (4, "evaluate 1.1: +3"),
        (5, "return +3 from 1.1"),
        (6, "beta falls to +3 at 1"),
        (7, "enter 1.2 (MAX) with window [-inf, +3]"),
        (13, "return +3 from 1"),
        (14, "alpha rises to +3 at the root"),
        (15, "enter 2 (MIN) with window [+3, +inf]"),
        (16, "enter 2.1 (MAX) with window [+3, +inf]"),
        (17, "evaluate 2.1: +2"),
        (19, "cut at 2 (alpha cutoff: +2 <= alpha +3), prune 2 3"),
        (20, "return +2 from 2"),
        (26, "enter 3.2 (MAX) with window [+3, +14]"),
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
            .map(|l| {
                l.split("││")
                    .next()
                    .unwrap()
                    .trim_matches('│')
                    .trim()
                    .to_string()
            })
            .filter(|l| !l.is_empty())
            .collect()
    };
    assert_eq!(tree_rows(&screens[0]).len(), 1, "only the root is entered");
    // A node being searched shows its best so far, as MaxVal's v starts at -inf.
    assert!(tree_rows(&screens[0])[0].contains("≥-inf  [-inf, +inf]"));
    assert_eq!(tree_rows(&screens[4]).len(), 3);
    let b = &screens[5][row_of(&screens[5], "1 ")];
    assert!(
        b.contains("≤+3  [-inf, +3]"),
        "B is worth at most its first leaf, and its window closes there: {b}"
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

/// The arcade on a game, at 80x24.
fn explorer_arcade(setup: PlaySetup) -> Arcade {
    Arcade::game(setup, 80, 24)
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
        ..EngineSettings::default()
    }
}

#[test]
fn the_explorer_counts_the_computers_search_and_compares_it_with_minimax() {
    let settings = engine(Algorithm::AlphaBeta, Some(2), None);
    let setup = PlaySetup {
        second: Seat::Computer(settings.clone()),
        ..PlaySetup::new("tictactoe")
    };
    let mut h = explorer_arcade(setup);
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
    assert!(h.screen().contains("Legend and glossary"));
    h.press(KeyCode::Char('?'));
    assert!(!h.screen().contains("Legend and glossary"));

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
    let mut h = explorer_arcade(setup);
    h.wait_until("a finished iteration", |h| {
        h.app
            .session()
            .unwrap()
            .search()
            .is_some_and(|v| v.depth >= 2)
    });
    h.press(KeyCode::Char('t'));
    // A deep iteration's tree is built off the UI thread: it opens a few ticks on.
    h.wait_until("the explorer", |h| h.exploring());
    let text = h.screen();
    assert!(text.contains("still searching"), "{text}");
    assert!(text.contains("MAX (computer), move 1"), "{text}");
    // The real search goes on behind the explorer.
    h.app.tick();
    assert!(h.app.session().unwrap().thinking());
    h.press(KeyCode::Esc);
    assert!(!h.exploring());
    assert!(h.app.session().unwrap().thinking());
}

// ---- The explorer as a lesson: position pane, MAX/MIN, strategy, legend, export ----

/// Draws the explorer on a `width` x `height` terminal and returns the screen's lines.
fn draw_at(explorer: &mut Explorer, (width, height): (u16, u16)) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| explorer.render(frame, &Theme::plain()))
        .unwrap();
    lines(&terminal)
}

/// The two sizes every explorer view must fit without cut-off text.
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// A search recorded with MAX set to `max`.
fn recorded_for<G: Playable + ply::tui::board::BoardGame>(
    game: &G,
    max: Player,
    config: SearchConfig,
) -> Explorer {
    let config = SearchConfig {
        max_player: Some(max),
        ..config
    };
    Explorer::new(recorded(game, config))
}

/// Moves the selection down until the position pane is titled with `label`.
fn select_label(explorer: &mut Explorer, label: &str) -> Vec<String> {
    let title = format!("Position · {label} ");
    for _ in 0..200 {
        let screen = draw_at(explorer, (120, 40));
        if screen.iter().any(|l| l.contains(&title)) {
            return screen;
        }
        press(explorer, KeyCode::Down);
    }
    panic!("no node {label}");
}

/// The position pane's text: the right-hand box of the screen's middle rows.
fn pane_text(screen: &[String]) -> String {
    screen
        .iter()
        .filter_map(|line| {
            line.rsplit_once("││")
                .map(|(_, pane)| pane.trim_end_matches('│'))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Grundy's heap of 7 with MAX moving second, as on the course's slide.
fn grundy_seven(config: SearchConfig) -> Explorer {
    recorded_for(&grundy(7), Player::Second, config)
}

fn grundy(heap: u32) -> Grundy {
    Grundy::start(&GameOptions::parse(&[&format!("heap={heap}")]).unwrap()).unwrap()
}

#[test]
fn the_position_pane_draws_the_courses_tic_tac_toe_example_with_its_terms() {
    // X in the centre, O to move; MAX is X. After O's b3 (the top edge) comes the
    // course's worked example: X has 6 open lines, O 4, e(P) = 6 - 4 = 2.
    let game = TicTacToe::parse_position(".../.x./...", &GameOptions::default()).unwrap();
    let mut explorer = recorded_for(
        &game,
        Player::First,
        SearchConfig::plain_alpha_beta(at_depth(1)),
    );
    select_label(&mut explorer, "b3");
    for size in SIZES {
        let screen = draw_at(&mut explorer, size);
        let pane = pane_text(&screen);
        assert!(pane.contains("3 │   │ O │   │"), "{size:?}\n{pane}");
        assert!(pane.contains("2 │   │ X │   │"), "{size:?}\n{pane}");
        assert!(pane.contains("evaluation +2 for MAX (X)"), "{pane}");
        assert!(pane.contains("e(P) = 6 - 4 = 2"), "{size:?}\n{pane}");
        assert!(
            pane.contains("open diagonals: 2 - 0 → +2"),
            "{size:?}\n{pane}"
        );
        // The row agrees: a horizon leaf is worth its evaluation.
        assert!(screen[row_of(&screen, "b3")].contains("+2"));
    }
    // `v` hides the pane, and shows it again.
    press(&mut explorer, KeyCode::Char('v'));
    assert!(
        !draw_at(&mut explorer, (120, 40))
            .join("\n")
            .contains("Position ·")
    );
    press(&mut explorer, KeyCode::Char('v'));
    assert!(
        draw_at(&mut explorer, (120, 40))
            .join("\n")
            .contains("Position · b3")
    );
}

#[test]
fn the_position_pane_draws_grundys_heaps_and_says_who_won_a_finished_game() {
    let mut explorer = grundy_seven(SearchConfig::minimax(Limits::default()));
    press(&mut explorer, KeyCode::Char('*'));
    let screen = select_label(&mut explorer, "7=4+3");
    let pane = pane_text(&screen);
    assert!(pane.contains("4 ● ● ● ●"), "{pane}");
    assert!(pane.contains("3 ● ● ●"), "{pane}");
    // 7 -> 6,1 -> 4,2,1 -> 3,2,1,1 -> 2,2,1,1,1: no heap can be split unequally,
    // First is to move and loses: Second (MAX) wins.
    press(&mut explorer, KeyCode::Char('x'));
    press(&mut explorer, KeyCode::Home);
    let screen = select_label(&mut explorer, "2,2,1,1,1");
    assert!(
        pane_text(&screen).contains("game over: Second wins (MAX)"),
        "{}",
        pane_text(&screen)
    );
}

#[test]
fn the_position_pane_draws_connect_four_and_the_evaluation_it_explains() {
    let game = ConnectFour::start(&GameOptions::default()).unwrap();
    let mut explorer = recorded_for(
        &game,
        Player::First,
        SearchConfig::plain_alpha_beta(at_depth(1)),
    );
    let screen = select_label(&mut explorer, "4");
    let pane = pane_text(&screen);
    // A stone dropped in an empty column lands on the bottom row: the grid's last
    // row has the one stone, in the fourth column, bracketed as the last move.
    let rows: Vec<Vec<String>> = pane
        .lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix('│')?
                .strip_suffix('│')
                .map(str::to_string)
        })
        .map(|row| {
            let cells: Vec<char> = row.chars().collect();
            cells.chunks(3).map(|c| c.iter().collect()).collect()
        })
        .collect();
    assert_eq!(rows.len(), 6, "{pane}");
    assert_eq!(rows[5][3], "(X)", "{pane}");
    let stones = rows.iter().flatten().filter(|c| c.trim() != ".").count();
    assert_eq!(stones, 1, "{pane}");
    let mut after = game.clone();
    after.play(after.parse_move("4").unwrap());
    let value = -ConnectFour::evaluators()[0].evaluator.evaluate(&after);
    assert!(
        pane.contains(&format!("evaluation {value:+} for MAX")),
        "{pane}"
    );
    let formula = after.explain_evaluation("seed").unwrap().formula;
    assert!(
        pane.replace('\n', " ").contains(&formula),
        "{formula}:\n{pane}"
    );
}

/// OEIS A002188, the Grundy values of single heaps 0..=7 (see the shared reference):
/// a position is lost for the player to move exactly when their XOR is 0.
const GRUNDY_VALUES: [u32; 8] = [0, 0, 0, 1, 0, 2, 1, 0];

fn lost_for_mover(state: &str) -> bool {
    state
        .split(',')
        .map(|heap| GRUNDY_VALUES[heap.parse::<usize>().unwrap()])
        .fold(0, |x, g| x ^ g)
        == 0
}

/// Every row of the whole tree of Grundy 7 as (indent, state, MAX?, mark): it fits
/// on a 120x40 screen.
fn strategy_rows(explorer: &mut Explorer) -> Vec<(usize, String, bool, char)> {
    press(explorer, KeyCode::Home);
    press(explorer, KeyCode::Char('*'));
    press(explorer, KeyCode::Char('x'));
    let screen = draw_at(explorer, (120, 40));
    let start = row_of(&screen, "▾ 7");
    let mut rows = Vec::new();
    // Rows until the box ends; the pane begins at "││".
    for line in screen[start..].iter().take_while(|l| !l.starts_with('└')) {
        let tree = line.split("││").next().unwrap().trim_start_matches('│');
        let Some((label, rest)) = tree.split_once(['▲', '▼']) else {
            continue;
        };
        let indent = label.len() - label.trim_start().len();
        let state = label.trim().trim_start_matches(['▾', '▸', '·']).trim();
        let mark = rest.chars().nth(1).unwrap_or(' ');
        rows.push((indent, state.to_string(), tree.contains('▲'), mark));
    }
    rows
}

#[test]
fn grundy_7_marks_maxs_winning_moves_as_the_sprague_grundy_values_say() {
    // The course's Grundy slide: MIN splits 7 first and MAX wins. MAX's moves that
    // keep the win lead exactly to positions lost for MIN, whose XOR of Grundy values
    // (OEIS A002188) is 0; at a position MAX has already lost nothing is marked.
    let mut explorer = grundy_seven(SearchConfig::minimax(Limits::default()));
    let rows = strategy_rows(&mut explorer);
    assert_eq!(rows.len(), 24, "the whole minimax tree of 7: {rows:?}");
    let mut marked = 0;
    for (k, (indent, state, max, mark)) in rows.iter().enumerate() {
        let parent = rows[..k].iter().rev().find(|(i, ..)| i < indent);
        // A move of MAX from a won position to one lost for MIN keeps the win.
        let won_by_max = matches!(parent, Some((_, p, true, _)) if !lost_for_mover(p));
        let expected = if won_by_max && lost_for_mover(state) {
            '★'
        } else {
            ' '
        };
        assert!(!max || *mark == ' ', "{state}: MIN's moves are not marked");
        assert_eq!(*mark, expected, "{state} under {parent:?}");
        marked += usize::from(*mark == '★');
    }
    assert_eq!(marked, 9, "{rows:?}");
    // The detail line says what the mark means.
    let screen = select_label(&mut explorer, "4,2,1");
    assert!(
        screen.join("\n").contains("★ keeps MAX's proven win in"),
        "{}",
        screen.join("\n")
    );
}

#[test]
fn alpha_beta_marks_only_moves_it_proved_to_keep_the_win() {
    let mut explorer = grundy_seven(SearchConfig::plain_alpha_beta(Limits::default()));
    let rows = strategy_rows(&mut explorer);
    for (_, state, _, mark) in &rows {
        if *mark == '★' {
            assert!(lost_for_mover(state), "{state} is marked but wins for MIN");
        }
    }
    // 5,2 and 4,3 failed high (at least a win, so a win): their moves to 4,2,1
    // and 3,3,1, lost for MIN, are marked too.
    let marked: Vec<&str> = rows
        .iter()
        .filter(|(.., mark)| *mark == '★')
        .map(|(_, state, ..)| state.as_str())
        .collect();
    assert!(marked.contains(&"3,3,1"), "{rows:?}");
    assert_eq!(
        marked.iter().filter(|s| **s == "4,2,1").count(),
        2,
        "{rows:?}"
    );
}

#[test]
fn a_depth_limited_search_has_no_strategy_marks() {
    let mut explorer = grundy_seven(SearchConfig::minimax(at_depth(2)));
    let screen = draw_at(&mut explorer, (120, 40)).join("\n");
    assert!(!screen.contains('★'), "{screen}");
}

#[test]
fn the_legend_explains_every_column_mark_and_term() {
    let mut explorer = textbook();
    press(&mut explorer, KeyCode::Char('?'));
    assert!(explorer.showing_legend());
    for size in SIZES {
        let mut text = String::new();
        for _ in 0..12 {
            let screen = draw_at(&mut explorer, size);
            text += &screen.join("\n");
            press(&mut explorer, KeyCode::PageDown);
        }
        for term in [
            "▲ / ▼",
            "value",
            "window",
            "nodes",
            "★",
            "PV",
            "α, β",
            "≥+3  ≤+3",
            "horizon",
            "TT hit",
            "pruned",
            "game over",
        ] {
            assert!(text.contains(&format!(" {term} ")), "{term}:\n{text}");
        }
        assert!(text.contains("alpha cutoff  MIN node: its beta"), "{text}");
        assert!(text.contains("beta cutoff   MAX node: its alpha"), "{text}");
        assert!(text.contains("replay the search step by step"), "{text}");
        for _ in 0..12 {
            press(&mut explorer, KeyCode::PageUp);
        }
    }
    press(&mut explorer, KeyCode::Char('q'));
    assert!(
        !explorer.showing_legend(),
        "any other key closes the legend"
    );
}

#[test]
fn a_pruned_row_states_the_cut_rule_in_the_courses_words() {
    let mut explorer = textbook();
    press(&mut explorer, KeyCode::Down);
    press(&mut explorer, KeyCode::Down);
    press(&mut explorer, KeyCode::Right); // open node 2: its leaf, then what it pruned
    press(&mut explorer, KeyCode::Down);
    press(&mut explorer, KeyCode::Down);
    let screen = draw(&mut explorer);
    assert!(
        screen[22]
            .contains("pruned at 2: MIN node: beta +2 <= alpha +3 of a MAX ancestor: alpha cutoff"),
        "{}",
        screen.join("\n")
    );
}

/// The texts a view must show whole, checked with no line cut short by `…`.
fn assert_fits(explorer: &mut Explorer, what: &str, whole: &[&str]) {
    for size in SIZES {
        let screen = draw_at(explorer, size);
        let text = screen.join("\n");
        assert!(!text.contains('…'), "{what} at {size:?} cut text:\n{text}");
        for part in whole {
            assert!(text.contains(part), "{what} at {size:?}: {part}\n{text}");
        }
    }
}

#[test]
fn every_view_fits_80x24_and_120x40_without_cut_off_text() {
    let mut explorer = textbook();
    assert_fits(
        &mut explorer,
        "the tree",
        &[
            // The tree is searched to its full height: its value is proven, so
            // the strategy column (★) is there.
            "move         ▲▼ ★ value  window [α, β]",
            "▾ root        ▲      +3",
            "X exercise  B breadth  ? all keys",
        ],
    );
    press(&mut explorer, KeyCode::Char('P'));
    assert_fits(
        &mut explorer,
        "the principal variation",
        &["PV leaf", "Position · root"],
    );
    press(&mut explorer, KeyCode::Char('s'));
    for _ in 0..18 {
        press(&mut explorer, KeyCode::Char('n'));
    }
    assert_fits(
        &mut explorer,
        "the replay at the cut",
        &[
            "╌ pruned 2 3  (alpha cutoff: +2 <= alpha +3)",
            "s/Esc end replay",
        ],
    );
    press(&mut explorer, KeyCode::Esc);
    press(&mut explorer, KeyCode::Char('?'));
    assert_fits(
        &mut explorer,
        "the legend",
        &["Legend and glossary", "any other key closes"],
    );

    // Plain minimax has no window to show; Grundy's rows can show states.
    let mut explorer = grundy_seven(SearchConfig::minimax(Limits::default()));
    press(&mut explorer, KeyCode::Char('*'));
    press(&mut explorer, KeyCode::Char('x'));
    press(&mut explorer, KeyCode::Down);
    assert_fits(
        &mut explorer,
        "minimax with states",
        &["▲▼ ★", "· 2,2,1,1,1", "★", "PV game over"],
    );
    let screen = draw_at(&mut explorer, (80, 24)).join("\n");
    assert!(!screen.contains("window"), "{screen}");
    assert!(screen.contains("Tree · values from MAX's view"), "{screen}");
}

#[test]
fn e_writes_the_tree_as_dot_json_and_svg_and_names_the_files() {
    let dir = std::env::temp_dir().join(format!("ply-explorer-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut explorer = grundy_seven(SearchConfig::minimax(Limits::default()));
    explorer.set_export_dir(dir.clone());
    press(&mut explorer, KeyCode::Char('x'));
    press(&mut explorer, KeyCode::Char('e'));
    let screen = draw(&mut explorer).join("\n");
    let written: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let find = |extension: &str| {
        written
            .iter()
            .find(|p| p.extension().is_some_and(|e| e == extension))
            .cloned()
    };
    let dot_file = find("dot").expect("a DOT file");
    let name = dot_file.file_name().unwrap().to_string_lossy().into_owned();
    assert!(screen.contains(&format!("wrote {name}")), "{screen}");
    let dot = std::fs::read_to_string(&dot_file).unwrap();
    assert!(dot.starts_with("digraph search {"), "{dot}");
    assert!(
        dot.contains("label=\"4,3\\n7=4+3"),
        "states label the nodes:\n{dot}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(find("json").expect("a JSON file")).unwrap())
            .unwrap();
    assert_eq!(json["nodes"].as_array().unwrap().len(), 24);
    let has_dot = std::process::Command::new("dot").arg("-V").output().is_ok();
    assert!(
        has_dot || std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
        "Graphviz dot is required (PLY_REQUIRE_TOOLS is set)"
    );
    if has_dot {
        let svg = std::fs::read_to_string(find("svg").expect("an SVG file")).unwrap();
        assert!(svg.contains("<svg"), "{svg}");
        assert!(screen.contains(" .json .svg in "), "{screen}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The shape view's screen once both its searches are over, at 80x24.
fn settled_shape(screen: &mut ShapeScreen) -> Vec<String> {
    let start = Instant::now();
    while !screen.settled() {
        assert!(
            start.elapsed() < PATIENCE,
            "the shape view's searches did not end"
        );
        std::thread::sleep(Duration::from_millis(5));
        screen.tick();
    }
    screen.tick();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| screen.render(frame, &Theme::plain()))
        .unwrap();
    lines(&terminal)
}

/// The ply rows of the left (0) or right (1) column: (ply, nodes shown).
fn shape_rows(screen: &[String], side: usize) -> Vec<(usize, String)> {
    screen
        .iter()
        .filter_map(|line| {
            let line: String = line.trim_matches('│').chars().collect();
            let half: String = line.chars().skip(side * 40).take(39).collect();
            let mut words = half.split_whitespace();
            let ply = words.next()?.parse().ok()?;
            let bar = words.next()?;
            bar.starts_with('█').then_some(())?;
            Some((ply, words.next()?.to_string()))
        })
        .collect()
}

#[test]
fn the_shape_view_shows_two_searches_ply_by_ply_at_80x24() {
    let game = TicTacToe::new();
    let depth = 4;
    let mut explorer = Explorer::new(recorded(
        &game,
        SearchConfig::plain_alpha_beta(at_depth(depth)),
    ));
    assert!(matches!(
        press(&mut explorer, KeyCode::Char('f')),
        Action::Push(_)
    ));
    let record = std::sync::Arc::new(recorded(
        &game,
        SearchConfig::plain_alpha_beta(at_depth(depth)),
    ));
    let mut shape = ShapeScreen::new(record);
    let screen = settled_shape(&mut shape);
    let text = screen.join("\n");
    assert!(text.contains("◀ alpha-beta ▶"), "{text}");
    assert!(text.contains("◀ alpha-beta +ordering ▶"), "{text}");
    assert!(text.contains("1st-move cuts"), "{text}");
    let expected = |step: Step| -> Vec<(usize, String)> {
        let config = step.config(at_depth(depth), false);
        let evaluator = TicTacToe::evaluators().remove(0).evaluator;
        let result = search(&game, evaluator.as_ref(), &config, None, &mut ());
        result
            .stats
            .nodes_per_ply()
            .into_iter()
            .enumerate()
            .map(|(ply, n)| (ply, compact(n)))
            .collect()
    };
    assert_eq!(shape_rows(&screen, 0), expected(Step::AlphaBeta), "{text}");
    assert_eq!(shape_rows(&screen, 1), expected(Step::Ordering), "{text}");
    // Minimax to depth 4 from the start, counted: 1 + 9 + 72 + 504 + 3,024.
    assert!(text.contains("minimax 3.6k"), "{text}");
    // The right arrow moves the left column on along the steps of the course.
    shape.handle_key(&key(KeyCode::Right));
    shape.handle_key(&key(KeyCode::Right));
    let screen = settled_shape(&mut shape);
    assert!(screen.join("\n").contains("◀ alpha-beta +ordering +tt ▶"));
    assert_eq!(shape_rows(&screen, 0), expected(Step::Table));
}

/// Draws the setup form on an 80x40 terminal.
fn draw_setup(setup: &mut Setup) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 40)).unwrap();
    terminal
        .draw(|frame| setup.render(frame, &Theme::plain()))
        .unwrap();
    lines(&terminal).join("\n")
}

/// Presses `codes` on the setup form; the last key's answer.
fn setup_keys(form: &mut Setup, codes: &[KeyCode]) -> Action {
    let mut last = Action::Stay;
    for &code in codes {
        last = form.handle_key(&key(code));
    }
    last
}

#[test]
fn the_setup_row_gives_alpha_beta_the_strict_rule_and_the_explorer_counts_it() {
    use KeyCode::{Down, Enter, Left, Right, Up};
    let mut form = Setup::new(find_game("synthetic").unwrap());
    // The second seat to a human, the first to the computer, its algorithm to alpha-beta.
    setup_keys(&mut form, &[Down, Right, Up, Right, Down, Down, Left]);
    let text = draw_setup(&mut form);
    assert!(text.contains("‹ alpha-beta ›"), "{text}");
    assert!(text.contains("prune on equal    ‹ yes ›"), "{text}");
    // Two rows down (past what alpha-beta adds): the rule, to no.
    setup_keys(&mut form, &[Down, Down, Right]);
    let text = draw_setup(&mut form);
    assert!(text.contains("prune on equal    ‹ no, strict ›"), "{text}");
    // Down to the written tree's option row (the last option), typed in.
    setup_keys(&mut form, &[Down; 13]);
    let typed: Vec<KeyCode> = "((3,12,8),(3,4,6),(14,5,2))"
        .chars()
        .map(KeyCode::Char)
        .collect();
    setup_keys(&mut form, &typed);
    let Action::Play(play) = setup_keys(&mut form, &[Enter]) else {
        panic!("Enter starts the game:\n{}", draw_setup(&mut form));
    };
    let mut h = Arcade::game(play.setup().clone(), 80, 24);
    h.wait_until("the computer's move", |h| h.played() == 1);
    h.press(KeyCode::Char('t'));
    h.wait_until("the explorer", |h| h.exploring());
    let text = h.screen();
    assert!(text.contains("leaves evaluated 9"), "{text}");
    assert!(text.contains("· strict ·"), "{text}");
}
