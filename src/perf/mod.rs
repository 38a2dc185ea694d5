//! `catan-bot perf`'s measurements, on fixed seeds so that each comes with a checksum of
//! behaviour beside its speed (a change that must not alter behaviour must not alter the
//! checksum). Measures; never fails on time; prints nothing (`cli::perf` does). Uses `game`,
//! `agent` and `report::stats`.
//!
//! - [`calibrate`]: how well playout policies forecast the winners of recorded games.
//! - [`fit`]: the learned evaluation's weights fitted to recorded games.
//! - [`engine`]: random-policy games and heuristic playouts on one thread.
//! - [`search`]: decision latency of a search agent from mid-game positions.
//! - [`cpu`]: the one CPU-time reader (this thread, or the whole process).
//! - [`wins`]: the certain wins within the turn in recorded games, taken or not.

pub mod calibrate;
pub mod cpu;
pub mod engine;
pub mod fit;
pub mod search;
pub mod wins;
