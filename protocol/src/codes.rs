//! The wire's small code numbers as typed enums (guide §4.3 and §6.1): game states, player
//! and game element types, element actions, dev-card actions, piece types, status values,
//! data-check types.
//! Messages keep the numbers exactly as sent (so `encode(parse(text)) == text`); these enums
//! name them: `from_wire` is `None` for a number the enum does not know, `wire` gives the
//! number back.

macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $value:expr,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every code, in wire order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The code for a wire number, `None` if unknown.
            pub const fn from_wire(n: i32) -> Option<$name> {
                match n {
                    $($value => Some($name::$variant),)+
                    _ => None,
                }
            }

            /// The wire number.
            pub const fn wire(self) -> i32 {
                match self {
                    $($name::$variant => $value,)+
                }
            }
        }
    };
}

wire_enum! {
    /// `SOCGame` states (GAMESTATE, TURN, STARTGAME; guide §6.1), classic ones and the
    /// sea/scenario ones a classic robot may still see announced.
    GameState {
        /// Being formed.
        New = 0,
        /// Seats filling.
        Ready = 1,
        /// Board reset waiting for robots to leave.
        ReadyResetWaitRobotDismiss = 4,
        /// First initial settlement.
        Start1A = 5,
        /// First initial road.
        Start1B = 6,
        /// Second initial settlement.
        Start2A = 10,
        /// Second initial road.
        Start2B = 11,
        /// Third initial settlement (scenarios).
        Start3A = 12,
        /// Third initial road (scenarios).
        Start3B = 13,
        /// Sea board: a gold hex paid out in the initial placement, pick the free resources.
        StartsWaitingForPickGoldResource = 14,
        /// Must roll (may play a card first).
        RollOrCard = 15,
        /// After the roll: build, trade, buy, play, end turn.
        Play1 = 20,
        /// Paid for a road, now place it.
        PlacingRoad = 30,
        /// Paid for a settlement, now place it.
        PlacingSettlement = 31,
        /// Paid for a city, now place it.
        PlacingCity = 32,
        /// Move the robber.
        PlacingRobber = 33,
        /// Sea board: move the pirate.
        PlacingPirate = 34,
        /// Sea board: paid for a ship, now place it.
        PlacingShip = 35,
        /// First free road (road building).
        PlacingFreeRoad1 = 40,
        /// Second free road.
        PlacingFreeRoad2 = 41,
        /// Scenario: place an inventory item (SC_FTRI's trade port).
        PlacingInvItem = 42,
        /// Players with more than 7 cards discard.
        WaitingForDiscards = 50,
        /// Pick a robbery victim.
        WaitingForRobChoosePlayer = 51,
        /// Year-of-plenty pick.
        WaitingForDiscovery = 52,
        /// Monopoly pick.
        WaitingForMonopoly = 53,
        /// Sea board: choose to move the robber or the pirate.
        WaitingForRobberOrPirate = 54,
        /// SC_CLVI: rob cloth or a resource.
        WaitingForRobClothOrResource = 55,
        /// Sea board: pick the free resources of a gold hex.
        WaitingForPickGoldResource = 56,
        /// Six-player special building phase.
        SpecialBuilding = 100,
        /// Game over.
        Over = 1000,
        /// Old copy of a reset game.
        ResetOld = 1001,
        /// 2.7: an undo in progress.
        UndoingAction = 950,
        /// A saved game being loaded.
        Loading = 990,
        /// A loaded game waiting to resume.
        LoadingResuming = 992,
    }
}

impl GameState {
    /// The states in which the current player has a decision to send (guide §6.2); 30..=32
    /// and 35 (placing after a buy) are not among them: the robot asks for its refund
    /// instead. The sea board's gold picks (14, 56) are not either: they are asked of every
    /// player beside a rolled gold hex, like discards, not of the current player.
    pub const fn is_decision(self) -> bool {
        matches!(
            self,
            GameState::Start1A
                | GameState::Start1B
                | GameState::Start2A
                | GameState::Start2B
                | GameState::RollOrCard
                | GameState::Play1
                | GameState::PlacingRobber
                | GameState::PlacingFreeRoad1
                | GameState::PlacingFreeRoad2
                | GameState::WaitingForRobChoosePlayer
                | GameState::WaitingForDiscovery
                | GameState::WaitingForMonopoly
                | GameState::SpecialBuilding
                | GameState::PlacingPirate
                | GameState::WaitingForRobberOrPirate
        )
    }

