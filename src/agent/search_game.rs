//! The Catan side of the search: [`CatanGame`] adapts the engine to [`SearchGame`] for every
//! UCT variant — which moves the tree sees (all, move-pruned, or pruned plus trade-optimistic
//! macro moves), which playout policy runs, and how a world is sampled from the searcher's
//! [`View`]. Imports `crate::game` and `agent` modules only.

use std::sync::Arc;

use rand::Rng;

use super::determinize::{determinize, has_hidden};
use super::negotiate::{self, Answers};
use super::playout::{
    playout, spot_score, HeuristicPolicy, PlayoutPolicy, Playouts, UniformPolicy,
};
use super::uct::{Rewards, SearchGame, MAX_PLAYERS};
use super::value;
use super::view::View;
use crate::game::{
    Action, ActionList, BitSet, Classic, Outcome, Phase, Resource, ResourceSet, Seat, Shape, State,
    CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST, SHIP_COST,
};

/// Which knowledge the search uses: the variants of the paper differ only here and in
/// `uct::Params`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Move pruning (cities > settlements > rest) in the tree.
    pub pruning: bool,
    /// Trade-optimistic macro moves: builds reachable through bank/port trades become one
    /// move "trades then build"; lone bank trades leave the tree.
    pub trade_optimistic: bool,
    /// Heuristic (move-pruning) playouts instead of uniformly random ones.
    pub heuristic_playouts: bool,
    /// Actions after which a playout stops and scores by victory points.
    pub max_playout_steps: u32,
    /// Player trading in the tree: the current player's candidate offers
    /// ([`State::push_offers`]) are moves beside the rest; the addressees answer by the
    /// trading model ([`negotiate::answer_with`], `answers`) except at the root, where the
    /// searcher's own answer is searched. Off in the paper's variants.
    pub player_trades: bool,
    /// Sea boards, with `pruning`: ship builds and ship moves in the tree only towards new land
    /// ([`State::ships_towards_new_land`]; a move only when it brings the route's end nearer),
    /// and (with `trade_optimistic`) ships that trades pay for. Without it every legal ship
    /// build and move is a move of the tree, most of which sail nowhere.
    pub ship_pruning: bool,
    /// With `pruning`: the development card moves ([`State::push_cards`]: plays, and a
    /// purchase the hand pays for) stand beside the cities and settlements instead of waiting
    /// until neither can be built.
    pub cards_beside_builds: bool,
    /// How the other seats answer offers below the root (the searcher's own answers at the
    /// root are searched).
    pub answers: Answers,
    /// With `heuristic_playouts`: who plays them — the heuristic, or a [`ModelPolicy`]
    /// (players who offer each other trades, or who build on the best spots).
    pub playouts: Playouts,
    /// Percent of a playout's reward that is the seat's share of the points to win (at most
    /// 1), the rest being the win itself: 0 (the default) rewards winning only; more gives a
    /// denser signal that also counts how close the losers came.
    pub points_pct: u8,
    /// With `pruning`: the initial settlements in the tree are only this many best spots by
    /// [`spot_score`] (0, the default: every legal spot), so the tree reaches the later
    /// placements, the opponents' included.
    pub opening_top: u8,
    /// Playouts cut after this many actions (0, the default: `max_playout_steps`), an
    /// unfinished one scored by the learned evaluation ([`value::win_chances`]) instead of
    /// by points.
    pub cut: u16,
    /// Below the root, the other seats' moves are the playout policy's (an opponent model in
    /// the tree): the tree branches on the searcher's own decisions only, so its iterations
    /// all deepen the searcher's plans. Off (the default): every seat's moves are tree nodes,
    /// each chosen for that seat's reward (max-n).
    pub opponents_by_policy: bool,
    /// With `trade_optimistic`: lone bank/port trades stay in the tree beside the rest (when
    /// no city or settlement can be built) instead of leaving it, so the searcher can turn a
    /// hand towards a later build or below a discard.
    pub lone_bank_trades: bool,
    /// With `trade_optimistic`: a city or settlement that only bank/port trades pay for does
    /// not prune the moves below it (the settlements, then the rest: end the turn, offer a
    /// player trade, buy a card); only one built from the hand does. Off (the paper's): the
    /// first level that holds any build, trade-paid or not, is the whole tree.
    pub trade_builds_wait: bool,
    /// With `pruning`: beside the cities and settlements, the moves toward an award the
    /// mover does not hold, which the paper's pruning would hide until nothing can be built —
    /// the roads from the hand that lengthen its longest road to within one road of the
    /// Longest Road, and the knight that takes the Largest Army.
    pub awards_beside_builds: bool,
}

impl Variant {
    /// PlainUCT and VW-UCT: everything legal, random playouts.
    pub const PLAIN: Variant = Variant {
        pruning: false,
        trade_optimistic: false,
        heuristic_playouts: false,
        max_playout_steps: 4000,
        player_trades: false,
        ship_pruning: false,
        cards_beside_builds: false,
        answers: Answers::Lenient,
        playouts: Playouts::Heuristic,
        points_pct: 0,
        opening_top: 0,
        cut: 0,
        opponents_by_policy: false,
        lone_bank_trades: false,
        trade_builds_wait: false,
        awards_beside_builds: false,
    };
    /// MP-UCT and MP-EnsembleUCT: PLAIN with move pruning and heuristic playouts.
    pub const MP: Variant = Variant {
        pruning: true,
        heuristic_playouts: true,
        max_playout_steps: 2000,
        ship_pruning: true,
        ..Variant::PLAIN
    };
    /// MPT-EnsembleUCT: MP with trade-optimistic build moves.
    pub const MPT: Variant = Variant {
        trade_optimistic: true,
        ..Variant::MP
    };
}

