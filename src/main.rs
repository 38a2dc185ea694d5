//! The `catan-bot` command line.
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "catan-bot",
    version,
    about = "MPT-EnsembleUCT robot for JSettlers2"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Placeholder.
    Version,
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Command::Version => println!("{}", env!("CARGO_PKG_VERSION")),
    }
}
