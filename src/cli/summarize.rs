//! `catan-bot summarize`: result files and folders summarized together
//! ([`crate::report::summary`]).

use std::path::PathBuf;

use crate::report::summary::{paired, paired_text, read_paths, summarize, summarize_paths, text};

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
    /// A second arm of the same arena run (same `--seed`): its files and folders. Both arms
    /// are summarized, then compared game by game (won by both, by one only, by neither;
    /// McNemar's exact test on the games only one arm won).
    #[arg(long, num_args = 1.., value_name = "FILE_OR_FOLDER")]
    pub paired: Vec<PathBuf>,
    /// A heading for the second arm.
    #[arg(long, default_value = "second")]
    pub paired_label: String,
}

/// Prints the summary (with `--paired`, both arms' and their comparison); 2 when a path
/// cannot be read.
pub fn run(args: Args) -> i32 {
    if !args.paired.is_empty() {
        return run_paired(&args);
    }
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

fn run_paired(args: &Args) -> i32 {
    let arms = read_paths(&args.files).and_then(|a| Ok((a, read_paths(&args.paired)?)));
    let ((first, files_a), (second, files_b)) = match arms {
        Ok(arms) => arms,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    eprintln!(
        "summarize: {} + {} results file(s) read",
        files_a.len(),
        files_b.len()
    );
    print!("{}", text(&args.label, &summarize(&first)));
    print!("{}", text(&args.paired_label, &summarize(&second)));
    let p = paired(&first, &second);
    print!("{}", paired_text(&args.label, &args.paired_label, &p));
    0
}
