fn main() {
    // The arcade (no arguments, or `ply play ...`) first; everything else is the CLI's.
    let status = ply::cli::play::dispatch(std::env::args_os()).unwrap_or_else(ply::cli::main);
    std::process::exit(status);
}
