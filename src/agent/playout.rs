//! Playout policies and the playout loop (random games to the end from a state).
//! Imports `crate::game` and `rand` only; no allocation in the loop.

use crate::game::{
    pips, Action, ActionList, BitSet, DevCard, HexId, NodeId, Phase, Resource, ResourceSet, Seat,
    Shape, State, CITY_COST, DEV_CARD_COST, MAX_SEATS, ROAD_COST, SETTLEMENT_COST, SHIP_COST,
};
use rand::Rng;

/// Picks one of the legal actions during a playout.
pub trait PlayoutPolicy {
    /// Fills `out` with the candidate actions in `state` (default: every legal action).
    /// Must never be empty unless the game is over.
    fn candidates<S: Shape>(&mut self, state: &State<S>, out: &mut ActionList) {
        state.legal_actions(out);
    }

    /// The index in `actions` (non-empty) of the action to play.
    fn choose<S: Shape, R: Rng + ?Sized>(
        &mut self,
        state: &State<S>,
        actions: &[Action],
        rng: &mut R,
    ) -> usize;
}

/// Uniformly random among all legal actions (PlainUCT playouts).
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformPolicy;

impl PlayoutPolicy for UniformPolicy {
    #[inline]
    fn choose<S: Shape, R: Rng + ?Sized>(
        &mut self,
        _: &State<S>,
        actions: &[Action],
        rng: &mut R,
    ) -> usize {
        rng.gen_range(0..actions.len())
    }
}

/// Move pruning (cities > settlements > the rest, as MP-UCT) plus a short list of sensible
/// moves for the rest, so playouts are both fast and purposeful:
///
/// - `Main`: a city if any is legal, else a settlement; else a small candidate list —
///   buy a development card, a road (only when no settlement spot is reachable; roads that
///   open a free spot first), on the sea boards a ship (likewise; ships that reach a free
///   legal node first), a bank/port trade that completes a city, settlement or card,
///   a playable development card — and `EndTurn` when nothing else is offered;
/// - `RollOrCard`: a knight when the robber blocks one of our hexes, else roll;
/// - `PlacingRobber`: the hex costing the leading opponent most production;
/// - `Discard`: one discard, taken from the largest piles;
/// - other phases: all legal actions, chosen uniformly.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicPolicy;

impl HeuristicPolicy {
    /// The robber hex with the most production (pips, cities double) of the leading
    /// opponent, avoiding own buildings; ties go to the lowest `HexId`.
    fn robber_target<S: Shape>(state: &State<S>) -> HexId {
        let me = state.current_player();
        let topo = S::topology();
        let rules = state.rules();
        let leader = rules
            .seated()
            .filter(|&o| o != me)
            .max_by_key(|&o| state.public_vp(o))
            .unwrap_or(me);
        let mine = topo.hexes_touching(state.settlements(me) | state.cities(me));
        let (ls, lc) = (state.settlements(leader), state.cities(leader));
        // Only hexes at the leader's buildings and at none of ours score above 0.
        let scoring = topo.hexes_touching(ls | lc) - mine;
        let mut best = (0, None);
        for h in scoring {
            if !state.robber_may_go(h) {
                continue;
            }
            let ns = topo.hex_node_set[h.index()];
            let pip = pips(state.board().hex_number[h.index()]) as i32;
            let score = pip * ((ls & ns).len() + 2 * (lc & ns).len()) as i32;
            if score > best.0 {
                best = (score, Some(h));
            }
        }
        // Else the first allowed hex at none of ours (scoring 0), else the first allowed one.
        best.1
            .or_else(|| {
                topo.hexes()
                    .find(|&h| state.robber_may_go(h) && !mine.contains(h))
            })
            .or_else(|| topo.hexes().find(|&h| state.robber_may_go(h)))
            .unwrap_or(HexId::new(0))
    }

    /// A bank/port trade towards `cost`: give a card we hold beyond `cost` (at our best ratio,
    /// `ratios[give]`) for one we lack.
    fn trade_towards<S: Shape>(
        state: &State<S>,
        hand: ResourceSet,
        ratios: &[u8; 5],
        cost: ResourceSet,
    ) -> Option<Action> {
        let get = Resource::ALL
            .into_iter()
            .find(|&r| hand.get(r) < cost.get(r) && state.bank_has(r, 1))?;
        Resource::ALL
            .into_iter()
            .find(|&g| g != get && hand.get(g) >= cost.get(g) + ratios[g.index()])
            .map(|give| Action::BankTrade { give, get })
    }

    /// Of the road spots `spots`, those with a free node (under the distance rule) at an end.
    fn opening_roads<S: Shape>(state: &State<S>, spots: S::Edges) -> S::Edges {
        let topo = S::topology();
        let free = state.free_nodes();
        let mut opening = S::Edges::EMPTY;
        for e in spots {
            if topo.edge_node_set[e.index()].intersects(free) {
                opening.insert(e);
            }
        }
        opening
    }

    /// The three free nodes with the most production pips (initial placement).
    fn initial_settlements<S: Shape>(state: &State<S>, out: &mut ActionList) {
        let topo = S::topology();
        let board = state.board();
        let mut best = [(0u32, None); 3];
        for n in state.initial_settlement_spots() {
            let mut v = 0u32;
            for h in topo.node_hexes(n) {
                if board.hex_resource[h.index()].is_some() {
                    v += pips(board.hex_number[h.index()]) as u32;
                }
            }
            if let Some(k) = best.iter().position(|b| b.1.is_none() || v > b.0) {
                best[k..].rotate_right(1);
                best[k] = (v, Some(n));
            }
        }
        for (_, n) in best {
            if let Some(n) = n {
                out.push(Action::PlaceInitialSettlement(n));
            }
        }
    }

