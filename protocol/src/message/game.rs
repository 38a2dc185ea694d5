//! Game membership, seats and game flow: join, sit, leave, states, turns, game elements,
//! refusals, statistics.

use crate::message::types::{peek_int, ElementValue, ResourceSet, SeatLock};
use crate::wire::{Field, FieldError, FieldResult, Tokens, Writer};

message_struct! {
    /// Java `SOCJoinGame`: `nick,pw,host,g`. Sent by the robot (`nick,\t,\t,g`) and announced
    /// by the server when anyone joins.
    JoinGame = 1013, plain {
        /// Member nickname.
        nickname: String,
        /// Password (empty = `\t`).
        password: String,
        /// Host (empty = `\t`).
        host: String,
        /// Game name.
        game: String,
    }
}

/// Java `SOCJoinGameAuth`: the join was accepted. `g` on the classic and 6-player boards;
/// `g,height,width[,S,vs1,vs2,...]` on the large (sea) board, written by
/// `SOCJoinGameAuth.toCmd` whenever the height or width is not 0 (`SOCGameHandler.joinGame`
/// sends `SOCBoardLarge`'s size and, from 2.5, its visual shift `VS`), for example
/// `1021|~botsOnly~2,20,21,S,-2,1,3,0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinGameAuth {
    /// Game name.
    pub game: String,
    /// The large board's size and visual shift; `None` for a classic or 6-player board.
    pub board: Option<BoardSize>,
}

/// The board fields of a sea-board [`JoinGameAuth`] (`SOCJoinGameAuth.getBoardHeight`,
/// `getBoardWidth`, `getLayoutVS`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSize {
    /// Board height in rows (`SOCBoardLarge.getBoardHeight`, e.g. 20).
    pub height: i32,
    /// Board width in columns (e.g. 21).
    pub width: i32,
    /// The optional field after the `S` marker: the board's visual shift and trim
    /// (`SOCBoardLarge` layout part `VS`: shift down, shift right[, trim bottom, trim right],
    /// in quarters of a hex; 2 values before 2.4, 4 since), at least 2 values; `None` when not
    /// sent.
    pub visual_shift: Option<Vec<i32>>,
}

impl JoinGameAuth {
    /// The message type number.
    pub const TYPE_ID: i32 = 1021;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        if t.is_done() {
            return Ok(JoinGameAuth { game, board: None });
        }
        let height = t.int()?;
        let width = t.int()?;
        let visual_shift = match t.next_token() {
            None => None,
            // `parseDataStr` gives up on any other marker ("in case a later version adds other
            // optional fields").
            Some("S") => {
                let vs = Vec::<i32>::read(&mut t)?;
                if vs.len() < 2 {
                    return Err(FieldError::new(format!(
                        "visual shift needs at least 2 values, got {}",
                        vs.len()
                    )));
                }
                Some(vs)
            }
            Some(other) => {
                return Err(FieldError::new(format!(
                    "unknown optional-field marker {other:?}"
                )))
            }
        };
        Ok(JoinGameAuth {
            game,
            board: Some(BoardSize {
                height,
                width,
                visual_shift,
            }),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        if let Some(b) = &self.board {
            w.int(b.height);
            w.int(b.width);
            if let Some(vs) = &b.visual_shift {
                w.raw("S");
                vs.write(&mut w);
            }
        }
    }
}

message_struct! {
    /// Java `SOCGameMembers`: `g,name,...`. End of the join snapshot: now send SITDOWN.
    GameMembers = 1017, plain {
        /// Game name.
        game: String,
        /// Member nicknames.
        members: Vec<String>,
    }
}

message_struct! {
    /// Java `SOCLeaveGame`: `nick,host,g`. Robot sends `nick,-,g`.
    LeaveGame = 1011, plain {
        /// Nickname.
        nickname: String,
        /// Host (`-` from robots).
        host: String,
        /// Game name.
        game: String,
    }
}

message_struct! {
    /// Java `SOCSitDown`: `g,nick,pn,isRobot`. Robot sends `g,\t,pn,true`.
    SitDown = 1012, plain {
        /// Game name.
        game: String,
        /// Nickname (empty = `\t` when the robot sends it).
        nickname: String,
        /// Seat number.
        player: i32,
        /// Robot flag.
        robot: bool,
    }
}

/// Java `SOCSetSeatLock`: `g,b0,b1,b2,b3` (all seats) or `g,pn,lock` (one seat).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetSeatLock {
    /// Game name.
    pub game: String,
    /// Which seats the message covers.
    pub locks: SeatLocks,
}

