//! Player trades: an offer by the player in turn, each addressee's answer, the first acceptance
//! executes the trade. Imports std and the game vocabulary.
//!
//! JSettlers2 (`SOCGameMessageHandler.handleMAKEOFFER`, `handleACCEPTOFFER` → `executeTrade`,
//! `SOCGame.canMakeTrade` / `makeTrade`):
//! - only in PLAY1 (our [`Phase::Main`]) and never with game option NT;
//! - the offerer must hold what it gives; an offer by a player not in turn may only be made to
//!   the player in turn, and every trade involves the player in turn;
//! - an addressee accepts with ACCEPTOFFER; the server executes the trade at once if both hands
//!   still hold their sides (there is no confirmation step by the offerer) and then clears every
//!   offer; a refusal is REJECTOFFER, which changes nothing else.
//!
//! The engine plays this as a short sub-game: [`Action::OfferTrade`] by the current player
//! moves to [`Phase::TradeResponse`], where each addressee in turn order answers
//! [`Action::AcceptOffer`] or [`Action::DeclineOffer`]; the first acceptance trades and returns
//! to `Main`, and so does the last refusal. (On the server the offerer could keep building while
//! the answers come in; the search does not need that freedom.)
//!
//! Offers are not part of [`State::legal_actions`] (the space of offers is large, and the paper's
//! agents never trade): [`State::push_offers`] generates the small candidate set the search uses,
//! and [`State::is_legal`] accepts any valid offer. At most [`MAX_OFFERS_PER_TURN`] offers a turn
//! keeps playouts finite; the server has no such limit.

use super::action::{Action, ActionList, ACTION_LIST_CAPACITY};
use super::ids::Seat;
use super::phase::Phase;
use super::resources::{
    Resource, ResourceSet, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST,
};
use super::sets::BitSet;
use super::shape::Shape;
use super::state::State;

/// Offers the current player may make in one turn (an engine bound for finite playouts).
pub const MAX_OFFERS_PER_TURN: u8 = 2;

/// Most of one resource on either side of an [`Offer`] (3 bits a count).
pub const OFFER_MAX_COUNT: u8 = 7;

/// A player-trade offer: what the offerer gives, what it gets, and to whom. Packed into 5 bytes
/// so that [`Action`] stays 8 bytes: 3 bits a resource count on each side.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Offer {
    give: u16,
    get: u16,
    to: u8,
}

fn pack(set: ResourceSet) -> Option<u16> {
    let mut bits = 0u16;
    for (i, &n) in set.0.iter().enumerate() {
        if n > OFFER_MAX_COUNT {
            return None;
        }
        bits |= (n as u16) << (3 * i);
    }
    Some(bits)
}

fn unpack(bits: u16) -> ResourceSet {
    let mut set = ResourceSet::EMPTY;
    for i in 0..5 {
        set.0[i] = ((bits >> (3 * i)) & 7) as u8;
    }
    set
}

impl Offer {
    /// An offer giving `give` for `get` to the seats in `to` (bit `i` = seat `i`). `None` when a
    /// side is empty, a count exceeds [`OFFER_MAX_COUNT`], a resource is on both sides, or no
    /// seat is addressed.
    pub fn new(give: ResourceSet, get: ResourceSet, to: u8) -> Option<Offer> {
        let overlap = Resource::ALL.iter().any(|&r| give[r] > 0 && get[r] > 0);
        if give.total() == 0 || get.total() == 0 || overlap || to & 0x3F == 0 || to > 0x3F {
            return None;
        }
        Some(Offer {
            give: pack(give)?,
            get: pack(get)?,
            to,
        })
    }
    /// What the offerer gives.
    pub fn give(self) -> ResourceSet {
        unpack(self.give)
    }
    /// What the offerer gets.
    pub fn get(self) -> ResourceSet {
        unpack(self.get)
    }
    /// The addressed seats as a bit mask (bit `i` = seat `i`).
    pub fn to_mask(self) -> u8 {
        self.to
    }
    /// Whether `seat` is addressed.
    pub fn is_to(self, seat: Seat) -> bool {
        self.to & (1 << seat.index()) != 0
    }
}

impl std::fmt::Debug for Offer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Offer(give {:?}, get {:?}, to {:04b})",
            self.give().0,
            self.get().0,
            self.to
        )
    }
}

/// An offer waiting for answers: who made it, and the addressees who have not answered yet.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PendingOffer {
    /// The offerer.
    pub from: Seat,
    /// The offer.
    pub offer: Offer,
    /// Addressees still to answer (bit `i` = seat `i`).
    pub waiting: u8,
}

impl<S: Shape> State<S> {
    /// The offer waiting for answers (only in [`Phase::TradeResponse`]).
    #[inline]
    pub fn pending_offer(&self) -> Option<PendingOffer> {
        self.offer
    }

