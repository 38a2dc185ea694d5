//! Connection and lobby messages: version handshake, robot login, pings, status, the game list
//! and game options, invitations.

use crate::message::types::{GameListing, JavaFloat, TfFlag};
use crate::wire::{itoa_like::Int, Field, FieldError, FieldResult, Tokens, Writer};

message_struct! {
    /// Java `SOCVersion`: `vernum,verstr,build,feats[,locale]`. Sent first by both sides.
    Version = 9998, plain {
        /// Version number, e.g. 2700.
        version: i32,
        /// Version text, e.g. `2.7.00`.
        version_str: String,
        /// Build, e.g. `JM20260517` (empty = `\t`).
        build: String,
        /// Feature list, `;`-delimited with leading and trailing `;` (empty = `\t`).
        features: String,
        /// Client locale, if sent.
        locale: Option<String>,
    }
}

message_struct! {
    /// Java `SOCServerPing`: `n`. The robot echoes the same text back.
    ServerPing = 9999, plain {
        /// Sleep time in ms (150000 to robots, 300 to idle games, -1 to a replaced connection).
        value: i32,
    }
}

message_struct! {
    /// Java `SOCChannels`: chat channel names (`1003|` when empty).
    Channels = 1003, plain {
        /// Channel names.
        channels: Vec<String>,
    }
}

message_struct! {
    /// Java `SOCImARobot`: `nickname,cookie,rbclass` (robot login, after VERSION).
    ImARobot = 1022, plain {
        /// Robot nickname.
        nickname: String,
        /// Shared secret `jsettlers.bots.cookie`.
        cookie: String,
        /// Robot class name; anything but `soc.robot.SOCRobotBrain` is "third-party".
        robot_class: String,
    }
}

message_struct! {
    /// Java `SOCUpdateRobotParams`: tuning for the built-in brain; receiving it means "logged in".
    UpdateRobotParams = 1071, plain {
        /// Maximum game length.
        max_game_length: i32,
        /// Maximum ETA.
        max_eta: i32,
        /// ETA bonus factor.
        eta_bonus_factor: JavaFloat,
        /// Adversarial factor.
        adversarial_factor: JavaFloat,
        /// Leader adversarial factor.
        leader_adversarial_factor: JavaFloat,
        /// Dev card multiplier.
        dev_card_multiplier: JavaFloat,
        /// Threat multiplier.
        threat_multiplier: JavaFloat,
        /// Strategy type.
        strategy_type: i32,
        /// Trade flag.
        trade_flag: i32,
    }
}

/// Java `SOCRejectConnection`: `text`. The server closes the socket right after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RejectConnection {
    /// Reason (English, may contain commas).
    pub text: String,
}

impl RejectConnection {
    /// The message type number.
    pub const TYPE_ID: i32 = 1059;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        Ok(RejectConnection {
            text: data.to_owned(),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        out.push_str(&self.text);
    }
}

/// Java `SOCBCastTextMsg`: `text`, a server-wide broadcast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BCastTextMsg {
    /// Broadcast text (may contain commas).
    pub text: String,
}

impl BCastTextMsg {
    /// The message type number.
    pub const TYPE_ID: i32 = 1062;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        Ok(BCastTextMsg {
            text: data.to_owned(),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        out.push_str(&self.text);
    }
}

/// Java `SOCStatusMessage`: `text` (status 0) or `sv,text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusMessage {
    /// Status value if the server wrote one (0 = ok/welcome, 4 = name in use, 23 = shutdown).
    pub status: Option<i32>,
    /// The text (rest of the message; may contain commas).
    pub text: String,
}

impl StatusMessage {
    /// The message type number.
    pub const TYPE_ID: i32 = 1069;

