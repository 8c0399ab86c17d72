//! Errors as one line on stderr: clap's usage errors shortened to their first line
//! and a pointer to `--help`, and input echoed back with its control characters
//! escaped, so that a newline or an escape sequence in what someone typed can
//! neither split the message nor reach the terminal raw.

use clap::error::ErrorKind;

pub(super) use crate::text::escape_control;

/// True for the clap "errors" that are the help or the version a user asked for:
/// printed in full on stdout, with status 0.
pub(super) fn is_requested_output(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    )
}

/// A usage error as one line: clap's own first line without its `error: ` prefix,
/// control characters escaped, and where to read more. `command` is the
/// subcommand's name when the error is about one.
pub(super) fn usage_line(rendered: &str, command: Option<&str>) -> String {
    let first = rendered
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("invalid arguments");
    let message = first.strip_prefix("error: ").unwrap_or(first);
    let tip = rendered
        .lines()
        .find_map(|l| l.trim().strip_prefix("tip: "))
        .map(|tip| format!(" ({tip})"))
        .unwrap_or_default();
    let help = match command {
        Some(name) => format!("ply {name} --help"),
        None => "ply --help".to_string(),
    };
    format!(
        "{}{}; see '{help}'",
        escape_control(message),
        escape_control(&tip)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_usage_error_keeps_its_first_line_and_points_to_help() {
        let rendered = "error: unexpected argument '--depht' found\n\n  tip: a similar argument exists: '--depth'\n\nUsage: ply solve <GAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            usage_line(rendered, Some("solve")),
            "unexpected argument '--depht' found (a similar argument exists: '--depth'); see 'ply solve --help'"
        );
        assert_eq!(usage_line("error: bad\n", None), "bad; see 'ply --help'");
    }
}
