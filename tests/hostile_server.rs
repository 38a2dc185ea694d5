//! The client against a hostile or broken server (issue 11): each test is one case of the
//! issue's list, with the figure that was wrong before. Sessions run over the in-memory
//! connection of `common` (tokio's paused clock where timers matter); reconnect, exit and log
//! cases run `client::run` or the `catan-bot` binary against a loopback listener.

use std::io::Write as _;
use std::pin::Pin;
use std::process::Command;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use jsettlers_protocol::Message;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use catan_bot::client::session::{SessionEnd, LOGIN_TIMEOUT, WRITE_TIMEOUT};
use catan_bot::client::{self, shutdown, ClientConfig, ClientError};

mod common;
use common::{mock_connection, mock_connection_with, server_lines, settlement, GAME};

const LOGIN_OK: &str = "1071|120,35,0.13,1.0,1.0,3.0,1.0,1,1";
const OUR_TURN: &str = "1026|~botsOnly~40,3,5";

fn config(name: &str) -> ClientConfig {
    ClientConfig::new("mock", "c", name, "random:seed=1".parse().unwrap())
}

/// Sends the recorded game up to (not including) our first turn to place.
async fn play_to_our_turn(server: &mut common::DuplexServer) {
    for line in server_lines() {
        if line == OUR_TURN {
            return;
        }
        server.send(&line).await;
    }
    panic!("the recorded game has no {OUR_TURN}");
}

fn start<S>(io: S, config: ClientConfig) -> common::Session
where
    S: AsyncRead + AsyncWrite + Send + 'static,
{
    common::start_session(io, config)
}

/// Before: the next decision took 12.5 s of CPU (a loop over 2^31 unknown cards). After: the
/// count is refused at the boundary and the placement goes out at once.
#[tokio::test]
async fn a_huge_unknown_card_count_does_not_stall_the_next_decision() {
    let (io, mut server) = mock_connection();
    let s = start(io, config("mockbot"));
    play_to_our_turn(&mut server).await;
    server
        .send(&format!("1086|{GAME}|0|100|6|2147483647"))
        .await;
    let t0 = Instant::now();
    server.send(OUR_TURN).await;
    server.expect("a settlement", settlement).await;
    assert!(
        t0.elapsed() < Duration::from_secs(2),
        "took {:?}",
        t0.elapsed()
    );
    s.trigger.trigger();
    assert_eq!(s.handle.await.unwrap(), SessionEnd::Shutdown);
}

/// Before: a gain of 2^31-1 cards twice wrapped (release) or panicked the game task (debug
/// builds, as tests are), and the game vanished. After: the amount is refused, the game goes on.
#[tokio::test(start_paused = true)]
async fn amounts_that_would_overflow_leave_the_game_task_alive() {
    let (io, mut server) = mock_connection();
    let mut s = start(io, config("mockbot"));
    play_to_our_turn(&mut server).await;
    for _ in 0..2 {
        server
            .send(&format!("1024|{GAME},3,101,1,2147483647"))
            .await;
        server
            .send(&format!("1024|{GAME},0,101,6,2147483647"))
            .await;
    }
    server.send(OUR_TURN).await;
    server.expect("a settlement", settlement).await;
    s.trigger.trigger();
    assert_eq!(s.handle.await.unwrap(), SessionEnd::Shutdown);
    let report = s.reports.recv().await.expect("a report");
    assert_eq!(report.end, "disconnected", "{report:?}");
}

/// An agent that panics when asked to answer a trade offer.
struct PanickingAgent;

impl catan_bot::agent::Agent for PanickingAgent {
    fn name(&self) -> String {
        "panics".into()
    }
    fn decide(
        &mut self,
        view: &catan_bot::agent::View,
        _deadline: Option<std::time::Instant>,
    ) -> catan_bot::game::Action {
        if view.state.phase() == catan_bot::game::Phase::TradeResponse {
            panic!("agent bug");
        }
        let mut list = catan_bot::game::ActionList::new();
        view.state.legal_actions(&mut list);
        list[0]
    }
}

