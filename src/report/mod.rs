//! Reports: what games came to, in numbers and text. Uses std (and, for the result records,
//! serde) only; the client, the arena, `perf` and the command line write and read through it.
//!
//! - [`stats`]: Wilson intervals and the one percentile function.
//! - [`summary`]: summaries of result files and folders (`catan-bot summarize`).
//! - [`chart`]: the win-rate bar chart as SVG (`catan-bot chart`).

pub mod chart;
pub mod stats;
pub mod summary;
