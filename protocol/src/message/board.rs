//! Board layout and pieces. Coordinates stay the server's plain integers (decimal on the wire
//! for `0xRC` values; guide §5); no geometry here.

use crate::wire::{parse_i32, Field, FieldError, FieldResult, Tokens, Writer};

/// Number of hexes in each array of the classic BOARDLAYOUT.
pub const BOARD_LAYOUT_HEXES: usize = 37;

/// Java `SOCBoardLayout`: `g,h0..h36,n0..n36,robberHex` (classic board, guide §5.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLayout {
    /// Game name.
    pub game: String,
    /// 37 hex values as sent (6 water, 0 desert, 1..5 resources, 7..12 3:1 ports, ≥16 2:1 ports).
    pub hex_layout: Vec<i32>,
    /// 37 number indexes into `[2,3,4,5,6,8,9,10,11,12]`, -1 for none.
    pub number_layout: Vec<i32>,
    /// Robber hex coordinate (-1 on the placeholder board).
    pub robber_hex: i32,
}

impl BoardLayout {
    /// The message type number.
    pub const TYPE_ID: i32 = 1014;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let mut values = Vec::<i32>::read(&mut t)?;
        if values.len() != 2 * BOARD_LAYOUT_HEXES + 1 {
            return Err(FieldError::new(format!(
                "expected {} numbers, got {}",
                2 * BOARD_LAYOUT_HEXES + 1,
                values.len()
            )));
        }
        let robber_hex = values.pop().unwrap_or(-1);
        let number_layout = values.split_off(BOARD_LAYOUT_HEXES);
        Ok(BoardLayout {
            game,
            hex_layout: values,
            number_layout,
            robber_hex,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        self.hex_layout.write(&mut w);
        self.number_layout.write(&mut w);
        w.int(self.robber_hex);
    }
}

/// One value of a [`BoardLayout2`] layout part: a plain integer, or an int array (written
/// `[n,v1,...,vn` on the wire).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutPart {
    /// A single integer, e.g. `RH` (robber hex) or `PH` (pirate hex).
    Int(i32),
    /// An int array, e.g. `HL` (hex layout) or `NL` (number layout).
    Array(Vec<i32>),
}

/// Java `SOCBoardLayout2`: `g,bef,KEY,value,KEY,[n,v1,...,vn,...`, the board layout of every
/// board but the classic one sent to old clients (guide §5.1).
///
/// `encoding` is the board encoding format: 1 classic, 2 six-player, 3 large (sea) board. The
/// parts follow as key/value pairs, each value an integer or an int array `[n` followed by `n`
/// integers. The server writes them in its `HashMap`'s iteration order, so [`BoardLayout2::parts`]
/// keeps the order received and [`Message::encode`](crate::Message::encode) writes them back in
/// that order, byte for byte.
///
/// Keys the server sends: `HL` hex layout, `NL` number layout, `PL` ports layout, `RH` robber
/// hex (encodings 1 and 2); `LH` land hex layout, `PL`, `RH`, `PH` pirate hex, `PX` / `RX`
/// player / robber excluded land areas, and the scenario's added parts (`SOCBoardLarge`'s
/// `getAddedLayoutParts`: `CV`, `VS`, `LS`, `AL`, `N1`..., `PP`, ...) on the large board.
///
/// Values are as sent, never translated: in `HL` the server writes water as **6** and the
/// desert as **0** (`SOCBoardLayout2.SENTLAND_WATER` / `SENTLAND_DESERT`; in the server's own
/// board arrays these are 0 and 6 the other way round). Only `HL` is swapped so: `LH` holds
/// (coordinate, hex type, dice number) triples with the board's own types (desert 6, gold 7).
/// `NL` holds dice numbers (2..12, -1 for none), not the number indexes of [`BoardLayout`].
/// Mapping any of them is the game layer's job.
///
/// Parsing is as lenient as the server's `parseDataStr` except that a key must start with an
/// ASCII letter (every key the server writes does), so an array whose `[n` undercounts its
/// values is an error instead of being read as more parts. A key sent twice is kept twice;
/// the accessors return its last value, as the server's map would hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLayout2 {
    /// Game name.
    pub game: String,
    /// Board encoding format (1 classic, 2 six-player, 3 large/sea board).
    pub encoding: i32,
    /// The layout parts, in the order received.
    pub parts: Vec<(String, LayoutPart)>,
}

