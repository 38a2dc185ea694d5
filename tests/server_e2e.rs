//! Against a real JSettlers2 server: two bot-only games with our client (heuristic agent) in
//! one seat each; both must finish with no forced end-turn and no refused request, and the
//! server log must name no illegal move or forced end of ours. Runs only when `JSETTLERS_JAR`
//! or `JSETTLERS_CLASSPATH` is set; otherwise it prints `SKIPPED: ...` and passes.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use catan_bot::client::{self, shutdown, ClientConfig};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn two_games_against_stock_robots_finish_cleanly() {
    if std::env::var_os("JSETTLERS_JAR").is_none()
        && std::env::var_os("JSETTLERS_CLASSPATH").is_none()
    {
        println!("SKIPPED: set JSETTLERS_JAR or JSETTLERS_CLASSPATH to run against a real server");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("catanbot-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let port = free_port();
    let cookie = "e2ecookie";
    let log = dir.join("server.log");
    let mut server = Command::new(root.join("scripts/jsettlers-server.sh"))
        .env("PORT", port.to_string())
        .env("COOKIE", cookie)
        .env("GAMES", "2")
        .env("PARALLEL", "2")
        .env("FAST_PAUSE", "0")
        .env("WAIT_SEC", "4")
        .env("PERCENT3P", "25")
        .env("LOG", &log)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start scripts/jsettlers-server.sh");

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
    std::thread::sleep(Duration::from_secs(2));
    if server.try_wait().unwrap().is_none() {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(server.id().to_string())
            .status();
        let _ = server.wait();
    }
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
