//! What arena games came to: per agent win rate with its 95% Wilson interval, average points,
//! game length and decision latency, as text or JSON; and each game as a result record from
//! agent 0's seat (`arena --results`), so that `summarize` reads arena and real-server runs
//! alike. Pure formatting over `GameRecord`s; uses `report`.

use std::fmt::Write;

use super::GameRecord;
use crate::game::BoardKind;
use crate::report::record::{Health, Latency, PlayerResult, Players, ResultRecord, TradeCounts};
use crate::report::stats::{percentile, wilson_interval, Z95};

/// One agent's results over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSummary {
    /// The agent's spec, as given.
    pub spec: String,
    /// Games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Win rate and its 95% Wilson interval.
    pub rate: f64,
    /// Interval bounds.
    pub low: f64,
    /// Interval bounds.
    pub high: f64,
    /// Average final victory points.
    pub avg_vp: f64,
    /// Decision latency percentiles in milliseconds (p50, p95, max).
    pub latency_ms: (f64, f64, f64),
    /// Illegal decisions replaced by the heuristic.
    pub illegal: u32,
    /// Trades over all games, summed.
    pub trades: TradeCounts,
}

/// The mean of `values` over `n` games; 0 without games (not the -0.0 an empty f64 sum is,
/// which printed as "-0.00").
fn mean(values: impl Iterator<Item = f64>, n: usize) -> f64 {
    if n == 0 {
        return 0.0;
    }
    values.sum::<f64>() / n as f64
}

/// Summaries per agent, plus the average game length in turns and the number of games that
/// ended without a winner.
pub fn summarize(specs: &[String], records: &[GameRecord]) -> (Vec<AgentSummary>, f64, usize) {
    let n = records.len();
    let mut out = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let wins = records.iter().filter(|r| r.winner == Some(i)).count();
        let (low, high) = wilson_interval(wins as u64, n as u64, Z95);
        let avg_vp = mean(records.iter().map(|r| f64::from(r.vp[i])), n);
        let lat: Vec<f64> = records
            .iter()
            .flat_map(|r| r.decision_secs[i].iter().map(|s| s * 1000.0))
            .collect();
        out.push(AgentSummary {
            spec: spec.clone(),
            games: n,
            wins,
            rate: wins as f64 / n.max(1) as f64,
            low,
            high,
            avg_vp,
            latency_ms: (
                percentile(&lat, 0.5).unwrap_or(0.0),
                percentile(&lat, 0.95).unwrap_or(0.0),
                percentile(&lat, 1.0).unwrap_or(0.0),
            ),
            illegal: records.iter().map(|r| r.illegal[i]).sum(),
            trades: records.iter().fold(TradeCounts::default(), |mut t, r| {
                t += r.trades[i];
                t
            }),
        });
    }
    let turns = mean(records.iter().map(|r| f64::from(r.turns)), n);
    let draws = records.iter().filter(|r| r.winner.is_none()).count();
    (out, turns, draws)
}

/// The board and players of a run, when it is not the classic four-player game: `6-player
/// board, 5 players (seat 5 vacant), seat share 20.0%`.
pub fn table_line(layout: BoardKind, players: usize) -> Option<String> {
    if layout == BoardKind::Classic && players == layout.seats() {
        return None;
    }
    let vacant: Vec<String> = (players..layout.seats()).map(|s| s.to_string()).collect();
    let vacant = match vacant.len() {
        0 => String::new(),
        1 => format!(" (seat {} vacant)", vacant[0]),
        _ => format!(" (seats {} vacant)", vacant.join(", ")),
    };
    Some(format!(
        "{layout} board, {players} players{vacant}, seat share {:.1}%",
        100.0 / players.max(1) as f64
    ))
}

