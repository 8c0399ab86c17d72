//! One iteration per panel: the search panel's headline (move chosen, depth,
//! score), its principal variation and its move table tell of the same finished
//! iteration, after every iteration and at the end, on searches of several games
//! at several depths, some cut short by a node limit in the middle of a pass.

use super::common;

use common::screen::lines;
use ply::game::chess::Chess;
use ply::game::connect4::ConnectFour;
use ply::game::kalah::Kalah;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, Playable};
use ply::search::score;
use ply::search::{
    Algorithm, Iteration, Limits, Observer, Progress, RootMove, SearchConfig, SearchResult, search,
};
use ply::tui::panel::{Purpose, RootMoveView, SearchPanel, SearchView};
use ply::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The search's reports, in the order they came.
enum Report<M> {
    Progress(Progress<M>),
    Iteration(Iteration<M>),
}

struct Reports<M>(Vec<Report<M>>);

impl<M: Clone> Observer<M> for Reports<M> {
    fn progress(&mut self, progress: &Progress<M>) {
        self.0.push(Report::Progress(progress.clone()));
    }
    fn iteration(&mut self, iteration: &Iteration<M>) {
        self.0.push(Report::Iteration(Iteration {
            tree: None,
            ..iteration.clone()
        }));
    }
}

fn view_of_moves<G: Game>(game: &G, moves: &[RootMove<G::Move>]) -> Vec<RootMoveView> {
    moves
        .iter()
        .map(|r| RootMoveView {
            text: game.format_move(r.mv),
            score: r.score,
            exact: r.exact,
            nodes: r.nodes,
        })
        .collect()
}

fn line_of<G: Game>(game: &G, pv: &[G::Move]) -> Vec<String> {
    let mut position = game.clone();
    pv.iter()
        .map(|&m| {
            let text = position.format_move(m);
            position.play(m);
            text
        })
        .collect()
}

fn empty_view(limits: Limits) -> SearchView {
    SearchView::described(Purpose::Move, "first", "test".into(), limits)
}

fn draw(view: &SearchView) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(60, 26)).unwrap();
    terminal
        .draw(|frame| {
            let panel = SearchPanel {
                view: Some(view),
                theme: &Theme::plain(),
            };
            frame.render_widget(panel, frame.area());
        })
        .unwrap();
    lines(&terminal)
}

/// The text after `label` on the first line that has it.
fn after<'a>(screen: &'a [String], label: &str) -> &'a str {
    let line = screen
        .iter()
        .find(|l| l.contains(label))
        .unwrap_or_else(|| panic!("no {label:?} in\n{}", screen.join("\n")));
    let start = line.find(label).unwrap() + label.len();
    line[start..].trim_start()
}

/// The panel's headline, line and table agree: the table's row of the first move
/// of the line has the headline's score, no row of the table has a better exact
/// score, and the iterations chart ends at the headline's depth (or one short, the
/// pass cut short being said).
fn assert_agrees(screen: &[String], view: &SearchView, what: &str) {
    let text = screen.join("\n");
    let depth: u32 = after(screen, "depth ")
        .split_whitespace()
        .next()
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("{what}: no depth\n{text}"));
    assert_eq!(depth, view.depth, "{what}\n{text}");
    let score = view.score.expect("a finished iteration");
    let shown_score = score::describe(score);
    assert!(
        after(screen, "score ").starts_with(&shown_score),
        "{what}: headline score\n{text}"
    );
    let best = view.pv.first().expect("a line").clone();
    assert!(
        after(screen, "PV ").starts_with(&best),
        "{what}: PV\n{text}"
    );
    if let Some((Some(chosen), _, _)) = &view.result {
        assert!(text.contains(&format!("chose {chosen}")), "{what}\n{text}");
        assert_eq!(chosen, &best, "{what}");
    }
    let header = screen
        .iter()
        .position(|l| l.contains("share of nodes"))
        .expect("table");
    let best_row = screen[header + 1..]
        .iter()
        .find(|l| l.trim_start_matches('│').split_whitespace().next() == Some(best.as_str()))
        .unwrap_or_else(|| panic!("{what}: no row for {best}\n{text}"));
    let row_score = best_row
        .trim_start_matches('│')
        .split_whitespace()
        .nth(1)
        .unwrap_or("");
    assert!(
        shown_score.starts_with(row_score),
        "{what}: table says {row_score} for {best}, headline {shown_score}\n{text}"
    );
    for row in &view.root_moves {
        if let (Some(s), true) = (row.score, row.exact) {
            assert!(
                s <= score,
                "{what}: {} scores {s} > {score}\n{text}",
                row.text
            );
        }
    }
    let chart = after(screen, "nodes per iteration, depth ");
    let last: u32 = chart
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(depth);
    let cut_short = screen.iter().any(|l| l.contains("(cut short)"));
    assert!(
        last == depth || cut_short && last + 1 == depth,
        "{what}: chart to {last}, headline depth {depth}\n{text}"
    );
}

