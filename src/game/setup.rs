//! Setup: an unvalidated description of a position ("described, not validated"), and its
//! checked conversion into a [`State`]. Imports std and the game vocabulary.

use super::board::Board;
use super::ids::{BySeat, HexId, NodeId, Seat};
use super::phase::Phase;
use super::resources::{DevCard, DevSet, Resource, ResourceSet};
use super::rules::Rules;
use super::sea::MAX_SHIPS;
use super::sets::BitSet;
use super::shape::{Classic, Part, Shape};
use super::state::{State, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS};
use super::topology::Topology;
use super::trade::PendingOffer;
use std::fmt;

/// A position described field by field, as the client's mirror or the agent's determinization
/// knows it. Nothing here is checked until [`State::from_setup`].
///
/// The bank is not described: it is 19 per resource minus the hands (the bank model).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup<S: Shape = Classic> {
    /// The static board.
    pub board: Board<S>,
    /// Rule options.
    pub rules: Rules,
    /// Settlements per seat.
    pub settlements: BySeat<S::Nodes>,
    /// Cities per seat.
    pub cities: BySeat<S::Nodes>,
    /// Roads per seat.
    pub roads: BySeat<S::Edges>,
    /// Hands per seat.
    pub hands: BySeat<ResourceSet>,
    /// Development cards held from before this turn (playable; VP cards included).
    pub dev_cards: BySeat<DevSet>,
    /// Development cards bought this turn (only the current player can have any).
    pub new_dev_cards: BySeat<DevSet>,
    /// Cards left in the deck by kind.
    pub deck: DevSet,
    /// Knights played per seat.
    pub knights_played: BySeat<u8>,
    /// Longest road holder.
    pub longest_road: Option<Seat>,
    /// Largest army holder.
    pub largest_army: Option<Seat>,
    /// The robber's hex.
    pub robber: HexId,
    /// Whose turn it is.
    pub current_player: Seat,
    /// Who placed first (needed during initial placement).
    pub first_player: Seat,
    /// The pending decision.
    pub phase: Phase,
    /// This turn's dice total, 0 before the roll.
    pub dice: u8,
    /// Whether the current player already played a development card this turn.
    pub played_dev_card: bool,
    /// Cards each seat still must discard (nonzero only in `Phase::Discard`).
    pub discards_owed: BySeat<u8>,
    /// Each seat's latest initial settlement (used for initial roads).
    pub last_settlement: BySeat<Option<NodeId>>,
    /// Turn counter (0 during initial placement).
    pub turn: u32,
    /// The winner (set iff `phase == Over`).
    pub winner: Option<Seat>,
    /// The player-trade offer waiting for answers (set iff `phase == TradeResponse`).
    pub pending_offer: Option<PendingOffer>,
    /// Offers the current player has made this turn.
    pub offers_made: u8,
    /// In `Phase::SpecialBuilding`: the seats still to be asked after the current one (bit
    /// per seat).
    pub special_build_left: u8,
    /// In `Phase::SpecialBuilding`: the player whose turn the phase ends.
    pub special_build_owner: Seat,
    /// Sea boards: ships, the pirate, this turn's ship builds and move, special victory
    /// points ([`Fleet`](super::Fleet); its caches are recomputed by `from_setup`).
    pub sea: S::Fleet,
}

