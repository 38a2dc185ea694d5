//! The Catan rules engine: classic 4-player JSettlers2 2.7 rules in the server's coordinates.
//! Imports std and `rand` only — nothing else from the crate, no tokio, no I/O.
//!
//! # Model
//! - [`State`] holds full information; [`Setup`] is an unvalidated description of a position
//!   (the client's mirror, the agent's determinizations, fixtures) turned into a `State` by
//!   [`State::from_setup`], which names the rule a description breaks.
//! - [`Phase`] is the pending decision, 1:1 with the server's game states; [`State::to_move`]
//!   says who decides.
//! - [`Action`] is intent only; chance (dice, drawn card, stolen card) comes from a [`Chance`]:
//!   sampled ([`State::apply`], [`State::apply_unchecked`]) or supplied ([`State::try_apply_with`]).
//! - Generation: [`State::legal_actions`] into an [`ActionList`]; pruned variant and the
//!   per-kind `push_cities` / `push_settlements` / `push_rest` for move pruning.
//!
//! Where the rulebook and JSettlers differ, JSettlers wins; each such rule cites the Java
//! method. The bank limit is an option ([`Rules::bank_limit`], off like JSettlers).

mod action;
mod apply;
mod board;
mod chance;
mod ids;
mod movegen;
mod phase;
mod resources;
mod road;
mod rules;
mod sets;
mod setup;
mod state;
pub mod topology;

pub use action::{Action, ActionList, ACTION_LIST_CAPACITY};
pub use apply::IllegalAction;
pub use board::{pips, Board, LayoutError, PortKind, NUMBER_BY_INDEX};
pub use chance::{Chance, Outcome, Sampled, DICE_WAYS};
pub use ids::{BySeat, EdgeId, HexId, NodeId, Seat};
pub use movegen::DISCARD_CAP;
pub use phase::Phase;
pub use resources::{
    DevCard, DevSet, Resource, ResourceSet, BANK_PER_RESOURCE, CITY_COST, DEV_CARD_COST, ROAD_COST,
    SETTLEMENT_COST,
};
pub use road::longest_road;
pub use rules::Rules;
pub use sets::{EdgeSet, EdgeSetIter, NodeSet, NodeSetIter};
pub use setup::{Setup, SetupError};
pub use state::{State, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS};
