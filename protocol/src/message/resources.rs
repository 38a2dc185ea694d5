//! Hands and resources: player elements, discards, picks, robbery, the debug data check.

use crate::message::types::{ElementValue, ResourceSet, SeatHand};
use crate::wire::{parse_i32, Field, FieldError, FieldResult, Tokens, Writer};

/// Java `SOCPlayerElement`: `g,pn,action,elem,amount[,Y]`.
/// Actions 100 SET, 101 GAIN, 102 LOSE; `Y` marks "news" (robbery, monopoly, forced discard).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerElement {
    /// Game name.
    pub game: String,
    /// Player number, -1 for all.
    pub player: i32,
    /// 100 SET, 101 GAIN, 102 LOSE.
    pub action: i32,
    /// Element type (guide §4.3).
    pub element: i32,
    /// Amount.
    pub amount: i32,
    /// The trailing `Y` news flag.
    pub news: bool,
}

impl PlayerElement {
    /// The message type number.
    pub const TYPE_ID: i32 = 1024;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let (player, action, element, amount) = (t.int()?, t.int()?, t.int()?, t.int()?);
        let news = match t.next_token() {
            None => false,
            Some("Y") => true,
            Some(s) => return Err(FieldError::new(format!("expected Y, got {s:?}"))),
        };
        t.finish()?;
        Ok(PlayerElement {
            game,
            player,
            action,
            element,
            amount,
            news,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        for v in [self.player, self.action, self.element, self.amount] {
            w.int(v);
        }
        if self.news {
            w.raw("Y");
        }
    }
}

message_struct! {
    /// Java `SOCPlayerElements`: multi `g|pn|action|elem|amt|elem|amt...`.
    PlayerElements = 1086, multi {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// 100 SET, 101 GAIN, 102 LOSE.
        action: i32,
        /// (element type, amount) pairs.
        elements: Vec<ElementValue>,
    }
}

message_struct! {
    /// Java `SOCDiscardRequest`: `g,n`. Discard n cards now.
    DiscardRequest = 1029, plain {
        /// Game name.
        game: String,
        /// Number of cards to discard.
        count: i32,
    }
}

/// Java `SOCDiscard`: server `g,pPN,clay,ore,sheep,wheat,wood,unknown`; robot
/// `g,clay,ore,sheep,wheat,wood,unknown` (no player field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discard {
    /// Game name.
    pub game: String,
    /// Who discarded (the `p` field; absent in what a robot sends).
    pub player: Option<i32>,
    /// Known discarded resources (all 0 for other players' discards).
    pub resources: ResourceSet,
    /// Unknown discarded resources (the total, for other players' discards).
    pub unknown: i32,
}

impl Discard {
    /// The message type number.
    pub const TYPE_ID: i32 = 1033;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let player = match t.peek().and_then(|s| s.strip_prefix('p')) {
            Some(pn) => {
                t.next_token();
                Some(parse_i32(pn)?)
            }
            None => None,
        };
        let resources = ResourceSet::read(&mut t)?;
        let unknown = t.int()?;
        t.finish()?;
        Ok(Discard {
            game,
            player,
            resources,
            unknown,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        if let Some(pn) = self.player {
            w.raw(&format!("p{pn}"));
        }
        self.resources.write(&mut w);
        w.int(self.unknown);
    }
}

message_struct! {
    /// Java `SOCResourceCount`: `g,pn,total` (hand size, e.g. after a monopoly).
    ResourceCount = 1063, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Total cards in hand.
        count: i32,
    }
}

message_struct! {
    /// Java `SOCPickResources`: robot `g,clay,ore,sheep,wheat,wood`; server adds `,pn,reason`
    /// (reason 2 = Year of Plenty).
    PickResources = 1052, plain {
        /// Game name.
        game: String,
        /// Resources picked.
        resources: ResourceSet,
        /// (player, reason), when the server announces the pick.
        picked_by: Option<(i32, i32)>,
    }
}

