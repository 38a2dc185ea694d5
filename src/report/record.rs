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
//! after `latency_ms`), written only for a searching agent, and the table's `board` and
//! `vacant` (before `players`, see [`Players`]), written only when they are not the classic
//! board's and every seat was in play, so that a classic four-player line reads as lines
//! always did. A 5-player arena game on the 6-player board starts
//!
//! ```text
//! {"game":"arena~1~0","seat":0,"board":"6-player","vacant":[5],"players":[...6 seats],...
//! ```
//!
//! with the vacant seat's entry `{"name":null,"points":null}`. A field missing from a line
//! (lines of older versions have no `trades`, or no `accepts_too_late`, or no `board`) reads
//! as its default (no `board`: the classic board; no `vacant`: every seat in play); fields
//! this version does not know are ignored.

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
    /// One entry per seat of the board, in seat order, with the board's name and its vacant
    /// seats (written as the top-level fields `board`, `vacant` and `players`).
    #[serde(flatten)]
    pub players: Players,
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
    /// Requests the server had not answered within the reply timeout, with no refusal
    /// signal, and that were waited for further (a loaded server; one still unanswered at
    /// the cap is also counted in `rejected_requests`, unless the server's answer comes
    /// later in the turn). Written only when not 0, so lines of
    /// games without any stay as before (and lines before this field count 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub late_replies: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
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

/// The board's name in a line that does not name one (every line before the 6-player board).
pub const CLASSIC: &str = "classic";

/// The boards a line may name, with their seats: the names are the engine's shape names
/// (`game::Shape::NAME`).
pub const BOARDS: [(&str, usize); 4] = [
    (CLASSIC, 4),
    ("6-player", 6),
    ("sea", 4),
    ("6-player sea", 6),
];

/// The table of one game: the board, one entry per seat of it in seat order, and the seats
/// nobody sat in. Reads as the list of seats (`record.players[i]`, `.iter()`, `.len()`).
///
/// Flattened into the record as `board` (written unless it is [`CLASSIC`]), `vacant`
/// (written unless empty) and `players`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Players {
    /// The board (`classic`, `6-player`, `sea`, `6-player sea`).
    #[serde(skip_serializing_if = "is_classic")]
    pub board: String,
    /// Seats that were not in play (the server's vacant seats; an arena game of fewer
    /// players than seats), ascending.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub vacant: Vec<usize>,
    /// One entry per seat, vacant ones included.
    #[serde(rename = "players")]
    pub seats: Vec<PlayerResult>,
}

fn is_classic(board: &str) -> bool {
    board == CLASSIC
}

impl Default for Players {
    fn default() -> Self {
        Players {
            board: CLASSIC.to_string(),
            vacant: Vec::new(),
            seats: Vec::new(),
        }
    }
}

impl Players {
    /// The seats of `board`, nobody vacant.
    pub fn new(board: &str, seats: Vec<PlayerResult>) -> Players {
        Players {
            board: board.to_string(),
            vacant: Vec::new(),
            seats,
        }
    }

    /// The seats the board has, if it is one of [`BOARDS`].
    pub fn board_seats(&self) -> Option<usize> {
        BOARDS
            .iter()
            .find(|(name, _)| *name == self.board)
            .map(|&(_, n)| n)
    }

    /// Whether seat `s` is one of the list's and was in play.
    pub fn is_seated(&self, s: usize) -> bool {
        s < self.seats.len() && !self.vacant.contains(&s)
    }

    /// The seats in play, ascending.
    pub fn seated(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.seats.len()).filter(|&s| self.is_seated(s))
    }

    /// Players in the game: the seats in play.
    pub fn count(&self) -> usize {
        self.seated().count()
    }
}

/// A classic table of these seats (what `collect()` into a record's `players` makes).
impl FromIterator<PlayerResult> for Players {
    fn from_iter<I: IntoIterator<Item = PlayerResult>>(iter: I) -> Self {
        Players {
            seats: iter.into_iter().collect(),
            ..Players::default()
        }
    }
}

impl std::ops::Deref for Players {
    type Target = Vec<PlayerResult>;

    fn deref(&self) -> &Vec<PlayerResult> {
        &self.seats
    }
}

impl std::ops::DerefMut for Players {
    fn deref_mut(&mut self) -> &mut Vec<PlayerResult> {
        &mut self.seats
    }
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

