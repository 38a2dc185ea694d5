//! Action (a small Copy enum, intent only) and ActionList (fixed capacity, no heap).
//! Imports only std and the game vocabulary.

use super::ids::{EdgeId, HexId, NodeId, Seat};
use super::resources::{Resource, ResourceSet};

/// What a player wants to do. Chance outcomes (dice, drawn card, stolen card) are not part of
/// an action; see [`Chance`](super::Chance).
///
/// Robber: `MoveRobber` moves it; with exactly one possible victim the steal happens at once
/// (chance), with several the phase becomes [`ChooseVictim`](super::Phase::ChooseVictim) and
/// `ChooseVictim` steals — the server's MOVEROBBER / CHOOSEPLAYER pair (`SOCGame.moveRobber`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Initial placement: a settlement (no road needed; distance rule applies).
    PlaceInitialSettlement(NodeId),
    /// Initial placement: a road touching the settlement just placed.
    PlaceInitialRoad(EdgeId),
    /// Roll the dice (chance: the total).
    Roll,
    /// End the turn.
    EndTurn,
    /// Build a road (paid in `Main`, free in `FreeRoad1`/`FreeRoad2`).
    BuildRoad(EdgeId),
    /// Build a settlement.
    BuildSettlement(NodeId),
    /// Upgrade an own settlement to a city.
    BuildCity(NodeId),
    /// Buy a development card (chance: which card).
    BuyDevCard,
    /// Play a knight: the robber moves next.
    PlayKnight,
    /// Play road building: up to two free roads next.
    PlayRoadBuilding,
    /// Play year of plenty: pick two resources next.
    PlayYearOfPlenty,
    /// Play monopoly: pick a resource next.
    PlayMonopoly,
    /// Year of plenty pick: take these two from the bank (generated with the first ≤ second).
    PickYearOfPlenty(Resource, Resource),
    /// Monopoly pick: every other player gives all of this resource.
    PickMonopoly(Resource),
    /// Bank or port trade: give `ratio` of `give` (4, or 3/2 with a port; see
    /// [`State::best_trade_ratio`](super::State::best_trade_ratio)), get one `get`.
    BankTrade {
        /// The resource given.
        give: Resource,
        /// The resource received.
        get: Resource,
    },
    /// Discard these cards (the seat is [`State::to_move`](super::State::to_move)).
    Discard(ResourceSet),
    /// Move the robber to this hex (any land hex but its current one; the desert is allowed).
    MoveRobber(HexId),
    /// Steal from this seat (phase `ChooseVictim`; chance: which card).
    ChooseVictim(Seat),
}

/// Capacity of an [`ActionList`]. Main phase needs at most ~170 (5 cities, 54 settlements,
/// 72 roads, 20 trades, buy, 4 plays, end); discards are capped below this.
pub const ACTION_LIST_CAPACITY: usize = 256;

/// A fixed-capacity list of actions (no heap).
#[derive(Clone)]
pub struct ActionList {
    items: [Action; ACTION_LIST_CAPACITY],
    len: usize,
}

impl Default for ActionList {
    fn default() -> Self {
        Self::new()
    }
}

impl ActionList {
    /// An empty list.
    pub fn new() -> Self {
        ActionList {
            items: [Action::Roll; ACTION_LIST_CAPACITY],
            len: 0,
        }
    }
    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Appends an action.
    ///
    /// # Panics
    /// If the list is full (a movegen bug).
    #[inline]
    pub fn push(&mut self, a: Action) {
        self.items[self.len] = a;
        self.len += 1;
    }
    /// Number of actions.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether it is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The actions as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }
    /// Whether `a` is in the list.
    pub fn contains(&self, a: Action) -> bool {
        self.as_slice().contains(&a)
    }
    /// Truncates to `n` actions.
    #[inline]
    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl std::fmt::Debug for ActionList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
