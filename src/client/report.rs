//! One game's tally, kept by its task while the game runs and turned into a result record
//! ([`ResultRecord`], the `--results` line) when it ends. Imports `report::record` only.

use crate::report::record::{
    Health, Iterations, Latency, PlayerResult, Players, ResultRecord, TradeCounts, CLASSIC,
};

/// What one game came to, from our seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReport {
    /// Game name.
    pub game: String,
    /// Our seat.
    pub seat: Option<usize>,
    /// Nickname per seat of the board (four on the classic board, six on the 6-player one).
    pub names: Vec<Option<String>>,
    /// The board's name (`Shape::NAME`); empty for the classic board.
    pub board: String,
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
    /// Iterations of each search the agent ran.
    pub search_iterations: Vec<u64>,
    /// What went wrong: forced end-turns (a TURN while we had not ended our turn) and
    /// discards, refused or unanswered requests, mirror and data-check mismatches, fallbacks.
    pub health: Health,
    /// Why the game ended for us: "over", "deleted", "dismissed", "reset", "disconnected",
    /// or "failed" (the game task panicked).
    pub end: String,
    /// Our trading.
    pub trades: TradeCounts,
}

impl GameReport {
    /// Whether the game reached GAMESTATS.
    pub fn is_finished(&self) -> bool {
        self.points.is_some()
    }

    /// The game as a result record (the `--results` line).
    pub fn record(&self) -> ResultRecord {
        let points = |i: usize| self.points.as_ref().and_then(|p| p.get(i).copied());
        ResultRecord {
            game: self.game.clone(),
            seat: self.seat,
            players: {
                let seats: Vec<PlayerResult> = (0..self.names.len().max(4))
                    .map(|i| PlayerResult {
                        name: self.names.get(i).cloned().flatten(),
                        points: points(i),
                    })
                    .collect();
                if self.board.is_empty() || self.board == CLASSIC {
                    // Classic lines read as they always did.
                    seats.into_iter().collect()
                } else {
                    let mut p = Players::new(&self.board, seats);
                    p.vacant = (0..self.names.len())
                        .filter(|&i| self.names[i].is_none())
                        .collect();
                    p
                }
            },
            winner: self.winner,
            won: self.winner.is_some() && self.winner == self.seat,
            turns: self.turns,
            decisions: self.decisions,
            latency_ms: Latency::of(&self.latencies_ms),
            iterations: Iterations::of(&self.search_iterations),
            health: self.health,
            end: self.end.clone(),
            trades: self.trades,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_holds_every_seat_and_the_latency_figures() {
        let r = GameReport {
            game: "~botsOnly~1".into(),
            seat: Some(2),
            names: vec![Some("a\"b".into()), None, Some("me".into()), None],
            points: Some(vec![3, 4, 10, 5]),
            winner: Some(2),
            decisions: 3,
            latencies_ms: vec![2.0, 0.5, 7.25],
            health: Health {
                fallbacks: 1,
                ..Default::default()
            },
            end: "over".into(),
            trades: TradeCounts {
                offers_made: 3,
                offers_accepted: 1,
                ..Default::default()
            },
            ..Default::default()
        };
        // The line the hand-written writer of earlier versions made of this report.
        let line = concat!(
            r#"{"game":"~botsOnly~1","seat":2,"players":[{"name":"a\"b","points":3},"#,
            r#"{"name":null,"points":4},{"name":"me","points":10},{"name":null,"points":5}],"#,
            r#""winner":2,"won":true,"turns":0,"decisions":3,"#,
            r#""latency_ms":{"p50":2.0,"p95":7.2,"max":7.2},"forced_end_turns":0,"#,
            r#""forced_discards":0,"rejected_requests":0,"mirror_mismatches":0,"#,
            r#""data_check_mismatches":0,"data_checks":0,"fallbacks":1,"end":"over","#,
            r#""trades":{"offers_made":3,"offers_accepted":1,"offers_received":0,"#,
            r#""offers_we_accepted":0,"bank_trades":0,"accepts_too_late":0}}"#
        );
        assert_eq!(r.record().to_line(), line);
        let unfinished = GameReport { points: None, ..r };
        assert!(unfinished
            .record()
            .players
            .iter()
            .all(|p| p.points.is_none()));
        assert_eq!(unfinished.record().final_points(), None);
    }

    #[test]
    fn a_six_player_game_names_its_board_and_vacant_seats() {
        let names = vec![
            Some("catanbot".into()),
            Some("robot 1".into()),
            Some("robot 2".into()),
            Some("droid 1".into()),
            Some("robot 3".into()),
            None,
        ];
        let r = GameReport {
            game: "~botsOnly~3".into(),
            seat: Some(0),
            names,
            board: "6-player".into(),
            points: Some(vec![10, 4, 5, 6, 7, 0]),
            winner: Some(0),
            end: "over".into(),
            ..Default::default()
        };
        let line = r.record().to_line();
        assert!(
            line.starts_with(r#"{"game":"~botsOnly~3","seat":0,"board":"6-player","vacant":[5],"players":[{"name":"catanbot","points":10},"#),
            "{line}"
        );
        let back = ResultRecord::from_line(&line).unwrap();
        assert_eq!(back.players.len(), 6);
        assert_eq!(back.players.board_seats(), Some(6));
        assert!(!back.players.is_seated(5));
    }
}
