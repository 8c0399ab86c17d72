//! The search drawn as the course's figures, the exercise and breadth-first minimax,
//! rendered to a `TestBackend` at 80x24 and 120x40. The facts are the textbook's:
//! on Russell and Norvig's Figure 5.5 tree `((3,12,8),(2,4,6),(14,5,2))` alpha-beta
//! never visits the leaves 4 and 6 and the root is worth 3 (MIN nodes 3, 2, 2);
//! the depth-4 exercise is checked against an alpha-beta written here from the
//! textbook's pseudo-code; breadth-first minimax against plain minimax.

use super::common;

use common::screen::lines;
use ply::game::Playable;
use ply::game::connect4::ConnectFour;
use ply::game::dodgem::Dodgem;
use ply::game::grundy::Grundy;
use ply::game::kalah::Kalah;
use ply::game::synthetic::{ExplicitTree, Ordering, Synthetic};
use ply::game::tictactoe::TicTacToe;
use ply::search::breadth_first::breadth_first_minimax;
use ply::search::tree::DEFAULT_NODE_CAP;
use ply::search::{Limits, SearchConfig, search};
use ply::tui::Launch;
use ply::tui::app::{App, Front as Screen};
use ply::tui::recorded::RecordedSearch;
use ply::tui::screens::exercise::{BUILT_IN, Exercise};
use ply::tui::screens::explorer::Explorer;
use ply::tui::screens::lesson::Lesson;
use ply::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;

pub(super) const TEXTBOOK: &str = "((3,12,8),(2,4,6),(14,5,2))";
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

pub(super) fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub(super) fn written(tree: &str) -> Synthetic {
    Synthetic::explicit(ExplicitTree::parse(tree).unwrap())
}

/// A plain alpha-beta search of `game` at `depth`, recorded as the arcade records it.
pub(super) fn recorded<G: ply::tui::board::BoardGame>(game: &G, depth: u32) -> RecordedSearch {
    recorded_by(
        game,
        SearchConfig::plain_alpha_beta(Limits {
            depth: Some(depth),
            ..Limits::default()
        }),
    )
}

/// The explorer's view of `config`'s search of `game`, recorded.
pub(super) fn recorded_by<G: ply::tui::board::BoardGame>(
    game: &G,
    config: SearchConfig,
) -> RecordedSearch {
    let evaluator = common::seed_evaluator::<G>();
    let config = SearchConfig {
        trace: Some(DEFAULT_NODE_CAP),
        ..config
    };
    let result = search(game, evaluator.as_ref(), &config, None, &mut ());
    let tree = result.tree.expect("a traced search returns its tree");
    let sides = ["MAX", "MIN"];
    RecordedSearch::new(
        &tree,
        game,
        evaluator,
        config.algorithm,
        "test".into(),
        false,
        sides,
    )
}

/// What a render call draws on a `width` x `height` terminal, cell by cell.
pub(super) fn render(
    width: u16,
    height: u16,
    draw: impl FnOnce(&mut ratatui::Frame),
) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(draw).unwrap();
    terminal
}

/// The explorer's drawn view (`d`) of the textbook tree, after `keys`.
fn drawn_explorer(size: (u16, u16), keys: &[KeyCode]) -> Terminal<TestBackend> {
    let mut explorer = Explorer::new(recorded(&written(TEXTBOOK), 2));
    explorer.handle_key(&key(KeyCode::Char('d')));
    for &code in keys {
        explorer.handle_key(&key(code));
    }
    render(size.0, size.1, |frame| {
        explorer.render(frame, &Theme::plain())
    })
}

/// The row whose words (borders aside) are exactly `words`.
pub(super) fn row_with(screen: &[String], words: &[&str]) -> usize {
    screen
        .iter()
        .position(|line| {
            let found: Vec<&str> = line.split(['│', ' ']).filter(|w| !w.is_empty()).collect();
            found == words
        })
        .unwrap_or_else(|| panic!("no row {words:?}:\n{}", screen.join("\n")))
}

/// The column (in characters) of the `nth` word of a row.
fn column_of_word(line: &str, nth: usize) -> usize {
    let chars: Vec<char> = line.chars().collect();
    let mut count = 0;
    let mut in_word = false;
    for (col, &c) in chars.iter().enumerate() {
        let word = c != ' ' && c != '│';
        if word && !in_word {
            if count == nth {
                return col;
            }
            count += 1;
        }
        in_word = word;
    }
    panic!("no word {nth} in {line:?}")
}

fn char_at(line: &str, col: usize) -> char {
    line.chars().nth(col).unwrap_or(' ')
}

