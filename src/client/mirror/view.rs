//! A decision's view: the model with the hidden cards filled by plausible guesses (the agent
//! redraws them) and the turn position the server stated.

use std::fmt;

use super::Mirror;
use crate::agent::View;
use crate::game::topology::topology;
use crate::game::{
    BySeat, DevCard, DevSet, NodeSet, Phase, Position, Resource, Seat, SetupError, State,
    BANK_PER_RESOURCE,
};

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

/// The kind the unseen pool holds most of (ties to the first kind), taken from it.
fn take_likeliest(pool: &mut DevSet) -> Option<DevCard> {
    let c = DevCard::ALL
        .iter()
        .copied()
        .filter(|&c| pool[c] > 0)
        .max_by_key(|&c| pool[c])?;
    pool[c] -= 1;
    Some(c)
}

impl Mirror {
    /// The engine phase of the server's current state; placing a piece after a build request
    /// counts as `Main`.
    pub fn phase(&self) -> Option<Phase> {
        use jsettlers_protocol::codes::GameState as S;
        match S::from_wire(self.state) {
            Some(S::PlacingRoad | S::PlacingSettlement | S::PlacingCity) => Some(Phase::Main),
            _ => Phase::from_server(self.state),
        }
    }

    /// The agent's view: the model, with opponents' unknown cards as the resources the bank
    /// has most of and their development cards as the kinds nobody has seen most of, and the
    /// server's turn position.
    ///
    /// # Errors
    /// [`MirrorError`] when the game has not started, is in a state without a decision, or
    /// the position breaks an engine rule (a discard the mirror does not know of, dice
    /// announced before the state that takes them, ...).
    pub fn view(&mut self) -> Result<View, MirrorError> {
        let model = self.model.as_ref().ok_or(MirrorError::NoBoard)?;
        let me = self.me.ok_or(MirrorError::NoSeat)?;
        let current = self.current.ok_or(MirrorError::NoSeat)?;
        let phase = self.phase().ok_or(MirrorError::NoPhase(self.state))?;
        let mut state = model.clone();

        // Seats in play: those someone sat in (SITDOWN); vacant seats hold nothing.
        let mut rules = self.rules;
        rules.seats = self.seated_mask();
        state.set_rules(rules);

        // Hands: known cards, then unknown ones as the resources the bank has most of.
        let mut supply = [i32::from(BANK_PER_RESOURCE); 5];
        for s in Seat::all() {
            for r in Resource::ALL {
                supply[r.index()] -= i32::from(self.beliefs[s].known[r]);
            }
        }
        let mut beliefs = self.beliefs;
        for s in Seat::all() {
            let b = self.beliefs[s];
            let mut hand = b.known;
            for _ in 0..b.unknown {
                let r = (0..5).max_by_key(|&r| (supply[r], 4 - r)).unwrap_or(0);
                supply[r] -= 1;
                hand.0[r] = hand.0[r].saturating_add(1);
            }
            state.set_hand(s, hand);
            beliefs[s].dev_hidden = s != me;
        }
        if beliefs[me].unknown > 0 {
            beliefs[me].known = state.hand(me);
            beliefs[me].unknown = 0;
        }

        // Development cards: ours exactly; opponents' from the pool nobody has seen.
        let mut pool = DevSet::FULL_DECK;
        // Knights played: the server's counts cover the ones played before we joined, which
        // `played` never saw.
        let knights: u8 = Seat::all().map(|s| model.knights_played(s)).sum();
        for c in DevCard::ALL {
            let played = match c {
                DevCard::Knight => self.played[c].max(knights),
                _ => self.played[c],
            };
            let used = model.dev_cards(me)[c] + model.new_dev_cards(me)[c] + played;
            pool[c] = pool[c].saturating_sub(used);
        }
        let mut old = BySeat::<DevSet>::default();
        let mut new = BySeat::<DevSet>::default();
        for s in Seat::all() {
            if s == me {
                old[s] = model.dev_cards(me);
                new[s] = model.new_dev_cards(me);
                continue;
            }
            let (held, bought) = self.dev_counts[s];
            for _ in 0..held {
                if let Some(c) = take_likeliest(&mut pool) {
                    old[s][c] += 1;
                }
            }
            if s == current {
                for _ in 0..bought {
                    if let Some(c) = take_likeliest(&mut pool) {
                        new[s][c] += 1;
                    }
                }
            }
        }
        // The deck holds what is left; trimmed to the server's count (never padded: the pool
        // is an upper bound).
        let mut deck = pool;
        while deck.total() as i32 > self.deck_count.max(0) {
            if take_likeliest(&mut deck).is_none() {
                break;
            }
        }
        state.set_all_dev_cards(old, new, deck);

        let mut discard_owed = BySeat::<u8>::default();
        if phase == Phase::Discard {
            match self.discard_request {
                Some(n) if n > 0 => discard_owed[me] = n,
                // Our discard was already sent or the request not seen: nothing owed.
                _ => return Err(MirrorError::Setup(SetupError::Discards)),
            }
        }
        state.set_position(Position {
            current,
            first_player: self.first_player.unwrap_or(current),
            phase,
            dice: if matches!(phase, Phase::Main | Phase::Discard) && self.dice == 0 {
                7
            } else {
                self.dice
            },
            played_dev: self.played_dev,
            turn: self.turn,
            discard_owed,
            winner: self.winner,
        });
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
    pub fn check(&self, state: &State) -> Result<(), SetupError> {
        match State::from_setup(&state.to_setup()) {
            Ok(_) => Ok(()),
            Err(SetupError::DistanceRule(n))
                if (topology().node_neighbours[n.index()] | NodeSet::single(n))
                    .intersects(self.cities_without_settlement) =>
            {
                Ok(())
            }
            Err(SetupError::LongestRoad) if self.road_length_stale.0.iter().any(|&s| s) => Ok(()),
            Err(e) => Err(e),
        }
    }
}
