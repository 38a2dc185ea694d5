//! [`UctAgent`]: the UCT family as an [`Agent`] — PlainUCT, VW-UCT, MP-UCT, MP-EnsembleUCT and
//! MPT-EnsembleUCT, configured from an [`AgentSpec`]. A trade-optimistic macro move is played
//! one engine action at a time: the agent remembers the rest of the plan and plays it on the
//! next calls while it stays legal. Imports `crate::game` and `agent` modules.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::ensemble::{search_ensemble, EnsembleConfig};
use super::heuristic::heuristic_action;
use super::search_game::{CatanGame, TreeMove, Variant};
use super::spec::{AgentKind, AgentSpec};
use super::uct::{Limits, Params, SearchResult};
use super::view::View;
use super::Agent;
use crate::game::{Action, ActionList, Phase};

/// Statistics of the agent's last search, for logs and `perf`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LastSearch {
    /// Iterations (playouts) run, all trees together.
    pub iterations: u64,
    /// Tree nodes, all trees together.
    pub nodes: usize,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// A UCT-family agent.
pub struct UctAgent {
    spec: AgentSpec,
    variant: Variant,
    params: Params,
    ensemble: EnsembleConfig,
    rng: SmallRng,
    /// The remaining engine actions of a macro move, with the turn they belong to.
    plan: VecDeque<Action>,
    plan_turn: u32,
    last: LastSearch,
}

impl UctAgent {
    /// The agent a search spec describes.
    ///
    /// # Panics
    /// If `spec.kind` is not a search kind.
    pub fn new(spec: &AgentSpec) -> UctAgent {
        assert!(
            spec.kind.is_search(),
            "{:?} is not a search agent",
            spec.kind
        );
        let variant = Variant {
            player_trades: spec.trade,
            ..match spec.kind {
                AgentKind::PlainUct | AgentKind::VwUct => Variant::PLAIN,
                AgentKind::MpUct | AgentKind::MpEnsembleUct => Variant::MP,
                _ => Variant::MPT,
            }
        };
        let params = Params {
            c: spec.c,
            virtual_visits: spec.virtual_visits,
            // Virtual *wins*: a new node starts as if it had won half its virtual visits.
            virtual_reward: spec.virtual_visits * 0.5,
            resample_each_iteration: true,
        };
        let threads = spec.threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        UctAgent {
            spec: spec.clone(),
            variant,
            params,
            ensemble: EnsembleConfig {
                trees: spec.trees,
                threads,
                split_iterations: !spec.per_tree_budget,
            },
            rng: SmallRng::seed_from_u64(spec.seed.unwrap_or_else(rand::random)),
            plan: VecDeque::new(),
            plan_turn: u32::MAX,
            last: LastSearch::default(),
        }
    }

    /// Statistics of the last search (zero when the last decision needed none).
    pub fn last_search(&self) -> LastSearch {
        self.last
    }

    /// Runs the search from `view` and returns its root statistics.
    pub fn search(&mut self, view: &View, deadline: Option<Instant>) -> SearchResult<TreeMove> {
        let factor = if view.state.phase().is_initial() {
            self.spec.setup_factor.max(1)
        } else {
            1
        };
        let mut time = self
            .spec
            .time_ms
            .map(|t| Duration::from_millis(t.saturating_mul(u64::from(factor))));
        if let Some(d) = deadline {
            let left = d.saturating_duration_since(Instant::now());
            time = Some(time.map_or(left, |t| t.min(left)));
        }
        let limits = Limits {
            // 0: no iteration limit (the spec then has a time limit).
            iterations: Some(self.spec.iterations)
                .filter(|&n| n > 0)
                .map(|n| n.saturating_mul(u64::from(factor))),
            time,
        };
        let root = CatanGame::root(view.clone(), self.variant);
        let seed = self.rng.gen();
        let start = Instant::now();
        let result = search_ensemble(
            &root,
            &self.params,
            &limits,
            self.ensemble,
            &AtomicBool::new(false),
            seed,
        );
        self.last = LastSearch {
            iterations: result.iterations,
            nodes: result.nodes,
            elapsed: start.elapsed(),
        };
        result
    }
}

impl Agent for UctAgent {
    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn answers_offers(&self) -> bool {
        self.spec.trade
    }

