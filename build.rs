//! Stamps the version `ply --version` prints with the git commit it was built from,
//! so a bug report names the exact build; outside a git checkout (a crate tarball)
//! the version is the package's alone.

use std::path::Path;
use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let stamped = match commit() {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=PLY_VERSION={stamped}");
    watch_head();
}

/// The short hash of the commit checked out (uncommitted changes are not told:
/// cargo reruns this script when HEAD moves, not when a source file changes).
fn commit() -> Option<String> {
    git(&["rev-parse", "--short=9", "HEAD"])
}

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// Rebuild the stamp when HEAD moves (a commit, a checkout), not on every build:
/// cargo reruns this script only when one of the watched files changes.
fn watch_head() {
    println!("cargo:rerun-if-changed=build.rs");
    let Some(git_dir) = git(&["rev-parse", "--git-dir"]) else {
        return;
    };
    let head = Path::new(&git_dir).join("HEAD");
    watch(&head);
    if let Some(reference) = git(&["symbolic-ref", "-q", "HEAD"]) {
        let common = git(&["rev-parse", "--git-common-dir"]).unwrap_or(git_dir.clone());
        watch(&Path::new(&common).join(reference));
        watch(&Path::new(&common).join("packed-refs"));
    }
}

fn watch(path: &Path) {
    if path.exists() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}
