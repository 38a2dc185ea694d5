//! apply / try_apply / apply_unchecked, with chance outcomes sampled from a caller's rng or
//! supplied by the caller; one function per action kind. Pieces and their caches are in
//! `placement.rs`, the awards in `awards.rs`. Imports std, `rand::Rng`, and the game
//! vocabulary.

use super::action::{Action, ActionList};
use super::chance::{Chance, Outcome, Sampled};
use super::ids::{HexId, Seat, MAX_SEATS};
use super::phase::Phase;
use super::resources::{
    DevCard, Resource, ResourceSet, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST, SHIP_COST,
};
use super::sets::BitSet;
use super::shape::{Part, Shape};
use super::state::{State, MAX_ROADS};
use rand::Rng;
use std::fmt;

/// An action that is not legal in the state it was applied to, or a supplied chance outcome
/// that is missing or impossible.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalAction {
    /// The rejected action.
    pub action: Action,
    /// The phase it was tried in.
    pub phase: Phase,
    /// Which check failed.
    pub reason: &'static str,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal action {:?} in phase {:?}: {}",
            self.action, self.phase, self.reason
        )
    }
}

impl std::error::Error for IllegalAction {}

impl<S: Shape> State<S> {
    /// Whether `a` is legal for [`State::to_move`] now. Accepts everything
    /// [`State::legal_actions`] generates, plus any valid discard (generation may list only a
    /// subset), any year-of-plenty pair order, and any initial road the server would accept
    /// (touching the seat's pieces, not only the last settlement).
    pub fn is_legal(&self, a: Action) -> bool {
        match (self.phase, a) {
            (Phase::Discard, Action::Discard(d)) => {
                let s = self.to_move();
                self.hands[s].contains(d) && d.total() == self.discard_owed[s] as u32
            }
            (Phase::InitialRoad1 | Phase::InitialRoad2, Action::PlaceInitialRoad(e)) => {
                self.road_spots(self.current).contains(e)
            }
            (Phase::YearOfPlenty, Action::PickYearOfPlenty(x, y)) => self.bank_can_give(x, y),
            (Phase::PickGold, Action::PickGold(d)) => {
                d.total() == u32::from(self.gold_owed(self.to_move()))
                    && Resource::ALL
                        .into_iter()
                        .all(|r| self.bank_has(r, i16::from(d[r])))
            }
            (_, Action::OfferTrade(o)) => self.can_offer(o),
            _ => {
                let mut l = ActionList::new();
                self.legal_actions(&mut l);
                l.contains(a)
            }
        }
    }

    fn illegal(&self, action: Action, reason: &'static str) -> IllegalAction {
        IllegalAction {
            action,
            phase: self.phase,
            reason,
        }
    }

    /// Applies a legal action, sampling any chance outcome from `rng`.
    ///
    /// # Panics
    /// If `a` is not legal.
    pub fn apply<R: Rng + ?Sized>(&mut self, a: Action, rng: &mut R) {
        if let Err(e) = self.try_apply(a, rng) {
            panic!("{e}");
        }
    }

    /// Applies `a` if legal, sampling any chance outcome from `rng`.
    ///
    /// # Errors
    /// [`IllegalAction`] if `a` is not legal; the state is unchanged then.
    pub fn try_apply<R: Rng + ?Sized>(
        &mut self,
        a: Action,
        rng: &mut R,
    ) -> Result<(), IllegalAction> {
        if !self.is_legal(a) {
            return Err(self.illegal(a, "not among the legal actions"));
        }
        self.apply_chance(a, &mut Sampled(rng));
        Ok(())
    }

    /// Applies `a` without checking legality (debug builds assert it). For generated actions
    /// in the playout loop.
    #[inline]
    pub fn apply_unchecked<R: Rng + ?Sized>(&mut self, a: Action, rng: &mut R) {
        debug_assert!(self.is_legal(a), "illegal {a:?} in {:?}", self.phase);
        self.apply_chance(a, &mut Sampled(rng));
    }

    /// Applies `a` with the chance outcome the server reported (dice total, drawn card,
    /// stolen card): to replay a recorded game's actions (`tests/engine_transcripts.rs`).
    ///
    /// # Errors
    /// [`IllegalAction`] if `a` is illegal or the outcome it needs is missing or impossible
    /// (dice not 2..=12, card not in the deck, victim without that card); the state is
    /// unchanged then.
    pub fn try_apply_with(&mut self, a: Action, outcome: Outcome) -> Result<(), IllegalAction> {
        if !self.is_legal(a) {
            return Err(self.illegal(a, "not among the legal actions"));
        }
        match a {
            Action::Roll => match outcome.dice {
                Some(7) if !self.seven_can_roll() => {
                    return Err(self.illegal(a, "no 7 is rolled yet (game option N7 or N7C)"))
                }
                Some(2..=12) => {}
                _ => return Err(self.illegal(a, "dice total missing or not 2..=12")),
            },
            Action::BuyDevCard => match outcome.card {
                Some(c) if self.deck.get(c) > 0 => {}
                _ => return Err(self.illegal(a, "drawn card missing or not in the deck")),
            },
            Action::MoveRobber(h) | Action::MovePirate(h) => {
                let v = if matches!(a, Action::MovePirate(_)) {
                    self.pirate_victims_at(h)
                } else {
                    self.victims_at(h)
                };
                if v.iter().filter(|&&x| x).count() == 1 {
                    let victim = Seat::new(v.iter().position(|&x| x).unwrap());
                    self.check_stolen(a, victim, outcome)?;
                }
            }
            Action::ChooseVictim(victim) => self.check_stolen(a, victim, outcome)?,
            _ => {}
        }
        let mut o = outcome;
        self.apply_chance(a, &mut o);
        Ok(())
    }

    /// [`State::try_apply_with`] that panics.
    ///
    /// # Panics
    /// If `a` or the outcome is illegal.
    pub fn apply_with(&mut self, a: Action, outcome: Outcome) {
        if let Err(e) = self.try_apply_with(a, outcome) {
            panic!("{e}");
        }
    }