    fn main_candidates<S: Shape>(state: &State<S>, out: &mut ActionList) {
        let s = state.current_player();
        let hand = state.hand(s);
        // Every build costs two cards or more and every bank/port trade gives two or more:
        // with fewer cards only development cards can be played.
        if hand.total() >= 2 {
            state.push_cities(out);
            if !out.is_empty() {
                return;
            }
            state.push_settlements(out);
            if !out.is_empty() {
                return;
            }
            if state.deck().total() > 0 && hand.contains(DEV_CARD_COST) {
                out.push(Action::BuyDevCard);
            }
            let can_settle = !state.settlement_spots(s).is_empty();
            let spots = if can_settle {
                S::Edges::EMPTY
            } else {
                state.road_spots(s)
            };
            if hand.contains(ROAD_COST) && !can_settle {
                let opening = Self::opening_roads(state, spots);
                for e in if opening.is_empty() { spots } else { opening } {
                    out.push(Action::BuildRoad(e));
                }
            }
            // Sea boards: ships towards land where no settlement spot is reachable, those
            // that reach a free legal node first.
            let ships = if S::SEA && !can_settle {
                state.ship_spots(s)
            } else {
                S::Edges::EMPTY
            };
            if !ships.is_empty() && hand.contains(SHIP_COST) {
                for e in state.ships_towards_new_land(s, ships) {
                    out.push(Action::BuildShip(e));
                }
            }
            // What to save for: a settlement where one is reachable, else a road towards one
            // (while settlements remain), then a city, then a card. Any trade gives at least two
            // cards of a kind (2:1 is the best ratio), so most hands skip this.
            if hand.0.iter().any(|&c| c >= 2) {
                let want_road = !can_settle && state.pieces_left(s).1 > 0 && !spots.is_empty();
                let targets = [
                    (SETTLEMENT_COST, can_settle),
                    (ROAD_COST, want_road),
                    (SHIP_COST, !ships.is_empty()),
                    (CITY_COST, !state.city_spots(s).is_empty()),
                    (DEV_CARD_COST, state.deck().total() > 0),
                ];
                let ratios = state.trade_ratios(s);
                for (cost, useful) in targets {
                    if useful {
                        if let Some(t) = Self::trade_towards(state, hand, &ratios, cost) {
                            out.push(t);
                            break;
                        }
                    }
                }
            }
        }
        if !state.has_played_dev_card() {
            let d = state.dev_cards(s);
            for (card, action) in [
                (DevCard::Knight, Action::PlayKnight),
                (DevCard::Monopoly, Action::PlayMonopoly),
                (DevCard::YearOfPlenty, Action::PlayYearOfPlenty),
            ] {
                if d.get(card) > 0 {
                    out.push(action);
                }
            }
            if d.get(DevCard::RoadBuilding) > 0 && state.free_road_possible(s) {
                out.push(Action::PlayRoadBuilding);
            }
        }
        if out.is_empty() {
            out.push(Action::EndTurn);
        }
    }

    /// Discard from the largest piles, one card at a time.
    fn discard<S: Shape>(state: &State<S>) -> Action {
        let s = state.to_move();
        let mut hand = state.hand(s);
        let mut d = ResourceSet::EMPTY;
        for _ in 0..state.discard_owed(s) {
            let r = Resource::ALL
                .into_iter()
                .max_by_key(|&r| hand.get(r))
                .unwrap();
            hand[r] -= 1;
            d[r] += 1;
        }
        Action::Discard(d)
    }
}

impl PlayoutPolicy for HeuristicPolicy {
    fn candidates<S: Shape>(&mut self, state: &State<S>, out: &mut ActionList) {
        out.clear();
        match state.phase() {
            Phase::Main => Self::main_candidates(state, out),
            Phase::RollOrCard => {
                let me = state.current_player();
                let hurt = (state.settlements(me) | state.cities(me))
                    .intersects(S::topology().hex_node_set[state.robber().index()]);
                if hurt
                    && !state.has_played_dev_card()
                    && state.dev_cards(me).get(DevCard::Knight) > 0
                {
                    out.push(Action::PlayKnight);
                } else {
                    out.push(Action::Roll);
                }
            }
            Phase::PlacingRobber => out.push(Action::MoveRobber(Self::robber_target(state))),
            Phase::Discard => out.push(Self::discard(state)),
            Phase::InitialSettlement1 | Phase::InitialSettlement2 => {
                Self::initial_settlements(state, out)
            }
            // Reached only when an agent trades (offers are never generated here).
            Phase::TradeResponse => out.push(super::negotiate::answer(state)),
            _ => state.legal_actions(out),
        }
    }

    #[inline]
    fn choose<S: Shape, R: Rng + ?Sized>(
        &mut self,
        _: &State<S>,
        actions: &[Action],
        rng: &mut R,
    ) -> usize {
        if actions.len() == 1 {
            0
        } else {
            rng.gen_range(0..actions.len())
        }
    }
}

