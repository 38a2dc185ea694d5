//! catan-bot: a JSettlers2 robot client and in-process arena playing MPT-EnsembleUCT.
//!
//! # Layout
//! - [`game`]: the rules engine (no I/O, no tokio).
//! - [`agent`]: the `Agent` trait, baselines and the UCT family (uses `game`).
//! - [`arena`]: in-process games between agents (uses `game`, `agent`).
//! - [`client`]: the tokio robot client (uses `jsettlers_protocol`, `game`, `agent`).
//! - [`report`]: statistics, summaries and charts of `play`/`arena --results` files and folders.
//! - [`perf`]: `catan-bot perf`'s measurements: engine and search throughput with checksums,
//!   the CPU-time reader (uses `game`, `agent`, `report`).
//!
//! Dependencies point one way; `tests/layering.rs` enforces it.

pub mod agent;
pub mod arena;
pub mod cli;
pub mod client;
pub mod game;
pub mod perf;
pub mod report;