    /// Status value, 0 when absent.
    pub fn status_value(&self) -> i32 {
        self.status.unwrap_or(0)
    }

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        // A leading run of digits then a comma is the status value (SOCStatusMessage.parseDataStr).
        if let Some((head, text)) = data.split_once(',') {
            if !head.is_empty() && head.bytes().all(|b| b.is_ascii_digit()) {
                if let Ok(sv) = head.parse::<i32>() {
                    return Ok(StatusMessage {
                        status: Some(sv),
                        text: text.to_owned(),
                    });
                }
            }
        }
        Ok(StatusMessage {
            status: None,
            text: data.to_owned(),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        if let Some(sv) = self.status {
            sv.push_to(out);
            out.push(',');
        }
        out.push_str(&self.text);
    }
}

message_struct! {
    /// Java `SOCNewGame`: `g` (old-style game created; 2.x clients get NEWGAMEWITHOPTIONS).
    NewGame = 1016, plain {
        /// Game name.
        game: String,
    }
}

/// Java `SOCNewGameWithOptions`: `g,minVers,opts`, a game was created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGameWithOptions {
    /// Game name.
    pub game: String,
    /// Minimum client version, -1 for none.
    pub min_version: i32,
    /// Option string, rest of the message (e.g. `BC=t4,N7=f7,PL=4,RD=f,UBL=t7`; `-` for none).
    pub options: String,
}

impl NewGameWithOptions {
    /// The message type number.
    pub const TYPE_ID: i32 = 1079;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let min_version = t.int()?;
        let options = t.rest();
        if options.is_empty() {
            return Err(FieldError::new("missing options"));
        }
        Ok(NewGameWithOptions {
            game,
            min_version,
            options: options.to_owned(),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.min_version);
        w.raw(&self.options);
    }
}

/// Java `SOCNewGameWithOptionsRequest`: `nick,pw,host,g,opts`, a person's client asks to create
/// (and join) a game with options; `SOCNewGameWithOptionsRequest.toCmd` writes the options as
/// `SOCGameOption.packOptionsToString` packs them (`SBL=t,SC=SC_4ISL,PL=4`) and `parseDataStr`
/// reads them as the rest of the message. Never sent by a robot; the server answers with
/// JOINGAMEAUTH (the creator is the game's first member) or a STATUSMESSAGE refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGameWithOptionsRequest {
    /// Creator's nickname.
    pub nickname: String,
    /// Password (empty = `\t`).
    pub password: String,
    /// Host (`-` from our clients).
    pub host: String,
    /// Game name.
    pub game: String,
    /// Option string, rest of the message.
    pub options: String,
}

impl NewGameWithOptionsRequest {
    /// The message type number.
    pub const TYPE_ID: i32 = 1078;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let nickname = String::read(&mut t)?;
        let password = String::read(&mut t)?;
        let host = String::read(&mut t)?;
        let game = String::read(&mut t)?;
        let options = t.rest();
        if options.is_empty() {
            return Err(FieldError::new("missing options"));
        }
        Ok(NewGameWithOptionsRequest {
            nickname,
            password,
            host,
            game,
            options: options.to_owned(),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.nickname);
        w.str(&self.password);
        w.str(&self.host);
        w.str(&self.game);
        w.raw(&self.options);
    }
}

message_struct! {
    /// Java `SOCDeleteGame`: `g`, the game was destroyed (end-of-game cue in bot-only games).
    DeleteGame = 1015, plain {
        /// Game name.
        game: String,
    }
}

message_struct! {
    /// Java `SOCGames`: game names (sent instead of GAMESWITHOPTIONS to pre-1.1.07 clients).
    Games = 1019, plain {
        /// Game names.
        games: Vec<String>,
    }
}

message_struct! {
    /// Java `SOCGamesWithOptions`: multi `g|opts|g|opts...` (`1083` alone when empty).
    GamesWithOptions = 1083, multi {
        /// Games and their options.
        games: Vec<GameListing>,
    }
}

message_struct! {
    /// Java `SOCGameOptionInfo`: multi, one game option's description (sent at login; ignore).
    GameOptionInfo = 1082, multi {
        /// Option key, `-` for the end-of-list marker.
        key: String,
        /// Option type (`SOCGameOption.OTYPE_*`).
        option_type: i32,
        /// Minimum version.
        min_version: i32,
        /// Last modified in version.
        last_mod_version: i32,
        /// Default boolean value.
        default_bool: TfFlag,
        /// Default int value.
        default_int: i32,
        /// Minimum int value.
        min_int: i32,
        /// Maximum int value.
        max_int: i32,
        /// Current boolean value.
        bool_value: TfFlag,
        /// Current int value, or string value for string options.
        value: String,
        /// Option flags as an int (or `t`/`f` from old servers), as sent.
        flags: String,
        /// Description text, then enum choices if any.
        text: Vec<String>,
    }
}

