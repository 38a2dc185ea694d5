//! Agents: the [`Agent`] trait, baselines and the UCT family. Uses `game` only; no tokio.
//!
//! An agent is asked for one [`Action`] at a time, for the seat `view.me`, which must be
//! `view.state.to_move()`. Everything it returns must be legal in `view.state`; callers
//! (arena, client) check and fall back to a legal move if it is not.
//!
//! # Layout
//! - `uct`: the generic open-loop UCT core (tree, selection, backup); knows no Catan.
//! - `ensemble`: root-parallel ensembles of `uct` trees, their root statistics pooled.
//! - `search_game`: the Catan adapter of the search (`CatanGame: SearchGame`): which moves
//!   the tree sees (pruning, trade-optimistic macros, offers), the playout policy, sampling.
//! - `uct_agent`: [`UctAgent`](uct_agent::UctAgent), the UCT family as an [`Agent`].
//! - `playout`, `heuristic`: playout policies and the heuristic baseline.
//! - `determinize`, `tracker`, `view`: hidden information — beliefs, card tracking, worlds.
//! - `negotiate`: the trading model (after the stock robot's negotiator).
//! - `spec`: agent specs (`NAME:key=value,...`); `level`: the named difficulty levels.
//! - `value`: a learned evaluation of positions (fitted on real games), for cut playouts.
//! - `win`: a win within the mover's own turn, found before any search (`win=1`).

pub mod determinize;
pub mod ensemble;
pub mod heuristic;
pub mod level;
pub mod negotiate;
pub mod playout;
pub mod search_game;
pub mod spec;
pub mod tracker;
pub mod uct;
pub mod uct_agent;
pub mod value;
pub mod view;
pub mod win;

use std::time::Instant;

use crate::game::{Action, Classic, Shape};

pub use spec::{AgentKind, AgentSpec, SpecError};
pub use view::{Belief, DevAges, View};

/// A player of games on boards of shape `S` (the classic board unless named).
pub trait Agent<S: Shape = Classic>: Send {
    /// A short name for reports (the spec it was built from).
    fn name(&self) -> String;

    /// Chooses a legal action of `view.state` for `view.me`. A searching agent stops by
    /// `deadline` (wall clock) even when its iteration budget is not spent.
    fn decide(&mut self, view: &View<S>, deadline: Option<Instant>) -> Action;

    /// Whether this agent answers player-trade offers made to it. One that does not has every
    /// offer declined for it (the paper's variants: player trading off unless `trade=1`).
    fn answers_offers(&self) -> bool {
        true
    }

    /// Whether, answering an offer made to it and to other seats too, the agent's view holds
    /// the other addressees after it (in turn order), to answer by the agent's model of them
    /// once it declines: a refusal then does not mean that nobody trades. Otherwise the view
    /// holds the offer as made to it alone.
    fn models_rival_answers(&self) -> bool {
        false
    }

    /// Iterations the last decision's search ran (all trees), if it searched.
    fn last_iterations(&self) -> Option<u64> {
        None
    }
}

/// Builds the agent a spec describes.
pub fn build<S: Shape>(spec: &AgentSpec) -> Box<dyn Agent<S>> {
    let seed = spec.seed.unwrap_or_else(rand::random);
    match spec.kind {
        AgentKind::Random => Box::new(heuristic::RandomAgent::new(seed)),
        AgentKind::Heuristic => Box::new(
            heuristic::HeuristicAgent::new(seed)
                .with_trading(spec.trade)
                .with_answers(spec.answers)
                .with_policy(spec.playouts.model()),
        ),
        _ => Box::new(uct_agent::UctAgent::new(spec)),
    }
}
