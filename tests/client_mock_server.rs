//! The client session against a scripted server over an in-memory duplex stream, on tokio's
//! paused clock: handshake, join, sit, malformed lines skipped, a refused PUTPIECE answered
//! with a different placement, a request with no reply replaced after the reply timeout, and a
//! discard prompt answered. The server's lines come from `sample3p-game-00.log` (our client
//! takes samplebot1's seat 3; the mirror follows the recorded game whatever we send).

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use jsettlers_protocol::{Message, MessageCodec};
use tokio::sync::mpsc;
use tokio_util::codec::FramedRead;

use catan_bot::client::report::GameReport;
use catan_bot::client::session::{run_session, SessionEnd};
use catan_bot::client::{shutdown, ClientConfig};

mod common;
use common::{mock_connection, server_lines, settlement, DuplexServer, MockServer, GAME};

#[tokio::test(start_paused = true)]
async fn session_handshakes_joins_recovers_from_refusals_and_discards() {
    let (client_io, mut server) = mock_connection();

    let config = Arc::new(ClientConfig::new(
        "mock",
        "cookie42",
        "mockbot",
        "heuristic:seed=7".parse().unwrap(),
    ));
    let (trigger, stop) = shutdown::channel();
    let (reports_tx, mut reports) = mpsc::unbounded_channel::<GameReport>();
    let session = tokio::spawn(run_session(client_io, config, "mockbot", stop, reports_tx));

    // Handshake: VERSION first, then IMAROBOT with our cookie and a third-party class.
    match server.next_within(Duration::from_secs(1)).await.unwrap() {
        Message::Version(v) => {
            assert_eq!(v.version, 2700);
            // 5- and 6-player games, the sea board and the island scenarios are played by
            // default: the server may invite us to them.
            assert_eq!(v.features, ";6pl;sb;sc=2000;");
        }
        m => panic!("expected VERSION first, got {m}"),
    }
    match server.next_within(Duration::from_secs(1)).await.unwrap() {
        Message::ImARobot(m) => {
            assert_eq!(
                (m.nickname.as_str(), m.cookie.as_str()),
                ("mockbot", "cookie42")
            );
            assert_ne!(m.robot_class, "soc.robot.SOCRobotBrain");
        }
        m => panic!("expected IMAROBOT, got {m}"),
    }

    let lines = server_lines();
    let mut i = 0;
    // Up to the invitation: JOINGAME follows at once.
    while !lines[i].starts_with("1023|") {
        server.send(&lines[i]).await;
        i += 1;
    }
    server.send(&lines[i].clone()).await;
    i += 1;
    server
        .expect("JOINGAME", |m| match m {
            Message::JoinGame(j) if j.game == GAME && j.nickname == "mockbot" => Some(()),
            _ => None,
        })
        .await;

    // Malformed and unknown input is skipped, never fatal.
    server.send("1009|~botsOnly~40,x").await;
    server.send("4242|something new").await;
    server.send_raw(&[0xff, 0xfe, 0x41]).await;
    server.send("9999|150000").await;
    server
        .expect("ping echo", |m| {
            matches!(m, Message::ServerPing(_)).then_some(())
        })
        .await;

    // Up to GAMEMEMBERS: SITDOWN in the invited seat.
    while !lines[i].starts_with("1017|") {
        server.send(&lines[i].clone()).await;
        i += 1;
    }
    server.send(&lines[i].clone()).await;
    i += 1;
    server
        .expect("SITDOWN", |m| match m {
            Message::SitDown(s) if s.game == GAME && s.player == 3 => Some(()),
            _ => None,
        })
        .await;

    // Up to our first initial placement.
    let our_turn = "1026|~botsOnly~40,3,5";
    while lines[i] != our_turn {
        server.send(&lines[i].clone()).await;
        i += 1;
    }
    server.send(our_turn).await;
    i += 1;
    let first = server.expect("1st settlement", settlement).await;

    // Refused: the next placement must be somewhere else, at once (no 2 s wait).
    server
        .send(&format!(
            "1104|{GAME},0,4,1,{first},You can't build a settlement there."
        ))
        .await;
    server.send(&format!("1044|{GAME},1")).await;
    let t0 = tokio::time::Instant::now();
    let second = server.expect("another settlement", settlement).await;
    assert_ne!(second, first, "a refused placement was sent again");
    assert!(
        t0.elapsed() < Duration::from_secs(1),
        "took {:?}",
        t0.elapsed()
    );

    // No answer at all: after the reply timeout (2 s) a third, different spot.
    let third = server.expect("a third settlement", settlement).await;
    assert!(t0.elapsed() >= Duration::from_secs(2));
    assert!(third != first && third != second);

    // From here the recorded game goes on (samplebot1's own placements are echoed, so the
    // mirror follows the record). Play it up to the discard prompt for our seat.
    let prompt = "1029|~botsOnly~40,5";
    while lines[i] != prompt {
        server.send(&lines[i].clone()).await;
        i += 1;
        // Let the client answer what it is asked; its answers are not checked here.
        while server.next_within(Duration::from_millis(1)).await.is_some() {}
    }
    server.send(prompt).await;
    let discard = server
        .expect("DISCARD", |m| match m {
            Message::Discard(d) if d.game == GAME => Some(d.resources),
            _ => None,
        })
        .await;
    assert_eq!(discard.total(), 5, "discarded {discard:?}");

    // Ctrl-C: LEAVEALL and a clean end.
    trigger.trigger();
    server
        .expect("LEAVEALL", |m| {
            matches!(m, Message::LeaveAll(_)).then_some(())
        })
        .await;
    assert_eq!(session.await.unwrap(), SessionEnd::Shutdown);
    let report = reports
        .recv()
        .await
        .expect("a report for the unfinished game");
    assert_eq!(report.game, GAME);
    assert_eq!(report.end, "disconnected");
    assert!(report.health.rejected_requests >= 2, "{report:?}");
}

