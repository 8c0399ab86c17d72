//! Leaving cleanly when the arcade is told to stop from outside: SIGTERM, SIGINT,
//! SIGHUP (the terminal closed) and SIGQUIT. Left alone they would kill the process
//! with the terminal still in raw mode, on the alternate screen, with mouse
//! reporting on and the cursor hidden.
//!
//! A watcher thread notes the signal; the event loop sees it within a frame,
//! returns, and the arcade calls its hook for work before exit (saving the game in
//! progress), restores the terminal and exits with the shells' status for death by
//! that signal, 128 + its number. Should the loop be stuck in a long computation,
//! the watcher restores the terminal itself after [`GRACE`] and exits.
//!
//! Job control too: SIGTSTP (the shell's `kill -TSTP`, or Ctrl-Z where the
//! terminal sends it) asks the loop to suspend, which gives the terminal back and
//! stops the process ([`stop_process`]); SIGCONT (`fg`, or a `kill -CONT` after
//! a SIGSTOP from outside) asks it to take the terminal again and redraw.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How long the event loop has to notice a signal before the watcher gives the
/// terminal back itself.
pub const GRACE: Duration = Duration::from_secs(1);

/// The exit status for death by signal `signo`, as shells report it.
pub fn exit_status(signo: i32) -> i32 {
    128 + signo
}

/// Watches for the stop signals while the arcade runs; stops watching when dropped.
pub struct SignalWatch {
    received: Arc<AtomicI32>,
    /// Set by SIGTSTP: the loop suspends the arcade.
    suspend: Arc<AtomicBool>,
    /// Set by SIGCONT: the loop takes the terminal again.
    continued: Arc<AtomicBool>,
    /// Dropped (or sent on) when the event loop has returned, so that the watcher
    /// leaves the exit to it.
    loop_done: Option<mpsc::Sender<()>>,
    #[cfg(unix)]
    handle: signal_hook::iterator::Handle,
}

impl SignalWatch {
    /// Starts watching. `force_exit` runs on the watcher thread when the loop did
    /// not return within [`GRACE`]: it must restore the terminal and exit.
    pub fn start(force_exit: fn(i32) -> !) -> std::io::Result<SignalWatch> {
        let received = Arc::new(AtomicI32::new(0));
        let suspend = Arc::new(AtomicBool::new(false));
        let continued = Arc::new(AtomicBool::new(false));
        let (loop_done, done) = mpsc::channel::<()>();
        #[cfg(unix)]
        let handle = {
            use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
            let mut signals = signal_hook::iterator::Signals::new([
                SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT,
            ])?;
            let handle = signals.handle();
            let noted = received.clone();
            let (suspend, continued) = (suspend.clone(), continued.clone());
            std::thread::Builder::new()
                .name("ply-signals".into())
                .spawn(move || {
                    for signo in signals.forever() {
                        match signo {
                            SIGTSTP => suspend.store(true, Ordering::SeqCst),
                            SIGCONT => continued.store(true, Ordering::SeqCst),
                            _ => {
                                noted.store(signo, Ordering::SeqCst);
                                if let Err(mpsc::RecvTimeoutError::Timeout) =
                                    done.recv_timeout(GRACE)
                                {
                                    force_exit(signo);
                                }
                                return;
                            }
                        }
                    }
                })?;
            handle
        };
        #[cfg(not(unix))]
        drop((force_exit, done));
        Ok(SignalWatch {
            received,
            suspend,
            continued,
            loop_done: Some(loop_done),
            #[cfg(unix)]
            handle,
        })
    }

    /// The signal received, if any: the event loop stops when it sees one.
    pub fn received(&self) -> Option<i32> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            signo => Some(signo),
        }
    }

    /// True once after SIGTSTP: the loop should suspend the arcade.
    pub fn take_suspend(&self) -> bool {
        self.suspend.swap(false, Ordering::SeqCst)
    }

    /// True once after SIGCONT: the loop should take the terminal again and redraw.
    pub fn take_continued(&self) -> bool {
        self.continued.swap(false, Ordering::SeqCst)
    }

    /// Tells the watcher that the event loop has returned, so that the exit is
    /// left to the caller (hook, terminal restored, status).
    pub fn loop_returned(&mut self) {
        self.loop_done.take();
    }
}

impl Drop for SignalWatch {
    fn drop(&mut self) {
        self.loop_done.take();
        #[cfg(unix)]
        self.handle.close();
    }
}

/// Stops the whole process as SIGTSTP's default action would, until SIGCONT
/// (`fg`); returns when it goes on. The terminal must have been given back first.
pub fn stop_process() {
    #[cfg(unix)]
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_is_the_shells_for_death_by_signal() {
        assert_eq!(exit_status(15), 143);
        assert_eq!(exit_status(2), 130);
        assert_eq!(exit_status(1), 129);
    }
}
