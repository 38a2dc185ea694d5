//! The results writer: every finished game's `--results` line, and the run's totals (which
//! also stop the client after `--games N`).

use std::io::Write;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tracing::{info, warn};

use super::report::GameReport;
use super::shutdown::ShutdownTrigger;

/// Totals over a client run.
#[derive(Clone, Debug, Default)]
pub struct RunSummary {
    /// Games that reached GAMESTATS.
    pub finished: u32,
    /// Games left unfinished (dismissed, disconnected).
    pub unfinished: u32,
    /// Games we won.
    pub won: u32,
    /// Forced end-turns over all games.
    pub forced_end_turns: u32,
    /// Refused or unanswered requests over all games.
    pub rejected_requests: u32,
    /// Mirror mismatches over all games.
    pub mirror_mismatches: u32,
    /// Games whose task failed (panicked); included in `unfinished`.
    pub failed: u32,
}

/// Starts the task that writes each game's report to `results` (when given), adds it up in
/// the returned totals, and pulls `stop` once `limit` games have finished.
pub fn spawn_writer(
    mut results: Option<std::fs::File>,
    limit: Option<u32>,
    stop: ShutdownTrigger,
) -> (
    mpsc::UnboundedSender<GameReport>,
    Arc<Mutex<RunSummary>>,
    JoinHandle<()>,
) {
    let (report_tx, mut report_rx) = mpsc::unbounded_channel::<GameReport>();
    let summary = Arc::new(Mutex::new(RunSummary::default()));
    let sum = summary.clone();
    let writer = tokio::spawn(async move {
        while let Some(r) = report_rx.recv().await {
            if let Some(f) = results.as_mut() {
                if let Err(e) = writeln!(f, "{}", r.record().to_line()).and_then(|_| f.flush()) {
                    warn!(error = %e, "cannot write the results file");
                }
            }
            let mut s = sum.lock().expect("summary lock");
            if r.is_finished() {
                s.finished += 1;
                if r.winner.is_some() && r.winner == r.seat {
                    s.won += 1;
                }
            } else {
                s.unfinished += 1;
                if r.end == "failed" {
                    s.failed += 1;
                }
            }
            // Per-game counts a hostile server drives: their totals saturate.
            s.forced_end_turns = s.forced_end_turns.saturating_add(r.health.forced_end_turns);
            s.rejected_requests = s
                .rejected_requests
                .saturating_add(r.health.rejected_requests);
            s.mirror_mismatches = s
                .mirror_mismatches
                .saturating_add(r.health.mirror_mismatches);
            if limit.is_some_and(|n| s.finished >= n) {
                info!(finished = s.finished, "game limit reached");
                stop.trigger();
            }
        }
    });
    (report_tx, summary, writer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::record::Health;

    /// Before: two games' counts that add past `u32` panicked the writer (debug builds) and
    /// every later game went unrecorded. After: the totals saturate and the writer goes on.
    #[tokio::test]
    async fn totals_of_huge_counts_saturate() {
        let (trigger, _stop) = crate::client::shutdown::channel();
        let (tx, summary, writer) = spawn_writer(None, None, trigger);
        let huge = GameReport {
            health: Health {
                forced_end_turns: u32::MAX - 1,
                rejected_requests: u32::MAX,
                mirror_mismatches: 3_000_000_000,
                ..Health::default()
            },
            ..GameReport::default()
        };
        for _ in 0..2 {
            tx.send(huge.clone()).unwrap();
        }
        tx.send(GameReport::default()).unwrap();
        drop(tx);
        writer.await.expect("the writer went on");
        let s = summary.lock().unwrap();
        assert_eq!(s.unfinished, 3);
        assert_eq!(
            (s.forced_end_turns, s.rejected_requests, s.mirror_mismatches),
            (u32::MAX, u32::MAX, u32::MAX)
        );
    }
}