/// A session as `name` (random agent) on a mock connection: its task, the mock server, its
/// game reports, and its stop trigger (keep it: dropping it stops the session).
fn spawn_session(
    name: &str,
) -> (
    tokio::task::JoinHandle<SessionEnd>,
    DuplexServer,
    mpsc::UnboundedReceiver<GameReport>,
    shutdown::ShutdownTrigger,
) {
    spawn_session_with(name, false)
}

/// [`spawn_session`], playing the sea board if `sea` (the default; `play --no-sea` is `false`).
fn spawn_session_with(
    name: &str,
    sea: bool,
) -> (
    tokio::task::JoinHandle<SessionEnd>,
    DuplexServer,
    mpsc::UnboundedReceiver<GameReport>,
    shutdown::ShutdownTrigger,
) {
    let (client_io, server) = mock_connection();
    let mut config = ClientConfig::new("mock", "c", name, "random:seed=1".parse().unwrap());
    config.sea = sea;
    let config = Arc::new(config);
    let (trigger, stop) = shutdown::channel();
    let (reports_tx, reports) = mpsc::unbounded_channel::<GameReport>();
    let name = name.to_owned();
    let session =
        tokio::spawn(async move { run_session(client_io, config, &name, stop, reports_tx).await });
    (session, server, reports, trigger)
}

#[tokio::test(start_paused = true)]
async fn a_taken_nickname_ends_the_session_asking_for_a_new_name() {
    let (session, mut server, _reports, _trigger) = spawn_session("dup");
    server
        .expect("IMAROBOT", |m| {
            matches!(m, Message::ImARobot(_)).then_some(())
        })
        .await;
    server
        .send("1069|4,Someone with that nickname is already logged into the system.")
        .await;
    server
        .send("1059|Someone with that nickname is already logged into the system.")
        .await;
    drop(server);
    match session.await.unwrap() {
        SessionEnd::Rejected { name_taken, .. } => assert!(name_taken),
        e => panic!("expected a rejection, got {e:?}"),
    }
}

