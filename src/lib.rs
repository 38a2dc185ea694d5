//! catan-bot: a JSettlers2 robot client and in-process arena playing MPT-EnsembleUCT.
//!
//! # Layout
//! - [`game`]: the rules engine (no I/O, no tokio).
//! - [`agent`]: the `Agent` trait, baselines and the UCT family (uses `game`).
//! - [`arena`]: in-process games between agents, their summaries and result records (uses
//!   `game`, `agent`, `report`).
//! - [`client`]: the tokio robot client (uses `jsettlers_protocol`, `game`, `agent`, `report`).
//! - [`report`]: the result record (serde), summaries of result files, the chart, statistics
//!   (std and serde only).
//! - [`perf`]: `catan-bot perf`'s measurements: engine and search throughput with checksums,
//!   the CPU-time reader (uses `game`, `agent`, `report`).
//! - [`cli`]: the subcommands, one file each (uses all of the above); `main.rs` dispatches.
//!
//! Dependencies point one way; `tests/layering.rs` holds each module's allowed imports.

pub mod agent;
pub mod arena;
pub mod cli;
pub mod client;
pub mod game;
pub mod perf;
pub mod report;
