//! The client against the hostile fake server's cases of issue 25: each test is one defect,
//! with the figure that was wrong before. Sessions run over the in-memory connection of
//! `common`; the log and exit cases run the `catan-bot` binary.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jsettlers_protocol::Message;
use tokio::sync::mpsc;

use catan_bot::client::session::SessionEnd;
use catan_bot::client::ClientConfig;

mod common;
use common::{mock_connection, server_lines, DuplexServer, GAME};

/// A session of `config` over the in-memory connection, and the server's end of it.
fn start(config: ClientConfig) -> (DuplexServer, common::Session) {
    let (io, server) = mock_connection();
    (server, common::start_session(io, config))
}

/// Before: a discard of 120 from a hand of 120 of each resource (numbers the bounds accept)
/// walked its 9.4 M discards at every search iteration and answered after the 3 s budget
/// (4.8 s on the hostile server). After: it is chosen by rule, well inside the budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discard_from_a_600_card_hand_answers_inside_the_budget() {
    let mut c = ClientConfig::new(
        "mock",
        "c",
        "samplebot1",
        // Small searches elsewhere, so no earlier decision holds the agent.
        "mpt-ensemble-uct:iterations=200,trees=2,trade=1"
            .parse()
            .unwrap(),
    );
    c.decision_ms = 3000;
    let (mut server, s) = start(c);
    let request = format!("1029|{GAME},5");
    for line in server_lines() {
        if line == request {
            break;
        }
        server.send(&line).await;
        while server.next_within(Duration::from_millis(1)).await.is_some() {}
    }
    // Our seat (3) holds 120 of each resource, and owes 120.
    for resource in 1..=5 {
        server
            .send(&format!("1024|{GAME},3,100,{resource},120"))
            .await;
    }
    while server
        .next_within(Duration::from_millis(200))
        .await
        .is_some()
    {}
    let t0 = Instant::now();
    server.send(&format!("1029|{GAME},120")).await;
    let d = server
        .expect("our discard", |m| match m {
            Message::Discard(d) if d.game == GAME => Some(d.resources),
            _ => None,
        })
        .await;
    let took = t0.elapsed();
    assert!(
        took < Duration::from_millis(3000),
        "answered after {took:?}"
    );
    assert_eq!(d.0.iter().sum::<i32>(), 120, "{d:?}");
    assert!(d.0.iter().all(|&n| (0..=120).contains(&n)), "{d:?}");
    s.trigger.trigger();
    assert_eq!(s.handle.await.unwrap(), SessionEnd::Shutdown);
}

/// Before: a monopoly on three hands of 120 (counts the bounds accept, and the search's
/// worlds hold) summed them in a `u8`: a panic in debug builds, 104 cards in release. After:
/// the count saturates at what a hand can hold.
#[test]
fn a_monopoly_on_huge_hands_does_not_overflow() {
    use catan_bot::game::{Action, Phase, Resource, ResourceSet, Seat, State};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    let mut rng = SmallRng::seed_from_u64(3);
    let st = catan_bot::agent::heuristic::game_after_placements(&mut rng);
    let me = st.current_player();
    let mut setup = st.to_setup();
    for s in Seat::first(4) {
        setup.hands[s] = if s == me {
            ResourceSet::new(0, 1, 0, 0, 0)
        } else {
            ResourceSet::new(120, 0, 0, 0, 0)
        };
    }
    setup.phase = Phase::Monopoly;
    let mut st = State::from_setup(&setup).unwrap();
    assert!(st.is_legal(Action::PickMonopoly(Resource::Clay)));
    st.apply(Action::PickMonopoly(Resource::Clay), &mut rng);
    assert_eq!(st.hand(me), ResourceSet::new(255, 1, 0, 0, 0));
    assert!(Seat::first(4)
        .filter(|&s| s != me)
        .all(|s| st.hand(s).total() == 0));
}

fn catan_bot() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_catan-bot"))
}

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts")
        .join(name)
}

/// Before: `replay` on the first 800 lines of a transcript (no game over) printed OK and
/// exited 0. After: exit 2 with the reason on stderr, unless `--partial`.
#[test]
fn replay_refuses_a_game_that_did_not_end_unless_partial() {
    let text = std::fs::read_to_string(fixture("sample3p-game-00.log")).unwrap();
    let cut: String = text.lines().take(800).map(|l| format!("{l}\n")).collect();
    let path = std::env::temp_dir().join(format!("replay-cut-{}.log", std::process::id()));
    std::fs::write(&path, cut).unwrap();
    let out = catan_bot().arg("replay").arg(&path).output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stderr.contains("did not end"), "{stderr}");
    assert!(!stdout.contains(" OK"), "{stdout}");
    let out = catan_bot()
        .args(["replay", "--partial"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.trim_end().ends_with(" OK"), "{stdout}");
    let _ = std::fs::remove_file(&path);
}