/// The two forms of [`SetSeatLock`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatLocks {
    /// One seat: `g,pn,lock`.
    One {
        /// Seat number.
        player: i32,
        /// Its lock.
        lock: SeatLock,
    },
    /// Every seat, in seat order: `g,l0,l1,...`.
    All(Vec<SeatLock>),
}

impl SetSeatLock {
    /// The message type number.
    pub const TYPE_ID: i32 = 1068;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let locks = if peek_int(&t).is_some() {
            SeatLocks::One {
                player: t.int()?,
                lock: SeatLock::read(&mut t)?,
            }
        } else {
            let v = Vec::<SeatLock>::read(&mut t)?;
            if v.is_empty() {
                return Err(FieldError::new("no seat locks"));
            }
            SeatLocks::All(v)
        };
        t.finish()?;
        Ok(SetSeatLock { game, locks })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        match &self.locks {
            SeatLocks::One { player, lock } => {
                w.int(*player);
                lock.write(&mut w);
            }
            SeatLocks::All(v) => v.write(&mut w),
        }
    }
}

message_struct! {
    /// Java `SOCChangeFace`: `g,pn,face` (player icon; ignore).
    ChangeFace = 1058, plain {
        /// Game name.
        game: String,
        /// Seat number.
        player: i32,
        /// Face id.
        face: i32,
    }
}

message_struct! {
    /// Java `SOCRobotDismiss`: `g`. Leave this game.
    RobotDismiss = 1056, plain {
        /// Game name.
        game: String,
    }
}

message_struct! {
    /// Java `SOCResetBoardAuth`: `g,rejoinPN,requesterPN`. The board is being reset.
    ResetBoardAuth = 1074, plain {
        /// Game name.
        game: String,
        /// Player number to rejoin as (-1 to robots).
        rejoin_player: i32,
        /// Who asked for the reset.
        requester: i32,
    }
}

/// Java `SOCGameStats`: final scores `g,vp0..vpN,robot0..robotN`, or another statistic
/// `g,tTYPE,v1,v2,...` (type 2 = timing, sent at join).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameStats {
    /// Game name.
    pub game: String,
    /// The statistic.
    pub stats: GameStatsKind,
}

/// The two layouts of [`GameStats`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameStatsKind {
    /// Type 1 (no `t` field): total VP per seat including hidden VP cards, and robot flags.
    Players {
        /// Final victory points per seat.
        scores: Vec<i32>,
        /// Whether each seat is a robot.
        robots: Vec<bool>,
    },
    /// Any other type, written `tN` (2 = game timing: start time in seconds, ...).
    Other {
        /// The statistic type N.
        stat_type: i32,
        /// Its values.
        values: Vec<i64>,
    },
}

impl GameStats {
    /// The message type number.
    pub const TYPE_ID: i32 = 1061;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let stats = match t.peek().and_then(|s| s.strip_prefix('t')) {
            Some(n) => {
                t.next_token();
                let stat_type = crate::wire::parse_i32(n)?;
                GameStatsKind::Other {
                    stat_type,
                    values: Vec::read(&mut t)?,
                }
            }
            None => {
                let mut scores = Vec::new();
                while let Some(v) = peek_int(&t) {
                    t.next_token();
                    scores.push(v);
                }
                let robots = Vec::<bool>::read(&mut t)?;
                if scores.len() != robots.len() || scores.is_empty() {
                    return Err(FieldError::new("scores and robot flags differ in number"));
                }
                GameStatsKind::Players { scores, robots }
            }
        };
        Ok(GameStats { game, stats })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        match &self.stats {
            GameStatsKind::Players { scores, robots } => {
                scores.write(&mut w);
                robots.write(&mut w);
            }
            GameStatsKind::Other { stat_type, values } => {
                w.raw(&format!("t{stat_type}"));
                values.write(&mut w);
            }
        }
    }
}

