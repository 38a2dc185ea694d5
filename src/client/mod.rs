//! The tokio robot client: connects to a JSettlers2 server, mirrors every game it sits in and
//! answers its decisions through an [`Agent`](crate::agent::Agent). Uses `jsettlers_protocol`,
//! `crate::game` and `crate::agent`; the only async code of the crate.
//!
//! # Layout
//! - `connection`: framed socket; malformed input logged and skipped.
//! - `config`: the client's settings and their checks before any connection.
//! - `reconnect`: the outer loop — connect, session, backoff, reconnect.
//! - `results`: the `--results` writer and the run's totals.
//! - `session`: handshake, pings, invitations, routing to per-game tasks.
//! - `game_task`: one game's task — mirror, decisions on a blocking thread, refusals.
//! - `host`: `catan-bot host`, a person who creates games with options and lets robots play them.
//! - `mirror`: server messages → a described game → the agent's `View`; the server wins.
//! - `options`: game options → the engine's `Rules`, or why we cannot play them.
//! - `translate`: protocol values ⇄ game types (the one file naming both).
//! - `bounds`: the one check of numbers from the network against what a server can send.
//! - `logsafe`: server strings escaped and cut for log lines.
//! - `pace`: `--pace`, waits like a stock robot's so people can watch.
//! - `report`: one game's tally, turned into its `--results` line (`report::record`).
//! - `replay`: `catan-bot replay`, a transcript through the mirror.
//! - `versions`: supported server releases and where their message sequences differ.
//! - `shutdown`: the stop signal.

pub mod bounds;
pub mod config;
pub mod connection;
pub mod game_task;
pub mod host;
pub mod logsafe;
pub mod mirror;
pub mod options;
pub mod pace;
pub mod reconnect;
pub mod replay;
pub mod report;
pub mod results;
pub mod session;
pub mod shutdown;
pub mod translate;
pub mod versions;

pub use config::{
    check_record_dir, check_server, AgentFactory, ClientConfig, DEFAULT_MAX_GAMES_AT_ONCE,
    ROBOT_CLASS,
};
pub use reconnect::{run, ClientError, FIRST_BACKOFF, MAX_BACKOFF, MAX_BAD_COOKIE_LOGINS};
pub use results::RunSummary;