    fn check_stolen(&self, a: Action, victim: Seat, o: Outcome) -> Result<(), IllegalAction> {
        match o.stolen {
            Some(r) if self.hands[victim].get(r) > 0 => Ok(()),
            _ => Err(self.illegal(a, "stolen card missing or not in the victim's hand")),
        }
    }

    /// Applies `a` (assumed legal) drawing outcomes from `chance`. The core of every apply
    /// variant; public so callers can plug their own [`Chance`].
    pub fn apply_chance<C: Chance>(&mut self, a: Action, chance: &mut C) {
        let s = self.current;
        match a {
            Action::PlaceInitialSettlement(n) => self.place_initial_settlement(s, n),
            Action::PlaceInitialRoad(e) => {
                self.place_road(s, e);
                self.advance_initial_placement();
            }
            Action::Roll => {
                let d = if self.seven_can_roll() {
                    chance.dice()
                } else {
                    chance.dice_without_seven()
                };
                self.roll(d)
            }
            Action::EndTurn => self.end_turn(),
            Action::BuildRoad(e) => {
                if matches!(self.phase, Phase::Main | Phase::SpecialBuilding) {
                    self.pay(s, ROAD_COST);
                }
                self.place_road(s, e);
                match self.phase {
                    Phase::FreeRoad1 => {
                        self.phase = Phase::FreeRoad2;
                        self.skip_free_road_if_stuck();
                    }
                    Phase::FreeRoad2 => self.phase = self.resume_phase(),
                    _ => {}
                }
            }
            Action::BuildSettlement(n) => {
                self.pay(s, SETTLEMENT_COST);
                self.place_settlement(s, n);
                if S::SEA {
                    self.settle_area(s, n, false);
                }
            }
            Action::BuildShip(e) => {
                if matches!(self.phase, Phase::Main | Phase::SpecialBuilding) {
                    self.pay(s, SHIP_COST);
                }
                self.place_ship(s, e);
                if let Some(f) = self.fleet.get_mut() {
                    f.built_this_turn.insert(e);
                }
                match self.phase {
                    Phase::InitialRoad1 | Phase::InitialRoad2 => self.advance_initial_placement(),
                    Phase::FreeRoad1 => {
                        self.phase = Phase::FreeRoad2;
                        self.skip_free_road_if_stuck();
                    }
                    Phase::FreeRoad2 => self.phase = self.resume_phase(),
                    _ => {}
                }
            }
            Action::MoveShip { from, to } => {
                self.lift_ship(s, from);
                self.place_ship(s, to);
                if let Some(f) = self.fleet.get_mut() {
                    f.moved_ship = true;
                }
            }
            Action::MovePirate(h) => self.move_pirate(h, chance),
            Action::PickGold(d) => {
                let seat = self.to_move();
                for r in Resource::ALL {
                    if d[r] > 0 {
                        self.gain(seat, r, d[r]);
                    }
                }
                if let Some(f) = self.fleet.get_mut() {
                    f.gold_owed[seat] = 0;
                }
                if self.next_gold_picker().is_none() {
                    // Back to the second initial road, or to the turn after the roll.
                    self.phase = if self.turn == 0 {
                        Phase::InitialRoad2
                    } else {
                        Phase::Main
                    };
                }
            }
            Action::BuildCity(n) => {
                self.pay(s, CITY_COST);
                self.settlements[s].remove(n);
                self.cities[s].insert(n);
            }
            Action::BuyDevCard => {
                self.pay(s, DEV_CARD_COST);
                let c = chance.draw(self.deck);
                self.deck[c] -= 1;
                self.dev_new[s][c] += 1;
            }
            Action::PlayKnight => {
                self.play_card(DevCard::Knight);
                self.knights[s] += 1;
                self.update_largest_army();
                self.phase = Phase::PlacingRobber;
            }
            Action::PlayRoadBuilding => {
                self.play_card(DevCard::RoadBuilding);
                // SOCGame.playRoadBuilding: with one road left, only the "second" road (on
                // a sea board, one road or ship).
                self.phase = if MAX_ROADS - self.roads[s].len() + self.ships_left(s) <= 1 {
                    Phase::FreeRoad2
                } else {
                    Phase::FreeRoad1
                };
                self.skip_free_road_if_stuck();
            }
            Action::PlayYearOfPlenty => {
                self.play_card(DevCard::YearOfPlenty);
                self.phase = Phase::YearOfPlenty;
            }
            Action::PlayMonopoly => {
                self.play_card(DevCard::Monopoly);
                self.phase = Phase::Monopoly;
            }
            Action::PickYearOfPlenty(x, y) => {
                self.gain(s, x, 1);
                self.gain(s, y, 1);
                self.phase = self.resume_phase();
            }
            Action::PickMonopoly(r) => {
                let mut total = 0u8;
                for o in self.seats() {
                    if o != s {
                        total = total.saturating_add(self.hands[o][r]);
                        self.hands[o][r] = 0;
                    }
                }
                self.hands[s][r] = self.hands[s][r].saturating_add(total);
                self.phase = self.resume_phase();
            }
            Action::BankTrade { give, get } => {
                let ratio = self.best_trade_ratio(s, give);
                self.pay(s, ResourceSet::of(give, ratio));
                self.gain(s, get, 1);
            }
            Action::Discard(d) => self.discard(self.to_move(), d),
            Action::MoveRobber(h) => self.move_robber(h, chance),
            Action::ChooseVictim(v) => {
                self.steal(v, chance);
                self.phase = self.resume_phase();
            }
            Action::OfferTrade(o) => self.make_offer(o),
            Action::AcceptOffer => self.accept_offer(),
            Action::DeclineOffer => self.decline_offer(),
        }
        // SOCGame.checkForWinner: only the current player wins, checked after each action
        // and when a turn starts (SOCGame.endTurn); never in the Special Building Phase,
        // where the current player is not the turn's owner.
        if !matches!(self.phase, Phase::Over | Phase::SpecialBuilding)
            && self.total_vp(self.current) >= self.rules.vp_to_win
        {
            self.end_game();
        }
    }

