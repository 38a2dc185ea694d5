//! The tokio robot client: connects to a JSettlers2 server, mirrors every game it sits in and
//! answers its decisions through an [`Agent`](crate::agent::Agent). Uses `jsettlers_protocol`,
//! `crate::game` and `crate::agent`; the only async code of the crate.
//!
//! # Layout
//! - `connection`: framed socket; malformed input logged and skipped.
//! - `session`: handshake, pings, invitations, routing to per-game tasks.
//! - `decide`: one game's task — mirror, decisions on a blocking thread, refusals.
//! - `mirror`: server messages → a described game → the agent's `View`; the server wins.
//! - `options`: game options → the engine's `Rules`, or why we cannot play them.
//! - `translate`: protocol values ⇄ game types (the one file naming both).
//! - `bounds`: the one check of numbers from the network against what a server can send.
//! - `logsafe`: server strings escaped and cut for log lines.
//! - `pace`: `--pace`, waits like a stock robot's so people can watch.
//! - `report`: one game's tally, turned into its `--results` line (`report::record`).
//! - `replay`: `catan-bot replay`, a transcript through the mirror.
//! - `versions`: supported server releases and where their message sequences differ.
//! - `shutdown`: the stop signal.

pub mod bounds;
pub mod connection;
pub mod decide;
pub mod logsafe;
pub mod mirror;
pub mod options;
pub mod pace;
pub mod replay;
pub mod report;
pub mod session;
pub mod shutdown;
pub mod translate;
pub mod versions;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tracing::{info, warn};

use crate::agent::{Agent, AgentSpec};
use report::GameReport;
use session::SessionEnd;
use shutdown::{Shutdown, ShutdownTrigger};

/// Our robot class name: anything but the built-in `soc.robot.SOCRobotBrain` makes us a
/// third-party robot, which the server does not version-check (guide §2.1).
pub const ROBOT_CLASS: &str = "catanbot.MptEnsembleUct";

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
    /// Games played at once; further invitations are declined (None: no limit).
    pub max_games_at_once: Option<usize>,
    /// Agent budget per decision, milliseconds (well inside the server's 8 s timer).
    pub decision_ms: u64,
    /// How long to wait for the server's answer to a request before trying something else.
    pub reply_timeout_ms: u64,
    /// Wait before each action about as long as a stock robot does (`pace`), for watchers.
    pub pace: bool,
    /// Overrides how each game's agent is made (default: built from `agent`).
    pub agent_factory: Option<AgentFactory>,
}

impl ClientConfig {
    /// The agent for a new game.
    pub fn make_agent(&self) -> Box<dyn Agent> {
        match &self.agent_factory {
            Some(f) => (f.0)(),
            None => crate::agent::build(&self.agent),
        }
    }

    /// Settings with the defaults: 3 s decisions, 2 s reply timeout.
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
            max_games_at_once: None,
            decision_ms: 3000,
            reply_timeout_ms: 2000,
            pace: false,
            agent_factory: None,
        }
    }
}

/// Logins refused for the cookie, one after another, before the client gives up.
pub const MAX_BAD_COOKIE_LOGINS: u32 = 3;
/// The first pause before reconnecting; it doubles after every connection or login that
/// fails, up to [`MAX_BACKOFF`], and starts again only after a login the server accepted.
pub const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// The longest pause before reconnecting.
pub const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// Why the client stopped.
#[derive(Debug)]
pub enum ClientError {
    /// The results file could not be opened.
    Results(std::io::Error),
    /// The server refused our cookie [`MAX_BAD_COOKIE_LOGINS`] times in a row.
    BadCookie(String),
    /// The server's release is older than [`versions::OLDEST_SUPPORTED`].
    ServerTooOld(i32),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Results(e) => write!(f, "cannot open the results file: {e}"),
            ClientError::BadCookie(text) => write!(
                f,
                "the server refused the robot cookie {MAX_BAD_COOKIE_LOGINS} times ({}); check --cookie",
                logsafe::shown(text)
            ),
            ClientError::ServerTooOld(v) => write!(
                f,
                "the server runs JSettlers {}; catan-bot needs a server of release {} or newer",
                versions::text(*v),
                versions::text(versions::OLDEST_SUPPORTED)
            ),
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

impl std::error::Error for ClientError {}

/// Totals over a client run.
#[derive(Clone, Debug, Default)]
pub struct RunSummary {
    /// Games that reached GAMESTATS.
    pub finished: u32,
    /// Games left unfinished (dismissed, disconnected).
    pub unfinished: u32,
    /// Games we won.
    pub won: u32,
    /// Forced end-turns over all games.
    pub forced_end_turns: u32,
    /// Refused or unanswered requests over all games.
    pub rejected_requests: u32,
    /// Mirror mismatches over all games.
    pub mirror_mismatches: u32,
    /// Games whose task failed (panicked); included in `unfinished`.
    pub failed: u32,
}

/// Runs the client until `shutdown` (Ctrl-C) or `--games N` finished games: connects,
/// reconnects with backoff when the server goes away (with a fresh nickname suffix if the old
/// name is still logged in), writes results.
///
/// # Errors
/// [`ClientError`] if the results file cannot be opened.
pub async fn run(
    config: ClientConfig,
    trigger: ShutdownTrigger,
    shutdown: Shutdown,
) -> Result<RunSummary, ClientError> {
    let config = Arc::new(config);
    let mut results = match &config.results {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(ClientError::Results)?,
        ),
        None => None,
    };
    let (report_tx, mut report_rx) = mpsc::unbounded_channel::<GameReport>();
    let summary = Arc::new(std::sync::Mutex::new(RunSummary::default()));