/// At most this many bank/port trades precede a build in one macro move.
pub const MAX_MACRO_TRADES: usize = 4;

/// Bank/port trades (give, get), in order, at the ratios of the trader's ports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TradePlan {
    trades: [(u8, u8); MAX_MACRO_TRADES],
    len: u8,
}

impl TradePlan {
    /// The trades as engine actions.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        self.trades[..self.len as usize]
            .iter()
            .map(|&(g, r)| Action::BankTrade {
                give: Resource::new(g as usize),
                get: Resource::new(r as usize),
            })
    }

    /// Number of trades.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no trades.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The trades that let `seat` pay `cost` from its hand, or `None` when none do within
/// [`MAX_MACRO_TRADES`]. Each missing card is bought with the resource the seat has most
/// spare of at its best ratio (a 2:1 port first, then 3:1, then 4:1), never touching the
/// cards the cost itself needs, and only while the bank holds it ([`State::bank_has`], the
/// engine's rule for bank trades). Returns an empty plan when the hand already pays.
pub fn plan_trades<S: Shape>(state: &State<S>, seat: Seat, cost: ResourceSet) -> Option<TradePlan> {
    let mut hand = state.hand(seat);
    let mut plan = TradePlan::default();
    if hand.contains(cost) {
        return Some(plan);
    }
    if hand.total() < cost.total() {
        return None;
    }
    for want in Resource::ALL {
        while hand.get(want) < cost.get(want) {
            // The bank must hold every card of `want` the plan buys (`Rules::bank_limit`).
            let bought = i16::from(hand.get(want).saturating_sub(state.hand(seat).get(want)));
            if !state.bank_has(want, bought + 1) {
                return None;
            }
            let mut best: Option<(u8, u8, Resource)> = None; // (ratio, spare, give)
            for give in Resource::ALL {
                if give == want {
                    continue;
                }
                let ratio = state.best_trade_ratio(seat, give);
                let spare = hand.get(give).saturating_sub(cost.get(give));
                if spare >= ratio {
                    let better = match best {
                        None => true,
                        Some((br, bs, _)) => ratio < br || (ratio == br && spare > bs),
                    };
                    if better {
                        best = Some((ratio, spare, give));
                    }
                }
            }
            let (ratio, _, give) = best?;
            if plan.len as usize == MAX_MACRO_TRADES {
                return None;
            }
            hand.sub(ResourceSet::of(give, ratio));
            hand.add(ResourceSet::of(want, 1));
            plan.trades[plan.len as usize] = (give.index() as u8, want.index() as u8);
            plan.len += 1;
        }
    }
    Some(plan)
}

/// A move in the tree: one engine action, or trades followed by a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TreeMove {
    /// A single engine action.
    Act(Action),
    /// Bank/port trades, then `then` (a build or a card purchase) with the proceeds.
    TradeThen {
        /// The trades, in order.
        trades: TradePlan,
        /// The build that the trades pay for.
        then: Action,
    },
}

impl TreeMove {
    /// The engine actions of this move, in order.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        let (plan, last) = match self {
            TreeMove::Act(a) => (None, *a),
            TreeMove::TradeThen { trades, then } => (Some(trades), *then),
        };
        plan.into_iter()
            .flat_map(|p| p.actions())
            .chain(std::iter::once(last))
    }
}

/// The engine as a [`SearchGame`].
#[derive(Clone)]
pub struct CatanGame<S: Shape = Classic> {
    state: State<S>,
    variant: Variant,
    /// The searcher's view (root only): where hidden information is resampled from.
    view: Option<Arc<View<S>>>,
    /// The searcher's seat (`playouts=plans`: the other seats play the plans).
    me: Option<Seat>,
}

impl<S: Shape> CatanGame<S> {
    /// The root of a search from `view`.
    pub fn root(view: View<S>, variant: Variant) -> CatanGame<S> {
        CatanGame {
            state: view.state.clone(),
            variant,
            me: Some(view.me),
            view: has_hidden(&view).then(|| Arc::new(view)),
        }
    }

    /// The state.
    pub fn state(&self) -> &State<S> {
        &self.state
    }

