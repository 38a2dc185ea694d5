//! Against a real JSettlers2 server: two bot-only games with our client (heuristic agent) in
//! one seat each; both must finish with no forced end-turn and no refused request, and the
//! server log must name no illegal move or forced end of ours. Ignored unless asked for
//! (`-- --ignored`); then it needs `JSETTLERS_JAR` or `JSETTLERS_CLASSPATH` and fails without
//! (`common::server::require_server`). The server listens on a free ephemeral port.

use std::time::Duration;

use catan_bot::client::{self, shutdown, ClientConfig};

mod common;

use common::server::{free_port, require_server, start_server, SERIAL};

#[test]
#[ignore = "needs a JSettlers2 server: JSETTLERS_JAR=/path/JSettlers.jar cargo test -- --ignored"]
fn two_games_against_stock_robots_finish_cleanly() {
    require_server();
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("catanbot-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let port = free_port();
    let cookie = "e2ecookie";
    let log = dir.join("server.log");
    let server = start_server(
        port,
        cookie,
        &log,
        &[
            ("GAMES", "2"),
            ("PARALLEL", "2"),
            ("FAST_PAUSE", "0"),
            ("WAIT_SEC", "4"),
            ("PERCENT3P", "25"),
        ],
    );

    let mut config = ClientConfig::new(
        &format!("127.0.0.1:{port}"),
        cookie,
        "e2ebot",
        "heuristic".parse().unwrap(),
    );
    config.games = Some(2);
    config.results = Some(dir.join("results.jsonl"));
    config.record = Some(dir.join("rec"));
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
    let server_log = std::fs::read_to_string(&log).unwrap_or_default();
    let ours: Vec<&str> = server_log
        .lines()
        .filter(|l| (l.contains("ILLEGAL") || l.contains("force end turn")) && l.contains("e2ebot"))
        .collect();

    assert_eq!(summary.finished, 2, "{summary:?}");
    assert_eq!(summary.forced_end_turns, 0, "{summary:?}");
    assert_eq!(summary.rejected_requests, 0, "{summary:?}");
    assert!(
        ours.is_empty(),
        "server log names our bot:\n{}",
        ours.join("\n")
    );
    // Every recorded game replays through the mirror without a difference.
    for entry in std::fs::read_dir(dir.join("rec")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for g in catan_bot::client::replay::replay_text(&text) {
            assert!(g.is_clean(), "{g}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
