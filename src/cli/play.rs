//! `catan-bot play`: the robot client on a real server ([`crate::client`]) until Ctrl-C or
//! `--games` finished games.

use std::path::PathBuf;

use crate::agent::AgentSpec;
use crate::client::{self, shutdown, ClientConfig};

/// Arguments of `catan-bot play`.
#[derive(clap::Args)]
pub struct Args {
    /// Server address, HOST:PORT.
    #[arg(long)]
    pub server: String,
    /// The server's robot cookie (jsettlers.bots.cookie).
    #[arg(long)]
    pub cookie: String,
    /// Nickname (a number is appended if it is taken).
    #[arg(long, default_value = "catanbot")]
    pub name: String,
    /// Agent spec, NAME[:key=value,...] (see `arena --help`). The default is the strongest
    /// configuration measured so far (docs/results.md, "The strongest configuration measured"):
    /// MPT-EnsembleUCT with player trading, two trees of 25,000 iterations each on their own
    /// threads, stopped earlier by `--decision-ms` and the server's turn timer. The paper's
    /// configuration is `mpt-ensemble-uct:iterations=10000`.
    #[arg(
        long,
        default_value = "mpt-ensemble-uct:iterations=25000,budget=tree,trees=2,trade=1"
    )]
    pub agent: String,
    /// A difficulty level instead of an agent spec: easy (a small search, 250 playouts, no
    /// player trading: 25.0% against three stock robots over 100 games, a stock robot's
    /// share), medium (the paper's configuration at 1,000 playouts: 42.0% over 100), hard (the
    /// paper's at 10,000: 59.0% over 100), strongest (the default: 65.7% over 1,000 games of
    /// the server's default robot mix with its debug data check off, as on users' servers;
    /// 65.5% over 200 against all-smart robots, 75.0% over 200 against all-fast ones; with
    /// win=1, the default since 2026-12-07, 68.1% over its own 1,000). Win rates on 2.6.10 from
    /// docs/results.md. Every level plays legal moves chosen by the same
    /// search and, with --pace, keeps a stock robot's timings.
    #[arg(long, conflicts_with = "agent")]
    pub level: Option<crate::agent::level::Level>,
    /// Append one JSON line per finished game to this file.
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// Write one transcript per game into this directory.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Stop after this many finished games.
    #[arg(long)]
    pub games: Option<u32>,
    /// Play at most this many games at once; further invitations are declined (the robot
    /// joins and leaves at once, freeing the seat; JSettlers 2.7.00 was seen to leave such a
    /// game waiting rather than invite another robot). Each game holds its search's memory
    /// and, with --record, an open file.
    #[arg(long, default_value_t = client::DEFAULT_MAX_GAMES_AT_ONCE as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_games_at_once: u32,
    /// Agent budget per decision in milliseconds (the server forces a turn after 8 s idle).
    #[arg(long, default_value_t = 3000)]
    pub decision_ms: u64,
    /// Robot class name sent to the server (anything but soc.robot.SOCRobotBrain).
    #[arg(long, default_value = client::ROBOT_CLASS)]
    pub robot_class: String,
    /// Pace for people watching: before each action wait about as long as a stock JSettlers
    /// robot does in a normal game (0.5-2.5 s; 1.5 s before ending a turn), while searching,
    /// and never so long that the server's 8 s turn timer could end the turn. Answers to trade
    /// offers wait 3.5 s. Meant for servers whose robots pause normally (fast_pause_percent 100).
    #[arg(long)]
    pub pace: bool,
    /// Play classic 2-4-player games only: announce neither the `6pl` nor the `sb`/`sc`
    /// features, so that the server never invites us to 5- and 6-player games (the 6-player
    /// board and its Special Building Phase) nor to sea-board and scenario games, which are
    /// played by default.
    #[arg(long, conflicts_with_all = ["six_player", "sea"])]
    pub classic_only: bool,
    /// Also play 5- and 6-player games: the default since they are played right; kept so that
    /// scripts written for the earlier opt-in go on working.
    #[arg(long, hide = true)]
    pub six_player: bool,
    /// Do not play the sea board: announce no `sb` and `sc` features, so that the server
    /// never invites us to games on the sea board (ships, the pirate, gold hexes) nor of the
    /// scenarios. By default the bot plays them: 4- and 6-player sea games and the island
    /// scenarios SC_4ISL, SC_NSHO, SC_TTD and SC_FOG (other scenarios are declined by name).
    #[arg(long, conflicts_with = "sea")]
    pub no_sea: bool,
    /// Also play the sea board and the island scenarios: the default since they are played
    /// right; kept so that scripts written for the earlier opt-in go on working.
    #[arg(long, hide = true)]
    pub sea: bool,
}

