//! The Monte Carlo tree explorer, rendered to a `TestBackend`: the children of a
//! node with visits, win rate, UCT value, prior and RAVE columns, checked against
//! the tree the search itself built; the replay of single iterations through
//! selection, expansion, playout and backup on tic-tac-toe; and, driven through the
//! arcade, `t` opening it after the computer's MCTS search.

use super::common;

use std::time::{Duration, Instant};

use common::screen::lines;
use ply::game::go::Go;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, Playable};
use ply::search::mcts::search_reusing;
use ply::search::{Additions, Algorithm, Limits, MctsConfig, SearchConfig};
use ply::tui::app::{App, Front as Screen};
use ply::tui::screens::Action;
use ply::tui::screens::mcts_explorer::{MctsExplorer, MctsRecord, REPLAY_ITERATIONS, StepRow};
use ply::tui::theme::Theme;
use ply::tui::{EngineSettings, Launch, PlaySetup, Seat};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn config(playouts: u64, rave: bool) -> SearchConfig {
    let mut config = SearchConfig::mcts(Limits {
        nodes: Some(playouts),
        ..Limits::default()
    });
    config.mcts = MctsConfig {
        rave,
        ..MctsConfig::default()
    };
    config
}

fn record<G: Playable>(game: &G, config: &SearchConfig) -> MctsRecord {
    let evaluator = G::evaluators().remove(0).evaluator;
    MctsRecord::search(game, evaluator.as_ref(), config, "test".into())
}

fn explorer_on<G: Playable>(game: &G, config: &SearchConfig) -> MctsExplorer {
    MctsExplorer::new(record(game, config), ["X", "O"])
}

fn draw(explorer: &mut MctsExplorer, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| explorer.render(frame, &Theme::plain()))
        .unwrap();
    lines(&terminal).join("\n")
}

fn press(explorer: &mut MctsExplorer, code: KeyCode) -> Action {
    explorer.handle_key(&key(code))
}

#[test]
fn the_root_children_show_the_searchs_own_visits_most_visited_first() {
    let game = TicTacToe::new();
    let config = config(500, false);
    let mut explorer = explorer_on(&game, &config);
    let text = draw(&mut explorer, 100, 20);
    for header in ["move", "visits", "win %", "UCT", "prior", "RAVE"] {
        assert!(text.contains(header), "{header}:\n{text}");
    }
    assert!(text.contains("At root  ·  500 visits"), "{text}");

    // The same search run here keeps the same tree: single-threaded and seeded.
    let evaluator = TicTacToe::evaluators().remove(0).evaluator;
    let mut tree = None;
    search_reusing(&game, evaluator.as_ref(), &config, None, &mut (), &mut tree);
    let tree = tree.unwrap();
    let visits: Vec<(u32, String)> = tree
        .children(0)
        .iter()
        .map(|&c| {
            let node = tree.node(c);
            (node.visits, game.format_move(node.mv.unwrap()))
        })
        .collect();
    // Every iteration passes through exactly one child of the root.
    assert_eq!(visits.iter().map(|v| v.0).sum::<u32>(), tree.node(0).visits);
    let most = visits.iter().map(|v| v.0).max().unwrap();
    let listed = explorer.listed();
    assert_eq!(listed.len(), 9, "all nine first moves are children");
    let top = &explorer.record().tree[listed[0]];
    assert_eq!(top.visits, most, "the first row is a most visited move");
    assert!(visits.contains(&(top.visits, top.mv.clone())));
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(" X ")).collect();
    assert!(
        rows[0].contains(&top.mv) && rows[0].contains(&most.to_string()),
        "{text}"
    );
    // Without priors or RAVE those columns stay empty.
    let last_column = |r: &&str| r.trim_end_matches(['│', ' ']).ends_with('-');
    assert!(rows.iter().all(last_column), "{text}");
}

#[test]
fn opening_a_child_lists_its_replies_and_left_goes_back() {
    let game = TicTacToe::new();
    let mut explorer = explorer_on(&game, &config(500, true));
    let first = explorer.listed()[0];
    let first_move = explorer.record().tree[first].mv.clone();
    press(&mut explorer, KeyCode::Enter);
    assert_eq!(explorer.focus(), first);
    let text = draw(&mut explorer, 100, 20);
    assert!(text.contains(&format!("At root › {first_move}")), "{text}");
    assert_eq!(explorer.listed().len(), 8, "eight replies:\n{text}");
    // RAVE on: the replies carry all-moves-as-first statistics.
    assert!(text.contains("% of "), "{text}");
    press(&mut explorer, KeyCode::Left);
    assert_eq!(explorer.focus(), 0);
    assert!(matches!(
        press(&mut explorer, KeyCode::Char('q')),
        Action::BackToGame
    ));
}

