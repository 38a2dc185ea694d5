//! `catan-bot summarize`: result files and folders summarized together
//! ([`crate::report::summary`]).

use std::path::PathBuf;

use crate::report::summary::{
    mix_text, paired, paired_text, read_paths, summarize, summarize_paths, text, versus_text,
    Summary,
};

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
    /// A second arm of other games (a real-server A/B, or arena runs of different seeds): its
    /// files and folders. Both arms are summarized, then compared: the difference of the win
    /// rates with its 95% interval (Newcombe's hybrid score) and Fisher's exact test.
    #[arg(long, num_args = 1.., value_name = "FILE_OR_FOLDER", conflicts_with = "paired")]
    pub versus: Vec<PathBuf>,
    /// A heading for the second arm (of --paired or --versus).
    #[arg(long, default_value = "second")]
    pub paired_label: String,
    /// After each summary, our win rate by the robot mix of the games, one line per mix met:
    /// smart (every opponent a "robot N"), fast (every one a "droid N"), mixed (stock robots
    /// of both kinds) or other (any other opponent: a person, another bot, an arena agent).
    #[arg(long)]
    pub by_mix: bool,
}

/// The summary's text, with the split by robot mix when asked for.
fn summary_text(args: &Args, label: &str, s: &Summary) -> String {
    let mut t = text(label, s);
    if args.by_mix {
        t.push_str(&mix_text(s));
    }
    t
}

/// Prints the summary (with `--paired`, both arms' and their comparison); 2 when a path
/// cannot be read.
pub fn run(args: Args) -> i32 {
    if !args.paired.is_empty() || !args.versus.is_empty() {
        return run_two_arms(&args);
    }
    match summarize_paths(&args.files) {
        Ok((s, files)) => {
            eprintln!("summarize: {} results file(s) read", files.len());
            print!("{}", summary_text(&args, &args.label, &s));
            0
        }
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}

/// `--paired` and `--versus`: both arms summarized, then compared.
fn run_two_arms(args: &Args) -> i32 {
    let second_paths = if args.versus.is_empty() {
        &args.paired
    } else {
        &args.versus
    };
    let arms = read_paths(&args.files).and_then(|a| Ok((a, read_paths(second_paths)?)));
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
    let (a, b) = (summarize(&first), summarize(&second));
    print!("{}", summary_text(args, &args.label, &a));
    print!("{}", summary_text(args, &args.paired_label, &b));
    if args.versus.is_empty() {
        let p = paired(&first, &second);
        print!("{}", paired_text(&args.label, &args.paired_label, &p));
    } else {
        print!("{}", versus_text(&args.label, &args.paired_label, &a, &b));
    }
    0
}