    /// The tree moves at `state` under `variant`, into `out`.
    pub fn moves(state: &State<S>, variant: Variant, out: &mut Vec<TreeMove>) {
        let mut list = ActionList::new();
        if state.phase() != Phase::Main || !variant.pruning {
            state.legal_actions(&mut list);
            if variant.pruning
                && variant.opening_top > 0
                && matches!(
                    state.phase(),
                    Phase::InitialSettlement1 | Phase::InitialSettlement2
                )
            {
                keep_best_openings(state, usize::from(variant.opening_top), &mut list);
            }
            out.extend(list.iter().map(|&a| TreeMove::Act(a)));
            return;
        }
        let seat = state.current_player();
        // Cities, then settlements: direct builds, plus (MPT) the ones trades would pay for.
        state.push_cities(&mut list);
        out.extend(list.iter().map(|&a| TreeMove::Act(a)));
        if variant.trade_optimistic && list.is_empty() {
            push_optimistic(state, seat, CITY_COST, out, |n| {
                state.city_spots(seat).iter().map(Action::BuildCity).nth(n)
            });
        }
        // A level prunes those below it when it holds a build (`trade_builds_wait`: one
        // built from the hand).
        let wait = variant.trade_builds_wait && list.is_empty();
        if !out.is_empty() && !wait {
            cards_beside(state, variant, out);
            awards_beside(state, variant, out);
            return;
        }
        list.clear();
        state.push_settlements(&mut list);
        out.extend(list.iter().map(|&a| TreeMove::Act(a)));
        if variant.trade_optimistic && list.is_empty() {
            push_optimistic(state, seat, SETTLEMENT_COST, out, |n| {
                state
                    .settlement_spots(seat)
                    .iter()
                    .map(Action::BuildSettlement)
                    .nth(n)
            });
        }
        let wait = variant.trade_builds_wait && list.is_empty();
        if !out.is_empty() && !wait {
            cards_beside(state, variant, out);
            awards_beside(state, variant, out);
            return;
        }
        list.clear();
        state.push_rest(&mut list);
        if variant.player_trades {
            state.push_offers(&mut list);
        }
        // Sea boards: ships only towards new land (the edges trades may pay ships for below).
        let ships = if S::SEA && variant.ship_pruning {
            prune_ships(state, seat, &mut list)
        } else {
            S::Edges::EMPTY
        };
        if !variant.trade_optimistic {
            out.extend(list.iter().map(|&a| TreeMove::Act(a)));
            return;
        }
        // MPT: lone trades leave the tree (unless kept by `lone_bank_trades`); card purchases
        // and roads may come with trades.
        out.extend(
            list.iter()
                .filter(|a| variant.lone_bank_trades || !matches!(a, Action::BankTrade { .. }))
                .map(|&a| TreeMove::Act(a)),
        );
        let hand = state.hand(seat);
        if !hand.contains(DEV_CARD_COST) && state.deck().total() > 0 {
            push_optimistic(state, seat, DEV_CARD_COST, out, |n| {
                (n == 0).then_some(Action::BuyDevCard)
            });
        }
        if !hand.contains(ROAD_COST) {
            push_optimistic(state, seat, ROAD_COST, out, |n| {
                state.road_spots(seat).iter().map(Action::BuildRoad).nth(n)
            });
        }
        if S::SEA && variant.ship_pruning && !hand.contains(SHIP_COST) {
            push_optimistic(state, seat, SHIP_COST, out, |n| {
                ships.iter().map(Action::BuildShip).nth(n)
            });
        }
    }
}

