//! The client's settings (`catan-bot play`) and their checks before any connection.

use std::path::PathBuf;
use std::sync::Arc;

use crate::agent::{Agent, AgentSpec};

/// Our robot class name: anything but the built-in `soc.robot.SOCRobotBrain` makes us a
/// third-party robot, which the server does not version-check (guide §2.1).
pub const ROBOT_CLASS: &str = "catanbot.MptEnsembleUct";

/// Games played at once unless `--max-games-at-once` says otherwise. Each game holds its
/// task, its agent's search and, with `--record`, an open file: 20,000 invitations at once
/// held 254 MB and ran past the file-descriptor limit. A server rarely seats one robot in
/// more than a few games at a time.
pub const DEFAULT_MAX_GAMES_AT_ONCE: usize = 8;

/// Makes the agent for each game instead of `agent::build(&config.agent)` (tests, embedding).
#[derive(Clone)]
pub struct AgentFactory(pub Arc<dyn Fn() -> Box<dyn Agent> + Send + Sync>);

impl std::fmt::Debug for AgentFactory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AgentFactory")
    }
}

/// The client's settings (`catan-bot play`).
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// `HOST:PORT`.
    pub server: String,
    /// The server's robot cookie.
    pub cookie: String,
    /// Nickname (a numeric suffix is added if it is taken).
    pub name: String,
    /// Robot class sent in IMAROBOT.
    pub robot_class: String,
    /// The agent for every game.
    pub agent: AgentSpec,
    /// Append one JSON line per finished game here.
    pub results: Option<PathBuf>,
    /// Write one transcript per game into this directory.
    pub record: Option<PathBuf>,
    /// Stop after this many finished games.
    pub games: Option<u32>,
    /// Games played at once; further invitations are declined ([`DEFAULT_MAX_GAMES_AT_ONCE`]
    /// by default; None: no limit, for embedding).
    pub max_games_at_once: Option<usize>,
    /// Agent budget per decision, milliseconds (well inside the server's 8 s timer).
    pub decision_ms: u64,
    /// How long to wait for the server's answer to a request; past it, a request with no
    /// refusal signal is waited for (a late reply) up to 6 s from the request, and only then
    /// taken as refused and something else tried.
    pub reply_timeout_ms: u64,
    /// Wait before each action about as long as a stock robot does (`pace`), for watchers.
    pub pace: bool,
    /// Overrides how each game's agent is made (default: built from `agent`; classic games
    /// only — 6-player games always build `agent`).
    pub agent_factory: Option<AgentFactory>,
    /// Announce the `6pl` feature, so that the server invites us to 5- and 6-player games
    /// (the 6-player board and its Special Building Phase); on by default (`play
    /// --classic-only` turns it off).
    pub six_player: bool,
    /// Announce the `sb` and `sc` features, so that the server invites us to games on the
    /// sea board (ships, the pirate, gold hexes) and of scenarios (the island scenarios we
    /// play; others are declined by name): on by default (`play --no-sea` or
    /// `--classic-only` turns it off).
    pub sea: bool,
}

impl ClientConfig {
    /// The agent for a new game.
    pub fn make_agent(&self) -> Box<dyn Agent> {
        match &self.agent_factory {
            Some(f) => (f.0)(),
            None => crate::agent::build(&self.agent),
        }
    }

    /// Settings with the defaults: 3 s decisions, 2 s reply timeout, at most
    /// [`DEFAULT_MAX_GAMES_AT_ONCE`] games at once.
    pub fn new(server: &str, cookie: &str, name: &str, agent: AgentSpec) -> ClientConfig {
        ClientConfig {
            server: server.to_owned(),
            cookie: cookie.to_owned(),
            name: name.to_owned(),
            robot_class: ROBOT_CLASS.to_owned(),
            agent,
            results: None,
            record: None,
            games: None,
            max_games_at_once: Some(DEFAULT_MAX_GAMES_AT_ONCE),
            decision_ms: 3000,
            reply_timeout_ms: 2000,
            pace: false,
            six_player: true,
            sea: true,
            agent_factory: None,
        }
    }
}

/// Checks `--server` before any connection: `HOST:PORT` with a port in 1..=65535 and a host
/// that resolves.
///
/// # Errors
/// One line saying what is wrong.
pub fn check_server(server: &str) -> Result<(), String> {
    use std::net::ToSocketAddrs;
    let Some((host, port)) = server.rsplit_once(':') else {
        return Err(format!("--server {server}: expected HOST:PORT"));
    };
    if host.is_empty() {
        return Err(format!("--server {server}: no host"));
    }
    match port.parse::<u16>() {
        Ok(0) | Err(_) => return Err(format!("--server {server}: the port must be 1..=65535")),
        Ok(_) => {}
    }
    match server.to_socket_addrs().map(|mut a| a.next()) {
        Ok(Some(_)) => Ok(()),
        Ok(None) => Err(format!("--server {server}: the host has no address")),
        Err(e) => Err(format!("--server {server}: cannot resolve the host: {e}")),
    }
}

/// Checks `--record DIR` before any game: a directory that exists or can be made.
///
/// # Errors
/// One line saying what is wrong.
pub fn check_record_dir(dir: &std::path::Path) -> Result<(), String> {
    if dir.exists() && !dir.is_dir() {
        return Err(format!("--record {}: not a directory", dir.display()));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("--record {}: {e}", dir.display()))
}