/// A panicking agent (it runs on a blocking thread) costs the game its agent, not the game:
/// the offer is still answered — declined by the fallback, never accepted blindly — and the
/// session lives on. (A panic of the game task itself is reported as a game that ended
/// "failed": `session::tests::a_failed_game_task_is_reported`.)
#[tokio::test(start_paused = true)]
async fn an_agent_that_panics_costs_the_agent_not_the_game() {
    let (io, mut server) = mock_connection();
    let mut c = config("mockbot");
    c.agent_factory = Some(client::AgentFactory(Arc::new(|| Box::new(PanickingAgent))));
    let mut s = start(io, c);
    // Up to a moment in PLAY1 of another seat's turn; it offers us a card for one of ours.
    let lines = server_lines();
    let parsed: Vec<Message> = lines.iter().map(|l| Message::parse(l).unwrap()).collect();
    let in_game: Vec<usize> = (0..parsed.len())
        .filter(|&i| parsed[i].game() == Some(GAME))
        .collect();
    let game_msgs: Vec<Message> = in_game.iter().map(|&i| parsed[i].clone()).collect();
    let (k, from, have, theirs) = common::offer_moment(&game_msgs, GAME, 3);
    let upto = in_game[k];
    for line in &lines[..=upto] {
        server.send(line).await;
    }
    let mut give = [0; 5];
    give[theirs] = 1;
    let mut get = [0; 5];
    get[have] = 1;
    let nums = |x: [i32; 5]| x.map(|n| n.to_string()).join(",");
    let to: Vec<&str> = (0..4)
        .map(|i| if i == 3 { "true" } else { "false" })
        .collect();
    server
        .send(&format!(
            "1041|{GAME},{from},{},{},{}",
            to.join(","),
            nums(give),
            nums(get)
        ))
        .await;
    server
        .expect("a refusal of the offer", |m| match m {
            Message::AcceptOffer(_) => panic!("the fallback accepted a trade"),
            Message::RejectOffer(r) => Some(r.reason),
            _ => None,
        })
        .await;
    // The session lives on: pings are still answered.
    server.send("9999|150000").await;
    server
        .expect("ping echo", |m| {
            matches!(m, Message::ServerPing(_)).then_some(())
        })
        .await;
    s.trigger.trigger();
    assert_eq!(s.handle.await.unwrap(), SessionEnd::Shutdown);
    let report = s.reports.recv().await.expect("a report");
    assert!(report.health.fallbacks >= 1, "{report:?}");
}

/// Before: every later view failed after a settlement put on an occupied node (62 fallbacks,
/// 4 agent decisions for the rest of the game). After: the event is skipped as one counted
/// mismatch and the agent keeps deciding.
#[tokio::test(start_paused = true)]
async fn one_contradictory_placement_does_not_end_the_agents_decisions() {
    let (io, mut server) = mock_connection();
    let mut s = start(io, config("mockbot"));
    let lines = server_lines();
    let first = lines
        .iter()
        .find(|l| l.starts_with(&format!("1009|{GAME},0,1,")))
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .to_owned();
    let mut injected = false;
    for line in &lines {
        server.send(line).await;
        if !injected && line.starts_with(&format!("1026|{GAME},")) && line.ends_with(",15") {
            server.send(&format!("1009|{GAME},1,1,{first}")).await;
            injected = true;
        }
        while server.next_within(Duration::from_millis(1)).await.is_some() {}
    }
    assert!(injected);
    let report = tokio::time::timeout(Duration::from_secs(30), s.reports.recv())
        .await
        .expect("no report")
        .unwrap();
    assert_eq!(report.end, "over");
    assert!(report.health.mirror_mismatches >= 1, "{report:?}");
    assert!(
        report.health.fallbacks * 10 <= report.decisions,
        "fallbacks {} of {} decisions",
        report.health.fallbacks,
        report.decisions
    );
    s.trigger.trigger();
    let _ = s.handle.await;
}

