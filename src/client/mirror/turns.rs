//! Game states, turns and game elements: who is to move, in which server state, how many turns
//! have been played.

use jsettlers_protocol::codes::{GameElementType, GameState};
use jsettlers_protocol::Message;

use super::{Mirror, STATE_DISCARDS, STATE_OVER};
use crate::client::bounds::MAX_DEV_CARDS;
use crate::client::translate::seat;
use crate::client::versions;
use crate::game::{Seat, ALL_SEATS};

impl Mirror {
    pub(super) fn set_state(&mut self, state: i32) {
        self.settle_monopoly();
        self.undoing = false;
        if self.state == STATE_DISCARDS && state != STATE_DISCARDS {
            self.discard_request = None;
        }
        self.state = state;
        if state == STATE_OVER {
            self.winner = self.current;
        }
    }

    /// Turns played by the current turn of round `round` (the engine's `State::turn`: 1 in
    /// the first player's first turn), counting occupied seats from the first player.
    pub(super) fn turns_before_round(&self, round: i32) -> u32 {
        if round <= 0 {
            return 0;
        }
        let mask = self.seated_mask();
        let seated: Vec<usize> = (0..4).filter(|&i| mask & (1 << i) != 0).collect();
        let n = seated.len().max(1) as u32;
        let pos = |s: Option<Seat>| s.and_then(|s| seated.iter().position(|&i| i == s.index()));
        let offset = match (pos(self.first_player), pos(self.current)) {
            (Some(f), Some(c)) => ((c + seated.len() - f) % seated.len()) as u32,
            _ => 0,
        };
        // The round count comes from the network: saturate, never overflow.
        (round as u32 - 1)
            .saturating_mul(n)
            .saturating_add(offset + 1)
    }

    /// Occupied seats: where someone sat (SITDOWN), and ours (taking over a vacated seat, we
    /// are invited to it before our SITDOWN); all four before anyone sat.
    pub(super) fn seated_mask(&self) -> u8 {
        let mut mask = (0..4).fold(0u8, |m, i| m | (u8::from(self.names[i].is_some()) << i));
        if let Some(me) = self.me {
            mask |= 1 << me.index();
        }
        if mask == 0 {
            ALL_SEATS
        } else {
            mask
        }
    }

    pub(super) fn on_turn(&mut self, msg: &Message, player: i32, state: Option<i32>) {
        self.joining = false;
        let Some(s) = seat(player) else {
            return self.bad(msg, "bad seat");
        };
        // Cards bought in the turn that ends become playable (SOCGame.updateAtTurn).
        if let Some(model) = self.model.as_mut() {
            for t in Seat::all() {
                model.age_dev_cards(t);
            }
        }
        for t in Seat::all() {
            let (old, new) = self.dev_counts[t];
            self.dev_counts[t] = ((old + new).min(MAX_DEV_CARDS), 0);
        }
        if state == Some(GameState::Start1A.wire()) && self.first_player.is_none() {
            // The server announces no FIRST_PLAYER at start: the first placer is it.
            self.first_player = Some(s);
        }
        self.current = Some(s);
        self.played_dev = false;
        self.last_played = None;
        self.dice = 0;
        if let Some(st) = state {
            if st == GameState::RollOrCard.wire() {
                self.turn = self.turn.saturating_add(1);
            }
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
                        GameState::from_wire(self.state),
                        Some(GameState::Play1 | GameState::SpecialBuilding)
                    ) =>
            {
                self.drawn = (self.drawn + 1).min(MAX_DEV_CARDS);
                self.set_deck_count(value);
                self.draw_counted = true;
            }
            Some(G::DevCardCount) => self.set_deck_count(value),
            Some(G::FirstPlayer) => self.first_player = seat(value),
            Some(G::CurrentPlayer) => self.current = seat(value),
            Some(G::LargestArmyPlayer) => self.award_largest_army(seat(value)),
            Some(G::LongestRoadPlayer) => self.award_longest_road(seat(value)),
            _ => {}
        }
    }
}
