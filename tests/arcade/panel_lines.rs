//! The search panel's best lines: `#` on the game screen cycles 1, 2, 3 and 5
//! lines; the computer's next search reports that many, each with its score and
//! moves, and the headline's move and score stay line 1's.

use super::common;

use clap::Parser;
use common::arcade::Arcade;
use ply::cli::play::PlayArgs;
use ply::tui::Launch;
use ratatui::crossterm::event::KeyCode;

/// `ply play ARGS` as the command line reads it.
#[derive(Parser)]
struct Play {
    #[command(flatten)]
    args: PlayArgs,
}

/// The arcade on `ply play ARGS`, drawn 120 x 40.
fn arcade(args: &[&str]) -> Arcade {
    let all = [&["play"], args].concat();
    let launch = Play::try_parse_from(all)
        .expect("the flags parse")
        .args
        .launch()
        .expect("the flags make a launch");
    let Launch::Game(setup) = launch else {
        panic!("ply play GAME launches a game");
    };
    Arcade::game(setup, 120, 40)
}

/// The screen's rows from the one with `heading` on.
fn rows_after<'a>(screen: &'a str, heading: &str) -> Vec<&'a str> {
    screen
        .lines()
        .skip_while(|l| !l.contains(heading))
        .collect()
}

#[test]
fn the_lines_key_shows_the_best_three_lines_and_line_1_is_the_headline() {
    let mut h = arcade(&[
        "chess", "--first", "computer", "--second", "human", "--depth", "4",
    ]);
    // 1 -> 2 -> 3 lines, before the computer's first search starts.
    h.press(KeyCode::Char('#'));
    h.press(KeyCode::Char('#'));
    assert!(h.screen().contains("best 3 lines (from the next search)"));
    h.wait_until("the computer's move", |h| h.played() == 1);
    let screen = h.screen();
    let rows = rows_after(&screen, "best 3 lines");
    assert!(!rows.is_empty(), "{screen}");
    let line = |n: usize| -> Vec<&str> {
        let row = rows[n];
        let at = row
            .rfind(&format!("{n}. "))
            .unwrap_or_else(|| panic!("line {n}\n{screen}"));
        row[at..]
            .split_whitespace()
            .skip(1)
            .take_while(|w| *w != "│")
            .collect()
    };
    let (one, two, three) = (line(1), line(2), line(3));
    let firsts = [one[1], two[1], three[1]];
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{screen}"
    );
    // The headline's score and PV are line 1's, and the move played is its first.
    let headline = screen.lines().find(|l| l.contains("score ")).unwrap();
    assert!(headline.contains(&format!("score {}", one[0])), "{screen}");
    let pv = screen.lines().find(|l| l.contains("PV ")).unwrap();
    assert!(pv.contains(&format!("PV {}", one[1])), "{screen}");
    assert!(screen.contains(&format!("chose {}", one[1])), "{screen}");
    assert_eq!(h.moves_played()[0], one[1]);
}

#[test]
fn monte_carlo_go_shows_its_three_most_visited_lines_too() {
    let mut h = arcade(&[
        "go", "--first", "computer", "--second", "human", "--level", "4",
    ]);
    h.press(KeyCode::Char('#'));
    h.press(KeyCode::Char('#'));
    h.wait_until("the computer's move", |h| h.played() == 1);
    let screen = h.screen();
    let rows = rows_after(&screen, "best 3 lines");
    assert!(rows.len() > 3, "{screen}");
    let first_move = |n: usize| -> &str {
        let row = rows[n];
        let at = row
            .rfind(&format!("{n}. "))
            .unwrap_or_else(|| panic!("line {n}\n{screen}"));
        row[at..].split_whitespace().nth(2).unwrap()
    };
    let firsts = [first_move(1), first_move(2), first_move(3)];
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{screen}"
    );
    assert_eq!(h.moves_played()[0], firsts[0], "{screen}");
}

#[test]
fn one_line_shows_no_lines_section() {
    let mut h = arcade(&[
        "chess", "--first", "computer", "--second", "human", "--depth", "2",
    ]);
    h.wait_until("the computer's move", |h| h.played() == 1);
    let screen = h.screen();
    assert!(!screen.contains("best 1 lines"), "{screen}");
    assert!(!screen.contains(" lines"), "{screen}");
    // The key cycles back to one line after five.
    for shown in ["2 lines", "3 lines", "5 lines"] {
        h.press(KeyCode::Char('#'));
        assert!(h.screen().contains(&format!("best {shown}")), "{shown}");
    }
    h.press(KeyCode::Char('#'));
    assert!(
        h.screen()
            .contains("shows the best line (from the next search)")
    );
}