    // Reports: write them and count finished games for `--games`.
    let sum = summary.clone();
    let limit = config.games;
    let stop = trigger.clone();
    let writer = tokio::spawn(async move {
        while let Some(r) = report_rx.recv().await {
            if let Some(f) = results.as_mut() {
                if let Err(e) = writeln!(f, "{}", r.record().to_line()).and_then(|_| f.flush()) {
                    warn!(error = %e, "cannot write the results file");
                }
            }
            let mut s = sum.lock().expect("summary lock");
            if r.is_finished() {
                s.finished += 1;
                if r.winner.is_some() && r.winner == r.seat {
                    s.won += 1;
                }
            } else {
                s.unfinished += 1;
                if r.end == "failed" {
                    s.failed += 1;
                }
            }
            s.forced_end_turns += r.health.forced_end_turns;
            s.rejected_requests += r.health.rejected_requests;
            s.mirror_mismatches += r.health.mirror_mismatches;
            if limit.is_some_and(|n| s.finished >= n) {
                info!(finished = s.finished, "game limit reached");
                stop.trigger();
            }
        }
    });

    let mut stop_wait = shutdown.clone();
    let mut backoff = FIRST_BACKOFF;
    let mut suffix = 0u32;
    let mut bad_cookies = 0u32;
    let mut outcome = Ok(());
    let mut too_old = None;
    while !shutdown.is_shutdown() {
        let nickname = if suffix == 0 {
            config.name.clone()
        } else {
            format!("{}{}", config.name, suffix)
        };
        info!(server = %config.server, nickname, "connecting");
        let stream = tokio::select! {
            s = tokio::time::timeout(Duration::from_secs(10), TcpStream::connect(&config.server)) => s,
            _ = stop_wait.recv() => break,
        };
        let end = match stream {
            Ok(Ok(stream)) => {
                let _ = stream.set_nodelay(true);
                session::run_session(
                    stream,
                    config.clone(),
                    &nickname,
                    shutdown.clone(),
                    report_tx.clone(),
                )
                .await
            }
            Ok(Err(e)) => {
                warn!(error = %e, "cannot connect");
                SessionEnd::Closed { logged_in: false }
            }
            Err(_) => {
                warn!("connect timed out");
                SessionEnd::Closed { logged_in: false }
            }
        };
        if !matches!(
            end,
            SessionEnd::Rejected {
                bad_cookie: true,
                ..
            }
        ) {
            bad_cookies = 0;
        }
        match end {
            SessionEnd::Shutdown => break,
            SessionEnd::ServerTooOld { version } => {
                too_old = Some(version);
                break;
            }
            SessionEnd::Rejected {
                name_taken: true, ..
            } => suffix += 1,
            SessionEnd::Rejected {
                bad_cookie: true,
                text,
                ..
            } => {
                bad_cookies += 1;
                warn!(text = %logsafe::shown(&text), bad_cookies, "cookie refused");
                if bad_cookies >= MAX_BAD_COOKIE_LOGINS {
                    outcome = Err(ClientError::BadCookie(text));
                    break;
                }
            }
            SessionEnd::Rejected { text, .. } => {
                warn!(text = %logsafe::shown(&text), "rejected; retrying")
            }
            SessionEnd::LoginTimeout => info!("login not answered"),
            SessionEnd::Closed { logged_in: true } => {
                // A login the server accepted: the next failure starts from a short pause.
                backoff = FIRST_BACKOFF;
                info!("disconnected");
            }
            SessionEnd::Closed { logged_in: false } => info!("disconnected before logging in"),
            SessionEnd::Declined { game, reason } => {
                // Logged in until we declined: the next failure starts from a short pause.
                backoff = FIRST_BACKOFF;
                info!(game = %logsafe::shown(&game), reason, "declined a game; reconnecting for the next")
            }
        }
        if shutdown.is_shutdown() {
            break;
        }
        info!(?backoff, "reconnecting after a pause");
        tokio::select! {
            _ = tokio::time::sleep(backoff) => {}
            _ = stop_wait.recv() => break,
        }
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
    drop(report_tx);
    let _ = writer.await;
    if let Some(v) = too_old {
        return Err(ClientError::ServerTooOld(v));
    }
    let s = summary.lock().expect("summary lock").clone();
    info!(
        finished = s.finished,
        unfinished = s.unfinished,
        won = s.won,
        forced = s.forced_end_turns,
        rejected = s.rejected_requests,
        mismatches = s.mirror_mismatches,
        failed = s.failed,
        "client stopped"
    );
    outcome.map(|()| s)
}
