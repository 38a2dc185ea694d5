//! Ensemble UCT (root parallelisation): independent trees, each with its own random stream and
//! its own sampled world, spread over threads; their root statistics are summed and the most
//! visited action is played. Uses `agent::uct` only.

use std::sync::atomic::AtomicBool;
use std::thread;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::uct::settled::Settled;
use super::uct::{pool_into, search, Limits, Params, RootStat, SearchGame, SearchResult};

/// How to run an ensemble.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnsembleConfig {
    /// Number of independent trees (at least 1).
    pub trees: usize,
    /// Worker threads (at least 1); trees are dealt round-robin over them.
    pub threads: usize,
    /// Whether the iteration budget is the ensemble's total, shared equally by the trees (the
    /// paper's ensembles), or each tree's own.
    pub split_iterations: bool,
    /// Whether the trees stop together once the pooled most visited move can no longer change
    /// within their iteration budgets (`uct::settled`): the same move, sooner.
    pub stop_when_settled: bool,
}

/// Runs `config.trees` independent searches of `root` and pools their root statistics.
///
/// With `split_iterations` the iteration budget in `limits` is the ensemble's *total*: each
/// tree gets an equal share (rounded up), so an ensemble is compared with a single tree at
/// equal playouts; otherwise each tree gets the whole budget. A time limit is the ensemble's
/// wall time: trees that share a thread run one after another, so each gets the time divided
/// by the rounds its thread runs (`ceil(trees / threads)`). Tree `i` is seeded from
/// `seed + i`, so a run is reproducible for a fixed number of trees whatever the thread count.
pub fn search_ensemble<G>(
    root: &G,
    params: &Params,
    limits: &Limits,
    config: EnsembleConfig,
    abort: &AtomicBool,
    seed: u64,
) -> SearchResult<G::Action>
where
    G: SearchGame + Sync,
    G::Action: Send,
{
    let trees = config.trees.max(1);
    let threads = config.threads.clamp(1, trees);
    let rounds = trees.div_ceil(threads) as u32;
    let per_tree = Limits {
        iterations: match config.split_iterations {
            true => limits.iterations.map(|n| n.div_ceil(trees as u64)),
            false => limits.iterations,
        },
        time: limits.time.map(|t| t / rounds),
    };
    // Without an iteration budget nothing settles before the time runs out.
    let settled = per_tree
        .iterations
        .filter(|_| config.stop_when_settled)
        .map(|n| Settled::new(trees, n));
    let run_tree = |i: usize| {
        let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(i as u64));
        let shared = settled.as_ref().map(|s| (s, i));
        search(root, params, &per_tree, abort, shared, &mut rng)
    };
    let results: Vec<SearchResult<G::Action>> = if threads == 1 {
        (0..trees).map(run_tree).collect()
    } else {
        thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let run_tree = &run_tree;
                    s.spawn(move || {
                        (t..trees)
                            .step_by(threads)
                            .map(|i| (i, run_tree(i)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut all: Vec<(usize, SearchResult<G::Action>)> = handles
                .into_iter()
                .flat_map(|h| h.join().expect("search thread panicked"))
                .collect();
            all.sort_by_key(|(i, _)| *i);
            all.into_iter().map(|(_, r)| r).collect()
        })
    };

    let mut root_stats: Vec<RootStat<G::Action>> = Vec::new();
    let mut iterations = 0;
    let mut nodes = 0;
    for r in &results {
        pool_into(&mut root_stats, &r.root);
        iterations += r.iterations;
        nodes += r.nodes;
    }
    SearchResult {
        root: root_stats,
        iterations,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::uct::{Rewards, MAX_PLAYERS};
    use rand::Rng;

    /// A one-shot bandit: action k wins with probability p[k]. Player 0 moves once.
    #[derive(Clone)]
    struct Bandit {
        done: bool,
        won: bool,
    }

    const P: [f64; 3] = [0.2, 0.5, 0.8];

    impl SearchGame for Bandit {
        type Action = usize;
        fn to_move(&self) -> usize {
            0
        }
        fn is_terminal(&self) -> bool {
            self.done
        }
        fn tree_actions(&self, out: &mut Vec<usize>) {
            out.extend(0..P.len());
        }
        fn apply<R: Rng>(&mut self, a: usize, rng: &mut R) {
            self.done = true;
            self.won = rng.gen_bool(P[a]);
        }
        fn playout<R: Rng>(&mut self, _rng: &mut R) -> Rewards {
            self.rewards()
        }
        fn rewards(&self) -> Rewards {
            let mut r = [0.0; MAX_PLAYERS];
            r[0] = if self.won { 1.0 } else { 0.0 };
            r
        }
    }

    #[test]
    fn ensemble_pools_all_trees_and_finds_the_best_arm() {
        let limits = Limits {
            iterations: Some(3000),
            time: None,
        };
        let cfg = EnsembleConfig {
            split_iterations: true,
            trees: 4,
            threads: 2,
            stop_when_settled: false,
        };
        let root = Bandit {
            done: false,
            won: false,
        };
        let r = search_ensemble(
            &root,
            &Params::default(),
            &limits,
            cfg,
            &AtomicBool::new(false),
            7,
        );
        assert_eq!(r.iterations, 3000);
        let visits: f32 = r.root.iter().map(|s| s.visits).sum();
        assert_eq!(visits, 3000.0);
        assert_eq!(r.best(), Some(2), "{:?}", r.root);
    }

    #[test]
    fn ensemble_result_does_not_depend_on_thread_count() {
        let limits = Limits {
            iterations: Some(600),
            time: None,
        };
        let root = Bandit {
            done: false,
            won: false,
        };
        let run = |threads| {
            let cfg = EnsembleConfig {
                split_iterations: true,
                trees: 3,
                threads,
                stop_when_settled: false,
            };
            let mut r = search_ensemble(
                &root,
                &Params::default(),
                &limits,
                cfg,
                &AtomicBool::new(false),
                11,
            );
            r.root.sort_by_key(|s| s.action);
            r.root
        };
        assert_eq!(run(1), run(3));
    }

    /// One ensemble search of the bandit.
    fn run_bandit(
        limits: Limits,
        trees: usize,
        threads: usize,
        split: bool,
        stop_when_settled: bool,
    ) -> SearchResult<usize> {
        let root = Bandit {
            done: false,
            won: false,
        };
        let cfg = EnsembleConfig {
            trees,
            threads,
            split_iterations: split,
            stop_when_settled,
        };
        search_ensemble(
            &root,
            &Params::default(),
            &limits,
            cfg,
            &AtomicBool::new(false),
            5,
        )
    }

    #[test]
    fn a_per_tree_budget_gives_each_tree_the_whole_of_it() {
        let limits = Limits {
            iterations: Some(500),
            time: None,
        };
        assert_eq!(run_bandit(limits, 3, 1, false, false).iterations, 1500);
        assert_eq!(run_bandit(limits, 3, 1, true, false).iterations, 501);
    }

    #[test]
    fn a_settled_ensemble_plays_the_full_budgets_move_sooner() {
        let limits = Limits {
            iterations: Some(5000),
            time: None,
        };
        for threads in [1, 2] {
            let run = |settle| run_bandit(limits, 2, threads, false, settle);
            let (full, cut) = (run(false), run(true));
            assert_eq!(full.iterations, 10_000);
            assert_eq!(cut.best(), full.best());
            assert_eq!(cut.best(), Some(2));
            // Arms of 0.2, 0.5 and 0.8 part early: the pooled lead outgrows what is left.
            assert!(
                cut.iterations < 9_000,
                "{threads} thread(s): {}",
                cut.iterations
            );
        }
    }

    #[test]
    fn a_time_limit_is_the_ensembles_wall_time_when_trees_share_a_thread() {
        let limits = Limits {
            iterations: None,
            time: Some(std::time::Duration::from_millis(200)),
        };
        let t = std::time::Instant::now();
        let r = run_bandit(limits, 4, 1, false, false);
        let took = t.elapsed();
        // Four trees one after another on one thread: 50 ms each, not 200 ms each.
        assert!(took < std::time::Duration::from_millis(600), "{took:?}");
        assert!(took >= std::time::Duration::from_millis(190), "{took:?}");
        assert!(r.iterations > 0);
    }
}
