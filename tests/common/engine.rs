//! An engine-protocol process (`ply uci`, `ply ucci`) driven over its pipes, as a
//! GUI would drive it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// `ply` started with some arguments, its stdin and stdout held.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `ply ARGS...`.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads its input");
    }

    /// Sends one line of raw bytes, which need not be UTF-8.
    pub fn send_bytes(&mut self, line: &[u8]) {
        self.input
            .write_all(line)
            .expect("the engine reads its input");
        self.input
            .write_all(b"\n")
            .expect("the engine reads its input");
    }

    /// Reads lines until one starts with `prefix`, returning it and the lines before.
    pub fn read_until(&mut self, prefix: &str) -> (String, Vec<String>) {
        let mut before = Vec::new();
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("engine output");
            assert!(
                read > 0,
                "the engine closed its output waiting for {prefix}: {before:?}"
            );
            let line = line.trim_end().to_string();
            if line.starts_with(prefix) {
                return (line, before);
            }
            before.push(line);
        }
    }

    /// The move of a `bestmove` line after a `go`.
    pub fn best_move(&mut self) -> String {
        let (best, _) = self.read_until("bestmove");
        best.split_whitespace().nth(1).expect("a move").to_string()
    }

    /// Sends `quit` and checks the process ends well.
    pub fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("the engine exits");
        assert!(status.success());
    }

    /// Waits for the process to end (after `quit` was sent), checking it ends well.
    pub fn wait_for_exit(mut self) {
        let status = self.child.wait().expect("the engine exits");
        assert!(status.success());
    }
}
