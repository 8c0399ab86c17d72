//! Taking over the terminal and giving it back: raw mode, the alternate screen and
//! mouse capture on the way in; the reverse on every way out (normal return, error
//! and panic), so that a crash never leaves the user's shell unusable.

use std::io::{self, IsTerminal, Stdout, stdin, stdout};
use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, Once, PoisonError};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// The real terminal, restored when dropped.
pub struct ArcadeTerminal {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl ArcadeTerminal {
    /// Switches the terminal into the arcade's modes. If any step fails, whatever
    /// was already switched is switched back before the error is returned.
    pub fn open() -> io::Result<ArcadeTerminal> {
        install_panic_hook();
        let entered = enter().and_then(|()| Terminal::new(CrosstermBackend::new(stdout())));
        match entered {
            Ok(mut terminal) => {
                let _ = terminal.hide_cursor();
                Ok(ArcadeTerminal { terminal })
            }
            Err(error) => {
                restore();
                Err(error)
            }
        }
    }
}

impl ArcadeTerminal {
    /// Gives the terminal back as on exit, for the process to be suspended.
    pub fn suspend(&mut self) {
        let _ = self.terminal.show_cursor();
        restore();
    }

    /// Takes the terminal again after a suspend; the next frame redraws all of it.
    /// Raw mode is set anew even if it was never left (a SIGSTOP from outside):
    /// the shell may have changed the terminal's modes while the arcade stood still.
    pub fn resume(&mut self) -> io::Result<()> {
        let _ = disable_raw_mode();
        enter()?;
        self.terminal.hide_cursor()?;
        self.terminal.clear()
    }
}

/// Switches into raw mode, the alternate screen and mouse capture.
fn enter() -> io::Result<()> {
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)
}

impl Deref for ArcadeTerminal {
    type Target = Terminal<CrosstermBackend<Stdout>>;
    fn deref(&self) -> &Self::Target {
        &self.terminal
    }
}

impl DerefMut for ArcadeTerminal {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.terminal
    }
}

impl Drop for ArcadeTerminal {
    fn drop(&mut self) {
        let _ = self.terminal.show_cursor();
        restore();
        print_thread_panics();
    }
}

/// Says in one line what is wrong when the arcade cannot run here: its input and
/// its output must both be a terminal (not a pipe, a file or `/dev/null`).
pub fn check_terminal() -> anyhow::Result<()> {
    let missing = match (stdin().is_terminal(), stdout().is_terminal()) {
        (true, true) => return Ok(()),
        (false, _) => "stdin",
        (true, false) => "stdout",
    };
    anyhow::bail!(
        "the arcade needs a terminal ({missing} is not a tty); for pipes use `ply uci`, `ply ucci`, `ply gtp` or `ply gomocup`"
    )
}

/// Leaves the arcade's modes and shows the cursor. Safe to call more than once and
/// when they were never entered, which is what a panic hook needs.
pub fn restore() {
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
}

/// Restores the terminal from another thread and ends the process with the status
/// for death by `signo`: what a signal does when the event loop cannot answer in
/// time. Standard output stays locked to the end, so that no half-drawn frame
/// lands on the restored screen.
pub fn restore_and_exit(signo: i32) -> ! {
    let _frames_held = stdout().lock();
    restore();
    std::process::exit(super::signals::exit_status(signo))
}

/// Panics of background threads (a search), printed once the terminal is back.
static THREAD_PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Restores the terminal before the default panic message is printed, so that the
/// message lands on the normal screen where the user can read it. A background
/// thread's panic (a search that dies) leaves the arcade running, which reports
/// it as an error: its message is kept and printed when the arcade closes, instead
/// of over the board.
fn install_panic_hook() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        let ui_thread = std::thread::current().id();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().id() == ui_thread {
                restore();
                previous(info);
            } else {
                let name = std::thread::current()
                    .name()
                    .unwrap_or("a thread")
                    .to_string();
                let mut kept = THREAD_PANICS.lock().unwrap_or_else(PoisonError::into_inner);
                kept.push(format!("{name} panicked: {info}"));
            }
        }));
    });
}

/// Prints the background threads' panics kept while the arcade was open.
fn print_thread_panics() {
    let kept = std::mem::take(&mut *THREAD_PANICS.lock().unwrap_or_else(PoisonError::into_inner));
    for panic in kept {
        eprintln!("{panic}");
    }
}