#[tokio::test]
async fn the_client_reconnects_with_a_fresh_nickname_and_leaves_on_shutdown() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let mut config = ClientConfig::new(
        &addr.to_string(),
        "c",
        "dup",
        "random:seed=1".parse().unwrap(),
    );
    config.reply_timeout_ms = 500;
    let (trigger, stop) = shutdown::channel();
    let client = tokio::spawn(catan_bot::client::run(config, trigger.clone(), stop));

    let mut names = Vec::new();
    for attempt in 0..2 {
        let (sock, _) = tokio::time::timeout(Duration::from_secs(10), listener.accept())
            .await
            .expect("client did not (re)connect")
            .unwrap();
        let (read, write) = tokio::io::split(sock);
        let mut frames = FramedRead::new(read, MessageCodec::new());
        let mut server = MockServer {
            write,
            from_client: mpsc::unbounded_channel().1,
        };
        loop {
            match frames.next().await.unwrap().unwrap().unwrap() {
                Message::ImARobot(m) => {
                    names.push(m.nickname);
                    break;
                }
                Message::Version(_) => {}
                m => panic!("unexpected {m}"),
            }
        }
        if attempt == 0 {
            server
                .send("1059|Someone with that nickname is already logged into the system.")
                .await;
            continue;
        }
        server.send("1071|120,35,0.13,1.0,1.0,3.0,1.0,1,1").await;
        trigger.trigger();
        let leave = tokio::time::timeout(Duration::from_secs(5), frames.next())
            .await
            .expect("no LEAVEALL")
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(matches!(leave, Message::LeaveAll(_)), "got {leave}");
    }
    assert_eq!(names, ["dup", "dup1"]);
    let summary = tokio::time::timeout(Duration::from_secs(10), client)
        .await
        .expect("client did not stop")
        .unwrap()
        .unwrap();
    assert_eq!(summary.finished, 0);
}

/// An agent that thinks for `think` whatever its deadline, then plays the first legal action.
struct SlowAgent {
    think: Duration,
}

impl catan_bot::agent::Agent for SlowAgent {
    fn name(&self) -> String {
        "slow".into()
    }
    fn decide(
        &mut self,
        view: &catan_bot::agent::View,
        _deadline: Option<std::time::Instant>,
    ) -> catan_bot::game::Action {
        std::thread::sleep(self.think);
        let mut list = catan_bot::game::ActionList::new();
        view.state.legal_actions(&mut list);
        list[0]
    }
}

#[tokio::test]
async fn a_slow_agent_delays_neither_pings_nor_the_answer() {
    let (client_io, mut server) = mock_connection();
    let mut config = ClientConfig::new("mock", "c", "slowbot", "random".parse().unwrap());
    config.decision_ms = 200;
    config.agent_factory = Some(catan_bot::client::AgentFactory(Arc::new(|| {
        Box::new(SlowAgent {
            think: Duration::from_secs(4),
        })
    })));
    let (trigger, stop) = shutdown::channel();
    let (reports_tx, _reports) = mpsc::unbounded_channel::<GameReport>();
    let session = tokio::spawn(run_session(
        client_io,
        Arc::new(config),
        "slowbot",
        stop,
        reports_tx,
    ));

    let our_turn = "1026|~botsOnly~40,3,5";
    for line in server_lines() {
        server.send(&line).await;
        if line == our_turn {
            break;
        }
    }
    let t0 = tokio::time::Instant::now();
    // The agent is busy for 4 s: the connection still answers pings at once.
    server.send("9999|150000").await;
    server
        .expect("ping echo", |m| {
            matches!(m, Message::ServerPing(_)).then_some(())
        })
        .await;
    assert!(
        t0.elapsed() < Duration::from_millis(500),
        "{:?}",
        t0.elapsed()
    );
    // Past its deadline (0.2 s) plus the grace, the client answers without the agent.
    let node = server.expect("a settlement", settlement).await;
    let waited = t0.elapsed();
    assert!(
        waited >= Duration::from_millis(200) && waited < Duration::from_secs(3),
        "answered after {waited:?}"
    );
    assert!(node > 0);
    trigger.trigger();
    assert_eq!(session.await.unwrap(), SessionEnd::Shutdown);
}

