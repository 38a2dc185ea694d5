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
    /// Check transcripts: count messages per type, report lines that do not parse or re-encode.
    Decode {
        /// Transcript files (`< ` / `> ` lines, shared/protocol/README.md format).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Feed transcripts' server lines through the client's mirror; one line per game, exit 1
    /// if any mirrored figure disagrees with the server's (data checks, final scores).
    Replay {
        /// Transcript files (`< ` / `> ` lines, shared/protocol/README.md format).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Engine and playout throughput on one core, with a behaviour checksum.
    Perf {
        /// Random-policy games to play (seeds 0..N).
        #[arg(long, default_value_t = 1000)]
        games: u32,
        /// Heuristic playouts from the fixed mid-game position.
        #[arg(long, default_value_t = 20000)]
        playouts: u32,
    },
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Command::Version => println!("{}", env!("CARGO_PKG_VERSION")),
        Command::Decode { files } => std::process::exit(catan_bot::decode::run(&files)),
        Command::Replay { files } => {
            init_tracing();
            std::process::exit(catan_bot::client::replay::run(&files))
        }
        Command::Perf { games, playouts } => {
            catan_bot::perf::print(&catan_bot::perf::run(games, playouts))
        }
    }
}

/// Logs to stderr; `RUST_LOG` filters (default `info`).
fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}