/// Before: a server that stops reading made the outbound queue grow without bound (686 MB
/// after 30 s). After: the queue is bounded, the session stops reading, and the writer gives
/// up after WRITE_TIMEOUT: the session ends so the client can reconnect.
#[tokio::test(start_paused = true)]
async fn a_server_that_stops_reading_ends_the_session() {
    let (io, mut server) = mock_connection_with(4096, false);
    let s = start(io, config("mockbot"));
    server.send(LOGIN_OK).await;
    let t0 = tokio::time::Instant::now();
    let pinger = tokio::spawn(async move {
        // Pings until the pipe is full (the client stopped reading too) or closed.
        loop {
            server.send("9999|150000").await;
        }
    });
    let end = tokio::time::timeout(WRITE_TIMEOUT * 3, s.handle)
        .await
        .expect("the session did not end")
        .unwrap();
    assert_eq!(end, SessionEnd::Closed { logged_in: true });
    assert!(t0.elapsed() >= WRITE_TIMEOUT, "{:?}", t0.elapsed());
    pinger.abort();
}

/// A stream whose writes fail after `ok_bytes` (reads go through): a writer failure.
struct FailingWrites {
    inner: tokio::io::DuplexStream,
    ok_bytes: usize,
}

impl AsyncRead for FailingWrites {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for FailingWrites {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        if self.ok_bytes < buf.len() {
            return Poll::Ready(Err(std::io::ErrorKind::BrokenPipe.into()));
        }
        self.ok_bytes -= buf.len();
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Before: a writer that failed left a zombie session reading on and answering nothing. After:
/// the session ends at once.
#[tokio::test(start_paused = true)]
async fn a_writer_failure_ends_the_session() {
    let (io, mut server) = mock_connection();
    let io = FailingWrites {
        inner: io,
        ok_bytes: 0,
    };
    let s = start(io, config("mockbot"));
    server.send(LOGIN_OK).await;
    server.send("9999|150000").await;
    let end = tokio::time::timeout(Duration::from_secs(5), s.handle)
        .await
        .expect("zombie session: still running after its writer failed")
        .unwrap();
    assert!(matches!(end, SessionEnd::Closed { .. }), "{end:?}");
}

/// Before: the JOINGAME reply to a 65,525-character game name did not fit a frame, the writer
/// stopped and the session answered nothing more. After: the invitation is declined (no reply
/// can name it) and pings are still answered.
#[tokio::test(start_paused = true)]
async fn an_invitation_too_long_to_answer_is_declined() {
    let (io, mut server) = mock_connection();
    let s = start(io, config("mockbot"));
    server.send(LOGIN_OK).await;
    server
        .send(&format!("1023|{},2,-", "G".repeat(65_525)))
        .await;
    server.send("9999|150000").await;
    let mut got = Vec::new();
    while let Some(m) = server.next_within(Duration::from_secs(1)).await {
        got.push(m);
    }
    assert!(
        !got.iter().any(|m| matches!(m, Message::JoinGame(_))),
        "a JOINGAME went out"
    );
    assert!(
        got.iter().any(|m| matches!(m, Message::ServerPing(_))),
        "the ping after the invitation was not answered"
    );
    s.trigger.trigger();
    assert_eq!(s.handle.await.unwrap(), SessionEnd::Shutdown);
}

/// Before: a login never answered waited for the 300 s idle timer. After: LOGIN_TIMEOUT.
#[tokio::test(start_paused = true)]
async fn an_unanswered_login_times_out() {
    let (io, _server) = mock_connection();
    let s = start(io, config("mockbot"));
    let t0 = tokio::time::Instant::now();
    let end = s.handle.await.unwrap();
    assert_eq!(end, SessionEnd::LoginTimeout);
    assert!(t0.elapsed() >= LOGIN_TIMEOUT && t0.elapsed() < LOGIN_TIMEOUT * 2);
}

/// Before: every invitation was joined. After: past --max-games-at-once, an invitation is
/// declined by joining and leaving at once.
#[tokio::test(start_paused = true)]
async fn invitations_past_the_cap_are_declined() {
    let (io, mut server) = mock_connection();
    let mut c = config("capbot");
    c.max_games_at_once = Some(1);
    let s = start(io, c);
    server.send(LOGIN_OK).await;
    for g in 0..3 {
        server.send(&format!("1023|game{g},1,-")).await;
    }
    let mut joined = Vec::new();
    let mut left = Vec::new();
    while let Some(m) = server.next_within(Duration::from_secs(1)).await {
        match m {
            Message::JoinGame(j) => joined.push(j.game),
            Message::LeaveGame(l) => left.push(l.game),
            _ => {}
        }
    }
    assert_eq!(joined, ["game0", "game1", "game2"]);
    assert_eq!(left, ["game1", "game2"]);
    s.trigger.trigger();
    assert_eq!(s.handle.await.unwrap(), SessionEnd::Shutdown);
}

async fn accept_and_login(listener: &tokio::net::TcpListener) -> (tokio::net::TcpStream, String) {
    use futures_util::StreamExt;
    let (sock, _) = tokio::time::timeout(Duration::from_secs(20), listener.accept())
        .await
        .expect("client did not (re)connect")
        .unwrap();
    let (read, write) = sock.into_split();
    let mut frames =
        tokio_util::codec::FramedRead::new(read, jsettlers_protocol::MessageCodec::new());
    let name = loop {
        match frames.next().await.unwrap().unwrap().unwrap() {
            Message::ImARobot(m) => break m.nickname,
            _ => continue,
        }
    };
    (write.reunite(frames.into_inner()).unwrap(), name)
}

async fn send_text(sock: &mut tokio::net::TcpStream, text: &str) {
    use tokio::io::AsyncWriteExt;
    let mut frame = (text.len() as u16).to_be_bytes().to_vec();
    frame.extend_from_slice(text.as_bytes());
    sock.write_all(&frame).await.unwrap();
}

/// Before: 40 logins in 20 s with a bad cookie, forever. After: the pause grows, and after
/// MAX_BAD_COOKIE_LOGINS refusals the client stops with an error naming the cookie.
#[tokio::test]
async fn a_bad_cookie_stops_the_client_after_a_few_logins() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let c = ClientConfig::new(
        &listener.local_addr().unwrap().to_string(),
        "wrong",
        "probe",
        "random:seed=1".parse().unwrap(),
    );
    let (trigger, stop) = shutdown::channel();
    let run = tokio::spawn(client::run(c, trigger, stop));
    let mut at = Vec::new();
    let mut names = Vec::new();
    for _ in 0..client::MAX_BAD_COOKIE_LOGINS {
        let (mut sock, name) = accept_and_login(&listener).await;
        at.push(Instant::now());
        names.push(name);
        send_text(
            &mut sock,
            "1059|Cookie contents do not match the running server.",
        )
        .await;
    }
    let out = tokio::time::timeout(Duration::from_secs(10), run)
        .await
        .expect("the client went on after bad cookies")
        .unwrap();
    match out {
        Err(ClientError::BadCookie(_)) => {}
        other => panic!("expected a bad-cookie error, got {other:?}"),
    }
    assert!(names.iter().all(|n| n == "probe"), "{names:?}");
    // The pause doubled: 0.5 s, then 1 s.
    let gaps: Vec<Duration> = at.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(gaps[1] > gaps[0] + Duration::from_millis(300), "{gaps:?}");
    assert!(ClientError::BadCookie("x".into())
        .to_string()
        .contains("--cookie"));
}

/// Before: a server that resets every connection saw 57 connections in 30 s (the pause
/// restarted at every TCP connect). After: it doubles until a login is accepted.
#[tokio::test]
async fn backoff_grows_across_connections_that_never_log_in() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let c = ClientConfig::new(
        &listener.local_addr().unwrap().to_string(),
        "c",
        "probe",
        "random:seed=1".parse().unwrap(),
    );
    let (trigger, stop) = shutdown::channel();
    let run = tokio::spawn(client::run(c, trigger.clone(), stop));
    let mut at = Vec::new();
    for _ in 0..4 {
        let (sock, _) = accept_and_login(&listener).await;
        at.push(Instant::now());
        drop(sock);
    }
    let gaps: Vec<Duration> = at.windows(2).map(|w| w[1] - w[0]).collect();
    // 0.5 s, 1 s, 2 s (before: 0.5 s each).
    assert!(gaps[2] >= Duration::from_millis(1800), "{gaps:?}");
    assert!(gaps[2] > gaps[0] * 3, "{gaps:?}");
    trigger.trigger();
    let _ = tokio::time::timeout(Duration::from_secs(10), run).await;
}