/// Checks that nothing is cut at the right border: every line of the screen ends
/// at a border or in blanks, and the legend is whole.
fn fits(screen: &[String], legend_end: &str) {
    let text = screen.join("\n");
    assert!(text.contains(legend_end), "the legend is cut:\n{text}");
}

const LEAVES: [&str; 9] = ["3", "12", "8", "2", "4", "6", "14", "5", "2"];

#[test]
fn the_drawn_textbook_tree_crosses_out_the_branch_with_leaves_4_and_6() {
    for size in SIZES {
        let screen = lines(&drawn_explorer(size, &[]));
        let text = screen.join("\n");
        let leaves = row_with(&screen, &LEAVES);
        let edges = &screen[leaves - 1];
        for (nth, leaf) in LEAVES.iter().enumerate() {
            let mark = char_at(edges, column_of_word(&screen[leaves], nth));
            let pruned = *leaf == "4" || *leaf == "6";
            assert_eq!(mark == '✗', pruned, "leaf {leaf} at {size:?}:\n{text}");
        }
        // The bar towards the pruned leaves is dashed; the values are MAX's view.
        assert!(screen[leaves - 2].contains('╌'), "{text}");
        row_with(&screen, &["▲3"]);
        row_with(&screen, &["▼3", "▼≤2", "▼≤2"]);
        // The windows the MIN nodes were entered with, on their edges; the first
        // MIN node keeps the root's proven 3 (★).
        assert!(
            text.contains("★[-∞,+∞]") && text.contains("│[3,+∞]"),
            "{text}"
        );
        fits(&screen, "bold: PV");
    }
}

#[test]
fn the_drawn_minimax_tree_has_no_windows() {
    let record = recorded_by(&written(TEXTBOOK), SearchConfig::minimax(Limits::default()));
    let mut explorer = Explorer::new(record);
    explorer.handle_key(&key(KeyCode::Char('d')));
    let screen = lines(&render(120, 40, |frame| {
        explorer.render(frame, &Theme::plain())
    }));
    let text = screen.join("\n");
    row_with(&screen, &["▼3", "▼2", "▼2"]);
    assert!(!text.contains("[-∞,+∞]"), "{text}");
}

#[test]
fn the_principal_variation_is_bold_in_the_drawing() {
    let terminal = drawn_explorer((80, 24), &[]);
    let screen = lines(&terminal);
    let buffer = terminal.backend().buffer();
    let bold = |row: usize, word: usize| {
        let col = column_of_word(&screen[row], word) as u16;
        buffer[(col, row as u16)].modifier.contains(Modifier::BOLD)
    };
    let leaves = row_with(&screen, &LEAVES);
    let mins = row_with(&screen, &["▼3", "▼≤2", "▼≤2"]);
    assert!(bold(mins, 0) && !bold(mins, 1) && !bold(mins, 2));
    // The PV runs root, first MIN node, its leaf 3.
    assert!(bold(leaves, 0) && !bold(leaves, 1));
}

#[test]
fn the_replay_steps_through_the_drawing() {
    for size in SIZES {
        let terminal = drawn_explorer(size, &[KeyCode::Char('s')]);
        let screen = lines(&terminal);
        let text = screen.join("\n");
        assert!(text.contains("replay step 1 of 34"), "{text}");
        // At the first step nothing is cut yet and no value is known but the leaves'.
        assert!(
            !screen
                .iter()
                .any(|l| l.contains('✗') && !l.contains("pruned branch"))
        );
        let root = row_with(&screen, &["▲"]);
        let col = column_of_word(&screen[root], 0) as u16;
        let cell = &terminal.backend().buffer()[(col, root as u16)];
        assert!(
            cell.modifier.contains(Modifier::REVERSED),
            "the current node is highlighted"
        );
        // Step by step up to the cut at the second MIN node: then the branch is crossed.
        let mut explorer = Explorer::new(recorded(&written(TEXTBOOK), 2));
        for code in [KeyCode::Char('d'), KeyCode::Char('s')] {
            explorer.handle_key(&key(code));
        }
        let mut seen_cut = false;
        for _ in 0..40 {
            let screen = lines(&render(size.0, size.1, |f| {
                explorer.render(f, &Theme::plain())
            }));
            let text = screen.join("\n");
            if text.contains("cut at 2") {
                let leaves = row_with(&screen, &LEAVES);
                let col = column_of_word(&screen[leaves], 4);
                assert_eq!(char_at(&screen[leaves - 1], col), '✗', "{text}");
                seen_cut = true;
            }
            explorer.handle_key(&key(KeyCode::Char('n')));
        }
        assert!(seen_cut, "the replay shows the cut");
    }
}

