//! Legal action generation into a caller's [`ActionList`], one generator per action kind, plus
//! the cheap "where could this seat build" sets the agent's move pruning uses.
//! Imports only the game vocabulary.

use super::action::{Action, ActionList, ACTION_LIST_CAPACITY};
use super::ids::{HexId, Seat};
use super::phase::Phase;
use super::resources::{
    DevCard, Resource, ResourceSet, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST,
};
use super::sets::{EdgeSet, NodeSet};
use super::state::{State, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS};
use super::topology::topology;

/// At most this many discards are generated. Hands with more distinct discards than this get an
/// evenly spaced subset of the lexicographic enumeration (every k-th multiset, always including
/// the first), so the count stays bounded; any valid discard still *applies*.
/// 126 = C(9, 4), so hands of up to 11 cards (discarding up to 5) always get every discard.
pub const DISCARD_CAP: usize = 126;

impl State {
    /// Every legal action of [`State::to_move`] in the current phase, appended to `out`
    /// after clearing it. Empty only when the game is over.
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let s = self.current;
        match self.phase {
            Phase::InitialSettlement1 | Phase::InitialSettlement2 => {
                for n in !self.blocked {
                    out.push(Action::PlaceInitialSettlement(n));
                }
            }
            Phase::InitialRoad1 | Phase::InitialRoad2 => {
                let mut spots = self.initial_road_spots(s);
                if spots.is_empty() {
                    // Only if other seats' roads took every edge of the new settlement.
                    spots = self.road_spots(s);
                }
                for e in spots {
                    out.push(Action::PlaceInitialRoad(e));
                }
            }
            Phase::RollOrCard => {
                out.push(Action::Roll);
                self.push_dev_plays(out);
            }
            Phase::Main => {
                self.push_cities(out);
                self.push_settlements(out);
                self.push_rest(out);
            }
            Phase::PlacingRobber => {
                for h in HexId::all() {
                    if self.robber_may_go(h) {
                        out.push(Action::MoveRobber(h));
                    }
                }
            }
            Phase::Discard => {
                let seat = self.to_move();
                push_discards(self.hands[seat], self.discard_owed[seat] as u32, out);
            }
            Phase::ChooseVictim => {
                let v = self.robber_victims();
                for seat in Seat::all() {
                    if v[seat.index()] {
                        out.push(Action::ChooseVictim(seat));
                    }
                }
            }
            Phase::FreeRoad1 | Phase::FreeRoad2 => {
                for e in self.road_spots(s) {
                    out.push(Action::BuildRoad(e));
                }
            }
            Phase::YearOfPlenty => {
                for a in Resource::ALL {
                    for b in Resource::ALL[a.index()..].iter().copied() {
                        if self.bank_can_give(a, b) {
                            out.push(Action::PickYearOfPlenty(a, b));
                        }
                    }
                }
            }
            Phase::Monopoly => {
                for r in Resource::ALL {
                    out.push(Action::PickMonopoly(r));
                }
            }
            Phase::TradeResponse => {
                if self.can_accept() {
                    out.push(Action::AcceptOffer);
                }
                out.push(Action::DeclineOffer);
            }
            Phase::Over => {}
        }
    }

    /// `Main` only: city builds the current player can afford and place, appended to `out`.
    pub fn push_cities(&self, out: &mut ActionList) {
        let s = self.current;
        if self.phase == Phase::Main && self.hands[s].contains(CITY_COST) {
            for n in self.city_spots(s) {
                out.push(Action::BuildCity(n));
            }
        }
    }

    /// `Main` only: settlement builds the current player can afford and place.
    pub fn push_settlements(&self, out: &mut ActionList) {
        let s = self.current;
        if self.phase == Phase::Main && self.hands[s].contains(SETTLEMENT_COST) {
            for n in self.settlement_spots(s) {
                out.push(Action::BuildSettlement(n));
            }
        }
    }

    /// `Main` only: everything but cities and settlements — end turn, roads, dev card buy and
    /// plays, bank/port trades.
    pub fn push_rest(&self, out: &mut ActionList) {
        if self.phase != Phase::Main {
            return;
        }
        let s = self.current;
        let hand = self.hands[s];
        out.push(Action::EndTurn);
        if hand.contains(ROAD_COST) {
            for e in self.road_spots(s) {
                out.push(Action::BuildRoad(e));
            }
        }
        if self.deck.total() > 0 && hand.contains(DEV_CARD_COST) {
            out.push(Action::BuyDevCard);
        }
        self.push_dev_plays(out);
        for give in Resource::ALL {
            if hand.get(give) >= self.best_trade_ratio(s, give) {
                for get in Resource::ALL {
                    if get != give && self.bank_has(get, 1) {
                        out.push(Action::BankTrade { give, get });
                    }
                }
            }
        }
    }

    /// Dev card plays legal now (`SOCGame.canPlayKnight` etc.): state 15 or 20, no card
    /// played this turn, the card held from before this turn; road building needs a road in
    /// stock.
    fn push_dev_plays(&self, out: &mut ActionList) {
        if self.played_dev {
            return;
        }
        let d = self.dev_old[self.current];
        if d.get(DevCard::Knight) > 0 {
            out.push(Action::PlayKnight);
        }
        if d.get(DevCard::RoadBuilding) > 0 && self.roads[self.current].len() < MAX_ROADS {
            out.push(Action::PlayRoadBuilding);
        }
        if d.get(DevCard::YearOfPlenty) > 0 && self.year_of_plenty_possible() {
            out.push(Action::PlayYearOfPlenty);
        }
        if d.get(DevCard::Monopoly) > 0 {
            out.push(Action::PlayMonopoly);
        }
    }

    /// Whether the bank can hand out `a` and `b` (one each; two of one if equal). Always
    /// true without `Rules::bank_limit`.
    #[inline]
    pub(crate) fn bank_can_give(&self, a: Resource, b: Resource) -> bool {
        if a == b {
            self.bank_has(a, 2)
        } else {
            self.bank_has(a, 1) && self.bank_has(b, 1)
        }
    }

    /// Whether the bank can pay some year-of-plenty pair (always, without the bank limit).
    #[inline]
    pub(crate) fn year_of_plenty_possible(&self) -> bool {
        !self.rules.bank_limit || self.bank.iter().map(|&b| b.max(0)).sum::<i16>() >= 2
    }

    /// Whether the bank holds `n` of `r`. Always true without `Rules::bank_limit`. The one
    /// bank rule for move generation and the agents' trade plans.
    #[inline]
    pub fn bank_has(&self, r: Resource, n: i16) -> bool {
        !self.rules.bank_limit || self.bank[r.index()] >= n
    }

    /// Settlements `seat` may upgrade (ignores cost): its settlements while it has a city left.
    #[inline]
    pub fn city_spots(&self, seat: Seat) -> NodeSet {
        if self.cities[seat].len() < MAX_CITIES {
            self.settlements[seat]
        } else {
            NodeSet::EMPTY
        }
    }

    /// Nodes where `seat` may build a settlement in regular play (ignores cost): on its road
    /// network, free under the distance rule, with a settlement in stock.
    #[inline]
    pub fn settlement_spots(&self, seat: Seat) -> NodeSet {
        if self.settlements[seat].len() < MAX_SETTLEMENTS {
            self.road_nodes[seat] - self.blocked
        } else {
            NodeSet::EMPTY
        }
    }

    /// Edges where `seat` may build a road (ignores cost): free edges touching its buildings,
    /// or its roads at nodes not holding an opponent's building; needs a road in stock.
    pub fn road_spots(&self, seat: Seat) -> EdgeSet {
        if self.roads[seat].len() >= MAX_ROADS {
            return EdgeSet::EMPTY;
        }
        self.road_reach[seat] - self.all_roads
    }

    /// Edges the generator offers for an initial road: free edges at the settlement just
    /// placed (what every JSettlers bot does; the server would also accept any free edge
    /// touching the seat's other pieces — `apply` accepts those too).
    pub fn initial_road_spots(&self, seat: Seat) -> EdgeSet {
        match self.last_settlement[seat] {
            Some(n) => topology().node_edge_set[n.index()] - self.all_roads,
            None => EdgeSet::EMPTY,
        }
    }
}