    /// Our seat and every seat's final points (0 for a vacant seat), when the line is a
    /// finished game with our seat in play: every seat in play has points, and the list has
    /// the board's seats (any number of seats on a board this version does not know).
    pub fn final_points(&self) -> Option<(usize, Vec<i32>)> {
        let p = &self.players;
        if p.board_seats().is_some_and(|n| n != p.len()) {
            return None;
        }
        let seat = self.seat.filter(|&s| p.is_seated(s))?;
        let points = (0..p.len())
            .map(|s| if p.is_seated(s) { p[s].points } else { Some(0) })
            .collect::<Option<Vec<i32>>>()?;
        Some((seat, points))
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
        assert_eq!(r.final_points(), Some((2, vec![3, 4, 10, 5])));
        assert_eq!(r.latency_ms.p95, 40.5);
        assert_eq!(r.trades.offers_made, 3);
        assert_eq!(r.to_line(), LINE);
    }

    /// A 5-player game on the 6-player board, seat 5 vacant, as the arena writes it.
    const SIX: &str = r#"{"game":"arena~3~1","seat":1,"board":"6-player","vacant":[5],"players":[{"name":"h","points":6},{"name":"me","points":10},{"name":"h","points":7},{"name":"h","points":4},{"name":"h","points":8},{"name":null,"points":null}],"winner":1,"won":true,"turns":70,"decisions":90,"latency_ms":{"p50":1.0,"p95":2.0,"max":3.0},"forced_end_turns":0,"forced_discards":0,"rejected_requests":0,"mirror_mismatches":0,"data_check_mismatches":0,"data_checks":0,"fallbacks":0,"end":"over","trades":{"offers_made":0,"offers_accepted":0,"offers_received":0,"offers_we_accepted":0,"bank_trades":2,"accepts_too_late":0}}"#;

    #[test]
    fn a_six_seat_line_names_its_board_and_vacant_seat_and_writes_back_unchanged() {
        let r = ResultRecord::from_line(SIX).unwrap();
        assert_eq!(r.players.board, "6-player");
        assert_eq!(r.players.board_seats(), Some(6));
        assert_eq!(r.players.len(), 6);
        assert_eq!(r.players.vacant, vec![5]);
        assert_eq!(r.players.count(), 5);
        assert_eq!(r.players.seated().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        assert_eq!(r.final_points(), Some((1, vec![6, 10, 7, 4, 8, 0])));
        assert_eq!(r.to_line(), SIX);
        // All six seats: no `vacant` written.
        let mut full = r.clone();
        full.players.vacant.clear();
        full.players[5] = PlayerResult {
            name: Some("h".into()),
            points: Some(3),
        };
        let line = full.to_line();
        assert!(line.contains(r#""board":"6-player","players":["#), "{line}");
        assert_eq!(ResultRecord::from_line(&line).unwrap(), full);
        assert_eq!(full.final_points().unwrap().1.len(), 6);
    }

    #[test]
    fn a_classic_line_has_no_board_field_and_a_seat_list_must_fit_its_board() {
        let r = ResultRecord::from_line(LINE).unwrap();
        assert_eq!((r.players.board.as_str(), r.players.count()), (CLASSIC, 4));
        assert!(!r.to_line().contains("board"));
        // Collected seats (the client's way) make a classic table.
        let collected: Players = r.players.iter().cloned().collect();
        assert_eq!(collected, r.players);
        // Six seats on a board said to be classic, or four on the 6-player board: no points.
        let mut wrong = ResultRecord::from_line(SIX).unwrap();
        wrong.players.board = CLASSIC.into();
        assert_eq!(wrong.final_points(), None);
        let mut four = r.clone();
        four.players.board = "6-player".into();
        assert_eq!(four.final_points(), None);
        // A board this version does not know takes any number of seats.
        four.players.board = "sea".into();
        assert_eq!(four.final_points(), Some((2, vec![3, 4, 10, 5])));
        // Our seat vacant: not a game of ours.
        let mut gone = ResultRecord::from_line(SIX).unwrap();
        gone.seat = Some(5);
        assert_eq!(gone.final_points(), None);
        // A seat in play without points: unfinished.
        let mut unfinished = ResultRecord::from_line(SIX).unwrap();
        unfinished.players[4].points = None;
        assert_eq!(unfinished.final_points(), None);
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