fn check<G: Playable>(game: &G, limits: Limits, what: &str) -> SearchResult<G::Move> {
    let config =
        SearchConfig::for_algorithm_in_game(Algorithm::Engine, limits, G::prefers_engine_search());
    let evaluator = G::evaluators().remove(0).evaluator;
    let mut reports = Reports(Vec::new());
    let result = search(game, evaluator.as_ref(), &config, None, &mut reports);
    let mut view = empty_view(limits);
    for report in reports.0 {
        match report {
            Report::Progress(p) => {
                view.progress(p.depth, p.stats, view_of_moves(game, &p.root_moves))
            }
            Report::Iteration(it) => {
                let line = (it.depth, it.score, line_of(game, &it.pv));
                view.iteration(line, it.stats, view_of_moves(game, &it.root_moves));
                assert_agrees(&draw(&view), &view, &format!("{what}, depth {}", it.depth));
            }
        }
    }
    let pv = line_of(game, &result.pv);
    let best = pv.first().cloned();
    let line = (result.depth, result.score, pv);
    view.iteration(
        line,
        result.stats.clone(),
        view_of_moves(game, &result.root_moves),
    );
    view.finish(best, result.proven, result.stopped);
    assert_agrees(&draw(&view), &view, &format!("{what}, result"));
    result
}

fn limits(depth: Option<u32>, nodes: Option<u64>) -> Limits {
    Limits {
        depth,
        nodes,
        ..Limits::default()
    }
}

fn after_moves<G: Playable>(moves: &str) -> G {
    G::setup(&common::options(&[]), None, Some(moves)).expect("legal moves")
}

#[test]
fn the_panel_tells_one_iteration_in_several_games_and_depths() {
    for depth in [2, 4, 6] {
        check(&TicTacToe::new(), limits(Some(depth), None), "tictactoe");
        check(
            &after_moves::<Kalah>("3 6"),
            limits(Some(depth), None),
            "kalah 3 6",
        );
        check(
            &after_moves::<ConnectFour>("4 4 3"),
            limits(Some(depth), None),
            "connect4",
        );
    }
    // Node limits stop passes in the middle; where such a pass had already
    // proved a better move, the result is that move at the deeper depth.
    let mut cut_short = 0;
    for nodes in (0..40).map(|i| 1_000 + 1_777 * i) {
        let kalah = check(
            &after_moves::<Kalah>("3 6"),
            limits(None, Some(nodes)),
            "kalah",
        );
        let connect4 = check(
            &after_moves::<ConnectFour>("4 4 3"),
            limits(None, Some(nodes)),
            "connect4",
        );
        let chess = check(
            &after_moves::<Chess>("e4 e5 Nf3 Nc6"),
            limits(None, Some(nodes)),
            "chess",
        );
        for stats_depth in [
            (kalah.stats, kalah.depth),
            (connect4.stats, connect4.depth),
            (chess.stats, chess.depth),
        ] {
            let (stats, depth) = stats_depth;
            let finished = stats.deepest_finished_pass().expect("a finished pass");
            cut_short += usize::from(depth > finished);
        }
    }
    assert!(cut_short > 0, "no search was cut short after a better move");
}

/// The number before `unit` at the first place the screen has `before…unit`.
fn seconds_in(screen: &str, before: &str, unit: &str) -> Option<String> {
    screen.lines().find_map(|line| {
        let end = line.find(unit)?;
        let start = line[..end].rfind(before)? + before.len();
        Some(line[start..end].trim().to_string())
    })
}

#[test]
fn on_a_clock_the_header_and_the_bar_give_the_same_time_per_move() {
    use common::arcade::Arcade;
    use ply::play::clock::TimeControl;
    use ply::tui::{EngineSettings, PlaySetup, Seat};
    let engine = EngineSettings {
        time: Some(std::time::Duration::from_secs(1)),
        ..EngineSettings::for_game("chess")
    };
    let setup = PlaySetup {
        first: Seat::Computer(engine),
        second: Seat::Human,
        clock: Some(TimeControl::parse("1+0").unwrap()),
        ..PlaySetup::new("chess")
    };
    let mut arcade = Arcade::game(setup, 160, 40);
    arcade.wait_until("the search's bar", |a| a.screen().contains(" / "));
    let screen = arcade.screen();
    let header = seconds_in(&screen, ", ", " s per move");
    let bar = seconds_in(&screen, " / ", " s ");
    assert!(header.is_some(), "{screen}");
    assert_eq!(header, bar, "{screen}");
    assert_ne!(
        header.as_deref(),
        Some("1"),
        "the clock's budget, not the setting: {screen}"
    );
}
