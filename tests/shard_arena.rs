//! Sharded arena runs: N shards of a run, driven through GNU parallel when it is installed
//! (through plain background processes otherwise), merge to exactly the unsharded run: the
//! same games (boards, dice, winners, points) and the same summary but for latency.
//! Runs the built `catan-bot` binary; no server.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use catan_bot::report::summary::{summarize_paths, Summary};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_catan-bot");
/// Small and fast, yet with a tree search in it, so that the agents' seeds are exercised too.
const AGENTS: &str = "mpt-ensemble-uct:iterations=24,trees=2,threads=1/heuristic/random/heuristic";
const GAMES: usize = 20;
const SHARDS: usize = 3;
const SEED: &str = "2026";

fn arena_args(results: &Path) -> Vec<String> {
    let mut args: Vec<String> = [
        "arena",
        "--agents",
        AGENTS,
        "--seed",
        SEED,
        "--threads",
        "1",
    ]
    .map(String::from)
    .to_vec();
    args.push("--games".into());
    args.push(GAMES.to_string());
    args.push("--results".into());
    args.push(results.display().to_string());
    args
}

fn check(out: Output, what: &str) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Whether `parallel` on PATH is GNU parallel (moreutils has a different one).
fn gnu_parallel() -> bool {
    Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| {
            o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU parallel")
        })
}

/// Runs the shards into `dir/shard-K.jsonl`; returns how they were driven.
fn run_shards(dir: &Path) -> &'static str {
    let template = dir.join("shard-{}.jsonl");
    if gnu_parallel() {
        let mut cmd = Command::new("parallel");
        cmd.args([
            "--will-cite",
            "--halt",
            "now,fail=1",
            "-q",
            "-j",
            &SHARDS.to_string(),
        ]);
        cmd.arg(BIN).args(arena_args(&template));
        cmd.args(["--shard", &format!("{{}}/{SHARDS}"), ":::"]);
        cmd.args((1..=SHARDS).map(|k| k.to_string()));
        check(cmd.output().expect("run GNU parallel"), "GNU parallel");
        "GNU parallel"
    } else {
        let children: Vec<_> = (1..=SHARDS)
            .map(|k| {
                let file = dir.join(format!("shard-{k}.jsonl"));
                Command::new(BIN)
                    .args(arena_args(&file))
                    .args(["--shard", &format!("{k}/{SHARDS}")])
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("start a shard")
            })
            .collect();
        for (k, child) in children.into_iter().enumerate() {
            let out = child.wait_with_output().expect("wait for a shard");
            check(out, &format!("shard {}/{SHARDS}", k + 1));
        }
        "plain background processes (GNU parallel is not installed)"
    }
}

/// Each game's line without its latency figures, by game name.
fn games_of(files: &[PathBuf]) -> BTreeMap<String, Value> {
    let mut games = BTreeMap::new();
    for f in files {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            let mut v: Value = serde_json::from_str(line).expect("a JSON result line");
            v.as_object_mut().unwrap().remove("latency_ms");
            let name = v["game"].as_str().expect("a game name").to_string();
            assert!(games.insert(name.clone(), v).is_none(), "{name} twice");
        }
    }
    games
}

fn without_latency(mut s: Summary) -> Summary {
    s.latency_p50_ms = 0.0;
    s.latency_p95_max_ms = 0.0;
    s.latency_max_ms = 0.0;
    s
}

fn text_without_latency(summary: &str) -> String {
    summary
        .lines()
        .filter(|l| !l.contains("decision latency"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn shards_merge_to_the_unsharded_run() {
    let root = std::env::temp_dir().join(format!("catan-shard-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let shard_dir = root.join("shards");
    std::fs::create_dir_all(&shard_dir).unwrap();

    let whole_file = root.join("whole.jsonl");
    let whole_out = Command::new(BIN)
        .args(arena_args(&whole_file))
        .arg("--json")
        .output()
        .expect("run the unsharded arena");
    let whole_json: Value = serde_json::from_str(check(whole_out, "unsharded arena").trim())
        .expect("arena --json prints one JSON object");

    let driver = run_shards(&shard_dir);
    println!("{SHARDS} shards of {GAMES} games driven through {driver}");

    // The same games, each played once: boards, dice, seats, winners, points, turns, decisions.
    let shard_files: Vec<PathBuf> = (1..=SHARDS)
        .map(|k| shard_dir.join(format!("shard-{k}.jsonl")))
        .collect();
    for f in &shard_files {
        let n = std::fs::read_to_string(f).unwrap().lines().count();
        assert!(n > 0 && n < GAMES, "{}: {n} games", f.display());
    }
    let whole = games_of(std::slice::from_ref(&whole_file));
    assert_eq!(whole.len(), GAMES);
    assert_eq!(
        games_of(&shard_files),
        whole,
        "the shards played other games"
    );

    // The folder of shards summarizes like the unsharded file, latency aside...
    let (merged, files) = summarize_paths(std::slice::from_ref(&shard_dir)).unwrap();
    assert_eq!(files.len(), SHARDS);
    let (single, _) = summarize_paths(std::slice::from_ref(&whole_file)).unwrap();
    assert_eq!(merged.games, GAMES);
    assert_eq!(without_latency(merged.clone()), without_latency(single));
    // ... and like the arena's own report for agent 0.
    let agent0 = &whole_json["agents"][0];
    assert_eq!(merged.wins as u64, agent0["wins"].as_u64().unwrap());
    assert!((merged.avg_points - agent0["avg_vp"].as_f64().unwrap()).abs() < 1e-3);

    // The command line says the same.
    let summarize = |path: &Path| {
        let out = Command::new(BIN)
            .args(["summarize", "--label", "run"])
            .arg(path)
            .output()
            .expect("run summarize");
        text_without_latency(&check(out, "summarize"))
    };
    let merged_text = summarize(&shard_dir);
    assert_eq!(merged_text, summarize(&whole_file));
    assert!(
        merged_text.contains(&format!("games {GAMES} ")),
        "{merged_text}"
    );
    println!("{merged_text}");
    let _ = std::fs::remove_dir_all(&root);
}
