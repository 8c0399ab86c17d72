//! The course's words on the arcade's tree views: one naming of nodes across the
//! replay, the exercise, the breadth-first view and `--json`; a drawing's legend
//! that lists exactly the marks drawn; the pruning rule named wherever a cut is
//! shown or graded; chance nodes drawn as a third shape. The facts: the textbook
//! tree `((3,12,8),(2,4,6),(14,5,2))`, tic-tac-toe won in one move, a tied tree
//! where the two rules differ, and expectimax's means worked out by hand.

use super::common;
use super::lessons::{
    TEXTBOOK, breadth_screen, exercise_screen, key, press_all, recorded, recorded_by, render,
    row_with, written,
};

use common::screen::lines;
use ply::game::synthetic::{Ordering, Synthetic, parse_turns};
use ply::game::tictactoe::TicTacToe;
use ply::search::{Limits, SearchConfig};
use ply::tui::recorded::RecordedSearch;
use ply::tui::screens::exercise::Exercise;
use ply::tui::screens::explorer::Explorer;
use ply::tui::screens::lesson::Lesson;
use ply::tui::theme::Theme;
use ratatui::crossterm::event::KeyCode;
use std::collections::BTreeSet;

/// A tree of depth 3 whose inner nodes carry names.
const NAMED: &str = "A(B(D(3,12),E(8,2)),C(F(4,6),G(14,5)))";
/// The same shape without names: nodes are named by their paths `1.2.1`.
const UNNAMED: &str = "(((3,12),(8,2)),((4,6),(14,5)))";

