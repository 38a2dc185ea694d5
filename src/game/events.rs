//! Server events: what a game server reports that is not one of the engine's [`Action`]s
//! with its chance outcome — a piece put on the board (the server charges for it in separate
//! messages), a settlement taken back, a knight count, an award or a turn position the server
//! states. The client's mirror drives its [`State`] with these, so that every rule they touch
//! (caches, the longest-road and largest-army awards, second-settlement income, dev-card
//! ageing) is the engine's own, written once.
//!
//! Every function keeps the state's invariants or refuses, changing nothing.
//!
//! [`Action`]: super::Action

use super::ids::{BySeat, EdgeId, HexId, NodeId, Seat};
use super::phase::Phase;
use super::resources::{DevCard, ResourceSet};
use super::rules::Rules;
use super::sets::BitSet;
use super::setup::SetupError;
use super::shape::Shape;
use super::state::{State, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS};

/// A piece on the board, as a server announces it (`SOCPutPiece`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A road on an edge.
    Road(EdgeId),
    /// A settlement on a node.
    Settlement(NodeId),
    /// A city on a node (replacing the seat's settlement there).
    City(NodeId),
}

impl<S: Shape> State<S> {
    /// Puts `piece` down for `seat` without payment or phase change (the server charged for
    /// it in its own messages), after the piece rules of [`super::check_pieces`]: stock left,
    /// a free node obeying the distance rule for a settlement, the seat's own settlement for
    /// a city, a free edge touching the seat's buildings or roads for a road. Caches and the
    /// longest-road award follow (`SOCGame.putPieceCommon`).
    ///
    /// # Errors
    /// The rule the piece breaks; the state is unchanged.
    pub fn put_piece(&mut self, seat: Seat, piece: Piece) -> Result<(), SetupError> {
        match piece {
            Piece::Road(e) => {
                let anchors = self.settlements[seat] | self.cities[seat] | self.road_nodes[seat];
                if !S::topology().edge_node_set[e.index()].intersects(anchors) {
                    return Err(SetupError::DisconnectedRoad(seat));
                }
            }
            Piece::City(n) if !self.settlements[seat].contains(n) => {
                return Err(SetupError::OverlappingBuildings(n));
            }
            _ => {}
        }
        self.put_piece_in_any_order(seat, piece)
    }

    /// [`State::put_piece`] without the road's connection to the seat's pieces, and a city
    /// where the seat has no settlement yet taking a free node: for a game joined in
    /// progress, whose pieces a server lists in the order `SOCPlayer.getPieces` keeps them,
    /// where a city (which replaced its settlement in that list) comes after the roads first
    /// built from it.
    ///
    /// # Errors
    /// The rule the piece breaks; the state is unchanged.
    pub fn put_piece_in_any_order(&mut self, seat: Seat, piece: Piece) -> Result<(), SetupError> {
        match piece {
            Piece::Road(e) => {
                if self.roads[seat].len() >= MAX_ROADS {
                    return Err(SetupError::TooManyPieces(seat));
                }
                if self.all_roads.contains(e) {
                    return Err(SetupError::OverlappingRoads(seat));
                }
                self.place_road(seat, e);
            }
            Piece::Settlement(n) => self.put_settlement(seat, n, true)?,
            Piece::City(n) => {
                if self.cities[seat].len() >= MAX_CITIES {
                    return Err(SetupError::TooManyPieces(seat));
                }
                if !self.settlements[seat].contains(n) {
                    if self.occupied.contains(n) {
                        return Err(SetupError::OverlappingBuildings(n));
                    }
                    if self.blocked.contains(n) {
                        return Err(SetupError::DistanceRule(n));
                    }
                    self.place_settlement(seat, n);
                }
                // Same node, same owner: no cache changes (`SOCGame.putPieceCommon`).
                self.settlements[seat].remove(n);
                self.cities[seat].insert(n);
            }
        }
        Ok(())
    }