    /// Offers the current player has made this turn.
    #[inline]
    pub fn offers_made(&self) -> u8 {
        self.offers_made
    }

    /// Sets the count of offers the current player has made this turn (the client's mirror
    /// knows it; states built from a description start at 0).
    pub fn set_offers_made(&mut self, n: u8) {
        self.offers_made = n;
    }

    /// In `TradeResponse`: the first addressee still to answer, in turn order after the
    /// offerer.
    pub(crate) fn next_responder(&self) -> Seat {
        let p = self.offer.expect("TradeResponse without an offer");
        let mut s = p.from.next_of(S::SEATS);
        for _ in 0..S::SEATS {
            if p.waiting & (1 << s.index()) != 0 {
                return s;
            }
            s = s.next_of(S::SEATS);
        }
        p.from
    }

    /// Whether the current player may make `offer` now (see the module doc).
    pub fn can_offer(&self, offer: Offer) -> bool {
        let s = self.current;
        self.phase == Phase::Main
            && !self.rules.no_player_trading
            && self.offers_made < MAX_OFFERS_PER_TURN
            && offer.to & (1 << s.index()) == 0
            && self.hands[s].contains(offer.give())
    }

    /// Puts an offer from `from` to the engine as the server announced it (MAKEOFFER): the
    /// phase becomes `TradeResponse` with the addressees of `waiting` to answer. For the
    /// client's mirror, which must let the search answer an opponent's offer.
    ///
    /// Returns `false` (state unchanged) unless in `Main`, `from` holds the give side, and the
    /// trade involves the player in turn (`SOCGame.canMakeTrade`).
    pub fn set_pending_offer(&mut self, from: Seat, offer: Offer, waiting: u8) -> bool {
        let waiting = waiting & offer.to & !(1 << from.index());
        let involves_current = from == self.current || waiting == 1 << self.current.index();
        if self.phase != Phase::Main
            || waiting == 0
            || !involves_current
            || !self.hands[from].contains(offer.give())
        {
            return false;
        }
        self.offer = Some(PendingOffer {
            from,
            offer,
            waiting,
        });
        self.phase = Phase::TradeResponse;
        true
    }

    /// `Main` only: the candidate offers of the current player, appended to `out` — the 1-for-1
    /// and 2-for-1 offers (and 2-for-2 where two cards are missing) that complete a city,
    /// settlement, development card or road the player could place, giving only cards that
    /// build does not need, made to every other occupied seat. Nothing with game option NT, after
    /// [`MAX_OFFERS_PER_TURN`] offers, or when no such build is within two cards.
    pub fn push_offers(&self, out: &mut ActionList) {
        let s = self.current;
        if self.phase != Phase::Main
            || self.rules.no_player_trading
            || self.offers_made >= MAX_OFFERS_PER_TURN
        {
            return;
        }
        let hand = self.hands[s];
        let others = self.rules.seats & !(1u8 << s.index());
        let start = out.len();
        let targets = [
            (CITY_COST, !self.city_spots(s).is_empty()),
            (SETTLEMENT_COST, !self.settlement_spots(s).is_empty()),
            (DEV_CARD_COST, self.deck.total() > 0),
            (ROAD_COST, !self.road_spots(s).is_empty()),
        ];
        for (cost, placeable) in targets {
            if !placeable || hand.contains(cost) {
                continue;
            }
            let mut missing = ResourceSet::EMPTY;
            let mut spare = ResourceSet::EMPTY;
            for r in Resource::ALL {
                missing[r] = cost[r].saturating_sub(hand[r]);
                spare[r] = hand[r].saturating_sub(cost[r]);
            }
            let mut gives = [ResourceSet::EMPTY; 16];
            let mut n = 0;
            let mut add = |g: ResourceSet| {
                if n < gives.len() {
                    gives[n] = g;
                    n += 1;
                }
            };
            match missing.total() {
                1 => {
                    for r in Resource::ALL {
                        if spare[r] >= 1 {
                            add(one(r, 1));
                        }
                        if spare[r] >= 2 {
                            add(one(r, 2));
                        }
                    }
                }
                2 => {
                    for r in Resource::ALL {
                        if spare[r] >= 2 {
                            add(one(r, 2));
                        }
                        for q in Resource::ALL[r.index() + 1..].iter().copied() {
                            if spare[r] >= 1 && spare[q] >= 1 {
                                let mut g = one(r, 1);
                                g[q] = 1;
                                add(g);
                            }
                        }
                    }
                }
                _ => continue,
            }
            for &g in &gives[..n] {
                if let Some(o) = Offer::new(g, missing, others) {
                    let a = Action::OfferTrade(o);
                    if !out.as_slice()[start..].contains(&a) && out.len() < ACTION_LIST_CAPACITY {
                        out.push(a);
                    }
                }
            }
        }
    }