/// `--json`'s `visited` and `pruned` for plain alpha-beta on a written tree.
fn json_names(tree: &str) -> (Vec<String>, Vec<String>) {
    let option = format!("tree={tree}");
    let output = common::binary::ply(&[
        "solve",
        "synthetic",
        "-o",
        &option,
        "--algo",
        "alphabeta",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let names = |key: &str| -> Vec<String> {
        json[key]
            .as_array()
            .unwrap_or_else(|| panic!("no {key} in {json}"))
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    (names("visited"), names("pruned"))
}

/// A plain alpha-beta search of a written tree to its leaves.
fn recorded_tree(tree: &str) -> RecordedSearch {
    recorded(&written(tree), 24)
}

/// The nodes the explorer's replay enters, in order, as its step line names them.
fn replay_entered(record: RecordedSearch) -> Vec<String> {
    let steps = record.tree.steps.len();
    let mut explorer = Explorer::new(record);
    explorer.handle_key(&key(KeyCode::Char('s')));
    let mut entered = Vec::new();
    for _ in 0..steps {
        let screen = lines(&render(120, 40, |f| explorer.render(f, &Theme::plain())));
        let step = &screen[screen.len() - 2];
        if let Some((_, rest)) = step.split_once(": enter ") {
            let name = rest.split(" (").next().unwrap();
            entered.push(if name == "the root" { "root" } else { name }.to_string());
        }
        explorer.handle_key(&key(KeyCode::Char('n')));
    }
    entered
}

/// Every node's name as the exercise's detail line gives it, level by level, read
/// by moving the cursor down the left edge, then right along each level.
fn exercise_names(tree: &str) -> BTreeSet<String> {
    let height = Exercise::written(tree, tree.into())
        .unwrap()
        .figure()
        .height();
    let mut names = BTreeSet::new();
    for level in 0..=height {
        let mut exercise = Exercise::written(tree, tree.into()).unwrap();
        press_all(&mut exercise, &vec![KeyCode::Down; level]);
        let mut last = String::new();
        loop {
            let screen = exercise_screen(&exercise, (120, 40));
            let detail = &screen[screen.len() - 2];
            let name = detail.trim().split(':').next().unwrap().to_string();
            if name == last {
                break;
            }
            names.insert(name.clone());
            last = name;
            exercise.handle_key(&key(KeyCode::Right));
        }
    }
    names
}

/// The names on the breadth-first view's CLOSED list once phase 1 has built the tree.
fn breadth_closed(record: &RecordedSearch) -> BTreeSet<String> {
    let mut lesson = Lesson::breadth_first_on(record).unwrap();
    for _ in 0..100 {
        let screen = breadth_screen(&lesson, (120, 40));
        if screen.iter().any(|l| l.contains("OPEN   []")) {
            let closed = screen.iter().find(|l| l.contains("CLOSED [")).unwrap();
            let list = closed.split('[').nth(1).unwrap().split(']').next().unwrap();
            return list.split(", ").map(str::to_string).collect();
        }
        lesson.handle_key(&key(KeyCode::Char('n')));
    }
    panic!("phase 1 never ended")
}

#[test]
fn the_replay_the_exercise_and_the_breadth_first_view_name_nodes_as_json_does() {
    for tree in [NAMED, UNNAMED] {
        let (visited, pruned) = json_names(tree);
        // The replay enters the nodes --json lists, in its order, by its names.
        assert_eq!(replay_entered(recorded_tree(tree)), visited, "{tree}");
        // The exercise draws every node: those --json names, and the ones below a
        // pruned node, named from it.
        let drawn = exercise_names(tree);
        let named: BTreeSet<String> = visited.iter().chain(&pruned).cloned().collect();
        assert!(drawn.is_superset(&named), "{tree}: {drawn:?} {named:?}");
        for extra in drawn.difference(&named) {
            assert!(
                pruned.iter().any(|p| extra.starts_with(&format!("{p}."))),
                "{tree}: {extra} is neither named by --json nor below a pruned node"
            );
        }
        assert_eq!(breadth_closed(&recorded_tree(tree)), drawn, "{tree}");
    }
    // The names themselves: written names, then paths below the nearest named node.
    let (visited, pruned) = json_names(NAMED);
    assert_eq!(visited[..4], ["A", "B", "D", "D.1"]);
    assert_eq!(pruned, ["G"]);
    assert!(exercise_names(NAMED).contains("G.2"));
    let (visited, _) = json_names(UNNAMED);
    assert_eq!(visited[..4], ["root", "1", "1.1", "1.1.1"]);
}

/// The drawn view of a recorded search at `size`.
fn drawing(record: RecordedSearch, size: (u16, u16)) -> Vec<String> {
    let mut explorer = Explorer::new(record);
    explorer.handle_key(&key(KeyCode::Char('d')));
    lines(&render(size.0, size.1, |f| {
        explorer.render(f, &Theme::plain())
    }))
}

/// The legend's lines: those under the drawing's last blank line inside its box.
fn legend(screen: &[String]) -> String {
    let start = screen
        .iter()
        .position(|l| l.contains("Drawn tree"))
        .unwrap();
    let rows: Vec<&str> = screen[start + 1..]
        .iter()
        .take_while(|l| !l.starts_with('└'))
        .map(|l| l.trim_matches(['│', ' ']))
        .collect();
    let end = rows.iter().rposition(|r| !r.is_empty()).unwrap();
    let blank = rows[..end].iter().rposition(|r| r.is_empty()).unwrap();
    rows[blank + 1..=end].join("  ")
}

/// The drawing's rows above its legend.
fn drawn_rows(screen: &[String]) -> String {
    let text = screen.join("\n");
    let legend = legend(screen);
    let first = legend.split("  ").next().unwrap();
    text.split(first).next().unwrap().to_string()
}

#[test]
fn the_legend_names_the_marks_of_a_solved_game_and_no_others() {
    // X to move wins at once: the drawing shows wins (W1), the winning move (★).
    let game = common::at::<TicTacToe>("xox/oxo/...", &[]);
    for size in [(80, 24), (120, 40)] {
        let screen = drawing(recorded(&game, 9), size);
        let (rows, legend) = (drawn_rows(&screen), legend(&screen));
        let text = screen.join("\n");
        assert!(rows.contains("W1") && rows.contains('★'), "{text}");
        for entry in [
            "W/L won/lost in n plies",
            "★ keeps the proven value",
            "▲ MAX",
        ] {
            assert!(legend.contains(entry), "{entry} missing:\n{text}");
        }
        for (mark, entry) in [
            ('◆', "◆ chance"),
            ('?', "? undecided"),
            ('✗', "✗ pruned"),
            ('≤', "≤≥ bound"),
        ] {
            let drawn = rows.contains(mark) || (mark == '≤' && rows.contains('≥'));
            assert_eq!(legend.contains(entry), drawn, "{entry}:\n{text}");
        }
    }
    // A search stopped at a depth limit proves nothing: no ★, no W/L.
    let uniform = Synthetic::new(2, 3, 1, Ordering::Random);
    let screen = drawing(recorded(&uniform, 2), (80, 24));
    let (rows, legend) = (drawn_rows(&screen), legend(&screen));
    let text = screen.join("\n");
    assert!(!rows.contains('★') && !rows.contains('W'), "{text}");
    for entry in ["★", "W/L", "?", "◆"] {
        assert!(!legend.contains(entry), "{entry} in the legend:\n{text}");
    }
    assert!(
        legend.contains("▲ MAX") && legend.contains("▼ MIN"),
        "{text}"
    );
}

/// Plain alpha-beta on a written tree under a pruning rule, recorded.
fn recorded_under(tree: &str, prune_on_equal: bool) -> RecordedSearch {
    let mut config = SearchConfig::plain_alpha_beta(Limits {
        depth: Some(24),
        ..Limits::default()
    });
    config.prune_on_equal = prune_on_equal;
    recorded_by(&written(tree), config)
}

#[test]
fn the_drawing_and_the_replay_say_which_rule_cut() {
    for (rule, title, sign) in [
        (true, "cuts on equal (≥β, ≤α)", "+2 <= alpha +3"),
        (false, "strict (>β, <α)", "+2 < alpha +3"),
    ] {
        let screen = drawing(recorded_under(TEXTBOOK, rule), (80, 24));
        let text = screen.join("\n");
        assert!(screen[6].contains(title), "{text}");
        assert!(
            legend(&screen).contains(&format!("✗ pruned branch: {title}")),
            "{text}"
        );
        // The replay's step at the cut names the rule's sign.
        let mut explorer = Explorer::new(recorded_under(TEXTBOOK, rule));
        explorer.handle_key(&key(KeyCode::Char('s')));
        let mut cut = None;
        for _ in 0..40 {
            let screen = lines(&render(120, 40, |f| explorer.render(f, &Theme::plain())));
            let step = screen[screen.len() - 2].clone();
            if step.contains("cut at 2") {
                cut = Some(step);
            }
            explorer.handle_key(&key(KeyCode::Char('n')));
        }
        let cut = cut.expect("the replay reaches the cut");
        assert!(cut.contains(&format!("(alpha cutoff: {sign})")), "{cut}");
    }
}

/// A tied tree: the second MIN node's first leaf equals the root's alpha (3), so
/// cutting on equal values prunes its leaf 1 and the strict rule visits it.
const TIED: &str = "((3,5),(3,1))";

#[test]
fn the_exercise_grades_under_the_rule_in_force_and_says_which() {
    use KeyCode::{Char, Down, Enter, Right};
    for size in [(80, 24), (120, 40)] {
        let mut exercise = Exercise::written(TIED, TIED.into()).unwrap();
        let text = exercise_screen(&exercise, size).join("\n");
        assert!(text.contains("graded: cuts on equal (≥β, ≤α)"), "{text}");
        // Cross out the leaf 1 and answer 3.
        press_all(
            &mut exercise,
            &[Down, Right, Down, Right, Char(' '), Char('3'), Enter],
        );
        let text = exercise_screen(&exercise, size).join("\n");
        assert!(text.contains("All right! value 3: right"), "{text}");
        assert!(
            text.contains("1 right, 0 missed, 0 wrongly crossed"),
            "{text}"
        );
        // `p`: the strict rule visits the leaf 1; the same answer is now wrong.
        exercise.handle_key(&key(Char('p')));
        assert_eq!(exercise.prune_on_equal(), Some(false));
        let screen = exercise_screen(&exercise, size);
        let text = screen.join("\n");
        assert!(text.contains("graded: strict (>β, <α)"), "{text}");
        assert!(text.contains("Not quite: value 3: right"), "{text}");
        assert!(
            text.contains("0 right, 0 missed, 1 wrongly crossed"),
            "{text}"
        );
        assert!(screen.iter().any(|l| l.contains("q back")), "{text}");
    }
    // Opened on a search from the explorer, it grades under that search's rule.
    for (rule, words) in [(true, "cuts on equal"), (false, "strict (>β, <α)")] {
        let Ok(Lesson::Exercise(exercise)) = Lesson::exercise_on(&recorded_under(TIED, rule))
        else {
            panic!("the exercise opens on the tied tree")
        };
        let text = exercise_screen(&exercise, (80, 24)).join("\n");
        assert!(text.contains(&format!("graded: {words}")), "{text}");
        let never = (0..exercise.figure().nodes.len())
            .filter(|&n| exercise.figure().never_visited(n))
            .count();
        assert_eq!(never, usize::from(rule), "{text}");
    }
}

/// Minimax on the textbook tree with chance nodes under the root: each is worth
/// the mean of its leaves, mean(3,12,8) = 7.67 -> 8, mean(2,4,6) = 4,
/// mean(14,5,2) = 7, and MAX takes 8.
fn chance_record() -> RecordedSearch {
    let game = written(TEXTBOOK).with_turns(parse_turns("max,chance").unwrap());
    recorded_by(&game, SearchConfig::minimax(Limits::default()))
}

#[test]
fn chance_nodes_are_drawn_as_a_third_shape_and_named_by_their_role() {
    for size in [(80, 24), (120, 40)] {
        let screen = drawing(chance_record(), size);
        let text = screen.join("\n");
        row_with(&screen, &["▲8"]);
        row_with(&screen, &["◆8", "◆4", "◆7"]);
        assert!(
            legend(&screen).contains("◆ chance: mean of its children"),
            "{text}"
        );
    }
    // The explorer's list marks them ◆ and its line says what they do.
    let mut explorer = Explorer::new(chance_record());
    explorer.handle_key(&key(KeyCode::Down));
    let screen = lines(&render(120, 40, |f| explorer.render(f, &Theme::plain())));
    let text = screen.join("\n");
    assert!(
        screen.iter().any(|l| l.contains("▸ 1") && l.contains('◆')),
        "{text}"
    );
    assert!(
        text.contains("1: chance node, mean of 3 children"),
        "{text}"
    );
    // The replay names the role as it enters the node.
    let mut explorer = Explorer::new(chance_record());
    for code in [KeyCode::Char('s'), KeyCode::Char('n')] {
        explorer.handle_key(&key(code));
    }
    let screen = lines(&render(120, 40, |f| explorer.render(f, &Theme::plain())));
    let step = &screen[screen.len() - 2];
    assert!(
        step.contains("enter 1 (chance node, mean of 3 children)"),
        "{step}"
    );
    // Breadth-first minimax backs a chance node up by the mean too.
    let mut lesson = Lesson::breadth_first_on(&chance_record()).unwrap();
    lesson.handle_key(&key(KeyCode::End));
    let mut seen = String::new();
    for _ in 0..30 {
        seen += &breadth_screen(&lesson, (120, 40)).join("\n");
        lesson.handle_key(&key(KeyCode::Char('b')));
    }
    assert!(
        seen.contains("chance node 1 = mean(3, 12, 8) = 8"),
        "{seen}"
    );
    assert!(seen.contains("MAX node root = max(8, 4, 7) = 8"), "{seen}");
}
