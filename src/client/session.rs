//! One connection's life: handshake (VERSION first, then IMAROBOT), pings, invitations, and
//! routing of every game's messages to that game's task, several games at once. Imports
//! tokio, `jsettlers_protocol` and the client's connection, game_task and shutdown modules.
//!
//! ```text
//!   socket ──Reader──▶ session ──(per game mpsc)──▶ GameTask task ─┐
//!      ▲                  │ pings, JOINGAME                         │ decisions
//!      └────Writer◀───────┴──────────────(shared mpsc)◀─────────────┘
//! ```
//!
//! Every queue is bounded: when the server stops reading, the writer's queue fills, the game
//! tasks and the session wait, and the session stops reading too (backpressure) — until the
//! writer gives up after [`WRITE_TIMEOUT`]. A writer that fails (a timeout, an I/O error, a
//! message too long for a frame) ends the session, and the client reconnects.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::sync::Arc;
use std::time::Duration;

use jsettlers_protocol::codes::StatusValue;
use jsettlers_protocol::{self as proto, Message, MAX_FRAME_LEN};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tracing::{debug, info, info_span, warn, Instrument};

use super::connection;
use super::game_task::{GameContext, GameTask};
use super::logsafe::{shown, Repeat, Repeated};
use super::options;
use super::report::GameReport;
use super::shutdown::Shutdown;
use super::translate;
use super::versions;
use super::ClientConfig;
use crate::game::{BoardKind, Sea, Sea6, Shape, Six};

/// Read timeout: about three server ping intervals (guide §2.4).
pub const READ_TIMEOUT: Duration = Duration::from_secs(300);
/// How long the server has to accept our login (UPDATEROBOTPARAMS) before we reconnect.
pub const LOGIN_TIMEOUT: Duration = Duration::from_secs(20);
/// How long one message may take to write before the writer gives up on the connection.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(30);
/// Messages waiting for the writer, over all games.
pub const OUT_QUEUE: usize = 256;
/// Server messages waiting for one game's task.
pub const GAME_INBOX: usize = 1024;

/// How a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// We were asked to stop and left cleanly (LEAVEALL sent).
    Shutdown,
    /// The server closed the connection or went silent, or our writer failed.
    Closed {
        /// Whether the server had accepted our login (UPDATEROBOTPARAMS) on this connection.
        logged_in: bool,
    },
    /// The server did not answer our login within [`LOGIN_TIMEOUT`].
    LoginTimeout,
    /// The server refused us; `name_taken` when the nickname is in use.
    Rejected {
        /// The nickname is already logged in.
        name_taken: bool,
        /// The server refused our cookie.
        bad_cookie: bool,
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
    let (out_tx, mut out_rx) = mpsc::channel::<Message>(OUT_QUEUE);

    // The writer task owns the write half; everyone sends through `out_tx`. It ends when the
    // queue closes (true) or a write fails or stalls (false).
    let mut writer_task = tokio::spawn(async move {
        while let Some(msg) = out_rx.recv().await {
            match tokio::time::timeout(WRITE_TIMEOUT, writer.write_message(&msg)).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    warn!(error = %e, "connection write failed; ending the session");
                    return false;
                }
                Err(_) => {
                    warn!("the server has not read for {WRITE_TIMEOUT:?}; ending the session");
                    return false;
                }
            }
        }
        writer.close().await;
        true
    });

    let features = features(config.six_player, config.sea);
    let _ = out_tx.try_send(Message::Version(proto::Version::robot(
        "CATANBOT", &features,
    )));
    let _ = out_tx.try_send(Message::ImARobot(proto::ImARobot {
        nickname: nickname.to_owned(),
        cookie: config.cookie.clone(),
        robot_class: config.robot_class.clone(),
    }));

    let login_deadline = tokio::time::Instant::now() + LOGIN_TIMEOUT;
    let mut s = Session {
        config,
        nickname,
        out_tx,
        reports,
        games: HashMap::new(),
        tasks: JoinSet::new(),
        task_games: HashMap::new(),
        name_taken: false,
        logged_in: false,
        server_version: versions::ASSUMED,
        server_version_msg: None,
        declining: None,
        over: HashSet::new(),
        unknown: Repeated::default(),
        declined: Repeated::default(),
    };
    let end = loop {
        tokio::select! {
            _ = shutdown.recv() => {
                info!("shutting down: leaving all games");
                let leave = s.out_tx.send(Message::LeaveAll(proto::LeaveAll));
                let _ = tokio::time::timeout(Duration::from_secs(2), leave).await;
                break SessionEnd::Shutdown;
            }
            Some(joined) = s.tasks.join_next_with_id(), if !s.tasks.is_empty() => {
                if let Some(game) = joined_game(joined, &mut s.task_games, &s.reports) {
                    s.games.remove(&game);
                }
            }
            // The writer ended while we still hold its queue: it failed (logged there).
            _ = &mut writer_task => break s.closed(),
            _ = tokio::time::sleep_until(login_deadline), if !s.logged_in => {
                warn!("the server did not answer our login within {LOGIN_TIMEOUT:?}; reconnecting");
                break SessionEnd::LoginTimeout;
            }
            read = tokio::time::timeout(READ_TIMEOUT, reader.read_message()) => {
                let msg = match read {
                    Ok(Some(m)) => m,
                    Ok(None) => break s.closed(),
                    Err(_) => {
                        warn!("no traffic from the server for {READ_TIMEOUT:?}; reconnecting");
                        break s.closed();
                    }
                };
                if let Some(end) = s.on_message(msg).await {
                    break end;
                }
            }
        }
    };

    if let Some(count) = s.unknown.pending(None) {
        warn!(count, total = s.unknown.total(), "unknown messages skipped");
    }
    if let Some(count) = s.declined.pending(None) {
        info!(
            count,
            total = s.declined.total(),
            "invitations declined: already playing the most games at once (--max-games-at-once)"
        );
    }
    // Closing the game inboxes ends their tasks ("disconnected" reports for unfinished games).
    s.games.clear();
    let drain = async {
        while let Some(joined) = s.tasks.join_next_with_id().await {
            joined_game(joined, &mut s.task_games, &s.reports);
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(5), drain).await;
    drop(s.out_tx);
    if !writer_task.is_finished() {
        let _ = tokio::time::timeout(Duration::from_secs(2), writer_task).await;
    }
    end
}

