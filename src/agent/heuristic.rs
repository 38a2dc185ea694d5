//! Baselines: [`RandomAgent`] (uniform over legal moves) and [`HeuristicAgent`] (fast and
//! rule-based: strong opening placement, then the move-pruning playout policy). Also the
//! opening evaluation the search agents share. Imports `crate::game` and `agent` modules.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::negotiate::{self, Answers};
use super::playout::{spot_score, HeuristicPolicy, ModelPolicy, PlayoutPolicy};
use super::view::View;
use super::Agent;
use crate::game::{
    Action, ActionList, BitSet, NodeId, Phase, Resource, ResourceSet, Seat, Shape, State,
    CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST,
};

/// How good a settlement on `node` is for `seat` at the opening ([`spot_score`] with the
/// seat's production).
pub fn opening_score<S: Shape>(state: &State<S>, seat: Seat, node: NodeId) -> i32 {
    spot_score(state, &state.production(seat), node)
}

/// The best opening settlement spot among `actions`.
fn best_opening_settlement<S: Shape>(state: &State<S>, actions: &[Action]) -> Option<usize> {
    let seat = state.current_player();
    (0..actions.len()).max_by_key(|&i| match actions[i] {
        Action::PlaceInitialSettlement(n) => opening_score(state, seat, n),
        _ => i32::MIN,
    })
}

/// The opening road pointing at the best free spot two steps away.
fn best_opening_road<S: Shape>(state: &State<S>, actions: &[Action]) -> Option<usize> {
    let topo = S::topology();
    let seat = state.current_player();
    let from = state.last_settlement(seat)?;
    let blocked = state.occupied();
    (0..actions.len()).max_by_key(|&i| match actions[i] {
        Action::PlaceInitialRoad(e) => {
            let mid = topo.other_end(e, from);
            topo.node_neighbours[mid.index()]
                .iter()
                .filter(|&n| n != from && !blocked.contains(n))
                .filter(|&n| {
                    topo.node_neighbours[n.index()]
                        .iter()
                        .all(|m| !blocked.contains(m))
                })
                .map(|n| opening_score(state, seat, n))
                .max()
                .unwrap_or(0)
        }
        _ => i32::MIN,
    })
}

/// Distinct discards past which the search agents choose a discard by [`rule_discard`]
/// instead of searching it: ordinary hands (up to about 40 cards) stay below it; a hand of
/// 120 of each resource owing 120 has 9.4 M.
pub const DISCARD_SEARCH_LIMIT: usize = 10_000;

/// The discard of the seat to move by rule, as a sensible player makes one with more choices
/// than to weigh: keep the cards of the best builds the hand pays for (a city, a settlement, a
/// development card, a road, each once, while the cards kept allow), and give up the rest one
/// card at a time from the pile with the most cards beyond them. Needs [`Phase::Discard`].
pub fn rule_discard<S: Shape>(state: &State<S>) -> Action {
    let s = state.to_move();
    let hand = state.hand(s);
    let owed = u32::from(state.discard_owed(s)).min(hand.total());
    let keep = hand.total() - owed;
    let (roads, settlements, cities) = state.pieces_left(s);
    let builds = [
        (CITY_COST, cities > 0 && !state.city_spots(s).is_empty()),
        (
            SETTLEMENT_COST,
            settlements > 0 && !state.settlement_spots(s).is_empty(),
        ),
        (DEV_CARD_COST, state.deck().total() > 0),
        (ROAD_COST, roads > 0 && !state.road_spots(s).is_empty()),
    ];
    let mut kept = ResourceSet::EMPTY;
    for (cost, possible) in builds {
        let mut with = kept;
        with.add(cost);
        if possible && hand.contains(with) && with.total() <= keep {
            kept = with;
        }
    }
    // The cards beyond `kept` number at least `owed` (kept.total() <= keep).
    let mut spare = hand;
    spare.sub(kept);
    let mut d = ResourceSet::EMPTY;
    for _ in 0..owed {
        let r = Resource::ALL
            .into_iter()
            .max_by_key(|&r| spare.get(r))
            .expect("five resources");
        spare[r] -= 1;
        d[r] += 1;
    }
    Action::Discard(d)
}

/// Uniformly random legal moves.
pub struct RandomAgent {
    rng: SmallRng,
}