message_struct! {
    /// Java `SOCChangeGameOptions`: multi, a game's options changed (not seen in classic play).
    ChangeGameOptions = 1108, multi {
        /// Game name.
        game: String,
        /// The option fields as sent.
        values: Vec<String>,
    }
}

/// Java `SOCBotJoinGameRequest`: `g,pn,opts`, an invitation to sit in seat `pn`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotJoinGameRequest {
    /// Game name.
    pub game: String,
    /// The seat offered.
    pub player: i32,
    /// Game options, rest of the message (`-` for none).
    pub options: String,
}

impl BotJoinGameRequest {
    /// The message type number.
    pub const TYPE_ID: i32 = 1023;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let player = t.int()?;
        let options = t.rest();
        if options.is_empty() {
            return Err(FieldError::new("missing options"));
        }
        Ok(BotJoinGameRequest {
            game,
            player,
            options: options.to_owned(),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.player);
        w.raw(&self.options);
    }
}

/// Java `SOCLeaveAll`: `1008`, no data. Sent before a clean disconnect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LeaveAll;

impl LeaveAll {
    /// The message type number.
    pub const TYPE_ID: i32 = 1008;

    pub(crate) fn parse_data(_data: &str) -> FieldResult<Self> {
        Ok(LeaveAll)
    }

    pub(crate) fn encode_data(&self, _out: &mut String) {}
}

#[cfg(test)]
mod tests {
    use super::super::round_trip as rt;
    use crate::Message;

    #[test]
    fn handshake_messages_round_trip() {
        let Message::Version(v) = rt("9998|2700,2.7.00,JM20260517,;ch;") else {
            panic!()
        };
        assert_eq!(
            (v.version, v.features.as_str(), v.locale),
            (2700, ";ch;", None)
        );
        let Message::Version(v) = rt("9998|2700,2.7.00,\t,\t,en_US") else {
            panic!()
        };
        assert_eq!((v.build.as_str(), v.locale.as_deref()), ("", Some("en_US")));
        rt("1022|samplebot1,bench,soc.robot.sample3p.Sample3PClient");
        let Message::UpdateRobotParams(p) = rt("1071|120,35,0.13,1.0,1.0,3.0,1.0,1,1") else {
            panic!()
        };
        assert_eq!(p.eta_bonus_factor.0, 0.13);
        rt("9999|150000");
        rt("1003|");
        rt("1083");
        rt("1083|g1|-|g2|PL=4");
        rt("1008");
    }

    #[test]
    fn rest_of_string_fields_keep_commas() {
        let Message::BotJoinGameRequest(b) = rt("1023|~botsOnly~40,3,BC=t4,N7=f7,RD=f,PL=4,UBL=t7")
        else {
            panic!()
        };
        assert_eq!(
            (b.player, b.options.as_str()),
            (3, "BC=t4,N7=f7,RD=f,PL=4,UBL=t7")
        );
        rt("1079|~botsOnly~1,-1,BC=t4,N7=f7,PL=4,RD=f,UBL=t7");
        let Message::StatusMessage(s) = rt("1069|23,>>> All games finished, bye. <<<") else {
            panic!()
        };
        assert_eq!(s.status, Some(23));
        let Message::StatusMessage(s) = rt("1069|Welcome to Java Settlers of Catan!") else {
            panic!()
        };
        assert_eq!((s.status, s.status_value()), (None, 0));
        rt("1059|Cookie contents do not match the running server.");
    }

    #[test]
    fn game_option_info_round_trips() {
        rt("1082|SC|0|2147483647|2147483647|f|0|0|0|f|0|0|-");
        rt("1082|-|0|2147483647|2147483647|f|0|0|0|f|0|f|-");
        rt("1082|VP|6|1000|2000|f|10|10|20|f|10|0|Victory points to win: #");
    }
}