    /// The piece paid for in PLACING_ROAD / _SETTLEMENT / _CITY / _SHIP.
    pub const fn placing(self) -> Option<PieceType> {
        match self {
            GameState::PlacingRoad => Some(PieceType::Road),
            GameState::PlacingSettlement => Some(PieceType::Settlement),
            GameState::PlacingCity => Some(PieceType::City),
            GameState::PlacingShip => Some(PieceType::Ship),
            _ => None,
        }
    }
}

wire_enum! {
    /// PLAYERELEMENT / PLAYERELEMENTS actions.
    ElementAction {
        /// The element is now exactly the amount.
        Set = 100,
        /// The element grows by the amount.
        Gain = 101,
        /// The element shrinks by the amount.
        Lose = 102,
    }
}

wire_enum! {
    /// PLAYERELEMENT element types (`SOCPlayerElement.PEType`): classic, 6-player, sea board
    /// and scenario ones.
    PlayerElementType {
        /// Clay cards.
        Clay = 1,
        /// Ore cards.
        Ore = 2,
        /// Sheep cards.
        Sheep = 3,
        /// Wheat cards.
        Wheat = 4,
        /// Wood cards.
        Wood = 5,
        /// Cards of a type hidden from this client.
        UnknownResource = 6,
        /// Roads left in stock.
        Roads = 10,
        /// Settlements left in stock.
        Settlements = 11,
        /// Cities left in stock.
        Cities = 12,
        /// Sea board: ships left in stock.
        Ships = 13,
        /// Knights played.
        NumKnights = 15,
        /// 6-player board: asked to build in the Special Building Phase (SET to 1 or 0).
        AskSpecialBuild = 16,
        /// Total hand size (SET only).
        ResourceCount = 17,
        /// Last settlement's coordinate.
        LastSettlementNode = 18,
        /// Played a dev card this turn (1/0); player -1 = everyone.
        PlayedDevCardFlag = 19,
        /// Must discard (1/0).
        DiscardFlag = 20,
        /// 6-player board: built in this Special Building Phase (1/0).
        HasSpecialBuilt = 21,
        /// Year of Plenty cards played.
        NumPlayedDevCardDisc = 22,
        /// Monopoly cards played.
        NumPlayedDevCardMono = 23,
        /// Road Building cards played.
        NumPlayedDevCardRoads = 24,
        /// Undos left (undo option only).
        NumUndosRemaining = 25,
        /// Sea board: free resources to pick from a gold hex.
        NumPickGoldHexResources = 101,
        /// Scenarios: special victory points (SVP) held.
        ScenarioSvp = 102,
        /// Scenarios: the player's events (`SOCPlayerEvent` bits), e.g. first settlement on
        /// another island.
        PlayerEventsBitmask = 103,
        /// Scenarios: the land areas whose SVP the player has had (bit per area).
        ScenarioSvpLandAreasBitmask = 104,
        /// Sea board: the player's starting land areas, packed (`SOCPlayer.getStartingLandAreasEncoded`).
        StartingLandAreas = 105,
        /// SC_CLVI: cloth held.
        ScenarioClothCount = 106,
        /// SC_PIRI: warships held.
        ScenarioWarshipCount = 107,
    }
}

impl PlayerElementType {
    /// The resource an element 1..=5 counts, as a 0-based index in wire order (clay, ore,
    /// sheep, wheat, wood).
    pub const fn resource_index(self) -> Option<usize> {
        match self {
            PlayerElementType::Clay => Some(0),
            PlayerElementType::Ore => Some(1),
            PlayerElementType::Sheep => Some(2),
            PlayerElementType::Wheat => Some(3),
            PlayerElementType::Wood => Some(4),
            _ => None,
        }
    }
}