    // ---- one function per action kind ------------------------------------------------

    fn roll(&mut self, d: u8) {
        self.dice = d;
        if d == 7 {
            // SOCGame.rollDice_update7gameState: everyone with more than 7 cards discards
            // half, rounded down (SOCPlayer.getCountToDiscard: total / 2).
            let mut any = false;
            for o in self.seats() {
                let t = self.hands[o].total();
                self.discard_owed[o] = if t > 7 { (t / 2) as u8 } else { 0 };
                any |= t > 7;
            }
            self.phase = if any {
                Phase::Discard
            } else {
                Phase::PlacingRobber
            };
        } else {
            self.distribute(d);
            self.phase = if S::SEA && self.deal_gold(d) {
                Phase::PickGold
            } else {
                Phase::Main
            };
        }
    }

    /// Pays out a non-7 roll (`SOCGame.getResourcesGainedFromRoll`): each non-robbed hex with
    /// that number gives 1 per settlement, 2 per city. With `Rules::bank_limit`, a resource the
    /// bank cannot pay to everyone is paid to nobody.
    fn distribute(&mut self, d: u8) {
        let topo = S::topology();
        let mut gains = [ResourceSet::EMPTY; MAX_SEATS];
        let mut owed = [0i16; 5];
        for hex in self.board.hexes_with_number(d) {
            if hex == self.robber {
                continue;
            }
            let Some(r) = self.board.hex_resource[hex.index()] else {
                continue;
            };
            let ns = topo.hex_node_set[hex.index()];
            for (i, g) in gains.iter_mut().enumerate().take(S::SEATS) {
                let n = (self.settlements.0[i] & ns).len() + 2 * (self.cities.0[i] & ns).len();
                g[r] += n as u8;
                owed[r.index()] += n as i16;
            }
        }
        for r in Resource::ALL {
            if owed[r.index()] == 0 {
                continue;
            }
            if self.rules.bank_limit && owed[r.index()] > self.bank[r.index()] {
                continue;
            }
            for (i, g) in gains.iter().enumerate().take(S::SEATS) {
                self.hands.0[i][r] += g[r];
            }
            self.bank[r.index()] -= owed[r.index()];
        }
    }

    fn end_turn(&mut self) {
        if self.phase == Phase::SpecialBuilding {
            return self.next_special_builder();
        }
        if self.rules.special_building {
            // SOCGame.advanceTurnToSpecialBuilding: the others, in turn order, build first.
            let owner = self.current;
            let mut left = 0u8;
            let mut s = self.rules.next_seat(owner);
            while s != owner {
                if self.can_special_build(s) {
                    left |= 1 << s.index();
                }
                s = self.rules.next_seat(s);
            }
            if left != 0 {
                self.sbp_owner = owner;
                self.sbp_left = left;
                return self.next_special_builder();
            }
        }
        // SOCGame.advanceTurn: the next occupied seat.
        self.begin_turn(self.rules.next_seat(self.current), Some(Phase::RollOrCard));
    }

    /// The next seat of the Special Building Phase after the current one, or, when none is
    /// left, the turn after its owner's (`SOCGame.advanceTurnToSpecialBuilding` cases C, D).
    fn next_special_builder(&mut self) {
        let mut s = self.rules.next_seat(self.current);
        while s != self.sbp_owner && self.sbp_left != 0 {
            if self.sbp_left & (1 << s.index()) != 0 {
                self.sbp_left &= !(1 << s.index());
                return self.begin_turn(s, Some(Phase::SpecialBuilding));
            }
            s = self.rules.next_seat(s);
        }
        self.sbp_left = 0;
        let next = self.rules.next_seat(self.sbp_owner);
        self.begin_turn(next, Some(Phase::RollOrCard));
    }

    /// Whether `s` could build anything in a Special Building Phase: afford and place a road,
    /// settlement or city, or buy a development card.
    pub fn can_special_build(&self, s: Seat) -> bool {
        self.could_special_build(s, self.hands[s])
    }

    /// [`State::can_special_build`] with `hand` as the seat's hand (a client's mirror keeps
    /// hands outside its model).
    pub fn could_special_build(&self, s: Seat, hand: ResourceSet) -> bool {
        let (roads, settlements, cities) = self.pieces_left(s);
        (hand.contains(DEV_CARD_COST) && self.deck.total() > 0)
            || (cities > 0 && hand.contains(CITY_COST) && !self.city_spots(s).is_empty())
            || (settlements > 0
                && hand.contains(SETTLEMENT_COST)
                && !self.settlement_spots(s).is_empty())
            || (roads > 0 && hand.contains(ROAD_COST) && !self.road_spots(s).is_empty())
            || (S::SEA && hand.contains(SHIP_COST) && !self.ship_spots(s).is_empty())
    }

    fn discard(&mut self, seat: Seat, d: ResourceSet) {
        self.hands[seat].sub(d);
        for r in Resource::ALL {
            self.bank[r.index()] += d[r] as i16;
        }
        self.discard_owed[seat] = 0;
        if self.discard_owed.0.iter().all(|&x| x == 0) {
            self.phase = Phase::PlacingRobber;
        }
    }

    /// `SOCGame.movePirate`: as the robber, with the ship owners beside the pirate's hex.
    fn move_pirate<C: Chance>(&mut self, h: HexId, chance: &mut C) {
        if let Some(f) = self.fleet.get_mut() {
            f.pirate = Some(h);
            f.pirate_robbery = true;
        }
        let v = self.pirate_victims_at(h);
        self.rob(v, chance);
    }

