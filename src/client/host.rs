//! `catan-bot host`: a person's connection that creates games with the options it is given
//! (a scenario, the sea board, 6 seats) and starts each one without sitting down, so that the
//! server's robots — our bot among them, when it is connected — play every seat while the
//! host stays an observer. This is how a benchmark or a watcher gets scenario games, which
//! the server never starts by itself (its robot-only games have no scenario).
//!
//! The server allows a start by an observer only when `jsettlers.bots.botgames.total` is not 0
//! (`SOCServerMessageHandler.handleSTARTGAME`: "Prop's value can be < 0 to allow this without
//! creating bots-only games at startup"); otherwise it answers "To start the game, at least
//! one player must sit down." and the host stops with that reason. One game at a time: the
//! next is created when the server says the last one is over (GAMESTATE 1000) or deleted.
//! Imports the protocol crate and `logsafe` only.

use std::time::Duration;

use jsettlers_protocol::codes::{GameState, StatusValue};
use jsettlers_protocol::{
    self as proto, GameStatsKind, Message, NewGameWithOptionsRequest, StartGame,
};
use tokio::io::{AsyncRead, AsyncWrite};
use tracing::{info, warn};

use super::connection::{split, Reader, Writer};
use super::logsafe::shown;

/// Game state numbers: the first initial placement, and the end of the game.
const START1A: i32 = GameState::Start1A.wire();
const OVER: i32 = GameState::Over.wire();

/// What to host.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// The host's nickname: any name the server does not know yet, not a robot's.
    pub nickname: String,
    /// The game options, as `SOCGameOption.packOptionsToString` writes them (`SC=SC_FOG,PL=4`);
    /// the server adds a scenario's own options (`SOCGameOptionSet.adjustOptionsToKnown`).
    pub options: String,
    /// Games to host, one after another.
    pub games: u32,
    /// The games' names: `PREFIX~K` for the K-th game (the server refuses a name in use).
    pub prefix: String,
    /// How long a game may take to reach its first placement after STARTGAME.
    pub start_timeout: Duration,
    /// How long a game may take from its start to its end.
    pub game_timeout: Duration,
}

/// One hosted game as the host saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostedGame {
    /// The game's name.
    pub game: String,
    /// The nickname in each seat, as the server sat them (empty: vacant).
    pub seats: Vec<String>,
    /// Final points per seat (GAMESTATS), if the game ended.
    pub points: Option<Vec<i32>>,
    /// "over", "deleted" or "timeout".
    pub end: &'static str,
}

impl HostedGame {
    /// The seat with the most points at the end, if any.
    pub fn winner(&self) -> Option<usize> {
        let points = self.points.as_ref()?;
        let best = *points.iter().max()?;
        points.iter().position(|&p| p == best)
    }

    /// One line for the log: the game, its end and each seat's name and points.
    pub fn line(&self) -> String {
        let seats: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.is_empty())
            .map(|(i, n)| {
                let p = self.points.as_ref().and_then(|p| p.get(i));
                let won = if self.winner() == Some(i) {
                    " (won)"
                } else {
                    ""
                };
                match p {
                    Some(p) => format!("{n} {p}{won}"),
                    None => n.clone(),
                }
            })
            .collect();
        format!("{} {}: {}", self.game, self.end, seats.join(", "))
    }
}

/// Why hosting stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum HostError {
    /// The connection closed or failed.
    Closed,
    /// The server did not answer in time; what we waited for.
    Timeout(&'static str),
    /// The server refused the game or its start; its words.
    Refused(String),
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostError::Closed => write!(f, "the server closed the connection"),
            HostError::Timeout(what) => write!(f, "the server did not send {what} in time"),
            HostError::Refused(why) => write!(f, "the server refused: {why}"),
        }
    }
}

impl std::error::Error for HostError {}

/// The text the server sends when an observer's start is not allowed (`start.player.must.sit`).
const MUST_SIT: &str = "must sit";

/// Whether a STATUSMESSAGE's value is a refusal: every value but the OK ones (no value is
/// `SV_OK`).
fn refuses(status: Option<i32>) -> bool {
    !status
        .map_or(Some(StatusValue::Ok), StatusValue::from_wire)
        .is_some_and(StatusValue::is_ok)
}