/// [`HeuristicPolicy`] with knobs that model other players, for comparing playout models
/// (`catan-bot calibrate`) before one goes into the search:
///
/// - `stock_knights`: in `Main`, a knight only when the stock robots' rule would play it
///   (`SOCRobotDM.shouldPlayKnightForLA`: knights played plus held reach the largest army —
///   3, or the holder's plus one — and the player does not hold it); before the roll the
///   heuristic's own rule (the robber on an own hex) stays;
/// - `grouped`: choose a kind of move uniformly (a road, a card, a trade…), then one move of
///   that kind, instead of one move uniformly, so many road spots do not crowd out the card;
/// - `offers`: players trade with each other as the `heuristic:trade=1` baseline does — where
///   the heuristic would end its turn, the trading model's first offer
///   ([`super::negotiate::choose_offer`]), one a turn, answered by the model;
/// - `greedy`: builds where a sensible player builds, as the stock robots choose their spots
///   by production — of the cities and settlements the heuristic offers only the best by
///   [`spot_score`], of its roads only the one that opens the best free spot;
/// - `plans`: where no city or settlement can be built, a player saves for one build plan, as
///   the stock robots do (`SOCRobotDM.dumbFastGameStrategy`): of a city, a settlement (with
///   the roads to it) and, from 5 points on, the largest army (the cards it still needs), the
///   one its production brings soonest ([`Plan::choose`]); a card when none is possible. Only
///   the moves of that plan stay (a road towards the settlement, a card towards the army, a
///   bank/port trade towards the plan's cost), knights by the stock robots' army rule, the
///   other development cards as the heuristic plays them; else it ends its turn, saving. The
///   seat `own` (the searcher's, in a search) keeps the heuristic's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModelPolicy {
    /// Knights in `Main` only by the stock robots' rule.
    pub stock_knights: bool,
    /// Uniform over kinds of move, then over moves of the kind.
    pub grouped: bool,
    /// Player offers where the heuristic would end its turn.
    pub offers: bool,
    /// The best city, settlement or road spot only.
    pub greedy: bool,
    /// Save for one build plan, as the stock robots do.
    pub plans: bool,
    /// A seat that keeps the heuristic's moves under `plans` (the searcher: the plans model
    /// the stock robots, not it).
    pub own: Option<Seat>,
}

/// A build plan of the stock robots' simple strategy (`SOCRobotDM.dumbFastGameStrategy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// A city on one of the player's settlements.
    City,
    /// A settlement, with the roads to its spot first.
    Settlement,
    /// Development cards until the knights reach the largest army.
    Army,
    /// A development card: nothing else can be built.
    Card,
    /// Nothing to save for.
    Nothing,
}

/// Rolls until a player producing `have` (pips a roll, out of 36) holds `cost`, starting from
/// `hand`, trading surplus cards at `ratios` first; a rough `SOCBuildingSpeedEstimate`. A
/// resource it does not produce comes through trades from its whole production. At most 100.
pub fn rolls_to(hand: ResourceSet, cost: ResourceSet, have: &[u16; 5], ratios: &[u8; 5]) -> u32 {
    let mut spare = 0u32;
    for r in Resource::ALL {
        let extra = hand.get(r).saturating_sub(cost.get(r));
        spare += u32::from(extra / ratios[r.index()]);
    }
    let total: u32 = have.iter().map(|&p| u32::from(p)).sum();
    let mut worst = 0u32;
    let mut traded = 0u32;
    for r in Resource::ALL {
        let mut short = u32::from(cost.get(r).saturating_sub(hand.get(r)));
        let covered = short.min(spare);
        spare -= covered;
        short -= covered;
        if short == 0 {
            continue;
        }
        let p = u32::from(have[r.index()]);
        if p > 0 {
            worst = worst.max((short * 36).div_ceil(p));
        } else {
            traded += short * 4;
        }
    }
    if traded > 0 {
        if total == 0 {
            return 100;
        }
        worst = worst.max((traded * 36).div_ceil(total));
    }
    worst.min(100)
}

/// The knights `me` must have played to take the largest army (3, or the holder's plus one),
/// or `None` when it holds the army.
fn army_need<S: Shape>(state: &State<S>, me: Seat) -> Option<u8> {
    match state.largest_army_holder() {
        Some(h) if h == me => None,
        holder => Some(holder.map_or(3, |h| state.knights_played(h) + 1)),
    }
}

impl Plan {
    /// The plan of the player to move in `state`: the soonest of a city, a settlement and
    /// (from 5 points on, not holding it) the largest army, ties to the settlement, then the
    /// city; a card when none of them is possible and cards remain.
    pub fn choose<S: Shape>(state: &State<S>) -> Plan {
        let me = state.current_player();
        let hand = state.hand(me);
        let have = state.production(me);
        let ratios = state.trade_ratios(me);
        let eta = |cost: ResourceSet| rolls_to(hand, cost, &have, &ratios);
        let (roads, settlements, cities) = state.pieces_left(me);
        let mut best = (u32::MAX, Plan::Nothing);
        if settlements > 0 {
            let mut cost = SETTLEMENT_COST;
            let spots = state.road_spots(me);
            let reachable = if !state.settlement_spots(me).is_empty() {
                true
            } else if roads > 0 && !spots.is_empty() {
                cost.add(ROAD_COST);
                if HeuristicPolicy::opening_roads(state, spots).is_empty() {
                    cost.add(ROAD_COST);
                }
                true
            } else {
                false
            };
            if reachable {
                best = (eta(cost), Plan::Settlement);
            }
        }
        if cities > 0 && !state.city_spots(me).is_empty() {
            let t = eta(CITY_COST);
            if t < best.0 {
                best = (t, Plan::City);
            }
        }
        let deck = state.deck().total();
        if let Some(need) = army_need(state, me).filter(|_| state.total_vp(me) >= 5) {
            let played = state.knights_played(me);
            let old = state.dev_cards(me).get(DevCard::Knight);
            let new = state.new_dev_cards(me).get(DevCard::Knight);
            let buy = if played + old + new < need {
                need - played - old
            } else {
                0
            };
            if deck >= u32::from(buy) {
                let mut cost = ResourceSet::EMPTY;
                for _ in 0..buy {
                    cost.add(DEV_CARD_COST);
                }
                let t = eta(cost);
                if t < best.0 {
                    best = (t, Plan::Army);
                }
            }
        }
        if best.1 == Plan::Nothing && deck > 0 {
            best.1 = Plan::Card;
        }
        best.1
    }
}

