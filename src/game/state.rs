//! State: one game's full information, cheap to clone (fixed arrays and bit sets, no heap),
//! plus the queries the agent and client need. Imports std and the game vocabulary.
//!
//! Invariants (checked by `tests/engine_invariants.rs` and `State::from_setup`):
//! - bank[r] + Σ hands[r] = 19 for every resource (95 cards in all); with
//!   `Rules::bank_limit == false` a bank count may go negative (JSettlers pays anyway);
//! - buildings never overlap and obey the distance rule; `occupied`, `blocked`, `all_roads`,
//!   `road_nodes`, `road_reach`, `port_flags` and `road_len` are caches derived from the piece sets;
//! - at most 15 roads, 5 settlements, 4 cities per seat;
//! - deck + held + played knights never exceed the 25-card deck per kind;
//! - `discard_owed` is nonzero only in `Phase::Discard`; `winner` is set iff `Phase::Over`.

use super::board::{pips, Board};
use super::ids::{BySeat, HexId, NodeId, Seat, MAX_SEATS};
use super::phase::Phase;
use super::resources::{DevCard, DevSet, Resource, ResourceSet};
use super::rules::Rules;
use super::sets::BitSet;
use super::shape::{Classic, Part, Shape};
use super::trade::PendingOffer;

/// Piece limits per seat (`SOCPlayer` initial piece counts).
pub const MAX_ROADS: usize = 15;
/// Settlements per seat.
pub const MAX_SETTLEMENTS: usize = 5;
/// Cities per seat.
pub const MAX_CITIES: usize = 4;

/// Port flag bit for a 3:1 port (bits 0..5 are the 2:1 ports by resource index).
pub(crate) const GENERIC_PORT: u8 = 1 << 5;

/// Bank/port trade ratio by port flags and resource index: 2 with that resource's 2:1 port,
/// else 3 with a 3:1 port, else 4 (one table lookup in the playout loop instead of branches).
const TRADE_RATIOS: [[u8; 5]; 64] = {
    let mut t = [[4u8; 5]; 64];
    let mut f = 0;
    while f < 64 {
        let mut r = 0;
        while r < 5 {
            t[f][r] = if f & (1 << r) != 0 {
                2
            } else if f & GENERIC_PORT as usize != 0 {
                3
            } else {
                4
            };
            r += 1;
        }
        f += 1;
    }
    t
};

/// A full-information game state on a board of shape `S` (the classic board unless named).
/// See the module doc for invariants.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct State<S: Shape = Classic> {
    pub(crate) board: Board<S>,
    pub(crate) rules: Rules,
    pub(crate) settlements: BySeat<S::Nodes>,
    pub(crate) cities: BySeat<S::Nodes>,
    pub(crate) roads: BySeat<S::Edges>,
    /// Nodes touched by each seat's roads.
    pub(crate) road_nodes: BySeat<S::Nodes>,
    /// Edges touching each seat's buildings, or its road nodes free of opponents' buildings
    /// (free ones among them are where the seat may build a road).
    pub(crate) road_reach: BySeat<S::Edges>,
    /// All buildings.
    pub(crate) occupied: S::Nodes,
    /// Buildings and their neighbours (the distance rule).
    pub(crate) blocked: S::Nodes,
    /// All roads (and, on the sea boards, all ships: one route piece per edge).
    pub(crate) all_roads: S::Edges,
    pub(crate) hands: BySeat<ResourceSet>,
    pub(crate) bank: [i16; 5],
    /// Development cards held since before this turn (playable; VP cards count here too).
    pub(crate) dev_old: BySeat<DevSet>,
    /// Development cards bought this turn (not playable until the owner's next turn).
    pub(crate) dev_new: BySeat<DevSet>,
    pub(crate) deck: DevSet,
    pub(crate) knights: BySeat<u8>,
    pub(crate) road_len: BySeat<u8>,
    pub(crate) port_flags: BySeat<u8>,
    pub(crate) longest_road: Option<Seat>,
    pub(crate) largest_army: Option<Seat>,
    pub(crate) robber: HexId,
    pub(crate) current: Seat,
    pub(crate) first_player: Seat,
    pub(crate) phase: Phase,
    /// Dice total of this turn, 0 before the roll (JSettlers `currentDice`).
    pub(crate) dice: u8,
    pub(crate) played_dev: bool,
    pub(crate) discard_owed: BySeat<u8>,
    pub(crate) last_settlement: BySeat<Option<NodeId>>,
    pub(crate) turn: u32,
    pub(crate) winner: Option<Seat>,
    /// The player-trade offer waiting for answers (set iff `Phase::TradeResponse`).
    pub(crate) offer: Option<PendingOffer>,
    /// Offers the current player has made this turn.
    pub(crate) offers_made: u8,
    /// In the Special Building Phase: the seats (bit per seat) still to be asked whether they
    /// build, after the current one (0 otherwise).
    pub(crate) sbp_left: u8,
    /// In the Special Building Phase: the player whose turn it ends
    /// (`SOCGame.specialBuildPhase_afterPlayerNumber`).
    pub(crate) sbp_owner: Seat,
    /// Ships, the pirate and the other sea pieces ([`Fleet`](super::Fleet); nothing on the
    /// other boards).
    pub(crate) fleet: S::Fleet,
}