/// Hosts `config.games` games over `stream`, one after another; calls `on_game` as each one
/// ends. Returns the games hosted, or why it stopped (the games before it were reported).
///
/// # Errors
/// [`HostError`]: the connection closed, the server refused a game or its start, or did not
/// answer in time.
pub async fn host<S: AsyncRead + AsyncWrite>(
    stream: S,
    config: &HostConfig,
    mut on_game: impl FnMut(&HostedGame),
) -> Result<Vec<HostedGame>, HostError> {
    let (mut reader, mut writer) = split(stream);
    // A person's client, like the 2.7 GUI client: the features let it create games on every
    // board and with every scenario the server knows.
    send(
        &mut writer,
        proto::Version {
            locale: Some("en_US".to_owned()),
            ..proto::Version::robot("CATANBOT", ";6pl;sb;sc=2700;")
        },
    )
    .await?;
    let mut done = Vec::new();
    for k in 1..=config.games {
        let game = format!("{}~{k}", config.prefix);
        let hosted = host_one(&mut reader, &mut writer, config, game).await?;
        on_game(&hosted);
        done.push(hosted);
    }
    Ok(done)
}

async fn send<S: AsyncWrite>(w: &mut Writer<S>, m: impl Into<Message>) -> Result<(), HostError> {
    w.write_message(&m.into())
        .await
        .map_err(|_| HostError::Closed)
}

