//! The built `catan-bot` binary: each subcommand reaches its own code (`main.rs` dispatches to
//! `cli::*`) and keeps its output and exit status. No server; `play` is covered by the mock
//! server tests. Result files are the copies in `tests/fixtures/results/` (of `docs/results/`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_catan-bot");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(root())
        .output()
        .expect("run catan-bot")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("catan-bot-cli-{}-{name}", std::process::id()))
}

#[test]
fn decode_checks_transcripts_and_fails_on_a_missing_file() {
    let o = run(&["decode", "tests/fixtures/transcripts/sample3p-game-00.log"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.starts_with("  type  message"), "{out}");
    assert!(out.trim_end().ends_with(" types, 0 problem lines"), "{out}");
    let o = run(&["decode", "no/such/file.log"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn replay_agrees_with_the_server_on_a_fixture() {
    let o = run(&["replay", "tests/fixtures/transcripts/sample3p-game-00.log"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        stdout(&o),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("OK"), "{}", stdout(&o));
    // Not a transcript: an error, exit 2.
    assert_eq!(run(&["replay", "README.md"]).status.code(), Some(2));
}

#[test]
fn summarize_prints_the_committed_summary() {
    let label = "soak mpt-ensemble-uct:iterations=1000 (49760fa)";
    let o = run(&[
        "summarize",
        "--label",
        label,
        "tests/fixtures/results/2026-11-30/soak/results-49760fa.jsonl",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let want =
        std::fs::read_to_string(root().join("tests/fixtures/results/2026-11-30/soak/summary.txt"))
            .unwrap();
    assert_eq!(stdout(&o), want);
    assert_eq!(run(&["summarize", "no/such/dir"]).status.code(), Some(2));
}

#[test]
fn summarize_pairs_two_arms_of_one_arena_run_game_by_game() {
    let dir = "tests/fixtures/results/2026-11-30/setup-arena-2015106";
    let o = run(&[
        "summarize",
        &format!("{dir}/setup10.jsonl"),
        "--label",
        "setup=10",
        "--paired",
        &format!("{dir}/setup1.jsonl"),
        "--paired-label",
        "setup=1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // Both arms' summaries, then the pairs (the counts the README reports).
    assert!(out.starts_with("setup=10\n"), "{out}");
    assert!(out.contains("\nsetup=1\n"), "{out}");
    assert!(
        out.contains("400 games in both (0 without a partner)"),
        "{out}"
    );
    assert!(
        out.contains("won by both 184, only by setup=10 74, only by setup=1 61, by neither 81"),
        "{out}"
    );
    assert!(
        out.contains("difference +3.2 points; McNemar exact two-sided p = 0.302"),
        "{out}"
    );
    let missing = run(&[
        "summarize",
        &format!("{dir}/setup10.jsonl"),
        "--paired",
        "no/such/dir",
    ]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn summarize_compares_two_independent_arms() {
    // The paper's two budgets on the real server, 100 games each (the README's 43.0% and
    // 57.0%): other games in each arm, so the difference and Fisher's test, not McNemar's.
    let o = run(&[
        "summarize",
        "tests/fixtures/results/2026-11-29/mpt-ensemble-uct-1000.jsonl",
        "--label",
        "1000",
        "--versus",
        "tests/fixtures/results/2026-11-29/mpt-ensemble-uct-10000.jsonl",
        "--paired-label",
        "10000",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("1000\n") && out.contains("\n10000\n"),
        "{out}"
    );
    assert!(
        out.contains("1000 against 10000 (independent games): 43 of 100 against 57 of 100"),
        "{out}"
    );
    // Fisher's two-sided p for 43/100 against 57/100 is 0.0657 (exact sum of the tables).
    assert!(
        out.contains(
            "difference -14.0 points [95% CI -27.1, -0.2]; Fisher exact two-sided p = 0.066"
        ),
        "{out}"
    );
    assert!(!out.contains("McNemar"), "{out}");
    // --paired and --versus together: a usage error.
    let both = run(&[
        "summarize",
        "tests/fixtures/results/2026-11-29/mpt-ensemble-uct-1000.jsonl",
        "--paired",
        "tests/fixtures/results/2026-11-29/mpt-ensemble-uct-10000.jsonl",
        "--versus",
        "tests/fixtures/results/2026-11-29/mpt-ensemble-uct-10000.jsonl",
    ]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn chart_writes_one_bar_per_run() {
    let out = temp("chart.svg");
    let o = run(&[
        "chart",
        "--out",
        out.to_str().unwrap(),
        "1000=tests/fixtures/results/2026-11-29/mpt-ensemble-uct-1000.jsonl",
        "10000|iterations=tests/fixtures/results/2026-11-29/mpt-ensemble-uct-10000.jsonl",
        "both=tests/fixtures/results/2026-11-29/mpt-ensemble-uct-1000.jsonl,tests/fixtures/results/2026-11-29/mpt-ensemble-uct-10000.jsonl",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert_eq!(svg.matches("fill=\"#4a7bb7\"").count(), 3);
    // The README's figures: 43.0% and 57.0%; the two runs together 100 of 200.
    assert!(svg.contains(">43.0%<") && svg.contains(">57.0%<"), "{svg}");
    assert!(svg.contains(">50.0%<") && svg.contains(">n=200<"), "{svg}");
    assert_eq!(
        run(&["chart", "--out", "x.svg", "nolabel"]).status.code(),
        Some(2)
    );
}

#[test]
fn arena_writes_result_records_and_a_json_summary() {
    let results = temp("arena.jsonl");
    let o = run(&[
        "arena",
        "--agents",
        "heuristic/random/random/random",
        "--games",
        "4",
        "--seed",
        "5",
        "--json",
        "--results",
        results.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(json["seed"], 5);
    assert_eq!(json["agents"][0]["spec"], "heuristic");
    let lines = std::fs::read_to_string(&results).unwrap();
    let _ = std::fs::remove_file(&results);
    assert_eq!(lines.lines().count(), 4);
    assert!(lines.starts_with(r#"{"game":"arena~5~0","seat":0,"players":[{"name":"heuristic","#));
    assert_eq!(run(&["arena", "--agents", "a/b"]).status.code(), Some(2));
}

#[test]
fn arena_plays_the_six_player_board_and_summarize_reads_it() {
    let results = temp("arena-six.jsonl");
    let o = run(&[
        "arena",
        "--board",
        "six",
        "--players",
        "5",
        "--agents",
        "heuristic/random/heuristic",
        "--games",
        "3",
        "--seed",
        "9",
        "--json",
        "--results",
        results.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("; 6-player board, 5 players (seat 5 vacant), seat share 20.0%; agents: "),
        "{err}"
    );
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (&json["board"], &json["players"]),
        (&"6-player".into(), &5.into())
    );
    // The last spec takes the remaining seats.
    let specs: Vec<&str> = (0..5)
        .map(|i| json["agents"][i]["spec"].as_str().unwrap())
        .collect();
    assert_eq!(
        specs,
        ["heuristic", "random", "heuristic", "heuristic", "heuristic"]
    );
    let lines = std::fs::read_to_string(&results).unwrap();
    assert_eq!(lines.lines().count(), 3);
    assert!(lines.starts_with(
        r#"{"game":"arena~9~0","seat":0,"board":"6-player","vacant":[5],"players":[{"name":"heuristic","#
    ));
    let o = run(&["summarize", "--label", "five", results.to_str().unwrap()]);
    let _ = std::fs::remove_file(&results);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("vs seat share 20%\n"), "{}", stdout(&o));
    // Player counts the board does not take, too many specs, an unknown board.
    for bad in [
        &["--board", "six", "--players", "4"][..],
        &["--players", "5"],
        &[
            "--players",
            "3",
            "--agents",
            "heuristic/heuristic/heuristic/heuristic",
        ],
        &["--board", "lake"],
        &["--board", "sea", "--players", "5"],
    ] {
        let mut args = vec!["arena", "--games", "1", "--seed", "1"];
        args.extend_from_slice(bad);
        assert_eq!(run(&args).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn perf_prints_its_checksum_and_refuses_a_bad_spec() {
    let o = run(&["perf", "--games", "3", "--playouts", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("\nchecksum: "), "{}", stdout(&o));
    let o = run(&[
        "perf",
        "--games",
        "1",
        "--playouts",
        "1",
        "--search",
        "bogus",
    ]);
    assert_eq!(o.status.code(), Some(2));
}
