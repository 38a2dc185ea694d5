//! The `catan-bot` command line: [`Cli`] (clap derive) and one file per subcommand, each with
//! its arguments and a `run` that returns the process's exit status (0 done, 1 a failure found,
//! 2 bad arguments or unreadable input). `main.rs` parses and dispatches. The top of the crate:
//! may use every other module, and none uses it.

pub mod arena;
pub mod calibrate;
pub mod chart;
pub mod decode;
pub mod host;
pub mod perf;
pub mod play;
pub mod replay;
pub mod summarize;
pub mod wins;

use clap::{Parser, Subcommand};

/// The command line.
#[derive(Parser)]
#[command(
    name = "catan-bot",
    version,
    about = "MPT-EnsembleUCT robot for JSettlers2"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Check transcripts: count messages per type, report lines that do not parse or re-encode.
    Decode(decode::Args),
    /// Play as a robot on a JSettlers2 server until Ctrl-C (or `--games` finished games).
    Play(play::Args),
    /// Create games with chosen options (a scenario, the sea board, 6 seats) and start them
    /// with robots in every seat, one after another, watching each to its end.
    Host(host::Args),
    /// Feed transcripts' server lines through the client's mirror; one line per game, exit 1
    /// if any mirrored figure disagrees with the server's (data checks, final scores).
    Replay(replay::Args),
    /// Play in-process games between agents (no server), on the classic or the 6-player
    /// board, and report win rates.
    Arena(arena::Args),
    /// Summarize `play --results` and `arena --results` files: win rate with its 95% interval,
    /// points, latency, forced turns, refusals, opponents met.
    Summarize(summarize::Args),
    /// Draw the win-rate bar chart (SVG) of several runs, paper style.
    Chart(chart::Args),
    /// Engine and playout throughput on one core, with a behaviour checksum.
    Perf(perf::Args),
    /// Score playout policies by how well they forecast the winners of recorded real games.
    Calibrate(calibrate::Args),
    /// Find the certain wins within the turn at the recording robot's decision points of
    /// recorded games, and whether each was taken in that turn; and how many of its turns
    /// ended with a development card affordable and not bought.
    Wins(wins::Args),
}

/// Logs to stderr, in colour only when stderr is a terminal; `RUST_LOG` filters (default
/// `info`).
pub(crate) fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

/// Runs a network command's `work` on a tokio runtime and returns its exit code; 1 if the
/// runtime cannot start.
pub(crate) fn run_async(work: impl std::future::Future<Output = i32>) -> i32 {
    match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime.block_on(work),
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        // clap's own consistency checks (argument names, defaults, conflicts).
        <Cli as clap::CommandFactory>::command().debug_assert();
        let cli =
            Cli::try_parse_from(["catan-bot", "arena", "--games", "7", "--shard", "2/3"]).unwrap();
        let Command::Arena(args) = cli.command else {
            panic!("not arena")
        };
        assert_eq!((args.games, args.shard.to_string()), (7, "2/3".to_string()));
        assert_eq!(
            (args.board, args.players),
            (crate::arena::BoardKind::Classic, None)
        );
        let cli = Cli::try_parse_from(["catan-bot", "arena", "--board", "six", "--players", "5"])
            .unwrap();
        let Command::Arena(args) = cli.command else {
            panic!("not arena")
        };
        assert_eq!(
            (args.board, args.players),
            (crate::arena::BoardKind::Six, Some(5))
        );
        assert!(Cli::try_parse_from(["catan-bot", "arena", "--board", "hex"]).is_err());
        assert!(Cli::try_parse_from(["catan-bot", "play", "--cookie", "x"]).is_err());
    }
}