impl RandomAgent {
    /// A random agent with a fixed seed.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<S: Shape> Agent<S> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, view: &View<S>, _deadline: Option<Instant>) -> Action {
        let mut list = ActionList::new();
        view.state.legal_actions(&mut list);
        list[self.rng.gen_range(0..list.len())]
    }
}

/// The rule-based baseline: opening by [`opening_score`], afterwards the move-pruning playout
/// policy (cities > settlements > sensible rest), which is also what the search's playouts
/// use, or one of the playout models ([`ModelPolicy`], `policy=` in its spec). Decides in
/// microseconds.
pub struct HeuristicAgent {
    rng: SmallRng,
    trading: bool,
    answers: Answers,
    policy: Option<ModelPolicy>,
}

impl HeuristicAgent {
    /// A heuristic agent with a fixed seed (its policy breaks ties at random); it answers
    /// offers by the trading model but makes none.
    pub fn new(seed: u64) -> Self {
        HeuristicAgent {
            rng: SmallRng::seed_from_u64(seed),
            trading: false,
            answers: Answers::Lenient,
            policy: None,
        }
    }

    /// After the opening, play by `policy` (for every seat: its `own` is cleared) instead of
    /// [`HeuristicPolicy`]; `None` keeps the heuristic.
    pub fn with_policy(mut self, policy: Option<ModelPolicy>) -> Self {
        self.policy = policy.map(|p| ModelPolicy { own: None, ..p });
        self
    }

    /// With `on`, the agent also makes offers the way the stock robot does: when its policy
    /// would end the turn, it first offers the trade that completes its best build
    /// ([`negotiate::choose_offer`]).
    pub fn with_trading(mut self, on: bool) -> Self {
        self.trading = on;
        self
    }

    /// The model by which the agent answers offers made to it ([`Answers::Lenient`] unless
    /// set).
    pub fn with_answers(mut self, answers: Answers) -> Self {
        self.answers = answers;
        self
    }
}

/// A new game on a random board (from `rng`) with the initial placements played by the
/// heuristic: the first player to roll. For tests and measurements that need a game under way.
pub fn game_after_placements<R: Rng>(rng: &mut R) -> State {
    let mut st = State::new(
        crate::game::Board::random(rng),
        crate::game::Rules::default(),
        crate::game::Seat::new(0),
    );
    while st.phase() != crate::game::Phase::RollOrCard {
        let a = heuristic_action(&st, rng);
        st.apply(a, rng);
    }
    st
}

/// The heuristic's choice in `state` (which must not be over), for agents that need a quick
/// fallback.
pub fn heuristic_action<S: Shape, R: Rng>(state: &State<S>, rng: &mut R) -> Action {
    policy_action(state, rng, &mut HeuristicPolicy)
}

/// The choice in `state` (which must not be over) of the heuristic's opening, then `policy`.
fn policy_action<S: Shape, R: Rng, P: PlayoutPolicy>(
    state: &State<S>,
    rng: &mut R,
    policy: &mut P,
) -> Action {
    let mut list = ActionList::new();
    match state.phase() {
        Phase::InitialSettlement1 | Phase::InitialSettlement2 => {
            state.legal_actions(&mut list);
            best_opening_settlement(state, &list).map(|i| list[i])
        }
        Phase::InitialRoad1 | Phase::InitialRoad2 => {
            state.legal_actions(&mut list);
            best_opening_road(state, &list).map(|i| list[i])
        }
        _ => {
            policy.candidates(state, &mut list);
            (!list.is_empty()).then(|| list[policy.choose(state, &list, rng)])
        }
    }
    .unwrap_or_else(|| {
        state.legal_actions(&mut list);
        list[0]
    })
}