/// Pushes the distinct discards of `k` cards from `hand` (see [`DISCARD_CAP`]).
pub(crate) fn push_discards(hand: ResourceSet, k: u32, out: &mut ActionList) {
    let count = count_discards(hand, k);
    let cap = DISCARD_CAP.min(ACTION_LIST_CAPACITY - out.len());
    let stride = count.div_ceil(cap).max(1);
    let mut i = 0usize;
    for_each_discard(hand, k, &mut |d| {
        if i % stride == 0 {
            out.push(Action::Discard(d));
        }
        i += 1;
    });
}

/// How many multisets of exactly `k` cards `hand` contains — or, when that is at most
/// [`DISCARD_CAP`], possibly an upper bound (only the sampling stride depends on it).
fn count_discards(hand: ResourceSet, k: u32) -> usize {
    // C(k+4, 4) bounds the count; below the cap no exact count is needed.
    let bound = (k as usize + 1) * (k as usize + 2) * (k as usize + 3) * (k as usize + 4) / 24;
    if bound <= DISCARD_CAP || k as usize >= 128 {
        if bound <= DISCARD_CAP {
            return bound.min(DISCARD_CAP);
        }
        let mut count = 0usize;
        for_each_discard(hand, k, &mut |_| count += 1);
        return count;
    }
    // ways[j] = multisets of j cards from the resources seen so far.
    let mut ways = [0usize; 128];
    ways[0] = 1;
    for &h in &hand.0 {
        let mut next = [0usize; 128];
        for j in 0..=k as usize {
            for x in 0..=(h as usize).min(j) {
                next[j] += ways[j - x];
            }
        }
        ways = next;
    }
    ways[k as usize]
}

/// Calls `f` with every multiset of exactly `k` cards contained in `hand`, in lexicographic
/// order of (clay, ore, sheep, wheat, wood) counts.
pub(crate) fn for_each_discard(hand: ResourceSet, k: u32, f: &mut impl FnMut(ResourceSet)) {
    let h = hand.0.map(u32::from);
    // Suffix sums bound how much the remaining resources can absorb.
    let mut suffix = [0u32; 6];
    for i in (0..5).rev() {
        suffix[i] = suffix[i + 1] + h[i];
    }
    if suffix[0] < k {
        return;
    }
    let mut cur = [0u8; 5];
    rec(&h, &suffix, 0, k, &mut cur, f);

    fn rec(
        h: &[u32; 5],
        suffix: &[u32; 6],
        i: usize,
        left: u32,
        cur: &mut [u8; 5],
        f: &mut impl FnMut(ResourceSet),
    ) {
        if i == 4 {
            cur[4] = left as u8;
            f(ResourceSet(*cur));
            return;
        }
        let lo = left.saturating_sub(suffix[i + 1]);
        let hi = h[i].min(left);
        for x in lo..=hi {
            cur[i] = x as u8;
            rec(h, suffix, i + 1, left - x, cur, f);
        }
    }
}
