//! Result files as lab runs wrote them still read as they did when their summaries were
//! written: `summarize` reproduces every summary text from its result lines, and a line reads
//! and writes back byte-identical (lines written before the `trades` object existed gain it,
//! with zeros). The files are copies in `tests/fixtures/results/` of those under
//! `docs/results/` (same relative paths; see that folder's README), so docs can change freely.

use std::path::{Path, PathBuf};

use catan_bot::report::record::ResultRecord;
use catan_bot::report::summary::{summarize_paths, text};

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/results")
        .join(path)
}

/// `summarize --label LABEL FILE`'s text for `file`.
fn summary_text(label: &str, file: &str) -> String {
    let (summary, files) = summarize_paths(&[fixture(file)]).unwrap();
    assert_eq!(files.len(), 1);
    text(label, &summary)
}

/// The summary `file`, up to the lines `summarize` does not write (a server-log
/// count added by hand).
fn committed(file: &str) -> String {
    let t = std::fs::read_to_string(fixture(file)).unwrap();
    t.lines()
        .take_while(|l| !l.starts_with("  server log:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn the_soak_and_trading_summaries_are_reproduced() {
    for (summary, lines) in [
        (
            "2026-11-30/soak/summary.txt",
            "2026-11-30/soak/results-49760fa.jsonl",
        ),
        (
            "2026-11-30/soak/summary-b86eb9e.txt",
            "2026-11-30/soak/results-b86eb9e.jsonl",
        ),
        (
            "2026-11-30/mpt-ensemble-uct-1000-trade-67a9238.summary.txt",
            "2026-11-30/mpt-ensemble-uct-1000-trade-67a9238.jsonl",
        ),
        (
            "2026-11-30/mpt-ensemble-uct-1000-trade-b6211e7.summary.txt",
            "2026-11-30/mpt-ensemble-uct-1000-trade-b6211e7.jsonl",
        ),
    ] {
        let want = committed(summary);
        let label = want.lines().next().unwrap();
        assert_eq!(summary_text(label, lines), want, "{lines}");
    }
}

#[test]
fn the_stock_robot_benchmark_summary_is_reproduced() {
    // One block per results file, labelled with the file's stem, in file-name order.
    let want = committed("2026-11-29/summary.txt");
    let mut got = String::new();
    for stem in [
        "heuristic",
        "mp-ensemble-uct-1000",
        "mp-uct-1000",
        "mpt-ensemble-uct-1000",
        "mpt-ensemble-uct-10000",
        "plain-uct-1000",
        "vw-uct-1000",
    ] {
        got.push_str(&summary_text(stem, &format!("2026-11-29/{stem}.jsonl")));
    }
    assert_eq!(got, want);
}

#[test]
fn committed_lines_read_and_write_back_unchanged() {
    const ZERO_TRADES: &str = r#","trades":{"offers_made":0,"offers_accepted":0,"offers_received":0,"offers_we_accepted":0,"bank_trades":0,"accepts_too_late":0}}"#;
    let mut checked = 0;
    for file in [
        "2026-11-30/mpt-ensemble-uct-1000-trade-67a9238.jsonl",
        "2026-11-30/options-trade-1db53ad/pl3.jsonl",
        "2026-11-30/soak/results-49760fa.jsonl",
        "2026-11-30/soak/results-b86eb9e.jsonl",
        "2026-11-29/mpt-ensemble-uct-1000.jsonl",
    ] {
        let t = std::fs::read_to_string(fixture(file)).unwrap();
        for line in t.lines() {
            let written = ResultRecord::from_line(line).unwrap().to_line();
            if line.contains(r#""trades":"#) {
                assert_eq!(written, line, "{file}");
            } else {
                let want = format!("{}{ZERO_TRADES}", &line[..line.len() - 1]);
                assert_eq!(written, want, "{file}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 100 + 10 + 810 + 1000 + 100);
}
