//! One connection's life: handshake (VERSION first, then IMAROBOT), pings, invitations, and
//! routing of every game's messages to that game's task, several games at once. Imports
//! tokio, `jsettlers_protocol` and the client's connection, decide and shutdown modules.
//!
//! ```text
//!   socket ──Reader──▶ session ──(per game mpsc)──▶ GamePlayer task ─┐
//!      ▲                  │ pings, JOINGAME                         │ decisions
//!      └────Writer◀───────┴──────────────(shared mpsc)◀─────────────┘
//! ```

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::sync::Arc;
use std::time::Duration;

use jsettlers_protocol::{self as proto, Message};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tracing::{debug, info, info_span, warn, Instrument};

use super::connection;
use super::decide::{GameContext, GamePlayer};
use super::options;
use super::report::GameReport;
use super::shutdown::Shutdown;
use super::translate::seat;
use super::versions;
use super::ClientConfig;

/// The protocol version we speak (guide §2.1: send 2700 or the server falls back to 1.x forms).
pub const VERSION: i32 = 2700;
/// Read timeout: about three server ping intervals (guide §2.4).
pub const READ_TIMEOUT: Duration = Duration::from_secs(300);

/// How a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// We were asked to stop and left cleanly (LEAVEALL sent).
    Shutdown,
    /// The server closed the connection or went silent.
    Closed,
    /// The server refused us; `name_taken` when the nickname is in use.
    Rejected {
        /// The nickname is already logged in.
        name_taken: bool,
        /// The server's text.
        text: String,
    },
    /// We were invited to a game whose options we cannot play: we logged out so the server
    /// asks another robot (`SOCServer.leaveConnection` re-asks for a robot that quits with a
    /// join request pending, as `SOCRobotClient` does when told to quit at a join request).
    Declined {
        /// The game.
        game: String,
        /// Why.
        reason: String,
    },
    /// The server is older than the oldest release we support; we logged out.
    ServerTooOld {
        /// Its version number.
        version: i32,
    },
}