impl<S: Shape> State<S> {
    /// A new game on `board`: no pieces, empty hands, full deck, robber on `board.robber_start`,
    /// `first_player` to place the first settlement.
    pub fn new(board: Board<S>, rules: Rules, first_player: Seat) -> State<S> {
        let mut state = State {
            board,
            rules,
            settlements: BySeat::default(),
            cities: BySeat::default(),
            roads: BySeat::default(),
            road_nodes: BySeat::default(),
            road_reach: BySeat::default(),
            occupied: S::Nodes::EMPTY,
            blocked: S::Nodes::EMPTY,
            all_roads: S::Edges::EMPTY,
            hands: BySeat::default(),
            bank: [S::RESOURCES_PER_KIND as i16; 5],
            dev_old: BySeat::default(),
            dev_new: BySeat::default(),
            deck: S::FULL_DECK,
            knights: BySeat::default(),
            road_len: BySeat::default(),
            port_flags: BySeat::default(),
            longest_road: None,
            largest_army: None,
            robber: board.robber_start,
            current: first_player,
            first_player,
            phase: Phase::InitialSettlement1,
            dice: 0,
            played_dev: false,
            discard_owed: BySeat::default(),
            last_settlement: BySeat::default(),
            turn: 0,
            winner: None,
            offer: None,
            offers_made: 0,
            sbp_left: 0,
            sbp_owner: first_player,
            fleet: S::Fleet::default(),
        };
        state.pirate_to_start();
        state
    }

    // ---- plain accessors -------------------------------------------------------------

    /// The board's seats, in order, seated or not ([`Shape::SEATS`]).
    #[inline]
    pub fn seats(&self) -> impl Iterator<Item = Seat> + Clone {
        Seat::first(S::SEATS)
    }

