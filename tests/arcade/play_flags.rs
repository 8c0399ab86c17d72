//! `ply play`'s flags reach the computer in the arcade: `--prune-on-equal no` gives
//! its alpha-beta the strict rule, which the explorer's summary names and counts.

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

fn launch(args: &[&str]) -> Launch {
    let all = [&["play"], args].concat();
    Play::try_parse_from(all)
        .expect("the flags parse")
        .args
        .launch()
        .expect("the flags make a launch")
}

/// The explorer's summary of the computer's first search on the tied-root tree.
fn summary_of_the_first_search(rule: &[&str]) -> String {
    let common = [
        "synthetic",
        "-o",
        "tree=((3,12,8),(3,4,6),(14,5,2))",
        "--first",
        "computer",
        "--second",
        "human",
        "--algo",
        "alphabeta",
        "--depth",
        "2",
    ];
    let Launch::Game(setup) = launch(&[&common[..], rule].concat()) else {
        panic!("ply play GAME launches a game");
    };
    let mut h = Arcade::game(setup, 80, 24);
    h.wait_until("the computer's move", |h| h.played() == 1);
    h.press(KeyCode::Char('t'));
    h.wait_until("the explorer", |h| h.exploring());
    h.screen()
}

#[test]
fn prune_on_equal_no_gives_the_computers_alpha_beta_the_strict_rule() {
    let strict = summary_of_the_first_search(&["--prune-on-equal", "no"]);
    assert!(strict.contains("leaves evaluated 9"), "{strict}");
    assert!(strict.contains("· strict ·"), "{strict}");
    for rule in [&["--prune-on-equal", "yes"][..], &[]] {
        let equal = summary_of_the_first_search(rule);
        assert!(equal.contains("leaves evaluated 7"), "{equal}");
        assert!(equal.contains("· prunes on equal ·"), "{equal}");
    }
}
