//! Arena games as result lines: the `play --results` line format
//! ([`GameReport`](crate::client::report::GameReport)), written from agent 0's side, so that
//! `catan-bot summarize` (`bench`) reads arena and real-server runs alike. Uses `arena` and
//! `client::report` (plain data, no networking).

use crate::arena::GameRecord;
use crate::client::report::GameReport;

/// The game name of arena game `game` of the run with master seed `seed`: the two numbers
/// that fix the game (board, dice, agent seeds), whatever shard played it.
pub fn arena_game_name(seed: u64, game: usize) -> String {
    format!("arena~{seed}~{game}")
}

/// One arena game seen from agent 0's seat, as a `play` result line would show it: players are
/// named by their agent specs (`specs[i]` is agent `i`), agent 0's decisions and latencies are
/// reported, and its illegal decisions count as fallbacks. A game that hit the action limit has
/// points but no winner.
pub fn arena_report(record: &GameRecord, specs: &[String], seed: u64) -> GameReport {
    let seat_of = record.seat_of;
    let mut names: [Option<String>; 4] = Default::default();
    let mut points = vec![0; 4];
    for (agent, &seat) in seat_of.iter().enumerate() {
        names[seat] = specs.get(agent).cloned();
        points[seat] = i32::from(record.vp[agent]);
    }
    GameReport {
        game: arena_game_name(seed, record.game),
        seat: Some(seat_of[0]),
        names,
        points: Some(points),
        winner: record.winner.map(|a| seat_of[a]),
        turns: record.turns,
        decisions: record.decisions[0],
        latencies_ms: record.decision_secs[0].iter().map(|s| s * 1000.0).collect(),
        fallbacks: record.illegal[0],
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
    use crate::arena::{self, ArenaConfig};
    use crate::report::summary::summarize;

    #[test]
    fn the_summary_of_arena_lines_agrees_with_the_arena_report() {
        let specs: Vec<String> = ["heuristic", "random", "heuristic", "random"]
            .map(String::from)
            .to_vec();
        let config = ArenaConfig {
            agents: specs.iter().map(|s| s.parse().unwrap()).collect(),
            games: 8,
            seed: 11,
            threads: 2,
            rules: Default::default(),
        };
        let records = arena::run(&config, |_, _| {});
        let lines: String = records
            .iter()
            .map(|r| arena_report(r, &specs, config.seed).to_json() + "\n")
            .collect();
        let s = summarize(&lines);
        let (agents, turns, _) = arena::report::summarize(&specs, &records);
        assert_eq!(s.games, 8);
        assert_eq!(s.skipped, 0);
        assert_eq!(s.wins, agents[0].wins);
        assert!((s.avg_points - agents[0].avg_vp).abs() < 1e-9);
        assert!((s.avg_turns - turns).abs() < 1e-9);
        let opponent_wins: usize = s.opponents.iter().map(|o| o.2).sum();
        let other_wins: usize = agents[1..].iter().map(|a| a.wins).sum();
        assert_eq!(opponent_wins, other_wins);
        assert!(lines.contains("\"game\":\"arena~11~7\""), "{lines}");
    }
}
