//! Agents: the `Agent` trait, baselines and the UCT family. Uses `game` only; no tokio.

pub mod ensemble;
pub mod playout;
pub mod spec;
pub mod uct;
