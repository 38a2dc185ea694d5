//! The `catan-bot` executable: parses the command line and runs the subcommand
//! ([`catan_bot::cli`]), exiting with its status.

use catan_bot::cli::{self, Cli, Command};
use clap::Parser;

fn main() {
    let status = match Cli::parse().command {
        Command::Decode(args) => cli::decode::run(args),
        Command::Play(args) => cli::play::run(args),
        Command::Host(args) => cli::host::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Arena(args) => cli::arena::run(args),
        Command::Summarize(args) => cli::summarize::run(args),
        Command::Chart(args) => cli::chart::run(args),
        Command::Perf(args) => cli::perf::run(args),
        Command::Calibrate(args) => cli::calibrate::run(args),
        Command::Wins(args) => cli::wins::run(args),
    };
    std::process::exit(status);
}
