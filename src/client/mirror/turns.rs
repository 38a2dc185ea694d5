//! Game states, turns and game elements: who is to move, in which server state, how many turns
//! have been played — the server's statements, applied to the model through the engine's
//! events ([`State::begin_turn`], [`State::set_phase`], [`State::set_round`]).
//!
//! [`State::begin_turn`]: crate::game::State::begin_turn
//! [`State::set_phase`]: crate::game::State::set_phase
//! [`State::set_round`]: crate::game::State::set_round

use jsettlers_protocol::codes::{GameElementType, GameState};
use jsettlers_protocol::Message;
use tracing::warn;

use super::Mirror;
use crate::client::logsafe::shown;
use crate::client::translate::{self, seat_of};
use crate::client::versions;
use crate::game::{Phase, Seat, Shape};

/// The engine phase of a server state as the mirror plays it: placing a piece after a build
/// request is the main phase (the piece was paid for; the robot asks for its refund).
pub(super) fn phase_of(state: GameState) -> Option<Phase> {
    if state.placing().is_some() {
        return Some(Phase::Main);
    }
    translate::phase(state)
}

impl<S: Shape> Mirror<S> {
    /// The engine phase of the server's current state (see [`phase_of`]).
    pub fn phase(&self) -> Option<Phase> {
        self.server_state.and_then(phase_of)
    }

    pub(super) fn set_state(&mut self, wire: i32) {
        self.settle_monopoly();
        self.undoing = false;
        let Some(state) = GameState::from_wire(wire) else {
            warn!(game = %shown(&self.game), state = wire, "unknown game state: no decision in it");
            self.stats.bad_messages = self.stats.bad_messages.saturating_add(1);
            self.server_state = None;
            return;
        };
        if self.server_state == Some(GameState::WaitingForDiscards)
            && state != GameState::WaitingForDiscards
        {
            self.discard_request = None;
        }
        self.server_state = Some(state);
        if let Some(phase) = phase_of(state) {
            self.model.set_phase(phase);
        }
    }

    /// Occupied seats: where someone sat (SITDOWN), and ours (taking over a vacated seat, we
    /// are invited to it before our SITDOWN); all four before anyone sat.
    pub(super) fn seated_mask(&self) -> u8 {
        let mut mask = (0..S::SEATS).fold(0u8, |m, i| m | (u8::from(self.names[i].is_some()) << i));
        if let Some(me) = self.me {
            mask |= 1 << me.index();
        }
        if mask == 0 {
            ((1u16 << S::SEATS) - 1) as u8
        } else {
            mask
        }
    }

    pub(super) fn set_current(&mut self, s: Option<Seat>) {
        if let Some(s) = s {
            self.model.set_current_player(s);
        }
        self.current_known = s.is_some();
    }

    pub(super) fn set_first(&mut self, s: Option<Seat>) {
        if let Some(s) = s {
            self.model.set_first_player(s);
        }
        self.first_known = s.is_some();
    }

    pub(super) fn on_turn(&mut self, msg: &Message, player: i32, state: Option<i32>) {
        self.end_joining();
        let Some(s) = seat_of::<S>(player) else {
            return self.bad(msg, "bad seat");
        };
        let stated = state.and_then(GameState::from_wire);
        if stated == Some(GameState::Start1A) && !self.first_known {
            // The server announces no FIRST_PLAYER at start: the first placer is it.
            self.set_first(Some(s));
        }
        if self.current_known {
            // The ender's unplayed cards are a turn older unless it played one.
            let prev = self.model.current_player();
            if prev != s {
                let played = self.model.has_played_dev_card();
                let ages = &mut self.beliefs[prev].dev_ages;
                ages.settle(self.model.dev_cards(prev).total());
                if !played {
                    ages.age();
                }
            }
        }
        self.model.begin_turn(s, stated.and_then(phase_of));
        self.current_known = true;
        self.last_played = None;
        if let Some(st) = state {
            self.set_state(st);
        }
    }

    pub(super) fn game_element(&mut self, element: i32, value: i32) {
        use GameElementType as G;
        match GameElementType::from_wire(element) {
            // Before 2.5, in a buy the count comes before the DRAW it already counts.
            Some(G::DevCardCount)
                if self.server_version < versions::DEV_COUNT_AFTER_DRAW
                    && matches!(
                        self.server_state,
                        Some(GameState::Play1 | GameState::SpecialBuilding)
                    ) =>
            {
                self.set_deck_count(value, true)
            }
            Some(G::DevCardCount) => self.set_deck_count(value, false),
            Some(G::FirstPlayer) => self.set_first(seat_of::<S>(value)),
            Some(G::CurrentPlayer) => self.set_current(seat_of::<S>(value)),
            Some(G::LargestArmyPlayer) => self.award_largest_army(seat_of::<S>(value)),
            Some(G::LongestRoadPlayer) => self.award_longest_road(seat_of::<S>(value)),
            Some(G::SpecialBuildingAfterPlayer) => {
                if let Some(s) = seat_of::<S>(value) {
                    self.model.set_special_building_owner(s);
                }
            }
            _ => {}
        }
    }
}
