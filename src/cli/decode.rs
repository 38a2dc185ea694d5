//! `catan-bot decode`: the transcript check of [`jsettlers_protocol::transcript::decode`] over
//! files, printed with a count per message type.

use std::path::PathBuf;

use jsettlers_protocol::transcript::decode::DecodeReport;

/// Arguments of `catan-bot decode`.
#[derive(clap::Args)]
pub struct Args {
    /// Transcript files (`< ` / `> ` lines, format of protocol/src/transcript.rs).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Runs `decode` over the files, printing to stdout (problems and unreadable files too).
///
/// Returns the process exit status: 0 if every line passed, 1 if any line failed a check,
/// 2 if a file could not be read.
pub fn run(args: Args) -> i32 {
    let mut report = DecodeReport::default();
    let mut unreadable = false;
    for path in &args.files {
        match std::fs::read_to_string(path) {
            Ok(contents) => report.add_transcript(path, &contents),
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                unreadable = true;
            }
        }
    }
    let stdout = std::io::stdout();
    // A closed stdout (e.g. piped into `head`) must not turn into a panic.
    let _ = report.print(&mut stdout.lock());
    if unreadable {
        2
    } else if report.problems.is_empty() {
        0
    } else {
        1
    }
}
