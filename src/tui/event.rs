//! The loop that runs the arcade in a real terminal: draw, wait briefly for input,
//! answer it, let the games catch up with their searches, and again. The wait is
//! short, so the search panel refreshes while the computer thinks even when no key
//! is pressed, and a key never waits for the search.
//!
//! Ctrl-Z (a key in raw mode) and SIGTSTP suspend the arcade as every full-screen
//! program does: the terminal is given back, the process stops, and after `fg` it
//! takes the terminal again and redraws all of it. The game goes on where it was;
//! the clock of the side to move does not count the time stopped. A search under
//! way stops with the process; its time limit keeps running, so after a long stop
//! it ends at once with the best move it had found.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};

use super::app::App;
use super::signals::{self, SignalWatch};
use super::terminal::ArcadeTerminal;

/// The longest the loop waits for input before drawing again (20 frames a second).
const FRAME: Duration = Duration::from_millis(50);

/// Runs the app until the user quits or a stop signal arrives.
pub fn run(
    terminal: &mut ArcadeTerminal,
    app: &mut App,
    signals: &SignalWatch,
) -> anyhow::Result<()> {
    while !app.should_quit() && signals.received().is_none() {
        if signals.take_suspend() {
            suspend(terminal, app)?;
        }
        if signals.take_continued() {
            // Continued after a stop from outside (SIGSTOP): the shell may have
            // changed the terminal's modes meanwhile.
            terminal.resume()?;
        }
        app.tick();
        terminal.draw(|frame| app.render(frame))?;
        if event::poll(FRAME)? {
            // Answer everything queued before drawing again, so key repeat never
            // lags; a flood of input still lets a frame through every FRAME. Keys
            // never wait on work: slow jobs (searches, the explorer's tree) run on
            // threads of their own, and a repeated key joins the job under way.
            let deadline = Instant::now() + FRAME;
            loop {
                let event = event::read()?;
                if is_suspend_key(&event) {
                    suspend(terminal, app)?;
                    break;
                }
                app.handle_event(&event);
                if app.should_quit() || Instant::now() >= deadline || !event::poll(Duration::ZERO)?
                {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// True for Ctrl-Z, which raw mode delivers as a key rather than as SIGTSTP.
pub fn is_suspend_key(event: &Event) -> bool {
    matches!(event, Event::Key(key)
        if key.kind != KeyEventKind::Release
            && matches!(key.code, KeyCode::Char('z' | 'Z'))
            && key.modifiers.contains(KeyModifiers::CONTROL))
}

/// Suspends the arcade: the clocks charged up to now, the terminal given back,
/// the process stopped until `fg`; then the terminal taken again, and the time
/// stopped left out of the clock of the side to move.
fn suspend(terminal: &mut ArcadeTerminal, app: &mut App) -> anyhow::Result<()> {
    app.tick();
    terminal.suspend();
    let stopped = Instant::now();
    signals::stop_process();
    app.resumed_after(stopped.elapsed());
    terminal.resume()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::KeyEvent;

    use super::*;

    #[test]
    fn ctrl_z_suspends_and_z_does_not() {
        let key = |code, modifiers| Event::Key(KeyEvent::new(code, modifiers));
        assert!(is_suspend_key(&key(
            KeyCode::Char('z'),
            KeyModifiers::CONTROL
        )));
        assert!(!is_suspend_key(&key(
            KeyCode::Char('z'),
            KeyModifiers::NONE
        )));
        assert!(!is_suspend_key(&key(
            KeyCode::Char('x'),
            KeyModifiers::CONTROL
        )));
    }
}
