//! A decision's view: a clone of the model with the hidden resource cards filled by the
//! determinizer's likeliest guess (the agent redraws them).

use std::fmt;

use super::Mirror;
use crate::agent::determinize::guess_hidden_hands;
use crate::agent::View;
use crate::game::{BitSet, Phase, Seat, SetupError, Shape, State};

/// Why no [`View`] could be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MirrorError {
    /// The real board layout has not arrived yet.
    NoBoard,
    /// Our seat or the current player is not known yet.
    NoSeat,
    /// The server state has no decision (e.g. 1 READY, 30..32 placing after a build request).
    NoPhase(i32),
    /// The position breaks an engine rule.
    Setup(SetupError),
}

impl fmt::Display for MirrorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MirrorError::NoBoard => write!(f, "no board layout yet"),
            MirrorError::NoSeat => write!(f, "seat or current player unknown"),
            MirrorError::NoPhase(s) => write!(f, "server state {s} has no engine phase"),
            MirrorError::Setup(e) => write!(f, "mirror does not make a valid state: {e}"),
        }
    }
}

impl std::error::Error for MirrorError {}

impl<S: Shape> Mirror<S> {
    /// The agent's view: a clone of the model with opponents' unknown resource cards as the
    /// determinizer's likeliest guess ([`guess_hidden_hands`]), the discard we owe, and a
    /// roll of 7 where the phase needs a roll the mirror did not see.
    ///
    /// # Errors
    /// [`MirrorError`] when the game has not started, is in a state without a decision, or
    /// the position breaks an engine rule (a discard the mirror does not know of, dice
    /// announced before the state that takes them, ...).
    pub fn view(&mut self) -> Result<View<S>, MirrorError> {
        if !self.has_board {
            return Err(MirrorError::NoBoard);
        }
        let me = self.me.ok_or(MirrorError::NoSeat)?;
        self.current().ok_or(MirrorError::NoSeat)?;
        let phase = self.phase().ok_or(MirrorError::NoPhase(
            self.server_state.map_or(-1, |g| g.wire()),
        ))?;
        let mut state = self.model.clone();
        if self.joining {
            // Not all of it is in yet: the unseen cards as they would be if joining ended now.
            if let Some(n) = self.joined_deck_count {
                super::cards::settle_unseen(&mut state, self.me, n);
            }
        }
        let mut beliefs = self.beliefs;
        for s in state.seats() {
            beliefs[s].dev_hidden = s != me;
            beliefs[s].dev_ages.settle(state.dev_cards(s).total());
        }
        guess_hidden_hands(&mut state, &beliefs);
        if beliefs[me].unknown > 0 {
            beliefs[me].known = state.hand(me);
            beliefs[me].unknown = 0;
        }
        if phase == Phase::Discard {
            match self.discard_request {
                Some(n) if n > 0 => state.set_discard_owed(me, n),
                // Our discard was already sent or the request not seen: nothing owed.
                _ => return Err(MirrorError::Setup(SetupError::Discards)),
            }
        }
        if phase == Phase::PickGold && state.gold_owed(me) > 0 {
            // Every picker is asked at once; our view is our pick.
            for s in Seat::first(S::SEATS).filter(|&s| s != me) {
                state.set_gold_owed(s, 0);
            }
        }
        if matches!(phase, Phase::Main | Phase::Discard) && state.dice() == 0 {
            state.set_dice(7);
        }
        // One check of every engine rule. An award the server gave against the engine's
        // count (a difference already counted when it came) is the server's to give.
        match self.check(&state) {
            Ok(()) | Err(SetupError::LongestRoad | SetupError::LargestArmy) => {
                Ok(View { state, me, beliefs })
            }
            Err(e) => Err(MirrorError::Setup(e)),
        }
    }

    /// Every rule of [`State::from_setup`] for a state of this game, less what the server did
    /// by its own rule where a seat's initial settlement was taken back
    /// ([`State::put_city_without_settlement`]): a city next to a settlement (the check then
    /// ends there), and the longest-road award of a road length the server has not counted
    /// again.
    ///
    /// # Errors
    /// The first other rule broken.
    pub fn check(&self, state: &State<S>) -> Result<(), SetupError> {
        match State::from_setup(&state.to_setup()) {
            Ok(_) => Ok(()),
            Err(SetupError::DistanceRule(n))
                if (S::topology().node_neighbours[n.index()] | S::Nodes::single(n))
                    .intersects(self.cities_without_settlement) =>
            {
                Ok(())
            }
            Err(SetupError::LongestRoad) if self.road_length_stale.0.iter().any(|&s| s) => Ok(()),
            Err(e) => Err(e),
        }
    }
}
