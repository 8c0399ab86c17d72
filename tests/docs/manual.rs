//! The manual made from the command line's definitions: the book's reference page,
//! shell completions, the man page and the version.

use std::process::Command;

use clap::CommandFactory;
use ply::cli::Cli;
use ply::cli::manual::{markdown_reference, visible_subcommands};

use crate::markdown::{book_src, read, root};

fn ply(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs");
    assert!(
        output.status.success(),
        "ply {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn subcommands() -> Vec<String> {
    let names = visible_subcommands(&Cli::command());
    assert!(names.len() >= 10, "{names:?}");
    names
}

#[test]
fn the_books_reference_is_generated_from_the_command_line() {
    let page = read(&book_src().join("cli/reference.md"));
    assert!(
        page == markdown_reference(),
        "docs/src/cli/reference.md is out of date: run \
         `cargo run --release -- man --markdown > docs/src/cli/reference.md`"
    );
}

#[test]
fn the_reference_holds_what_help_prints() {
    let page = read(&book_src().join("cli/reference.md"));
    let mut commands: Vec<Vec<String>> = vec![vec![]];
    commands.extend(subcommands().into_iter().map(|name| vec![name]));
    for words in commands {
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("--help");
        let help = ply(&args);
        let title = std::iter::once("ply")
            .chain(words.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        let section = format!("## `{title}`\n\n```text\n{}\n```\n", help.trim_end());
        assert!(
            page.contains(&section),
            "the reference differs from `{title} --help`"
        );
    }
}

#[test]
fn completions_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let script = ply(&["completions", shell]);
        for name in subcommands() {
            assert!(script.contains(&name), "{shell} completion lacks {name}");
        }
    }
    assert!(ply(&["completions", "bash"]).contains("complete -F _ply"));
}

#[test]
fn an_unknown_shell_is_refused_in_one_line() {
    let output = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

#[test]
fn the_man_page_describes_every_subcommand() {
    let page = ply(&["man"]);
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "roff: {}",
        &page[..80]
    );
    assert!(page.contains(".TH ply 1"));
    for name in subcommands() {
        let heading = format!(".SH \"PLY {}\"", name.to_uppercase());
        assert!(page.contains(&heading), "the man page lacks {heading}");
    }
    // The options of a subcommand are in its section: `ply solve --algo`.
    let solve = page.split(".SH \"PLY SOLVE\"").nth(1).unwrap();
    let solve = solve.split(".SH \"PLY ").next().unwrap();
    assert!(solve.contains("algo"), "{solve}");
}

#[test]
fn the_version_names_the_commit_it_was_built_from() {
    let version = ply(&["--version"]);
    assert!(
        version.starts_with(&format!("ply {}", env!("CARGO_PKG_VERSION"))),
        "{version}"
    );
    let head = Command::new("git")
        .args(["rev-parse", "--short=9", "HEAD"])
        .current_dir(root())
        .output();
    if let Some(head) = head.ok().filter(|o| o.status.success()) {
        let commit = String::from_utf8_lossy(&head.stdout).trim().to_string();
        assert!(
            version.contains(&format!("({commit})")),
            "{version} is not {commit}"
        );
    }
}