message_struct! {
    /// Java `SOCPlayerStats`: multi `g|type|v1|v2...` (only when sitting into a running game).
    PlayerStats = 1085, multi {
        /// Game name.
        game: String,
        /// Statistic type (1 = resource roll stats).
        stat_type: i32,
        /// Values.
        values: Vec<i32>,
    }
}

message_struct! {
    /// Java `SOCTimingPing`: `g` (internal to the Java robot; never on the network in practice).
    TimingPing = 1088, plain {
        /// Game name.
        game: String,
    }
}

message_struct! {
    /// Java `SOCStartGame`: `g[,state]`. From the server: the game started (state 5
    /// START1A). From a person's client: a request to start it, without the state
    /// (`SOCStartGame.toCmd` omits a state of 0).
    StartGame = 1018, plain {
        /// Game name.
        game: String,
        /// Game state; `None` in a client's request.
        state: Option<i32>,
    }
}

message_struct! {
    /// Java `SOCGameState`: `g,state` (guide §6.1).
    GameState = 1025, plain {
        /// Game name.
        game: String,
        /// Game state.
        state: i32,
    }
}

message_struct! {
    /// Java `SOCTurn`: `g,pn[,state]`. New current player (state omitted by Java when 0).
    Turn = 1026, plain {
        /// Game name.
        game: String,
        /// The new current player.
        player: i32,
        /// New game state, if sent.
        state: Option<i32>,
    }
}

message_struct! {
    /// Java `SOCSetTurn`: `g,pn` (superseded by TURN / GAMEELEMENTS).
    SetTurn = 1055, plain {
        /// Game name.
        game: String,
        /// Current player.
        player: i32,
    }
}

message_struct! {
    /// Java `SOCFirstPlayer`: `g,pn` (superseded by GAMEELEMENTS 3).
    FirstPlayer = 1054, plain {
        /// Game name.
        game: String,
        /// First player.
        player: i32,
    }
}

message_struct! {
    /// Java `SOCGameElements`: multi `g|elem|value|elem|value...` (guide §4.3).
    GameElements = 1096, multi {
        /// Game name.
        game: String,
        /// (element type, value) pairs: 1 ROUND_COUNT, 2 DEV_CARD_COUNT, 3 FIRST_PLAYER,
        /// 4 CURRENT_PLAYER, 5 LARGEST_ARMY_PLAYER, 6 LONGEST_ROAD_PLAYER.
        elements: Vec<ElementValue>,
    }
}

/// Java `SOCSetLastAction`: `g,type,p1,p2,p3[,R1,5 ints][,R2,5 ints]` (join snapshot; undo).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetLastAction {
    /// Game name.
    pub game: String,
    /// Action type.
    pub action_type: i32,
    /// First parameter.
    pub param1: i32,
    /// Second parameter.
    pub param2: i32,
    /// Third parameter.
    pub param3: i32,
    /// First resource set (`R1`), if any.
    pub resources1: Option<ResourceSet>,
    /// Second resource set (`R2`), if any.
    pub resources2: Option<ResourceSet>,
}

impl SetLastAction {
    /// The message type number.
    pub const TYPE_ID: i32 = 1106;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let (action_type, param1, param2, param3) = (t.int()?, t.int()?, t.int()?, t.int()?);
        let mut resources1 = None;
        let mut resources2 = None;
        if t.peek() == Some("R1") {
            t.next_token();
            resources1 = Some(ResourceSet::read(&mut t)?);
        }
        if t.peek() == Some("R2") {
            t.next_token();
            resources2 = Some(ResourceSet::read(&mut t)?);
        }
        t.finish()?;
        Ok(SetLastAction {
            game,
            action_type,
            param1,
            param2,
            param3,
            resources1,
            resources2,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        for v in [self.action_type, self.param1, self.param2, self.param3] {
            w.int(v);
        }
        if let Some(r) = &self.resources1 {
            w.raw("R1");
            r.write(&mut w);
        }
        if let Some(r) = &self.resources2 {
            w.raw("R2");
            r.write(&mut w);
        }
    }
}

/// Java `SOCUndoNotAllowedReasonText`: `g,0|1[,reason]` (only with the undo option).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoNotAllowedReasonText {
    /// Game name.
    pub game: String,
    /// Whether undo is not allowed (`1`).
    pub not_allowed: bool,
    /// Reason text, rest of the message.
    pub reason: Option<String>,
}

