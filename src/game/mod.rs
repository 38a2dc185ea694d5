//! The Catan rules engine: classic 4-player JSettlers2 2.7 rules in the server's coordinates.
//! Imports std and `rand` only — nothing else from the crate, no tokio, no I/O.
//!
//! # Model
//! - [`State`] holds full information; [`Setup`] is an unvalidated description of a position
//!   (fixtures, checks) turned into a `State` by [`State::from_setup`], which names the rule
//!   a description breaks. Server events that are not actions ([`Piece`]s put down, a
//!   [`Position`] stated, ...) are engine functions too (`events.rs`): the client's mirror
//!   drives a `State` with them.
//! - [`Phase`] is the pending decision, 1:1 with the server's game states; [`State::to_move`]
//!   says who decides.
//! - [`Action`] is intent only; chance (dice, drawn card, stolen card) comes from a [`Chance`]:
//!   sampled ([`State::apply`], [`State::apply_unchecked`]) or supplied ([`State::try_apply_with`]).
//! - Generation: [`State::legal_actions`] into an [`ActionList`]; the per-kind
//!   `push_cities` / `push_settlements` / `push_rest` for the agents' move pruning.
//!
//! # Example
//! ```
//! use catan_bot::game::{Action, ActionList, Board, Outcome, Phase, Rules, Seat, State};
//! use rand::{rngs::SmallRng, SeedableRng};
//!
//! let mut rng = SmallRng::seed_from_u64(1);
//! let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
//! let mut list = ActionList::new();
//! while st.phase().is_initial() {
//!     st.legal_actions(&mut list);
//!     st.apply(list[0], &mut rng); // sampled chance (none needed here)
//! }
//! assert_eq!(st.phase(), Phase::RollOrCard);
//! // The client replays the server's dice instead of sampling:
//! st.apply_with(Action::Roll, Outcome { dice: Some(8), ..Outcome::default() });
//! assert_eq!((st.phase(), st.dice()), (Phase::Main, 8));
//! // Every position round-trips through its description.
//! assert_eq!(State::from_setup(&st.to_setup()).unwrap(), st);
//! ```
//!
//! The sea boards (`Sea`, `Sea6`; `sea.rs`) add ships, moving a ship, the pirate and land
//! areas; see that module for the rules built and those not yet.
//!
//! Where the rulebook and JSettlers differ, JSettlers wins; each such rule cites the Java
//! method. The bank limit is an option ([`Rules::bank_limit`], off like JSettlers).

mod action;
mod apply;
mod awards;
mod board;
mod chance;
mod events;
mod fog;
mod ids;
mod kind;
mod movegen;
mod phase;
mod placement;
mod resources;
mod road;
mod rules;
mod sea;
mod sea_layout;
mod sets;
mod setup;
mod shape;
mod state;
pub mod topology;
mod trade;

pub use action::{Action, ActionList, ACTION_LIST_CAPACITY};
pub use apply::IllegalAction;
pub use board::{pips, Board, LayoutError, PortKind, NUMBER_BY_INDEX};
pub use chance::{Chance, Outcome, OutcomeList, Sampled, DICE_WAYS};
pub use events::Piece;
pub use fog::FogPool;
pub use ids::{BySeat, EdgeId, HexId, NodeId, Seat, MAX_SEATS};
pub use kind::BoardKind;
pub use movegen::DISCARD_CAP;
pub use phase::Phase;
pub use resources::{
    DevCard, DevSet, Resource, ResourceSet, BANK_PER_RESOURCE, CITY_COST, DEV_CARD_COST, ROAD_COST,
    SETTLEMENT_COST, SHIP_COST,
};
pub use road::{longest_road, longest_road_on, longest_route_on};
pub use rules::{Rules, ALL_SEATS, ALL_SIX_SEATS};
pub use sea::{Fleet, Layout3, SeaLand, FAR, MAX_SHIPS, NEW_LAND_RINGS};
pub use sets::{
    BitSet, EdgeSet, EdgeSet6, EdgeSetSea, HexSet, HexSet6, HexSetSea, NodeSet, NodeSet6,
    NodeSetSea,
};
pub use setup::{check_pieces, check_ships, Setup, SetupError};
pub use shape::{
    Absent, Classic, Elem, Part, Present, Sea, Sea6, Shape, Six, Table, SEA_GRID_HEIGHT,
    SEA_GRID_WIDTH, SEA_PORTS,
};
pub use state::{State, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS};
pub use trade::{Offer, PendingOffer, MAX_OFFERS_PER_TURN, OFFER_MAX_COUNT};

/// Helpers for unit tests across the crate.
#[cfg(test)]
pub(crate) mod testutil {
    use super::{ActionList, Board, Rules, Seat, State};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// `n` positions from uniformly random games (seeded), each one a state after some action
    /// for which `keep` says yes (`keep` may draw from the rng to sample).
    pub fn random_play_positions(
        n: usize,
        seed: u64,
        mut keep: impl FnMut(&State, &mut SmallRng) -> bool,
    ) -> Vec<State> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        let mut list = ActionList::new();
        while out.len() < n {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            for _ in 0..2000 {
                if st.is_over() {
                    break;
                }
                st.legal_actions(&mut list);
                let a = list[rng.gen_range(0..list.len())];
                st.apply(a, &mut rng);
                if keep(&st, &mut rng) {
                    out.push(st.clone());
                }
            }
        }
        out.truncate(n);
        out
    }
}
