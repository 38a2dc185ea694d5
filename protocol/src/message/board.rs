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
/// hex (encodings 1 and 2); on the large board (encoding 3, `SOCBoardLayout2(String, int,
/// int[] lh, int[] pl, int rh, int ph, int[] px, int[] rx, HashMap added)`): `LH` land hex
/// layout, `PL`, `RH` (if > 0), `PH` pirate hex (if > 0), `PX` / `RX` land areas players /
/// the robber are excluded from, and the scenario's Added Layout Parts (`SOCBoardLarge`'s
/// `getAddedLayoutPart` javadoc lists them): `VS` visual shift (every large board), `AL`
/// added node lists and `N1`..`N9` node lists (SC_WOND), `CV` cloth villages (SC_CLVI), `CE` /
/// `VE` dev-card / victory-point special edges (SC_FTRI; 0 replaces a claimed one), `LS` lone
/// legal settlements and `PP` pirate fleet path (SC_PIRI).
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

/// Java `SOCPotentialSettlements`: where settlements may go. Classic form `g,pn,node,...`
/// (`toCmd(String, int, List)`): at join pn is -1 and the list holds all 54 land nodes. The
/// sea board's form (`toCmd(String, int, List, int, HashSet[], int[][])`, sent when the board
/// has land areas or legal sea edges) adds [`LandAreas`]:
///
/// ```text
/// g,pn[,node...],NA,n,PAN,p[,LA1,node...][,LA2,node...]...[,SE,edge...]...
/// ```
///
/// In that form the node list before `NA` is optional: none means "not given" (Java `null`:
/// take the nodes of land area `PAN`, or of every area when `PAN` is 0), and an empty list is
/// written as the single node `0`; [`PotentialSettlements::potential_nodes`] reads it so.
/// Nodes are decimal, legal sea edges (scenario SC_PIRI) hexadecimal as `SOCPotentialSettlements`
/// writes them. Parsing follows `SOCPotentialSettlements.parseDataStr`; the node lists keep the
/// server's `HashSet` iteration order, so re-encoding gives back the same text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotentialSettlements {
    /// Game name.
    pub game: String,
    /// Player number, -1 for all.
    pub player: i32,
    /// Node coordinates before `NA`, as sent (in the land-area form `[0]` stands for an empty
    /// list and `[]` for none given).
    pub nodes: Vec<i32>,
    /// The sea board's land areas and legal sea edges, if sent.
    pub land_areas: Option<LandAreas>,
}

/// The land-area part of a sea board's [`PotentialSettlements`] (Java fields `areaCount`,
/// `startingLandArea`, `landAreasLegalNodes`, `legalSeaEdges`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandAreas {
    /// `NA`: the number of land areas (0 when only legal sea edges are sent).
    pub area_count: i32,
    /// `PAN`: the starting land area of the player (or of everyone, pn -1); 0 for none.
    pub starting_area: i32,
    /// `LA1`, `LA2`, ...: each area's number and its legal settlement nodes, in the order sent.
    pub areas: Vec<LandArea>,
    /// `SE` lists, one per player (SC_PIRI): legal sea edges for ships. A negative value `-e`
    /// after edge `d` is a range `d..=e` (`SOCPlayer.setRestrictedLegalShips`). Empty if none.
    pub sea_edges: Vec<Vec<i32>>,
}

/// A legal sea edge as `SOCPotentialSettlements.toCmd` writes it: lowercase hexadecimal, a
/// negative value (a range's end) as `-` and the hexadecimal of its magnitude.
fn sea_edge_hex(e: i32) -> String {
    if e < 0 {
        format!("-{:x}", e.unsigned_abs())
    } else {
        format!("{e:x}")
    }
}

/// Reads a legal sea edge (`Integer.parseInt(tok, 16)`), only in the spelling
/// [`sea_edge_hex`] writes back.
fn parse_sea_edge(tok: &str) -> FieldResult<i32> {
    let bad = || FieldError::new(format!("expected a hexadecimal sea edge, got {tok:?}"));
    let (neg, digits) = match tok.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, tok),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad());
    }
    let magnitude = i64::from_str_radix(digits, 16).map_err(|_| bad())?;
    let v = i32::try_from(if neg { -magnitude } else { magnitude }).map_err(|_| bad())?;
    if sea_edge_hex(v) != tok {
        return Err(bad());
    }
    Ok(v)
}