impl UndoNotAllowedReasonText {
    /// The message type number.
    pub const TYPE_ID: i32 = 1107;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let not_allowed = match t.int()? {
            0 => false,
            1 => true,
            v => return Err(FieldError::new(format!("expected 0 or 1, got {v}"))),
        };
        let rest = t.rest();
        let reason = (!rest.is_empty()).then(|| rest.to_owned());
        Ok(UndoNotAllowedReasonText {
            game,
            not_allowed,
            reason,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(i32::from(self.not_allowed));
        if let Some(r) = &self.reason {
            w.raw(r);
        }
    }
}

message_struct! {
    /// Java `SOCLongestRoad`: `g,pn` (superseded by GAMEELEMENTS 6).
    LongestRoad = 1066, plain {
        /// Game name.
        game: String,
        /// Holder, -1 for nobody.
        player: i32,
    }
}

message_struct! {
    /// Java `SOCLargestArmy`: `g,pn` (superseded by GAMEELEMENTS 5).
    LargestArmy = 1067, plain {
        /// Game name.
        game: String,
        /// Holder, -1 for nobody.
        player: i32,
    }
}

/// Java `SOCDeclinePlayerRequest`: `g,state,reason[,d1,d2[,text]]`. Your request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclinePlayerRequest {
    /// Game name.
    pub game: String,
    /// Current game state, 0 if not included.
    pub state: i32,
    /// Reason: 0 other, 1 not this game, 2 not your turn, 3 not now, 4 bad location, 5 bad specifics.
    pub reason: i32,
    /// Detail values (for a location refusal: piece type and coordinate), if sent.
    pub details: Option<(i32, i32)>,
    /// Reason text, rest of the message (may contain commas), if sent.
    pub text: Option<String>,
}

impl DeclinePlayerRequest {
    /// The message type number.
    pub const TYPE_ID: i32 = 1104;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let state = t.int()?;
        let reason = t.int()?;
        let details = Option::<(i32, i32)>::read(&mut t)?;
        let rest = t.rest();
        let text = (!rest.is_empty()).then(|| rest.to_owned());
        if text.is_some() && details.is_none() {
            return Err(FieldError::new("text without details"));
        }
        Ok(DeclinePlayerRequest {
            game,
            state,
            reason,
            details,
            text,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.state);
        w.int(self.reason);
        self.details.write(&mut w);
        if let Some(text) = &self.text {
            w.raw(text);
        }
    }
}

message_struct! {
    /// Java `SOCSimpleRequest`: `g,pn,reqType,v1,v2` (1 = PROMPT_PICK_RESOURCES: re-pick v1;
    /// scenarios: 1000 SC_PIRI_FORT_ATTACK, 1001 TRADE_PORT_PLACE; see
    /// [`crate::codes::SimpleRequestType`]).
    SimpleRequest = 1089, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Request type.
        request_type: i32,
        /// First value.
        value1: i32,
        /// Second value.
        value2: i32,
    }
}

message_struct! {
    /// Java `SOCSimpleAction`: `g,pn,actType,v1,v2` (1 DEVCARD_BOUGHT v1 = cards left;
    /// 3 RSRC_TYPE_MONOPOLIZED v1 = amount, v2 = resource; sea board and scenarios:
    /// 4 BOARD_EDGE_SET_SPECIAL, 1001 SC_PIRI_FORT_ATTACK_RESULT, 1002 TRADE_PORT_REMOVED,
    /// 1003 SC_CLVI_VILLAGE_PLAYER_REMOVED; see [`crate::codes::SimpleActionType`]).
    SimpleAction = 1090, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Action type.
        action_type: i32,
        /// First value.
        value1: i32,
        /// Second value.
        value2: i32,
    }
}

#[cfg(test)]
mod tests {
    use super::super::round_trip as rt;
    use super::*;
    use crate::Message;

