//! Against a real JSettlers2 server: two bot-only games with our client (heuristic agent) in
//! one seat each; both must finish with no forced end-turn and no refused request, and the
//! server log must name no illegal move or forced end of ours. Then a scenario game, which the
//! server never starts by itself: `catan-bot host` creates it and starts it as an observer,
//! and the server seats robots, ours among them. Ignored unless asked for
//! (`-- --ignored`); then it needs `JSETTLERS_JAR` or `JSETTLERS_CLASSPATH` and fails without
//! (`common::server::require_server`). The server listens on a free ephemeral port.

use std::path::Path;
use std::time::Duration;

use catan_bot::client::host::{host, HostConfig};
use catan_bot::client::{self, shutdown, ClientConfig, RunSummary};

mod common;

use common::server::{
    connect_when_listening, free_port, require_server, start_server, Kill, SERIAL,
};

const COOKIE: &str = "e2ecookie";

/// A fresh folder `catanbot-TAG-PID` with the server's log in it, and a server on a free
/// port with `options` (scripts/jsettlers-server.sh's settings).
fn setup(
    tag: &str,
    options: &[(&str, &str)],
) -> (std::path::PathBuf, u16, std::path::PathBuf, Kill) {
    require_server();
    let dir = std::env::temp_dir().join(format!("catanbot-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let port = free_port();
    let log = dir.join("server.log");
    let server = start_server(port, COOKIE, &log, options);
    (dir, port, log, server)
}

/// Our client as `e2ebot` with `agent`, recording into `dir/rec`, for `games` games.
fn bot(port: u16, agent: &str, dir: &Path, games: u32) -> ClientConfig {
    let mut config = ClientConfig::new(
        &format!("127.0.0.1:{port}"),
        COOKIE,
        "e2ebot",
        agent.parse().unwrap(),
    );
    config.games = Some(games);
    config.record = Some(dir.join("rec"));
    config
}

/// The server log's lines that name `bot` with an illegal move or a forced end.
fn log_lines_naming(log: &Path, bot: &str) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|l| (l.contains("ILLEGAL") || l.contains("force end turn")) && l.contains(bot))
        .map(str::to_owned)
        .collect()
}

/// Every recorded game in `rec` replays through the mirror without a difference; returns
/// how many games there were.
fn replay_all(rec: &Path) -> usize {
    let mut games = 0;
    for entry in std::fs::read_dir(rec).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for g in catan_bot::client::replay::replay_text(&text) {
            assert!(g.is_clean(), "{g}");
            games += 1;
        }
    }
    games
}

/// The client's summary is clean: `n` games finished, nothing forced or refused.
fn assert_clean(summary: &RunSummary, n: u32) {
    assert_eq!(summary.finished, n, "{summary:?}");
    assert_eq!(summary.forced_end_turns, 0, "{summary:?}");
    assert_eq!(summary.rejected_requests, 0, "{summary:?}");
}

#[test]
#[ignore = "needs a JSettlers2 server: JSETTLERS_JAR=/path/JSettlers.jar cargo test -- --ignored"]
fn two_games_against_stock_robots_finish_cleanly() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port, log, server) = setup(
        "e2e",
        &[
            ("GAMES", "2"),
            ("PARALLEL", "2"),
            ("FAST_PAUSE", "0"),
            ("WAIT_SEC", "4"),
            ("PERCENT3P", "25"),
        ],
    );
    let mut config = bot(port, "heuristic", &dir, 2);
    config.results = Some(dir.join("results.jsonl"));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let summary = runtime.block_on(async {
        // The server needs a moment to listen; the client retries with backoff.
        let (trigger, stop) = shutdown::channel();
        let guard = trigger.clone();
        let run = tokio::spawn(client::run(config, trigger, stop));
        match tokio::time::timeout(Duration::from_secs(300), run).await {
            Ok(r) => r.unwrap().unwrap(),
            Err(_) => {
                guard.trigger();
                panic!("games did not finish within 300 s");
            }
        }
    });

    // The server exits by itself after its last game; stop it if it has not.
    server.stop_after(Duration::from_secs(2));
    let ours = log_lines_naming(&log, "e2ebot");
    assert_clean(&summary, 2);
    assert!(
        ours.is_empty(),
        "server log names our bot:\n{}",
        ours.join("\n")
    );
    assert_eq!(replay_all(&dir.join("rec")), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "needs a JSettlers2 server: JSETTLERS_JAR=/path/JSettlers.jar cargo test -- --ignored"]
fn a_hosted_scenario_game_seats_our_bot_and_finishes_cleanly() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // No robot-only games (-1), but an observer may start a game with robots in every seat.
    let (dir, port, log, server) = setup(
        "e2e-host",
        &[
            ("GAMES", "-1"),
            ("FAST_PAUSE", "0"),
            ("ROBOTS", "3"),
            ("PERCENT3P", "25"),
        ],
    );
    let config = bot(port, "mpt-ensemble-uct:iterations=100", &dir, 1);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (summary, hosted) = runtime.block_on(async {
        let (trigger, stop) = shutdown::channel();
        let guard = trigger.clone();
        let run = tokio::spawn(client::run(config, trigger, stop));
        // Our bot connects (with retries) before the game is created, so that it is
        // among the robots the server can seat.
        let stream = connect_when_listening(port, Duration::from_secs(60)).await;
        assert!(
            common::server::wait_for_line(&log, "Robot arrived: e2ebot", Duration::from_secs(60)),
            "our bot did not reach the server"
        );
        let host_config = HostConfig {
            nickname: "e2ehost".into(),
            options: "PL=4,SC=SC_FOG,SBL=t".into(),
            games: 1,
            prefix: "e2e".into(),
            start_timeout: Duration::from_secs(60),
            game_timeout: Duration::from_secs(300),
        };
        let hosted = host(stream, &host_config, |_| {}).await.expect("hosting");
        match tokio::time::timeout(Duration::from_secs(60), run).await {
            Ok(r) => (r.unwrap().unwrap(), hosted),
            Err(_) => {
                guard.trigger();
                panic!("our bot did not stop after the hosted game");
            }
        }
    });
    server.stop_after(Duration::from_secs(1));

    assert_eq!(hosted.len(), 1);
    let game = &hosted[0];
    assert_eq!(game.end, "over", "{game:?}");
    assert_eq!(game.seats.len(), 4, "{game:?}");
    assert!(game.seats.iter().any(|n| n == "e2ebot"), "{game:?}");
    assert!(game.winner().is_some(), "{game:?}");
    assert_clean(&summary, 1);
    let ours = log_lines_naming(&log, "e2ebot");
    assert!(
        ours.is_empty(),
        "server log names our bot:\n{}",
        ours.join("\n")
    );
    // The server gave the game the scenario's own options, and the mirror followed it.
    let rec = std::fs::read_dir(dir.join("rec"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains("SC=SC_FOG") && text.contains("_SC_FOG=t"),
        "{}",
        rec.display()
    );
    assert_eq!(replay_all(&dir.join("rec")), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