/// One `LA#` list of [`LandAreas`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandArea {
    /// The area number (1 and up; `LA1` is 1).
    pub number: i32,
    /// Its legal settlement nodes, in the order sent.
    pub nodes: Vec<i32>,
}

impl PotentialSettlements {
    /// The message type number.
    pub const TYPE_ID: i32 = 1057;

    /// The potential settlement nodes as `SOCPotentialSettlements.getPotentialSettlements(false)`
    /// returns them: the node list in the classic form; in the land-area form `None` when no
    /// list was sent, an empty list for the single node 0.
    pub fn potential_nodes(&self) -> Option<&[i32]> {
        match (&self.land_areas, self.nodes.as_slice()) {
            (None, nodes) => Some(nodes),
            (Some(_), []) => None,
            (Some(_), [0]) => Some(&[]),
            (Some(_), nodes) => Some(nodes),
        }
    }

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let player = t.int()?;
        let mut nodes = Vec::new();
        let mut land_areas = None;
        while let Some(tok) = t.next_token() {
            if tok == "NA" {
                land_areas = Some(LandAreas::read_after_na(&mut t)?);
                break;
            }
            nodes.push(parse_i32(tok)?);
        }
        Ok(PotentialSettlements {
            game,
            player,
            nodes,
            land_areas,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.player);
        self.nodes.write(&mut w);
        if let Some(la) = &self.land_areas {
            la.write(&mut w);
        }
    }
}

impl LandAreas {
    /// Reads `n,PAN,p,LA1,...,SE,...` (the `NA` already read).
    fn read_after_na(t: &mut Tokens<'_>) -> FieldResult<Self> {
        let area_count = t.int()?;
        match t.str()? {
            "PAN" => {}
            tok => return Err(FieldError::new(format!("expected PAN, got {tok:?}"))),
        }
        let starting_area = t.int()?;
        if starting_area < 0 {
            return Err(FieldError::new(format!(
                "negative starting land area {starting_area}"
            )));
        }
        let mut areas: Vec<LandArea> = Vec::new();
        let mut sea_edges: Vec<Vec<i32>> = Vec::new();
        while let Some(tok) = t.next_token() {
            if tok == "SE" {
                sea_edges.push(Vec::new());
            } else if let Some(n) = tok.strip_prefix("LA") {
                if !sea_edges.is_empty() {
                    return Err(FieldError::new("land area after the sea edges"));
                }
                let number = parse_i32(n)?;
                if number <= 0 {
                    return Err(FieldError::new(format!("bad land area {tok:?}")));
                }
                areas.push(LandArea {
                    number,
                    nodes: Vec::new(),
                });
            } else if let Some(edges) = sea_edges.last_mut() {
                edges.push(parse_sea_edge(tok)?);
            } else if let Some(area) = areas.last_mut() {
                area.nodes.push(parse_i32(tok)?);
            } else {
                return Err(FieldError::new(format!("expected LA# or SE, got {tok:?}")));
            }
        }
        // `toCmd` pads only an empty last list with a 0 (a list at the message's end would
        // otherwise have no tokens); a 0 anywhere else, or an unpadded empty last list, would
        // not come back the same.
        let n = sea_edges.len();
        for (i, edges) in sea_edges.iter_mut().enumerate() {
            let last = i + 1 == n;
            if edges.contains(&0) {
                if !(last && edges.as_slice() == [0]) {
                    return Err(FieldError::new(
                        "sea edge 0 other than as the last list's padding",
                    ));
                }
                edges.clear();
            } else if last && edges.is_empty() {
                return Err(FieldError::new("empty last sea-edge list without its 0"));
            }
        }
        Ok(LandAreas {
            area_count,
            starting_area,
            areas,
            sea_edges,
        })
    }

    fn write(&self, w: &mut Writer<'_>) {
        w.raw("NA");
        w.int(self.area_count);
        w.raw("PAN");
        w.int(self.starting_area);
        for area in &self.areas {
            w.raw(&format!("LA{}", area.number));
            area.nodes.write(w);
        }
        let n = self.sea_edges.len();
        for (i, edges) in self.sea_edges.iter().enumerate() {
            w.raw("SE");
            if edges.is_empty() && i + 1 == n {
                w.int(0);
            }
            for &e in edges {
                w.raw(&sea_edge_hex(e));
            }
        }
    }
}