impl<S: Shape> Agent<S> for HeuristicAgent {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn decide(&mut self, view: &View<S>, _deadline: Option<Instant>) -> Action {
        if view.state.phase() == Phase::TradeResponse {
            return negotiate::answer_with(&view.state, self.answers);
        }
        let a = match self.policy.as_mut() {
            Some(p) => policy_action(&view.state, &mut self.rng, p),
            None => heuristic_action(&view.state, &mut self.rng),
        };
        // Under a model policy (the stock robots' stand-in) at most one offer a turn: the
        // stock robots make about one offer in three of their turns, not one before every
        // turn's end (`scripts/game-stats.py`).
        let may_offer = self.policy.is_none() || view.state.offers_made() == 0;
        if self.trading && may_offer && a == Action::EndTurn {
            if let Some(offer) = negotiate::choose_offer(&view.state) {
                return offer;
            }
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::topology::topology;
    use crate::game::{pips, Board, Rules};

    #[test]
    fn baselines_play_legal_moves_to_the_end() {
        let mut rng = SmallRng::seed_from_u64(5);
        for seed in 0..20u64 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let mut agents: Vec<Box<dyn Agent>> = vec![
                Box::new(HeuristicAgent::new(seed)),
                Box::new(RandomAgent::new(seed)),
                Box::new(HeuristicAgent::new(seed + 1)),
                Box::new(HeuristicAgent::new(seed + 2)),
            ];
            let mut steps = 0;
            while !st.is_over() && steps < 20_000 {
                let me = st.to_move();
                let a = agents[me.index()].decide(&View::open_hands(st.clone(), me), None);
                assert!(
                    st.is_legal(a),
                    "seed {seed}: {a:?} illegal in {:?}",
                    st.phase()
                );
                st.apply(a, &mut rng);
                steps += 1;
            }
        }
    }

    #[test]
    fn the_heuristic_answers_offers_by_its_model() {
        let mut rng = SmallRng::seed_from_u64(4);
        let mut differ = 0;
        let positions = crate::game::testutil::random_play_positions(600, 23, |st, rng| {
            st.phase() == Phase::Main && rng.gen_bool(0.1)
        });
        for st in positions {
            let Some(offer) = negotiate::choose_offer(&st) else {
                continue;
            };
            let mut t = st.clone();
            t.apply(offer, &mut rng);
            while t.phase() == Phase::TradeResponse {
                let view = View::open_hands(t.clone(), t.to_move());
                let answers = [Answers::Lenient, Answers::Stock].map(|m| {
                    let a = HeuristicAgent::new(1).with_answers(m).decide(&view, None);
                    assert_eq!(a, negotiate::answer_with(&t, m));
                    a
                });
                differ += usize::from(answers[0] != answers[1]);
                t.apply(answers[1], &mut rng);
            }
        }
        assert!(differ > 0);
    }

    #[test]
    fn a_policy_agent_plays_its_policy_to_the_end() {
        use crate::agent::playout::Playouts;
        let stock = Playouts::Stock.model();
        let mut rng = SmallRng::seed_from_u64(6);
        // Its moves are always the policy's; where the policy saves (ends the turn) or trades
        // towards its plan, the heuristic would not have.
        let (mut moves, mut not_heuristic) = (0, 0);
        for seed in 0..12u64 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let mut agent = HeuristicAgent::new(seed).with_policy(stock);
            let mut steps = 0;
            while !st.is_over() && steps < 20_000 {
                let me = st.to_move();
                let a = agent.decide(&View::open_hands(st.clone(), me), None);
                assert!(
                    st.is_legal(a),
                    "seed {seed}: {a:?} illegal in {:?}",
                    st.phase()
                );
                if st.phase() == Phase::Main {
                    let (mut ours, mut theirs) = (ActionList::new(), ActionList::new());
                    stock.unwrap().candidates(&st, &mut ours);
                    HeuristicPolicy.candidates(&st, &mut theirs);
                    assert!(ours.contains(a), "seed {seed}: {a:?} not the policy's");
                    moves += 1;
                    not_heuristic += usize::from(!theirs.contains(a));
                }
                st.apply(a, &mut rng);
                steps += 1;
            }
            assert!(st.is_over(), "seed {seed}: no winner in 20,000 steps");
        }
        assert!(
            not_heuristic > 0 && not_heuristic < moves,
            "{not_heuristic} of {moves}"
        );
    }

    #[test]
    fn opening_prefers_more_pips() {
        let mut rng = SmallRng::seed_from_u64(8);
        let st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let a = heuristic_action(&st, &mut rng);
        let Action::PlaceInitialSettlement(best) = a else {
            panic!("{a:?}");
        };
        let topo = topology();
        let pip_sum = |n: NodeId| -> u32 {
            topo.node_hexes(n)
                .into_iter()
                .map(|h| pips(st.board().hex_number[h.index()]) as u32)
                .sum()
        };
        let max = topology().nodes().map(pip_sum).max().unwrap();
        assert!(pip_sum(best) + 3 >= max, "{} vs {max}", pip_sum(best));
    }
}
