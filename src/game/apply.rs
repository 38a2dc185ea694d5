//! apply / try_apply / apply_unchecked, with chance outcomes sampled from a caller's rng or
//! supplied by the caller; one function per action kind. Imports std, `rand::Rng`, and the
//! game vocabulary.

use super::action::{Action, ActionList};
use super::chance::{Chance, Outcome, Sampled};
use super::ids::{HexId, NodeId, Seat};
use super::phase::Phase;
use super::resources::{
    DevCard, Resource, ResourceSet, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST,
};
use super::sets::NodeSet;
use super::state::{State, MAX_ROADS};
use super::topology::topology;
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

impl State {
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
    /// stolen card) — for the client's mirror.
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
                Some(2..=12) => {}
                _ => return Err(self.illegal(a, "dice total missing or not 2..=12")),
            },
            Action::BuyDevCard => match outcome.card {
                Some(c) if self.deck.get(c) > 0 => {}
                _ => return Err(self.illegal(a, "drawn card missing or not in the deck")),
            },
            Action::MoveRobber(h) => {
                let v = self.victims_at(h);
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

    /// A discard by `seat`, whichever seat [`State::to_move`] names: the server takes
    /// discards in any order (they are simultaneous). For the mirror.
    ///
    /// # Errors
    /// If not in `Phase::Discard`, the seat owes nothing, or the cards are wrong.
    pub fn try_discard(&mut self, seat: Seat, d: ResourceSet) -> Result<(), IllegalAction> {
        let a = Action::Discard(d);
        if self.phase != Phase::Discard
            || self.discard_owed[seat] as u32 != d.total()
            || !self.hands[seat].contains(d)
        {
            return Err(self.illegal(a, "seat does not owe this discard"));
        }
        self.discard(seat, d);
        Ok(())
    }

    /// A trade between two players (JSettlers' offer/accept), for the mirror: `from` gives
    /// `give` to `to` and receives `get`.
    ///
    /// # Errors
    /// If not in `Phase::Main`, a seat trades with itself, or a hand lacks the cards.
    pub fn try_player_trade(
        &mut self,
        from: Seat,
        to: Seat,
        give: ResourceSet,
        get: ResourceSet,
    ) -> Result<(), IllegalAction> {
        if self.phase != Phase::Main
            || from == to
            || !self.hands[from].contains(give)
            || !self.hands[to].contains(get)
        {
            return Err(self.illegal(Action::EndTurn, "player trade not possible"));
        }
        self.hands[from].sub(give);
        self.hands[to].add(give);
        self.hands[to].sub(get);
        self.hands[from].add(get);
        Ok(())
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
            Action::Roll => self.roll(chance.dice()),
            Action::EndTurn => self.end_turn(),
            Action::BuildRoad(e) => {
                if self.phase == Phase::Main {
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
                // SOCGame.playRoadBuilding: with one road left, only the "second" road.
                self.phase = if MAX_ROADS - self.roads[s].len() <= 1 {
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
                let mut total = 0;
                for o in Seat::all() {
                    if o != s {
                        total += self.hands[o][r];
                        self.hands[o][r] = 0;
                    }
                }
                self.hands[s][r] += total;
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
        }
        // SOCGame.checkForWinner: only the current player wins, checked after each action
        // and when a turn starts (SOCGame.endTurn).
        if self.phase != Phase::Over && self.total_vp(self.current) >= self.rules.vp_to_win {
            self.phase = Phase::Over;
            self.winner = Some(self.current);
        }
    }

    // ---- one function per action kind ------------------------------------------------

    fn place_initial_settlement(&mut self, s: Seat, n: NodeId) {
        self.place_settlement(s, n);
        self.last_settlement[s] = Some(n);
        if self.phase == Phase::InitialSettlement2 {
            // The second settlement yields one card per adjacent land hex (desert none):
            // SOCGame.putPieceCommon in START2A; the server does not announce it (guide §0.6).
            for h in topology().node_hexes(n) {
                if let Some(r) = self.board.hex_resource[h.index()] {
                    self.gain(s, r, 1);
                }
            }
            self.phase = Phase::InitialRoad2;
        } else {
            self.phase = Phase::InitialRoad1;
        }
    }

    /// Snake order (`SOCGame.advanceTurnStateAfterPutPiece`): round 1 in seat order from the
    /// first player; the last seat places twice in a row; round 2 backwards; the first player
    /// places last and rolls first.
    fn advance_initial_placement(&mut self) {
        match self.phase {
            Phase::InitialRoad1 => {
                let next = self.current.next();
                if next == self.first_player {
                    self.phase = Phase::InitialSettlement2;
                } else {
                    self.current = next;
                    self.phase = Phase::InitialSettlement1;
                }
            }
            Phase::InitialRoad2 => {
                if self.current == self.first_player {
                    self.phase = Phase::RollOrCard;
                    self.turn = 1;
                } else {
                    self.current = self.current.prev();
                    self.phase = Phase::InitialSettlement2;
                }
            }
            _ => unreachable!("initial road outside initial placement"),
        }
    }

    fn roll(&mut self, d: u8) {
        self.dice = d;
        if d == 7 {
            // SOCGame.rollDice_update7gameState: everyone with more than 7 cards discards
            // half, rounded down (SOCPlayer.getCountToDiscard: total / 2).
            let mut any = false;
            for o in Seat::all() {
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
            self.phase = Phase::Main;
        }
    }

    /// Pays out a non-7 roll (`SOCGame.getResourcesGainedFromRoll`): each non-robbed hex with
    /// that number gives 1 per settlement, 2 per city. With `Rules::bank_limit`, a resource the
    /// bank cannot pay to everyone is paid to nobody.
    fn distribute(&mut self, d: u8) {
        let topo = topology();
        let mut gains = [ResourceSet::EMPTY; 4];
        let mut owed = [0i16; 5];
        for h in 0..19 {
            if self.board.hex_number[h] != d || h == self.robber.index() {
                continue;
            }
            let Some(r) = self.board.hex_resource[h] else {
                continue;
            };
            let ns = topo.hex_node_set[h];
            for (i, g) in gains.iter_mut().enumerate() {
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
            for (i, g) in gains.iter().enumerate() {
                self.hands.0[i][r] += g[r];
            }
            self.bank[r.index()] -= owed[r.index()];
        }
    }

    fn end_turn(&mut self) {
        let s = self.current;
        // Cards bought this turn become playable from the owner's next turn.
        let new = self.dev_new[s];
        for c in DevCard::ALL {
            self.dev_old[s][c] += new[c];
        }
        self.dev_new[s] = Default::default();
        self.played_dev = false;
        self.dice = 0;
        self.current = s.next();
        self.turn += 1;
        self.phase = Phase::RollOrCard;
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

    /// Victims if the robber stood on `h`.
    fn victims_at(&self, h: HexId) -> [bool; 4] {
        let ns = topology().hex_node_set[h.index()];
        let mut v = [false; 4];
        for o in Seat::all() {
            v[o.index()] = o != self.current
                && (self.settlements[o] | self.cities[o]).intersects(ns)
                && self.hands[o].total() > 0;
        }
        v
    }

    /// `SOCGame.moveRobber`: no victim → back; one → steal at once; several → choose.
    fn move_robber<C: Chance>(&mut self, h: HexId, chance: &mut C) {
        self.robber = h;
        let v = self.victims_at(h);
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

    /// `SOCGame.updateLargestArmy`: at least 3 knights and more than the holder.
    fn update_largest_army(&mut self) {
        let mut size = self.largest_army.map_or(2, |h| self.knights[h]);
        for o in Seat::all() {
            if self.knights[o] > size {
                size = self.knights[o];
                self.largest_army = Some(o);
            }
        }
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
        if self.road_spots(self.current).is_empty() {
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
    fn gain(&mut self, s: Seat, r: Resource, n: u8) {
        self.hands[s][r] += n;
        self.bank[r.index()] -= n as i16;
    }

    fn place_settlement(&mut self, s: Seat, n: NodeId) {
        let topo = topology();
        self.settlements[s].insert(n);
        self.occupied.insert(n);
        self.blocked |= topo.node_neighbours[n.index()] | NodeSet::single(n);
        self.update_ports(s);
        // A settlement may cut opponents' roads (SOCGame.putPieceCommon → updateLongestRoad).
        let mut changed = false;
        for o in Seat::all() {
            if o != s && self.road_nodes[o].contains(n) {
                self.update_road_len(o);
                changed = true;
            }
        }
        if changed {
            self.update_longest_road_award();
        }
    }

    fn place_road(&mut self, s: Seat, e: super::ids::EdgeId) {
        self.roads[s].insert(e);
        self.all_roads.insert(e);
        self.road_nodes[s] |= topology().edge_node_set[e.index()];
        self.update_road_len(s);
        self.update_longest_road_award();
    }
}
