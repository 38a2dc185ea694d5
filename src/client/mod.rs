//! The tokio robot client: connects to a JSettlers2 server, mirrors every game it sits in and
//! answers its decisions through an [`Agent`](crate::agent::Agent). Uses `jsettlers_protocol`,
//! `crate::game` and `crate::agent`; the only async code of the crate.
//!
//! # Layout
//! - `translate`: protocol values ⇄ game types (the one file naming both).
//! - `mirror`: server messages → a described game → the agent's `View`; the server wins.
//! - `replay`: `catan-bot replay`, a transcript through the mirror.

pub mod mirror;
pub mod replay;
pub mod translate;