    /// Puts a city for `seat` on a free node `n` where it has no settlement, as a JSettlers2
    /// server (2.4 to 2.7) does on a node left among the seat's potential cities: an initial
    /// settlement the server took back (`SOCGame.undoPutInitSettlement`, at a forced end of
    /// the turn in START1B/2B/3B, `SOCGameHandler.endGameTurnOrForce`, or at the player's own
    /// cancel, `SOCGameMessageHandler.handleCANCELBUILDREQUEST`) stays in
    /// `SOCPlayer.potentialCities`, which `SOCPlayer.undoPutPiece` does not update for a
    /// settlement, and the server takes a city wherever `SOCPlayer.isPotentialCity` holds
    /// (`handlePUTPIECE`). `SOCGame.putPieceCommon` then removes a settlement that is not
    /// there and `SOCPlayer.putPiece` takes a city from stock (2 VP); the settlement stock is
    /// not touched.
    ///
    /// No distance rule: a neighbour settled since stays, the one way a [`State`] breaks that
    /// rule ([`State::from_setup`] refuses such a state). The node is occupied and blocks its
    /// neighbours, ports and road reach follow. Road lengths do not: `putPieceCommon` counts
    /// no road again for a city, so an opponent's trail through `n` keeps its length, and
    /// the longest-road award its holder, until the server counts that player's roads again
    /// (`SOCGame.updateLongestRoad`, see [`State::recount_road_length`]) — the one way a
    /// road length is not the piece sets' either.
    ///
    /// # Errors
    /// `TooManyPieces` without a city left, `OverlappingBuildings` on an occupied node (the
    /// seat's own settlement too: that city is [`State::put_piece`]'s); the state is
    /// unchanged.
    pub fn put_city_without_settlement(&mut self, seat: Seat, n: NodeId) -> Result<(), SetupError> {
        if self.cities[seat].len() >= MAX_CITIES {
            return Err(SetupError::TooManyPieces(seat));
        }
        if self.occupied.contains(n) {
            return Err(SetupError::OverlappingBuildings(n));
        }
        self.cities[seat].insert(n);
        self.occupy(seat, n);
        for o in self.seats() {
            if o != seat && self.road_nodes[o].contains(n) {
                self.update_road_reach(o);
            }
        }
        Ok(())
    }

    /// Puts a settlement for `seat` on a free node `n` next to a city of
    /// [`State::put_city_without_settlement`], as the server does: that city never took its
    /// neighbours out of the players' potential settlements (`SOCPlayer.undoPutPiece` put
    /// them back when the initial settlement went, and a city's `SOCPlayer.putPiece` does
    /// not remove them), so `SOCPlayer.canPlaceSettlement` holds there. The one other way a
    /// [`State`] breaks the distance rule.
    ///
    /// # Errors
    /// `TooManyPieces` without a settlement left, `OverlappingBuildings` on an occupied
    /// node; the state is unchanged.
    pub fn put_settlement_beside_stale_city(
        &mut self,
        seat: Seat,
        n: NodeId,
    ) -> Result<(), SetupError> {
        self.put_settlement(seat, n, false)
    }

    /// A settlement of `seat` on `n` with a settlement in stock on a free node, and with
    /// `distance_rule` no building next to it.
    fn put_settlement(
        &mut self,
        seat: Seat,
        n: NodeId,
        distance_rule: bool,
    ) -> Result<(), SetupError> {
        if self.settlements[seat].len() >= MAX_SETTLEMENTS {
            return Err(SetupError::TooManyPieces(seat));
        }
        if self.occupied.contains(n) {
            return Err(SetupError::OverlappingBuildings(n));
        }
        if distance_rule && self.blocked.contains(n) {
            return Err(SetupError::DistanceRule(n));
        }
        self.place_settlement(seat, n);
        Ok(())
    }