impl ModelPolicy {
    /// Whether the stock robots' rule plays a knight for the largest army now.
    fn knight_for_army<S: Shape>(state: &State<S>, me: Seat) -> bool {
        let Some(need) = army_need(state, me) else {
            return false;
        };
        let held =
            state.dev_cards(me).get(DevCard::Knight) + state.new_dev_cards(me).get(DevCard::Knight);
        state.knights_played(me) + held >= need
    }

    /// `plans`: of the heuristic's `Main` candidates below the city and settlement tiers,
    /// only the moves of the player's [`Plan`].
    fn follow_plan<S: Shape>(state: &State<S>, out: &mut ActionList) {
        if out
            .iter()
            .any(|a| matches!(a, Action::BuildCity(_) | Action::BuildSettlement(_)))
        {
            return;
        }
        let me = state.current_player();
        let army = Self::knight_for_army(state, me);
        // The plan matters only for a card, a road, a ship or a trade. The heuristic offers no
        // trade when none reaches any build it saves for, and every plan's cost is one of
        // those builds but the army's with the deck empty: then no trade reaches the plan's
        // cost either, and the moves kept are the same whatever the plan.
        let hand = state.hand(me);
        let plan_free = !out.iter().any(|a| {
            matches!(
                a,
                Action::BuyDevCard
                    | Action::BuildRoad(_)
                    | Action::BuildShip(_)
                    | Action::BankTrade { .. }
            )
        }) && (state.deck().total() > 0 || !hand.0.iter().any(|&c| c >= 2));
        if plan_free {
            out.retain(|a| match a {
                Action::PlayKnight => army,
                Action::EndTurn => false,
                _ => true,
            });
            if out.is_empty() {
                out.push(Action::EndTurn);
            }
            return;
        }
        let plan = Plan::choose(state);
        out.retain(|a| match a {
            Action::BuyDevCard => matches!(plan, Plan::Army | Plan::Card),
            Action::BuildRoad(_) | Action::BuildShip(_) => plan == Plan::Settlement,
            Action::PlayKnight => army,
            Action::BankTrade { .. } | Action::EndTurn => false,
            _ => true,
        });
        if hand.0.iter().any(|&c| c >= 2) {
            let cost = match plan {
                Plan::City => Some(CITY_COST),
                Plan::Settlement if state.settlement_spots(me).is_empty() => Some(ROAD_COST),
                Plan::Settlement => Some(SETTLEMENT_COST),
                Plan::Army | Plan::Card => Some(DEV_CARD_COST),
                Plan::Nothing => None,
            };
            let ratios = state.trade_ratios(me);
            if let Some(t) =
                cost.and_then(|c| HeuristicPolicy::trade_towards(state, hand, &ratios, c))
            {
                out.push(t);
            }
        }
        if out.is_empty() {
            out.push(Action::EndTurn);
        }
    }
}

impl PlayoutPolicy for ModelPolicy {
    fn candidates<S: Shape>(&mut self, state: &State<S>, out: &mut ActionList) {
        HeuristicPolicy.candidates(state, out);
        if self.plans && state.phase() == Phase::Main && self.own != Some(state.current_player()) {
            Self::follow_plan(state, out);
        }
        if self.greedy && state.phase() == Phase::Main && out.len() > 1 {
            keep_best_spots(state, out);
        }
        if self.stock_knights
            && state.phase() == Phase::Main
            && out.contains(Action::PlayKnight)
            && !Self::knight_for_army(state, state.current_player())
        {
            out.retain(|a| *a != Action::PlayKnight);
            if out.is_empty() {
                out.push(Action::EndTurn);
            }
        }
        if self.offers
            && state.phase() == Phase::Main
            && out[..] == [Action::EndTurn]
            && state.offers_made() == 0
        {
            if let Some(offer) = super::negotiate::choose_offer(state) {
                out.clear();
                out.push(offer);
            }
        }
    }

    fn choose<S: Shape, R: Rng + ?Sized>(
        &mut self,
        state: &State<S>,
        actions: &[Action],
        rng: &mut R,
    ) -> usize {
        if !self.grouped || actions.len() <= 1 {
            return HeuristicPolicy.choose(state, actions, rng);
        }
        let kind = |a: &Action| std::mem::discriminant(a);
        let mut kinds = [kind(&actions[0]); 8];
        let mut n = 0;
        for a in actions {
            if !kinds[..n].contains(&kind(a)) && n < kinds.len() {
                kinds[n] = kind(a);
                n += 1;
            }
        }
        let k = kinds[rng.gen_range(0..n)];
        let m = actions.iter().filter(|a| kind(a) == k).count();
        let j = rng.gen_range(0..m);
        actions
            .iter()
            .enumerate()
            .filter(|(_, a)| kind(a) == k)
            .nth(j)
            .map_or(0, |(i, _)| i)
    }
}

