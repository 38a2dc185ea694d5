//! The client's outer loop: connect, run a session, reconnect with backoff (a fresh nickname
//! suffix if the old name is still logged in), until Ctrl-C or `--games N`.

use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpStream;
use tracing::{info, warn};

use super::config::ClientConfig;
use super::results::{self, RunSummary};
use super::session::{self, SessionEnd};
use super::shutdown::{Shutdown, ShutdownTrigger};
use super::{logsafe, versions};

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

impl std::error::Error for ClientError {}

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
    let results = match &config.results {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(ClientError::Results)?,
        ),
        None => None,
    };
    let (report_tx, summary, writer) =
        results::spawn_writer(results, config.games, trigger.clone());

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