    /// Counts `seat`'s longest road afresh (`SOCPlayer.calcLongestRoad2`), the award left as
    /// it is. For a seat whose length a city did not update
    /// ([`State::put_city_without_settlement`]), before its next road: the server counts the
    /// whole road of a player who puts one and then gives the award once
    /// (`SOCGame.updateLongestRoad`), which [`State::put_piece`] then does.
    pub fn recount_road_length(&mut self, seat: Seat) {
        self.update_road_len(seat);
    }

    /// Takes back `seat`'s settlement at `n` (an initial placement the server cancelled).
    /// Returns false, changing nothing, if the seat has no settlement there.
    pub fn take_back_settlement(&mut self, seat: Seat, n: NodeId) -> bool {
        if !self.settlements[seat].contains(n) {
            return false;
        }
        self.settlements[seat].remove(n);
        if self.last_settlement[seat] == Some(n) {
            self.last_settlement[seat] = None;
        }
        self.rebuild_caches();
        self.update_longest_road_award();
        true
    }

    /// Takes `seat`'s `piece` off the board: a road or settlement is removed, a city becomes
    /// the settlement it was (an undone build, `SOCGame.undoPutPiece`). Caches and the
    /// longest-road award follow. Returns false, changing nothing, if the seat has no such
    /// piece there.
    pub fn remove_piece(&mut self, seat: Seat, piece: Piece) -> bool {
        match piece {
            Piece::Road(e) if self.roads[seat].contains(e) => self.roads[seat].remove(e),
            Piece::Settlement(n) if self.settlements[seat].contains(n) => {
                self.settlements[seat].remove(n)
            }
            Piece::City(n) if self.cities[seat].contains(n) => {
                self.cities[seat].remove(n);
                self.settlements[seat].insert(n);
            }
            _ => return false,
        }
        self.rebuild_caches();
        self.update_longest_road_award();
        true
    }

    /// The cards a settlement at `n` yields once: one per adjacent land hex, the desert none
    /// (the second initial settlement's income, `SOCGame.putPieceCommon` in START2A).
    pub fn settlement_yield(&self, n: NodeId) -> ResourceSet {
        let mut out = ResourceSet::EMPTY;
        for h in S::topology().node_hexes(n) {
            if let Some(r) = self.board.hex_resource[h.index()] {
                out[r] += 1;
            }
        }
        out
    }

    /// What an initial settlement at `n` pays its owner now: the second one yields one card
    /// per adjacent land hex, the desert none (`SOCGame.putPieceCommon` in START2A); any
    /// other settlement nothing. The engine's own placement and a server's PUTPIECE both
    /// come here.
    #[inline]
    pub fn initial_settlement_income(&self, n: NodeId) -> ResourceSet {
        if self.phase == Phase::InitialSettlement2 {
            self.settlement_yield(n)
        } else {
            ResourceSet::EMPTY
        }
    }

    /// `seat`'s development cards bought this turn become playable (`SOCGame.endTurn` →
    /// `SOCPlayer.updateAtTurn`).
    pub fn age_dev_cards(&mut self, seat: Seat) {
        let new = std::mem::take(&mut self.dev_new[seat]);
        for c in DevCard::ALL {
            self.dev_old[seat][c] += new[c];
        }
    }

    /// `seat` gains a development card: bought this turn (`new`) or held from before.
    pub fn gain_dev_card(&mut self, seat: Seat, card: DevCard, new: bool) {
        let set = if new {
            &mut self.dev_new[seat]
        } else {
            &mut self.dev_old[seat]
        };
        set[card] = set[card].saturating_add(1);
    }

    /// `seat` loses a development card bought this turn (`new`) or held from before. Returns
    /// false, changing nothing, if it held none of that kind there.
    pub fn lose_dev_card(&mut self, seat: Seat, card: DevCard, new: bool) -> bool {
        let set = if new {
            &mut self.dev_new[seat]
        } else {
            &mut self.dev_old[seat]
        };
        if set[card] == 0 {
            return false;
        }
        set[card] -= 1;
        true
    }