/// Sends the recorded server lines from `*i` up to and including the first that `last`
/// accepts, draining (and ignoring) whatever the client answers meanwhile.
async fn play_through(
    server: &mut DuplexServer,
    lines: &[String],
    i: &mut usize,
    last: impl Fn(&str) -> bool,
) {
    loop {
        let line = lines[*i].clone();
        *i += 1;
        server.send(&line).await;
        if last(&line) {
            return;
        }
        while server.next_within(Duration::from_millis(1)).await.is_some() {}
    }
}

fn start_session(
    config: ClientConfig,
    nickname: &'static str,
) -> (
    DuplexServer,
    shutdown::ShutdownTrigger,
    mpsc::UnboundedReceiver<GameReport>,
    tokio::task::JoinHandle<SessionEnd>,
) {
    let (client_io, server) = mock_connection();
    let (trigger, stop) = shutdown::channel();
    let (reports_tx, reports) = mpsc::unbounded_channel::<GameReport>();
    let session = tokio::spawn(run_session(
        client_io,
        Arc::new(config),
        nickname,
        stop,
        reports_tx,
    ));
    (server, trigger, reports, session)
}

/// A session of `mockbot` (seat 3 of the recorded game) with `--pace`.
fn paced_session() -> (
    DuplexServer,
    shutdown::ShutdownTrigger,
    tokio::task::JoinHandle<SessionEnd>,
) {
    let mut config = ClientConfig::new("mock", "c", "mockbot", "heuristic:seed=7".parse().unwrap());
    config.pace = true;
    let (server, trigger, _reports, session) = start_session(config, "mockbot");
    (server, trigger, session)
}

/// A session named as the recorded game's seat-3 player, so the server's SITDOWN echo names us.
fn samplebot1_session() -> (
    DuplexServer,
    shutdown::ShutdownTrigger,
    mpsc::UnboundedReceiver<GameReport>,
    tokio::task::JoinHandle<SessionEnd>,
) {
    let config = ClientConfig::new(
        "mock",
        "c",
        "samplebot1",
        "heuristic:seed=3".parse().unwrap(),
    );
    start_session(config, "samplebot1")
}

#[tokio::test(start_paused = true)]
async fn the_bot_shows_a_robot_face_and_stays_seated_until_the_game_is_deleted() {
    let (mut server, trigger, mut reports, session) = samplebot1_session();
    let lines = server_lines();
    let mut i = 0;
    play_through(&mut server, &lines, &mut i, |l| {
        l == "1012|~botsOnly~40,samplebot1,3,true"
    })
    .await;
    let face = server
        .expect("CHANGEFACE", |m| match m {
            Message::ChangeFace(f) if f.game == GAME => Some((f.player, f.face)),
            _ => None,
        })
        .await;
    assert_eq!(face, (3, 0), "robot face 0 in our seat 3");

    // The whole recorded game, up to its final scores.
    play_through(&mut server, &lines, &mut i, |l| {
        l.starts_with("1061|~botsOnly~40,5,11,4,6,")
    })
    .await;
    // Over, not yet deleted: still seated (no LEAVEGAME/LEAVEALL), nothing reported, for as
    // long as the server keeps the game.
    let t0 = tokio::time::Instant::now();
    while t0.elapsed() < Duration::from_secs(120) {
        if let Some(m) = server.next_within(Duration::from_secs(10)).await {
            assert!(
                !matches!(m, Message::LeaveGame(_) | Message::LeaveAll(_)),
                "left the finished game before its deletion: {m}"
            );
        }
    }
    assert!(reports.try_recv().is_err(), "reported before the deletion");

    // DELETEGAME: now the game counts as finished (this is what `--games N` waits for).
    server.send("1015|~botsOnly~40").await;
    let report = tokio::time::timeout(Duration::from_secs(5), reports.recv())
        .await
        .expect("no report after DELETEGAME")
        .unwrap();
    assert!(report.is_finished(), "{report:?}");
    assert_eq!(report.end, "over");
    assert_eq!(report.points.as_deref(), Some(&[5, 11, 4, 6][..]));
    trigger.trigger();
    assert_eq!(session.await.unwrap(), SessionEnd::Shutdown);
}