    /// `SOCGame.moveRobber`: no victim → back; one → steal at once; several → choose.
    fn move_robber<C: Chance>(&mut self, h: HexId, chance: &mut C) {
        self.robber = h;
        if let Some(f) = self.fleet.get_mut() {
            f.pirate_robbery = false;
        }
        let v = self.victims_at(h);
        self.rob(v, chance);
    }

    /// No victim → back; one → steal at once; several → choose.
    #[inline]
    fn rob<C: Chance>(&mut self, v: [bool; MAX_SEATS], chance: &mut C) {
        match v.iter().filter(|&&x| x).count() {
            0 => self.phase = self.resume_phase(),
            1 => {
                let victim = Seat::new(v.iter().position(|&x| x).unwrap());
                self.steal(victim, chance);
                self.phase = self.resume_phase();
            }
            _ => self.phase = Phase::ChooseVictim,
        }
    }

    /// `SOCGame.stealFromPlayer`: one uniformly random card of the victim's hand.
    fn steal<C: Chance>(&mut self, victim: Seat, chance: &mut C) {
        let r = chance.steal(self.hands[victim]);
        self.hands[victim][r] -= 1;
        self.hands[self.current][r] += 1;
    }

    fn play_card(&mut self, c: DevCard) {
        let s = self.current;
        self.dev_old[s][c] -= 1;
        self.played_dev = true;
    }

    /// After the robber or a card: back to `Main` if the dice were rolled, else to
    /// `RollOrCard` (a card played before the roll; JSettlers checks `currentDice != 0`).
    #[inline]
    fn resume_phase(&self) -> Phase {
        if self.dice != 0 {
            Phase::Main
        } else {
            Phase::RollOrCard
        }
    }

    /// In a free-road phase with no legal edge, end the card's effect. (JSettlers would wait
    /// for the player to cancel or end the turn; the engine does it for them.)
    fn skip_free_road_if_stuck(&mut self) {
        if !self.free_road_possible(self.current) {
            self.phase = self.resume_phase();
        }
    }

    #[inline]
    fn pay(&mut self, s: Seat, cost: ResourceSet) {
        self.hands[s].sub(cost);
        for r in Resource::ALL {
            self.bank[r.index()] += cost[r] as i16;
        }
    }