message_struct! {
    /// Java `SOCPickResourceType`: `g,resType` (monopoly pick).
    PickResourceType = 1053, plain {
        /// Game name.
        game: String,
        /// Resource type 1..5.
        resource: i32,
    }
}

/// Java `SOCBotGameDataCheck`: multi `g|type|pn|clay|ore|sheep|wheat|wood|pn|...`.
/// Only with `jsettlers.debug.bots.datacheck.rsrc`: every robot's exact hand. Never let an
/// agent see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotGameDataCheck {
    /// Game name.
    pub game: String,
    /// Data type (1 = resources).
    pub check_type: i32,
    /// Each robot seat's hand.
    pub hands: Vec<SeatHand>,
}

impl BotGameDataCheck {
    /// The message type number.
    pub const TYPE_ID: i32 = 1103;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, '|');
        let game = String::read(&mut t)?;
        let check_type = t.int()?;
        let hands = Vec::<SeatHand>::read(&mut t)?;
        if hands.is_empty() {
            return Err(FieldError::new("no hands"));
        }
        Ok(BotGameDataCheck {
            game,
            check_type,
            hands,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        let mut w = Writer::new(out, '|', true);
        w.str(&self.game);
        w.int(self.check_type);
        self.hands.write(&mut w);
    }
}

/// What was taken in a [`RobberyResult`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Robbed {
    /// `R,resType,amount`: classic robbery (resType 6 = unknown for bystanders).
    Resource {
        /// Resource type 1..5, or 6 when hidden from this client.
        resource: i32,
        /// Amount.
        amount: i32,
    },
    /// `E,peType,amount`: a player element (scenarios only).
    Element {
        /// Player element type.
        element: i32,
        /// Amount.
        amount: i32,
    },
    /// `S,type,amt,...`: a resource set as (type, amount) pairs (scenarios only).
    Set(Vec<(i32, i32)>),
}

/// Java `SOCRobberyResult`: `g,perp,victim,R,resType,amount,T|F[,victimAmt[,extra]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RobberyResult {
    /// Game name.
    pub game: String,
    /// The robber (the player who moved it).
    pub perpetrator: i32,
    /// The victim.
    pub victim: i32,
    /// What was taken.
    pub robbed: Robbed,
    /// `T`: moved from victim to perpetrator.
    pub is_gain_lose: bool,
    /// Victim's remaining amount, if sent.
    pub victim_amount: Option<i32>,
    /// Extra value, if sent.
    pub extra_value: Option<i32>,
}

impl RobberyResult {
    /// The message type number.
    pub const TYPE_ID: i32 = 1102;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let perpetrator = t.int()?;
        let victim = t.int()?;
        let robbed = match t.str()? {
            "R" => Robbed::Resource {
                resource: t.int()?,
                amount: t.int()?,
            },
            "E" => Robbed::Element {
                element: t.int()?,
                amount: t.int()?,
            },
            "S" => {
                let mut pairs = Vec::new();
                while !matches!(t.peek(), Some("T" | "F") | None) {
                    pairs.push((t.int()?, t.int()?));
                }
                Robbed::Set(pairs)
            }
            s => return Err(FieldError::new(format!("expected R, E or S, got {s:?}"))),
        };
        let is_gain_lose = match t.str()? {
            "T" => true,
            "F" => false,
            s => return Err(FieldError::new(format!("expected T or F, got {s:?}"))),
        };
        let victim_amount = Option::<i32>::read(&mut t)?;
        let extra_value = Option::<i32>::read(&mut t)?;
        t.finish()?;
        Ok(RobberyResult {
            game,
            perpetrator,
            victim,
            robbed,
            is_gain_lose,
            victim_amount,
            extra_value,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.perpetrator);
        w.int(self.victim);
        match &self.robbed {
            Robbed::Resource { resource, amount } => {
                w.raw("R");
                w.int(*resource);
                w.int(*amount);
            }
            Robbed::Element { element, amount } => {
                w.raw("E");
                w.int(*element);
                w.int(*amount);
            }
            Robbed::Set(pairs) => {
                w.raw("S");
                pairs.write(&mut w);
            }
        }
        w.raw(if self.is_gain_lose { "T" } else { "F" });
        self.victim_amount.write(&mut w);
        self.extra_value.write(&mut w);
    }
}