impl BoardLayout2 {
    /// The message type number.
    pub const TYPE_ID: i32 = 1084;

    /// The part called `key` (its last value if sent twice).
    pub fn part(&self, key: &str) -> Option<&LayoutPart> {
        self.parts
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// The integer part called `key`; `None` if absent or an array.
    pub fn int(&self, key: &str) -> Option<i32> {
        match self.part(key)? {
            LayoutPart::Int(v) => Some(*v),
            LayoutPart::Array(_) => None,
        }
    }

    /// The array part called `key`; `None` if absent or an integer.
    pub fn array(&self, key: &str) -> Option<&[i32]> {
        match self.part(key)? {
            LayoutPart::Array(v) => Some(v),
            LayoutPart::Int(_) => None,
        }
    }

    /// The keys in the order received.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.parts.iter().map(|(k, _)| k.as_str())
    }

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let encoding = t.int()?;
        let mut parts = Vec::new();
        while let Some(key) = t.next_token() {
            if !key.starts_with(|c: char| c.is_ascii_alphabetic()) {
                return Err(FieldError::new(format!(
                    "layout part key must start with a letter, got {key:?}"
                )));
            }
            let value = t
                .next_token()
                .ok_or_else(|| FieldError::new(format!("layout part {key} has no value")))?;
            let part = match value.strip_prefix('[') {
                Some(n) => {
                    let n = usize::try_from(parse_i32(n)?).map_err(|_| {
                        FieldError::new(format!("layout part {key}: negative length {n}"))
                    })?;
                    let mut values = Vec::with_capacity(n.min(4096));
                    for _ in 0..n {
                        let v = t.str().map_err(|_| {
                            FieldError::new(format!(
                                "layout part {key}: {n} values announced, {} sent",
                                values.len()
                            ))
                        })?;
                        values.push(parse_i32(v)?);
                    }
                    LayoutPart::Array(values)
                }
                None => LayoutPart::Int(parse_i32(value)?),
            };
            parts.push((key.to_owned(), part));
        }
        Ok(BoardLayout2 {
            game,
            encoding,
            parts,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.encoding);
        for (key, part) in &self.parts {
            w.raw(key);
            match part {
                LayoutPart::Int(v) => w.int(*v),
                LayoutPart::Array(values) => {
                    w.raw(&format!("[{}", values.len()));
                    for &v in values {
                        w.int(v);
                    }
                }
            }
        }
    }
}

message_struct! {
    /// Java `SOCPotentialSettlements`: `g,pn,node,...` (classic form). At join pn is -1 and the
    /// list holds all 54 land nodes.
    PotentialSettlements = 1057, plain {
        /// Game name.
        game: String,
        /// Player number, -1 for all.
        player: i32,
        /// Node coordinates.
        nodes: Vec<i32>,
    }
}

message_struct! {
    /// Java `SOCPutPiece`: `g,pn,pieceType,coord` (0 road, 1 settlement, 2 city).
    PutPiece = 1009, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Piece type.
        piece_type: i32,
        /// Edge or node coordinate.
        coordinate: i32,
    }
}

message_struct! {
    /// Java `SOCBuildRequest`: `g,pieceType`. Pay now, place in state 30/31/32.
    BuildRequest = 1043, plain {
        /// Game name.
        game: String,
        /// Piece type.
        piece_type: i32,
    }
}

message_struct! {
    /// Java `SOCCancelBuildRequest`: `g,pieceType` (-2 dev card). From the server: your request
    /// failed, or (in START1B/2B) the last initial settlement was undone.
    CancelBuildRequest = 1044, plain {
        /// Game name.
        game: String,
        /// Piece type.
        piece_type: i32,
    }
}

