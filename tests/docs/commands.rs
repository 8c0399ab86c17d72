//! Every command shown in a `sh` block of the README or the book runs as written:
//! headless commands exit with status 0, the arcade's commands open the arcade (in
//! tmux), and the slow ones, in `sh,no_run` blocks, parse.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use ply::cli::Cli;

use crate::markdown::{code_blocks, documents, read, root};

/// One command line of a shell block, with where it was shown.
struct Shown {
    place: String,
    line: String,
    run: bool,
}

/// The command lines of every `sh` block (comments and blank lines left out);
/// `cargo` lines are the build's own commands and are left to CI.
fn shown_commands() -> Vec<Shown> {
    let mut shown = Vec::new();
    for document in documents() {
        let name = document.strip_prefix(root()).unwrap().display().to_string();
        for block in code_blocks(&read(&document)) {
            let mut info = block.info.split(',');
            if info.next() != Some("sh") {
                continue;
            }
            let run = !info.any(|attribute| attribute == "no_run");
            for (offset, line) in block.lines.iter().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') || line.starts_with("cargo ") {
                    continue;
                }
                shown.push(Shown {
                    place: format!("{name}:{}", block.first_line + offset),
                    line: line.to_string(),
                    run,
                });
            }
        }
    }
    shown
}

/// The words of a command line as the shell splits them (quotes, `#` comments).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_default().push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            (None, '#') if word.is_none() => break,
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_default().push(c),
        }
    }
    words.extend(word);
    words
}

/// The arcade takes the terminal: `ply` alone and `ply play ...`.
fn opens_the_arcade(words: &[String]) -> bool {
    words.first().is_some_and(|w| w == "ply") && words.get(1).is_none_or(|w| w == "play")
}

/// A folder to run in, with the checkout's data files where the commands name them.
fn sandbox() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-docs-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("data")).unwrap();
    for shared in ["tests", "scripts"] {
        let link = dir.join(shared);
        if !link.exists() {
            std::os::unix::fs::symlink(root().join(shared), link).unwrap();
        }
    }
    dir
}

/// PATH with the built `ply` first.
fn path_with_ply() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_ply")).parent().unwrap();
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

#[test]
fn shell_words_split_as_the_shell_does() {
    assert_eq!(
        shell_words(r#"ply solve x -o "tree=((3,12),(2))" --moves 'e4 e5'   # a comment"#),
        [
            "ply",
            "solve",
            "x",
            "-o",
            "tree=((3,12),(2))",
            "--moves",
            "e4 e5"
        ]
    );
    assert_eq!(shell_words("ply # only"), ["ply"]);
}

#[test]
fn every_shown_command_parses() {
    let shown = shown_commands();
    assert!(shown.len() > 40, "only {} commands found", shown.len());
    for command in shown.iter().filter(|c| c.line.starts_with("ply")) {
        let words = shell_words(&command.line);
        if let Err(error) = Cli::try_parse_from(&words) {
            let requested = matches!(
                error.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            );
            assert!(requested, "{}: `{}`: {error}", command.place, command.line);
        }
    }
}

#[test]
fn every_headless_command_shown_runs() {
    let dir = sandbox();
    let mut failures = Vec::new();
    for command in shown_commands().iter().filter(|c| c.run) {
        if opens_the_arcade(&shell_words(&command.line)) {
            continue;
        }
        let output = Command::new("sh")
            .args(["-c", &command.line])
            .current_dir(&dir)
            .env("PATH", path_with_ply())
            .env("PLY_DATA_DIR", dir.join("data"))
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        if !output.status.success() {
            failures.push(format!(
                "{}: `{}` exited with {:?}: {}",
                command.place,
                command.line,
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_arcade_command_shown_opens_the_arcade() {
    if !tmux_present() {
        return;
    }
    let dir = sandbox();
    let socket = format!("ply-docs-{}", std::process::id());
    // A session that outlives the others keeps the server up between commands: a
    // server stopping as the next session starts would fail it.
    let keeper = Command::new("tmux")
        .args([
            "-L",
            &socket,
            "new-session",
            "-d",
            "-s",
            "keeper",
            "sleep 600",
        ])
        .status()
        .expect("tmux runs");
    assert!(keeper.success());
    let mut failures = Vec::new();
    let arcade_commands = shown_commands()
        .into_iter()
        .filter(|c| c.run && opens_the_arcade(&shell_words(&c.line)));
    for (index, command) in arcade_commands.enumerate() {
        let session = format!("docs-{index}");
        if let Err(screen) = opens_in_tmux(&socket, &session, &dir, &command.line) {
            failures.push(format!("{}: `{}`:\n{screen}", command.place, command.line));
        }
    }
    let _ = Command::new("tmux")
        .args(["-L", &socket, "kill-server"])
        .stderr(Stdio::null())
        .status();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn tmux_present() -> bool {
    let present = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        present || std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
        "tmux is required here"
    );
    if !present {
        eprintln!("tmux not installed: the arcade's commands did not run");
    }
    present
}

/// Runs the command in a 120x40 tmux window until the arcade draws its frame; the
/// screen at that point (or when the command ended instead) is the error.
fn opens_in_tmux(socket: &str, session: &str, dir: &Path, line: &str) -> Result<(), String> {
    let script = format!(
        "export PATH='{}' PLY_DATA_DIR='{}'; {line}; echo \"exited with status $?\"; sleep 30",
        path_with_ply(),
        dir.join("data").display()
    );
    let started = Command::new("tmux")
        .args([
            "-L",
            socket,
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "120",
            "-y",
            "40",
        ])
        .args(["-c", &dir.display().to_string(), &script])
        .output()
        .expect("tmux runs");
    assert!(
        started.status.success(),
        "tmux: {}",
        String::from_utf8_lossy(&started.stderr)
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let result = loop {
        std::thread::sleep(Duration::from_millis(200));
        let screen = capture(socket, session);
        if screen.contains("exited with status") {
            break Err(screen);
        }
        if screen.contains('┌') && screen.contains('┘') {
            break Ok(());
        }
        if Instant::now() > deadline {
            break Err(format!("nothing drawn in 20 s:\n{screen}"));
        }
    };
    let _ = Command::new("tmux")
        .args(["-L", socket, "kill-session", "-t", session])
        .stderr(Stdio::null())
        .status();
    result
}

fn capture(socket: &str, session: &str) -> String {
    let output = Command::new("tmux")
        .args(["-L", socket, "capture-pane", "-p", "-t", session])
        .output()
        .expect("tmux captures");
    String::from_utf8_lossy(&output.stdout).into_owned()
}