wire_enum! {
    /// GAMEELEMENTS element types.
    GameElementType {
        /// Rounds played (sent at join only).
        RoundCount = 1,
        /// Cards left in the dev-card deck.
        DevCardCount = 2,
        /// Who placed first.
        FirstPlayer = 3,
        /// Whose turn it is.
        CurrentPlayer = 4,
        /// Largest army holder (-1 = nobody).
        LargestArmyPlayer = 5,
        /// Longest road holder (-1 = nobody).
        LongestRoadPlayer = 6,
        /// 6-player board: the player whose turn the Special Building Phase follows.
        SpecialBuildingAfterPlayer = 7,
        /// 2.7, sea board: the edge of the ship placed this turn (a ship may not move then).
        ShipPlacedThisTurnEdge = 8,
        /// 2.7: the robber being placed is a knight card's (1/0).
        IsPlacingRobberForKnightCardFlag = 9,
        /// Option N7C only.
        HasBuiltCityN7C = 10,
    }
}

wire_enum! {
    /// DEVCARDACTION actions.
    DevCardActionKind {
        /// Bought from the deck.
        Draw = 0,
        /// Played.
        Play = 1,
        /// Added to the hand as new (not playable this turn).
        AddNew = 2,
        /// Added to the hand as old (returned after a forced end, revealed at game over).
        AddOld = 3,
        /// The request to play was refused (player -1).
        CannotPlay = 4,
        /// Removed from the new cards.
        RemoveNew = 5,
        /// Removed from the old cards.
        RemoveOld = 6,
    }
}

wire_enum! {
    /// Piece types (PUTPIECE, CANCELBUILDREQUEST; 3.. are sea/scenario pieces; in
    /// CANCELBUILDREQUEST `-2` is a dev card).
    PieceType {
        /// A road.
        Road = 0,
        /// A settlement.
        Settlement = 1,
        /// A city.
        City = 2,
        /// A ship (sea only).
        Ship = 3,
        /// A fortress (scenario only).
        Fortress = 4,
        /// A village (scenario only).
        Village = 5,
        /// CANCELBUILDREQUEST only: a development card.
        DevCard = -2,
    }
}

wire_enum! {
    /// SIMPLEACTION types (`SOCSimpleAction`).
    SimpleActionType {
        /// A dev card was bought; value1 = cards left in the deck.
        DevCardBought = 1,
        /// A player traded with another (`TRADE_SUCCESSFUL`).
        TradeSuccessful = 2,
        /// A monopoly took value1 cards of resource value2 (`RSRC_TYPE_MONOPOLIZED`); before
        /// 2.5 the victims' SETs follow it.
        ResourceTypeMonopolized = 3,
        /// Sea board: edge value1 became a special edge of type value2, 0 = no longer special
        /// (`BOARD_EDGE_SET_SPECIAL`; SC_FTRI's gift ports, SC_PIRI, ...).
        BoardEdgeSetSpecial = 4,
        /// SC_PIRI: the result of a fortress attack, after its game data (REMOVEPIECE,
        /// PIECEVALUE, ...); value1 = the pirates' defense strength (1-6), value2 = ships lost
        /// (0 the player won, 1 a tie, 2 the pirates won).
        ScPiriFortAttackResult = 1001,
        /// SC_FTRI: the current player took the trade port at edge value1 (value2 its type)
        /// off the board, to place it later (game state 42 PLACING_INV_ITEM).
        TradePortRemoved = 1002,
        /// SC_CLVI: a ship's undo ended the player's cloth trade with the village at node
        /// value1.
        ScClviVillagePlayerRemoved = 1003,
    }
}

wire_enum! {
    /// SIMPLEREQUEST types (`SOCSimpleRequest`).
    SimpleRequestType {
        /// Pick value1 free resources again (the pick was not accepted).
        PromptPickResources = 1,
        /// SC_PIRI: the current player attacks its pirate fortress; refused as pn -1.
        ScPiriFortAttack = 1000,
        /// SC_FTRI: place the trade port being held at edge value1; the server's broadcast of
        /// a placement has value2 = the port type, a refusal pn -1.
        TradePortPlace = 1001,
    }
}