    pub(crate) fn make_offer(&mut self, offer: Offer) {
        let from = self.current;
        self.offers_made += 1;
        self.offer = Some(PendingOffer {
            from,
            offer,
            waiting: offer.to & !(1 << from.index()),
        });
        self.phase = Phase::TradeResponse;
    }

    /// `SOCGame.makeTrade`: the offerer gives its side and gets the acceptor's; every offer is
    /// cleared.
    pub(crate) fn accept_offer(&mut self) {
        let acceptor = self.next_responder();
        let p = self.offer.take().expect("accept without an offer");
        let (give, get) = (p.offer.give(), p.offer.get());
        self.hands[p.from].sub(give);
        self.hands[acceptor].add(give);
        self.hands[acceptor].sub(get);
        self.hands[p.from].add(get);
        self.phase = Phase::Main;
    }

    pub(crate) fn decline_offer(&mut self) {
        let s = self.next_responder();
        let mut p = self.offer.expect("decline without an offer");
        p.waiting &= !(1 << s.index());
        if p.waiting == 0 {
            self.offer = None;
            self.phase = Phase::Main;
        } else {
            self.offer = Some(p);
        }
    }

    /// `TradeResponse`: whether the seat to answer holds what the offerer asks for and the
    /// offerer still holds its side (`SOCGame.canMakeTrade`; a determinized world may have
    /// dealt the offerer other cards).
    pub(crate) fn can_accept(&self) -> bool {
        self.offer.is_some_and(|p| {
            self.hands[self.next_responder()].contains(p.offer.get())
                && self.hands[p.from].contains(p.offer.give())
        })
    }
}