#[test]
fn a_tree_too_big_to_draw_says_so() {
    let mut explorer = Explorer::new(recorded(&TicTacToe::new(), 3));
    explorer.handle_key(&key(KeyCode::Char('d')));
    let screen = lines(&render(80, 24, |f| explorer.render(f, &Theme::plain())));
    let text = screen.join("\n");
    assert!(
        text.contains("No drawing:") && text.contains("too many to draw"),
        "{text}"
    );
}

pub(super) fn press_all(exercise: &mut Exercise, keys: &[KeyCode]) {
    for &code in keys {
        exercise.handle_key(&key(code));
    }
}

pub(super) fn exercise_screen(exercise: &Exercise, size: (u16, u16)) -> Vec<String> {
    lines(&render(size.0, size.1, |f| {
        exercise.render(f, &Theme::plain())
    }))
}

#[test]
fn the_exercise_grades_a_right_answer() {
    use KeyCode::{Char, Down, Enter, Right};
    for size in SIZES {
        let mut exercise = Exercise::built_in(0).unwrap();
        // Every line but the one naming the grading rule, whose signs are no values.
        let before = exercise_screen(&exercise, size)
            .into_iter()
            .filter(|l| !l.contains("graded:"))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            !before.contains("▼3") && !before.contains("▲3") && !before.contains('≤'),
            "values are hidden:\n{before}"
        );
        row_with(&exercise_screen(&exercise, size), &LEAVES);
        // To the second MIN node's second leaf (4), cross it out, then 6; value 3.
        press_all(
            &mut exercise,
            &[
                Down,
                Right,
                Down,
                Right,
                Char(' '),
                Right,
                Char(' '),
                Char('3'),
                Enter,
            ],
        );
        let screen = exercise_screen(&exercise, size);
        let text = screen.join("\n");
        assert!(text.contains("All right! value 3: right"), "{text}");
        assert!(
            text.contains("2 right, 0 missed, 0 wrongly crossed"),
            "{text}"
        );
        let leaves = row_with(&screen, &LEAVES);
        for nth in [4, 5] {
            let col = column_of_word(&screen[leaves], nth);
            assert_eq!(char_at(&screen[leaves - 1], col), '✓', "{text}");
        }
        fits(&screen, "alpha-beta visits it");
    }
}

#[test]
fn the_exercise_grades_a_wrong_answer_and_shows_the_differences() {
    use KeyCode::{Char, Down, Enter, Right};
    for size in SIZES {
        let mut exercise = Exercise::built_in(0).unwrap();
        // Cross out the first MIN node's second leaf (12) and say 2.
        press_all(
            &mut exercise,
            &[Down, Down, Right, Char('x'), Char('2'), Enter],
        );
        let screen = exercise_screen(&exercise, size);
        let text = screen.join("\n");
        assert!(
            text.contains("Not quite: value: alpha-beta finds 3"),
            "{text}"
        );
        assert!(
            text.contains("0 right, 2 missed, 1 wrongly crossed"),
            "{text}"
        );
        let leaves = row_with(&screen, &LEAVES);
        let mark = |nth| char_at(&screen[leaves - 1], column_of_word(&screen[leaves], nth));
        assert_eq!((mark(1), mark(4), mark(5), mark(0)), ('✗', '!', '!', '│'));
        // The grade reveals the search's values.
        row_with(&screen, &["▼3", "▼≤2", "▼≤2"]);
    }
}

/// A written tree of whole numbers, read here independently of the crate.
enum Node {
    Leaf(i32),
    Inner(Vec<Node>),
}

fn parse(text: &mut std::iter::Peekable<std::str::Chars>) -> Node {
    if text.peek() == Some(&'(') {
        text.next();
        let mut children = vec![parse(text)];
        while text.next() == Some(',') {
            children.push(parse(text));
        }
        Node::Inner(children)
    } else {
        let mut number = String::new();
        while let Some(&c) = text.peek().filter(|c| c.is_ascii_digit() || **c == '-') {
            number.push(c);
            text.next();
        }
        Node::Leaf(number.parse().unwrap())
    }
}