/// The committed transcripts replay with exit 0: the finished ones as they are, those cut
/// on purpose (`probe-idle-forced-turns.log`, a probe that stopped before the end; the
/// SC_TTD game cut after its stuck Road Building card) with `--partial` only.
#[test]
fn the_committed_transcripts_replay_clean() {
    const PARTIAL: &[&str] = &[
        "probe-idle-forced-turns.log",
        "catanbot-2.6.10-scttd-road-building-without-a-spot.log",
    ];
    let files = common::fixture_transcripts();
    assert!(files.len() >= 20, "fixtures missing");
    let (finished, partial): (Vec<_>, Vec<_>) = files
        .iter()
        .partition(|f| !PARTIAL.contains(&f.file_name().unwrap().to_str().unwrap()));
    assert_eq!(partial.len(), PARTIAL.len());
    let out = catan_bot().arg("replay").args(&finished).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in partial {
        let plain = catan_bot().arg("replay").arg(f).output().unwrap();
        assert_eq!(plain.status.code(), Some(2), "{}", f.display());
        let out = catan_bot()
            .args(["replay", "--partial"])
            .arg(f)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The numbers after `key=` in the lines of `log` that contain `what`.
fn counts(log: &str, what: &str, key: &str) -> Vec<u64> {
    log.lines()
        .filter(|l| l.contains(what))
        .filter_map(|l| {
            let rest = &l[l.find(key)? + key.len()..];
            rest.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

/// Before: each of 100,000 empty frames (200 KB of zeros) was one WARN line, 12.7 MB of log.
/// After: the first five in full, then counts; every bad frame is counted once. Unknown
/// message types likewise.
#[test]
fn a_flood_of_bad_frames_is_a_few_lines_with_a_count() {
    use std::io::{Read as _, Write as _};
    let (listener, mut child) = common::play_against_listener("floodbot");
    let (mut sock, _) = listener.accept().unwrap();
    let frame = common::frame;
    sock.write_all(&frame("1071|120,35,0.13,1.0,1.0,3.0,1.0,1,1"))
        .unwrap();
    sock.write_all(&vec![0u8; 200_000]).unwrap();
    let unknown: Vec<u8> = (0..20_000)
        .flat_map(|i| frame(&format!("4242|{i}")))
        .collect();
    sock.write_all(&unknown).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    // The stream ends: what is still counted is logged.
    drop(sock);
    std::thread::sleep(Duration::from_millis(1500));
    let _ = child.kill();
    let _ = child.wait();
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(log.len() < 20_000, "{} bytes of log", log.len());
    let full = log
        .lines()
        .filter(|l| l.contains("malformed message skipped"))
        .count();
    assert_eq!(full, 5, "{log}");
    let counted: u64 = counts(&log, "bad frames skipped", "count=").iter().sum();
    assert_eq!(full as u64 + counted, 100_000, "{log}");
    let full = log
        .lines()
        .filter(|l| l.contains("unknown message skipped"))
        .count();
    let counted: u64 = counts(&log, "unknown messages skipped", "count=")
        .iter()
        .sum();
    assert_eq!((full, full as u64 + counted), (5, 20_000), "{log}");
}

/// Before: without --max-games-at-once every invitation was joined (20,000 held 254 MB and,
/// with --record, one open file each). After: past the default of 8, invitations are
/// declined (joined and left at once), and `play --help` says so.
#[tokio::test(start_paused = true)]
async fn invitations_past_the_default_cap_are_declined() {
    let c = ClientConfig::new("mock", "c", "capbot", "random:seed=1".parse().unwrap());
    assert_eq!(
        c.max_games_at_once,
        Some(catan_bot::client::DEFAULT_MAX_GAMES_AT_ONCE)
    );
    assert_eq!(catan_bot::client::DEFAULT_MAX_GAMES_AT_ONCE, 8);
    let (mut server, s) = start(c);
    server.send("1071|120,35,0.13,1.0,1.0,3.0,1.0,1,1").await;
    for g in 0..12 {
        server.send(&format!("1023|game{g},1,-")).await;
    }
    let (mut joined, mut left) = (Vec::new(), Vec::new());
    while let Some(m) = server.next_within(Duration::from_secs(1)).await {
        match m {
            Message::JoinGame(j) => joined.push(j.game),
            Message::LeaveGame(l) => left.push(l.game),
            _ => {}
        }
    }
    let names = |r: std::ops::Range<usize>| r.map(|g| format!("game{g}")).collect::<Vec<_>>();
    assert_eq!(joined, names(0..12));
    assert_eq!(left, names(8..12));
    s.trigger.trigger();
    assert_eq!(s.handle.await.unwrap(), SessionEnd::Shutdown);

    let help = catan_bot().args(["play", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    let flag = &help[help.find("--max-games-at-once").expect("the flag")..];
    let flag = &flag[..flag.find("\n      --").unwrap_or(flag.len())];
    assert!(flag.contains("[default: 8]"), "{flag}");
}

/// A log written into memory.
#[derive(Clone, Default)]
struct Captured(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("log lock").extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Before: a transcript whose end could not be written (a full disk: `/dev/full`) was lost
/// without a word when the game ended. After: one warning per game, whether the writes failed
/// during the game or only at its end.
#[tokio::test]
async fn a_transcript_that_cannot_be_written_is_logged_once_per_game() {
    use catan_bot::client::game_task::{GameContext, GameTask};
    use catan_bot::game::Seat;

    for messages in [3, 5_000] {
        let log = Captured::default();
        let writer = log.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        let _default = tracing::subscriber::set_default(subscriber);
        let (out, _out_rx) = mpsc::channel(16);
        let (reports, _reports_rx) = mpsc::unbounded_channel();
        let config = ClientConfig::new("mock", "c", "recbot", "random:seed=1".parse().unwrap());
        let ctx = GameContext {
            game: "g".to_owned(),
            seat: Seat::new(0),
            nickname: "recbot".to_owned(),
            out,
            reports,
            config: Arc::new(config.clone()),
            server_version: catan_bot::client::versions::ASSUMED,
        };
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let task = GameTask::new(ctx, config.make_agent(), Some(full));
        let (tx, rx) = mpsc::channel(messages + 1);
        for i in 0..messages {
            let text = format!("1091|g\u{1}server text {i}");
            tx.send(Message::parse(&text).unwrap()).await.unwrap();
        }
        drop(tx);
        task.run(rx).await;
        let log = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
        let failures = log.lines().filter(|l| l.contains("transcript")).count();
        assert_eq!(failures, 1, "{messages} messages: {log}");
    }
}