/// Keeps in `list` (initial settlements) the `n` best spots for the seat to move by
/// [`spot_score`]; ties keep the earlier spot.
fn keep_best_openings<S: Shape>(state: &State<S>, n: usize, list: &mut ActionList) {
    if list.len() <= n {
        return;
    }
    let have = state.production(state.to_move());
    let score = |a: &Action| match *a {
        Action::PlaceInitialSettlement(node) => spot_score(state, &have, node),
        _ => i32::MIN,
    };
    let mut scores: Vec<i32> = list.iter().map(score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    let cut = scores[n - 1];
    // Those above the cut, then those at it while places remain.
    let mut at_cut = n - scores[..n].iter().filter(|&&v| v > cut).count();
    list.retain(|a| {
        let v = score(a);
        if v > cut {
            true
        } else if v == cut && at_cut > 0 {
            at_cut -= 1;
            true
        } else {
            false
        }
    });
}

/// With `variant.cards_beside_builds`, the development card moves beside the builds in `out`.
fn cards_beside<S: Shape>(state: &State<S>, variant: Variant, out: &mut Vec<TreeMove>) {
    if variant.cards_beside_builds {
        let mut cards = ActionList::new();
        state.push_cards(&mut cards);
        out.extend(cards.iter().map(|&a| TreeMove::Act(a)));
    }
}

/// With `variant.awards_beside_builds`, beside the builds in `out`: the roads the hand pays
/// for that lengthen the mover's longest road to within one road of the Longest Road, when
/// it does not hold it, and the knight that takes the Largest Army.
fn awards_beside<S: Shape>(state: &State<S>, variant: Variant, out: &mut Vec<TreeMove>) {
    if !variant.awards_beside_builds {
        return;
    }
    let seat = state.current_player();
    if state.longest_road_holder() != Some(seat) && state.hand(seat).contains(ROAD_COST) {
        let target = longest_road_target(state, seat);
        let now = state.longest_road_length(seat);
        for e in state.road_spots(seat).iter() {
            let mut next = state.clone();
            next.apply_with(Action::BuildRoad(e), Outcome::default());
            let len = next.longest_road_length(seat);
            if len > now && len + 1 >= target {
                out.push(TreeMove::Act(Action::BuildRoad(e)));
            }
        }
    }
    let knight = TreeMove::Act(Action::PlayKnight);
    if state.largest_army_holder() != Some(seat)
        && state.is_legal(Action::PlayKnight)
        && !out.contains(&knight)
    {
        let mut next = state.clone();
        let outcome = state.chance_outcomes(Action::PlayKnight).as_slice()[0].0;
        next.apply_with(Action::PlayKnight, outcome);
        if next.largest_army_holder() == Some(seat) {
            out.push(knight);
        }
    }
}

/// The road length that takes the Longest Road for `seat`: one more than every other seat's,
/// and at least 5.
fn longest_road_target<S: Shape>(state: &State<S>, seat: Seat) -> u8 {
    let others = state.seats().filter(|&o| o != seat);
    others
        .map(|o| state.longest_road_length(o) + 1)
        .max()
        .unwrap_or(0)
        .max(5)
}

/// Keeps of `list`'s ship builds those nearest new land for `seat`, and of its ship moves
/// those whose new edge is nearer new land than the edge it leaves (so no move sails a ship
/// back and forth, or away from every island); returns the ship edges nearest new land. The
/// distances are computed once, and only when there is a ship to build or move.
fn prune_ships<S: Shape>(state: &State<S>, seat: Seat, list: &mut ActionList) -> S::Edges {
    let spots = state.ship_spots(seat);
    if spots.is_empty() && !list.iter().any(|a| matches!(a, Action::MoveShip { .. })) {
        return spots;
    }
    let dist = state.new_land_distance(seat);
    let towards = State::<S>::nearest_new_land(&dist, spots);
    list.retain(|a| match *a {
        Action::BuildShip(e) => towards.contains(e),
        Action::MoveShip { from, to } => {
            State::<S>::edge_land_distance(&dist, to) < State::<S>::edge_land_distance(&dist, from)
        }
        _ => true,
    });
    towards
}

/// Appends "trades then build" for every build `nth(0), nth(1), ...` when trades can pay
/// `cost`.
fn push_optimistic<S: Shape>(
    state: &State<S>,
    seat: Seat,
    cost: ResourceSet,
    out: &mut Vec<TreeMove>,
    nth: impl Fn(usize) -> Option<Action>,
) {
    let Some(trades) = plan_trades(state, seat, cost) else {
        return;
    };
    if trades.is_empty() {
        return;
    }
    let mut i = 0;
    while let Some(then) = nth(i) {
        out.push(TreeMove::TradeThen { trades, then });
        i += 1;
    }
}

impl<S: Shape> SearchGame for CatanGame<S> {
    type Action = TreeMove;

    fn to_move(&self) -> usize {
        self.state.to_move().index()
    }

    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    fn tree_actions(&self, out: &mut Vec<TreeMove>) {
        CatanGame::moves(&self.state, self.variant, out);
    }

    fn apply<R: Rng>(&mut self, m: TreeMove, rng: &mut R) {
        for a in m.actions() {
            self.state.apply_unchecked(a, rng);
        }
        // Below the root, answers to an offer come from the trading model.
        while self.state.phase() == Phase::TradeResponse {
            let a = negotiate::answer_with(&self.state, self.variant.answers);
            self.state.apply_unchecked(a, rng);
        }
    }

    fn policy_step<R: Rng>(&mut self, rng: &mut R) -> bool {
        let Some(me) = self.me else {
            return false;
        };
        if !self.variant.opponents_by_policy || self.state.to_move() == me {
            return false;
        }
        let mut list = ActionList::new();
        let a = match (
            self.variant.heuristic_playouts,
            self.variant.playouts.model(),
        ) {
            (true, Some(mut model)) => {
                model.own = self.me;
                model.candidates(&self.state, &mut list);
                list[model.choose(&self.state, &list, rng)]
            }
            (true, None) => {
                HeuristicPolicy.candidates(&self.state, &mut list);
                list[HeuristicPolicy.choose(&self.state, &list, rng)]
            }
            (false, _) => {
                UniformPolicy.candidates(&self.state, &mut list);
                list[UniformPolicy.choose(&self.state, &list, rng)]
            }
        };
        self.state.apply_unchecked(a, rng);
        // As in the tree: answers to an offer come from the trading model.
        while self.state.phase() == Phase::TradeResponse {
            let a = negotiate::answer_with(&self.state, self.variant.answers);
            self.state.apply_unchecked(a, rng);
        }
        true
    }

    fn playout<R: Rng>(&mut self, rng: &mut R) -> Rewards {
        let steps = match self.variant.cut {
            0 => self.variant.max_playout_steps,
            n => u32::from(n),
        };
        match (
            self.variant.heuristic_playouts,
            self.variant.playouts.model(),
        ) {
            (true, Some(mut model)) => {
                model.own = self.me;
                playout(&mut self.state, &mut model, rng, steps)
            }
            (true, None) => playout(&mut self.state, &mut HeuristicPolicy, rng, steps),
            (false, _) => playout(&mut self.state, &mut UniformPolicy, rng, steps),
        };
        self.rewards()
    }

    fn rewards(&self) -> Rewards {
        let mut r = [0.0; MAX_PLAYERS];
        let to_win = f32::from(self.state.rules().vp_to_win);
        match self.state.winner() {
            Some(w) => r[w.index()] = 1.0,
            None if self.variant.cut > 0 => {
                // Cut on purpose: each seat's chance by the learned evaluation.
                r = value::win_chances(&self.state, &value::WEIGHTS);
            }
            None => {
                // Cut off: a share by victory points, worth less than a win.
                for s in self.state.seats() {
                    r[s.index()] = self.state.total_vp(s) as f32 / (2.0 * to_win);
                }
            }
        }
        if self.variant.points_pct > 0 {
            let w = f32::from(self.variant.points_pct.min(100)) / 100.0;
            for s in self.state.seats() {
                let share = (self.state.total_vp(s) as f32 / to_win).min(1.0);
                r[s.index()] = (1.0 - w) * r[s.index()] + w * share;
            }
        }
        r
    }

    fn sample_world<R: Rng>(&self, rng: &mut R) -> Self {
        match &self.view {
            Some(v) => CatanGame {
                state: determinize(v, rng),
                variant: self.variant,
                view: None,
                me: self.me,
            },
            None => CatanGame {
                state: self.state.clone(),
                variant: self.variant,
                view: None,
                me: self.me,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Rules, Sea};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// The searcher's seat, which keeps the heuristic's moves under `playouts=plans`, is the
    /// view's, at the root and in every world sampled from it.
    #[test]
    fn the_searchers_seat_reaches_every_world() {
        let mut rng = SmallRng::seed_from_u64(9);
        for (i, st) in main_positions(6, 41).into_iter().enumerate() {
            let me = Seat::new(i % 4);
            let variant = Variant {
                playouts: Playouts::Plans,
                ..Variant::MPT
            };
            let root = CatanGame::root(View::open_hands(st, me), variant);
            assert_eq!(root.me, Some(me));
            let mut world = root.sample_world(&mut rng);
            assert_eq!(world.me, Some(me));
            world.playout(&mut rng);
            assert!(world.state.is_over() || world.state.turn() > root.state.turn());
        }
    }

    /// With `opponents_by_policy`, `policy_step` plays a legal move for every seat but the
    /// searcher's, never for the searcher's, and never when off: stepping a world until the
    /// searcher is to move again takes the other seats' whole turns.
    #[test]
    fn the_model_plays_the_other_seats_only() {
        let mut rng = SmallRng::seed_from_u64(13);
        let mut stepped = 0;
        for (i, st) in main_positions(12, 43).into_iter().enumerate() {
            let me = st.to_move();
            let on = Variant {
                opponents_by_policy: true,
                ..Variant::MPT
            };
            let off = CatanGame::root(View::open_hands(st.clone(), me), Variant::MPT);
            assert!(!off.sample_world(&mut rng).policy_step(&mut rng));
            let mut g = CatanGame::root(View::open_hands(st, me), on).sample_world(&mut rng);
            assert!(
                !g.policy_step(&mut rng),
                "position {i}: the searcher's move"
            );
            // Our turn ends (the tree's moves, ending it where it can); then the model plays
            // until our decision comes back.
            let mut moves = Vec::new();
            while !g.state.is_over() && g.state.to_move() == me {
                moves.clear();
                g.tree_actions(&mut moves);
                let end = TreeMove::Act(Action::EndTurn);
                let m = if moves.contains(&end) { end } else { moves[0] };
                g.apply(m, &mut rng);
            }
            let mut steps = 0;
            while !g.state.is_over() && g.state.to_move() != me {
                let before = g.state.clone();
                assert!(g.policy_step(&mut rng), "position {i}, step {steps}");
                assert_ne!(before, g.state);
                steps += 1;
                assert!(steps < 2000);
            }
            stepped += steps;
        }
        assert!(stepped >= 12 * 3, "{stepped} model moves");
    }

    /// With `cut`, a playout stops after that many actions and an unfinished one rewards each
    /// seat with the learned evaluation's chance: rewards that sum to 1, as the evaluation of
    /// the position reached; without it, the same playout goes on further.
    #[test]
    fn a_cut_playout_is_scored_by_the_evaluation() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut cut_short = 0;
        for st in main_positions(20, 37) {
            let variant = Variant {
                cut: 12,
                ..Variant::MPT
            };
            let mut g = CatanGame {
                state: st.clone(),
                variant,
                view: None,
                me: None,
            };
            let r = g.playout(&mut rng);
            if g.state.winner().is_some() {
                continue;
            }
            cut_short += 1;
            assert!(g.state.turn() <= st.turn() + 12, "played past the cut");
            assert_eq!(r, value::win_chances(&g.state, &value::WEIGHTS));
            assert!((r.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{r:?}");
            let mut full = CatanGame {
                state: st,
                variant: Variant::MPT,
                view: None,
                me: None,
            };
            full.playout(&mut rng);
            assert!(full.state.is_over() || full.state.turn() > g.state.turn());
        }
        assert!(cut_short > 10, "{cut_short}");
    }

    /// With `points_pct`, a finished playout rewards each seat with that share of its points
    /// to win (at most 1) and the rest of its win: the winner 1, a loser less than the share.
    #[test]
    fn a_points_share_in_the_reward_counts_the_losers_points() {
        let mut rng = SmallRng::seed_from_u64(4);
        let mut finished = 0;
        for st in main_positions(20, 31) {
            let variant = Variant {
                points_pct: 20,
                ..Variant::MPT
            };
            let mut g = CatanGame {
                state: st,
                variant,
                view: None,
                me: None,
            };
            let r = g.playout(&mut rng);
            let Some(w) = g.state.winner() else { continue };
            finished += 1;
            assert!((r[w.index()] - 1.0).abs() < 1e-6, "winner {r:?}");
            for s in g.state.seats().filter(|&s| s != w) {
                let share = g.state.total_vp(s) as f32 / 10.0;
                assert!(share > 0.0 && share < 1.0);
                assert!((r[s.index()] - 0.2 * share).abs() < 1e-6, "{r:?}");
            }
            let plain = CatanGame {
                variant: Variant::MPT,
                ..g.clone()
            };
            assert_eq!(plain.rewards()[w.index()], 1.0);
            assert!(g
                .state
                .seats()
                .filter(|&s| s != w)
                .all(|s| plain.rewards()[s.index()] == 0.0));
        }
        assert!(finished >= 18, "{finished}");
    }

    /// With `opening_top`, the tree's initial settlements are that many legal spots, none
    /// scoring below a spot left out; without it, every legal spot.
    #[test]
    fn opening_top_keeps_the_best_initial_spots() {
        let mut rng = SmallRng::seed_from_u64(6);
        let variant = Variant {
            opening_top: 6,
            ..Variant::MPT
        };
        let mut placements = 0;
        for _ in 0..10 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            while st.phase().is_initial() {
                let mut legal = ActionList::new();
                st.legal_actions(&mut legal);
                let (mut all, mut top) = (Vec::new(), Vec::new());
                CatanGame::moves(&st, Variant::MPT, &mut all);
                CatanGame::moves(&st, variant, &mut top);
                assert_eq!(all.len(), legal.len());
                if matches!(
                    st.phase(),
                    Phase::InitialSettlement1 | Phase::InitialSettlement2
                ) {
                    placements += 1;
                    assert_eq!(top.len(), 6.min(legal.len()));
                    let have = st.production(st.to_move());
                    let value = |m: &TreeMove| match m {
                        TreeMove::Act(Action::PlaceInitialSettlement(n)) => {
                            spot_score(&st, &have, *n)
                        }
                        other => panic!("{other:?}"),
                    };
                    let worst_kept = top.iter().map(value).min().unwrap();
                    let best_left = all
                        .iter()
                        .filter(|m| !top.contains(m))
                        .map(value)
                        .max()
                        .unwrap();
                    assert!(worst_kept >= best_left, "{worst_kept} < {best_left}");
                } else {
                    assert_eq!(top, all);
                }
                let i = rng.gen_range(0..legal.len());
                st.apply_unchecked(legal[i], &mut rng);
            }
        }
        assert_eq!(placements, 80);
    }

    /// Random positions in `Phase::Main`, from heuristic play.
    fn main_positions(n: usize, seed: u64) -> Vec<State> {
        main_positions_on(n, seed, Board::random)
    }

    /// Random positions in `Phase::Main` on boards `board` deals, from heuristic play.
    fn main_positions_on<S: Shape>(
        n: usize,
        seed: u64,
        board: fn(&mut SmallRng) -> Board<S>,
    ) -> Vec<State<S>> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let mut st = State::new(board(&mut rng), Rules::default(), Seat::new(0));
            let mut list = ActionList::new();
            let mut policy = HeuristicPolicy;
            for _ in 0..600 {
                if st.is_over() {
                    break;
                }
                use crate::agent::playout::PlayoutPolicy;
                policy.candidates(&st, &mut list);
                let i = policy.choose(&st, &list, &mut rng);
                st.apply_unchecked(list[i], &mut rng);
                if st.phase() == Phase::Main && rng.gen_bool(0.05) {
                    out.push(st.clone());
                }
            }
        }
        out
    }

    #[test]
    fn trade_plans_pay_for_the_build_and_are_legal() {
        let mut rng = SmallRng::seed_from_u64(9);
        let mut planned = 0;
        for st in main_positions(300, 1) {
            let seat = st.current_player();
            for cost in [CITY_COST, SETTLEMENT_COST, DEV_CARD_COST, ROAD_COST] {
                if let Some(plan) = plan_trades(&st, seat, cost) {
                    let mut s = st.clone();
                    for a in plan.actions() {
                        assert!(s.is_legal(a), "{a:?} illegal in plan {plan:?}");
                        s.apply(a, &mut rng);
                    }
                    assert!(s.hand(seat).contains(cost));
                    planned += !plan.is_empty() as usize;
                }
            }
        }
        assert!(planned > 20, "only {planned} non-empty plans");
    }

    /// The tree moves at `st` under `variant` (at least one), each applied action by action
    /// to a copy of `st`, every action asserted legal where it is applied.
    fn legal_tree_moves<S: Shape>(
        st: &State<S>,
        variant: Variant,
        rng: &mut SmallRng,
    ) -> Vec<TreeMove> {
        let mut moves = Vec::new();
        CatanGame::moves(st, variant, &mut moves);
        assert!(!moves.is_empty());
        for m in &moves {
            let mut s = st.clone();
            for a in m.actions() {
                assert!(s.is_legal(a), "{variant:?}: {a:?} of {m:?} illegal");
                s.apply(a, rng);
            }
        }
        moves
    }

    #[test]
    fn every_tree_move_applies_legally_in_each_variant() {
        let mut rng = SmallRng::seed_from_u64(2);
        let mut macros = 0;
        for st in main_positions(200, 2) {
            for variant in [Variant::PLAIN, Variant::MP, Variant::MPT] {
                for m in &legal_tree_moves(&st, variant, &mut rng) {
                    macros += matches!(m, TreeMove::TradeThen { .. }) as usize;
                }
            }
        }
        assert!(macros > 0, "no trade-optimistic move was ever generated");
    }

    #[test]
    fn sea_tree_ships_sail_only_towards_new_land() {
        let mut rng = SmallRng::seed_from_u64(4);
        let (mut kept, mut all, mut ship_macros, mut moves_kept) = (0, 0, 0, 0);
        let mut ship_moves_legal = 0;
        for st in main_positions_on(300, 4, Board::random_sea) {
            let seat = st.current_player();
            let dist = st.new_land_distance(seat);
            let towards = st.ships_towards_new_land(seat, st.ship_spots(seat));
            let mut legal = ActionList::new();
            st.legal_actions(&mut legal);
            for m in &legal_tree_moves(&st, Variant::MPT, &mut rng) {
                match *m {
                    TreeMove::Act(Action::BuildShip(e)) => {
                        assert!(towards.contains(e), "{e:?} sails away from new land");
                        kept += 1;
                    }
                    TreeMove::TradeThen {
                        then: Action::BuildShip(e),
                        ..
                    } => {
                        assert!(towards.contains(e));
                        ship_macros += 1;
                    }
                    TreeMove::Act(Action::MoveShip { from, to }) => {
                        let (f, t) = (
                            State::<Sea>::edge_land_distance(&dist, from),
                            State::<Sea>::edge_land_distance(&dist, to),
                        );
                        assert!(t < f, "{from:?} -> {to:?} moves {f} -> {t}");
                        moves_kept += 1;
                    }
                    _ => {}
                }
            }
            // Unpruned, the same position offers every legal ship.
            let mut plain = Vec::new();
            CatanGame::moves(
                &st,
                Variant {
                    ship_pruning: false,
                    ..Variant::MPT
                },
                &mut plain,
            );
            for m in &plain {
                all += matches!(m, TreeMove::Act(Action::BuildShip(_))) as usize;
            }
            ship_moves_legal += legal
                .iter()
                .filter(|a| matches!(a, Action::MoveShip { .. }))
                .count();
        }
        assert!(
            kept > 0 && ship_macros > 0,
            "{kept} ship builds, {ship_macros} ship macros"
        );
        assert!(kept < all, "pruning kept {kept} of {all} ship builds");
        assert!(
            moves_kept < ship_moves_legal,
            "{moves_kept} of {ship_moves_legal} ship moves kept"
        );
    }

    #[test]
    fn trade_plans_respect_the_bank_limit() {
        let mut rng = SmallRng::seed_from_u64(10);
        let (mut planned, mut refused_by_bank) = (0, 0);
        for st in main_positions(300, 2) {
            let seat = st.current_player();
            let mut setup = st.to_setup();
            setup.rules.bank_limit = true;
            let Ok(mut st) = State::from_setup(&setup) else {
                continue;
            };
            // The bank gives all of one resource to an opponent.
            let r = Resource::ALL[rng.gen_range(0..5)];
            let other = seat.next_of(4);
            let mut hand = st.hand(other);
            hand.add(ResourceSet::of(r, st.bank()[r.index()].max(0) as u8));
            st.set_hand(other, hand);
            let mut unlimited = st.clone();
            let mut setup = unlimited.to_setup();
            setup.rules.bank_limit = false;
            unlimited = State::from_setup(&setup).unwrap();
            for cost in [CITY_COST, SETTLEMENT_COST, DEV_CARD_COST, ROAD_COST] {
                match plan_trades(&st, seat, cost) {
                    Some(plan) => {
                        let mut s = st.clone();
                        for a in plan.actions() {
                            assert!(s.is_legal(a), "{a:?} illegal in plan {plan:?}");
                            s.apply(a, &mut rng);
                        }
                        assert!(s.hand(seat).contains(cost));
                        planned += 1;
                    }
                    None => {
                        if plan_trades(&unlimited, seat, cost).is_some() {
                            refused_by_bank += 1;
                        }
                    }
                }
            }
        }
        assert!(
            planned > 20 && refused_by_bank > 0,
            "{planned} {refused_by_bank}"
        );
    }

    #[test]
    fn pruning_offers_only_cities_when_a_city_is_affordable() {
        for st in main_positions(300, 3) {
            let mut list = ActionList::new();
            st.push_cities(&mut list);
            if list.is_empty() {
                continue;
            }
            let mut moves = Vec::new();
            CatanGame::moves(&st, Variant::MPT, &mut moves);
            assert!(moves
                .iter()
                .all(|m| matches!(m, TreeMove::Act(Action::BuildCity(_)))));
        }
    }

    /// Whether a tree move ends in a city or settlement (from the hand or paid by trades).
    fn builds_a_town(m: &TreeMove) -> bool {
        matches!(
            m.actions().last(),
            Some(Action::BuildCity(_) | Action::BuildSettlement(_))
        )
    }

    #[test]
    fn lone_bank_trades_stay_in_the_tree_only_when_asked_for() {
        let bank = Variant {
            lone_bank_trades: true,
            ..Variant::MPT
        };
        let mut seen = 0;
        for st in main_positions(600, 5) {
            let mut rest = ActionList::new();
            st.push_rest(&mut rest);
            let trades: Vec<TreeMove> = rest
                .iter()
                .filter(|a| matches!(a, Action::BankTrade { .. }))
                .map(|&a| TreeMove::Act(a))
                .collect();
            let (mut plain, mut with) = (Vec::new(), Vec::new());
            CatanGame::moves(&st, Variant::MPT, &mut plain);
            CatanGame::moves(&st, bank, &mut with);
            let lone = |m: &TreeMove| matches!(m, TreeMove::Act(Action::BankTrade { .. }));
            assert!(!plain.iter().any(lone));
            if plain.iter().any(builds_a_town) {
                // A city or settlement to build, the trades paying for it folded in: the same
                // moves either way.
                assert_eq!(plain, with);
                continue;
            }
            let kept: Vec<TreeMove> = with.iter().copied().filter(lone).collect();
            assert_eq!(kept, trades);
            assert_eq!(with.len(), plain.len() + trades.len());
            seen += usize::from(!trades.is_empty());
        }
        assert!(seen > 10, "{seen}");
    }

    /// With `trade_builds_wait`, a city or settlement that only trades pay for keeps the
    /// moves below it in the tree (ending the turn among them); one built from the hand still
    /// prunes them, and where no trade-paid build stands the moves are the paper's.
    #[test]
    fn trade_paid_builds_wait_only_when_asked_for() {
        let wait = Variant {
            trade_builds_wait: true,
            ..Variant::MPT
        };
        let (mut waited, mut direct) = (0, 0);
        for st in main_positions(600, 5) {
            let (mut plain, mut with) = (Vec::new(), Vec::new());
            CatanGame::moves(&st, Variant::MPT, &mut plain);
            CatanGame::moves(&st, wait, &mut with);
            let from_hand = |m: &TreeMove| matches!(m, TreeMove::Act(_)) && builds_a_town(m);
            let end = |m: &TreeMove| matches!(m, TreeMove::Act(Action::EndTurn));
            if plain.iter().any(from_hand) || !plain.iter().any(builds_a_town) {
                assert_eq!(plain, with);
                direct += usize::from(plain.iter().any(from_hand));
                continue;
            }
            // Only trade-paid builds: the paper's tree is those alone; waiting keeps them and
            // adds the level below (a settlement from the hand prunes the rest as before).
            assert!(plain.iter().all(builds_a_town) && !plain.iter().any(end));
            assert!(plain.iter().all(|m| with.contains(m)) && with.len() > plain.len());
            assert_eq!(
                with.iter().any(end),
                !with.iter().any(from_hand),
                "{with:?}"
            );
            waited += 1;
        }
        assert!(waited > 10 && direct > 10, "{waited} {direct}");
    }

    #[test]
    fn cards_beside_builds_adds_the_card_moves_to_the_cities_and_settlements() {
        let cards = Variant {
            cards_beside_builds: true,
            ..Variant::MPT
        };
        let mut seen = 0;
        for st in main_positions(600, 4) {
            let mut builds = ActionList::new();
            st.push_cities(&mut builds);
            if builds.is_empty() {
                st.push_settlements(&mut builds);
            }
            let mut card_moves = ActionList::new();
            st.push_cards(&mut card_moves);
            if builds.is_empty() || card_moves.is_empty() {
                continue;
            }
            seen += 1;
            let (mut plain, mut with) = (Vec::new(), Vec::new());
            CatanGame::moves(&st, Variant::MPT, &mut plain);
            CatanGame::moves(&st, cards, &mut with);
            // The same builds first, then every card move, nothing else.
            assert_eq!(with[..plain.len()], plain[..]);
            let extra: Vec<TreeMove> = card_moves.iter().map(|&a| TreeMove::Act(a)).collect();
            assert_eq!(with[plain.len()..], extra[..]);
            assert!(plain
                .iter()
                .all(|m| !matches!(m, TreeMove::Act(a) if card_moves.contains(*a))));
            for m in &with {
                if let TreeMove::Act(a) = m {
                    assert!(st.is_legal(*a), "{a:?}");
                }
            }
        }
        assert!(seen > 10, "{seen}");
    }

    #[test]
    fn awards_beside_builds_adds_the_roads_and_the_knight_that_reach_for_an_award() {
        let awards = Variant {
            awards_beside_builds: true,
            ..Variant::MPT
        };
        let (mut seen_roads, mut seen_knights, mut builds_seen) = (0, 0, 0);
        for st in main_positions(800, 5) {
            let seat = st.current_player();
            let (mut plain, mut with) = (Vec::new(), Vec::new());
            CatanGame::moves(&st, Variant::MPT, &mut plain);
            CatanGame::moves(&st, awards, &mut with);
            if !plain.iter().any(builds_a_town) {
                // Nothing to put the awards beside: the same tree as the paper's.
                assert_eq!(with, plain);
                continue;
            }
            builds_seen += 1;
            assert_eq!(with[..plain.len()], plain[..]);
            let now = st.longest_road_length(seat);
            for m in &with[plain.len()..] {
                let TreeMove::Act(a) = *m else {
                    panic!("{m:?}")
                };
                assert!(st.is_legal(a), "{a:?}");
                let mut next = st.clone();
                next.apply_with(a, next.chance_outcomes(a).as_slice()[0].0);
                match a {
                    Action::BuildRoad(_) => {
                        seen_roads += 1;
                        assert_ne!(st.longest_road_holder(), Some(seat));
                        assert!(st.hand(seat).contains(ROAD_COST));
                        let len = next.longest_road_length(seat);
                        assert!(len > now);
                        // Within a road of the award: one more than every other seat's, >= 5.
                        let best = st
                            .seats()
                            .filter(|&o| o != seat)
                            .map(|o| st.longest_road_length(o))
                            .max()
                            .unwrap();
                        assert!(len + 1 > best && len + 1 >= 5, "{now} {len} {best}");
                    }
                    Action::PlayKnight => {
                        seen_knights += 1;
                        assert_ne!(st.largest_army_holder(), Some(seat));
                        assert_eq!(next.largest_army_holder(), Some(seat));
                    }
                    _ => panic!("{a:?} is no award move"),
                }
            }
            // A hand-paid road that takes the Longest Road from its holder, or the first one,
            // is never left out.
            if st.longest_road_holder() != Some(seat) && st.hand(seat).contains(ROAD_COST) {
                for e in st.road_spots(seat).iter() {
                    let mut next = st.clone();
                    next.apply_with(Action::BuildRoad(e), Outcome::default());
                    if next.longest_road_holder() == Some(seat) {
                        assert!(with.contains(&TreeMove::Act(Action::BuildRoad(e))), "{e:?}");
                    }
                }
            }
        }
        // Knights that take the army beside a build are rare in these positions (1 of 90).
        assert!(
            builds_seen > 50 && seen_roads > 10 && seen_knights > 0,
            "{builds_seen} {seen_roads} {seen_knights}"
        );
    }
}
