//! Classic arena games stay the same game by game: a short seeded run of each pairing below
//! replays exactly the games recorded in `tests/fixtures/arena/classic-820b46f.jsonl` by the
//! four-seat-only arena of commit 820b46f (before the arena learnt the 6-player board): the
//! same seats, winners, points, turns, decisions, illegal moves and trades of every agent, and
//! the same result line, byte for byte (latency aside). `CATAN_RECORD_GOLDEN=1` rewrites the file instead.

use std::path::Path;

use catan_bot::arena::{self, report, ArenaConfig};
use serde_json::{json, Value};

/// (agents, games, seed): heuristics with and without trading against random (so that offers,
/// acceptances and bank trades are in the records), and a small search (its seeds).
const RUNS: &[(&str, usize, u64)] = &[
    (
        "heuristic/heuristic:trade=1/random/heuristic:trade=1",
        40,
        7,
    ),
    (
        "mpt-ensemble-uct:iterations=24,trees=2,threads=1/heuristic/random/heuristic",
        8,
        2026,
    ),
];

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/arena/classic-820b46f.jsonl")
}

/// Every game of `RUNS`, one JSON value each: the whole game record but its decision times,
/// and its result line as written, with zero latency figures.
fn games() -> Vec<Value> {
    let mut out = Vec::new();
    for &(agents, games, seed) in RUNS {
        let config = ArenaConfig {
            agents: agents.split('/').map(|s| s.parse().unwrap()).collect(),
            layout: catan_bot::game::BoardKind::Classic,
            games,
            seed,
            threads: 2,
            rules: Default::default(),
        };
        let specs: Vec<String> = config.agents.iter().map(|a| a.to_string()).collect();
        for r in arena::run(&config, |_, _| {}) {
            // The line as written, byte for byte, but for its latency figures.
            let mut line = report::result_record(&r, &specs, seed);
            line.latency_ms = Default::default();
            let line = line.to_line();
            out.push(json!({
                "agents": agents,
                "game": r.game,
                "seat_of": r.seat_of.to_vec(),
                "winner": r.winner,
                "vp": r.vp.to_vec(),
                "turns": r.turns,
                "decisions": r.decisions.to_vec(),
                "decision_count": r.decision_secs.iter().map(Vec::len).collect::<Vec<_>>(),
                "illegal": r.illegal.to_vec(),
                "trades": r.trades.to_vec(),
                "line": line,
            }));
        }
    }
    out
}

#[test]
fn classic_games_are_the_games_of_the_four_seat_arena() {
    let got = games();
    if std::env::var_os("CATAN_RECORD_GOLDEN").is_some() {
        let text: String = got.iter().map(|v| format!("{v}\n")).collect();
        std::fs::create_dir_all(fixture().parent().unwrap()).unwrap();
        std::fs::write(fixture(), text).unwrap();
        return;
    }
    let want: Vec<Value> = std::fs::read_to_string(fixture())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w);
    }
}