/// A plain-text table: the games of `specs` (one per player) on `layout`.
pub fn text(layout: BoardKind, specs: &[String], records: &[GameRecord]) -> String {
    let (sums, turns, draws) = summarize(specs, records);
    let mut s = String::new();
    if let Some(line) = table_line(layout, specs.len()) {
        let _ = writeln!(s, "{line}");
    }
    let _ = writeln!(
        s,
        "{:<48} {:>5} {:>5} {:>7} {:>17} {:>6} {:>9} {:>9}",
        "agent", "games", "wins", "rate", "95% interval", "avg VP", "p50 ms", "p95 ms"
    );
    for a in &sums {
        let _ = writeln!(
            s,
            "{:<48} {:>5} {:>5} {:>6.1}% [{:>5.1}%, {:>5.1}%] {:>6.2} {:>9.2} {:>9.2}",
            a.spec,
            a.games,
            a.wins,
            100.0 * a.rate,
            100.0 * a.low,
            100.0 * a.high,
            a.avg_vp,
            a.latency_ms.0,
            a.latency_ms.1
        );
    }
    let _ = writeln!(
        s,
        "average game length: {turns:.1} turns; games without a winner: {draws}"
    );
    if sums.iter().any(|a| a.trades != TradeCounts::default()) {
        let _ = writeln!(
            s,
            "trades per agent: offers made (accepted by others) / offers received (accepted) / bank and port trades"
        );
        for a in &sums {
            let t = a.trades;
            let _ = writeln!(
                s,
                "  {:<46} {} ({}) / {} ({}) / {}",
                a.spec,
                t.offers_made,
                t.offers_accepted,
                t.offers_received,
                t.offers_we_accepted,
                t.bank_trades
            );
        }
    }
    let illegal: u32 = sums.iter().map(|a| a.illegal).sum();
    if illegal > 0 {
        let _ = writeln!(s, "illegal decisions replaced: {illegal}");
    }
    s
}

/// The same summary as one JSON object, with the board's name and the number of players.
pub fn json(layout: BoardKind, specs: &[String], records: &[GameRecord], seed: u64) -> String {
    let (sums, turns, draws) = summarize(specs, records);
    let agents: Vec<String> = sums
        .iter()
        .map(|a| {
            format!(
                "{{\"spec\":{},\"games\":{},\"wins\":{},\"win_rate\":{:.4},\"ci95\":[{:.4},{:.4}],\"avg_vp\":{:.3},\"latency_ms\":{{\"p50\":{:.3},\"p95\":{:.3},\"max\":{:.3}}},\"illegal\":{},\"trades\":{}}}",
                serde_json::to_string(&a.spec).expect("a string serializes"),
                a.games,
                a.wins,
                a.rate,
                a.low,
                a.high,
                a.avg_vp,
                a.latency_ms.0,
                a.latency_ms.1,
                a.latency_ms.2,
                a.illegal,
                serde_json::to_string(&a.trades).expect("counts serialize")
            )
        })
        .collect();
    format!(
        "{{\"seed\":{seed},\"board\":{},\"players\":{},\"games\":{},\"avg_turns\":{turns:.2},\"no_winner\":{draws},\"agents\":[{}]}}",
        serde_json::to_string(layout.name()).expect("a string serializes"),
        specs.len(),
        records.len(),
        agents.join(",")
    )
}

/// The game name of arena game `game` of the run with master seed `seed`: the two numbers
/// that fix the game (board, dice, agent seeds), whatever shard played it.
pub fn game_name(seed: u64, game: usize) -> String {
    format!("arena~{seed}~{game}")
}

