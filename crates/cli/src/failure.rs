//! A failed command: the lines to print on stderr and the exit status.

use std::process::ExitCode;

/// Exit status for bad input: an unreadable file, a malformed or illegal action, a bad position.
pub const BAD_INPUT: u8 = 2;

/// Why a command failed, one line per problem.
#[derive(Debug)]
pub struct Failure {
    lines: Vec<String>,
    status: u8,
}

impl Failure {
    /// Bad input described in one line.
    pub fn bad_input(line: impl Into<String>) -> Failure {
        Failure {
            lines: vec![line.into()],
            status: BAD_INPUT,
        }
    }

    /// Bad input with several problems, one line each.
    pub fn bad_input_lines(lines: Vec<String>) -> Failure {
        Failure {
            lines,
            status: BAD_INPUT,
        }
    }

    /// The same failure, each line prefixed with the file it is about.
    pub fn in_file(mut self, name: &str) -> Failure {
        for line in &mut self.lines {
            *line = format!("{name}: {line}");
        }
        self
    }

    /// A failure that is not the input's fault (e.g. a broken invariant found in self-play).
    pub fn with_status(status: u8, line: impl Into<String>) -> Failure {
        Failure {
            lines: vec![line.into()],
            status,
        }
    }

    /// A failure that is not the input's fault, with several problems, one line each.
    pub fn with_lines(status: u8, lines: Vec<String>) -> Failure {
        Failure { lines, status }
    }
}

/// Turns a command's result into its exit status, printing the failure's lines on stderr.
pub fn exit(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            for line in &failure.lines {
                eprintln!("helvetia: {line}");
            }
            ExitCode::from(failure.status)
        }
    }
}