/// One session's state between messages: the games in play and their tasks, what the server
/// has said of us, and the floods being counted.
struct Session<'a> {
    config: Arc<ClientConfig>,
    nickname: &'a str,
    out_tx: mpsc::Sender<Message>,
    reports: mpsc::UnboundedSender<GameReport>,
    /// Each game's inbox.
    games: HashMap<String, mpsc::Sender<Message>>,
    tasks: JoinSet<()>,
    /// Each task's game and our seat in it.
    task_games: HashMap<tokio::task::Id, (String, usize)>,
    name_taken: bool,
    logged_in: bool,
    server_version: i32,
    server_version_msg: Option<Message>,
    /// A game we decline once our games in progress are over: (game, reason).
    declining: Option<(String, String)>,
    /// Games that reached GAMESTATS (the server may keep them until everyone leaves).
    over: HashSet<String>,
    /// Unknown message types and invitations past the cap: a flood of them is a few lines
    /// with a count.
    unknown: Repeated,
    declined: Repeated,
}

impl Session<'_> {
    /// The session ends with the connection.
    fn closed(&self) -> SessionEnd {
        SessionEnd::Closed {
            logged_in: self.logged_in,
        }
    }

    /// One message from the server: answered here, routed to its game's task, or the end of
    /// the session.
    async fn on_message(&mut self, msg: Message) -> Option<SessionEnd> {
        if !matches!(msg, Message::Unknown { .. }) {
            if let Some(count) = self.unknown.pending(Some(std::time::Instant::now())) {
                warn!(
                    count,
                    total = self.unknown.total(),
                    "unknown messages skipped"
                );
            }
        }
        match &msg {
            Message::ServerPing(_) => {
                if self.out_tx.send(msg.clone()).await.is_err() {
                    return Some(self.closed());
                }
            }
            Message::UpdateRobotParams(_) => {
                self.logged_in = true;
                info!(self.nickname, "logged in as a robot");
            }
            Message::Version(m) => {
                self.server_version = m.version;
                self.server_version_msg = Some(msg.clone());
                if m.version < versions::OLDEST_SUPPORTED {
                    warn!(
                        server = %versions::text(m.version),
                        "the server's JSettlers version is too old: catan-bot needs {} or newer",
                        versions::text(versions::OLDEST_SUPPORTED)
                    );
                    return Some(SessionEnd::ServerTooOld { version: m.version });
                }
                info!(server = %versions::text(m.version), build = %m.build, "server version");
            }
            Message::RejectConnection(m) => {
                warn!(text = %shown(&m.text), "server rejected the connection");
                let taken = self.name_taken || m.text.contains("nickname");
                return Some(SessionEnd::Rejected {
                    name_taken: taken,
                    bad_cookie: m.text.contains("Cookie"),
                    text: m.text.clone(),
                });
            }
            Message::StatusMessage(m) => {
                if m.status == Some(StatusValue::NameInUse.wire()) {
                    self.name_taken = true;
                }
                debug!(status = ?m.status, text = %shown(&m.text), "status");
            }
            Message::BotJoinGameRequest(m) => return self.on_invitation(m, &msg).await,
            Message::Unknown { text, .. } => match self.unknown.hit(std::time::Instant::now()) {
                Repeat::Full { last: false } => {
                    warn!(text = %shown(text), "unknown message skipped")
                }
                Repeat::Full { last: true } => warn!(text = %shown(text),
                    "unknown message skipped; further ones are counted, one line a second"),
                Repeat::Counted => {}
                Repeat::Count { count } => {
                    warn!(count, total = self.unknown.total(), last = %shown(text),
                    "unknown messages skipped")
                }
            },
            _ => return self.route(&msg).await,
        }
        None
    }

    /// An invitation (BOTJOINGAMEREQUEST): joined with a task of its own, or declined.
    /// A 6-player game (game option PL above 4, or PLB) gets a 6-player task.
    async fn on_invitation(
        &mut self,
        m: &proto::BotJoinGameRequest,
        msg: &Message,
    ) -> Option<SessionEnd> {
        // Seats 4 and 5 exist in 6-player games only.
        let kind = options::board_kind(&m.options);
        let s = translate::seat_in(m.player, kind.seats());
        let Some(s) = s else {
            warn!(text = %shown(&msg.encode()), "invitation to a bad seat ignored");
            return None;
        };
        if self.games.contains_key(&m.game) {
            debug!(game = %shown(&m.game), "invited again; already there");
            return None;
        }
        let join = Message::JoinGame(proto::JoinGame::robot(self.nickname, &m.game));
        if proto::mutf8::encoded_len(&join.encode()) > MAX_FRAME_LEN {
            // No reply naming this game fits a frame: not even a LEAVEGAME.
            warn!(game = %shown(&m.game), "invitation to a game whose name does not fit a reply; ignored");
            return None;
        }
        if let Some(limit) = self
            .config
            .max_games_at_once
            .filter(|&n| self.games.len() >= n)
        {
            // Declined: join and leave at once, the only refusal the protocol
            // has (guide §0 #19: an unanswered invitation holds the seat).
            // JSettlers 2.7.00 was seen to leave such a game waiting for its
            // seat until this robot disconnected, rather than invite another
            // (one third-party robot connected): the cap protects this client,
            // not the server's games.
            match self.declined.hit(std::time::Instant::now()) {
                Repeat::Full { .. } => info!(game = %shown(&m.game), playing = self.games.len(), limit,
                    "invitation declined: already playing the most games at once (--max-games-at-once)"),
                Repeat::Counted => {}
                Repeat::Count { count } => info!(count, total = self.declined.total(), limit,
                    "invitations declined: already playing the most games at once (--max-games-at-once)"),
            }
            let leave = Message::LeaveGame(proto::LeaveGame::robot(self.nickname, &m.game));
            if self.out_tx.send(join).await.is_err() || self.out_tx.send(leave).await.is_err() {
                return Some(self.closed());
            }
            return None;
        }
        let rules = match kind {
            BoardKind::Classic => options::rules_from_options(&m.options),
            BoardKind::Six => options::rules_on::<Six>(&m.options),
            BoardKind::Sea => options::rules_on::<Sea>(&m.options),
            BoardKind::Sea6 => options::rules_on::<Sea6>(&m.options),
        }
        .and_then(|r| {
            // We announce `sb` unless --no-sea; a server that invites us anyway is declined.
            if kind.is_sea() && !self.config.sea {
                Err(options::Unplayable(
                    "game option SBL=t or SC: the sea board is not played with play --no-sea"
                        .to_owned(),
                ))
            } else {
                Ok(r)
            }
        });
        if let Err(why) = rules {
            warn!(game = %shown(&m.game), options = %shown(&m.options), reason = %why,
                "declining the invitation: we cannot play this game's rules");
            let _ = self.reports.send(GameReport {
                game: m.game.clone(),
                seat: Some(s.index()),
                end: format!("declined: {why}"),
                ..Default::default()
            });
            self.declining = Some((m.game.clone(), why.to_string()));
            if self.games.keys().all(|g| self.over.contains(g)) {
                let _ = self.out_tx.send(Message::LeaveAll(proto::LeaveAll)).await;
                let (game, reason) = self.declining.take().unwrap_or_default();
                return Some(SessionEnd::Declined { game, reason });
            }
            info!(
                self.games = self.games.len(),
                "declining after our games in progress end"
            );
            return None;
        }
        info!(game = %shown(&m.game), seat = m.player, options = %shown(&m.options), "invited");
        let (tx, rx) = mpsc::channel(GAME_INBOX);
        let ctx = GameContext {
            game: m.game.clone(),
            seat: s,
            nickname: self.nickname.to_owned(),
            out: self.out_tx.clone(),
            reports: self.reports.clone(),
            config: self.config.clone(),
            server_version: self.server_version,
        };
        let record = open_record(&self.config, &m.game, self.nickname);
        let span = info_span!("game", game = %shown(&m.game), seat = m.player);
        let version = self.server_version_msg.as_ref();
        let handle = match kind {
            BoardKind::Classic => {
                let player = GameTask::new(ctx, self.config.make_agent(), record);
                self.tasks
                    .spawn(start(player, version, msg).run(rx).instrument(span))
            }
            BoardKind::Six => {
                spawn_game::<Six>(&mut self.tasks, (ctx, record, rx), version, msg, span)
            }
            BoardKind::Sea => {
                spawn_game::<Sea>(&mut self.tasks, (ctx, record, rx), version, msg, span)
            }
            BoardKind::Sea6 => {
                spawn_game::<Sea6>(&mut self.tasks, (ctx, record, rx), version, msg, span)
            }
        };
        self.task_games
            .insert(handle.id(), (m.game.clone(), s.index()));
        self.games.insert(m.game.clone(), tx);
        if self.out_tx.send(join).await.is_err() {
            return Some(self.closed());
        }
        None
    }

    /// A game's message to its task; a game's end noted.
    async fn route(&mut self, msg: &Message) -> Option<SessionEnd> {
        let g = msg.game()?;
        let delete = matches!(msg, Message::DeleteGame(_));
        let leave = matches!(msg, Message::RobotDismiss(_) | Message::ResetBoardAuth(_));
        if let Some(tx) = self.games.get(g) {
            // A full inbox makes the session wait (backpressure); a task that
            // has ended leaves the map.
            if tx.send(msg.clone()).await.is_err() || delete || leave {
                self.games.remove(g);
                self.over.remove(g);
            }
        }
        if matches!(msg, Message::GameStats(_)) {
            self.over.insert(g.to_owned());
        }
        if self.games.keys().all(|g| self.over.contains(g)) {
            if let Some((game, reason)) = self.declining.take() {
                let _ = self.out_tx.send(Message::LeaveAll(proto::LeaveAll)).await;
                return Some(SessionEnd::Declined { game, reason });
            }
        }
        None
    }
}