/// One arena game seen from agent 0's seat, as a `play` result record would show it: players
/// are named by their agent specs (`specs[i]` is agent `i`), agent 0's decisions and latencies
/// are reported, and its illegal decisions count as fallbacks. A game that hit the action
/// limit has points but no winner. The record has one entry per seat of the board; a seat
/// nobody sat in is listed as vacant, with neither name nor points.
pub fn result_record(record: &GameRecord, specs: &[String], seed: u64) -> ResultRecord {
    let seat_of = &record.seat_of;
    let mut players = Players::new(
        record.layout.name(),
        vec![PlayerResult::default(); record.layout.seats()],
    );
    players.vacant = record.vacant();
    for (agent, &seat) in seat_of.iter().enumerate() {
        players[seat] = PlayerResult {
            name: specs.get(agent).cloned(),
            points: Some(i32::from(record.vp[agent])),
        };
    }
    let latencies_ms: Vec<f64> = record.decision_secs[0].iter().map(|s| s * 1000.0).collect();
    ResultRecord {
        game: game_name(seed, record.game),
        seat: Some(seat_of[0]),
        players,
        winner: record.winner.map(|a| seat_of[a]),
        won: record.winner == Some(0),
        turns: record.turns,
        decisions: record.decisions[0],
        latency_ms: Latency::of(&latencies_ms),
        health: Health {
            fallbacks: record.illegal[0],
            ..Health::default()
        },
        trades: record.trades[0],
        end: if record.winner.is_some() {
            "over"
        } else {
            "action-limit"
        }
        .to_string(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(winner: Option<usize>, vp: [u8; 4]) -> GameRecord {
        GameRecord {
            game: 0,
            layout: crate::game::BoardKind::Classic,
            seat_of: vec![0, 1, 2, 3],
            winner,
            vp: vp.to_vec(),
            turns: 50,
            decisions: vec![1; 4],
            decision_secs: vec![vec![0.001], vec![0.002], vec![0.003], vec![0.004]],
            illegal: vec![0; 4],
            trades: vec![TradeCounts::default(); 4],
        }
    }

    #[test]
    fn summary_counts_wins_and_points() {
        let specs: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let recs = vec![
            rec(Some(0), [10, 5, 4, 3]),
            rec(Some(0), [11, 2, 4, 3]),
            rec(Some(2), [6, 5, 10, 3]),
            rec(None, [6, 5, 4, 3]),
        ];
        let (s, turns, draws) = summarize(&specs, &recs);
        assert_eq!(s[0].wins, 2);
        assert_eq!(s[2].wins, 1);
        assert_eq!(s[1].wins, 0);
        assert!((s[0].rate - 0.5).abs() < 1e-12);
        assert!((s[0].avg_vp - 8.25).abs() < 1e-12);
        assert_eq!(turns, 50.0);
        assert_eq!(draws, 1);
        let j = json(BoardKind::Classic, &specs, &recs, 1);
        assert!(j.contains("\"wins\":2"), "{j}");
    }

    /// Before: `arena --games 0` printed "-0.00" average points (an empty f64 sum is -0.0).
    #[test]
    fn no_games_print_no_negative_zero() {
        let specs: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let t = text(BoardKind::Classic, &specs, &[]);
        assert!(!t.contains("-0"), "{t}");
        assert!(t.contains(" 0.00 "), "{t}");
        assert!(t.contains("average game length: 0.0 turns"), "{t}");
        let j = json(BoardKind::Classic, &specs, &[], 1);
        assert!(!j.contains("-0"), "{j}");
        assert!(j.contains("\"avg_vp\":0.000"), "{j}");
    }

    #[test]
    fn the_summary_of_arena_lines_agrees_with_the_arena_report() {
        use crate::arena::{self, ArenaConfig};
        use crate::report::summary;

        let specs: Vec<String> = ["heuristic", "random", "heuristic", "random"]
            .map(String::from)
            .to_vec();
        let config = ArenaConfig {
            agents: specs.iter().map(|s| s.parse().unwrap()).collect(),
            layout: crate::game::BoardKind::Classic,
            games: 8,
            seed: 11,
            threads: 2,
            rules: Default::default(),
        };
        let records = arena::run(&config, |_, _| {});
        let lines: String = records
            .iter()
            .map(|r| result_record(r, &specs, config.seed).to_line() + "\n")
            .collect();
        let s = summary::summarize(&lines);
        let (agents, turns, _) = summarize(&specs, &records);
        assert_eq!(s.games, 8);
        assert_eq!(s.skipped, 0);
        assert_eq!(s.wins, agents[0].wins);
        assert!((s.avg_points - agents[0].avg_vp).abs() < 1e-9);
        assert!((s.avg_turns - turns).abs() < 1e-9);
        let opponent_wins: usize = s.opponents.iter().map(|o| o.2).sum();
        let other_wins: usize = agents[1..].iter().map(|a| a.wins).sum();
        assert_eq!(opponent_wins, other_wins);
        assert!(lines.contains("\"game\":\"arena~11~7\""), "{lines}");
        let first = ResultRecord::from_line(lines.lines().next().unwrap()).unwrap();
        assert_eq!(first.won, records[0].winner == Some(0));
        assert_eq!(first.seat, Some(records[0].seat_of[0]));
    }
}