/// Plays until stopped; prints the run's counts. 2 for bad arguments, 1 when the client
/// fails (the server too old, logins refused, ...).
pub fn run(args: Args) -> i32 {
    super::init_tracing();
    let parsed = match args.level {
        Some(level) => level.spec(),
        None => args.agent.parse::<AgentSpec>(),
    };
    let spec = match parsed {
        Ok(s) => s,
        Err(e) => {
            eprintln!("--agent: {e}");
            return 2;
        }
    };
    if let Err(e) = client::check_server(&args.server) {
        eprintln!("{e}");
        return 2;
    }
    if let Some(dir) = &args.record {
        if let Err(e) = client::check_record_dir(dir) {
            eprintln!("{e}");
            return 2;
        }
    }
    let mut config = ClientConfig::new(&args.server, &args.cookie, &args.name, spec);
    (config.six_player, config.sea) = boards(&args);
    config.results = args.results;
    config.record = args.record;
    config.games = args.games;
    config.max_games_at_once = Some(args.max_games_at_once as usize);
    config.decision_ms = args.decision_ms;
    config.robot_class = args.robot_class;
    config.pace = args.pace;
    super::run_async(async {
        let (trigger, stop) = shutdown::channel();
        let on_signal = trigger.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                tracing::info!("Ctrl-C: stopping");
                on_signal.trigger();
            }
        });
        match client::run(config, trigger, stop).await {
            Ok(s) => {
                println!(
                    "finished {} unfinished {} failed {} won {} forced-end-turns {} rejected {} mismatches {}",
                    s.finished,
                    s.unfinished,
                    s.failed,
                    s.won,
                    s.forced_end_turns,
                    s.rejected_requests,
                    s.mirror_mismatches
                );
                0
            }
            Err(e) => {
                eprintln!("{e}");
                1
            }
        }
    })
}

/// Which boards beyond the classic one we announce: (the 6-player board, the sea board and
/// its scenarios). Both by default; `--no-sea` leaves out the sea, `--classic-only` both.
fn boards(args: &Args) -> (bool, bool) {
    (!args.classic_only, !(args.classic_only || args.no_sea))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Play {
        #[command(flatten)]
        args: Args,
    }

    #[test]
    fn the_default_agent_is_the_strongest_configuration_measured() {
        let p = Play::try_parse_from(["play", "--server", "127.0.0.1:1", "--cookie", "c"]).unwrap();
        let spec: AgentSpec = p.args.agent.parse().unwrap();
        assert_eq!(spec.kind, crate::agent::AgentKind::MptEnsembleUct);
        assert_eq!((spec.iterations, spec.trees), (25_000, 2));
        assert!(spec.per_tree_budget && spec.trade);
        assert_eq!(spec.setup_factor, 1);
    }

    #[test]
    fn every_board_is_announced_unless_left_out() {
        let boards_of = |flags: &[&str]| {
            let mut argv = vec!["play", "--server", "h:1", "--cookie", "c"];
            argv.extend(flags);
            Play::try_parse_from(argv).map(|p| boards(&p.args))
        };
        assert_eq!(boards_of(&[]).unwrap(), (true, true));
        assert_eq!(boards_of(&["--no-sea"]).unwrap(), (true, false));
        assert_eq!(boards_of(&["--classic-only"]).unwrap(), (false, false));
        // The earlier opt-ins are still accepted and change nothing.
        assert_eq!(boards_of(&["--sea", "--six-player"]).unwrap(), (true, true));
        assert!(boards_of(&["--sea", "--no-sea"]).is_err());
        assert!(boards_of(&["--classic-only", "--sea"]).is_err());
    }

    #[test]
    fn the_level_help_names_every_level_and_levels_parse() {
        use crate::agent::level::Level;
        use clap::CommandFactory;
        let cmd = Play::command();
        let help = cmd
            .get_arguments()
            .find(|a| a.get_id() == "level")
            .and_then(|a| a.get_help())
            .expect("--level has a help text")
            .to_string();
        for l in Level::ALL {
            assert!(help.contains(l.name()), "--level help lacks {l}: {help}");
        }
        let p = Play::try_parse_from([
            "play", "--server", "h:1", "--cookie", "c", "--level", "hard",
        ])
        .unwrap();
        assert_eq!(p.args.level, Some(Level::Hard));
        let both = [
            "play", "--server", "h:1", "--cookie", "c", "--level", "easy", "--agent", "random",
        ];
        assert!(Play::try_parse_from(both).is_err());
    }
}
