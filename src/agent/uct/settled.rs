//! Stopping a search once its choice is settled. A search plays the most visited root move,
//! and every iteration adds at most one visit to one root child; so once the most visited
//! move leads every other by more visits than the iterations still to run, no further
//! iteration can change the move played. The trees of an ensemble report their root visits
//! here while they run; the pooled counts decide for all of them. Stopping then plays the
//! very move the full budget would have (and the move any later stop, such as a deadline,
//! would have): only the time and the iteration count differ.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::{pool_into, RootStat};

/// How often (in iterations, a power of two) a tree reports its root.
pub const REPORT_EVERY: u64 = 256;

/// One tree's last report.
struct Report<A> {
    /// Root children's statistics (virtual wins taken off).
    root: Vec<RootStat<A>>,
    /// Iterations the tree has still to run under its budget.
    left: u64,
}

/// The shared state of one ensemble's trees (one tree: a search on its own).
pub struct Settled<A> {
    reports: Mutex<Vec<Report<A>>>,
    settled: AtomicBool,
}

impl<A: Copy + PartialEq> Settled<A> {
    /// For `trees` trees of `budget` iterations each, none started yet.
    pub fn new(trees: usize, budget: u64) -> Self {
        let reports = (0..trees)
            .map(|_| Report {
                root: Vec::new(),
                left: budget,
            })
            .collect();
        Settled {
            reports: Mutex::new(reports),
            settled: AtomicBool::new(false),
        }
    }

    /// Whether the move to play can no longer change.
    pub fn is_settled(&self) -> bool {
        self.settled.load(Ordering::Relaxed)
    }

    /// Tree `tree` reports its `root` children's statistics and the iterations it has `left`;
    /// returns whether the pooled choice is settled. Only a move in `playable` (the root's own
    /// moves, legal where the move is played) can settle it, while every other child counts
    /// as a rival: a child that some sampled world alone allowed may be dropped when the move
    /// is chosen, and must not be the one that settled it.
    pub fn report(
        &self,
        tree: usize,
        playable: &[A],
        root: impl Iterator<Item = RootStat<A>>,
        left: u64,
    ) -> bool {
        let mut reports = self.reports.lock().unwrap_or_else(|e| e.into_inner());
        let Some(mine) = reports.get_mut(tree) else {
            return false;
        };
        mine.root.clear();
        mine.root.extend(root);
        mine.left = left;
        let still: u64 = reports.iter().map(|r| r.left).sum();
        let mut pooled: Vec<RootStat<A>> = Vec::new();
        for r in reports.iter() {
            pool_into(&mut pooled, &r.root);
        }
        drop(reports);
        let Some(lead) = pooled
            .iter()
            .enumerate()
            .filter(|(_, s)| playable.contains(&s.action))
            .max_by(|x, y| x.1.visits.total_cmp(&y.1.visits))
            .map(|(i, _)| i)
        else {
            return false;
        };
        let rival = pooled
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != lead)
            .map(|(_, s)| s.visits)
            .fold(0.0f32, f32::max);
        // f32 counts are exact well past any budget here (2^24).
        let settled = f64::from(pooled[lead].visits - rival) > still as f64;
        if settled {
            self.settled.store(true, Ordering::Relaxed);
        }
        settled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Root statistics of `(action, visits)` pairs (rewards play no part in settling).
    fn root<const N: usize>(visits: [(u8, f32); N]) -> impl Iterator<Item = RootStat<u8>> {
        visits.into_iter().map(|(action, visits)| RootStat {
            action,
            visits,
            reward: 0.0,
        })
    }

    #[test]
    fn a_lead_larger_than_every_trees_remaining_iterations_settles() {
        let s = Settled::new(2, 100);
        // Tree 0 done: 70 / 30. Tree 1 has not reported: 100 left, so 40 is not enough.
        assert!(!s.report(0, &[1, 2], root([(1, 70.0), (2, 30.0)]), 0));
        assert!(!s.is_settled());
        // Tree 1 at 50 iterations, 45 / 5: pooled 115 / 35, lead 80 > 50 left.
        assert!(s.report(1, &[1, 2], root([(1, 45.0), (2, 5.0)]), 50));
        assert!(s.is_settled());
    }

    #[test]
    fn a_lead_equal_to_the_iterations_left_does_not_settle() {
        let s = Settled::new(1, 100);
        assert!(!s.report(0, &[1, 2], root([(1, 50.0), (2, 10.0)]), 40));
        assert!(s.report(0, &[1, 2], root([(1, 51.0), (2, 10.0)]), 39));
    }

    #[test]
    fn an_unplayable_leader_never_settles_and_still_counts_as_a_rival() {
        let s = Settled::new(1, 100);
        // Move 9 leads but is not playable; 1 trails it, so nothing is settled.
        assert!(!s.report(0, &[1, 2], root([(9, 90.0), (1, 5.0), (2, 5.0)]), 0));
        // Move 1 leads 9 by more than is left.
        assert!(s.report(0, &[1, 2], root([(9, 10.0), (1, 80.0), (2, 5.0)]), 60));
    }
}
