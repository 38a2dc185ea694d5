//! The benchmark scripts refuse a port that already has a listener (a server left over from an
//! earlier run would otherwise play the bot's games), and a campaign lane whose shard played
//! nothing stops instead of running through every later shard. No Java needed: both checks come
//! before any server starts.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn script(name: &str, env: &[(&str, String)], args: &[&str]) -> Output {
    let mut c = Command::new("bash");
    c.arg(root().join("scripts").join(name)).args(args);
    for v in [
        "JSETTLERS_CLASSPATH",
        "AGENT",
        "LEVEL",
        "MIX",
        "SHARD",
        "SHARDS",
        "STOP_AT",
    ] {
        c.env_remove(v);
    }
    // Any existing file passes the jar check; no server is started.
    c.env("JSETTLERS_JAR", root().join("Cargo.toml"));
    c.env("BOT", "/bin/true");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("bash runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn bench_refuses_a_port_that_already_listens() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let results = std::env::temp_dir().join(format!("catan-bench-port-{}", std::process::id()));
    let o = script(
        "bench.sh",
        &[
            ("PORT", port.to_string()),
            ("GAMES", "1".into()),
            ("RESULTS", results.display().to_string()),
        ],
        &[],
    );
    let out = text(&o);
    assert_ne!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(&format!(
            "port {port} (PORT={port}, shard 1) already has a listener"
        )),
        "{out}"
    );
    // Nothing was played or written.
    assert!(!results.exists(), "{out}");
    drop(taken);
}

#[test]
fn a_campaign_lane_stops_at_a_shard_that_played_nothing() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let run = std::env::temp_dir().join(format!("catan-campaign-port-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&run);
    let o = script(
        "campaign.sh",
        &[
            ("PORT", port.to_string()),
            ("SHARDS", "5".into()),
            ("BOT_COMMIT", "test".into()),
        ],
        &[run.to_str().unwrap()],
    );
    let out = text(&o);
    assert_ne!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("lane 1 stops: shard 1 played no game"),
        "{out}"
    );
    // The lane did not go on to shard 2, and kept what bench.sh said.
    assert!(!out.contains("shard 2"), "{out}");
    let said = std::fs::read_to_string(run.join("lane-1-stopped.out")).unwrap_or_default();
    assert!(said.contains("already has a listener"), "{said}");
    // No shard lock left behind for a later lane to wait on.
    let locks = std::fs::read_dir(run.join(".lanes"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(locks, 0, "{out}");
    let _ = std::fs::remove_dir_all(&run);
    drop(taken);
}
