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
use super::heuristic::{heuristic_action, rule_discard, DISCARD_SEARCH_LIMIT};
use super::search_game::{CatanGame, TreeMove, Variant};
use super::spec::{AgentKind, AgentSpec};
use super::uct::{best_of, Limits, Params, RootStat, SearchResult};
use super::view::{DevAges, View};
use super::win::winning_move;
use super::Agent;
use crate::game::{Action, ActionList, Phase, Shape};

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
        let base = match spec.kind {
            AgentKind::PlainUct | AgentKind::VwUct => Variant::PLAIN,
            AgentKind::MpUct | AgentKind::MpEnsembleUct => Variant::MP,
            _ => Variant::MPT,
        };
        let variant = Variant {
            player_trades: spec.trade,
            ship_pruning: base.ship_pruning && spec.ship_pruning,
            cards_beside_builds: spec.cards_beside_builds,
            answers: spec.answers,
            playouts: spec.playouts,
            points_pct: spec.points_pct,
            opening_top: spec.opening_top,
            cut: spec.cut,
            opponents_by_policy: spec.opponents_by_policy,
            lone_bank_trades: spec.lone_bank_trades,
            trade_builds_wait: spec.trade_builds_wait,
            awards_beside_builds: spec.awards_beside_builds,
            ..base
        };
        let params = Params {
            c: spec.c,
            virtual_visits: spec.virtual_visits,
            // Virtual *wins*: a new node starts as if it had won half its virtual visits.
            virtual_reward: spec.virtual_visits * 0.5,
            resample_each_iteration: true,
            paranoia: f32::from(spec.paranoia_pct) / 100.0,
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
                stop_when_settled: spec.settle,
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
    pub fn search<S: Shape>(
        &mut self,
        view: &View<S>,
        deadline: Option<Instant>,
    ) -> SearchResult<TreeMove> {
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
        let mut view = view.clone();
        if !self.spec.dev_ages {
            for s in view.state.seats() {
                view.beliefs[s].dev_ages = DevAges::default();
            }
        }
        let root = CatanGame::root(view, self.variant);
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

impl<S: Shape> Agent<S> for UctAgent {
    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn answers_offers(&self) -> bool {
        self.spec.trade && !self.spec.decline_offers
    }

    fn models_rival_answers(&self) -> bool {
        self.spec.rival_answers
    }

    fn last_iterations(&self) -> Option<u64> {
        Some(self.last.iterations).filter(|&n| n > 0)
    }

    fn decide(&mut self, view: &View<S>, deadline: Option<Instant>) -> Action {
        let state = &view.state;
        self.last = LastSearch::default();

        // A win within this turn, which the pruned tree may not hold.
        if self.spec.win_now {
            if let Some(a) = winning_move(view) {
                self.plan.clear();
                return a;
            }
        }

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

        // A discard with more choices than a search can weigh (a hand far beyond any real
        // game's) is chosen by rule, at once.
        if state.phase() == Phase::Discard
            && state.discard_choices(state.to_move()) > DISCARD_SEARCH_LIMIT
        {
            return rule_discard(state);
        }

        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        if list.len() == 1 {
            return list[0];
        }
        let result = self.search(view, deadline);
        // The most visited move that is legal here: a sampled world can make legal what is
        // not (a fog hex drawn as water opens its sides to ships).
        let mut legal = result.root;
        legal.retain(|r| r.action.actions().next().is_some_and(|a| state.is_legal(a)));
        if state.phase() == Phase::TradeResponse
            && self.spec.eager_pct > 0
            && leans_to_accept(&legal, f32::from(self.spec.eager_pct) / 100.0)
        {
            return Action::AcceptOffer;
        }
        match best_of(&legal) {
            Some(m) => {
                let mut actions = m.actions();
                let first = actions.next().expect("a move has an action");
                self.plan.extend(actions);
                self.plan_turn = state.turn();
                first
            }
            None => heuristic_action(state, &mut self.rng),
        }
    }
}

/// Whether accepting the offer (a root move of `stats`) has a mean reward within `margin` of
/// declining's, both searched.
fn leans_to_accept(stats: &[RootStat<TreeMove>], margin: f32) -> bool {
    let mean = |a: Action| {
        stats
            .iter()
            .find(|r| r.action == TreeMove::Act(a) && r.visits > 0.0)
            .map(|r| r.reward / r.visits)
    };
    match (mean(Action::AcceptOffer), mean(Action::DeclineOffer)) {
        (Some(accept), Some(decline)) => accept >= decline - margin,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, ResourceSet, Rules, Seat, State};

    #[test]
    fn an_eager_answer_accepts_within_its_margin_only() {
        let stat = |a: Action, visits: f32, mean: f32| RootStat {
            action: TreeMove::Act(a),
            visits,
            reward: visits * mean,
        };
        let close = [
            stat(Action::AcceptOffer, 400.0, 0.50),
            stat(Action::DeclineOffer, 1600.0, 0.52),
        ];
        assert!(leans_to_accept(&close, 0.03));
        assert!(!leans_to_accept(&close, 0.01));
        let far = [
            stat(Action::AcceptOffer, 100.0, 0.40),
            stat(Action::DeclineOffer, 1900.0, 0.52),
        ];
        assert!(!leans_to_accept(&far, 0.03));
        // Unvisited or missing: no lean.
        assert!(!leans_to_accept(&far[1..], 0.03));
        let unvisited = [stat(Action::AcceptOffer, 0.0, 0.0), far[1]];
        assert!(!leans_to_accept(&unvisited, 0.03));
    }

    #[test]
    fn accept_0_declines_offers_made_to_it_but_still_makes_its_own() {
        let spec = |t: &str| UctAgent::new(&t.parse().unwrap());
        let trader = spec("mpt-ensemble-uct:iterations=50,trees=1,trade=1");
        let decliner = spec("mpt-ensemble-uct:iterations=50,trees=1,trade=1,accept=0");
        assert!(Agent::<crate::game::Classic>::answers_offers(&trader));
        assert!(!Agent::<crate::game::Classic>::answers_offers(&decliner));
        // Its own offers stay in its tree.
        assert!(decliner.variant.player_trades);
        let rivals = spec("mpt-ensemble-uct:iterations=50,trees=1,trade=1,rivals=1");
        assert!(Agent::<crate::game::Classic>::models_rival_answers(&rivals));
        assert!(!Agent::<crate::game::Classic>::models_rival_answers(
            &trader
        ));
    }

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
            "mpt-ensemble-uct:iterations=300,trees=1,seed=1,threads=1,setup=4,settle=0",
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

    /// A state of a self-played game (board and play from `seed`) at its first turn after
    /// the placements, turned into a discard: the current player holds `hand` and owes
    /// `owed` cards after a seven.
    fn discard_state(seed: u64, hand: ResourceSet, owed: u8) -> State {
        let mut rng = SmallRng::seed_from_u64(seed);
        let st = crate::agent::heuristic::game_after_placements(&mut rng);
        let me = st.current_player();
        let mut setup = st.to_setup();
        setup.hands[me] = hand;
        setup.phase = Phase::Discard;
        setup.dice = 7;
        setup.discards_owed[me] = owed;
        State::from_setup(&setup).expect("a valid discard")
    }

    /// Before: a 600-card hand (120 of each, as the client's bounds accept) owing 120 made
    /// every root expansion enumerate its 9.4 M discards and answered long after the 3 s
    /// deadline. After: the discard is chosen by a rule, well inside the deadline, legal, and
    /// keeping a city's cards.
    #[test]
    fn a_discard_from_a_huge_hand_answers_inside_its_deadline() {
        let st = discard_state(11, ResourceSet::new(120, 120, 120, 120, 120), 120);
        let me = st.to_move();
        let spec: AgentSpec = "mpt-ensemble-uct:iterations=25000,budget=tree,trees=2,trade=1"
            .parse()
            .unwrap();
        let mut agent = UctAgent::new(&spec);
        let budget = Duration::from_millis(3000);
        let t0 = Instant::now();
        let a = agent.decide(&View::open_hands(st.clone(), me), Some(t0 + budget));
        let took = t0.elapsed();
        // By rule, not by a search that runs to the deadline.
        assert!(took < budget / 10, "answered after {took:?}");
        assert!(st.is_legal(a), "{a:?}");
        let Action::Discard(d) = a else {
            panic!("{a:?}")
        };
        assert_eq!(d.total(), 120);
    }

    /// The rule keeps what the best builds need: here a city (and a road), which giving up
    /// the largest piles first would break up.
    #[test]
    fn the_discard_rule_keeps_a_citys_cards() {
        let st = discard_state(12, ResourceSet::new(4, 3, 4, 2, 4), 8);
        let Action::Discard(d) = rule_discard(&st) else {
            panic!("not a discard")
        };
        assert!(st.is_legal(Action::Discard(d)), "{d:?}");
        let mut left = st.hand(st.to_move());
        left.sub(d);
        assert!(left.contains(crate::game::CITY_COST), "{left:?} left");
        assert!(left.contains(crate::game::ROAD_COST), "{left:?} left");
        // Largest piles first would have taken ore: 4,3,4,2,4 -> 3,3,3,2,3 -> ...
        let Action::Discard(naive) = heuristic_action(&st, &mut SmallRng::seed_from_u64(0)) else {
            panic!("not a discard")
        };
        let mut naive_left = st.hand(st.to_move());
        naive_left.sub(naive);
        assert!(
            !naive_left.contains(crate::game::CITY_COST),
            "{naive_left:?}"
        );
    }

    /// Discards of ordinary hands are searched as before: the same choice for the same seed
    /// (the figures were recorded before the generator and the rule changed).
    #[test]
    fn small_discards_choose_as_before() {
        let cases = [
            // Every discard generated (126 at most).
            (ResourceSet::new(3, 2, 2, 2, 2), 5),
            // More distinct discards than generated: an evenly spaced sample.
            (ResourceSet::new(4, 3, 3, 2, 4), 8),
            (ResourceSet::new(6, 5, 4, 5, 4), 12),
        ];
        let mut got = Vec::new();
        for (seed, (hand, owed)) in cases.into_iter().enumerate() {
            let st = discard_state(20 + seed as u64, hand, owed);
            let spec: AgentSpec = "mpt-ensemble-uct:iterations=3000,seed=5,threads=1"
                .parse()
                .unwrap();
            let mut agent = UctAgent::new(&spec);
            let a = agent.decide(&View::open_hands(st.clone(), st.to_move()), None);
            assert!(st.is_legal(a));
            got.push(a);
        }
        assert_eq!(
            got,
            [
                Action::Discard(ResourceSet::new(1, 2, 0, 1, 1)),
                // (3, 0, 3, 0, 2) before playouts stopped playing a Road Building card
                // with no spot for its roads (the generator's rule since then).
                Action::Discard(ResourceSet::new(2, 0, 3, 0, 3)),
                Action::Discard(ResourceSet::new(4, 1, 3, 2, 2)),
            ]
        );
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