/// How good a building on `node` is for a player whose buildings produce `have` (pips per
/// resource, [`State::production`]): pips of its hexes (the robber's not counted), a bonus for
/// resources the player does not produce yet and for the scarce ones (ore, wheat, clay, wood
/// early), and a little for a port. A gold hex counts as a resource the player lacks.
pub fn spot_score<S: Shape>(state: &State<S>, have: &[u16; 5], node: NodeId) -> i32 {
    let topo = S::topology();
    let board = state.board();
    let mut score = 0;
    for h in topo.node_hexes(node) {
        if h == state.robber() {
            continue;
        }
        let Some(r) = board.hex_resource[h.index()] else {
            // Sea boards: a gold hex pays any resource, worth a hex of one we lack.
            if S::SEA && board.sea().is_some_and(|l| l.gold.contains(h)) {
                score += 10 * pips(board.hex_number[h.index()]) as i32 + 12;
            }
            continue;
        };
        let p = pips(board.hex_number[h.index()]) as i32;
        score += 10 * p;
        if have[r.index()] == 0 {
            score += 12; // diversity
        }
        score += match r {
            Resource::Wheat | Resource::Ore => 4,
            Resource::Clay | Resource::Wood => 3,
            Resource::Sheep => 0,
        };
    }
    if topo
        .port_nodes
        .as_ref()
        .iter()
        .any(|ports| ports.contains(node))
    {
        score += 6;
    }
    score
}

/// Of the cities, settlements and roads in `out` (a `Main` candidate list), keeps the best of
/// each kind by [`spot_score`] (a road by the best free spot at its ends); other moves stay.
fn keep_best_spots<S: Shape>(state: &State<S>, out: &mut ActionList) {
    let me = state.current_player();
    let topo = S::topology();
    let free = state.free_nodes();
    let have = state.production(me);
    let score = |a: &Action| -> Option<(u8, i32)> {
        match *a {
            Action::BuildCity(n) => Some((0, spot_score(state, &have, n))),
            Action::BuildSettlement(n) => Some((1, spot_score(state, &have, n))),
            Action::BuildRoad(e) => Some((
                2,
                (topo.edge_node_set[e.index()] & free)
                    .iter()
                    .map(|n| spot_score(state, &have, n))
                    .max()
                    .unwrap_or(0),
            )),
            _ => None,
        }
    };
    let mut best = [None::<(i32, Action)>; 3];
    for a in out.iter() {
        if let Some((k, v)) = score(a) {
            if best[k as usize].map_or(true, |(b, _)| v > b) {
                best[k as usize] = Some((v, *a));
            }
        }
    }
    out.retain(|a| match score(a) {
        Some((k, _)) => best[k as usize].is_some_and(|(_, b)| b == *a),
        None => true,
    });
}

/// The players of a search's heuristic playouts (`playouts=` in an agent spec).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Playouts {
    /// [`HeuristicPolicy`] (the default).
    #[default]
    Heuristic,
    /// [`ModelPolicy`] with `offers`: players trade with each other as the trading model does.
    Offers,
    /// [`ModelPolicy`] with `greedy`: the best spot of each kind of build only.
    Greedy,
    /// [`ModelPolicy`] with `plans`: players save for one build plan, as the stock robots do.
    Plans,
    /// [`ModelPolicy`] with `plans` and `greedy`: a build plan saved for, built on the best
    /// spots; the nearest this crate comes to the stock robots' play (`heuristic:policy=stock`
    /// is the arena's stand-in for them).
    Stock,
}

impl Playouts {
    /// The model by its spec name (`heuristic`, `offers`, `greedy`, `plans`, `stock`).
    pub fn parse(name: &str) -> Option<Self> {
        match name.trim() {
            "heuristic" => Some(Playouts::Heuristic),
            "offers" => Some(Playouts::Offers),
            "greedy" => Some(Playouts::Greedy),
            "plans" => Some(Playouts::Plans),
            "stock" => Some(Playouts::Stock),
            _ => None,
        }
    }

    /// The spec name.
    pub fn name(self) -> &'static str {
        match self {
            Playouts::Heuristic => "heuristic",
            Playouts::Offers => "offers",
            Playouts::Greedy => "greedy",
            Playouts::Plans => "plans",
            Playouts::Stock => "stock",
        }
    }

    /// The [`ModelPolicy`] that plays these playouts, or `None` for [`HeuristicPolicy`].
    pub fn model(self) -> Option<ModelPolicy> {
        match self {
            Playouts::Heuristic => None,
            Playouts::Offers => Some(ModelPolicy {
                offers: true,
                ..ModelPolicy::default()
            }),
            Playouts::Greedy => Some(ModelPolicy {
                greedy: true,
                ..ModelPolicy::default()
            }),
            Playouts::Plans => Some(ModelPolicy {
                plans: true,
                ..ModelPolicy::default()
            }),
            Playouts::Stock => Some(ModelPolicy {
                plans: true,
                greedy: true,
                ..ModelPolicy::default()
            }),
        }
    }
}

/// How a playout ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayoutResult {
    /// The winner, or `None` if `max_steps` ran out first.
    pub winner: Option<Seat>,
    /// Total victory points per seat at the end.
    pub vp: [u8; MAX_SEATS],
    /// Actions applied.
    pub steps: u32,
}