    #[inline]
    pub(super) fn gain(&mut self, s: Seat, r: Resource, n: u8) {
        self.hands[s][r] += n;
        self.bank[r.index()] -= n as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Board;
    use crate::game::chance::Outcome;
    use crate::game::ids::{EdgeId, NodeId};
    use crate::game::movegen::DISCARD_CAP;
    use crate::game::resources::DevSet;
    use crate::game::rules::Rules;
    use crate::game::sets::NodeSet;
    use crate::game::setup::{Setup, SetupError};
    use crate::game::topology::topology;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;
    use Resource::*;

    /// A fixed board: desert in the centre (0x77); 3:1 port at position 0 (0x27, 0x38),
    /// clay 2:1 at position 1 (0x5A, 0x6B).
    fn board() -> Board {
        // Wood, sheep, wheat, clay, ore over and over, the desert at index 9.
        let cycle = [Wood, Sheep, Wheat, Clay, Ore];
        let mut hexes = [None; 19];
        for (i, h) in hexes.iter_mut().enumerate() {
            *h = match i {
                9 => None,
                i if i < 9 => Some(cycle[i % 5]),
                i => Some(cycle[(i - 1) % 5]),
            };
        }
        Board::new(
            hexes,
            [5, 2, 6, 3, 8, 10, 9, 12, 11, 0, 4, 8, 10, 9, 4, 5, 6, 3, 11],
            [
                None,
                Some(Clay),
                None,
                Some(Ore),
                None,
                Some(Sheep),
                None,
                Some(Wheat),
                Some(Wood),
            ],
            HexId::from_server(0x77).unwrap(),
        )
    }

    fn n(c: i32) -> NodeId {
        NodeId::from_server(c).unwrap()
    }
    fn e(c: i32) -> EdgeId {
        EdgeId::from_server(c).unwrap()
    }
    fn h(c: i32) -> HexId {
        HexId::from_server(c).unwrap()
    }
    fn seat(i: usize) -> Seat {
        Seat::new(i)
    }
    fn rng() -> SmallRng {
        SmallRng::seed_from_u64(11)
    }

    /// Main phase of seat 0 after rolling an 8; seat i has a settlement and a road.
    fn setup() -> Setup {
        let mut s = State::new(board(), Rules::default(), seat(0)).to_setup();
        s.phase = Phase::Main;
        s.dice = 8;
        s.turn = 9;
        for (i, (node, edge)) in [(0x78, 0x78), (0x25, 0x25), (0xC9, 0xC9), (0x5A, 0x5A)]
            .into_iter()
            .enumerate()
        {
            s.settlements.0[i].insert(n(node));
            s.roads.0[i].insert(e(edge));
        }
        s
    }

    /// The state for `s`, with the deck reduced by every card held or played.
    /// Rolls `total` in `st` (the server's reported dice).
    fn roll(st: &mut State, total: u8) {
        st.apply_with(
            Action::Roll,
            Outcome {
                dice: Some(total),
                ..Outcome::default()
            },
        );
    }

    fn state(s: &Setup) -> State {
        let mut s = s.clone();
        for c in DevCard::ALL {
            let mut left = DevSet::FULL_DECK.get(c);
            for i in 0..4 {
                left -= s.dev_cards.0[i].get(c) + s.new_dev_cards.0[i].get(c);
                if c == DevCard::Knight {
                    left -= s.knights_played.0[i];
                }
            }
            s.deck[c] = left;
        }
        State::from_setup(&s).unwrap()
    }

    #[test]
    fn initial_placement_runs_in_snake_order_and_pays_the_second_settlement() {
        let mut st = State::new(board(), Rules::default(), seat(2));
        let mut order = vec![];
        let mut r = rng();
        let mut list = ActionList::new();
        while st.phase().is_initial() {
            st.legal_actions(&mut list);
            if st.phase() == Phase::InitialSettlement1 || st.phase() == Phase::InitialSettlement2 {
                order.push(st.current_player().index());
            }
            st.apply(list[list.len() / 2], &mut r);
        }
        assert_eq!(order, vec![2, 3, 0, 1, 1, 0, 3, 2]);
        assert_eq!(st.phase(), Phase::RollOrCard);
        assert_eq!(st.current_player(), seat(2));
        // Every seat holds one card per land hex next to its second settlement.
        for s in Seat::first(4) {
            let second = st.last_settlement(s).unwrap();
            let lands = topology()
                .node_hexes(second)
                .into_iter()
                .filter(|h| st.board().hex_resource[h.index()].is_some())
                .count();
            assert_eq!(st.hand(s).total() as usize, lands, "{s:?}");
        }
    }

    #[test]
    fn second_settlement_income_skips_the_desert() {
        let mut st = State::new(board(), Rules::default(), seat(0));
        st.phase = Phase::InitialSettlement2;
        st.apply(Action::PlaceInitialSettlement(n(0x78)), &mut rng());
        // 0x78 touches 0x57 (wood), 0x79 (ore) and the desert 0x77.
        assert_eq!(st.hand(seat(0)), ResourceSet::new(0, 1, 0, 0, 1));
        assert_eq!(st.phase(), Phase::InitialRoad2);
        // The generator offers roads at that settlement only; the server's wider rule applies.
        let mut l = ActionList::new();
        st.legal_actions(&mut l);
        assert!(l.iter().all(|a| matches!(a, Action::PlaceInitialRoad(x)
            if topology().edge_node_set[x.index()].contains(n(0x78)))));
    }

    #[test]
    fn distance_rule_and_connectivity_limit_settlements() {
        let mut s = setup();
        s.roads.0[0].insert(e(0x88)); // 0x89-0x98
        let st = state(&s);
        // 0x89 is next to the settlement at 0x78; 0x98 is two away and on the road.
        assert_eq!(st.settlement_spots(seat(0)), NodeSet::single(n(0x98)));
    }

    #[test]
    fn seven_forces_discard_above_seven_cards() {
        let mut s = setup();
        s.phase = Phase::RollOrCard;
        s.dice = 0;
        s.hands.0 = [
            ResourceSet::new(7, 0, 0, 0, 0),
            ResourceSet::new(2, 2, 2, 2, 0),
            ResourceSet::new(3, 3, 3, 0, 0),
            ResourceSet::new(4, 4, 4, 4, 4),
            ResourceSet::EMPTY,
            ResourceSet::EMPTY,
        ];
        let mut st = state(&s);
        roll(&mut st, 7);
        assert_eq!(st.phase(), Phase::Discard);
        assert_eq!(st.discard_owed.0, [0, 4, 4, 10, 0, 0]);
        assert_eq!(st.to_move(), seat(1));
        assert!(!st.is_legal(Action::Discard(ResourceSet::new(1, 1, 1, 0, 0))));
        st.apply(Action::Discard(ResourceSet::new(1, 1, 1, 1, 0)), &mut rng());
        assert_eq!(st.to_move(), seat(2));
        st.apply(Action::Discard(ResourceSet::new(2, 2, 0, 0, 0)), &mut rng());
        assert_eq!(st.to_move(), seat(3));
        st.apply(Action::Discard(ResourceSet::new(2, 2, 2, 2, 2)), &mut rng());
        assert_eq!(st.phase(), Phase::PlacingRobber);
        assert_eq!(st.hand(seat(3)).total(), 10);
        assert_eq!(st.resource_totals(), [19; 5]);
    }

    #[test]
    fn seven_without_big_hands_goes_straight_to_the_robber() {
        let mut s = setup();
        s.phase = Phase::RollOrCard;
        s.dice = 0;
        let mut st = state(&s);
        roll(&mut st, 7);
        assert_eq!(st.phase(), Phase::PlacingRobber);
    }

    #[test]
    fn discard_generation_is_deduplicated_and_bounded() {
        let mut l = ActionList::new();
        crate::game::movegen::push_discards(ResourceSet::new(8, 0, 0, 0, 0), 4, &mut l);
        assert_eq!(l.len(), 1);
        l.clear();
        crate::game::movegen::push_discards(ResourceSet::new(2, 2, 2, 2, 0), 4, &mut l);
        // Multisets of 4 from four piles of 2: coefficient of x^4 in (1+x+x^2)^4 = 19.
        assert_eq!(l.len(), 19);
        l.clear();
        crate::game::movegen::push_discards(ResourceSet::new(20, 20, 20, 20, 20), 50, &mut l);
        assert!(l.len() <= DISCARD_CAP && l.len() > DISCARD_CAP / 2);
        let mut v = l.to_vec();
        v.sort_by_key(|a| format!("{a:?}"));
        v.dedup();
        assert_eq!(v.len(), l.len());
    }

    #[test]
    fn robber_must_move_and_may_go_to_the_desert() {
        let mut s = setup();
        s.phase = Phase::PlacingRobber;
        s.robber = h(0x33);
        let st = state(&s);
        let mut l = ActionList::new();
        st.legal_actions(&mut l);
        assert_eq!(l.len(), 18);
        assert!(!l.contains(Action::MoveRobber(h(0x33))));
        assert!(l.contains(Action::MoveRobber(h(0x77))));
    }

    #[test]
    fn robber_with_one_victim_steals_at_once_and_several_ask() {
        let mut s = setup();
        s.phase = Phase::PlacingRobber;
        s.hands.0[1] = ResourceSet::new(0, 0, 3, 0, 0);
        s.hands.0[2] = ResourceSet::new(1, 0, 0, 0, 0);
        // Seat 1's settlement 0x25 touches 0x35 (and 0x15 water, 0x13 water) — one victim.
        let mut st = state(&s);
        let bad = Outcome {
            stolen: Some(Clay),
            ..Outcome::default()
        };
        assert!(st.try_apply_with(Action::MoveRobber(h(0x35)), bad).is_err());
        let ok = Outcome {
            stolen: Some(Sheep),
            ..Outcome::default()
        };
        st.apply_with(Action::MoveRobber(h(0x35)), ok);
        assert_eq!(st.hand(seat(0)), ResourceSet::new(0, 0, 1, 0, 0));
        assert_eq!(st.phase(), Phase::Main);
        // Seat 2 next to seat 1 on one hex: choose.
        let mut s = setup();
        s.phase = Phase::PlacingRobber;
        s.hands.0[1] = ResourceSet::new(0, 0, 3, 0, 0);
        s.hands.0[2] = ResourceSet::new(1, 0, 0, 0, 0);
        s.settlements.0[2].insert(n(0x45));
        s.roads.0[2].insert(e(0x45));
        let mut st = state(&s);
        st.apply(Action::MoveRobber(h(0x35)), &mut rng());
        assert_eq!(st.phase(), Phase::ChooseVictim);
        let mut l = ActionList::new();
        st.legal_actions(&mut l);
        assert_eq!(
            l.as_slice(),
            &[Action::ChooseVictim(seat(1)), Action::ChooseVictim(seat(2))]
        );
        st.apply(Action::ChooseVictim(seat(2)), &mut rng());
        assert_eq!(st.hand(seat(0)), ResourceSet::new(1, 0, 0, 0, 0));
        assert_eq!(st.hand(seat(2)).total(), 0);
        // A victim without cards is not a victim (SOCGame.getPossibleVictims).
        let mut s = setup();
        s.phase = Phase::PlacingRobber;
        let mut st = state(&s);
        st.apply(Action::MoveRobber(h(0x35)), &mut rng());
        assert_eq!(st.phase(), Phase::Main);
    }

    #[test]
    fn robbed_hex_produces_nothing() {
        let mut s = setup();
        s.phase = Phase::RollOrCard;
        s.dice = 0;
        // Seat 0 at 0x78 touches 0x57 (wood, 10) and 0x79 (ore, 4).
        s.robber = h(0x57);
        let mut st = state(&s);
        roll(&mut st, 10);
        assert_eq!(st.hand(seat(0)).total(), 0);
        st.end_turn();
        st.end_turn();
        st.end_turn();
        st.end_turn();
        roll(&mut st, 4);
        assert_eq!(st.hand(seat(0)), ResourceSet::new(0, 1, 0, 0, 0));
    }

    #[test]
    fn cities_produce_two() {
        let mut s = setup();
        s.phase = Phase::RollOrCard;
        s.dice = 0;
        s.settlements.0[0] = NodeSet::EMPTY;
        s.cities.0[0].insert(n(0x78));
        let mut st = state(&s);
        roll(&mut st, 4);
        assert_eq!(st.hand(seat(0)), ResourceSet::new(0, 2, 0, 0, 0));
        assert_eq!(st.public_vp(seat(0)), 2);
    }

    #[test]
    fn bank_limit_is_an_option_and_off_by_default() {
        // Seat 0 holds 18 ore; a 4 pays it one more ore from 0x79: 19 in hands.
        for limit in [false, true] {
            let mut s = setup();
            s.rules.bank_limit = limit;
            s.phase = Phase::RollOrCard;
            s.dice = 0;
            s.settlements.0[0] = NodeSet::EMPTY;
            s.cities.0[0].insert(n(0x78));
            s.hands.0[1] = ResourceSet::new(0, 18, 0, 0, 0);
            let mut st = state(&s);
            // City owes 2 ore, the bank holds 1: JSettlers pays anyway, the rulebook nobody.
            roll(&mut st, 4);
            let got = st.hand(seat(0)).get(Ore);
            assert_eq!(got, if limit { 0 } else { 2 });
            assert_eq!(st.resource_totals(), [19; 5]);
        }
    }

    #[test]
    fn ports_set_the_trade_ratio() {
        let mut s = setup();
        s.hands.0[0] = ResourceSet::new(4, 3, 0, 0, 0);
        let st = state(&s);
        assert_eq!(st.best_trade_ratio(seat(0), Clay), 4);
        // Seat 3's settlement 0x5A is on the clay 2:1 port; seat 1's 0x25 on the wood 2:1.
        assert_eq!(st.best_trade_ratio(seat(3), Clay), 2);
        assert_eq!(st.best_trade_ratio(seat(3), Ore), 4);
        assert_eq!(st.best_trade_ratio(seat(1), Wood), 2);
        let mut s = setup();
        s.settlements.0[0].insert(n(0x38));
        s.roads.0[0].insert(e(0x38));
        s.hands.0[0] = ResourceSet::new(0, 3, 0, 0, 0);
        let mut st = state(&s);
        assert_eq!(st.best_trade_ratio(seat(0), Ore), 3);
        st.apply(
            Action::BankTrade {
                give: Ore,
                get: Wheat,
            },
            &mut rng(),
        );
        assert_eq!(st.hand(seat(0)), ResourceSet::new(0, 0, 0, 1, 0));
        assert!(!st.is_legal(Action::BankTrade {
            give: Ore,
            get: Wheat
        }));
    }

    #[test]
    fn dev_cards_wait_a_turn_and_one_is_played_per_turn() {
        let mut s = setup();
        s.hands.0[0] = ResourceSet::new(0, 2, 2, 2, 0);
        s.dev_cards.0[0] = DevSet([1, 0, 1, 0, 0]);
        let mut st = state(&s);
        st.apply_with(
            Action::BuyDevCard,
            Outcome {
                card: Some(DevCard::Monopoly),
                ..Outcome::default()
            },
        );
        assert_eq!(st.deck().get(DevCard::Monopoly), 1);
        assert!(!st.is_legal(Action::PlayMonopoly), "bought this turn");
        st.apply(Action::PlayYearOfPlenty, &mut rng());
        assert_eq!(st.phase(), Phase::YearOfPlenty);
        st.apply(Action::PickYearOfPlenty(Wood, Wood), &mut rng());
        assert_eq!(st.hand(seat(0)).get(Wood), 2);
        assert!(!st.is_legal(Action::PlayKnight), "one card per turn");
        // Next own turn: both playable, before the roll too.
        for _ in 0..4 {
            st.end_turn();
        }
        assert_eq!(st.phase(), Phase::RollOrCard);
        assert!(st.is_legal(Action::PlayMonopoly));
        st.apply(Action::PlayKnight, &mut rng());
        assert_eq!(st.phase(), Phase::PlacingRobber);
        st.apply(Action::MoveRobber(h(0xBB)), &mut rng());
        assert_eq!(
            st.phase(),
            Phase::RollOrCard,
            "a knight before the roll returns to the roll"
        );
        assert!(!st.is_legal(Action::PlayMonopoly));
    }

    #[test]
    fn victory_point_cards_count_at_once_and_are_never_played() {
        let mut s = setup();
        s.hands.0[0] = ResourceSet::new(0, 1, 1, 1, 0);
        let mut st = state(&s);
        st.apply_with(
            Action::BuyDevCard,
            Outcome {
                card: Some(DevCard::VictoryPoint),
                ..Outcome::default()
            },
        );
        assert_eq!(st.total_vp(seat(0)), 2);
        assert_eq!(st.public_vp(seat(0)), 1);
        for _ in 0..4 {
            st.end_turn();
        }
        let mut l = ActionList::new();
        st.legal_actions(&mut l);
        assert_eq!(l.as_slice(), &[Action::Roll]);
    }

    #[test]
    fn monopoly_takes_every_card_of_the_kind() {
        let mut s = setup();
        s.dev_cards.0[0] = DevSet([0, 0, 0, 1, 0]);
        s.hands.0[1] = ResourceSet::new(0, 0, 3, 1, 0);
        s.hands.0[3] = ResourceSet::new(0, 0, 2, 0, 0);
        let mut st = state(&s);
        st.apply(Action::PlayMonopoly, &mut rng());
        st.apply(Action::PickMonopoly(Sheep), &mut rng());
        assert_eq!(st.hand(seat(0)).get(Sheep), 5);
        assert_eq!(st.hand(seat(1)), ResourceSet::new(0, 0, 0, 1, 0));
        assert_eq!(st.phase(), Phase::Main);
    }

    #[test]
    fn road_building_places_two_free_roads_or_one_when_one_is_left() {
        let mut s = setup();
        s.dev_cards.0[0] = DevSet([0, 2, 0, 0, 0]);
        let mut st = state(&s);
        st.apply(Action::PlayRoadBuilding, &mut rng());
        assert_eq!(st.phase(), Phase::FreeRoad1);
        st.apply(Action::BuildRoad(e(0x88)), &mut rng());
        assert_eq!(st.phase(), Phase::FreeRoad2);
        st.apply(Action::BuildRoad(e(0x87)), &mut rng());
        assert_eq!(st.phase(), Phase::Main);
        assert_eq!(st.hand(seat(0)).total(), 0);
        assert_eq!(st.roads(seat(0)).len(), 3);
        // With one road in stock, only the "second" road (SOCGame.playRoadBuilding).
        let mut s = setup();
        s.dev_cards.0[0] = DevSet([0, 1, 0, 0, 0]);
        // Grow seat 0's network to 14 roads, one legal spot at a time.
        while s.roads.0[0].len() < 14 {
            let spot = state(&s).road_spots(seat(0)).first().unwrap();
            s.roads.0[0].insert(spot);
            let others = s.settlements.0[1] | s.settlements.0[2] | s.settlements.0[3];
            let len = crate::game::road::longest_road(s.roads.0[0], others);
            s.longest_road = (len >= 5).then_some(seat(0));
        }
        let mut st = state(&s);
        assert_eq!(st.pieces_left(seat(0)).0, 1);
        st.apply(Action::PlayRoadBuilding, &mut rng());
        assert_eq!(st.phase(), Phase::FreeRoad2);
    }

    #[test]
    fn largest_army_needs_three_and_more_than_the_holder() {
        let mut s = setup();
        s.dev_cards.0[0] = DevSet([1, 0, 0, 0, 0]);
        s.knights_played.0 = [2, 3, 0, 0, 0, 0];
        s.largest_army = Some(seat(1));
        let mut st = state(&s);
        st.apply(Action::PlayKnight, &mut rng());
        assert_eq!(
            st.largest_army_holder(),
            Some(seat(1)),
            "a tie keeps the holder"
        );
        st.knights.0[0] = 4;
        st.update_largest_army();
        assert_eq!(st.largest_army_holder(), Some(seat(0)));
        assert_eq!(st.public_vp(seat(0)), 3);
        let mut st2 = state(&setup());
        st2.knights.0[2] = 2;
        st2.update_largest_army();
        assert_eq!(st2.largest_army_holder(), None);
        st2.knights.0[2] = 3;
        st2.update_largest_army();
        assert_eq!(st2.largest_army_holder(), Some(seat(2)));
    }

    #[test]
    fn longest_road_needs_five_and_an_opponent_settlement_cuts_it() {
        let mut s = setup();
        // Seat 0: settlement 0x78, roads round hex 0x77: 0x78 0x88 0x87 0x76.
        for c in [0x88, 0x87, 0x76] {
            s.roads.0[0].insert(e(c));
        }
        // Seat 1: settlement 0xA7, roads 0x96 (0x96-0xA7) and 0x86 (0x87-0x96).
        s.settlements.0[1].insert(n(0xA7));
        s.roads.0[1].insert(e(0x96));
        s.roads.0[1].insert(e(0x86));
        s.hands.0[0] = ResourceSet::new(1, 0, 0, 0, 1);
        s.hands.0[1] = ResourceSet::new(1, 0, 1, 1, 1);
        let mut st = state(&s);
        assert_eq!(st.longest_road_length(seat(0)), 4);
        assert_eq!(st.longest_road_holder(), None);
        st.apply(Action::BuildRoad(e(0x66)), &mut rng());
        assert_eq!(st.longest_road_length(seat(0)), 5);
        assert_eq!(st.longest_road_holder(), Some(seat(0)));
        assert_eq!(st.public_vp(seat(0)), 3);
        // Seat 1's turn: a settlement at 0x87 splits 5 into 3 + 2.
        st.end_turn();
        st.phase = Phase::Main;
        st.dice = 5;
        st.apply(Action::BuildSettlement(n(0x87)), &mut rng());
        assert_eq!(st.longest_road_length(seat(0)), 3);
        assert_eq!(st.longest_road_holder(), None);
    }

    #[test]
    fn longest_road_ties_follow_jsettlers() {
        // SOCGame.updateLongestRoad: a tie keeps the holder; a tie without the holder at the
        // top means nobody; a unique longest takes it.
        let mut st = state(&setup());
        st.road_len.0 = [5, 5, 0, 0, 0, 0];
        st.longest_road = Some(seat(0));
        st.update_longest_road_award();
        assert_eq!(st.longest_road, Some(seat(0)));
        st.road_len.0 = [4, 6, 6, 0, 0, 0];
        st.update_longest_road_award();
        assert_eq!(st.longest_road, None);
        st.road_len.0 = [4, 6, 7, 0, 0, 0];
        st.update_longest_road_award();
        assert_eq!(st.longest_road, Some(seat(2)));
        st.road_len.0 = [4, 4, 4, 0, 0, 0];
        st.update_longest_road_award();
        assert_eq!(st.longest_road, None);
    }

    #[test]
    fn only_the_current_player_wins_and_only_on_their_turn() {
        let mut s = setup();
        // Seat 1 has 9 points (VP cards) plus a settlement = 10, but it is seat 0's turn.
        s.dev_cards.0[1] = DevSet([0, 0, 0, 0, 5]);
        s.settlements.0[1].insert(n(0xA7));
        s.roads.0[1].insert(e(0x96));
        s.knights_played.0[1] = 3;
        s.largest_army = Some(seat(1));
        let mut st = state(&s);
        assert_eq!(st.total_vp(seat(1)), 9);
        st.cities.0[1].insert(n(0x25));
        st.settlements.0[1].remove(n(0x25));
        assert_eq!(st.total_vp(seat(1)), 10);
        assert!(!st.is_over());
        st.apply(Action::EndTurn, &mut rng());
        assert!(st.is_over());
        assert_eq!(st.winner(), Some(seat(1)));
        assert_eq!(st.phase(), Phase::Over);
    }

    #[test]
    fn building_to_ten_wins_at_once() {
        let mut s = setup();
        s.dev_cards.0[0] = DevSet([0, 0, 0, 0, 5]);
        s.knights_played.0[0] = 3;
        s.largest_army = Some(seat(0));
        s.hands.0[0] = ResourceSet::new(0, 3, 0, 2, 0);
        s.settlements.0[0].insert(n(0x38));
        s.roads.0[0].insert(e(0x38));
        let mut st = state(&s);
        assert_eq!(st.total_vp(seat(0)), 9);
        st.apply(Action::BuildCity(n(0x78)), &mut rng());
        assert_eq!(st.winner(), Some(seat(0)));
        let mut l = ActionList::new();
        st.legal_actions(&mut l);
        assert!(l.is_empty());
    }

    #[test]
    fn illegal_actions_are_rejected_without_change() {
        let st0 = state(&setup());
        let mut st = st0.clone();
        let mut r = rng();
        assert!(st.try_apply(Action::Roll, &mut r).is_err());
        assert!(
            st.try_apply(Action::BuildCity(n(0x78)), &mut r).is_err(),
            "no cards"
        );
        assert!(
            st.try_apply(Action::BuildCity(n(0x25)), &mut r).is_err(),
            "not ours"
        );
        assert!(st
            .try_apply_with(Action::EndTurn, Outcome::default())
            .is_ok());
        let mut st = st0.clone();
        st.phase = Phase::RollOrCard;
        st.dice = 0;
        let bad = Outcome {
            dice: Some(13),
            ..Outcome::default()
        };
        assert!(st.try_apply_with(Action::Roll, bad).is_err());
        assert_eq!(st.phase(), Phase::RollOrCard);
    }

    #[test]
    fn from_setup_names_the_broken_rule() {
        let mut s = setup();
        s.settlements.0[1].insert(n(0x89));
        assert_eq!(
            State::from_setup(&s),
            Err(SetupError::DistanceRule(n(0x78)))
        );
        let mut s = setup();
        s.roads.0[1].insert(e(0xCC));
        assert_eq!(
            State::from_setup(&s),
            Err(SetupError::DisconnectedRoad(seat(1)))
        );
        let mut s = setup();
        s.dev_cards.0[2] = DevSet([0, 0, 0, 0, 6]);
        assert_eq!(
            State::from_setup(&s),
            Err(SetupError::TooManyDevCards(DevCard::VictoryPoint))
        );
        let mut s = setup();
        s.longest_road = Some(seat(3));
        assert_eq!(State::from_setup(&s), Err(SetupError::LongestRoad));
        let mut s = setup();
        s.discards_owed.0[2] = 4;
        assert_eq!(State::from_setup(&s), Err(SetupError::Discards));
        let mut s = setup();
        s.rules.bank_limit = true;
        s.hands.0[0] = ResourceSet::new(20, 0, 0, 0, 0);
        assert_eq!(State::from_setup(&s), Err(SetupError::BankOverdrawn(Clay)));
        let mut s = setup();
        s.new_dev_cards.0[1] = DevSet([1, 0, 0, 0, 0]);
        s.deck = DevSet([13, 2, 2, 2, 5]);
        assert_eq!(
            State::from_setup(&s),
            Err(SetupError::NewDevCardsNotCurrent(seat(1)))
        );
    }
}
