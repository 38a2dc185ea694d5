//! The result record: one JSON line per game, written by `play --results` (from the client's
//! tally) and `arena --results` (from agent 0's seat), read by `summarize` and `chart`. One
//! serde-derived schema for writing and reading. Uses `report::stats` and serde only.
//!
//! ```text
//! {"game":"~botsOnly~3","seat":2,"players":[{"name":"robot 3","points":10},...4 seats],
//!  "winner":0,"won":false,"turns":60,"decisions":80,"latency_ms":{"p50":3.0,"p95":40.0,"max":90.0},
//!  "forced_end_turns":0,"forced_discards":0,"rejected_requests":1,"mirror_mismatches":0,
//!  "data_check_mismatches":0,"data_checks":0,"fallbacks":0,"end":"over",
//!  "trades":{"offers_made":4,"offers_accepted":1,"offers_received":6,"offers_we_accepted":2,
//!            "bank_trades":3,"accepts_too_late":0}}
//! ```
//!
//! Every field is written, in this order, but `iterations` (`{"p50":..,"min":..,"max":..}`,
//! after `latency_ms`), written only for a searching agent. A field missing from a line (lines of older
//! versions have no `trades`, or no `accepts_too_late`) reads as its default; fields this
//! version does not know are ignored.

use serde::{Deserialize, Serialize};

use super::stats::percentile;

/// One game, from our seat.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ResultRecord {
    /// Game name (`arena~SEED~GAME` for an arena game).
    pub game: String,
    /// Our seat, if we sat down.
    pub seat: Option<usize>,
    /// One entry per seat (four), in seat order.
    pub players: Vec<PlayerResult>,
    /// The winning seat.
    pub winner: Option<usize>,
    /// Whether we won.
    pub won: bool,
    /// Regular turns played.
    pub turns: u32,
    /// Decisions we sent.
    pub decisions: u32,
    /// Our decision latency.
    pub latency_ms: Latency,
    /// Iterations per search decision (searching agents only; not written otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<Iterations>,
    /// What went wrong (written as top-level fields).
    #[serde(flatten)]
    pub health: Health,
    /// Why the game ended for us: "over", "deleted", "dismissed", "reset", "disconnected",
    /// "failed" (the game task panicked), "action-limit" (arena), or "declined: WHY".
    pub end: String,
    /// Our trading.
    pub trades: TradeCounts,
}

/// What went wrong in one game, from our seat: every benchmark run must show these as 0,
/// but `data_checks`, the checks made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Health {
    /// Our turns the server ended for us.
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
}

/// One seat of a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerResult {
    /// Nickname (arena: the agent's spec), if the seat was taken.
    pub name: Option<String>,
    /// Final victory points (GAMESTATS), if the game finished.
    pub points: Option<i32>,
}

/// Decision latency over one game, milliseconds, to the tenth as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Latency {
    /// Median (nearest rank).
    pub p50: f64,
    /// 95th percentile (nearest rank).
    pub p95: f64,
    /// Largest.
    pub max: f64,
}

impl Latency {
    /// The latency figures of `samples_ms`, one per decision; zeros when there is none.
    pub fn of(samples_ms: &[f64]) -> Latency {
        Latency {
            p50: tenth(percentile(samples_ms, 0.5).unwrap_or(0.0)),
            p95: tenth(percentile(samples_ms, 0.95).unwrap_or(0.0)),
            max: tenth(samples_ms.iter().copied().fold(0.0, f64::max)),
        }
    }
}

/// Search iterations per decision over one game (decisions that searched).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Iterations {
    /// Median (nearest rank).
    pub p50: u64,
    /// Fewest.
    pub min: u64,
    /// Most.
    pub max: u64,
}

impl Iterations {
    /// The figures of `samples`, one per search; `None` when there is none.
    pub fn of(samples: &[u64]) -> Option<Iterations> {
        let as_f64: Vec<f64> = samples.iter().map(|&n| n as f64).collect();
        Some(Iterations {
            p50: percentile(&as_f64, 0.5)? as u64,
            min: *samples.iter().min()?,
            max: *samples.iter().max()?,
        })
    }
}

/// `x` to the tenth, rounded as `{:.1}` rounds (on the exact decimal value), so that the
/// line shows the same digits as the hand-written lines of earlier versions did.
fn tenth(x: f64) -> f64 {
    format!("{x:.1}").parse().unwrap_or(x)
}