/// The textbook's ALPHA-BETA-SEARCH (MAX-VALUE / MIN-VALUE), noting each leaf
/// it evaluates, numbered left to right.
fn alpha_beta(
    node: &Node,
    max: bool,
    mut alpha: i32,
    mut beta: i32,
    next: &mut usize,
    seen: &mut Vec<usize>,
) -> i32 {
    match node {
        Node::Leaf(v) => {
            seen.push(*next);
            *next += 1;
            *v
        }
        Node::Inner(children) => {
            let mut value = if max { i32::MIN } else { i32::MAX };
            let mut rest = children.iter();
            for child in rest.by_ref() {
                let v = alpha_beta(child, !max, alpha, beta, next, seen);
                if max {
                    value = value.max(v);
                    if value >= beta {
                        break;
                    }
                    alpha = alpha.max(value);
                } else {
                    value = value.min(v);
                    if value <= alpha {
                        break;
                    }
                    beta = beta.min(value);
                }
            }
            *next += rest.map(leaf_count).sum::<usize>();
            value
        }
    }
}

fn leaf_count(node: &Node) -> usize {
    match node {
        Node::Leaf(_) => 1,
        Node::Inner(children) => children.iter().map(leaf_count).sum(),
    }
}

#[test]
fn every_built_in_exercise_is_graded_as_the_textbook_alpha_beta_searches() {
    for (_, tree) in BUILT_IN {
        let root = parse(&mut tree.chars().peekable());
        let mut seen = Vec::new();
        let value = alpha_beta(&root, true, i32::MIN, i32::MAX, &mut 0, &mut seen);
        let exercise = Exercise::written(tree, tree.to_string()).unwrap();
        let figure = exercise.figure();
        let leaves: Vec<usize> = figure
            .subtree(0)
            .into_iter()
            .filter(|&n| figure.nodes[n].leaf)
            .collect();
        assert_eq!(leaves.len(), leaf_count(&root), "{tree}");
        let visited: Vec<usize> = (0..leaves.len())
            .filter(|&i| !figure.never_visited(leaves[i]))
            .collect();
        assert_eq!(visited, seen, "{tree}");
        assert_eq!(figure.root_value(), Some(value), "{tree}");
        assert!(seen.len() < leaves.len(), "{tree}: something is pruned");
    }
}

