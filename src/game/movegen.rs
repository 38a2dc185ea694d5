//! Legal action generation into a caller's [`ActionList`], one generator per action kind, plus
//! the cheap "where could this seat build" sets the agent's move pruning uses.
//! Imports only the game vocabulary.

use super::action::{Action, ActionList, ACTION_LIST_CAPACITY};
use super::ids::Seat;
use super::phase::Phase;
use super::resources::{
    DevCard, Resource, ResourceSet, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST, SHIP_COST,
};
use super::sets::BitSet;
use super::shape::{Part, Shape};
use super::state::{State, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS};

/// At most this many discards are generated. Hands with more distinct discards than this get an
/// evenly spaced subset of the lexicographic enumeration (every k-th multiset, always including
/// the first), so the count stays bounded; any valid discard still *applies*.
/// 126 = C(9, 4), so hands of up to 11 cards (discarding up to 5) always get every discard.
pub const DISCARD_CAP: usize = 126;

impl<S: Shape> State<S> {
    /// Every legal action of [`State::to_move`] in the current phase, appended to `out`
    /// after clearing it. Empty only when the game is over.
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let s = self.current;
        match self.phase {
            Phase::InitialSettlement1 | Phase::InitialSettlement2 => {
                for n in self.initial_settlement_spots() {
                    out.push(Action::PlaceInitialSettlement(n));
                }
            }
            Phase::InitialRoad1 | Phase::InitialRoad2 => {
                let mut spots = self.initial_road_spots(s);
                let mut ships = self.initial_ship_spots(s);
                if spots.is_empty() && ships.is_empty() {
                    // Only if other seats' roads took every edge of the new settlement.
                    spots = self.road_spots(s);
                    ships = self.ship_spots(s);
                }
                for e in spots {
                    out.push(Action::PlaceInitialRoad(e));
                }
                for e in ships {
                    out.push(Action::BuildShip(e));
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
            Phase::SpecialBuilding => {
                self.push_cities(out);
                self.push_settlements(out);
                self.push_special_rest(out);
            }
            Phase::PlacingRobber => {
                for h in S::topology().hexes() {
                    if self.robber_may_go(h) {
                        out.push(Action::MoveRobber(h));
                    }
                }
                if S::SEA {
                    for h in S::topology().hexes() {
                        if self.pirate_may_go(h) {
                            out.push(Action::MovePirate(h));
                        }
                    }
                }
            }
            Phase::Discard => {
                let seat = self.to_move();
                push_discards(self.hands[seat], self.discard_owed[seat] as u32, out);
            }
            Phase::ChooseVictim => {
                let v = self.robber_victims();
                for seat in self.seats() {
                    if v[seat.index()] {
                        out.push(Action::ChooseVictim(seat));
                    }
                }
            }
            Phase::FreeRoad1 | Phase::FreeRoad2 => {
                for e in self.road_spots(s) {
                    out.push(Action::BuildRoad(e));
                }
                for e in self.ship_spots(s) {
                    out.push(Action::BuildShip(e));
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
            Phase::PickGold => {
                let k = u32::from(self.gold_owed(self.to_move()));
                let room = ACTION_LIST_CAPACITY - out.len();
                for_each_discard(ResourceSet([k as u8; 5]), k, &mut |d| {
                    if out.len() < room.min(DISCARD_CAP)
                        && Resource::ALL
                            .into_iter()
                            .all(|r| self.bank_has(r, i16::from(d[r])))
                    {
                        out.push(Action::PickGold(d));
                    }
                });
            }
            Phase::Over => {}
        }
    }

    /// `Main` or `SpecialBuilding`: the phases where the current player builds.
    #[inline]
    fn is_building_phase(&self) -> bool {
        matches!(self.phase, Phase::Main | Phase::SpecialBuilding)
    }

    /// `SpecialBuilding` only: the end of this player's building, roads, a development card
    /// (`SOCGame.canBuyOrAskSpecialBuild`; no cards played, no trades).
    pub fn push_special_rest(&self, out: &mut ActionList) {
        if self.phase == Phase::SpecialBuilding {
            self.push_end_roads_card(out);
        }
    }

    /// The end of the turn (or of the Special Building Phase), the roads the current player
    /// can afford and place, and a development card if it can buy one.
    #[inline]
    fn push_end_roads_card(&self, out: &mut ActionList) {
        let s = self.current;
        let hand = self.hands[s];
        out.push(Action::EndTurn);
        if hand.contains(ROAD_COST) {
            for e in self.road_spots(s) {
                out.push(Action::BuildRoad(e));
            }
        }
        if S::SEA && hand.contains(SHIP_COST) {
            for e in self.ship_spots(s) {
                out.push(Action::BuildShip(e));
            }
        }
        if self.deck.total() > 0 && hand.contains(DEV_CARD_COST) {
            out.push(Action::BuyDevCard);
        }
    }

    /// `Main` or `SpecialBuilding`: city builds the current player can afford and place,
    /// appended to `out`.
    pub fn push_cities(&self, out: &mut ActionList) {
        let s = self.current;
        if self.is_building_phase() && self.hands[s].contains(CITY_COST) {
            for n in self.city_spots(s) {
                out.push(Action::BuildCity(n));
            }
        }
    }

    /// `Main` or `SpecialBuilding`: settlement builds the current player can afford and place.
    pub fn push_settlements(&self, out: &mut ActionList) {
        let s = self.current;
        if self.is_building_phase() && self.hands[s].contains(SETTLEMENT_COST) {
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
        self.push_end_roads_card(out);
        if S::SEA {
            self.push_ship_moves(out);
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

    /// `Main` only: the development card moves, appended to `out` — the plays legal now
    /// ([`Self::push_rest`]'s) and a purchase the hand pays for.
    pub fn push_cards(&self, out: &mut ActionList) {
        if self.phase != Phase::Main {
            return;
        }
        self.push_dev_plays(out);
        if self.deck.total() > 0 && self.hands[self.current].contains(DEV_CARD_COST) {
            out.push(Action::BuyDevCard);
        }
    }

    /// Dev card plays legal now (`SOCGame.canPlayKnight` etc.): state 15 or 20, no card
    /// played this turn, the card held from before this turn; road building needs a spot to
    /// place on (`free_road_possible`: stricter than the server, which wants only a piece in
    /// stock).
    fn push_dev_plays(&self, out: &mut ActionList) {
        if self.played_dev {
            return;
        }
        let d = self.dev_old[self.current];
        if d.get(DevCard::Knight) > 0 {
            out.push(Action::PlayKnight);
        }
        if d.get(DevCard::RoadBuilding) > 0 && self.free_road_possible(self.current) {
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
    pub fn city_spots(&self, seat: Seat) -> S::Nodes {
        if self.cities[seat].len() < MAX_CITIES {
            self.settlements[seat]
        } else {
            S::Nodes::EMPTY
        }
    }

    /// Nodes where `seat` may build a settlement in regular play (ignores cost): on its road
    /// network (or its ships, on a sea board: then legal nodes only), free under the
    /// distance rule, with a settlement in stock.
    #[inline]
    pub fn settlement_spots(&self, seat: Seat) -> S::Nodes {
        if self.settlements[seat].len() < MAX_SETTLEMENTS {
            match (self.board.land.get(), self.fleet.get()) {
                (Some(l), Some(f)) => {
                    ((self.road_nodes[seat] | f.ship_nodes[seat]) - self.blocked) & l.nodes
                }
                _ => self.road_nodes[seat] - self.blocked,
            }
        } else {
            S::Nodes::EMPTY
        }
    }

    /// Nodes for an initial settlement: free under the distance rule and, on a sea board,
    /// in the starting land area (or any legal node when there is none).
    #[inline]
    pub fn initial_settlement_spots(&self) -> S::Nodes {
        match self.board.land.get() {
            Some(l) => l.start_nodes - self.blocked,
            None => !self.blocked,
        }
    }

    /// Edges where `seat` may build a road (ignores cost): free edges touching its buildings,
    /// or its roads at nodes not holding an opponent's building; needs a road in stock. On a
    /// sea board, legal road edges only.
    pub fn road_spots(&self, seat: Seat) -> S::Edges {
        if self.roads[seat].len() >= MAX_ROADS {
            return S::Edges::EMPTY;
        }
        match self.board.land.get() {
            Some(l) => (self.road_reach[seat] - self.all_roads) & l.road_edges,
            None => self.road_reach[seat] - self.all_roads,
        }
    }

    /// Whether `seat` has a road or ship spot to place a free road on: the Road Building
    /// card is offered only then. The server lets the card be played with none
    /// (`SOCGame.canPlayRoadBuilding` asks only for a piece in stock) and then waits in
    /// PLACING_FREE_ROAD1 for a placement that cannot come: the turn is stuck until the card
    /// is cancelled (an SC_TTD game with all 15 roads built and no coast in reach).
    #[inline]
    pub fn free_road_possible(&self, seat: Seat) -> bool {
        !self.road_spots(seat).is_empty() || !self.ship_spots(seat).is_empty()
    }

    /// Edges the generator offers for an initial road: free edges at the settlement just
    /// placed (what every JSettlers bot does; the server would also accept any free edge
    /// touching the seat's other pieces — `apply` accepts those too).
    pub fn initial_road_spots(&self, seat: Seat) -> S::Edges {
        match self.last_settlement[seat] {
            Some(n) => {
                let free = S::topology().node_edge_set[n.index()] - self.all_roads;
                match self.board.land.get() {
                    Some(l) => free & l.road_edges,
                    None => free,
                }
            }
            None => S::Edges::EMPTY,
        }
    }

    /// Sea boards: edges for an initial ship at the settlement just placed (legal ship edges,
    /// free, not beside the pirate). Empty elsewhere.
    pub fn initial_ship_spots(&self, seat: Seat) -> S::Edges {
        match self.last_settlement[seat] {
            Some(n) if S::SEA => S::topology().node_edge_set[n.index()] & self.ship_spots(seat),
            _ => S::Edges::EMPTY,
        }
    }

    /// Sea boards, `Main`: every ship move of the current player, while the list has room.
    fn push_ship_moves(&self, out: &mut ActionList) {
        for from in self.movable_ships() {
            for to in self.ship_move_targets(from) {
                if out.len() + 64 >= ACTION_LIST_CAPACITY {
                    return;
                }
                out.push(Action::MoveShip { from, to });
            }
        }
    }
}

/// Pushes the distinct discards of `k` cards from `hand` (see [`DISCARD_CAP`]). The sample of
/// a larger set is drawn by rank, without walking the set: a hand of 120 of each resource owing
/// 120 has 9.4 M discards, and enumerating them at every search node took seconds.
pub(crate) fn push_discards(hand: ResourceSet, k: u32, out: &mut ActionList) {
    let cap = DISCARD_CAP.min(ACTION_LIST_CAPACITY - out.len());
    let ways = DiscardWays::new(hand, k);
    let count = ways.count();
    if count <= cap {
        for_each_discard(hand, k, &mut |d| out.push(Action::Discard(d)));
        return;
    }
    // Every `stride`-th multiset of the lexicographic order, starting with the first.
    let stride = count.div_ceil(cap);
    for i in (0..count).step_by(stride) {
        out.push(Action::Discard(ways.nth(i)));
    }
}

impl<S: Shape> State<S> {
    /// How many distinct discards `seat` can make of the cards it owes (1 when it owes none):
    /// the agents choose a discard with more than they can weigh by a rule instead.
    pub fn discard_choices(&self, seat: Seat) -> usize {
        DiscardWays::new(self.hands[seat], u32::from(self.discard_owed[seat])).count()
    }
}

/// The multisets of exactly `k` cards a hand contains, counted without listing them:
/// `suffix[i][j]` is how many multisets of `j` cards resources `i..5` of the hand hold.
struct DiscardWays {
    hand: [usize; 5],
    k: usize,
    suffix: [Vec<usize>; 6],
}

impl DiscardWays {
    fn new(hand: ResourceSet, k: u32) -> DiscardWays {
        let k = k as usize;
        let h = hand.0.map(usize::from);
        let mut suffix: [Vec<usize>; 6] = Default::default();
        suffix[5] = vec![0; k + 1];
        suffix[5][0] = 1;
        for i in (0..5).rev() {
            // suffix[i][j] = sum of suffix[i + 1][j - x] for x in 0..=min(h[i], j): a
            // sliding window over a running sum.
            let next = &suffix[i + 1];
            let mut row = vec![0usize; k + 1];
            let mut window = 0usize;
            for j in 0..=k {
                window += next[j];
                if j > h[i] {
                    window -= next[j - h[i] - 1];
                }
                row[j] = window;
            }
            suffix[i] = row;
        }
        DiscardWays { hand: h, k, suffix }
    }

    /// The number of multisets.
    fn count(&self) -> usize {
        self.suffix[0][self.k]
    }

    /// The multiset of rank `n` (0-based, `n < count()`) in the order of [`for_each_discard`]:
    /// lexicographic in (clay, ore, sheep, wheat, wood) counts.
    fn nth(&self, mut n: usize) -> ResourceSet {
        let mut out = [0u8; 5];
        let mut left = self.k;
        for (i, count) in out.iter_mut().enumerate() {
            for x in 0..=self.hand[i].min(left) {
                let ways = self.suffix[i + 1][left - x];
                if n < ways {
                    // x <= hand[i] <= 255.
                    *count = x as u8;
                    left -= x;
                    break;
                }
                n -= ways;
            }
        }
        debug_assert_eq!(left, 0, "rank out of range");
        ResourceSet(out)
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The generator as it was: walk every discard, keep every `stride`-th.
    fn by_walking(hand: ResourceSet, k: u32) -> Vec<Action> {
        let mut all = Vec::new();
        for_each_discard(hand, k, &mut |d| all.push(Action::Discard(d)));
        let stride = all.len().div_ceil(DISCARD_CAP).max(1);
        all.into_iter().step_by(stride).collect()
    }

    #[test]
    fn ranked_samples_are_the_walked_ones() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..400 {
            let hand = ResourceSet(std::array::from_fn(|_| rng.gen_range(0..=12)));
            let k = rng.gen_range(0..=hand.total() + 1);
            let mut l = ActionList::new();
            push_discards(hand, k, &mut l);
            assert_eq!(l.to_vec(), by_walking(hand, k), "{hand:?} owing {k}");
            let n = DiscardWays::new(hand, k).count();
            let mut walked = 0;
            for_each_discard(hand, k, &mut |_| walked += 1);
            assert_eq!(n, walked, "{hand:?} owing {k}");
        }
    }

    /// Before: 9.4 M discards walked twice per call. After: 126 ranked ones.
    #[test]
    fn a_huge_hand_gets_a_sample_without_the_walk() {
        let hand = ResourceSet::new(120, 120, 120, 120, 120);
        assert_eq!(DiscardWays::new(hand, 120).count(), 9_381_251); // C(124, 4)
        let t0 = std::time::Instant::now();
        let mut l = ActionList::new();
        for _ in 0..100 {
            l.clear();
            push_discards(hand, 120, &mut l);
        }
        assert!(
            t0.elapsed() < std::time::Duration::from_millis(500),
            "{:?} for 100 calls",
            t0.elapsed()
        );
        assert_eq!(l.len(), DISCARD_CAP);
        assert_eq!(l[0], Action::Discard(ResourceSet::new(0, 0, 0, 0, 120)));
        assert!(l
            .iter()
            .all(|a| matches!(a, Action::Discard(d) if d.total() == 120 && hand.contains(*d))));
        // Owing 255 of 5 x 255 cards: the largest counts a hand can hold.
        let full = ResourceSet([255; 5]);
        l.clear();
        push_discards(full, 255, &mut l);
        assert_eq!(l.len(), DISCARD_CAP);
    }
}
