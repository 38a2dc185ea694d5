//! Phase: which decision is pending, mapped 1:1 onto the server's game states where a player
//! decides. Imports only std.

/// The pending decision. Who makes it is [`State::to_move`](super::State::to_move): the current
/// player, except in [`Phase::Discard`], where it is the next seat (from the current player
/// on) that still owes a discard.
///
/// | Phase | Server state (`SOCGame`) |
/// |-------|--------------------------|
/// | `InitialSettlement1` | 5 START1A |
/// | `InitialRoad1` | 6 START1B |
/// | `InitialSettlement2` | 10 START2A |
/// | `InitialRoad2` | 11 START2B |
/// | `RollOrCard` | 15 ROLL_OR_CARD |
/// | `Main` | 20 PLAY1 |
/// | `PlacingRobber` | 33 PLACING_ROBBER |
/// | `FreeRoad1` / `FreeRoad2` | 40 / 41 PLACING_FREE_ROAD1 / 2 |
/// | `Discard` | 50 WAITING_FOR_DISCARDS |
/// | `ChooseVictim` | 51 WAITING_FOR_ROB_CHOOSE_PLAYER |
/// | `YearOfPlenty` | 52 WAITING_FOR_DISCOVERY |
/// | `Monopoly` | 53 WAITING_FOR_MONOPOLY |
/// | `TradeResponse` | 20 PLAY1 with an offer out |
/// | `Over` | 1000 OVER |
/// | `SpecialBuilding` | 100 SPECIAL_BUILDING |
/// | `PickGold` | 56 WAITING_FOR_PICK_GOLD_RESOURCE (14 STARTS_WAITING_FOR_PICK_GOLD_RESOURCE in placement) |
///
/// The server's two-step build states 30..32 (PLACING_ROAD etc.) are not phases: a build here
/// is one action, like the server's combined BUILDREQUEST+PUTPIECE.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Phase {
    /// Round 1 settlement (seat order from the first player).
    InitialSettlement1,
    /// Round 1 road.
    InitialRoad1,
    /// Round 2 settlement (reverse order); it yields one resource per adjacent land hex.
    InitialSettlement2,
    /// Round 2 road.
    InitialRoad2,
    /// Start of a turn: roll, or play a development card first.
    RollOrCard,
    /// After the roll: build, buy, play, trade, end the turn.
    Main,
    /// Move the robber (after a 7 and its discards, or a knight).
    PlacingRobber,
    /// Players with more than 7 cards discard half (rounded down).
    Discard,
    /// The robber's hex touches several possible victims: pick one.
    ChooseVictim,
    /// Road building: first free road.
    FreeRoad1,
    /// Road building: second (or only) free road.
    FreeRoad2,
    /// Year of plenty: pick two resources.
    YearOfPlenty,
    /// Monopoly: pick a resource.
    Monopoly,
    /// A player-trade offer waits for its addressees' answers (the server stays in PLAY1;
    /// see [`super::trade`]).
    TradeResponse,
    /// The game is over.
    Over,
    /// The Special Building Phase of a 6-player game (`SOCGame.advanceTurnToSpecialBuilding`):
    /// after a turn, a player other than its owner may build (roads, settlements, cities, a
    /// development card) and nothing else, then ends (`EndTurn`). The engine asks every other
    /// seated player who could build anything, in turn order from the owner; the server asks
    /// those who asked for it during the turn.
    SpecialBuilding,
    /// Sea boards: players beside a gold hex pick free resources (`SOCGame.rollDice`: one per
    /// settlement and two per city on a rolled gold hex; one per gold hex beside a second
    /// initial settlement). Who picks is [`State::to_move`](super::State::to_move): the first
    /// seat from the current player on that still owes picks (the server asks them all at
    /// once).
    PickGold,
}

impl Phase {
    /// Whether this is one of the four initial placement phases.
    #[inline]
    pub const fn is_initial(self) -> bool {
        matches!(
            self,
            Phase::InitialSettlement1
                | Phase::InitialRoad1
                | Phase::InitialSettlement2
                | Phase::InitialRoad2
        )
    }
}
