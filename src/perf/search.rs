//! Search benchmark for `catan-bot perf --search`: decision latency of a search agent from
//! fixed mid-game positions, with a checksum of the moves chosen (a change that must not alter
//! the search must not alter it).

use std::hash::{Hash, Hasher};
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::cpu::{CpuScope, Stopwatch};
use crate::agent::playout::{HeuristicPolicy, PlayoutPolicy};
use crate::agent::uct_agent::UctAgent;
use crate::agent::{AgentSpec, View};
use crate::game::{ActionList, Board, Phase, Rules, Seat, State};
use crate::report::stats::percentile;

/// `n` positions in `Phase::Main` with several legal moves, from seeded heuristic games.
pub fn midgame_positions(n: usize, seed: u64) -> Vec<State> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    let mut list = ActionList::new();
    while out.len() < n {
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let stop_at = rng.gen_range(60..220);
        let mut policy = HeuristicPolicy;
        for _ in 0..stop_at {
            if st.is_over() {
                break;
            }
            policy.candidates(&st, &mut list);
            let i = policy.choose(&st, &list, &mut rng);
            st.apply_unchecked(list[i], &mut rng);
        }
        // Walk on to a main-phase decision with a real choice.
        for _ in 0..200 {
            if st.is_over() {
                break;
            }
            st.legal_actions(&mut list);
            if st.phase() == Phase::Main && list.len() >= 3 {
                out.push(st.clone());
                break;
            }
            policy.candidates(&st, &mut list);
            let i = policy.choose(&st, &list, &mut rng);
            st.apply_unchecked(list[i], &mut rng);
        }
    }
    out
}

/// Latency figures of one spec.
#[derive(Clone, Debug)]
pub struct SearchBench {
    /// The spec measured.
    pub spec: String,
    /// Per decision, milliseconds, in position order.
    pub millis: Vec<f64>,
    /// Iterations run in all.
    pub iterations: u64,
    /// Hash of the moves chosen.
    pub checksum: u64,
    /// CPU seconds the whole process spent (all search threads), when the OS tells.
    pub cpu_secs: Option<f64>,
}

impl SearchBench {
    /// The `q`-quantile of the latencies (nearest rank).
    pub fn quantile(&self, q: f64) -> f64 {
        percentile(&self.millis, q).unwrap_or(0.0)
    }

    /// Iterations per wall second over all decisions.
    pub fn iterations_per_sec(&self) -> f64 {
        self.iterations as f64 / (self.millis.iter().sum::<f64>() / 1000.0).max(1e-9)
    }

    /// Iterations per CPU second (all threads), when known.
    pub fn iterations_per_cpu_sec(&self) -> Option<f64> {
        self.cpu_secs.map(|c| self.iterations as f64 / c.max(1e-9))
    }
}

/// Times one decision of `spec` (its seed is fixed to `seed` if unset) at each position.
pub fn bench_search(spec: &AgentSpec, positions: &[State], seed: u64) -> SearchBench {
    let mut spec = spec.clone();
    spec.seed.get_or_insert(seed);
    let mut agent = UctAgent::new(&spec);
    let mut millis = Vec::with_capacity(positions.len());
    let mut iterations = 0;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let watch = Stopwatch::start(CpuScope::Process);
    for st in positions {
        let view = View::open_hands(st.clone(), st.to_move());
        let t = Instant::now();
        let r = agent.search(&view, None);
        millis.push(t.elapsed().as_secs_f64() * 1000.0);
        iterations += r.iterations;
        r.best().hash(&mut hasher);
    }
    let cpu_secs = watch.cpu_secs();
    SearchBench {
        spec: spec.to_string(),
        millis,
        iterations,
        checksum: hasher.finish(),
        cpu_secs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_main_phase_choices_and_runs_are_reproducible() {
        let pos = midgame_positions(3, 5);
        assert_eq!(pos.len(), 3);
        assert!(pos.iter().all(|p| p.phase() == Phase::Main));
        let spec: AgentSpec = "mpt-ensemble-uct:iterations=200,trees=2,threads=1,settle=0"
            .parse()
            .unwrap();
        let a = bench_search(&spec, &pos, 1);
        let b = bench_search(&spec, &pos, 1);
        assert_eq!(a.iterations, 600);
        assert_eq!(a.checksum, b.checksum);
    }
}