    /// Sets the knights `seat` has played; the largest-army award follows
    /// (`SOCGame.updateLargestArmy`).
    pub fn set_knights(&mut self, seat: Seat, knights: u8) {
        self.knights[seat] = knights;
        self.update_largest_army();
    }

    /// The longest-road holder as the server states it, where it differs from the engine's.
    pub fn correct_longest_road(&mut self, holder: Option<Seat>) {
        self.longest_road = holder;
    }

    /// The largest-army holder as the server states it, where it differs from the engine's.
    pub fn correct_largest_army(&mut self, holder: Option<Seat>) {
        self.largest_army = holder;
    }

    /// Moves the robber to `h` (no steal: the server reports the robbery separately).
    pub fn set_robber(&mut self, h: HexId) {
        self.robber = h;
    }

    /// Records `seat`'s last placed settlement (the initial placements' road anchor).
    pub fn set_last_settlement(&mut self, seat: Seat, n: Option<NodeId>) {
        self.last_settlement[seat] = n;
    }

    /// Replaces the rules (the seats in play are known only once everyone sat down).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// A turn begins for `seat` (`SOCGame.endTurn` → `advanceTurn`, `SOCPlayer.updateAtTurn`),
    /// in `phase` if one is given: the cards bought in the turn that ends become playable, no
    /// card is played yet, the dice are not rolled, no offer stands; a regular turn
    /// (`Phase::RollOrCard`) counts one more. The engine's own end of a turn and a server's
    /// TURN both come here.
    #[inline]
    pub fn begin_turn(&mut self, seat: Seat, phase: Option<Phase>) {
        if phase == Some(Phase::SpecialBuilding) && self.phase != Phase::SpecialBuilding {
            // The Special Building Phase begins: the turn ending is its owner's. A player who
            // asked at the start of their own turn (before rolling; the server had already
            // begun that turn) builds first, and the phase belongs to the seat before them:
            // it ends with their regular turn again (`SOCGame.advanceTurnToSpecialBuilding`,
            // case B's special case, `advanceTurnBackwards`). That turn has not begun yet.
            if seat == self.current && self.phase == Phase::RollOrCard {
                let mut owner = seat.prev_of(S::SEATS);
                while !self.rules.is_seated(owner) && owner != seat {
                    owner = owner.prev_of(S::SEATS);
                }
                self.sbp_owner = owner;
                self.turn = self.turn.saturating_sub(1);
            } else {
                self.sbp_owner = self.current;
            }
        }
        for s in self.seats() {
            self.age_dev_cards(s);
        }
        self.played_dev = false;
        if let Some(f) = super::shape::Part::get_mut(&mut self.fleet) {
            f.built_this_turn = S::Edges::EMPTY;
            f.moved_ship = false;
        }
        self.offers_made = 0;
        self.offer = None;
        self.dice = 0;
        self.current = seat;
        if let Some(phase) = phase {
            if phase == Phase::RollOrCard {
                self.turn = self.turn.saturating_add(1);
            }
            self.set_phase(phase);
        }
    }

    /// The player whose turn the Special Building Phase ends, as the server states it
    /// (`SOCGame.getSpecialBuildingPlayerNumberAfter`).
    pub fn set_special_building_owner(&mut self, seat: Seat) {
        self.sbp_owner = seat;
    }

    /// The game is over and the current player has won (`SOCGame.checkForWinner`: only the
    /// current player wins).
    #[inline]
    pub fn end_game(&mut self) {
        self.phase = Phase::Over;
        self.winner = Some(self.current);
    }

    /// The pending decision as a server states it (its game state). Discards owed and a
    /// pending offer belong to their phases and go with them; `Phase::Over` ends the game
    /// for the current player ([`State::end_game`]).
    pub fn set_phase(&mut self, phase: Phase) {
        if phase == Phase::Over {
            return self.end_game();
        }
        if phase != Phase::Discard {
            self.discard_owed = BySeat::default();
        }
        if phase != Phase::TradeResponse {
            self.offer = None;
        }
        self.winner = None;
        self.phase = phase;
    }