/// The features our VERSION announces (`SOCFeatureSet`): `6pl` brings invitations to 5- and
/// 6-player games; `sb` to games on the sea board (`SOCServerFeatures.FEAT_SEA_BOARD`), and
/// with it `sc` to scenario games (the island scenarios we play; others are declined).
pub fn features(six_player: bool, sea: bool) -> String {
    let mut f = String::new();
    if six_player {
        f.push_str(";6pl");
    }
    if sea {
        f.push_str(&format!(";sb;sc={}", super::options::SCENARIO_VERSION));
    }
    if !f.is_empty() {
        f.push(';');
    }
    f
}

/// Starts a game task on a board of shape `S` with an agent built for it.
fn spawn_game<S: Shape>(
    tasks: &mut JoinSet<()>,
    game: (GameContext, Option<File>, mpsc::Receiver<Message>),
    version: Option<&Message>,
    msg: &Message,
    span: tracing::Span,
) -> tokio::task::AbortHandle {
    let (ctx, record, rx) = game;
    let agent = crate::agent::build::<S>(&ctx.config.agent);
    let player = GameTask::<S>::new(ctx, agent, record);
    tasks.spawn(start(player, version, msg).run(rx).instrument(span))
}

/// A game task has ended: if it failed (panicked), it is reported as a game that ended
/// "failed" — counted, never dropped silently — and its game's name is returned.
fn joined_game(
    joined: Result<(tokio::task::Id, ()), tokio::task::JoinError>,
    task_games: &mut HashMap<tokio::task::Id, (String, usize)>,
    reports: &mpsc::UnboundedSender<GameReport>,
) -> Option<String> {
    let (id, error) = match joined {
        Ok((id, ())) => (id, None),
        Err(e) => (e.id(), Some(e)),
    };
    let (game, seat) = task_games.remove(&id)?;
    let e = error?;
    warn!(game = %shown(&game), error = %e, "game task failed");
    let _ = reports.send(GameReport {
        game: game.clone(),
        seat: Some(seat),
        end: "failed".to_owned(),
        ..Default::default()
    });
    Some(game)
}