#[test]
fn ply_play_synthetic_exercise_opens_the_exercise_and_q_quits() {
    let launch = Launch::Exercise(Some("((1,5),(2,9))".to_string()));
    ply::tui::validate(&launch).unwrap();
    let mut app = App::new(launch, Theme::plain()).unwrap();
    assert!(matches!(app.screen(), Screen::Lesson { .. }));
    let screen = lines(&render(80, 24, |f| app.render(f)));
    assert!(
        screen
            .join("\n")
            .contains("Exercise · -o tree=((1,5),(2,9))")
    );
    app.handle_key(key(KeyCode::Char('q')));
    assert!(app.should_quit());
    let bad = Launch::Exercise(Some("((1,".to_string()));
    let error = ply::tui::validate(&bad).unwrap_err().to_string();
    assert!(
        error.starts_with("--exercise: tree:") && !error.contains('\n'),
        "{error}"
    );
    let output = common::binary::ply(&["play", "chess", "--exercise"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("synthetic") && stderr.trim().lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn x_and_capital_b_in_the_explorer_open_the_lessons_and_q_comes_back() {
    let mut explorer = Explorer::new(recorded(&written(TEXTBOOK), 2));
    let ply::tui::screens::Action::Lesson(lesson) = explorer.handle_key(&key(KeyCode::Char('X')))
    else {
        panic!("x opens the exercise")
    };
    assert!(matches!(*lesson, Lesson::Exercise(_)));
    let ply::tui::screens::Action::Lesson(lesson) = explorer.handle_key(&key(KeyCode::Char('B')))
    else {
        panic!("B opens the breadth-first replay")
    };
    assert!(matches!(*lesson, Lesson::BreadthFirst(_)));
    // Too big for a lesson: the explorer says why and stays.
    let mut big = Explorer::new(recorded(&TicTacToe::new(), 3));
    assert!(matches!(
        big.handle_key(&key(KeyCode::Char('X'))),
        ply::tui::screens::Action::Stay
    ));
    let screen = lines(&render(80, 24, |f| big.render(f, &Theme::plain())));
    assert!(screen.join("\n").contains("too many to draw"));
}

pub(super) fn breadth_screen(lesson: &Lesson, size: (u16, u16)) -> Vec<String> {
    lines(&render(size.0, size.1, |f| {
        lesson.render(f, &Theme::plain())
    }))
}

#[test]
fn the_breadth_first_replay_shows_both_phases_of_the_textbook_tree() {
    let record = recorded(&written(TEXTBOOK), 2);
    for size in SIZES {
        let mut lesson = Lesson::breadth_first_on(&record).unwrap();
        let step = |lesson: &Lesson| breadth_screen(lesson, size).join("\n");
        let first = step(&lesson);
        assert!(
            first.contains("phase 1: build the tree level by level"),
            "{first}"
        );
        assert!(
            first.contains("OPEN   [1, 2, 3]") && first.contains("CLOSED [root]"),
            "{first}"
        );
        // Depth-first alpha-beta on the same tree, drawn below, with its cut.
        assert!(
            first.contains(
                "Depth-first alpha-beta on the same tree: 11 nodes visited, 2 moves pruned"
            ),
            "{first}"
        );
        lesson.handle_key(&key(KeyCode::Char('n')));
        assert!(step(&lesson).contains("OPEN   [2, 3, 1.1, 1.2, 1.3]"));
        // Phase 1 closes all 13 nodes level by level; OPEN is then empty.
        for _ in 0..11 {
            lesson.handle_key(&key(KeyCode::Char('n')));
        }
        let end_of_build = step(&lesson);
        assert!(
            end_of_build.contains("step 13/26: phase 1: 3.3 to CLOSED, a leaf"),
            "{end_of_build}"
        );
        assert!(end_of_build.contains("OPEN   []"), "{end_of_build}");
        lesson.handle_key(&key(KeyCode::Char('n')));
        let backing = step(&lesson);
        assert!(backing.contains("phase 2: back the values up"), "{backing}");
        assert!(
            backing.contains("phase 2: leaf 3.3 = 2 (its evaluation)"),
            "{backing}"
        );
        // The MIN nodes back up 3, 2, 2 and the root max(3, 2, 2) = 3.
        for _ in 0..9 {
            lesson.handle_key(&key(KeyCode::Char('n')));
        }
        let min_node = step(&lesson);
        assert!(
            min_node.contains("MIN node 3 = min(14, 5, 2) = 2"),
            "{min_node}"
        );
        lesson.handle_key(&key(KeyCode::End));
        let last = breadth_screen(&lesson, size);
        let text = last.join("\n");
        assert!(text.contains("MAX node root = max(3, 2, 2) = 3"), "{text}");
        let values = last
            .iter()
            .filter(|l| l.contains("▼3") && l.contains("▼2"))
            .count();
        assert!(values >= 1, "{text}");
    }
}

#[test]
fn breadth_first_minimax_finds_minimax_s_value() {
    fn check<G: Playable>(game: &G, depth: u32) {
        let evaluator = common::seed_evaluator::<G>();
        let minimax = common::minimax(game, evaluator.as_ref(), Some(depth)).score;
        let run = breadth_first_minimax(game, evaluator.as_ref(), depth, 200_000).unwrap();
        assert_eq!(
            run.value(),
            minimax,
            "{} at depth {depth}",
            game.format_position()
        );
        // Phase 1 closes every node once, phase 2 values every node once.
        assert_eq!(run.steps.len(), 2 * run.nodes.len());
    }
    for (_, tree) in BUILT_IN {
        check(&written(tree), 24);
    }
    check(&written("((1,(4,-2)),(0),((7,8),3,(-5,(6,1))))"), 24);
    for seed in 0..4 {
        check(&Synthetic::new(3, 4, seed, Ordering::Random), 4);
        check(&Synthetic::new(2, 6, seed, Ordering::Random), 5);
    }
    check(&TicTacToe::new(), 3);
    check(&common::at::<TicTacToe>("xo./x.o/...", &[]), 6);
    check(&common::start::<Grundy>(&["heap=7"]), 20);
    check(&common::start::<ConnectFour>(&[]), 3);
    check(&common::start::<Kalah>(&[]), 3);
    check(&common::start::<Dodgem>(&[]), 3);
}

#[test]
fn breadth_first_minimax_refuses_a_tree_bigger_than_its_limit() {
    let evaluator = common::seed_evaluator::<TicTacToe>();
    let error = breadth_first_minimax(&TicTacToe::new(), evaluator.as_ref(), 4, 100).unwrap_err();
    assert!(error.to_string().contains("more than 100 nodes"), "{error}");
}

#[test]
fn the_depth_4_exercise_fits_at_80x24_and_120x40() {
    for size in SIZES {
        let exercise = Exercise::built_in(1).unwrap();
        let screen = exercise_screen(&exercise, size);
        let text = screen.join("\n");
        assert!(!text.contains("No drawing"), "{text}");
        row_with(
            &screen,
            &[
                "3", "17", "2", "12", "15", "25", "0", "2", "2", "5", "3", "2", "14", "1", "0", "8",
            ],
        );
        fits(&screen, "q back");
        assert_eq!(exercise.figure().height(), 4);
    }
}

#[test]
fn a_user_in_tmux_sees_the_drawn_tree_and_is_graded_by_the_exercise() {
    common::tmux::run_script("lessons-tmux.sh");
}