#[tokio::test(start_paused = true)]
async fn with_pace_the_bot_waits_like_a_stock_robot_before_placing() {
    let (mut server, trigger, session) = paced_session();
    let lines = server_lines();
    let mut i = 0;
    play_through(&mut server, &lines, &mut i, |l| {
        l == "1026|~botsOnly~40,3,5"
    })
    .await;

    // First settlement: the stock robot's pause(500) before putPiece.
    let t0 = tokio::time::Instant::now();
    server.expect("1st settlement", settlement).await;
    let waited = t0.elapsed();
    assert!(
        waited >= Duration::from_millis(500) && waited < Duration::from_millis(900),
        "settlement after {waited:?}"
    );

    // Its road: pause(1000) after the settlement plus pause(500) before the road.
    play_through(&mut server, &lines, &mut i, |l| l == "1025|~botsOnly~40,6").await;
    let t1 = tokio::time::Instant::now();
    server
        .expect("1st road", |m| match m {
            Message::PutPiece(p) if p.piece_type == 0 && p.game == GAME => Some(()),
            _ => None,
        })
        .await;
    let waited = t1.elapsed();
    assert!(
        waited >= Duration::from_millis(1500) && waited < Duration::from_millis(1900),
        "road after {waited:?}"
    );
    trigger.trigger();
    assert_eq!(session.await.unwrap(), SessionEnd::Shutdown);
}

#[tokio::test(start_paused = true)]
async fn with_pace_a_trade_offer_is_answered_after_the_stock_robots_pause() {
    let (mut server, trigger, session) = paced_session();
    let lines = server_lines();
    let mut i = 0;
    // Up to the first offer made to our seat 3 by another player.
    play_through(&mut server, &lines, &mut i, |l| {
        let f: Vec<&str> = l.split(['|', ',']).collect();
        f[0] == "1041" && f[2] != "3" && f[6] == "true"
    })
    .await;
    let t0 = tokio::time::Instant::now();
    server
        .expect("an answer to the offer", |m| {
            matches!(m, Message::AcceptOffer(_) | Message::RejectOffer(_)).then_some(())
        })
        .await;
    let waited = t0.elapsed();
    assert!(
        waited >= Duration::from_millis(3500) && waited <= Duration::from_millis(4000),
        "answered after {waited:?}"
    );
    trigger.trigger();
    assert_eq!(session.await.unwrap(), SessionEnd::Shutdown);
}

#[tokio::test(start_paused = true)]
async fn a_server_older_than_2_4_is_refused_at_login_naming_the_minimum() {
    let (session, mut server, _reports, _trigger) = spawn_session("old");
    server.send("9998|2300,2.3.00,JM20200401,;ch;").await;
    server.send("1003|").await;
    // Invited anyway: the session must not join.
    server.send("1023|~botsOnly~1,0,PL=4").await;
    let end = session.await.unwrap();
    assert_eq!(end, SessionEnd::ServerTooOld { version: 2300 });
    let text = catan_bot::client::ClientError::ServerTooOld(2300).to_string();
    assert!(text.contains("2.3.00") && text.contains("2.4.00"), "{text}");
    while let Some(m) = server.next_within(Duration::from_millis(10)).await {
        assert!(
            !matches!(m, Message::JoinGame(_)),
            "joined a game on a 2.3 server"
        );
    }
}