message_struct! {
    /// Java `SOCPutPiece`: `g,pn,pieceType,coord` (0 road, 1 settlement, 2 city; sea board:
    /// 3 ship on an edge; scenarios: 4 fortress (SC_PIRI), 5 village (SC_CLVI), sent at the
    /// start; [`crate::codes::PieceType`]).
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
    /// Java `SOCMoveRobber`: `g,pn,hex`. Positive for the robber; on the sea board a negative
    /// hex moves the pirate ship instead, to hex `-hex`, and 0 takes the pirate off the board
    /// (SC_PIRI, once every fortress is recaptured): `SOCMoveRobber.getCoordinates`, "positive
    /// for robber, negative or 0 for pirate". See [`MoveRobber::is_pirate`].
    MoveRobber = 1034, plain {
        /// Game name.
        game: String,
        /// Player moving the robber.
        player: i32,
        /// Hex coordinate.
        hex: i32,
    }
}

impl MoveRobber {
    /// Whether this moves the sea board's pirate (a hex of 0 or below) rather than the robber.
    pub fn is_pirate(&self) -> bool {
        self.hex <= 0
    }

    /// The hex the robber or the pirate moves to (the pirate's hex without its sign; 0 = off
    /// the board).
    pub fn target_hex(&self) -> i32 {
        self.hex.saturating_abs()
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
    fn potential_settlements_classic_and_land_area_forms() {
        use super::{LandArea, LandAreas};
        let Message::PotentialSettlements(p) = round_trip("1057|g,-1,69,86,103") else {
            panic!()
        };
        assert_eq!(
            (&p.land_areas, p.potential_nodes()),
            (&None, Some(&[69, 86, 103][..]))
        );
        // The sea board's placeholder at joining: no nodes at all, classic form.
        let Message::PotentialSettlements(p) = round_trip("1057|~botsOnly~2,-1") else {
            panic!()
        };
        assert_eq!(p.potential_nodes(), Some(&[][..]));
        // 2.6.10, a robot-only sea game at its start: no node list (null), 4 areas, PAN 1.
        let text = "1057|~botsOnly~2,-1,NA,4,PAN,1,LA1,2050,1538,2563,LA2,3599,3855,LA3,LA4,1291";
        let Message::PotentialSettlements(p) = round_trip(text) else {
            panic!()
        };
        let la = p.land_areas.as_ref().unwrap();
        assert_eq!((la.area_count, la.starting_area), (4, 1));
        assert_eq!(
            la.areas[0],
            LandArea {
                number: 1,
                nodes: vec![2050, 1538, 2563]
            }
        );
        assert_eq!((la.areas[2].nodes.len(), la.sea_edges.len()), (0, 0));
        assert_eq!(p.potential_nodes(), None);
        // A node list before NA; the single 0 stands for an empty list.
        let Message::PotentialSettlements(p) =
            round_trip("1057|g,2,1538,2050,NA,2,PAN,1,LA1,1538,2050,LA2,3000")
        else {
            panic!()
        };
        assert_eq!(p.potential_nodes(), Some(&[1538, 2050][..]));
        let Message::PotentialSettlements(p) = round_trip("1057|g,2,0,NA,1,PAN,1,LA1,5") else {
            panic!()
        };
        assert_eq!(
            (p.nodes.as_slice(), p.potential_nodes()),
            (&[0][..], Some(&[][..]))
        );
        // SC_PIRI's legal sea edges: hexadecimal, `-` for a range's end, one list per player;
        // an empty last list is padded with 0, an empty middle one is not.
        let Message::PotentialSettlements(p) =
            round_trip("1057|g,-1,NA,2,PAN,1,LA1,5,LA2,6,SE,c07,-c0b,d07,SE,SE,803,-80a,SE,0")
        else {
            panic!()
        };
        assert_eq!(
            p.land_areas.unwrap().sea_edges,
            vec![
                vec![0xc07, -0xc0b, 0xd07],
                vec![],
                vec![0x803, -0x80a],
                vec![]
            ]
        );
        // Only legal sea edges (a player joining a started SC_PIRI game): NA 0, PAN 0.
        let Message::PotentialSettlements(p) = round_trip("1057|g,3,1538,NA,0,PAN,0,SE,a03,a04")
        else {
            panic!()
        };
        assert_eq!(
            p.land_areas,
            Some(LandAreas {
                area_count: 0,
                starting_area: 0,
                areas: vec![],
                sea_edges: vec![vec![0xa03, 0xa04]]
            })
        );
        for bad in [
            "1057|g",
            "1057|g,x",
            "1057|g,-1,1,x",
            "1057|g,-1,NA",
            "1057|g,-1,NA,x,PAN,1",
            "1057|g,-1,NA,1,PAM,1",
            "1057|g,-1,NA,1,PAN",
            "1057|g,-1,NA,1,PAN,-1",
            "1057|g,-1,NA,1,PAN,1,5",
            "1057|g,-1,NA,1,PAN,1,LA0,5",
            "1057|g,-1,NA,1,PAN,1,LAx,5",
            "1057|g,-1,NA,1,PAN,1,LA1,x",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,a03,LA2,6",
            // Not as `toCmd` writes it, so it could not come back the same.
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,0,SE,a03",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,a03,0",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,A03",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,0a03",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,+a03",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,-0",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,g",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,-",
            "1057|g,-1,NA,1,PAN,1,LA1,5,SE,100000000",
        ] {
            let r = Message::parse(bad);
            assert!(r.is_err(), "{bad:?} gave {r:?}");
        }
    }

    /// 2.7, scenario SC_PIRI (recorded 2026-12-01, the land hexes and area nodes cut short):
    /// the pirate fleet's path `PP`, each player's lone settlement `LS`, the pirate hex `PH`.
    #[test]
    fn scenario_layout_and_legal_sea_edges_round_trip() {
        let Message::BoardLayout2(b) = round_trip("1084|scpiri,3,PP,[14,3338,3336,2823,2310,1799,1286,775,264,266,779,1290,1801,2314,2827,LS,[4,3591,7,2053,1541,PH,3338,LH,[6,2821,1,6,3082,2,5,PL,[24,0,5,0,3,1,4,2,0,11,13,271,784,1808,2576,3087,3596,3,3,5,5,5,6,6,6,VS,[2,3,-1") else {
            panic!()
        };
        assert_eq!(
            b.keys().collect::<Vec<_>>(),
            ["PP", "LS", "PH", "LH", "PL", "VS"]
        );
        assert_eq!(
            (b.int("PH"), b.array("LS").map(<[i32]>::len)),
            (Some(3338), Some(4))
        );
        // Its POTENTIALSETTLEMENTS: one land area, and each player's legal sea edges as
        // hexadecimal ranges (`-c0b` ends the range from `c07`).
        let Message::PotentialSettlements(p) = round_trip("1057|scpiri,-1,NA,1,PAN,1,LA1,2058,1546,523,SE,c07,-c0b,d07,-d0b,e04,-e0a,SE,207,-20b,107,-10b,4,-a,SE,803,-80a,903,905,a03,a04,SE,603,-60a,503,505,403,404") else {
            panic!()
        };
        let la = p.land_areas.unwrap();
        assert_eq!(la.sea_edges.len(), 4);
        assert_eq!(la.sea_edges[1], [0x207, -0x20b, 0x107, -0x10b, 4, -0xa]);
    }

    #[test]
    fn pirate_moves_are_negative_hexes() {
        let Message::MoveRobber(m) = round_trip("1034|g,2,-2311") else {
            panic!()
        };
        assert!(m.is_pirate());
        assert_eq!(m.target_hex(), 2311);
        let Message::MoveRobber(m) = round_trip("1034|g,2,1797") else {
            panic!()
        };
        assert!(!m.is_pirate());
        let Message::MoveRobber(m) = round_trip("1034|g,-1,0") else {
            panic!()
        };
        assert_eq!((m.is_pirate(), m.target_hex()), (true, 0));
        let Message::PutPiece(p) = round_trip("1009|g,1,3,3339") else {
            panic!()
        };
        assert_eq!(
            crate::codes::PieceType::from_wire(p.piece_type),
            Some(crate::codes::PieceType::Ship)
        );
    }

    #[test]
    fn optional_moved_from() {
        for text in ["1105|g,1,0,50", "1105|g,1,3,50,60"] {
            assert_eq!(Message::parse(text).unwrap().encode(), text);
        }
    }
}
