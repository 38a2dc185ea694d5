//! `catan-bot replay`: transcripts through the client's mirror ([`crate::client::replay`]).

use std::path::PathBuf;

/// Arguments of `catan-bot replay`.
#[derive(clap::Args)]
pub struct Args {
    /// Transcript files (`< ` / `> ` lines, format of protocol/src/transcript.rs).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Accept games that did not reach game over (a transcript cut on purpose, or a game
    /// left before its end): without it such a game exits 2.
    #[arg(long)]
    pub partial: bool,
}

/// Replays the files: one line per game; returns the exit status of
/// [`client::replay::run`](crate::client::replay::run).
pub fn run(args: Args) -> i32 {
    super::init_tracing();
    crate::client::replay::run(&args.files, args.partial)
}
