//! Just enough Markdown for the checks: the documents, their fenced code blocks,
//! their links and their headings' anchors as mdBook makes them.

use std::path::{Path, PathBuf};

/// The checkout's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The book's source folder.
pub fn book_src() -> PathBuf {
    root().join("docs/src")
}

/// Every Markdown file of the book, sorted.
pub fn book_pages() -> Vec<PathBuf> {
    let mut pages = Vec::new();
    collect(&book_src(), &mut pages);
    pages.sort();
    pages
}

fn collect(dir: &Path, pages: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the book's folder reads") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            collect(&path, pages);
        } else if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
}

/// The README and every page of the book.
pub fn documents() -> Vec<PathBuf> {
    let mut documents = vec![root().join("README.md")];
    documents.extend(book_pages());
    documents
}

/// Reads a document.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fenced code block: its info string (`sh`, `sh,no_run`, `text`...), the line
/// of its first content line, and its lines.
pub struct CodeBlock {
    pub info: String,
    pub first_line: usize,
    pub lines: Vec<String>,
}

/// The fenced code blocks of a document, in order.
pub fn code_blocks(text: &str) -> Vec<CodeBlock> {
    let mut blocks = Vec::new();
    let mut open: Option<CodeBlock> = None;
    for (index, line) in text.lines().enumerate() {
        match (open.take(), line.strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(CodeBlock {
                    info: info.trim().to_string(),
                    first_line: index + 2,
                    lines: Vec::new(),
                });
            }
            (Some(block), Some(_)) => blocks.push(block),
            (Some(mut block), None) => {
                block.lines.push(line.to_string());
                open = Some(block);
            }
            (None, None) => {}
        }
    }
    blocks
}

/// The document's text outside fenced code blocks and inline code spans, where
/// Markdown reads links and headings.
pub fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            let mut in_code = false;
            for piece in line.split('`') {
                if !in_code {
                    out.push_str(piece);
                }
                in_code = !in_code;
            }
            out.push('\n');
        }
    }
    out
}

/// The targets of the inline links and images `[text](target)` in prose.
pub fn link_targets(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut targets = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            targets.push(target.to_string());
            rest = &rest[end..];
        }
    }
    targets
}

/// The anchors mdBook gives a page's headings: lower case, spaces to dashes,
/// punctuation dropped.
pub fn anchors(text: &str) -> Vec<String> {
    let mut anchors = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            let title = line.trim_start_matches('#').trim();
            anchors.push(slug(title));
        }
    }
    anchors
}

fn slug(title: &str) -> String {
    title
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

#[test]
fn slugs_are_mdbook_s() {
    assert_eq!(
        slug("Xiangqi: UCI variant and UCCI"),
        "xiangqi-uci-variant-and-ucci"
    );
    assert_eq!(
        slug("`ply solve` and its counters"),
        "ply-solve-and-its-counters"
    );
}
