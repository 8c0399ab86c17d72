//! The `ply` binary: the arcade, the command line and the engine protocols
//! (everything lives in the library; this only runs it).

fn main() {
    restore_default_sigpipe();
    std::process::exit(ply::cli::main());
}

/// Rust ignores SIGPIPE, so `ply bench | head` would panic on the closed pipe;
/// like every command-line tool, ply should simply stop instead.
#[cfg(unix)]
fn restore_default_sigpipe() {
    // SAFETY: called first thing in main, before any other thread exists; setting a
    // signal's disposition to the default has no other effect on the program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_default_sigpipe() {}