    /// Cards `seat` owes in `Phase::Discard` (a server's discard request).
    pub fn set_discard_owed(&mut self, seat: Seat, cards: u8) {
        self.discard_owed[seat] = cards;
    }

    /// The seat whose turn it is, as a server states it (SETTURN, CURRENT_PLAYER).
    pub fn set_current_player(&mut self, seat: Seat) {
        self.current = seat;
    }

    /// The seat that placed first and rolls first (FIRSTPLAYER).
    pub fn set_first_player(&mut self, seat: Seat) {
        self.first_player = seat;
    }

    /// This turn's dice total (DICERESULT), 0 for none.
    pub fn set_dice(&mut self, dice: u8) {
        self.dice = dice;
    }

    /// Whether the current player has played a development card this turn.
    pub fn set_played_dev_card(&mut self, played: bool) {
        self.played_dev = played;
    }

    /// The turn count from JSettlers' round count (joining a game in progress: the turns
    /// played before are not seen), see [`State::turn_in_round`].
    pub fn set_round(&mut self, round: u32) {
        self.turn = self.turn_in_round(round);
    }

    /// `seat` buys `card` from the deck (bought this turn). Returns false, changing nothing,
    /// if the deck has no card of that kind.
    pub fn draw_dev_card(&mut self, seat: Seat, card: DevCard) -> bool {
        if self.deck[card] == 0 {
            return false;
        }
        self.deck[card] -= 1;
        self.gain_dev_card(seat, card, true);
        true
    }

    /// Takes one card of kind `card` out of the deck for good (a card played before a viewer
    /// joined, or one the server's deck count says is gone). Returns false if there is none.
    pub fn remove_from_deck(&mut self, card: DevCard) -> bool {
        if self.deck[card] == 0 {
            return false;
        }
        self.deck[card] -= 1;
        true
    }

    /// Exchanges `seat`'s card of kind `give` (bought this turn if `new`) for a card of kind
    /// `take` from the deck: a guess about a hidden card's kind revised, every count kept.
    /// Returns false, changing nothing, without such a card or such a deck card.
    pub fn exchange_dev_card(
        &mut self,
        seat: Seat,
        give: DevCard,
        take: DevCard,
        new: bool,
    ) -> bool {
        let held = if new {
            self.dev_new[seat]
        } else {
            self.dev_old[seat]
        };
        if held[give] == 0 || self.deck[take] == 0 {
            return false;
        }
        self.lose_dev_card(seat, give, new);
        self.gain_dev_card(seat, take, new);
        self.deck[give] += 1;
        self.deck[take] -= 1;
        true
    }

    /// Swaps a card of kind `a` of `seat_a` for a card of kind `b` of `seat_b` (both held
    /// from before this turn if the `new` flags say so): two guesses revised together.
    /// Returns false, changing nothing, if either card is missing.
    pub fn swap_dev_cards(
        &mut self,
        (seat_a, a, new_a): (Seat, DevCard, bool),
        (seat_b, b, new_b): (Seat, DevCard, bool),
    ) -> bool {
        let has = |st: &State<S>, s: Seat, c: DevCard, new: bool| {
            (if new { st.dev_new[s] } else { st.dev_old[s] })[c] > 0
        };
        if !has(self, seat_a, a, new_a) || !has(self, seat_b, b, new_b) {
            return false;
        }
        self.lose_dev_card(seat_a, a, new_a);
        self.lose_dev_card(seat_b, b, new_b);
        self.gain_dev_card(seat_a, b, new_a);
        self.gain_dev_card(seat_b, a, new_b);
        true
    }