    /// The static board.
    #[inline]
    pub fn board(&self) -> &Board<S> {
        &self.board
    }
    /// The rule options.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The pending decision.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> Seat {
        self.current
    }
    /// The seat that placed first and rolled first.
    #[inline]
    pub fn first_player(&self) -> Seat {
        self.first_player
    }
    /// Who decides now: the current player, or in `Phase::Discard` the first seat (from the
    /// current player on) that still owes a discard.
    #[inline]
    pub fn to_move(&self) -> Seat {
        if self.phase == Phase::Discard {
            let mut s = self.current;
            for _ in 0..S::SEATS {
                if self.discard_owed[s] > 0 {
                    return s;
                }
                s = s.next_of(S::SEATS);
            }
        }
        if self.phase == Phase::TradeResponse {
            return self.next_responder();
        }
        if S::SEA && self.phase == Phase::PickGold {
            if let Some(s) = self.next_gold_picker() {
                return s;
            }
        }
        self.current
    }
    /// Cards `seat` still has to discard (0 unless in `Phase::Discard`).
    #[inline]
    pub fn discard_owed(&self, seat: Seat) -> u8 {
        self.discard_owed[seat]
    }
    /// A seat's hand.
    #[inline]
    pub fn hand(&self, seat: Seat) -> ResourceSet {
        self.hands[seat]
    }
    /// The bank's count of each resource (may be negative without `Rules::bank_limit`).
    #[inline]
    pub fn bank(&self) -> [i16; 5] {
        self.bank
    }
    /// A seat's development cards held from before this turn (VP cards included).
    #[inline]
    pub fn dev_cards(&self, seat: Seat) -> DevSet {
        self.dev_old[seat]
    }
    /// A seat's development cards bought this turn.
    #[inline]
    pub fn new_dev_cards(&self, seat: Seat) -> DevSet {
        self.dev_new[seat]
    }
    /// Cards left in the deck, by kind (their order is unknown: drawing is a chance event).
    #[inline]
    pub fn deck(&self) -> DevSet {
        self.deck
    }
    /// Knights a seat has played.
    #[inline]
    pub fn knights_played(&self, seat: Seat) -> u8 {
        self.knights[seat]
    }
    /// Whether the current player has played a development card this turn.
    #[inline]
    pub fn has_played_dev_card(&self) -> bool {
        self.played_dev
    }
    /// A seat's settlements.
    #[inline]
    pub fn settlements(&self, seat: Seat) -> S::Nodes {
        self.settlements[seat]
    }
    /// A seat's cities.
    #[inline]
    pub fn cities(&self, seat: Seat) -> S::Nodes {
        self.cities[seat]
    }
    /// A seat's roads.
    #[inline]
    pub fn roads(&self, seat: Seat) -> S::Edges {
        self.roads[seat]
    }
    /// All buildings.
    #[inline]
    pub fn occupied(&self) -> S::Nodes {
        self.occupied
    }
    /// Nodes where the distance rule allows a new settlement (no building on or next to them).
    #[inline]
    pub fn free_nodes(&self) -> S::Nodes {
        !self.blocked
    }
    /// All roads (and ships, on the sea boards).
    #[inline]
    pub fn all_roads(&self) -> S::Edges {
        self.all_roads
    }
    /// The robber's hex.
    #[inline]
    pub fn robber(&self) -> HexId {
        self.robber
    }
    /// This turn's dice total, 0 before the roll.
    #[inline]
    pub fn dice(&self) -> u8 {
        self.dice
    }
    /// Turns started since the end of initial placement (0 during placement).
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// JSettlers' round count (`SOCGame.getRoundCount`): 1 during the first player's first
    /// turn, +1 each time the turn comes back to the first player; 0 during placement.
    #[inline]
    pub fn round(&self) -> u32 {
        self.round_of(self.turn)
    }
    /// The round of turn count `turn` (see [`State::round`]).
    #[inline]
    pub fn round_of(&self, turn: u32) -> u32 {
        match turn {
            0 => 0,
            t => (t - 1) / self.rules.players().max(1) + 1,
        }
    }
    /// The inverse of [`State::round`]: the turn count (`State::turn`) of the current
    /// player's turn in round `round`, counting the seats in play from the first player.
    /// Saturates instead of overflowing (a round count from the network).
    pub fn turn_in_round(&self, round: u32) -> u32 {
        if round == 0 {
            return 0;
        }
        let n = self.rules.players().max(1);
        let mut offset = 0;
        let mut s = self.first_player;
        while s != self.current && offset < S::SEATS as u32 {
            s = self.rules.next_seat(s);
            offset += 1;
        }
        if s != self.current {
            offset = 0;
        }
        (round - 1).saturating_mul(n).saturating_add(offset + 1)
    }
    /// Whether a roll now may be a 7 (game options N7 and N7C: `SOCGame.rollDice`).
    #[inline]
    pub fn seven_can_roll(&self) -> bool {
        let r = &self.rules;
        (!r.no_seven_until_city || self.cities.0.iter().any(|c| !c.is_empty()))
            && (r.no_seven_rounds == 0 || self.round() > u32::from(r.no_seven_rounds))
    }
    /// Whether the robber may be moved to `h` now, apart from the phase: not where it stands,
    /// and with game option RD not to the desert (`SOCGame.canMoveRobber`).
    #[inline]
    pub fn robber_may_go(&self, h: HexId) -> bool {
        if let Some(l) = self.board.land.get() {
            // Land hexes only, not fog (`SOCGame.canMoveRobber`); the desert only without RD.
            if !(l.land - l.fog).contains(h) {
                return false;
            }
            return h != self.robber
                && !(self.rules.robber_not_to_desert
                    && self.board.hex_resource[h.index()].is_none()
                    && !l.gold.contains(h));
        }
        h != self.robber
            && !(self.rules.robber_not_to_desert && self.board.hex_resource[h.index()].is_none())
    }
    /// The longest-road holder.
    #[inline]
    pub fn longest_road_holder(&self) -> Option<Seat> {
        self.longest_road
    }
    /// The largest-army holder.
    #[inline]
    pub fn largest_army_holder(&self) -> Option<Seat> {
        self.largest_army
    }
    /// Length of a seat's longest road (opponents' buildings cut it).
    #[inline]
    pub fn longest_road_length(&self, seat: Seat) -> u8 {
        self.road_len[seat]
    }
    /// The node of a seat's latest initial settlement.
    #[inline]
    pub fn last_settlement(&self, seat: Seat) -> Option<NodeId> {
        self.last_settlement[seat]
    }
    /// The winner, once the game is over.
    #[inline]
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }
    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    // ---- derived queries -------------------------------------------------------------

    /// Roads, settlements, cities a seat still has in stock.
    #[inline]
    pub fn pieces_left(&self, seat: Seat) -> (usize, usize, usize) {
        (
            MAX_ROADS - self.roads[seat].len(),
            MAX_SETTLEMENTS - self.settlements[seat].len(),
            MAX_CITIES - self.cities[seat].len(),
        )
    }

    /// Points everyone can see: settlements, 2 per city, 2 per award, special victory points
    /// (sea boards).
    #[inline]
    pub fn public_vp(&self, seat: Seat) -> u8 {
        let mut vp = self.settlements[seat].len() as u8 + 2 * self.cities[seat].len() as u8;
        if let Some(f) = self.fleet.get() {
            vp += f.svp[seat];
        }
        if self.longest_road == Some(seat) {
            vp += 2;
        }
        if self.largest_army == Some(seat) {
            vp += 2;
        }
        vp
    }

    /// Public points plus VP cards (held or bought this turn).
    #[inline]
    pub fn total_vp(&self, seat: Seat) -> u8 {
        self.public_vp(seat)
            + self.dev_old[seat].get(DevCard::VictoryPoint)
            + self.dev_new[seat].get(DevCard::VictoryPoint)
    }

    /// Cards of `give` a seat must pay for one card in a bank/port trade: 2 with that
    /// resource's port, else 3 with a 3:1 port, else 4.
    #[inline]
    pub fn best_trade_ratio(&self, seat: Seat, give: Resource) -> u8 {
        self.trade_ratios(seat)[give.index()]
    }

    /// [`State::best_trade_ratio`] of every resource, by `Resource::index`.
    #[inline]
    pub fn trade_ratios(&self, seat: Seat) -> [u8; 5] {
        TRADE_RATIOS[usize::from(self.port_flags[seat] & 63)]
    }

    /// Expected production per seat and resource, in pips (chances out of 36 per roll; a city
    /// counts twice). The robber is ignored.
    pub fn production(&self, seat: Seat) -> [u16; 5] {
        let topo = S::topology();
        let mut out = [0u16; 5];
        for h in S::topology().hexes() {
            if let Some(r) = self.board.hex_resource[h.index()] {
                let ns = topo.hex_node_set[h.index()];
                let n = (self.settlements[seat] & ns).len() + 2 * (self.cities[seat] & ns).len();
                out[r.index()] += n as u16 * pips(self.board.hex_number[h.index()]) as u16;
            }
        }
        out
    }

    /// Seats (other than the current player) with a building on the robber's hex and at least
    /// one card (`SOCGame.getPossibleVictims`); when the pirate robs, with a ship beside it.
    #[inline]
    pub fn robber_victims(&self) -> [bool; MAX_SEATS] {
        if let Some(f) = self.fleet.get() {
            if f.pirate_robbery {
                if let Some(p) = f.pirate {
                    return self.pirate_victims_at(p);
                }
            }
        }
        self.victims_at(self.robber)
    }

    /// The robber's victims if it stood on `h`: seats other than the current player with a
    /// building on `h` and at least one card.
    pub fn victims_at(&self, h: HexId) -> [bool; MAX_SEATS] {
        let ns = S::topology().hex_node_set[h.index()];
        let mut v = [false; MAX_SEATS];
        for s in self.seats() {
            v[s.index()] = s != self.current
                && (self.settlements[s] | self.cities[s]).intersects(ns)
                && self.hands[s].total() > 0;
        }
        v
    }

    /// Total cards in all hands and the bank, per resource (19 each by the bank model).
    pub fn resource_totals(&self) -> [i32; 5] {
        let mut t = [0i32; 5];
        for (r, tr) in t.iter_mut().enumerate() {
            *tr =
                self.bank[r] as i32 + self.seats().map(|s| self.hands[s].0[r] as i32).sum::<i32>();
        }
        t
    }

    // ---- hidden-information edits (determinization, mirror corrections) ---------------

    /// Replaces a seat's hand; the bank follows (bank = 19 − hands per resource). For
    /// sampling opponents' unknown cards, or correcting the mirror from the server's figures.
    pub fn set_hand(&mut self, seat: Seat, hand: ResourceSet) {
        for r in Resource::ALL {
            self.bank[r.index()] += self.hands[seat][r] as i16 - hand[r] as i16;
        }
        self.hands[seat] = hand;
    }

    /// Replaces a seat's development cards: `old` held from before this turn, `new` bought
    /// this turn (only the current player may have any). Keep the deck consistent with
    /// [`State::set_deck`]; debug builds check the 25-card total after both.
    pub fn set_dev_cards(&mut self, seat: Seat, old: DevSet, new: DevSet) {
        debug_assert!(new == DevSet::EMPTY || seat == self.current);
        self.dev_old[seat] = old;
        self.dev_new[seat] = new;
    }

    /// Replaces the deck's remaining counts.
    pub fn set_deck(&mut self, deck: DevSet) {
        self.deck = deck;
    }

    // ---- cache maintenance -----------------------------------------------------------

    /// Recomputes a seat's port flags from its buildings.
    pub(crate) fn update_ports(&mut self, seat: Seat) {
        let topo = S::topology();
        let own = self.settlements[seat] | self.cities[seat];
        let mut f = 0;
        for (p, kind) in self.board.ports.as_ref().iter().enumerate() {
            let nodes = match self.board.land.get() {
                Some(l) => l.port_nodes[p],
                None => topo.port_nodes[p],
            };
            if own.intersects(nodes) {
                f |= match kind {
                    None => GENERIC_PORT,
                    Some(r) => 1 << r.index(),
                };
            }
        }
        self.port_flags[seat] = f;
    }

    /// Rebuilds every derived cache from the piece sets (used by `from_setup`).
    pub(crate) fn rebuild_caches(&mut self) {
        let topo = S::topology();
        self.occupied = S::Nodes::EMPTY;
        self.blocked = S::Nodes::EMPTY;
        self.all_roads = S::Edges::EMPTY;
        for s in self.seats() {
            let own = self.settlements[s] | self.cities[s];
            self.occupied |= own;
            for n in own {
                self.blocked |= topo.node_neighbours[n.index()] | S::Nodes::single(n);
            }
            self.all_roads |= self.roads[s];
            self.road_nodes[s] = S::Nodes::EMPTY;
            for e in self.roads[s] {
                self.road_nodes[s] |= topo.edge_node_set[e.index()];
            }
        }
        self.rebuild_ship_caches();
        for s in self.seats() {
            self.update_ports(s);
            self.update_road_len(s);
            self.update_road_reach(s);
        }
    }

    /// Recomputes `road_reach` for a seat from its pieces.
    pub(crate) fn update_road_reach(&mut self, seat: Seat) {
        let topo = S::topology();
        let own = self.settlements[seat] | self.cities[seat];
        let anchors = own | (self.road_nodes[seat] - (self.occupied - own));
        let mut edges = S::Edges::EMPTY;
        for n in anchors {
            edges |= topo.node_edge_set[n.index()];
        }
        self.road_reach[seat] = edges;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::action::Action;
    use crate::game::topology::topology;

    #[test]
    fn trade_ratios_follow_every_combination_of_ports() {
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(2);
        let topo = topology();
        for _ in 0..20 {
            let board = crate::game::board::Board::random(&mut rng);
            let mut st = State::new(board, crate::game::Rules::default(), Seat::new(0));
            let s = Seat::new(1);
            assert_eq!(st.trade_ratios(s), [4; 5]);
            // Settle the ports one by one (distance rule ignored; only `update_ports` reads
            // them) and compare with the rule: 2 with the resource's port, else 3 with a
            // 3:1 port, else 4.
            for p in 0..9 {
                let n = topo.port_nodes[p].into_iter().next().unwrap();
                st.settlements[s].insert(n);
                st.update_ports(s);
                let held = &board.ports[..=p];
                for r in Resource::ALL {
                    let want = if held.contains(&Some(r)) {
                        2
                    } else if held.contains(&None) {
                        3
                    } else {
                        4
                    };
                    assert_eq!(st.best_trade_ratio(s, r), want, "{r:?} after port {p}");
                }
            }
            assert_eq!(st.trade_ratios(Seat::new(0)), [4; 5]);
        }
    }

    #[test]
    fn hidden_information_edits_keep_the_bank_model() {
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(1);
        let board = crate::game::board::Board::random(&mut rng);
        let mut st = State::new(board, crate::game::Rules::default(), Seat::new(0));
        st.set_hand(Seat::new(2), ResourceSet::new(1, 2, 3, 0, 0));
        st.set_hand(Seat::new(2), ResourceSet::new(0, 0, 3, 4, 0));
        assert_eq!(st.resource_totals(), [19; 5]);
        assert_eq!(st.bank(), [19, 19, 16, 15, 19]);
        st.set_dev_cards(Seat::new(1), DevSet([1, 0, 0, 0, 1]), DevSet::EMPTY);
        st.set_deck(DevSet([13, 2, 2, 2, 4]));
        assert_eq!(st.total_vp(Seat::new(1)), 1);
        assert_eq!(State::from_setup(&st.to_setup()).unwrap(), st);
    }

    #[test]
    fn state_and_action_stay_small() {
        let n = std::mem::size_of::<State>();
        println!(
            "State: {n} bytes, Action: {} bytes, 6-player State: {} bytes, sea State: {} bytes",
            std::mem::size_of::<Action>(),
            std::mem::size_of::<State<crate::game::Six>>(),
            std::mem::size_of::<State<crate::game::Sea>>()
        );
        // Room for six seats on every board (656 bytes on 2026-12-01; 512 with four seats).
        assert!(n <= 704, "{n}");
        assert!(
            std::mem::size_of::<Action>() <= 8,
            "{}",
            std::mem::size_of::<Action>()
        );
    }
}