    fn last_iterations(&self) -> Option<u64> {
        Some(self.last.iterations).filter(|&n| n > 0)
    }

    fn decide(&mut self, view: &View, deadline: Option<Instant>) -> Action {
        let state = &view.state;
        self.last = LastSearch::default();

        // Continue a macro move while it is still ours to play and legal.
        if state.phase() == Phase::Main && state.turn() == self.plan_turn {
            if let Some(&next) = self.plan.front() {
                if state.is_legal(next) {
                    self.plan.pop_front();
                    return next;
                }
            }
        }
        self.plan.clear();

        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        if list.len() == 1 {
            return list[0];
        }
        let result = self.search(view, deadline);
        match result.best() {
            Some(m) => {
                let mut actions = m.actions();
                let first = actions.next().expect("a move has an action");
                self.plan.extend(actions);
                self.plan_turn = state.turn();
                if state.is_legal(first) {
                    first
                } else {
                    self.plan.clear();
                    heuristic_action(state, &mut self.rng)
                }
            }
            None => heuristic_action(state, &mut self.rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Rules, Seat, State};

    /// Plays up to `steps` actions of a new game (board from `seed`), every seat by `spec`'s
    /// agent, asserting each action legal; `seen` gets each state, the action and the agent.
    fn self_play(
        spec: &str,
        seed: u64,
        games: usize,
        steps: usize,
        mut seen: impl FnMut(&State, Action, &UctAgent),
    ) {
        let spec: AgentSpec = spec.parse().unwrap();
        let mut agent = UctAgent::new(&spec);
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..games {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            for _ in 0..steps {
                if st.is_over() {
                    break;
                }
                let me = st.to_move();
                let a = agent.decide(&View::open_hands(st.clone(), me), None);
                assert!(st.is_legal(a), "{spec}: {a:?} illegal in {:?}", st.phase());
                seen(&st, a, &agent);
                st.apply(a, &mut rng);
            }
        }
    }

    #[test]
    fn every_variant_plays_a_legal_game_prefix() {
        for (_, name) in AgentKind::ALL.iter().filter(|(k, _)| k.is_search()) {
            self_play(
                &format!("{name}:iterations=60,seed=1,threads=1"),
                3,
                1,
                80,
                |_, _, _| {},
            );
        }
    }

    #[test]
    fn a_trading_search_offers_and_answers_legally() {
        let (mut offers, mut answers) = (0, 0);
        self_play(
            "mpt-ensemble-uct:iterations=200,trees=1,seed=1,threads=1,trade=1",
            6,
            3,
            600,
            |_, a, _| {
                offers += matches!(a, Action::OfferTrade(_)) as u32;
                answers += matches!(a, Action::AcceptOffer | Action::DeclineOffer) as u32;
            },
        );
        assert!(
            offers > 0 && answers > 0,
            "{offers} offers, {answers} answers"
        );
    }

    #[test]
    fn setup_multiplies_the_budget_of_initial_placements_only() {
        let (mut setup, mut later) = (0, 0);
        self_play(
            "mpt-ensemble-uct:iterations=300,trees=1,seed=1,threads=1,setup=4",
            8,
            1,
            200,
            |st, _, agent| {
                let n = agent.last_search().iterations;
                if n == 0 {
                    return;
                }
                match st.phase() {
                    Phase::InitialSettlement1 | Phase::InitialSettlement2 => {
                        assert_eq!(n, 1200, "{:?}", st.phase());
                        setup += 1;
                    }
                    Phase::Main => {
                        assert_eq!(n, 300);
                        later += 1;
                    }
                    _ => {}
                }
            },
        );
        assert!(setup >= 8 && later > 0, "{setup} placements, {later} later");
    }

    #[test]
    fn a_deadline_in_the_past_still_returns_a_legal_move() {
        let spec: AgentSpec = "mpt-ensemble-uct:iterations=1000000,seed=2,threads=1"
            .parse()
            .unwrap();
        let mut agent = UctAgent::new(&spec);
        let mut rng = SmallRng::seed_from_u64(4);
        let st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let t = Instant::now();
        let a = agent.decide(&View::open_hands(st.clone(), Seat::new(0)), Some(t));
        assert!(st.is_legal(a));
        assert!(agent.last_search().iterations < 1000);
    }
}