#[tokio::test(start_paused = true)]
async fn a_game_with_rules_we_cannot_play_is_declined_by_leaving() {
    let (session, mut server, mut reports, _trigger) = spawn_session("picky");
    server.send("9998|2700,2.7.00,JM20260517,;ch;").await;
    server
        .send("1023|~botsOnly~2,1,BC=t4,PL=4,UB=t,UBL=t7,SBL=t")
        .await;
    server
        .expect("LEAVEALL", |m| {
            matches!(m, Message::LeaveAll(_)).then_some(())
        })
        .await;
    match session.await.unwrap() {
        SessionEnd::Declined { game, reason } => {
            assert_eq!(game, "~botsOnly~2");
            // A sea game, declined because this session plays as with `play --no-sea`.
            assert!(
                reason.contains("SBL=t") && reason.contains("--no-sea"),
                "{reason}"
            );
        }
        e => panic!("expected a declined game, got {e:?}"),
    }
    let r = reports.recv().await.unwrap();
    assert!(r.end.starts_with("declined") && !r.is_finished(), "{r:?}");
    while let Some(m) = server.next_within(Duration::from_millis(10)).await {
        assert!(!matches!(m, Message::JoinGame(_)), "joined a declined game");
    }
}

#[tokio::test(start_paused = true)]
async fn a_declined_game_waits_for_the_game_in_progress_to_end() {
    let (session, mut server, _reports, _trigger) = spawn_session("busy");
    server.send("9998|2700,2.7.00,JM20260517,;ch;").await;
    server.send("1023|~botsOnly~1,0,PL=4").await;
    server
        .expect("JOINGAME", |m| {
            matches!(m, Message::JoinGame(_)).then_some(())
        })
        .await;
    server.send("1023|~botsOnly~2,1,PL=4,SBL=t").await;
    // Still playing ~botsOnly~1: no logout yet.
    while let Some(m) = server.next_within(Duration::from_secs(1)).await {
        assert!(
            !matches!(m, Message::LeaveAll(_)),
            "left a game in progress"
        );
    }
    assert!(!session.is_finished());
    server
        .send("1061|~botsOnly~1,7,10,6,5,true,true,true,true")
        .await;
    server
        .expect("LEAVEALL", |m| {
            matches!(m, Message::LeaveAll(_)).then_some(())
        })
        .await;
    assert!(matches!(
        session.await.unwrap(),
        SessionEnd::Declined { ref game, .. } if game == "~botsOnly~2"
    ));
}

/// People are never forced to end their turn: a person may think for many minutes. While
/// another seat's turn lasts ten minutes, with only the server's pings arriving, our bot sends
/// nothing but the ping echoes (no request, no leaving, no reconnect), and when the game goes
/// on it answers its own next turn as usual, with no forced end-turn or refused request.
#[tokio::test(start_paused = true)]
async fn a_person_thinking_for_ten_minutes_trips_no_timer_of_ours() {
    let (mut server, trigger, mut reports, session) = samplebot1_session();
    let lines = server_lines();
    let mut i = 0;
    // The first regular turn, seat 2's (the recorded game's seat 2 stands in for the
    // person); ours comes next.
    play_through(&mut server, &lines, &mut i, |l| {
        l == "1026|~botsOnly~40,2,15"
    })
    .await;
    while server
        .next_within(Duration::from_millis(100))
        .await
        .is_some()
    {}

    let t0 = tokio::time::Instant::now();
    let mut echoes = 0;
    while t0.elapsed() < Duration::from_secs(600) {
        // The server pings about every 100 s (guide §2.4); send one a minute.
        server.send("9999|150000").await;
        let minute = tokio::time::Instant::now();
        while minute.elapsed() < Duration::from_secs(60) {
            assert!(
                !session.is_finished(),
                "the session ended during the long turn, after {:?}",
                t0.elapsed()
            );
            match server.next_within(Duration::from_secs(5)).await {
                Some(Message::ServerPing(_)) => echoes += 1,
                Some(m) => panic!("our bot sent {m} during another seat's long turn"),
                None => {}
            }
        }
    }
    assert_eq!(echoes, 10, "every ping answered");

    // The game goes on to our next turn: we roll (or play a card) as usual.
    play_through(&mut server, &lines, &mut i, |l| {
        l == "1026|~botsOnly~40,3,15"
    })
    .await;
    let first = server
        .expect("our next move", |m| match m {
            Message::ServerPing(_) => None,
            m => Some(m.clone()),
        })
        .await;
    assert!(
        matches!(first, Message::RollDice(_) | Message::PlayDevCardRequest(_)),
        "our turn began with {first}"
    );
    trigger.trigger();
    assert_eq!(session.await.unwrap(), SessionEnd::Shutdown);
    let report = reports.recv().await.expect("the game's report");
    assert_eq!(
        (
            report.health.forced_end_turns,
            report.health.rejected_requests
        ),
        (0, 0),
        "{report:?}"
    );
}