fn catan_bot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_catan-bot"))
}

/// Before: `--server nohost:1` (and the others) retried forever. After: one line, exit 2.
#[test]
fn bad_server_addresses_and_record_paths_fail_at_start() {
    let file = std::env::temp_dir().join(format!("hostile-record-{}", std::process::id()));
    std::fs::write(&file, "not a directory").unwrap();
    let record = file.to_str().unwrap();
    for args in [
        vec!["--server", "nohost:1"],
        vec!["--server", "127.0.0.1:0"],
        vec!["--server", ":99999"],
        vec!["--server", "noport"],
        vec!["--server", "127.0.0.1:8935", "--record", record],
    ] {
        let t0 = Instant::now();
        let out = catan_bot()
            .arg("play")
            .args(["--cookie", "c"])
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(args[args.len() - 1]) || err.contains(args[1]),
            "{err}"
        );
        assert!(t0.elapsed() < Duration::from_secs(10));
    }
    let _ = std::fs::remove_file(&file);
}

/// Before: `replay README.md` and a truncated GAMESTATS exited 0, errors on stdout. After:
/// exit 2 with the error on stderr; a real transcript still exits 0.
#[test]
fn replay_refuses_files_that_are_not_finished_transcripts() {
    let dir = std::env::temp_dir().join(format!("hostile-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts/sample3p-game-00.log");
    let text = std::fs::read_to_string(&fixture).unwrap();
    let cut: String = text
        .lines()
        .map(|l| {
            if l.starts_with("< 1061|~botsOnly~40,5,") {
                "< 1061|~botsOnly~40,5,11"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let files = [
        (
            "readme",
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"),
            None,
        ),
        ("empty", dir.join("empty.log"), Some(String::new())),
        ("cut-stats", dir.join("cut.log"), Some(cut)),
    ];
    for (what, path, content) in &files {
        if let Some(c) = content {
            std::fs::write(path, c).unwrap();
        }
        let out = catan_bot().arg("replay").arg(path).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert!(
            err.contains(&*path.to_string_lossy()),
            "{what}: no error on stderr: {err}"
        );
    }
    let out = catan_bot().arg("replay").arg(&fixture).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Before: a game name with ESC and a newline forged a log line, a 65,535-byte bad frame made a
/// 65 KB log line, and colour codes went to a stderr that is not a terminal. After: none.
#[test]
fn server_strings_cannot_forge_log_lines() {
    use std::io::Read as _;
    let (listener, mut child) = common::play_against_listener("logbot");
    let (mut sock, _) = listener.accept().unwrap();
    let send = |sock: &mut std::net::TcpStream, text: &str| {
        sock.write_all(&common::frame(text)).unwrap();
    };
    send(&mut sock, LOGIN_OK);
    send(
        &mut sock,
        "1023|evil\u{1b}[31m\nFORGED 2026-01-01T00:00:00Z  INFO all good,2,-",
    );
    send(&mut sock, &format!("1009|{}", "x".repeat(65_530)));
    std::thread::sleep(Duration::from_secs(2));
    let _ = child.kill();
    let _ = child.wait();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("invited"), "{err}");
    assert!(!err.contains('\u{1b}'), "escape codes in the log");
    assert!(
        err.lines().all(|l| !l.starts_with("FORGED")),
        "a forged log line: {err}"
    );
    let longest = err.lines().map(str::len).max().unwrap_or(0);
    assert!(longest < 2000, "a {longest}-byte log line");
}