    /// Lays the real board on a game that has none yet (a client's mirror learns the layout
    /// after the game's other facts). Returns false, changing nothing, once a piece stands.
    pub fn lay_board(&mut self, board: super::Board<S>) -> bool {
        if !self.occupied.is_empty() || !self.all_roads.is_empty() {
            return false;
        }
        self.board = board;
        self.robber = board.robber_start;
        self.pirate_to_start();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::sets::NodeSet;
    use crate::game::topology::topology;
    use crate::game::Board;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn a_turn_begins_the_same_for_the_engine_and_a_server() {
        let mut rng = SmallRng::seed_from_u64(9);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        // Play to a main phase with a card bought this turn, then end the turn by the engine
        // and by the server's event from the same position: the same state.
        st.phase = Phase::Main;
        st.turn = 5;
        st.dice = 8;
        st.played_dev = true;
        st.dev_new[Seat::new(0)][DevCard::Knight] = 1;
        st.deck[DevCard::Knight] -= 1;
        let mut by_engine = st.clone();
        by_engine.apply(crate::game::Action::EndTurn, &mut rng);
        let mut by_server = st.clone();
        by_server.begin_turn(Seat::new(1), Some(Phase::RollOrCard));
        assert_eq!(by_engine, by_server);
        assert_eq!(by_server.turn(), 6);
        assert_eq!(by_server.dice(), 0);
        assert!(!by_server.has_played_dev_card());
        assert_eq!(by_server.dev_cards(Seat::new(0))[DevCard::Knight], 1);
        // A TURN into an initial placement state does not count a turn.
        let mut placing = st.clone();
        placing.begin_turn(Seat::new(2), Some(Phase::InitialSettlement2));
        assert_eq!(placing.turn(), 5);
        assert_eq!(placing.phase(), Phase::InitialSettlement2);
    }

    #[test]
    fn the_turn_from_a_round_count_inverts_round() {
        let mut rng = SmallRng::seed_from_u64(4);
        for seats in [0b1111u8, 0b1011, 0b0110] {
            let rules = Rules {
                seats,
                ..Rules::default()
            };
            let first = Seat::first(4)
                .find(|s| seats & (1 << s.index()) != 0)
                .unwrap();
            let mut st = State::new(Board::random(&mut rng), rules, first);
            st.current = first;
            for turn in 1..40u32 {
                // Walk the seats in play from the first player, one turn each.
                let round = st.round_of(turn);
                st.turn = 0;
                st.set_round(round);
                assert_eq!(st.turn, turn, "seats {seats:04b}, turn {turn}");
                st.current = rules.next_seat(st.current);
                st.turn = turn + 1;
            }
        }
    }

    #[test]
    fn guessed_cards_are_revised_with_every_count_kept() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let (a, b) = (Seat::new(1), Seat::new(2));
        assert!(st.draw_dev_card(a, DevCard::Knight));
        assert!(st.draw_dev_card(b, DevCard::Monopoly));
        st.age_dev_cards(a);
        st.age_dev_cards(b);
        let total = |st: &State| {
            let mut t = st.deck();
            for s in Seat::first(4) {
                for c in DevCard::ALL {
                    t[c] += st.dev_cards(s)[c] + st.new_dev_cards(s)[c];
                }
            }
            t
        };
        let before = total(&st);
        assert!(st.exchange_dev_card(a, DevCard::Knight, DevCard::VictoryPoint, false));
        assert_eq!(st.dev_cards(a)[DevCard::VictoryPoint], 1);
        assert!(!st.exchange_dev_card(a, DevCard::Knight, DevCard::Monopoly, false));
        assert!(st.swap_dev_cards(
            (a, DevCard::VictoryPoint, false),
            (b, DevCard::Monopoly, false)
        ));
        assert_eq!(st.dev_cards(a)[DevCard::Monopoly], 1);
        assert_eq!(st.dev_cards(b)[DevCard::VictoryPoint], 1);
        assert_eq!(total(&st), before);
        assert!(st.remove_from_deck(DevCard::Knight));
        assert_eq!(st.deck().total(), before.total() - 1 - 2);
        let mut empty = st.clone();
        empty.deck = crate::game::DevSet::EMPTY;
        assert!(!empty.draw_dev_card(a, DevCard::Knight));
        assert!(!empty.remove_from_deck(DevCard::Knight));
    }