/// The rule a [`Setup`] breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// A seat has more than 15 roads, 5 settlements or 4 cities.
    TooManyPieces(Seat),
    /// Two buildings share a node, or a settlement and city of one seat do.
    OverlappingBuildings(NodeId),
    /// Two buildings are neighbours (distance rule).
    DistanceRule(NodeId),
    /// Two seats have a road on the same edge.
    OverlappingRoads(Seat),
    /// A road touches none of its owner's pieces (connectivity).
    DisconnectedRoad(Seat),
    /// More cards of a development kind than the 25-card deck holds.
    TooManyDevCards(DevCard),
    /// Only the current player may hold cards bought this turn.
    NewDevCardsNotCurrent(Seat),
    /// With `Rules::bank_limit`, hands hold more than 19 of a resource.
    BankOverdrawn(Resource),
    /// The longest-road holder does not fit the lengths (`SOCGame.updateLongestRoad`).
    LongestRoad,
    /// The largest-army holder does not fit the knight counts (`SOCGame.updateLargestArmy`).
    LargestArmy,
    /// Discards owed outside `Phase::Discard`, none owed in it, or a wrong amount.
    Discards,
    /// `winner` set without `Phase::Over`, or the reverse.
    Winner,
    /// The dice total is not 0 or 2..=12, or does not fit the phase.
    Dice,
    /// The phase does not fit the rest (e.g. victims to choose from, free roads).
    Phase,
    /// A vacant seat (`Rules::seats`) holds pieces or cards, or is to move; or no seat is in
    /// play.
    VacantSeat(Seat),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooManyPieces(s) => write!(f, "{s:?} has more pieces than the stock"),
            SetupError::OverlappingBuildings(n) => write!(f, "two buildings on {n:?}"),
            SetupError::DistanceRule(n) => write!(f, "building on {n:?} breaks the distance rule"),
            SetupError::OverlappingRoads(s) => write!(f, "{s:?} has a road on an occupied edge"),
            SetupError::DisconnectedRoad(s) => {
                write!(f, "{s:?} has a road touching none of its pieces")
            }
            SetupError::TooManyDevCards(c) => write!(f, "more {c:?} cards than the deck holds"),
            SetupError::NewDevCardsNotCurrent(s) => {
                write!(
                    f,
                    "{s:?} holds cards bought this turn but is not the current player"
                )
            }
            SetupError::BankOverdrawn(r) => write!(f, "hands hold more than 19 {r:?}"),
            SetupError::LongestRoad => write!(f, "longest road holder does not fit road lengths"),
            SetupError::LargestArmy => write!(f, "largest army holder does not fit knight counts"),
            SetupError::Discards => write!(f, "discards owed do not fit the phase or hands"),
            SetupError::Winner => write!(f, "winner and phase disagree"),
            SetupError::Dice => write!(f, "dice total does not fit"),
            SetupError::Phase => write!(f, "phase does not fit the position"),
            SetupError::VacantSeat(s) => {
                write!(f, "{s:?} is vacant but holds pieces or cards or is to move")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// The piece rules of [`State::from_setup`] alone: stock limits, one building per node, the
/// distance rule, one road per edge, every road connected to its owner's buildings.
/// [`State::put_piece`] checks one piece at a time by the same rules.
///
/// # Errors
/// The first piece rule broken.
pub fn check_pieces<S: Shape>(
    settlements: &BySeat<S::Nodes>,
    cities: &BySeat<S::Nodes>,
    roads: &BySeat<S::Edges>,
) -> Result<(), SetupError> {
    let topo = S::topology();
    let mut all = S::Nodes::EMPTY;
    let mut taken = S::Edges::EMPTY;
    for s in Seat::first(S::SEATS) {
        if roads[s].len() > MAX_ROADS
            || settlements[s].len() > MAX_SETTLEMENTS
            || cities[s].len() > MAX_CITIES
        {
            return Err(SetupError::TooManyPieces(s));
        }
        let own = settlements[s] | cities[s];
        if let Some(n) = (settlements[s] & cities[s]).first().or((all & own).first()) {
            return Err(SetupError::OverlappingBuildings(n));
        }
        all |= own;
        if roads[s].intersects(taken) {
            return Err(SetupError::OverlappingRoads(s));
        }
        taken |= roads[s];
    }
    for n in all {
        if topo.node_neighbours[n.index()].intersects(all) {
            return Err(SetupError::DistanceRule(n));
        }
    }
    for s in Seat::first(S::SEATS) {
        // Every road must be reachable from the seat's buildings through its own roads
        // (flood fill; opponents' buildings don't matter for connectivity of placement
        // history, since they may have been built after the road).
        if reachable(topo, settlements[s] | cities[s], roads[s]) != roads[s] {
            return Err(SetupError::DisconnectedRoad(s));
        }
    }
    Ok(())
}

/// The pieces of `pieces` (one seat's roads, or its ships) reachable from the nodes `from`
/// through those pieces alone (a flood fill).
fn reachable<S: Shape>(topo: &Topology<S>, from: S::Nodes, pieces: S::Edges) -> S::Edges {
    let mut reached_nodes = from;
    let mut reached = S::Edges::EMPTY;
    loop {
        let mut grow = S::Edges::EMPTY;
        for n in reached_nodes {
            grow |= topo.node_edge_set[n.index()];
        }
        let grow = grow & pieces;
        if grow == reached {
            return reached;
        }
        reached = grow;
        for e in reached {
            reached_nodes |= topo.edge_node_set[e.index()];
        }
    }
}

/// The ship rules of [`State::from_setup`] on a sea board: at most 15 ships a seat, one
/// route piece per edge, every ship reachable from its owner's buildings through its ships.
///
/// # Errors
/// The first rule broken.
pub fn check_ships<S: Shape>(
    settlements: &BySeat<S::Nodes>,
    cities: &BySeat<S::Nodes>,
    roads: &BySeat<S::Edges>,
    ships: &BySeat<S::Edges>,
) -> Result<(), SetupError> {
    let topo = S::topology();
    let mut taken = S::Edges::EMPTY;
    for s in Seat::first(S::SEATS) {
        taken |= roads[s];
    }
    for s in Seat::first(S::SEATS) {
        if ships[s].len() > MAX_SHIPS {
            return Err(SetupError::TooManyPieces(s));
        }
        if ships[s].intersects(taken) {
            return Err(SetupError::OverlappingRoads(s));
        }
        taken |= ships[s];
        if reachable(topo, settlements[s] | cities[s], ships[s]) != ships[s] {
            return Err(SetupError::DisconnectedRoad(s));
        }
    }
    Ok(())
}

impl<S: Shape> State<S> {
    /// Builds a state from a description, checking the rules listed in [`SetupError`].
    ///
    /// # Errors
    /// The first rule the description breaks.
    pub fn from_setup(setup: &Setup<S>) -> Result<State<S>, SetupError> {
        let mut st = State::new(setup.board, setup.rules, setup.first_player);
        st.settlements = setup.settlements;
        st.cities = setup.cities;
        st.roads = setup.roads;
        st.hands = setup.hands;
        st.dev_old = setup.dev_cards;
        st.dev_new = setup.new_dev_cards;
        st.deck = setup.deck;
        st.knights = setup.knights_played;
        st.longest_road = setup.longest_road;
        st.largest_army = setup.largest_army;
        st.robber = setup.robber;
        st.current = setup.current_player;
        st.phase = setup.phase;
        st.dice = setup.dice;
        st.played_dev = setup.played_dev_card;
        st.discard_owed = setup.discards_owed;
        st.last_settlement = setup.last_settlement;
        st.turn = setup.turn;
        st.winner = setup.winner;
        st.offer = setup.pending_offer;
        st.offers_made = setup.offers_made;
        st.sbp_left = setup.special_build_left;
        st.sbp_owner = setup.special_build_owner;
        st.fleet = setup.sea;

        // Vacant seats: nothing held, never to move.
        let r = st.rules;
        if r.players() == 0 {
            return Err(SetupError::VacantSeat(st.current));
        }
        for s in st.seats().filter(|&s| !r.is_seated(s)) {
            if s == st.current
                || s == st.first_player
                || !(st.settlements[s] | st.cities[s]).is_empty()
                || !st.roads[s].is_empty()
                || st.hands[s].total() > 0
                || st.dev_old[s].total() > 0
                || st.dev_new[s].total() > 0
                || st.knights[s] > 0
                || !st.ships(s).is_empty()
            {
                return Err(SetupError::VacantSeat(s));
            }
        }

        check_pieces::<S>(&st.settlements, &st.cities, &st.roads)?;
        if let Some(f) = st.fleet.get() {
            check_ships::<S>(&st.settlements, &st.cities, &st.roads, &f.ships)?;
        }
        st.rebuild_caches();

        // Cards.
        for c in DevCard::ALL {
            let mut n = st.deck.get(c) as u32;
            for s in st.seats() {
                n += st.dev_old[s].get(c) as u32 + st.dev_new[s].get(c) as u32;
                if c == DevCard::Knight {
                    n += st.knights[s] as u32;
                }
            }
            if n > S::FULL_DECK.get(c) as u32 {
                return Err(SetupError::TooManyDevCards(c));
            }
        }
        for s in st.seats() {
            if s != st.current && st.dev_new[s] != DevSet::EMPTY {
                return Err(SetupError::NewDevCardsNotCurrent(s));
            }
        }
        for r in Resource::ALL {
            let held: i16 = st.seats().map(|s| st.hands[s][r] as i16).sum();
            st.bank[r.index()] = S::RESOURCES_PER_KIND as i16 - held;
            if st.rules.bank_limit && st.bank[r.index()] < 0 {
                return Err(SetupError::BankOverdrawn(r));
            }
        }

        // Awards: the holders must be what the engine's own award rules keep
        // (`update_longest_road_award`, `update_largest_army`), and an army holds 3 knights.
        let mut rule = st.clone();
        rule.update_longest_road_award();
        if rule.longest_road != st.longest_road {
            return Err(SetupError::LongestRoad);
        }
        rule.update_largest_army();
        if rule.largest_army != st.largest_army
            || st.largest_army.is_some_and(|h| st.knights[h] < 3)
        {
            return Err(SetupError::LargestArmy);
        }

        // Phase.
        let owed_any = st.discard_owed.0.iter().any(|&x| x > 0);
        if owed_any != (st.phase == Phase::Discard) {
            return Err(SetupError::Discards);
        }
        for s in st.seats() {
            let o = st.discard_owed[s] as u32;
            if o > 0 && (st.hands[s].total() < o || st.hands[s].total() <= 7) {
                return Err(SetupError::Discards);
            }
        }
        if st.winner.is_some() != (st.phase == Phase::Over) {
            return Err(SetupError::Winner);
        }
        if !(st.dice == 0 || (2..=12).contains(&st.dice)) {
            return Err(SetupError::Dice);
        }
        let dice_fits = match st.phase {
            Phase::Main => st.dice != 0,
            Phase::Discard => st.dice == 7,
            Phase::RollOrCard => st.dice == 0,
            p if p.is_initial() => st.dice == 0,
            _ => true,
        };
        if !dice_fits {
            return Err(SetupError::Dice);
        }
        let phase_fits = match st.phase {
            Phase::ChooseVictim => st.robber_victims().iter().filter(|&&v| v).count() >= 2,
            Phase::FreeRoad1 | Phase::FreeRoad2 => st.free_road_possible(st.current),
            Phase::InitialRoad1 | Phase::InitialRoad2 => st.last_settlement[st.current]
                .is_some_and(|n| st.settlements[st.current].contains(n)),
            Phase::SpecialBuilding => {
                st.rules.special_building
                    && st.sbp_owner != st.current
                    && st.rules.is_seated(st.sbp_owner)
            }
            Phase::TradeResponse => st.offer.is_some_and(|p| {
                p.waiting != 0
                    && p.waiting & (1 << p.from.index()) == 0
                    && st.hands[p.from].contains(p.offer.give())
            }),
            _ => true,
        };
        let gold_owed = st.seats().any(|s| st.gold_owed(s) > 0);
        if gold_owed != (st.phase == Phase::PickGold) {
            return Err(SetupError::Phase);
        }
        if st.sbp_left != 0 && st.phase != Phase::SpecialBuilding {
            return Err(SetupError::Phase);
        }
        if st.offer.is_some() != (st.phase == Phase::TradeResponse) {
            return Err(SetupError::Phase);
        }
        if !phase_fits {
            return Err(SetupError::Phase);
        }
        Ok(st)
    }

    /// The description of this state; `State::from_setup(&s.to_setup())` gives `s` back.
    pub fn to_setup(&self) -> Setup<S> {
        Setup {
            board: self.board,
            rules: self.rules,
            settlements: self.settlements,
            cities: self.cities,
            roads: self.roads,
            hands: self.hands,
            dev_cards: self.dev_old,
            new_dev_cards: self.dev_new,
            deck: self.deck,
            knights_played: self.knights,
            longest_road: self.longest_road,
            largest_army: self.largest_army,
            robber: self.robber,
            current_player: self.current,
            first_player: self.first_player,
            phase: self.phase,
            dice: self.dice,
            played_dev_card: self.played_dev,
            discards_owed: self.discard_owed,
            last_settlement: self.last_settlement,
            turn: self.turn,
            winner: self.winner,
            pending_offer: self.offer,
            offers_made: self.offers_made,
            special_build_left: self.sbp_left,
            special_build_owner: self.sbp_owner,
            sea: self.fleet,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Rules};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn the_largest_army_holder_must_be_what_the_award_rule_keeps() {
        let st = State::new(
            Board::random(&mut SmallRng::seed_from_u64(2)),
            Rules::default(),
            Seat::new(0),
        );
        let check = |knights: [u8; 4], holder: Option<usize>| {
            let mut s = st.to_setup();
            s.knights_played = BySeat([knights[0], knights[1], knights[2], knights[3], 0, 0]);
            s.deck[DevCard::Knight] -= knights.iter().sum::<u8>();
            s.largest_army = holder.map(Seat::new);
            State::from_setup(&s).map(|_| ())
        };
        assert_eq!(check([3, 2, 0, 0], Some(0)), Ok(()));
        assert_eq!(
            check([3, 3, 0, 0], Some(1)),
            Ok(()),
            "a tie keeps the holder"
        );
        assert_eq!(check([2, 0, 0, 0], None), Ok(()));
        assert_eq!(check([3, 2, 0, 0], Some(1)), Err(SetupError::LargestArmy));
        assert_eq!(check([3, 2, 0, 0], None), Err(SetupError::LargestArmy));
        assert_eq!(check([2, 0, 0, 0], Some(0)), Err(SetupError::LargestArmy));
    }
}
