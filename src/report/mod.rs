//! Reports: what games came to, in numbers and text. Uses std and serde only; the client,
//! the arena, `perf` and the command line write and read through it.
//!
//! - [`record`]: the result record, one JSON line per game (`play`/`arena --results`), serde.
//! - [`stats`]: Wilson intervals and the one percentile function.
//! - [`summary`]: summaries of result files and folders (`catan-bot summarize`).
//! - [`chart`]: the win-rate bar chart as SVG (`catan-bot chart`).

pub mod chart;
pub mod record;
pub mod stats;
pub mod summary;
