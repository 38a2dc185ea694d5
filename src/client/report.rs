//! Per-game results for `--results FILE.jsonl`: one JSON object per finished game. The JSON is
//! written by hand (flat objects of strings, numbers and arrays), so no serde is needed.
//! Imports `report::stats` only.

use std::fmt::Write as _;

use crate::report::stats::percentile;

/// What one game came to, from our seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReport {
    /// Game name.
    pub game: String,
    /// Our seat.
    pub seat: Option<usize>,
    /// Nickname per seat.
    pub names: [Option<String>; 4],
    /// Final VP per seat (GAMESTATS), if the game finished.
    pub points: Option<Vec<i32>>,
    /// The winning seat.
    pub winner: Option<usize>,
    /// Regular turns played.
    pub turns: u32,
    /// Decisions we sent.
    pub decisions: u32,
    /// Decision latency (trigger to send), milliseconds, one per decision.
    pub latencies_ms: Vec<f64>,
    /// Our turns the server ended for us (a TURN while we had not ended our turn).
    pub forced_end_turns: u32,
    /// Our discards the server made for us.
    pub forced_discards: u32,
    /// Requests the server refused, or did not answer in time.
    pub rejected_requests: u32,
    /// Differences between the mirror and the server's figures.
    pub mirror_mismatches: u32,
    /// Of those, differences found by BOTGAMEDATACHECK.
    pub data_check_mismatches: u32,
    /// BOTGAMEDATACHECK messages compared.
    pub data_checks: u32,
    /// Decisions made without the agent (no valid view, agent late or illegal answer).
    pub fallbacks: u32,
    /// Why the game ended for us: "over", "deleted", "dismissed", "reset", "disconnected",
    /// or "failed" (the game task panicked).
    pub end: String,
    /// Our trading.
    pub trades: TradeCounts,
}

/// What we traded in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TradeCounts {
    /// Player-trade offers we made.
    pub offers_made: u32,
    /// Of those, accepted by another player (the trade happened).
    pub offers_accepted: u32,
    /// Offers other players made to us.
    pub offers_received: u32,
    /// Of those, accepted by us (the trade happened).
    pub offers_we_accepted: u32,
    /// Our bank and port trades.
    pub bank_trades: u32,
    /// Our acceptances that reached the server after the offer was gone (taken by another
    /// player, withdrawn, or ended with the turn): refused by the server, counted here.
    pub accepts_too_late: u32,
}

fn json_opt_usize(out: &mut String, v: Option<usize>) {
    match v {
        Some(x) => {
            let _ = write!(out, "{x}");
        }
        None => out.push_str("null"),
    }
}

impl GameReport {
    /// Whether the game reached GAMESTATS.
    pub fn is_finished(&self) -> bool {
        self.points.is_some()
    }

    /// One line of JSON (no trailing newline).
    pub fn to_json(&self) -> String {
        let mut o = String::with_capacity(512);
        o.push_str("{\"game\":");
        crate::json::push_string(&mut o, &self.game);
        o.push_str(",\"seat\":");
        json_opt_usize(&mut o, self.seat);
        o.push_str(",\"players\":[");
        for (i, name) in self.names.iter().enumerate() {
            if i > 0 {
                o.push(',');
            }
            o.push_str("{\"name\":");
            match name {
                Some(n) => crate::json::push_string(&mut o, n),
                None => o.push_str("null"),
            }
            o.push_str(",\"points\":");
            match self.points.as_ref().and_then(|p| p.get(i)) {
                Some(p) => {
                    let _ = write!(o, "{p}");
                }
                None => o.push_str("null"),
            }
            o.push('}');
        }
        o.push_str("],\"winner\":");
        json_opt_usize(&mut o, self.winner);
        let _ = write!(
            o,
            ",\"won\":{},\"turns\":{},\"decisions\":{},\"latency_ms\":{{\"p50\":{:.1},\"p95\":{:.1},\"max\":{:.1}}}",
            self.winner.is_some() && self.winner == self.seat,
            self.turns,
            self.decisions,
            percentile(&self.latencies_ms, 0.5).unwrap_or(0.0),
            percentile(&self.latencies_ms, 0.95).unwrap_or(0.0),
            self.latencies_ms.iter().copied().fold(0.0, f64::max),
        );
        let _ = write!(
            o,
            ",\"forced_end_turns\":{},\"forced_discards\":{},\"rejected_requests\":{},\"mirror_mismatches\":{},\"data_check_mismatches\":{},\"data_checks\":{},\"fallbacks\":{},\"end\":",
            self.forced_end_turns,
            self.forced_discards,
            self.rejected_requests,
            self.mirror_mismatches,
            self.data_check_mismatches,
            self.data_checks,
            self.fallbacks,
        );
        crate::json::push_string(&mut o, &self.end);
        let t = &self.trades;
        let _ = write!(
            o,
            ",\"trades\":{{\"offers_made\":{},\"offers_accepted\":{},\"offers_received\":{},\"offers_we_accepted\":{},\"bank_trades\":{},\"accepts_too_late\":{}}}",
            t.offers_made,
            t.offers_accepted,
            t.offers_received,
            t.offers_we_accepted,
            t.bank_trades,
            t.accepts_too_late
        );
        o.push('}');
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_line_escapes_names() {
        let r = GameReport {
            game: "~botsOnly~1".into(),
            seat: Some(2),
            names: [Some("a\"b".into()), None, Some("me".into()), None],
            points: Some(vec![3, 4, 10, 5]),
            winner: Some(2),
            end: "over".into(),
            trades: TradeCounts {
                offers_made: 3,
                offers_accepted: 1,
                ..Default::default()
            },
            ..Default::default()
        };
        let j = r.to_json();
        assert!(j.starts_with(
            "{\"game\":\"~botsOnly~1\",\"seat\":2,\"players\":[{\"name\":\"a\\\"b\",\"points\":3}"
        ));
        assert!(j.contains("\"won\":true"));
        assert!(j.contains("\"end\":\"over\""));
        assert!(j.ends_with(
            "\"trades\":{\"offers_made\":3,\"offers_accepted\":1,\"offers_received\":0,\"offers_we_accepted\":0,\"bank_trades\":0,\"accepts_too_late\":0}}"
        ));
    }
}