    #[test]
    fn join_and_sit_round_trip() {
        let Message::JoinGame(j) = rt("1013|samplebot1,\t,\t,~botsOnly~40") else {
            panic!()
        };
        assert_eq!((j.password.as_str(), j.host.as_str()), ("", ""));
        let Message::SitDown(s) = rt("1012|~botsOnly~40,\t,3,true") else {
            panic!()
        };
        assert_eq!((s.nickname.as_str(), s.player, s.robot), ("", 3, true));
        rt("1017|~botsOnly~40,robot 3,robot 2,robot 4,samplebot1");
        rt("1011|mybot,-,g");
    }

    #[test]
    fn join_game_auth_board_forms() {
        let Message::JoinGameAuth(a) = rt("1021|~botsOnly~40") else {
            panic!()
        };
        assert_eq!(a.board, None);
        // 2.6.10, a 4-player sea board: height 20, width 21, visual shift -2,1,3,0.
        let Message::JoinGameAuth(a) = rt("1021|~botsOnly~2,20,21,S,-2,1,3,0") else {
            panic!()
        };
        assert_eq!(
            a.board,
            Some(BoardSize {
                height: 20,
                width: 21,
                visual_shift: Some(vec![-2, 1, 3, 0])
            })
        );
        let Message::JoinGameAuth(a) = rt("1021|g,16,18") else {
            panic!()
        };
        assert_eq!(a.board.unwrap().visual_shift, None);
        for bad in [
            "1021|g,16",
            "1021|g,16,x",
            "1021|g,16,18,S",
            "1021|g,16,18,S,1",
            "1021|g,16,18,T,1,2",
            "1021|g,16,18,S,1,x",
        ] {
            assert!(Message::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn seat_locks_both_forms() {
        let Message::SetSeatLock(s) = rt("1068|g,false,true,clear,false") else {
            panic!()
        };
        assert_eq!(
            s.locks,
            SeatLocks::All(vec![
                SeatLock::Unlocked,
                SeatLock::Locked,
                SeatLock::ClearOnReset,
                SeatLock::Unlocked
            ])
        );
        let Message::SetSeatLock(s) = rt("1068|g,2,true") else {
            panic!()
        };
        assert_eq!(
            s.locks,
            SeatLocks::One {
                player: 2,
                lock: SeatLock::Locked
            }
        );
    }

    #[test]
    fn game_stats_both_forms() {
        let Message::GameStats(g) = rt("1061|g,8,7,2,10,true,true,true,true") else {
            panic!()
        };
        assert_eq!(
            g.stats,
            GameStatsKind::Players {
                scores: vec![8, 7, 2, 10],
                robots: vec![true; 4]
            }
        );
        let Message::GameStats(g) = rt("1061|g,t2,1795955194,0,0") else {
            panic!()
        };
        assert_eq!(
            g.stats,
            GameStatsKind::Other {
                stat_type: 2,
                values: vec![1795955194, 0, 0]
            }
        );
        assert!(Message::parse("1061|g,8,7,true").is_err());
    }

    #[test]
    fn decline_with_and_without_details() {
        let Message::DeclinePlayerRequest(d) =
            rt("1104|g,0,4,1,17,You can't build a settlement there.")
        else {
            panic!()
        };
        assert_eq!(
            (d.reason, d.details, d.text.as_deref()),
            (
                4,
                Some((1, 17)),
                Some("You can't build a settlement there.")
            )
        );
        let Message::DeclinePlayerRequest(d) = rt("1104|g,0,2") else {
            panic!()
        };
        assert_eq!((d.details, d.text), (None, None));
        rt("1104|g,20,3,0,0,No, not now, sorry.");
    }

    #[test]
    fn turn_elements_and_last_action() {
        let Message::Turn(t) = rt("1026|g,2,5") else {
            panic!()
        };
        assert_eq!(t.state, Some(5));
        rt("1026|g,2");
        let Message::GameElements(e) = rt("1096|g|2|25|1|0|3|-1|6|-1|5|-1") else {
            panic!()
        };
        assert_eq!(
            e.elements[0],
            ElementValue {
                element: 2,
                value: 25
            }
        );
        rt("1106|g,3,0,0,0,R1,1,0,0,0,1,R2,0,0,1,0,0");
        rt("1106|g,1,2,3,4");
        rt("1107|g,1,Can't undo, sorry");
        rt("1107|g,0");
    }
}
