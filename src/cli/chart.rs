//! `catan-bot chart`: the win-rate bar chart of several runs ([`crate::report::chart`]).

use std::path::PathBuf;

use crate::report::chart::{svg, Bar};
use crate::report::summary::summarize_paths;

/// Arguments of `catan-bot chart`.
#[derive(clap::Args)]
pub struct Args {
    /// Runs as LABEL=RESULTS (a `.jsonl` file or a folder of them, or several joined by `,`;
    /// a `|` in LABEL breaks the line). LABEL `GROUP:SERIES` draws consecutive runs of one
    /// GROUP side by side, a colour and a legend entry per SERIES (e.g. `mp-uct:1,000=...`
    /// `mp-uct:10,000=...`).
    #[arg(required = true)]
    pub runs: Vec<String>,
    /// Output SVG file.
    #[arg(long)]
    pub out: PathBuf,
    /// Chart title.
    #[arg(long, default_value = "Win rate vs three JSettlers robots")]
    pub title: String,
}

/// Writes the chart; 2 when a run is malformed or a file cannot be read or written.
pub fn run(args: Args) -> i32 {
    let Args { runs, out, title } = args;
    let mut bars = Vec::new();
    for run in &runs {
        let Some((label, file)) = run.split_once('=') else {
            eprintln!("run `{run}`: expected LABEL=FILE");
            return 2;
        };
        let files: Vec<PathBuf> = file.split(',').map(PathBuf::from).collect();
        match summarize_paths(&files) {
            Ok((summary, _)) => bars.push(Bar::from_label(label, summary)),
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        }
    }
    if let Err(e) = std::fs::write(&out, svg(&title, &bars)) {
        eprintln!("{}: {e}", out.display());
        return 2;
    }
    println!("wrote {}", out.display());
    0
}
