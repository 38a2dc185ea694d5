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
            s.forced_end_turns += r.health.forced_end_turns;
            s.rejected_requests += r.health.rejected_requests;
            s.mirror_mismatches += r.health.mirror_mismatches;
            if limit.is_some_and(|n| s.finished >= n) {
                info!(finished = s.finished, "game limit reached");
                stop.trigger();
            }
        }
    });
    (report_tx, summary, writer)
}
