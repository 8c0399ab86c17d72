//! The loop that runs the arcade in a real terminal: draw, wait briefly for input,
//! answer it, let the games catch up with their searches, and again. The wait is
//! short, so the search panel refreshes while the computer thinks even when no key
//! is pressed, and a key never waits for the search.

use std::time::{Duration, Instant};

use ratatui::crossterm::event;

use super::app::App;
use super::signals::SignalWatch;
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
        app.tick();
        terminal.draw(|frame| app.render(frame))?;
        if event::poll(FRAME)? {
            // Answer everything queued before drawing again, so key repeat never
            // lags; a flood of input still lets a frame through every FRAME. Keys
            // never wait on work: slow jobs (searches, the explorer's tree) run on
            // threads of their own, and a repeated key joins the job under way.
            let deadline = Instant::now() + FRAME;
            loop {
                app.handle_event(&event::read()?);
                if app.should_quit() || Instant::now() >= deadline || !event::poll(Duration::ZERO)?
                {
                    break;
                }
            }
        }
    }
    Ok(())
}