    #[test]
    fn pieces_follow_the_piece_rules_and_refuse_without_change() {
        let topo = topology();
        let mut rng = SmallRng::seed_from_u64(3);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let (a, b) = (Seat::new(0), Seat::new(1));
        let home = topology().nodes().nth(20).unwrap();
        let next_door = topo.node_neighbours[home.index()].first().unwrap();
        let own_edge = topo.node_edges(home).next().unwrap();
        let far_edge = topology()
            .edges()
            .find(|e| {
                !topo.edge_node_set[e.index()]
                    .intersects(topo.node_neighbours[home.index()] | NodeSet::single(home))
            })
            .unwrap();
        st.put_piece(a, Piece::Settlement(home)).unwrap();
        let before = st.clone();
        assert_eq!(
            st.put_piece(b, Piece::Settlement(home)),
            Err(SetupError::OverlappingBuildings(home))
        );
        assert_eq!(
            st.put_piece(b, Piece::Settlement(next_door)),
            Err(SetupError::DistanceRule(next_door))
        );
        assert!(st.put_piece(b, Piece::City(home)).is_err());
        assert_eq!(
            st.put_piece(a, Piece::Road(far_edge)),
            Err(SetupError::DisconnectedRoad(a))
        );
        assert_eq!(st, before);
        st.put_piece(a, Piece::Road(own_edge)).unwrap();
        assert_eq!(
            st.put_piece_in_any_order(b, Piece::Road(own_edge)),
            Err(SetupError::OverlappingRoads(b))
        );
        st.put_piece(a, Piece::City(home)).unwrap();
        assert_eq!((st.public_vp(a), st.pieces_left(a)), (2, (14, 5, 3)));
        assert_eq!(State::from_setup(&st.to_setup()).unwrap(), st);
        assert!(!st.take_back_settlement(a, home));
    }