message_struct! {
    /// Java `SOCMoveRobber`: `g,pn,hex`.
    MoveRobber = 1034, plain {
        /// Game name.
        game: String,
        /// Player moving the robber.
        player: i32,
        /// Hex coordinate.
        hex: i32,
    }
}

message_struct! {
    /// Java `SOCLastSettlement`: `g,pn,node` (superseded by PLAYERELEMENT 18).
    LastSettlement = 1060, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Node coordinate.
        coordinate: i32,
    }
}

message_struct! {
    /// Java `SOCUndoPutPiece`: `g,pn,pieceType,coord[,movedFrom]` (only with the undo option).
    UndoPutPiece = 1105, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Piece type.
        piece_type: i32,
        /// Coordinate.
        coordinate: i32,
        /// Moved-from coordinate, if sent.
        moved_from: Option<i32>,
    }
}

#[cfg(test)]
mod tests {
    use super::LayoutPart;
    use crate::message::round_trip;
    use crate::Message;

    #[test]
    fn board_layout_splits_its_arrays() {
        let text = "1014|g,51,6,66,6,6,5,4,2,68,8,3,2,3,4,6,6,2,4,0,1,4,11,33,1,5,3,3,6,6,5,5,1,12,7,6,101,6,-1,-1,-1,-1,-1,3,7,5,-1,-1,0,6,8,2,-1,-1,4,2,-1,1,8,-1,-1,1,3,4,9,-1,-1,5,7,6,-1,-1,-1,-1,-1,119";
        let Message::BoardLayout(b) = Message::parse(text).unwrap() else {
            panic!()
        };
        assert_eq!(
            (b.hex_layout.len(), b.number_layout.len(), b.robber_hex),
            (37, 37, 119)
        );
        assert_eq!((b.hex_layout[0], b.number_layout[5]), (51, 3));
        assert_eq!(Message::BoardLayout(b).encode(), text);
        assert!(Message::parse("1014|g,1,2,3").is_err());
    }

    /// A 2.7 server's 6-player board (encoding 2) as sent at the start of a robot-only game.
    const SIX_PLAYER_LAYOUT: &str = "1084|~botsOnly~3,2,HL,[37,5,3,4,6,5,2,1,5,6,1,4,4,2,4,6,5,3,5,2,3,5,6,1,3,2,0,0,6,3,4,4,3,6,2,1,1,6,RH,151,PL,[11,3,0,0,5,3,0,1,0,4,0,2,NL,[37,8,3,6,-1,4,5,9,10,-1,8,9,6,4,11,-1,2,10,12,2,5,11,-1,5,11,3,-1,-1,-1,4,12,10,8,-1,6,3,9,-1";
    /// The placeholder board a member gets at joining, before the game starts: no ports.
    const SIX_PLAYER_PLACEHOLDER: &str = "1084|~botsOnly~1,2,HL,[37,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,RH,-1,NL,[37,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1";

    #[test]
    fn board_layout2_keeps_parts_in_wire_order() {
        let Message::BoardLayout2(b) = round_trip(SIX_PLAYER_LAYOUT) else {
            panic!()
        };
        assert_eq!((b.game.as_str(), b.encoding), ("~botsOnly~3", 2));
        assert_eq!(b.keys().collect::<Vec<_>>(), ["HL", "RH", "PL", "NL"]);
        let (hl, nl, pl) = (
            b.array("HL").unwrap(),
            b.array("NL").unwrap(),
            b.array("PL").unwrap(),
        );
        assert_eq!((hl.len(), nl.len(), pl.len()), (37, 37, 11));
        // Sent values, untranslated: 6 water, 0 desert; NL holds dice numbers, -1 for none.
        assert_eq!((hl[3], hl[25], nl[3], nl[25], nl[17]), (6, 0, -1, -1, 12));
        assert_eq!(b.int("RH"), Some(151));
        assert_eq!(b.part("RH"), Some(&LayoutPart::Int(151)));
        assert_eq!(
            (b.array("RH"), b.int("HL"), b.part("PH")),
            (None, None, None)
        );
        assert_eq!(Message::from(b.clone()).game(), Some("~botsOnly~3"));

        let Message::BoardLayout2(p) = round_trip(SIX_PLAYER_PLACEHOLDER) else {
            panic!()
        };
        assert_eq!(p.keys().collect::<Vec<_>>(), ["HL", "RH", "NL"]);
        assert_eq!(p.int("RH"), Some(-1));
        assert!(p.array("HL").unwrap().iter().all(|&h| h == 6));
    }