/// Plays `state` forward with `policy` until the game ends or `max_steps` actions were
/// applied. Chance comes from `rng`.
pub fn playout<S: Shape, P: PlayoutPolicy, R: Rng + ?Sized>(
    state: &mut State<S>,
    policy: &mut P,
    rng: &mut R,
    max_steps: u32,
) -> PlayoutResult {
    let mut list = ActionList::new();
    let mut steps = 0;
    while !state.is_over() && steps < max_steps {
        policy.candidates(state, &mut list);
        let i = policy.choose(state, &list, rng);
        state.apply_unchecked(list[i], rng);
        steps += 1;
    }
    PlayoutResult {
        winner: state.winner(),
        vp: std::array::from_fn(|i| {
            if i < S::SEATS {
                state.total_vp(Seat::new(i))
            } else {
                0
            }
        }),
        steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::topology::topology;
    use crate::game::{Board, EdgeId, Rules};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn heuristic_playouts_finish_games() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut finished = 0;
        for _ in 0..50 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let r = playout(&mut st, &mut HeuristicPolicy, &mut rng, 20_000);
            if let Some(w) = r.winner {
                assert!(r.vp[w.index()] >= 10);
                finished += 1;
            }
        }
        assert!(finished >= 45, "{finished}");
    }

    /// On the server's sea board the heuristic sails: games finish, and in most of them a
    /// seat settles an island (a land area other than the mainland, reached by ship only).
    #[test]
    fn heuristic_playouts_finish_sea_games_and_settle_islands() {
        use crate::game::Sea;
        let mut rng = SmallRng::seed_from_u64(11);
        let (mut finished, mut islands, mut ships) = (0, 0, 0);
        let games = 40;
        for _ in 0..games {
            let board = Board::<Sea>::random_sea(&mut rng);
            let mut st = State::new(board, Rules::default(), Seat::new(0));
            let r = playout(&mut st, &mut HeuristicPolicy, &mut rng, 20_000);
            if let Some(w) = r.winner {
                assert!(r.vp[w.index()] >= 10);
                finished += 1;
            }
            let l = *st.board().sea().unwrap();
            let seats: Vec<Seat> = st.rules().seated().collect();
            let settled = seats.iter().any(|&s| {
                (st.settlements(s) | st.cities(s))
                    .into_iter()
                    .any(|n| l.area[n.index()] > 1)
            });
            islands += usize::from(settled);
            ships += seats.iter().map(|&s| st.ships(s).len()).sum::<usize>();
        }
        println!("{finished} of {games} finished, islands settled in {islands}, {ships} ships");
        assert!(finished >= games * 9 / 10, "{finished} of {games} finished");
        assert!(
            islands >= games / 2,
            "islands settled in {islands} of {games}"
        );
        assert!(ships >= games * 4, "{ships} ships in {games} games");
    }

    /// The definition `robber_target` implements with hex masks: score every allowed hex,
    /// -1 at our buildings, else pips times the leader's settlements plus twice its cities;
    /// the first best wins.
    fn robber_target_by_definition(state: &State) -> HexId {
        let me = state.current_player();
        let topo = topology();
        let leader = state
            .rules()
            .seated()
            .filter(|&o| o != me)
            .max_by_key(|&o| state.public_vp(o))
            .unwrap_or(me);
        let mine = state.settlements(me) | state.cities(me);
        let (ls, lc) = (state.settlements(leader), state.cities(leader));
        let mut best = (i32::MIN, HexId::new(0));
        for h in topology().hexes().filter(|&h| state.robber_may_go(h)) {
            let ns = topo.hex_node_set[h.index()];
            let score = if mine.intersects(ns) {
                -1
            } else {
                let pip = pips(state.board().hex_number[h.index()]) as i32;
                pip * ((ls & ns).len() + 2 * (lc & ns).len()) as i32
            };
            if score > best.0 {
                best = (score, h);
            }
        }
        best.1
    }

    #[test]
    fn robber_target_matches_its_definition() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut list = ActionList::new();
        let mut checked = 0;
        for g in 0..60 {
            let rules = Rules {
                robber_not_to_desert: g % 2 == 1,
                ..Rules::default()
            };
            let mut st = State::new(Board::random(&mut rng), rules, Seat::new(0));
            while !st.is_over() {
                if st.phase() == Phase::PlacingRobber {
                    let got = HeuristicPolicy::robber_target(&st);
                    assert!(st.robber_may_go(got));
                    assert_eq!(got, robber_target_by_definition(&st));
                    checked += 1;
                }
                HeuristicPolicy.candidates(&st, &mut list);
                let i = HeuristicPolicy.choose(&st, &list, &mut rng);
                st.apply_unchecked(list[i], &mut rng);
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// With `greedy`, the `Main` candidates are the heuristic's with each kind of build cut to
    /// its best spot: one city at most, on the node whose hexes score most; one settlement at
    /// most, likewise; one road at most, opening the best free spot; nothing else changes.
    /// Greedy playouts still finish their games.
    #[test]
    fn greedy_candidates_keep_the_best_spot_of_each_build() {
        let mut rng = SmallRng::seed_from_u64(21);
        let (mut heuristic, mut greedy) = (ActionList::new(), ActionList::new());
        let mut policy = ModelPolicy {
            greedy: true,
            ..ModelPolicy::default()
        };
        let (mut cut, mut finished) = (0, 0);
        for _ in 0..30 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let mut steps = 0;
            while !st.is_over() && steps < 20_000 {
                HeuristicPolicy.candidates(&st, &mut heuristic);
                policy.candidates(&st, &mut greedy);
                if st.phase() == Phase::Main {
                    let me = st.current_player();
                    let have = st.production(me);
                    let free = st.free_nodes();
                    let road = |e: EdgeId| {
                        (topology().edge_node_set[e.index()] & free)
                            .iter()
                            .map(|n| spot_score(&st, &have, n))
                            .max()
                            .unwrap_or(0)
                    };
                    let value = |a: &Action| match *a {
                        Action::BuildCity(n) => Some((0, spot_score(&st, &have, n))),
                        Action::BuildSettlement(n) => Some((1, spot_score(&st, &have, n))),
                        Action::BuildRoad(e) => Some((2, road(e))),
                        _ => None,
                    };
                    for kind in 0..3 {
                        let best = heuristic
                            .iter()
                            .filter_map(|a| value(a).filter(|v| v.0 == kind).map(|v| v.1))
                            .max();
                        let kept: Vec<_> = greedy
                            .iter()
                            .filter(|a| value(a).is_some_and(|v| v.0 == kind))
                            .collect();
                        assert_eq!(kept.len(), usize::from(best.is_some()));
                        if let Some(a) = kept.first() {
                            assert_eq!(value(a).map(|v| v.1), best);
                        }
                    }
                    let others = |l: &ActionList| -> Vec<Action> {
                        l.iter().copied().filter(|a| value(a).is_none()).collect()
                    };
                    assert_eq!(others(&greedy), others(&heuristic));
                    cut += usize::from(greedy.len() < heuristic.len());
                }
                let i = policy.choose(&st, &greedy, &mut rng);
                st.apply_unchecked(greedy[i], &mut rng);
                steps += 1;
            }
            finished += usize::from(st.is_over());
        }
        assert!(cut > 300, "greedy cut the candidates {cut} times");
        assert!(finished >= 28, "{finished} of 30 finished");
    }

    /// With `stock_knights`, a knight is a `Main` candidate exactly when the held one is
    /// playable and the stock robots' rule holds (played plus held reach the army: 3, or the
    /// holder's plus one; not already the holder); the other candidates stay the heuristic's.
    #[test]
    fn stock_knights_offer_a_knight_only_by_the_robots_rule() {
        let mut rng = SmallRng::seed_from_u64(8);
        let mut model = ModelPolicy {
            stock_knights: true,
            ..ModelPolicy::default()
        };
        let (mut list, mut plain) = (ActionList::new(), ActionList::new());
        let (mut kept, mut dropped) = (0, 0);
        for _ in 0..80 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            while !st.is_over() {
                model.candidates(&st, &mut list);
                HeuristicPolicy.candidates(&st, &mut plain);
                if st.phase() == Phase::Main && plain.contains(Action::PlayKnight) {
                    let me = st.current_player();
                    let holder = st.largest_army_holder();
                    let need = holder.map_or(3, |h| st.knights_played(h) + 1);
                    let held = st.dev_cards(me).get(DevCard::Knight)
                        + st.new_dev_cards(me).get(DevCard::Knight);
                    let rule = holder != Some(me) && st.knights_played(me) + held >= need;
                    assert_eq!(list.contains(Action::PlayKnight), rule);
                    let others =
                        |l: &ActionList| l.iter().filter(|a| **a != Action::PlayKnight).count();
                    assert_eq!(others(&list), others(&plain).max(usize::from(!rule)));
                    if rule {
                        kept += 1;
                    } else {
                        dropped += 1;
                    }
                } else {
                    assert_eq!(&list[..], &plain[..]);
                }
                let i = model.choose(&st, &list, &mut rng);
                st.apply_unchecked(list[i], &mut rng);
            }
        }
        assert!(kept > 20 && dropped > 20, "kept {kept}, dropped {dropped}");
    }

    /// Rolls to a build: none when the hand holds it; by the slowest missing resource's
    /// production (pips out of 36); surplus cards traded first at the player's ratios; a
    /// resource not produced at all bought at 4:1 from the whole production; 100 at most.
    #[test]
    fn rolls_to_counts_by_production_and_trades() {
        let r4 = [4u8; 5];
        // Clay, ore, sheep, wheat, wood. Ore 5 pips, wheat 4.
        let have = [0, 5, 0, 4, 0];
        assert_eq!(rolls_to(CITY_COST, CITY_COST, &have, &r4), 0);
        // Three ore at 5 pips: 108/5 = 21.6; two wheat at 4: 18.
        assert_eq!(rolls_to(ResourceSet::EMPTY, CITY_COST, &have, &r4), 22);
        // Four sheep trade for one ore: two ore, 72/5 = 14.4, so wheat's 18 is the slowest.
        let sheep = ResourceSet::of(Resource::Sheep, 4);
        assert_eq!(rolls_to(sheep, CITY_COST, &have, &r4), 18);
        // At 2:1 sheep, the four sheep buy two: one ore left (7.2), wheat (18) again.
        let mut r2 = r4;
        r2[Resource::Sheep.index()] = 2;
        assert_eq!(rolls_to(sheep, CITY_COST, &have, &r2), 18);
        // Clay and wood are not produced: 2 cards at 4:1 from 9 pips, 8 * 36 / 9 = 32.
        assert_eq!(rolls_to(ResourceSet::EMPTY, ROAD_COST, &have, &r4), 32);
        // Nothing produced: the cap.
        assert_eq!(rolls_to(ResourceSet::EMPTY, ROAD_COST, &[0; 5], &r4), 100);
    }

    /// With `plans`, the `Main` candidates below the city and settlement tiers are the moves
    /// of the player's plan only: no card bought for a city or a settlement, no road built for a
    /// city or the army, a trade only towards the plan's cost, a knight only by the stock
    /// robots' army rule, and the turn ended where nothing is left; where a city or settlement
    /// is offered, and for the `own` seat, the heuristic's candidates stay. Every plan occurs
    /// but the card (rare), every move is legal, and the games finish.
    #[test]
    fn plans_keep_the_moves_of_one_plan() {
        let mut rng = SmallRng::seed_from_u64(17);
        let own = Seat::new(1);
        let mut model = ModelPolicy {
            plans: true,
            own: Some(own),
            ..ModelPolicy::default()
        };
        let (mut list, mut plain) = (ActionList::new(), ActionList::new());
        let mut seen = [0usize; 5];
        let (mut saved, mut finished) = (0, 0);
        for _ in 0..30 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let mut steps = 0;
            while !st.is_over() && steps < 20_000 {
                model.candidates(&st, &mut list);
                HeuristicPolicy.candidates(&st, &mut plain);
                let me = st.current_player();
                let builds = plain
                    .iter()
                    .any(|a| matches!(a, Action::BuildCity(_) | Action::BuildSettlement(_)));
                if st.phase() != Phase::Main || me == own || builds {
                    assert_eq!(&list[..], &plain[..]);
                } else {
                    let plan = Plan::choose(&st);
                    seen[plan as usize] += 1;
                    if plan == Plan::Army {
                        assert!(st.total_vp(me) >= 5);
                        assert_ne!(st.largest_army_holder(), Some(me));
                    }
                    let cost = match plan {
                        Plan::City => CITY_COST,
                        Plan::Settlement if st.settlement_spots(me).is_empty() => ROAD_COST,
                        Plan::Settlement => SETTLEMENT_COST,
                        Plan::Army | Plan::Card | Plan::Nothing => DEV_CARD_COST,
                    };
                    for a in list.iter() {
                        assert!(st.is_legal(*a), "{a:?}");
                        match *a {
                            Action::BuyDevCard => {
                                assert!(matches!(plan, Plan::Army | Plan::Card))
                            }
                            Action::BuildRoad(_) => assert_eq!(plan, Plan::Settlement),
                            Action::PlayKnight => {
                                assert!(ModelPolicy::knight_for_army(&st, me))
                            }
                            Action::BankTrade { get, .. } => {
                                assert_ne!(plan, Plan::Nothing);
                                assert!(st.hand(me).get(get) < cost.get(get), "{plan:?} {a:?}");
                            }
                            Action::EndTurn => assert_eq!(list.len(), 1),
                            _ => assert!(plain.contains(*a), "{a:?} not the heuristic's"),
                        }
                    }
                    saved += usize::from(
                        list[..] == [Action::EndTurn] && plain[..] != [Action::EndTurn],
                    );
                }
                let i = model.choose(&st, &list, &mut rng);
                st.apply_unchecked(list[i], &mut rng);
                steps += 1;
            }
            finished += usize::from(st.is_over());
        }
        // A card as the plan (no city spot, no settlement reachable, under 5 points) is rare.
        let [city, settlement, army, _, _] = seen;
        assert!(
            city > 100 && settlement > 100 && army > 20,
            "plans seen {seen:?}"
        );
        assert!(saved > 100, "saved {saved} times");
        assert!(finished >= 28, "{finished} of 30 finished");
    }

    /// With `offers`, players of a playout offer each other trades where the heuristic would
    /// end its turn, every one legal, some accepted, and the games still finish.
    #[test]
    fn playouts_with_offers_trade_legally_and_finish() {
        let mut rng = SmallRng::seed_from_u64(12);
        let mut model = ModelPolicy {
            offers: true,
            ..ModelPolicy::default()
        };
        let mut list = ActionList::new();
        let (mut offers, mut accepted, mut finished) = (0, 0, 0);
        for _ in 0..30 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let mut steps = 0;
            while !st.is_over() && steps < 20_000 {
                model.candidates(&st, &mut list);
                let a = list[model.choose(&st, &list, &mut rng)];
                assert!(st.is_legal(a), "{a:?} in {:?}", st.phase());
                offers += usize::from(matches!(a, Action::OfferTrade(_)));
                accepted += usize::from(a == Action::AcceptOffer);
                st.apply_unchecked(a, &mut rng);
                steps += 1;
            }
            finished += usize::from(st.is_over());
        }
        assert!(finished >= 27, "{finished} of 30");
        assert!(
            offers > 100 && accepted > 10,
            "{offers} offers, {accepted} accepted"
        );
    }

    /// `grouped` draws a kind of move first: one knight among nine roads is drawn about half
    /// the time, where the heuristic draws it about a tenth of the time.
    #[test]
    fn grouped_choice_draws_each_kind_of_move_alike() {
        let mut rng = SmallRng::seed_from_u64(9);
        let st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let mut list = ActionList::new();
        for e in 0..9 {
            list.push(Action::BuildRoad(crate::game::EdgeId::new(e)));
        }
        list.push(Action::PlayKnight);
        let mut grouped = ModelPolicy {
            grouped: true,
            ..ModelPolicy::default()
        };
        let draws = 4000;
        let count = |p: &mut dyn FnMut(&mut SmallRng) -> usize, rng: &mut SmallRng| {
            (0..draws)
                .filter(|_| list[p(rng)] == Action::PlayKnight)
                .count()
        };
        let g = count(&mut |r| grouped.choose(&st, &list, r), &mut rng);
        let h = count(&mut |r| HeuristicPolicy.choose(&st, &list, r), &mut rng);
        assert!(
            (1800..2200).contains(&g),
            "grouped drew the knight {g} of {draws}"
        );
        assert!(
            (300..500).contains(&h),
            "heuristic drew the knight {h} of {draws}"
        );
    }

    #[test]
    fn uniform_playouts_apply_only_legal_actions() {
        let mut rng = SmallRng::seed_from_u64(4);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(1));
        let r = playout(&mut st, &mut UniformPolicy, &mut rng, 100_000);
        assert!(r.steps > 0);
    }
}
