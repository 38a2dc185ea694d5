//! `catan-bot host`: creates games with chosen options on a server — a scenario, the sea
//! board, 6 seats — and starts them with robots in every seat, one after another, staying an
//! observer ([`crate::client::host`]). With `catan-bot play` connected to the same server, our
//! bot takes its share of the seats; a person in the GUI client can join each game to watch.

use std::time::Duration;

use crate::client::host::{host, HostConfig};
use crate::client::{self};

/// Arguments of `catan-bot host`.
#[derive(clap::Args)]
pub struct Args {
    /// Server address, HOST:PORT. The server must run with
    /// -Djsettlers.bots.botgames.total=-1 (or any value but 0): only then may an observer
    /// start a game with robots in every seat.
    #[arg(long)]
    pub server: String,
    /// A scenario by its server name (SC_4ISL, SC_NSHO, SC_TTD, SC_FOG, ...): the server adds
    /// its board and options (the sea board, its victory points).
    #[arg(long)]
    pub scenario: Option<String>,
    /// The sea board without a scenario (option SBL=t).
    #[arg(long)]
    pub sea: bool,
    /// Seats: 2 to 4 on the 4-seat boards, 5 or 6 on the 6-seat ones.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// More game options, as the server writes them (`VP=t13,N7=t7`), after the others.
    #[arg(long)]
    pub options: Option<String>,
    /// Games to host, one after another.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// The host's nickname (a person's name the server does not know yet).
    #[arg(long, default_value = "host")]
    pub name: String,
    /// Game names are PREFIX~K [default: the scenario's name, or "host", and this process's
    /// id, so that runs on one server do not collide].
    #[arg(long)]
    pub prefix: Option<String>,
    /// Give up on a game whose robots have not begun placing within this many seconds.
    #[arg(long, default_value_t = 60)]
    pub start_timeout_s: u64,
    /// Leave a game that has not ended within this many minutes.
    #[arg(long, default_value_t = 120)]
    pub game_timeout_min: u64,
}

/// Whether `s` is made of letters, digits and '_' only, as option names and values are.
fn is_word(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The option string the server is sent: the seats (and the 6-seat board), the sea board or
/// the scenario, then `extra`.
pub fn game_options(args: &Args) -> Result<String, String> {
    let mut opts = vec![format!("PL={}", args.players)];
    if args.players > 4 {
        opts.push("PLB=t".to_owned());
    }
    if let Some(sc) = &args.scenario {
        if sc.is_empty() || !is_word(sc) {
            return Err(format!("--scenario: a name like SC_FOG, not {sc:?}"));
        }
        opts.push(format!("SC={}", sc.to_ascii_uppercase()));
        opts.push("SBL=t".to_owned());
    } else if args.sea {
        opts.push("SBL=t".to_owned());
    }
    if let Some(extra) = &args.options {
        let ok = |o: &str| {
            o.split_once('=')
                .is_some_and(|(k, v)| !k.is_empty() && is_word(k) && is_word(v))
        };
        if let Some(bad) = extra.split(',').find(|o| !ok(o)) {
            return Err(format!(
                "--options: NAME=VALUE pairs joined by commas, not {bad:?}"
            ));
        }
        opts.push(extra.clone());
    }
    Ok(opts.join(","))
}

/// Runs `catan-bot host`; exit 0 when every game was hosted to its end, 1 when the server
/// refused or failed to run one, 2 on bad arguments.
pub fn run(args: Args) -> i32 {
    super::init_tracing();
    let options = match game_options(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    if let Err(e) = client::check_server(&args.server) {
        eprintln!("{e}");
        return 2;
    }
    let prefix = args.prefix.clone().unwrap_or_else(|| {
        let label = args.scenario.as_deref().unwrap_or("host");
        format!(
            "{}~{}",
            label.to_ascii_uppercase(),
            std::process::id() % 10_000
        )
    });
    let config = HostConfig {
        nickname: args.name.clone(),
        options,
        games: args.games,
        prefix,
        start_timeout: Duration::from_secs(args.start_timeout_s),
        game_timeout: Duration::from_secs(args.game_timeout_min * 60),
    };
    super::run_async(async {
        let stream = match tokio::net::TcpStream::connect(&args.server).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("cannot connect to {}: {e}", args.server);
                return 1;
            }
        };
        match host(stream, &config, |g| println!("host: {}", g.line())).await {
            Ok(games) if games.iter().all(|g| g.end == "over") => 0,
            Ok(_) => 1,
            Err(e) => {
                eprintln!("host: {e}");
                1
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn args(line: &[&str]) -> Args {
        let mut all = vec!["catan-bot", "host", "--server", "127.0.0.1:1"];
        all.extend_from_slice(line);
        match Cli::try_parse_from(all).unwrap().command {
            Command::Host(a) => a,
            _ => panic!("not host"),
        }
    }

    #[test]
    fn the_options_name_the_seats_the_board_and_the_scenario() {
        assert_eq!(game_options(&args(&[])).unwrap(), "PL=4");
        assert_eq!(
            game_options(&args(&["--scenario", "sc_fog"])).unwrap(),
            "PL=4,SC=SC_FOG,SBL=t"
        );
        assert_eq!(
            game_options(&args(&["--sea", "--players", "6", "--options", "VP=t12"])).unwrap(),
            "PL=6,PLB=t,SBL=t,VP=t12"
        );
        assert!(game_options(&args(&["--scenario", "SC|X"])).is_err());
        assert!(game_options(&args(&["--options", "VP=t12,|"])).is_err());
        assert!(game_options(&args(&["--options", "VP"])).is_err());
    }
}