    #[test]
    fn sea_board_layout2_round_trips() {
        // 2.6.10, a 4-player sea board (encoding 3): the visual shift alone before the start,
        // then the land hexes as (coordinate, type, number) triples and 13 ports as 3 x 13.
        let Message::BoardLayout2(v) = round_trip("1084|~botsOnly~2,3,VS,[4,-2,1,3,0") else {
            panic!()
        };
        assert_eq!((v.encoding, v.array("VS")), (3, Some(&[-2, 1, 3, 0][..])));
        let text = "1084|~botsOnly~2,3,RH,1797,LH,[99,1795,4,8,3843,4,11,2308,5,4,1284,4,10,773,1,5,2821,4,11,1797,6,0,3845,3,5,1286,1,9,2310,5,3,4358,4,3,775,4,2,2823,5,12,1799,3,11,1288,2,4,2312,2,6,4360,1,5,777,3,6,2825,1,9,1801,3,5,1290,5,3,2314,2,10,1803,3,8,3853,3,9,1294,7,9,3342,1,10,783,5,4,1807,2,10,3855,5,8,1296,6,0,3344,2,5,1809,2,6,3346,7,4,PL,[39,0,1,0,5,0,0,2,4,3,4,5,3,0,516,519,1034,1804,2570,3079,3076,2307,1283,2063,3088,4109,4103,3,4,4,5,6,6,1,2,2,6,4,6,3,VS,[4,-2,1,3,0";
        let Message::BoardLayout2(b) = round_trip(text) else {
            panic!()
        };
        assert_eq!(b.keys().collect::<Vec<_>>(), ["RH", "LH", "PL", "VS"]);
        let lh = b.array("LH").unwrap();
        assert_eq!((lh.len(), b.array("PL").unwrap().len()), (99, 39));
        // The robber starts on the desert, type 6 in LH (not swapped as in HL).
        let robber = lh.chunks(3).find(|t| t[0] == 1797).unwrap();
        assert_eq!((b.int("RH"), robber), (Some(1797), &[1797, 6, 0][..]));
    }

    #[test]
    fn board_layout2_edge_forms_round_trip() {
        // No parts; an empty array; a key sent twice (the last value counts, both are kept).
        round_trip("1084|g,1");
        let Message::BoardLayout2(b) = round_trip("1084|g,3,PX,[0,RH,5,RH,6,N1,[2,-1,7") else {
            panic!()
        };
        assert_eq!(b.array("PX"), Some(&[][..]));
        assert_eq!(b.int("RH"), Some(6));
        assert_eq!(b.parts.len(), 4);
        assert_eq!(b.array("N1"), Some(&[-1, 7][..]));
    }

    #[test]
    fn malformed_board_layout2_is_an_error() {
        for text in [
            "1084",
            "1084|",
            "1084|g",
            "1084|g,x",
            "1084|g,2,RH",
            "1084|g,2,RH,abc",
            "1084|g,2,RH,1.5",
            "1084|g,2,HL,[",
            "1084|g,2,HL,[x,1",
            "1084|g,2,HL,[-1",
            "1084|g,2,HL,[3,1,2",
            "1084|g,2,HL,[2,1,2,3",
            "1084|g,2,HL,[2,1,2,3,4",
            "1084|g,2,HL,[2,1,x",
            "1084|g,2,HL,[2,1,2,RH",
            "1084|g,2,HL,[99999999999",
            "1084|g,2,HL,[2147483647,1",
        ] {
            let r = Message::parse(text);
            assert!(r.is_err(), "{text:?} gave {r:?}");
        }
    }

    #[test]
    fn optional_moved_from() {
        for text in ["1105|g,1,0,50", "1105|g,1,3,50,60"] {
            assert_eq!(Message::parse(text).unwrap().encode(), text);
        }
    }
}
