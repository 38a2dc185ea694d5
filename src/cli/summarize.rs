//! `catan-bot summarize`: result files and folders summarized together
//! ([`crate::report::summary`]).

use std::path::PathBuf;

use crate::report::summary::{summarize_paths, text};

/// Arguments of `catan-bot summarize`.
#[derive(clap::Args)]
pub struct Args {
    /// Results files (JSON lines) and folders (every `*.jsonl` below them, e.g. the
    /// shards of a run), all summarized together.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// A heading for the summary.
    #[arg(long, default_value = "results")]
    pub label: String,
}

/// Prints the summary; 2 when a path cannot be read.
pub fn run(args: Args) -> i32 {
    match summarize_paths(&args.files) {
        Ok((s, files)) => {
            eprintln!("summarize: {} results file(s) read", files.len());
            print!("{}", text(&args.label, &s));
            0
        }
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}
