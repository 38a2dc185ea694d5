//! Rules: game options as data. Imports std and the seat id.

use super::ids::{Seat, MAX_SEATS};

/// Rule options. The default is the stock JSettlers2 2.7 classic 4-player game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// Limit the bank to 19 cards of each resource (rulebook). JSettlers does not limit it:
    /// `SOCGame.rollDice` adds `getResourcesGainedFromRoll` to each hand whatever the bank
    /// holds, and bank trades / year of plenty never check stock. Default `false`.
    ///
    /// When `true`: a roll that owes more of a resource than the bank holds pays nobody that
    /// resource; bank trades and year of plenty need the card in the bank.
    pub bank_limit: bool,
    /// Victory points needed to win (on one's own turn). Default 10; game option `VP` (10–20).
    pub vp_to_win: u8,
    /// Game option `N7`: no 7 is rolled while the round count is at most this (0: off).
    /// `SOCGame.rollDice` re-rolls a 7 while `roundCount <= N7`; the round count is 1 during
    /// the first player's first turn (`SOCGame.updateAtTurn`).
    pub no_seven_rounds: u16,
    /// Game option `N7C`: no 7 is rolled until someone has built a city (`SOCGame.rollDice`,
    /// `hasBuiltCity`).
    pub no_seven_until_city: bool,
    /// Game option `RD`: the robber cannot be moved back to the desert
    /// (`SOCGame.canMoveRobber`).
    pub robber_not_to_desert: bool,
    /// Game option `NT`: no trading between players (bank and port trades stay;
    /// `SOCGame.canMakeTrade`): no offers are generated or legal.
    pub no_player_trading: bool,
    /// Occupied seats, bit `i` for seat `i` (game option `PL` 2–6, vacant and locked seats):
    /// turns and placement rounds skip the others (`SOCGame.advanceTurn` skips vacant seats).
    /// Only the board's seats ([`Shape::SEATS`](super::Shape::SEATS)) may be set.
    pub seats: u8,
    /// The Special Building Phase (`SOCGame.askSpecialBuild`, game state 100): after each
    /// turn the other players may build in turn. JSettlers runs it in every game of more than
    /// four seats (`SOCGame.canAskSpecialBuild`: `maxPlayers > 4`), unless house rule `PLP`
    /// is set and fewer than five players sit.
    pub special_building: bool,
    /// Sea boards, scenario option `_SC_SEAC`: the first settlement on each land area other
    /// than the seat's starting areas gives 2 special victory points
    /// (`SOCPlayer.putPiece_settlement_checkScenarioSVPs`). Default `false`.
    pub svp_each_new_area: bool,
    /// Sea boards, scenario option `_SC_SANY`: the first settlement on any land area other
    /// than the starting areas gives 1 special victory point. Default `false`.
    pub svp_first_new_area: bool,
    /// Sea boards: a land area whose settlements give none of those points, 0 for none
    /// (`SOCBoardAtServer.getBonusExcludeLandArea`: SC_TTD's desert strip, land area 3; the
    /// server adds it to every seat's starting areas when initial placement ends,
    /// `SOCGame.updateAtGameFirstTurn`).
    pub no_svp_area: u8,
}

/// All four seats of the classic board occupied.
pub const ALL_SEATS: u8 = 0b1111;

/// All six seats of the 6-player board occupied.
pub const ALL_SIX_SEATS: u8 = 0b11_1111;

impl Default for Rules {
    fn default() -> Self {
        Rules {
            bank_limit: false,
            vp_to_win: 10,
            no_seven_rounds: 0,
            no_seven_until_city: false,
            robber_not_to_desert: false,
            no_player_trading: false,
            seats: ALL_SEATS,
            special_building: false,
            svp_each_new_area: false,
            svp_first_new_area: false,
            no_svp_area: 0,
        }
    }
}

impl Rules {
    /// Whether `s` is a seat in play.
    #[inline]
    pub fn is_seated(&self, s: Seat) -> bool {
        self.seats & (1 << s.index()) != 0
    }

    /// The rules of a 6-player game: all six seats, the Special Building Phase.
    pub fn six() -> Rules {
        Rules {
            seats: ALL_SIX_SEATS,
            special_building: true,
            ..Rules::default()
        }
    }

    /// The seats in play, in seat order, of a board of `seats` seats.
    pub fn seated(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::first(MAX_SEATS).filter(move |&s| self.is_seated(s))
    }

    /// Players in the game (1–6).
    #[inline]
    pub fn players(&self) -> u32 {
        (self.seats & ALL_SIX_SEATS).count_ones()
    }

    /// The next seat in play after `s` (`s` itself if it is the only one).
    #[inline]
    pub fn next_seat(&self, s: Seat) -> Seat {
        let seats = self.seats & ALL_SIX_SEATS;
        let after = seats & !((2u8 << s.index()) - 1);
        let pick = if after != 0 { after } else { seats };
        if pick == 0 {
            s
        } else {
            Seat::new(pick.trailing_zeros() as usize)
        }
    }

    /// The seat in play before `s`.
    #[inline]
    pub fn prev_seat(&self, s: Seat) -> Seat {
        let seats = self.seats & ALL_SIX_SEATS;
        let before = seats & ((1u8 << s.index()) - 1);
        let pick = if before != 0 { before } else { seats };
        if pick == 0 {
            s
        } else {
            Seat::new(7 - pick.leading_zeros() as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_order_skips_vacant_seats() {
        let r = Rules {
            seats: 0b1011, // seat 2 vacant
            ..Rules::default()
        };
        assert_eq!(r.players(), 3);
        assert_eq!(r.next_seat(Seat::new(1)), Seat::new(3));
        assert_eq!(r.next_seat(Seat::new(3)), Seat::new(0));
        assert_eq!(r.prev_seat(Seat::new(3)), Seat::new(1));
        assert_eq!(r.prev_seat(Seat::new(0)), Seat::new(3));
        assert_eq!(r.seated().count(), 3);
        let full = Rules::default();
        assert_eq!(full.next_seat(Seat::new(3)), Seat::new(0));
    }
}