/// Runs one session on `stream` as `nickname` until the server goes away or `shutdown`.
pub async fn run_session<S>(
    stream: S,
    config: Arc<ClientConfig>,
    nickname: &str,
    mut shutdown: Shutdown,
    reports: mpsc::UnboundedSender<GameReport>,
) -> SessionEnd
where
    S: AsyncRead + AsyncWrite + Send + 'static,
{
    let (mut reader, mut writer) = connection::split(stream);
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Message>();

    // The writer task owns the write half; everyone sends through `out_tx`.
    let writer_task = tokio::spawn(async move {
        while let Some(msg) = out_rx.recv().await {
            if let Err(e) = writer.write_message(&msg).await {
                warn!(error = %e, "connection write failed");
                break;
            }
        }
        writer.close().await;
    });

    let _ = out_tx.send(Message::Version(proto::Version {
        version: VERSION,
        version_str: "2.7.00".to_owned(),
        build: "CATANBOT".to_owned(),
        features: proto::EMPTYSTR.to_owned(),
        locale: None,
    }));
    let _ = out_tx.send(Message::ImARobot(proto::ImARobot {
        nickname: nickname.to_owned(),
        cookie: config.cookie.clone(),
        robot_class: config.robot_class.clone(),
    }));

    let mut games: HashMap<String, mpsc::UnboundedSender<Message>> = HashMap::new();
    let mut tasks = JoinSet::new();
    let mut name_taken = false;
    let mut server_version = versions::ASSUMED;
    let mut server_version_msg: Option<Message> = None;
    // A game we decline once our games in progress are over: (game, reason).
    let mut declining: Option<(String, String)> = None;
    // Games that reached GAMESTATS (the server may keep them until everyone leaves).
    let mut over: HashSet<String> = HashSet::new();
    let end = loop {
        tokio::select! {
            _ = shutdown.recv() => {
                info!("shutting down: leaving all games");
                let _ = out_tx.send(Message::LeaveAll(proto::LeaveAll));
                break SessionEnd::Shutdown;
            }
            Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
            read = tokio::time::timeout(READ_TIMEOUT, reader.read_message()) => {
                let msg = match read {
                    Ok(Some(m)) => m,
                    Ok(None) => break SessionEnd::Closed,
                    Err(_) => {
                        warn!("no traffic from the server for {READ_TIMEOUT:?}; reconnecting");
                        break SessionEnd::Closed;
                    }
                };
                match &msg {
                    Message::ServerPing(_) => {
                        let _ = out_tx.send(msg.clone());
                    }
                    Message::Version(m) => {
                        server_version = m.version;
                        server_version_msg = Some(msg.clone());
                        if m.version < versions::OLDEST_SUPPORTED {
                            warn!(
                                server = %versions::text(m.version),
                                "the server's JSettlers version is too old: catan-bot needs {} or newer",
                                versions::text(versions::OLDEST_SUPPORTED)
                            );
                            break SessionEnd::ServerTooOld { version: m.version };
                        }
                        info!(server = %versions::text(m.version), build = %m.build, "server version");
                    }
                    Message::UpdateRobotParams(_) => info!(nickname, "logged in as a robot"),
                    Message::RejectConnection(m) => {
                        warn!(text = %m.text, "server rejected the connection");
                        let taken = name_taken || m.text.contains("nickname");
                        break SessionEnd::Rejected { name_taken: taken, text: m.text.clone() };
                    }
                    Message::StatusMessage(m) => {
                        if m.status == Some(4) {
                            name_taken = true;
                        }
                        debug!(status = ?m.status, text = %m.text, "status");
                    }
                    Message::BotJoinGameRequest(m) => {
                        let Some(s) = seat(m.player) else {
                            warn!(text = %msg.encode(), "invitation to a bad seat ignored");
                            continue;
                        };
                        if games.contains_key(&m.game) {
                            debug!(game = %m.game, "invited again; already there");
                            continue;
                        }
                        if let Err(why) = options::rules_from_options(&m.options) {
                            warn!(game = %m.game, options = %m.options, reason = %why,
                                "declining the invitation: we cannot play this game's rules");
                            let _ = reports.send(GameReport {
                                game: m.game.clone(),
                                seat: Some(s.index()),
                                end: format!("declined: {why}"),
                                ..Default::default()
                            });
                            declining = Some((m.game.clone(), why.to_string()));
                            if games.keys().all(|g| over.contains(g)) {
                                let _ = out_tx.send(Message::LeaveAll(proto::LeaveAll));
                                let (game, reason) = declining.take().unwrap_or_default();
                                break SessionEnd::Declined { game, reason };
                            }
                            info!(games = games.len(), "declining after our games in progress end");
                            continue;
                        }
                        info!(game = %m.game, seat = m.player, options = %m.options, "invited");
                        let (tx, rx) = mpsc::unbounded_channel();
                        let ctx = GameContext {
                            game: m.game.clone(),
                            seat: s,
                            nickname: nickname.to_owned(),
                            out: out_tx.clone(),
                            reports: reports.clone(),
                            config: config.clone(),
                            server_version,
                        };
                        let record = open_record(&config, &m.game, nickname);
                        let mut player = GamePlayer::new(ctx, config.make_agent(), record);
                        if let Some(v) = &server_version_msg {
                            // Recorded first, so `replay` knows the server's release.
                            player.on_message(v);
                        }
                        player.on_message(&msg);
                        let span = info_span!("game", game = %m.game, seat = m.player);
                        tasks.spawn(player.run(rx).instrument(span));
                        games.insert(m.game.clone(), tx);
                        let _ = out_tx.send(Message::JoinGame(proto::JoinGame {
                            nickname: nickname.to_owned(),
                            password: proto::EMPTYSTR.to_owned(),
                            host: proto::EMPTYSTR.to_owned(),
                            game: m.game.clone(),
                        }));
                    }
                    Message::Unknown { text, .. } => warn!(text, "unknown message skipped"),
                    _ => {
                        let Some(g) = msg.game() else { continue };
                        let delete = matches!(msg, Message::DeleteGame(_));
                        let leave = matches!(msg, Message::RobotDismiss(_) | Message::ResetBoardAuth(_));
                        if let Some(tx) = games.get(g) {
                            let _ = tx.send(msg.clone());
                            if delete || leave {
                                games.remove(g);
                                over.remove(g);
                            }
                        }
                        if matches!(msg, Message::GameStats(_)) {
                            over.insert(g.to_owned());
                        }
                        if games.keys().all(|g| over.contains(g)) {
                            if let Some((game, reason)) = declining.take() {
                                let _ = out_tx.send(Message::LeaveAll(proto::LeaveAll));
                                break SessionEnd::Declined { game, reason };
                            }
                        }
                    }
                }
            }
        }
    };

    // Closing the game inboxes ends their tasks ("disconnected" reports for unfinished games).
    games.clear();
    let drain = async { while tasks.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(Duration::from_secs(5), drain).await;
    drop(out_tx);
    let _ = tokio::time::timeout(Duration::from_secs(2), writer_task).await;
    end
}

/// The transcript file for a game under `--record DIR`, if recording.
fn open_record(config: &ClientConfig, game: &str, nickname: &str) -> Option<File> {
    let dir = config.record.as_ref()?;
    if let Err(e) = std::fs::create_dir_all(dir) {
        warn!(error = %e, "cannot create the record directory");
        return None;
    }
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let safe: String = format!("{game}-{nickname}-{stamp}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_~.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let path = dir.join(format!("{safe}.log"));
    match File::create(&path) {
        Ok(f) => Some(f),
        Err(e) => {
            warn!(error = %e, path = %path.display(), "cannot record the game");
            None
        }
    }
}
