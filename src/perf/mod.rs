//! `catan-bot perf`'s measurements, on fixed seeds so that each comes with a checksum of
//! behaviour beside its speed (a change that must not alter behaviour must not alter the
//! checksum). Measures; never fails on time; prints nothing (`cli::perf` does). Uses `game`,
//! `agent` and `report::stats`.
//!
//! - [`engine`]: random-policy games and heuristic playouts on one thread.
//! - [`search`]: decision latency of a search agent from mid-game positions.
//! - [`cpu`]: the one CPU-time reader (this thread, or the whole process).

pub mod cpu;
pub mod engine;
pub mod search;