/// Java `SOCChoosePlayerRequest`: `g[,NONE],b0,b1,b2,b3`. Pick a victim among the `true` seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoosePlayerRequest {
    /// `NONE` present: may choose to rob nobody (scenarios).
    pub allow_none: bool,
    /// Game name.
    pub game: String,
    /// Per seat: may be robbed.
    pub choices: Vec<bool>,
}

impl ChoosePlayerRequest {
    /// The message type number.
    pub const TYPE_ID: i32 = 1036;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let allow_none = t.peek() == Some("NONE");
        if allow_none {
            t.next_token();
        }
        let choices = Vec::<bool>::read(&mut t)?;
        if choices.is_empty() {
            return Err(FieldError::new("no choices"));
        }
        Ok(ChoosePlayerRequest {
            allow_none,
            game,
            choices,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        if self.allow_none {
            w.raw("NONE");
        }
        self.choices.write(&mut w);
    }
}

message_struct! {
    /// Java `SOCChoosePlayer`: `g,choice` (victim seat; -1 none, -2 move robber, -3 pirate).
    ChoosePlayer = 1035, plain {
        /// Game name.
        game: String,
        /// The choice.
        choice: i32,
    }
}

#[cfg(test)]
mod tests {
    use super::super::round_trip as rt;
    use super::*;
    use crate::Message;

    #[test]
    fn news_flag_and_discard_prefix() {
        let Message::PlayerElement(p) = rt("1024|g,3,102,3,1,Y") else {
            panic!()
        };
        assert!(p.news);
        let Message::PlayerElement(p) = rt("1024|g,-1,100,19,0") else {
            panic!()
        };
        assert!(!p.news);
        assert!(Message::parse("1024|g,3,102,3,1,N").is_err());
        let Message::Discard(d) = rt("1033|g,p1,0,0,0,0,0,4") else {
            panic!()
        };
        assert_eq!((d.player, d.unknown), (Some(1), 4));
        let Message::Discard(d) = rt("1033|g,1,0,2,0,1,0") else {
            panic!()
        };
        assert_eq!(
            (d.player, d.resources),
            (None, ResourceSet::new(1, 0, 2, 0, 1))
        );
    }

    #[test]
    fn picks_elements_and_data_check() {
        let Message::PickResources(p) = rt("1052|g,0,1,0,1,0,3,2") else {
            panic!()
        };
        assert_eq!(p.picked_by, Some((3, 2)));
        rt("1052|g,1,1,0,0,0");
        let Message::PlayerElements(p) = rt("1086|g|3|100|1|0|2|0|3|1|4|2|5|1") else {
            panic!()
        };
        assert_eq!(p.elements.len(), 5);
        let Message::BotGameDataCheck(b) =
            rt("1103|g|1|0|0|1|1|2|1|1|1|0|2|1|0|2|0|2|0|1|0|3|0|1|0|3|1")
        else {
            panic!()
        };
        assert_eq!(
            b.hands[3],
            SeatHand {
                player: 3,
                resources: ResourceSet::new(0, 1, 0, 3, 1)
            }
        );
        assert!(Message::parse("1103|g|1|0|0|1").is_err());
    }

    #[test]
    fn robbery_forms() {
        let Message::RobberyResult(r) = rt("1102|g,0,2,R,6,1,T") else {
            panic!()
        };
        assert_eq!(
            r.robbed,
            Robbed::Resource {
                resource: 6,
                amount: 1
            }
        );
        rt("1102|g,0,2,E,15,1,F,3");
        rt("1102|g,0,2,S,1,2,3,1,T,0,7");
        let Message::ChoosePlayerRequest(c) = rt("1036|g,false,true,true,false") else {
            panic!()
        };
        assert_eq!((c.allow_none, c.choices.len()), (false, 4));
        rt("1036|g,NONE,true,false,false,false");
    }
}