/// The transcript file for a game under `--record DIR`, if recording.
fn open_record(config: &ClientConfig, game: &str, nickname: &str) -> Option<File> {
    let dir = config.record.as_ref()?;
    if let Err(e) = std::fs::create_dir_all(dir) {
        warn!(game = %shown(game), error = %e, dir = %dir.display(), "cannot create the record directory; the game is not recorded");
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
            warn!(game = %shown(game), error = %e, path = %path.display(), "cannot record the game");
            None
        }
    }
}

/// A new game's task, fed the server's VERSION (recorded first, so that `replay` knows the
/// server's release) and the invitation.
fn start<S: Shape>(
    mut player: GameTask<S>,
    version: Option<&Message>,
    invitation: &Message,
) -> GameTask<S> {
    if let Some(v) = version {
        player.on_message(v);
    }
    player.on_message(invitation);
    player
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_name_the_boards_and_with_the_sea_the_scenarios() {
        assert_eq!(features(false, false), "");
        assert_eq!(features(true, false), ";6pl;");
        assert_eq!(features(false, true), ";sb;sc=2000;");
        assert_eq!(features(true, true), ";6pl;sb;sc=2000;");
    }

    /// What the session sends is spelled as the Java robot client spells it (the hand-built
    /// messages these constructors replaced sent the same text).
    #[test]
    fn the_robot_messages_are_spelled_as_before() {
        assert_eq!(
            Message::Version(proto::Version::robot("CATANBOT", "")).encode(),
            format!("9998|{},2.7.00,CATANBOT,\t", versions::OURS)
        );
        assert_eq!(
            Message::JoinGame(proto::JoinGame::robot("bot", "g")).encode(),
            "1013|bot,\t,\t,g"
        );
        assert_eq!(
            Message::LeaveGame(proto::LeaveGame::robot("bot", "g")).encode(),
            "1011|bot,-,g"
        );
    }

    #[tokio::test]
    async fn a_failed_game_task_is_reported() {
        let mut tasks = tokio::task::JoinSet::new();
        let mut task_games = HashMap::new();
        let (reports, mut rx) = mpsc::unbounded_channel();
        let fine = tasks.spawn(async {}).id();
        let bad = tasks.spawn(async { panic!("game task bug") }).id();
        task_games.insert(fine, ("fine".to_owned(), 1));
        task_games.insert(bad, ("broken".to_owned(), 2));
        let mut ended = Vec::new();
        while let Some(j) = tasks.join_next_with_id().await {
            ended.push(joined_game(j, &mut task_games, &reports));
        }
        assert!(ended.contains(&Some("broken".to_owned())));
        assert!(
            ended.contains(&None),
            "a task that ended well is no failure"
        );
        let r = rx.try_recv().expect("a report for the failed game");
        assert_eq!(
            (r.game.as_str(), r.seat, r.end.as_str()),
            ("broken", Some(2), "failed")
        );
        assert!(rx.try_recv().is_err());
        assert!(task_games.is_empty());
    }
}