/// Before: an invitation to seat 4 of a 6-player game was ignored as "a bad seat" (the seat
/// was checked against the classic board's four), and the server's game waited for us. Now
/// the 6-player options make seats 4 and 5 real: the session joins.
#[tokio::test(start_paused = true)]
async fn an_invitation_to_seat_4_of_a_six_player_game_is_accepted() {
    let (_session, mut server, _reports, _trigger) = spawn_session("six");
    server.send("9998|2700,2.7.00,JM20260517,;ch;").await;
    server
        .send("1023|~botsOnly~3,4,BC=t4,PLB=t,N7=f7,RD=f,PL=6,UBL=t7")
        .await;
    server
        .expect("JOINGAME", |m| match m {
            Message::JoinGame(j) if j.game == "~botsOnly~3" => Some(()),
            _ => None,
        })
        .await;
}

/// By default (`play` without `--no-sea`) the bot announces the sea board (`sb`) and
/// scenarios (`sc=2000`), joins a sea game of 4 and of 6 seats (seat 5 exists there) and a
/// game of an island scenario it plays; a game of a scenario it does not play is declined,
/// naming the scenario.
#[tokio::test(start_paused = true)]
async fn with_sea_the_bot_announces_sb_and_joins_sea_and_island_games_but_no_other_scenario() {
    let (session, mut server, mut reports, _trigger) = spawn_session_with("sea", true);
    match server.next_within(Duration::from_secs(1)).await.unwrap() {
        Message::Version(v) => assert_eq!(v.features, ";6pl;sb;sc=2000;"),
        m => panic!("expected VERSION first, got {m}"),
    }
    server.send("9998|2700,2.7.00,JM20260517,;ch;").await;
    for (game, invitation) in [
        (
            "~botsOnly~2",
            "1023|~botsOnly~2,1,BC=t4,RD=f,N7=f7,SBL=t,PL=4",
        ),
        (
            "~botsOnly~3",
            "1023|~botsOnly~3,5,BC=t4,RD=f,PLB=t,N7=f7,SBL=t,PL=6",
        ),
        (
            "sc4isl",
            "1023|sc4isl,0,SC=SC_4ISL,VP=t12,SBL=t,PL=4,_SC_SEAC=t",
        ),
    ] {
        server.send(invitation).await;
        server
            .expect("JOINGAME", |m| match m {
                Message::JoinGame(j) if j.game == game => Some(()),
                _ => None,
            })
            .await;
    }
    server
        .send("1023|scclvi,0,SC=SC_CLVI,VP=t14,SBL=t,PL=4,_SC_CLVI=t")
        .await;
    let r = reports.recv().await.unwrap();
    assert!(r.end.starts_with("declined: "), "{r:?}");
    assert!(r.end.contains("SC=SC_CLVI"), "{r:?}");
    // The games in progress go on: no logout yet.
    assert!(!session.is_finished());
}