wire_enum! {
    /// INVENTORYITEMACTION actions (`SOCInventoryItemAction`).
    InventoryAction {
        /// Bought (a player's request).
        Buy = 1,
        /// Added to the hand, playable now.
        AddPlayable = 2,
        /// Added to the hand, not playable (kept or new).
        AddOther = 3,
        /// Play it (request).
        Play = 4,
        /// The play was refused (reason code in the last field).
        CannotPlay = 5,
        /// Played.
        Played = 6,
        /// Placing an extra item (SC_FTRI: a second port from one gift).
        PlacingExtra = 7,
        /// Removed from the playable items.
        RemovePlayable = 8,
        /// Removed from the other items.
        RemoveOther = 9,
    }
}

wire_enum! {
    /// SETSPECIALITEM operations (`SOCSetSpecialItem.OP_*`).
    SpecialItemOp {
        /// Set the item.
        Set = 1,
        /// Clear it.
        Clear = 2,
        /// A player's pick (request).
        Pick = 3,
        /// The pick was declined.
        Decline = 4,
        /// Set, as the result of a pick.
        SetPick = 5,
        /// Cleared, as the result of a pick.
        ClearPick = 6,
    }
}

wire_enum! {
    /// STATUSMESSAGE status values a robot looks at.
    StatusValue {
        /// Plain text (welcome).
        Ok = 0,
        /// The nickname is already logged in.
        NameInUse = 4,
        /// An account was created.
        AccountCreatedOk = 7,
        /// The server's first account was created.
        AccountCreatedOkFirstOne = 18,
        /// Logged in under a nickname set by the server.
        OkSetNickname = 20,
        /// Logged in with debug mode on.
        OkDebugModeOn = 21,
        /// The server is shutting down.
        ServerShutdown = 23,
    }
}

impl StatusValue {
    /// The values that report success (`SOCStatusMessage` `SV_OK`, `SV_ACCT_CREATED_OK`,
    /// `SV_ACCT_CREATED_OK_FIRST_ONE`, `SV_OK_SET_NICKNAME`, `SV_OK_DEBUG_MODE_ON`).
    pub const fn is_ok(self) -> bool {
        matches!(
            self,
            StatusValue::Ok
                | StatusValue::AccountCreatedOk
                | StatusValue::AccountCreatedOkFirstOne
                | StatusValue::OkSetNickname
                | StatusValue::OkDebugModeOn
        )
    }
}

wire_enum! {
    /// BOTGAMEDATACHECK data types.
    DataCheckType {
        /// Every robot's exact resource hand.
        Resources = 1,
    }
}

/// The resource type number of a card hidden from this client (in robberies, discards and
/// dice gains), equal to [`PlayerElementType::UnknownResource`].
pub const UNKNOWN_RESOURCE: i32 = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_and_unknown_numbers_are_none() {
        for &s in GameState::ALL {
            assert_eq!(GameState::from_wire(s.wire()), Some(s));
        }
        for &e in PlayerElementType::ALL {
            assert_eq!(PlayerElementType::from_wire(e.wire()), Some(e));
        }
        for &p in PieceType::ALL {
            assert_eq!(PieceType::from_wire(p.wire()), Some(p));
        }
        for &a in DevCardActionKind::ALL {
            assert_eq!(DevCardActionKind::from_wire(a.wire()), Some(a));
        }
        assert_eq!(GameState::from_wire(7), None);
        assert_eq!(ElementAction::from_wire(103), None);
        assert_eq!(GameState::Over.wire(), 1000);
        assert_eq!(PieceType::DevCard.wire(), -2);
        assert_eq!(PlayerElementType::UnknownResource.wire(), UNKNOWN_RESOURCE);
        assert!(GameState::Play1.is_decision() && !GameState::PlacingCity.is_decision());
    }
}