/// What we traded in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
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

impl std::ops::AddAssign for TradeCounts {
    fn add_assign(&mut self, o: TradeCounts) {
        self.offers_made += o.offers_made;
        self.offers_accepted += o.offers_accepted;
        self.offers_received += o.offers_received;
        self.offers_we_accepted += o.offers_we_accepted;
        self.bank_trades += o.bank_trades;
        self.accepts_too_late += o.accepts_too_late;
    }
}

impl TradeCounts {
    /// The counts in a fixed order: offers made, accepted by others, received, accepted by
    /// us, bank and port trades, acceptances too late.
    pub fn to_array(self) -> [u64; 6] {
        [
            self.offers_made,
            self.offers_accepted,
            self.offers_received,
            self.offers_we_accepted,
            self.bank_trades,
            self.accepts_too_late,
        ]
        .map(u64::from)
    }
}

impl ResultRecord {
    /// Reads one line.
    ///
    /// # Errors
    /// When the line is not JSON, or a field has the wrong type (a seat that is not a
    /// non-negative integer, a name that is not a string, ...).
    pub fn from_line(line: &str) -> Result<ResultRecord, serde_json::Error> {
        serde_json::from_str(line)
    }

    /// The record as one line of JSON (no trailing newline).
    pub fn to_line(&self) -> String {
        // Strings, integers, finite or non-finite floats (written as null), options and
        // sequences: serde_json has nothing here it could fail on.
        serde_json::to_string(self).expect("a result record always serializes")
    }

    /// Our seat and every seat's final points, when the line is a finished four-seat game
    /// with our seat among them.
    pub fn final_points(&self) -> Option<(usize, [i32; 4])> {
        let seat = self.seat.filter(|&s| s < 4)?;
        let [a, b, c, d] = self.players.as_slice() else {
            return None;
        };
        Some((seat, [a.points?, b.points?, c.points?, d.points?]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line as the hand-written writer of earlier versions wrote it.
    const LINE: &str = r#"{"game":"~botsOnly~1","seat":2,"players":[{"name":"a\"b","points":3},{"name":null,"points":4},{"name":"me","points":10},{"name":null,"points":5}],"winner":2,"won":true,"turns":61,"decisions":70,"latency_ms":{"p50":3.0,"p95":40.5,"max":90.1},"forced_end_turns":1,"forced_discards":0,"rejected_requests":0,"mirror_mismatches":0,"data_check_mismatches":0,"data_checks":12,"fallbacks":0,"end":"over","trades":{"offers_made":3,"offers_accepted":1,"offers_received":0,"offers_we_accepted":0,"bank_trades":0,"accepts_too_late":0}}"#;

    #[test]
    fn a_line_reads_and_writes_back_unchanged() {
        let r = ResultRecord::from_line(LINE).unwrap();
        assert_eq!(r.players[0].name.as_deref(), Some("a\"b"));
        assert_eq!(r.final_points(), Some((2, [3, 4, 10, 5])));
        assert_eq!(r.latency_ms.p95, 40.5);
        assert_eq!(r.trades.offers_made, 3);
        assert_eq!(r.to_line(), LINE);
    }

    #[test]
    fn missing_fields_read_as_defaults_and_wrong_types_fail() {
        let r = ResultRecord::from_line(r#"{"game":"g","seat":1,"extra":[1,2]}"#).unwrap();
        assert_eq!(r.seat, Some(1));
        assert_eq!(r.trades, TradeCounts::default());
        assert_eq!(r.final_points(), None);
        assert!(ResultRecord::from_line(r#"{"seat":"one"}"#).is_err());
        assert!(ResultRecord::from_line("not json").is_err());
    }

    #[test]
    fn latency_uses_nearest_rank_and_keeps_one_decimal() {
        let l = Latency::of(&[5.0, 1.04, 3.25, 2.0, 4.0]);
        // The median is 3.25, written as `{:.1}` writes it: 3.2 (exact decimal rounding).
        assert_eq!((l.p50, l.p95, l.max), (3.2, 5.0, 5.0));
        assert_eq!(Latency::of(&[]), Latency::default());
        let r = ResultRecord {
            latency_ms: Latency::of(&[0.04, 12.0]),
            ..Default::default()
        };
        assert!(
            r.to_line()
                .contains(r#""latency_ms":{"p50":0.0,"p95":12.0,"max":12.0}"#),
            "{}",
            r.to_line()
        );
    }
}
