//! agent: playout policies now; the `Agent` trait and the UCT family land with issue 5.
//! Imports `crate::game` only; no tokio.

pub mod playout;