fn one(r: Resource, n: u8) -> ResourceSet {
    let mut s = ResourceSet::EMPTY;
    s[r] = n;
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// `Main` positions from random play where the current player has offers to make.
    fn positions_with_offers(n: usize, seed: u64) -> Vec<State> {
        let mut list = ActionList::new();
        crate::game::testutil::random_play_positions(n, seed, |st, rng| {
            list.clear();
            if st.phase() == Phase::Main {
                st.push_offers(&mut list);
            }
            !list.is_empty() && rng.gen_bool(0.2)
        })
    }

    #[test]
    fn offers_pack_both_sides_and_reject_nonsense() {
        let give = ResourceSet::new(2, 0, 0, 7, 0);
        let get = ResourceSet::new(0, 1, 0, 0, 3);
        let o = Offer::new(give, get, 0b1010).unwrap();
        assert_eq!((o.give(), o.get(), o.to_mask()), (give, get, 0b1010));
        assert!(o.is_to(Seat::new(1)) && !o.is_to(Seat::new(0)));
        assert_eq!(Offer::new(ResourceSet::EMPTY, get, 1), None);
        assert_eq!(Offer::new(give, ResourceSet::EMPTY, 1), None);
        assert_eq!(Offer::new(give, ResourceSet::new(1, 0, 0, 0, 0), 1), None);
        assert_eq!(Offer::new(ResourceSet::new(8, 0, 0, 0, 0), get, 1), None);
        assert_eq!(Offer::new(give, get, 0), None);
        assert_eq!(Offer::new(give, get, 0x40), None, "no seat 6");
        assert!(
            Offer::new(give, get, 0x30).is_some(),
            "seats 4 and 5 of the 6-player board"
        );
        assert!(std::mem::size_of::<Action>() <= 8);
    }

    #[test]
    fn candidate_offers_are_legal_and_complete_a_build() {
        let mut checked = 0;
        for st in positions_with_offers(200, 1) {
            let s = st.current_player();
            let mut list = ActionList::new();
            st.push_offers(&mut list);
            for &a in list.iter() {
                let Action::OfferTrade(o) = a else {
                    panic!("{a:?}")
                };
                assert!(st.is_legal(a), "{o:?}");
                assert!(!o.is_to(s));
                assert!(o.give().total() <= 2 && o.get().total() <= 2, "{o:?}");
                let mut after = st.hand(s);
                after.sub(o.give());
                after.add(o.get());
                let builds = [CITY_COST, SETTLEMENT_COST, DEV_CARD_COST, ROAD_COST];
                assert!(builds.iter().any(|&c| after.contains(c)), "{o:?}");
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
    }

    #[test]
    fn answers_run_in_turn_order_and_the_first_acceptance_trades() {
        let mut rng = SmallRng::seed_from_u64(3);
        let (mut accepted, mut all_declined) = (0, 0);
        for st in positions_with_offers(100, 2) {
            let s = st.current_player();
            let mut list = ActionList::new();
            st.push_offers(&mut list);
            let Action::OfferTrade(o) = list[0] else {
                panic!()
            };
            let mut t = st.clone();
            t.apply(Action::OfferTrade(o), &mut rng);
            assert_eq!(t.phase(), Phase::TradeResponse);
            assert_eq!(t.offers_made(), st.offers_made() + 1);
            assert_eq!(t.to_move(), s.next_of(4), "first answer after the offerer");
            assert_eq!(State::from_setup(&t.to_setup()).unwrap(), t);
            let bank = t.bank();
            // Everyone declines: back to Main, nothing moved.
            let mut d = t.clone();
            let mut answered = vec![];
            while d.phase() == Phase::TradeResponse {
                answered.push(d.to_move());
                d.apply(Action::DeclineOffer, &mut rng);
            }
            assert_eq!(
                answered,
                vec![s.next_of(4), s.next_of(4).next_of(4), s.prev_of(4)]
            );
            assert_eq!(d.phase(), Phase::Main);
            assert_eq!(d.pending_offer(), None);
            assert_eq!(d.hand(s), st.hand(s));
            all_declined += 1;
            // The first seat able to accept does.
            let mut a = t.clone();
            while a.phase() == Phase::TradeResponse {
                let r = a.to_move();
                a.legal_actions(&mut list);
                if list.contains(Action::AcceptOffer) {
                    let (hs, hr) = (a.hand(s), a.hand(r));
                    a.apply(Action::AcceptOffer, &mut rng);
                    let mut want_s = hs;
                    want_s.sub(o.give());
                    want_s.add(o.get());
                    assert_eq!(a.hand(s), want_s);
                    assert_eq!(
                        a.hand(r).total(),
                        hr.total() + o.give().total() - o.get().total()
                    );
                    assert_eq!(a.phase(), Phase::Main);
                    assert_eq!(a.bank(), bank);
                    accepted += 1;
                } else {
                    assert!(!a.hand(r).contains(o.get()));
                    a.apply(Action::DeclineOffer, &mut rng);
                }
            }
        }
        assert!(accepted > 10 && all_declined == 100, "{accepted}");
    }

    #[test]
    fn offers_are_bounded_per_turn_and_off_with_option_nt() {
        let mut rng = SmallRng::seed_from_u64(4);
        let st = positions_with_offers(1, 3).remove(0);
        let mut t = st.clone();
        let mut list = ActionList::new();
        for _ in 0..MAX_OFFERS_PER_TURN {
            t.push_offers(&mut list);
            let a = list[0];
            t.apply(a, &mut rng);
            while t.phase() == Phase::TradeResponse {
                t.apply(Action::DeclineOffer, &mut rng);
            }
            list.clear();
        }
        t.push_offers(&mut list);
        assert!(list.is_empty());
        let mut again = ActionList::new();
        st.push_offers(&mut again);
        assert!(!t.is_legal(again[0]), "a third offer in one turn");
        t.apply(Action::EndTurn, &mut rng);
        assert_eq!(t.offers_made(), 0);

        let mut setup = st.to_setup();
        setup.rules.no_player_trading = true;
        let nt = State::from_setup(&setup).unwrap();
        list.clear();
        nt.push_offers(&mut list);
        assert!(list.is_empty());
        assert!(!nt.is_legal(again[0]));
    }

    #[test]
    fn an_opponents_offer_must_involve_the_player_in_turn() {
        let st = positions_with_offers(1, 5).remove(0);
        let cur = st.current_player();
        let other = cur.next_of(4);
        let third = other.next_of(4);
        let mut t = st.clone();
        t.set_hand(other, ResourceSet::new(1, 0, 0, 0, 0));
        t.set_hand(cur, ResourceSet::new(0, 0, 1, 0, 0));
        let o = Offer::new(
            ResourceSet::new(1, 0, 0, 0, 0),
            ResourceSet::new(0, 0, 1, 0, 0),
            0xF,
        )
        .unwrap();
        let mut u = t.clone();
        assert!(!u.set_pending_offer(other, o, 1 << third.index()));
        assert_eq!(u, t);
        assert!(u.set_pending_offer(other, o, 1 << cur.index()));
        assert_eq!(u.to_move(), cur);
        let mut l = ActionList::new();
        u.legal_actions(&mut l);
        assert_eq!(l.as_slice(), &[Action::AcceptOffer, Action::DeclineOffer]);
        u.apply(Action::AcceptOffer, &mut SmallRng::seed_from_u64(1));
        assert_eq!(u.hand(cur), ResourceSet::new(1, 0, 0, 0, 0));
        assert_eq!(u.hand(other), ResourceSet::new(0, 0, 1, 0, 0));
    }
}
