//! The book's structure: every page listed, every link and anchor resolving, and a
//! README that stays a front page.

use std::path::Path;

use crate::markdown::{anchors, book_pages, book_src, documents, link_targets, read, root};

#[test]
fn every_page_of_the_book_is_in_its_summary() {
    let summary_path = book_src().join("SUMMARY.md");
    let summary = read(&summary_path);
    let listed: Vec<String> = link_targets(&summary);
    for target in &listed {
        assert!(
            book_src().join(target).is_file(),
            "SUMMARY.md lists {target}, which does not exist"
        );
    }
    for page in book_pages() {
        let relative = page.strip_prefix(book_src()).unwrap().to_string_lossy();
        if relative != "SUMMARY.md" {
            assert!(
                listed.iter().any(|target| *target == relative),
                "{relative} is not listed in docs/src/SUMMARY.md"
            );
        }
    }
}

#[test]
fn every_link_resolves_to_a_file_and_anchor() {
    let mut broken = Vec::new();
    for document in documents() {
        let text = read(&document);
        for target in link_targets(&text) {
            if let Some(problem) = broken_link(&document, &text, &target) {
                let name = document.strip_prefix(root()).unwrap().display().to_string();
                broken.push(format!("{name}: ({target}) {problem}"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// Why a link from `document` is broken, if it is; links out of the checkout
/// (`https:`, `mailto:`) are not followed.
fn broken_link(document: &Path, text: &str, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
    let (path, page) = if file.is_empty() {
        (document.to_path_buf(), text.to_string())
    } else {
        let path = document.parent().unwrap().join(file);
        if !path.exists() {
            return Some("no such file".into());
        }
        let page = if file.ends_with(".md") {
            read(&path)
        } else {
            String::new()
        };
        (path, page)
    };
    let found = anchor.is_empty() || anchors(&page).iter().any(|a| a == anchor);
    (!found).then(|| format!("no heading #{anchor} in {}", path.display()))
}

#[test]
fn every_included_file_exists() {
    for page in book_pages() {
        let text = read(&page);
        for include in text.split("{{#include ").skip(1) {
            let target = include.split("}}").next().unwrap();
            let file = target.split(':').next().unwrap();
            let path = page.parent().unwrap().join(file);
            assert!(path.is_file(), "{}: includes {file}", page.display());
        }
    }
}

#[test]
fn the_readme_is_a_front_page() {
    let readme = read(&root().join("README.md"));
    let lines: Vec<&str> = readme.lines().collect();
    assert!(
        lines.len() <= 160,
        "the README has {} lines: it is a front page (about 150), the book in docs/ holds the rest",
        lines.len()
    );
    let head = lines[..12].join("\n");
    assert!(
        head.contains("cargo run --release") && head.contains("cargo test --release"),
        "the README's first lines give the two commands:\n{head}"
    );
    assert!(
        head.contains("![") && head.contains("docs/src/images/arcade.svg"),
        "the README opens with the picture of the arcade:\n{head}"
    );
    assert!(
        root().join("docs/src/images/arcade.svg").is_file(),
        "scripts/screenshot.sh draws the picture"
    );
}

#[test]
fn the_readme_runs_the_tests_as_ci_does() {
    let readme = read(&root().join("README.md"));
    let ci = read(&root().join(".ci/run"));
    let command = "cargo test --release --workspace";
    assert!(readme.contains(command) && ci.contains(command));
}