    #[test]
    fn a_taken_back_settlement_leaves_no_trace() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let empty = st.clone();
        let home = topology().nodes().nth(30).unwrap();
        st.put_piece(Seat::new(2), Piece::Settlement(home)).unwrap();
        st.set_last_settlement(Seat::new(2), Some(home));
        assert!(st.take_back_settlement(Seat::new(2), home));
        assert_eq!(st, empty);
    }

    #[test]
    fn a_city_without_settlement_takes_a_city_from_stock_and_counts_no_road_again() {
        let topo = topology();
        let mut rng = SmallRng::seed_from_u64(8);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let (a, b, c) = (Seat::new(2), Seat::new(3), Seat::new(1));
        let home = topology().nodes().nth(22).unwrap();
        let next_door = topo.node_neighbours[home.index()].first().unwrap();
        // An initial settlement taken back; another seat settles next to the freed node, a
        // third has a trail of two roads through it.
        st.put_piece(a, Piece::Settlement(home)).unwrap();
        assert!(st.take_back_settlement(a, home));
        st.put_piece(b, Piece::Settlement(next_door)).unwrap();
        for e in topo.node_edges(home).take(2) {
            st.put_piece_in_any_order(c, Piece::Road(e)).unwrap();
        }
        assert_eq!(st.longest_road_length(c), 2);
        assert_eq!(
            st.put_piece(a, Piece::City(home)),
            Err(SetupError::OverlappingBuildings(home))
        );
        let before = st.clone();
        // Not on an occupied node, the seat's own settlement included.
        assert_eq!(
            st.put_city_without_settlement(b, next_door),
            Err(SetupError::OverlappingBuildings(next_door))
        );
        assert_eq!(
            st.put_city_without_settlement(a, next_door),
            Err(SetupError::OverlappingBuildings(next_door))
        );
        assert_eq!(st, before);

        st.put_city_without_settlement(a, home).unwrap();
        assert!(st.cities[a].contains(home) && !st.settlements[a].contains(home));
        assert_eq!(st.public_vp(a), 2);
        // A city from stock; the settlements left are as before the city.
        assert_eq!(st.pieces_left(a), (15, 5, 3));
        assert_eq!((st.public_vp(b), st.pieces_left(b)), (1, (15, 4, 4)));
        // The trail through the node keeps its length until counted again.
        assert_eq!(st.longest_road_length(c), 2);
        st.recount_road_length(c);
        assert_eq!(st.longest_road_length(c), 1);
        // Then every cache is the piece sets'; the node and its neighbours are blocked.
        let mut rebuilt = st.clone();
        rebuilt.rebuild_caches();
        assert_eq!(rebuilt, st);
        let other = topo.node_neighbours[home.index()].nth(1).unwrap();
        assert_eq!(
            st.put_piece(Seat::new(0), Piece::Settlement(other)),
            Err(SetupError::DistanceRule(other))
        );
        // The rule broken is the distance rule, which `from_setup` checks.
        assert_eq!(
            State::from_setup(&st.to_setup()),
            Err(SetupError::DistanceRule(home.min(next_door)))
        );
        let city_again = st.clone();
        assert_eq!(
            st.put_city_without_settlement(a, home),
            Err(SetupError::OverlappingBuildings(home))
        );
        assert_eq!(st, city_again);

        // No city left in stock.
        let free = |st: &State| {
            topology()
                .nodes()
                .find(|n| !st.blocked.contains(*n))
                .unwrap()
        };
        for _ in 0..3 {
            st.put_city_without_settlement(a, free(&st)).unwrap();
        }
        assert_eq!((st.public_vp(a), st.pieces_left(a)), (8, (15, 5, 0)));
        let full = st.clone();
        assert_eq!(
            st.put_city_without_settlement(a, free(&st)),
            Err(SetupError::TooManyPieces(a))
        );
        assert_eq!(st, full);
    }

    #[test]
    fn a_removed_piece_restores_the_position_before_it() {
        let topo = topology();
        let mut rng = SmallRng::seed_from_u64(6);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let a = Seat::new(1);
        let home = topology().nodes().nth(25).unwrap();
        st.put_piece(a, Piece::Settlement(home)).unwrap();
        let edge = topo.node_edges(home).next().unwrap();
        let before_road = st.clone();
        st.put_piece(a, Piece::Road(edge)).unwrap();
        let before_city = st.clone();
        st.put_piece(a, Piece::City(home)).unwrap();
        assert!(!st.remove_piece(Seat::new(2), Piece::City(home)));
        assert!(st.remove_piece(a, Piece::City(home)));
        assert_eq!(st, before_city);
        assert!(st.remove_piece(a, Piece::Road(edge)));
        assert_eq!(st, before_road);
        assert!(!st.remove_piece(a, Piece::Road(edge)));
    }

    #[test]
    fn yield_and_knights_use_the_engine_rules() {
        let mut rng = SmallRng::seed_from_u64(4);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let node = topology().nodes().nth(20).unwrap();
        let expected: u32 = topology()
            .node_hexes(node)
            .into_iter()
            .filter(|h| st.board().hex_resource[h.index()].is_some())
            .count() as u32;
        assert_eq!(st.settlement_yield(node).total(), expected);
        st.set_knights(Seat::new(2), 2);
        assert_eq!(st.largest_army_holder(), None);
        st.set_knights(Seat::new(2), 3);
        assert_eq!(st.largest_army_holder(), Some(Seat::new(2)));
        st.set_knights(Seat::new(1), 3);
        assert_eq!(st.largest_army_holder(), Some(Seat::new(2)));
    }
}