#[test]
fn go_priors_show_as_virtual_wins() {
    let game = Go::new(5, 15);
    let mut explorer = explorer_on(&game, &config(200, true));
    let text = draw(&mut explorer, 100, 40);
    // Every move of the empty 5x5 board plus the pass is a child, each with a prior.
    assert_eq!(explorer.listed().len(), 26, "{text}");
    assert!(
        explorer
            .listed()
            .iter()
            .all(|&c| explorer.record().tree[c].prior.is_some())
    );
    assert!(text.contains("pass"), "{text}");
}

#[test]
fn the_replay_steps_through_selection_expansion_playout_and_backup() {
    let game = TicTacToe::new();
    let mut explorer = explorer_on(&game, &config(500, false));
    assert_eq!(explorer.record().replay.len(), REPLAY_ITERATIONS);
    press(&mut explorer, KeyCode::Char('s'));
    let text = draw(&mut explorer, 100, 30);
    assert!(
        text.contains("Iteration 1 of 12 · step 1 of 4: Selection"),
        "{text}"
    );
    assert!(text.contains("Selection stops at the root"), "{text}");
    press(&mut explorer, KeyCode::Right);
    let text = draw(&mut explorer, 100, 30);
    let StepRow::Expansion(added) = explorer.record().replay[0].steps[1] else {
        panic!("the second step of the first iteration is the expansion");
    };
    let added_move = explorer.record().replay[0].after[added].mv.clone();
    assert!(
        text.contains(&format!("Expansion adds {added_move} to the tree")),
        "{text}"
    );
    press(&mut explorer, KeyCode::Right);
    let text = draw(&mut explorer, 100, 30);
    assert!(text.contains("Playout plays at random"), "{text}");
    let StepRow::Playout(moves, _) = &explorer.record().replay[0].steps[2] else {
        panic!("then the playout");
    };
    // A tic-tac-toe game from one move in: at least four more moves, at most eight.
    assert!((4..=8).contains(&moves.len()), "{moves:?}");
    press(&mut explorer, KeyCode::Right);
    let text = draw(&mut explorer, 100, 30);
    assert!(
        text.contains("Backup: 2 nodes count one more visit"),
        "{text}"
    );
    assert!(text.contains("root  1 visits"), "{text}");

    // The first nine iterations each add a first move; the tenth selects one by UCT
    // and adds a reply below it.
    for _ in 0..9 {
        press(&mut explorer, KeyCode::Down);
    }
    assert_eq!(explorer.replay_position(), Some((9, 0)));
    let text = draw(&mut explorer, 100, 30);
    assert!(
        text.contains("Selection follows the highest UCT value: root › "),
        "{text}"
    );
    let tenth = &explorer.record().replay[9];
    assert!(matches!(&tenth.steps[0], StepRow::Selection(path) if path.len() == 2));
    assert_eq!(tenth.before[0].visits, 9);
    assert_eq!(tenth.after[0].visits, 10);
    press(&mut explorer, KeyCode::Esc);
    assert_eq!(explorer.replay_position(), None);
}

fn mcts_engine(playouts: u64) -> EngineSettings {
    EngineSettings {
        algorithm: Algorithm::Mcts,
        additions: Additions::NONE,
        max_player: None,
        eval: "seed".into(),
        depth: None,
        time: None,
        nodes: Some(playouts),
        ..EngineSettings::default()
    }
}

#[test]
fn t_opens_the_mcts_explorer_after_the_computers_search() {
    let setup = PlaySetup {
        second: Seat::Computer(mcts_engine(400)),
        ..PlaySetup::new("tictactoe")
    };
    let mut app = App::new(Launch::Game(setup), Theme::plain()).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    app.handle_key(key(KeyCode::Enter)); // b2
    let start = Instant::now();
    while app.session().unwrap().played().len() < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "no reply");
        app.tick();
        std::thread::sleep(Duration::from_millis(2));
    }
    app.handle_key(key(KeyCode::Char('t')));
    assert!(matches!(app.screen(), Screen::MctsExplorer { .. }));
    terminal.draw(|frame| app.render(frame)).unwrap();
    let text = lines(&terminal).join("\n");
    assert!(
        text.contains("Monte Carlo tree · O (computer), move 2"),
        "{text}"
    );
    assert!(text.contains("At root  ·  400 visits"), "{text}");
    app.handle_key(key(KeyCode::Char('q')));
    assert!(matches!(app.screen(), Screen::Play(_)));
}
