//! Typed messages: [`Message`] has one variant per message type a robot sends or receives in a
//! classic 4-player game, a 6-player one or a sea-board / scenario game (plus a few superseded
//! ones that are cheap to parse), and [`Message::Unknown`] for every other type number. Imports [`crate::wire`] and
//! [`crate::error`] only.
//!
//! Wire text layout (guide §1.2):
//!
//! ```text
//! plain:  TYPE|f1,f2,f3        split the data on ',' (empty tokens dropped)
//! multi:  TYPE|f1|f2|f3        split the data on '|' (empty tokens dropped)
//! bare:   TYPE                 no data at all
//! ```
//!
//! Parsing keeps whatever the server's spelling varies in (optional trailing fields, `Y` news
//! flags, the `p` prefix in DISCARD, ...) so that [`Message::encode`] gives back the same text.
//! Each struct's doc line names the Java class; `TYPE_ID` is the type number.

/// Declares a message struct whose fields are all [`crate::wire::Field`]s, in wire order.
///
/// `plain`: `TYPE|a,b,c`; `multi`: `TYPE|a|b|c`. Generates `TYPE_ID`, `parse_data` (the text
/// after the first `|`) and `encode_data` (everything after the type number).
macro_rules! message_struct {
    (
        $(#[$doc:meta])*
        $name:ident = $id:literal, $kind:ident {
            $( $(#[$fdoc:meta])* $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq)]
        pub struct $name {
            $( $(#[$fdoc])* pub $field: $ty, )*
        }

        impl $name {
            /// The message type number.
            pub const TYPE_ID: i32 = $id;

            #[allow(unused_mut, unused_variables)]
            pub(crate) fn parse_data(data: &str) -> $crate::wire::FieldResult<Self> {
                let mut t = $crate::wire::Tokens::new(data, message_struct!(@sep $kind));
                $( let $field = <$ty as $crate::wire::Field>::read(&mut t)?; )*
                t.finish()?;
                Ok($name { $( $field ),* })
            }

            #[allow(unused_mut, unused_variables)]
            pub(crate) fn encode_data(&self, out: &mut String) {
                message_struct!(@open $kind, out);
                let mut w = $crate::wire::Writer::new(out, message_struct!(@sep $kind), message_struct!(@lead $kind));
                $( $crate::wire::Field::write(&self.$field, &mut w); )*
            }
        }
    };
    (@sep plain) => { ',' };
    (@sep multi) => { '|' };
    (@lead plain) => { false };
    (@lead multi) => { true };
    (@open plain, $out:ident) => { $out.push('|') };
    (@open multi, $out:ident) => { () };
}

mod board;
mod cards;
mod chat;
mod game;
mod lobby;
mod request;
mod resources;
mod sea;
mod trade;
mod turn;
mod types;

pub use board::*;
pub use cards::*;
pub use chat::*;
pub use game::*;
pub use lobby::*;
pub use resources::*;
pub use sea::*;
pub use trade::*;
pub use turn::*;
pub use types::*;

use crate::error::ParseError;
use crate::wire::{self, itoa_like::Int};

macro_rules! messages {
    ($( $variant:ident ),* $(,)?) => {
        /// One JSettlers2 message, typed. See the module docs for the wire layout.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Message {
            $(
                #[doc = concat!("See [`", stringify!($variant), "`].")]
                $variant($variant),
            )*
            /// A type number this crate does not catalogue; the whole text is kept.
            Unknown {
                /// The leading type number.
                type_id: i32,
                /// The whole message text (type number included).
                text: String,
            },
        }

        $(
            impl From<$variant> for Message {
                fn from(m: $variant) -> Message {
                    Message::$variant(m)
                }
            }
        )*

        impl Message {
            /// Type numbers of every catalogued message, in declaration order.
            pub const CATALOGUED_TYPE_IDS: &'static [i32] = &[ $( $variant::TYPE_ID ),* ];

            /// The message's type number.
            pub fn type_id(&self) -> i32 {
                match self {
                    $( Message::$variant(_) => $variant::TYPE_ID, )*
                    Message::Unknown { type_id, .. } => *type_id,
                }
            }

            /// The variant name (the Java class without `SOC`), `"Unknown"` for unknown types.
            pub fn name(&self) -> &'static str {
                match self {
                    $( Message::$variant(_) => stringify!($variant), )*
                    Message::Unknown { .. } => "Unknown",
                }
            }

            /// The variant name for a type number, if catalogued.
            pub fn name_of(type_id: i32) -> Option<&'static str> {
                match type_id {
                    $( $variant::TYPE_ID => Some(stringify!($variant)), )*
                    _ => None,
                }
            }

            /// Parses one message text (as `readUTF` returned it).
            ///
            /// # Errors
            /// [`ParseError`] (holding the text) if the text does not start with a type number,
            /// or names a catalogued type whose fields do not parse. An uncatalogued type number
            /// is not an error: it gives [`Message::Unknown`].
            pub fn parse(text: &str) -> Result<Message, ParseError> {
                let Some((type_id, data)) = wire::split_type(text) else {
                    return Err(ParseError {
                        type_id: None,
                        text: text.to_owned(),
                        reason: "no message type number".to_owned(),
                    });
                };
                let parsed = match type_id {
                    $( $variant::TYPE_ID => $variant::parse_data(data).map(Message::$variant), )*
                    _ => return Ok(Message::Unknown { type_id, text: text.to_owned() }),
                };
                parsed.map_err(|e| ParseError { type_id: Some(type_id), text: text.to_owned(), reason: e.0 })
            }

            /// Appends the wire text of this message to `out`.
            pub fn encode_into(&self, out: &mut String) {
                match self {
                    $(
                        Message::$variant(m) => {
                            $variant::TYPE_ID.push_to(out);
                            m.encode_data(out);
                        }
                    )*
                    Message::Unknown { text, .. } => out.push_str(text),
                }
            }
        }
    };
}

messages! {
    // lobby.rs: connection and lobby
    Version, ServerPing, Channels, ImARobot, UpdateRobotParams, RejectConnection, StatusMessage,
    BCastTextMsg, NewGame, NewGameWithOptions, NewGameWithOptionsRequest, DeleteGame, Games, GamesWithOptions,
    GameOptionInfo, ChangeGameOptions, BotJoinGameRequest, LeaveAll,
    // game.rs: membership, seats, game flow
    JoinGame, JoinGameAuth, GameMembers, LeaveGame, SitDown, SetSeatLock, ChangeFace,
    RobotDismiss, ResetBoardAuth, GameStats, PlayerStats, TimingPing, StartGame, GameState, Turn,
    SetTurn, FirstPlayer, GameElements, SetLastAction, UndoNotAllowedReasonText, LongestRoad,
    LargestArmy, DeclinePlayerRequest, SimpleRequest, SimpleAction,
    // board.rs: layout and pieces
    BoardLayout, BoardLayout2, PotentialSettlements, PutPiece, BuildRequest, CancelBuildRequest,
    MoveRobber, LastSettlement, UndoPutPiece,
    // turn.rs: dice and turn end
    RollDicePrompt, RollDiceRequest, RollDice, DiceResult, DiceResultResources, EndTurn,
    // resources.rs: hands, discards, robbery
    PlayerElement, PlayerElements, DiscardRequest, Discard, ResourceCount, PickResources,
    PickResourceType, BotGameDataCheck, RobberyResult, ChoosePlayerRequest, ChoosePlayer,
    // trade.rs
    BankTrade, MakeOffer, ClearTradeMsg, RejectOffer, AcceptOffer, ClearOffer,
    // cards.rs: development cards
    BuyDevCardRequest, DevCardAction, DevCardCount, SetPlayedDevCard, PlayDevCardRequest,
    // chat.rs: text
    GameTextMsg, GameServerText,
    // sea.rs: sea board and scenarios
    MovePiece, RemovePiece, PieceValue, SVPTextMessage, InventoryItemAction, SetSpecialItem,
    RevealFogHex, SetShipRouteClosed,
}

impl Message {
    /// The wire text of this message (without framing).
    pub fn encode(&self) -> String {
        let mut out = String::with_capacity(32);
        self.encode_into(&mut out);
        out
    }

    /// Whether `type_id` has a typed variant here.
    pub fn is_catalogued(type_id: i32) -> bool {
        Message::name_of(type_id).is_some()
    }

    /// The game this message is about, for messages addressed to one game.
    pub fn game(&self) -> Option<&str> {
        use Message as M;
        Some(match self {
            M::JoinGame(m) => &m.game,
            M::JoinGameAuth(m) => &m.game,
            M::GameMembers(m) => &m.game,
            M::LeaveGame(m) => &m.game,
            M::SitDown(m) => &m.game,
            M::SetSeatLock(m) => &m.game,
            M::ChangeFace(m) => &m.game,
            M::RobotDismiss(m) => &m.game,
            M::ResetBoardAuth(m) => &m.game,
            M::GameStats(m) => &m.game,
            M::PlayerStats(m) => &m.game,
            M::TimingPing(m) => &m.game,
            M::StartGame(m) => &m.game,
            M::GameState(m) => &m.game,
            M::Turn(m) => &m.game,
            M::SetTurn(m) => &m.game,
            M::FirstPlayer(m) => &m.game,
            M::GameElements(m) => &m.game,
            M::SetLastAction(m) => &m.game,
            M::UndoNotAllowedReasonText(m) => &m.game,
            M::LongestRoad(m) => &m.game,
            M::LargestArmy(m) => &m.game,
            M::DeclinePlayerRequest(m) => &m.game,
            M::SimpleRequest(m) => &m.game,
            M::SimpleAction(m) => &m.game,
            M::BoardLayout(m) => &m.game,
            M::BoardLayout2(m) => &m.game,
            M::PotentialSettlements(m) => &m.game,
            M::PutPiece(m) => &m.game,
            M::BuildRequest(m) => &m.game,
            M::CancelBuildRequest(m) => &m.game,
            M::MoveRobber(m) => &m.game,
            M::LastSettlement(m) => &m.game,
            M::UndoPutPiece(m) => &m.game,
            M::RollDicePrompt(m) => &m.game,
            M::RollDiceRequest(m) => &m.game,
            M::RollDice(m) => &m.game,
            M::DiceResult(m) => &m.game,
            M::DiceResultResources(m) => &m.game,
            M::EndTurn(m) => &m.game,
            M::PlayerElement(m) => &m.game,
            M::PlayerElements(m) => &m.game,
            M::DiscardRequest(m) => &m.game,
            M::Discard(m) => &m.game,
            M::ResourceCount(m) => &m.game,
            M::PickResources(m) => &m.game,
            M::PickResourceType(m) => &m.game,
            M::BotGameDataCheck(m) => &m.game,
            M::RobberyResult(m) => &m.game,
            M::ChoosePlayerRequest(m) => &m.game,
            M::ChoosePlayer(m) => &m.game,
            M::BankTrade(m) => &m.game,
            M::MakeOffer(m) => &m.game,
            M::ClearTradeMsg(m) => &m.game,
            M::RejectOffer(m) => &m.game,
            M::AcceptOffer(m) => &m.game,
            M::ClearOffer(m) => &m.game,
            M::BuyDevCardRequest(m) => &m.game,
            M::DevCardAction(m) => &m.game,
            M::DevCardCount(m) => &m.game,
            M::SetPlayedDevCard(m) => &m.game,
            M::PlayDevCardRequest(m) => &m.game,
            M::GameTextMsg(m) => &m.game,
            M::GameServerText(m) => &m.game,
            M::MovePiece(m) => &m.game,
            M::RemovePiece(m) => &m.game,
            M::PieceValue(m) => &m.game,
            M::SVPTextMessage(m) => &m.game,
            M::InventoryItemAction(m) => &m.game,
            M::SetSpecialItem(m) => &m.game,
            M::RevealFogHex(m) => &m.game,
            M::SetShipRouteClosed(m) => &m.game,
            M::NewGame(m) => &m.game,
            M::NewGameWithOptions(m) => &m.game,
            M::NewGameWithOptionsRequest(m) => &m.game,
            M::DeleteGame(m) => &m.game,
            M::BotJoinGameRequest(m) => &m.game,
            _ => return None,
        })
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.encode())
    }
}

impl std::str::FromStr for Message {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Message, ParseError> {
        Message::parse(s)
    }
}

/// Parses one message text; same as [`Message::parse`].
///
/// # Errors
/// See [`Message::parse`].
pub fn parse(text: &str) -> Result<Message, ParseError> {
    Message::parse(text)
}

/// Type numbers a robot must understand in a classic game (guide §4.1 and §4.2, plus the
/// superseded ones listed there as "parse anyway if cheap"). Every one is catalogued; the
/// `decode` tool flags any of these that comes out as [`Message::Unknown`].
pub const ROBOT_TYPE_IDS: &[i32] = &[
    9998, 9999, 1003, 1082, 1083, 1071, 1059, 1069, 1079, 1015, 1023, 1021, 1013, 1017, 1012, 1011,
    1068, 1058, 1061, 1018, 1014, 1057, 1025, 1026, 1072, 1028, 1092, 1024, 1086, 1096, 1009, 1044,
    1104, 1029, 1033, 1034, 1036, 1102, 1046, 1090, 1089, 1052, 1063, 1040, 1041, 1042, 1037, 1039,
    1038, 1103, 1091, 1010, 1056, 1074, 1085, 1106, 1105, 1107, 1022, 1008, 1043, 1045, 1049, 1031,
    1035, 1053, 1032, 1066, 1067, 1048, 1054, 1055, 1060, 1047, 1030, 1088,
];

/// Test helper for every message module: parses `text`, asserts it re-encodes to exactly
/// `text`, and returns the message.
#[cfg(test)]
#[track_caller]
pub(crate) fn round_trip(text: &str) -> Message {
    let m = Message::parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.encode(), text, "re-encoding {m:?}");
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_robot_type_is_catalogued() {
        for &id in ROBOT_TYPE_IDS {
            assert!(Message::is_catalogued(id), "type {id} not catalogued");
        }
        let mut ids = Message::CATALOGUED_TYPE_IDS.to_vec();
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate type id");
    }

    #[test]
    fn unknown_types_keep_their_text() {
        let m = round_trip("4242|a,b||c");
        assert_eq!(
            m,
            Message::Unknown {
                type_id: 4242,
                text: "4242|a,b||c".into()
            }
        );
        assert_eq!(m.name(), "Unknown");
    }

    #[test]
    fn garbage_is_a_parse_error_not_a_panic() {
        for text in [
            "",
            "|",
            "abc",
            "1009",
            "1009|",
            "1009|g,1,2",
            "1009|g,1,2,3,4",
            "1025|g,x",
            "99999999999|x",
        ] {
            let r = Message::parse(text);
            assert!(r.is_err(), "{text:?} gave {r:?}");
        }
    }

    #[test]
    fn put_piece_fields_are_typed() {
        let m = round_trip("1009|~botsOnly~1,2,1,69");
        let Message::PutPiece(p) = m else { panic!() };
        assert_eq!(
            (p.game.as_str(), p.player, p.piece_type, p.coordinate),
            ("~botsOnly~1", 2, 1, 69)
        );
        assert_eq!(Message::from(p).game(), Some("~botsOnly~1"));
    }
}