/// Creates, starts and watches one game to its end.
async fn host_one<S: AsyncRead + AsyncWrite>(
    reader: &mut Reader<S>,
    writer: &mut Writer<S>,
    config: &HostConfig,
    game: String,
) -> Result<HostedGame, HostError> {
    send(
        writer,
        NewGameWithOptionsRequest {
            nickname: config.nickname.clone(),
            password: String::new(),
            host: "-".to_owned(),
            game: game.clone(),
            options: config.options.clone(),
        },
    )
    .await?;
    let mut hosted = HostedGame {
        game: game.clone(),
        seats: Vec::new(),
        points: None,
        end: "timeout",
    };
    let mut deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let mut waiting = "JOINGAMEAUTH for the new game";
    let mut started = false;
    // What the server said in the game before it started (why a start failed).
    let mut said = Vec::new();
    loop {
        let msg = match tokio::time::timeout_at(deadline, reader.read_message()).await {
            Ok(Some(m)) => m,
            Ok(None) => return Err(HostError::Closed),
            Err(_) if started => {
                warn!(game = %shown(&game), "the game did not end in time; leaving it");
                break;
            }
            Err(_) if said.is_empty() => return Err(HostError::Timeout(waiting)),
            Err(_) => return Err(HostError::Refused(said.join(" / "))),
        };
        match msg {
            Message::ServerPing(_) => send(writer, msg).await?,
            Message::StatusMessage(s) if refuses(s.status) => {
                return Err(HostError::Refused(s.text));
            }
            Message::StatusMessage(s) => info!(text = %shown(&s.text), "server status"),
            Message::JoinGameAuth(a) if a.game == game => {
                info!(game = %shown(&game), options = %shown(&config.options), "game created; starting it");
                send(
                    writer,
                    StartGame {
                        game: game.clone(),
                        state: None,
                    },
                )
                .await?;
                waiting = "the game's first placement";
                deadline = tokio::time::Instant::now() + config.start_timeout;
            }
            Message::GameServerText(t) if t.game == game && !started => {
                if t.text.contains(MUST_SIT) {
                    return Err(HostError::Refused(format!(
                        "{} (run the server with -Djsettlers.bots.botgames.total=-1)",
                        t.text
                    )));
                }
                said.push(t.text);
            }
            Message::SitDown(s) if s.game == game => {
                let seat = usize::try_from(s.player).unwrap_or(usize::MAX);
                if seat < 8 {
                    if hosted.seats.len() <= seat {
                        hosted.seats.resize(seat + 1, String::new());
                    }
                    hosted.seats[seat] = s.nickname;
                }
            }
            Message::GameState(s) if s.game == game => {
                if !started && s.state >= START1A {
                    started = true;
                    deadline = tokio::time::Instant::now() + config.game_timeout;
                }
                if s.state == OVER {
                    hosted.end = "over";
                }
            }
            Message::GameStats(s) if s.game == game => {
                if let GameStatsKind::Players { scores, .. } = &s.stats {
                    hosted.points = Some(scores.clone());
                    if hosted.end == "over" {
                        break;
                    }
                }
            }
            Message::DeleteGame(d) if d.game == game => {
                if hosted.end != "over" {
                    hosted.end = "deleted";
                }
                return Ok(hosted);
            }
            _ => {}
        }
    }
    send(
        writer,
        proto::LeaveGame {
            nickname: config.nickname.clone(),
            host: "-".to_owned(),
            game,
        },
    )
    .await?;
    Ok(hosted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::duplex;

    fn config(games: u32) -> HostConfig {
        HostConfig {
            nickname: "host".into(),
            options: "SC=SC_FOG,PL=4".into(),
            games,
            prefix: "SC_FOG~7".into(),
            start_timeout: Duration::from_secs(5),
            game_timeout: Duration::from_secs(5),
        }
    }

    /// A server that answers each step of a hosted game with `lines` (after `1078` and `1018`).
    async fn serve(
        server: tokio::io::DuplexStream,
        after_create: Vec<&'static str>,
        after_start: Vec<&'static str>,
    ) -> Vec<String> {
        let (mut r, mut w) = split(server);
        let mut heard = Vec::new();
        while let Some(m) = r.read_message().await {
            heard.push(m.encode());
            let answer = match &m {
                Message::NewGameWithOptionsRequest(_) => &after_create,
                Message::StartGame(_) => &after_start,
                Message::LeaveGame(_) => break,
                _ => continue,
            };
            for line in answer {
                let msg = jsettlers_protocol::parse(line).expect("a valid line");
                w.write_message(&msg).await.unwrap();
            }
        }
        heard
    }

    #[tokio::test]
    async fn a_game_is_created_started_without_sitting_and_watched_to_its_end() {
        let (ours, theirs) = duplex(1 << 16);
        let server = tokio::spawn(serve(
            theirs,
            vec!["1021|SC_FOG~7~1,20,21,S,-2,1,3,0"],
            vec![
                "1012|SC_FOG~7~1,robot 1,0,true",
                "1012|SC_FOG~7~1,catanbot,1,true",
                "1012|SC_FOG~7~1,droid 2,2,true",
                "1012|SC_FOG~7~1,robot 4,3,true",
                "1025|SC_FOG~7~1,5",
                "1025|SC_FOG~7~1,20",
                "1025|SC_FOG~7~1,1000",
                "1061|SC_FOG~7~1,6,12,9,7,true,true,true,true",
            ],
        ));
        let mut seen = Vec::new();
        let games = host(ours, &config(1), |g| seen.push(g.line()))
            .await
            .unwrap();
        let heard = server.await.unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].end, "over");
        assert_eq!(games[0].winner(), Some(1));
        assert_eq!(
            seen,
            ["SC_FOG~7~1 over: robot 1 6, catanbot 12 (won), droid 2 9, robot 4 7"]
        );
        // VERSION, the game with its options, a start with no SITDOWN before it, the leave.
        assert!(heard[0].starts_with("9998|2700,2.7.00,CATANBOT,;6pl;sb;sc=2700;"));
        assert_eq!(heard[1], "1078|host,\t,-,SC_FOG~7~1,SC=SC_FOG,PL=4");
        assert_eq!(heard[2], "1018|SC_FOG~7~1");
        assert!(heard[3].starts_with("1011|host,-,SC_FOG~7~1"), "{heard:?}");
        assert_eq!(heard.len(), 4);
    }

    #[tokio::test]
    async fn a_server_that_will_not_start_an_observers_game_says_why() {
        let (ours, theirs) = duplex(1 << 16);
        tokio::spawn(serve(
            theirs,
            vec!["1021|SC_FOG~7~1"],
            vec!["1091|SC_FOG~7~1\u{1}To start the game, at least one player must sit down."],
        ));
        let e = host(ours, &config(2), |_| {}).await.unwrap_err();
        let HostError::Refused(why) = e else {
            panic!("{e:?}")
        };
        assert!(why.contains("botgames.total=-1"), "{why}");
    }

    #[tokio::test]
    async fn a_refused_name_and_a_silent_server_end_hosting_with_the_reason() {
        let (ours, theirs) = duplex(1 << 16);
        tokio::spawn(serve(
            theirs,
            vec![
                "1069|Welcome!",
                "1069|11,A game with this name already exists",
            ],
            vec![],
        ));
        let e = host(ours, &config(1), |_| {}).await.unwrap_err();
        assert_eq!(
            e,
            HostError::Refused("A game with this name already exists".into())
        );
        let (ours, theirs) = duplex(1 << 16);
        tokio::spawn(serve(theirs, vec!["1021|SC_FOG~7~1"], vec![]));
        let mut c = config(1);
        c.start_timeout = Duration::from_millis(50);
        let e = host(ours, &c, |_| {}).await.unwrap_err();
        assert_eq!(e, HostError::Timeout("the game's first placement"));
    }
}
