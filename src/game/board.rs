//! One game's fixed facts: land hex resources and dice numbers, port types, robber start;
//! decoding from the server's BOARDLAYOUT (classic) and BOARDLAYOUT2 (classic and 6-player
//! encodings), and seeded generators of legal boards of each shape.
//! Imports std, `rand::Rng`, and the game vocabulary.

use super::ids::HexId;
use super::resources::Resource;
use super::sets::BitSet;
use super::shape::{Classic, Shape, Six, Table};
use super::topology::{LAND_LAYOUT_INDEX, LAYOUT_HEX_COORDS, PORT_POSITIONS};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// The dice number for each BOARDLAYOUT number index (`SOCBoardLayout`; guide §5.1).
pub const NUMBER_BY_INDEX: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];

/// Dots on a number token: the number of two-dice outcomes (of 36) that roll it.
#[inline]
pub const fn pips(number: u8) -> u8 {
    if number < 2 || number > 12 || number == 7 {
        0
    } else if number < 7 {
        number - 1
    } else {
        13 - number
    }
}

/// A port's trade: `None` = 3:1 any resource, `Some(r)` = 2:1 for `r`.
pub type PortKind = Option<Resource>;

/// The static part of one game's board, on a board of shape `S` (the classic board unless
/// named).
///
/// Invariants: the deserts (one classic, two on the 6-player board) have no resource and
/// number 0; the other hexes have numbers 2..=12 except 7; `robber_start` is a land hex.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board<S: Shape = Classic> {
    /// Resource of each land hex (`None` = desert).
    pub hex_resource: S::PerHex<Option<Resource>>,
    /// Dice number of each land hex (0 = desert).
    pub hex_number: S::PerHex<u8>,
    /// Trade of each port, in the server's port order (`Shape::PORT_EDGES`).
    pub ports: S::PerPort<PortKind>,
    /// Where the robber starts (the desert on a generated board; from the layout otherwise).
    pub robber_start: HexId,
    /// Land hexes by dice number — a cache of `hex_number`.
    by_number: [S::Hexes; 13],
    /// The sea boards' land and water, legal nodes and edges, ports and land areas
    /// ([`SeaLand`](super::SeaLand); nothing on the other boards).
    pub land: S::Land,
}

/// Why a BOARDLAYOUT could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// The hex or number array does not have 37 values (or the ports array is not the
    /// board's port count).
    WrongLength(usize),
    /// A land hex value is not 0..=5.
    BadLandHex {
        /// BOARDLAYOUT index.
        index: usize,
        /// The value sent.
        value: i32,
    },
    /// A number index is not -1..=9 (or a resource hex has none).
    BadNumber {
        /// BOARDLAYOUT index.
        index: usize,
        /// The value sent.
        value: i32,
    },
    /// A port hex value is not a port.
    BadPort {
        /// BOARDLAYOUT index.
        index: usize,
        /// The value sent.
        value: i32,
    },
    /// The robber hex is not a land hex (or the pirate's not a water hex).
    BadRobber(i32),
    /// A legal settlement node is not a node of the board.
    BadNode(i32),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::WrongLength(n) => write!(f, "board layout has {n} values, expected 37"),
            LayoutError::BadLandHex { index, value } => {
                write!(f, "land hex at layout index {index} has value {value}")
            }
            LayoutError::BadNumber { index, value } => {
                write!(f, "number at layout index {index} has value {value}")
            }
            LayoutError::BadPort { index, value } => {
                write!(f, "port hex at layout index {index} has value {value}")
            }
            LayoutError::BadRobber(h) => write!(f, "robber hex {h:#x} is not a land hex"),
            LayoutError::BadNode(n) => write!(f, "node {n:#x} is not on the board"),
        }
    }
}

impl std::error::Error for LayoutError {}

impl<S: Shape> Board<S> {
    /// A board from its facts (numbers outside 2..=12 mean "none").
    pub fn new(
        hex_resource: S::PerHex<Option<Resource>>,
        hex_number: S::PerHex<u8>,
        ports: S::PerPort<PortKind>,
        robber_start: HexId,
    ) -> Board<S> {
        let mut by_number = [S::Hexes::EMPTY; 13];
        for (h, &n) in hex_number.as_ref().iter().enumerate() {
            if (2..=12).contains(&n) {
                by_number[n as usize].insert(HexId::new(h));
            }
        }
        Board {
            hex_resource,
            hex_number,
            ports,
            robber_start,
            by_number,
            land: S::Land::default(),
        }
    }

    /// Sets hex `x`'s resource and dice number (0 for none), keeping the by-number cache:
    /// a fog hex revealed ([`Board::reveal_fog`]).
    pub(super) fn set_hex(&mut self, x: HexId, resource: Option<Resource>, number: u8) {
        let old = self.hex_number[x.index()];
        if (2..=12).contains(&old) {
            self.by_number[old as usize].remove(x);
        }
        self.hex_resource[x.index()] = resource;
        self.hex_number[x.index()] = number;
        if (2..=12).contains(&number) {
            self.by_number[number as usize].insert(x);
        }
    }

    /// A blank board: no hex produces, every port is 3:1, the robber on the first hex. Not a
    /// game's board (it breaks the desert invariant): what a client's mirror holds until
    /// the server sends the real layout ([`State::lay_board`](super::State::lay_board)).
    pub fn blank() -> Board<S> {
        Board::new(
            S::PerHex::<Option<Resource>>::filled(None),
            S::PerHex::<u8>::filled(0),
            S::PerPort::<PortKind>::filled(None),
            HexId::new(0),
        )
    }

    /// The land hexes carrying dice number `n` (none for numbers outside 2..=12).
    #[inline]
    pub fn hexes_with_number(&self, n: u8) -> S::Hexes {
        self.by_number
            .get(n as usize)
            .copied()
            .unwrap_or(S::Hexes::EMPTY)
    }

    /// The first desert hex (on a sea board: the first grid hex without a resource, which may
    /// be water; see [`SeaLand`](super::SeaLand) for the hex kinds).
    pub fn desert(&self) -> Option<HexId> {
        self.hex_resource
            .as_ref()
            .iter()
            .position(|r| r.is_none())
            .map(HexId::new)
    }

    /// Decodes the hex and number arrays of a BOARDLAYOUT2 in encoding v1 or v2
    /// (`SOCBoardLayout2`; `SOCGameHandler.getBoardLayoutMessage`): `HL` holds the 37 hexes
    /// of the layout (`SOCBoard.numToHexID` order) with water sent as 6 and the desert as 0;
    /// `NL` the dice number of each (0 or -1 where none: `SOCBoard.getNumberLayout`); `PL`
    /// each port's type in the server's port order (0 = 3:1, 1..5 = 2:1 of that resource);
    /// `RH` the robber's hex.
    ///
    /// # Errors
    /// A [`LayoutError`] naming the first bad value.
    pub fn from_layout2(
        hexes: &[i32],
        numbers: &[i32],
        ports: &[i32],
        robber: i32,
    ) -> Result<Board<S>, LayoutError> {
        if hexes.len() != 37 || numbers.len() != 37 {
            return Err(LayoutError::WrongLength(hexes.len().min(numbers.len())));
        }
        if ports.len() != S::PORTS {
            return Err(LayoutError::WrongLength(ports.len()));
        }
        let topo = S::topology();
        let robber_start = topo
            .hex_from_server(robber)
            .ok_or(LayoutError::BadRobber(robber))?;
        let mut resource = S::PerHex::<Option<Resource>>::filled(None);
        let mut number = S::PerHex::<u8>::filled(0);
        for h in topo.hexes() {
            let index = layout_index(topo.hex_to_server(h));
            let value = hexes[index];
            resource[h.index()] = match value {
                0 => None,
                1..=5 => Resource::from_server(value),
                _ => return Err(LayoutError::BadLandHex { index, value }),
            };
            let n = numbers[index];
            number[h.index()] = match (resource[h.index()], n) {
                (None, -1 | 0) => 0,
                (Some(_), 2..=6 | 8..=12) => n as u8,
                _ => return Err(LayoutError::BadNumber { index, value: n }),
            };
        }
        let mut kinds = S::PerPort::<PortKind>::filled(None);
        for (p, &value) in ports.iter().enumerate() {
            kinds[p] = match value {
                0 => None,
                1..=5 => Resource::from_server(value),
                _ => return Err(LayoutError::BadPort { index: p, value }),
            };
        }
        Ok(Board::new(resource, number, kinds, robber_start))
    }

    /// Encodes as BOARDLAYOUT2 arrays of encoding v1/v2 (`HL`, `NL`, `PL`, `RH`); the inverse
    /// of [`Board::from_layout2`]. Hexes off the board are water (6), numbers -1 there.
    pub fn to_layout2(&self) -> (Vec<i32>, Vec<i32>, Vec<i32>, i32) {
        let topo = S::topology();
        let mut hexes = vec![6; 37];
        let mut numbers = vec![-1; 37];
        for h in topo.hexes() {
            let index = layout_index(topo.hex_to_server(h));
            hexes[index] = self.hex_resource[h.index()].map_or(0, Resource::to_server);
            numbers[index] = i32::from(self.hex_number[h.index()]);
        }
        let ports = self
            .ports
            .as_ref()
            .iter()
            .map(|p| p.map_or(0, Resource::to_server))
            .collect();
        (hexes, numbers, ports, topo.hex_to_server(self.robber_start))
    }
}

/// The index in the 37-hex layout of encodings v1 and v2 (`SOCBoard.numToHexID`) of a land
/// hex's coordinate.
fn layout_index(coord: i32) -> usize {
    LAYOUT_HEX_COORDS
        .iter()
        .position(|&c| i32::from(c) == coord)
        .expect("every land hex is in the 37-hex layout")
}

/// Shuffles `tokens` onto the non-desert hexes until no 6 or 8 are neighbours (as JSettlers'
/// `SOCBoardAtServer.makeNewBoard` requires).
fn deal_numbers<S: Shape, R: Rng + ?Sized>(
    tiles: &S::PerHex<Option<Resource>>,
    tokens: &mut [u8],
    rng: &mut R,
) -> S::PerHex<u8> {
    let topo = S::topology();
    loop {
        tokens.shuffle(rng);
        let mut numbers = S::PerHex::<u8>::filled(0);
        let mut k = 0;
        for h in 0..S::HEXES {
            if tiles[h].is_some() {
                numbers[h] = tokens[k];
                k += 1;
            }
        }
        let red = |n: u8| n == 6 || n == 8;
        let clash = topo.hexes().any(|h| {
            red(numbers[h.index()])
                && topo.hex_neighbours[h.index()]
                    .into_iter()
                    .any(|g| red(numbers[g.index()]))
        });
        if !clash {
            return numbers;
        }
    }
}

impl Board<Six> {
    /// A random legal 6-player board: the 28 resource tiles of `SOCBoard6p`
    /// (`makeNewBoard_landHexTypes_v2`: 5 clay, 5 ore, 6 sheep, 6 wheat, 6 wood) and two
    /// deserts shuffled; its 28 number tokens (`makeNewBoard_diceNums_v2`) shuffled onto the
    /// resource hexes until no 6 or 8 are neighbours; the 11 port types (`PORTS_TYPE_V2`:
    /// five 3:1, two sheep, one each of the others) shuffled. The robber starts on the first
    /// desert.
    pub fn random_six<R: Rng + ?Sized>(rng: &mut R) -> Board<Six> {
        use Resource::*;
        let mut tiles: [Option<Resource>; 30] = [None; 30];
        let kinds = [(Clay, 5), (Ore, 5), (Sheep, 6), (Wheat, 6), (Wood, 6)];
        let mut i = 2;
        for (r, n) in kinds {
            for _ in 0..n {
                tiles[i] = Some(r);
                i += 1;
            }
        }
        tiles.shuffle(rng);
        let mut tokens: [u8; 28] = [
            2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3,
            2, 6,
        ];
        let numbers = deal_numbers::<Six, R>(&tiles, &mut tokens, rng);
        let mut ports: [PortKind; 11] = [
            None,
            None,
            None,
            None,
            None,
            Some(Clay),
            Some(Ore),
            Some(Sheep),
            Some(Sheep),
            Some(Wheat),
            Some(Wood),
        ];
        ports.shuffle(rng);
        let board = Board::new(tiles, numbers, ports, HexId::new(0));
        let desert = board.desert().expect("two deserts");
        Board {
            robber_start: desert,
            ..board
        }
    }
}

impl Board<Classic> {
    /// Decodes the server's BOARDLAYOUT (1014) arrays: 37 hex values, 37 number indices and the
    /// robber hex coordinate (guide §5.1): land values 0 = desert, 1..5 = clay..wood; port values
    /// 7..12 = 3:1, ≥ 16 = 2:1 for `v & 0xF`; numbers index [`NUMBER_BY_INDEX`], -1 = none.
    ///
    /// # Errors
    /// A [`LayoutError`] naming the first bad value.
    pub fn from_server_layout(
        hexes: &[i32],
        numbers: &[i32],
        robber: i32,
    ) -> Result<Board, LayoutError> {
        if hexes.len() != 37 || numbers.len() != 37 {
            return Err(LayoutError::WrongLength(hexes.len().min(numbers.len())));
        }
        let robber_start = HexId::from_server(robber).ok_or(LayoutError::BadRobber(robber))?;
        let mut b: Board<Classic> = Board::new([None; 19], [0; 19], [None; 9], robber_start);
        for (h, &index) in LAND_LAYOUT_INDEX.iter().enumerate() {
            let value = hexes[index];
            b.hex_resource[h] = match value {
                0 => None,
                1..=5 => Resource::from_server(value),
                _ => return Err(LayoutError::BadLandHex { index, value }),
            };
            let n = numbers[index];
            b.hex_number[h] = match (b.hex_resource[h], n) {
                (None, -1) => 0,
                (Some(_), 0..=9) => NUMBER_BY_INDEX[n as usize],
                _ => return Err(LayoutError::BadNumber { index, value: n }),
            };
        }
        for (p, &(index, _, _)) in PORT_POSITIONS.iter().enumerate() {
            let value = hexes[index];
            b.ports[p] = match value {
                7..=12 => None,
                v if v >= 16 && (1..=5).contains(&(v & 0xF)) => Resource::from_server(v & 0xF),
                _ => return Err(LayoutError::BadPort { index, value }),
            };
        }
        Ok(Board::new(
            b.hex_resource,
            b.hex_number,
            b.ports,
            b.robber_start,
        ))
    }

    /// Encodes as BOARDLAYOUT arrays (hexes, number indices, robber coordinate); the inverse of
    /// [`Board::from_server_layout`]. Non-port water hexes are 6.
    pub fn to_server_layout(&self) -> ([i32; 37], [i32; 37], i32) {
        let mut hexes = [6; 37];
        let mut numbers = [-1; 37];
        for (h, &index) in LAND_LAYOUT_INDEX.iter().enumerate() {
            hexes[index] = self.hex_resource[h].map_or(0, Resource::to_server);
            if let Some(i) = NUMBER_BY_INDEX
                .iter()
                .position(|&n| n == self.hex_number[h])
            {
                numbers[index] = i as i32;
            }
        }
        for (p, &(index, facing, _)) in PORT_POSITIONS.iter().enumerate() {
            hexes[index] = match self.ports[p] {
                None => 6 + facing as i32,
                Some(r) => ((facing as i32) << 4) | r.to_server(),
            };
        }
        (hexes, numbers, self.robber_start.to_server())
    }

    /// A random legal classic board: the official 18 resource tiles (4 wood, 4 sheep, 4 wheat,
    /// 3 clay, 3 ore) plus the desert shuffled; the 18 number tokens shuffled onto the resource
    /// hexes until no 6 or 8 are neighbours (as JSettlers' `SOCBoardAtServer.makeNewBoard`
    /// requires); the nine port types (four 3:1, one 2:1 each) shuffled over the fixed
    /// positions. The robber starts on the desert.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Board<Classic> {
        use Resource::*;
        let mut tiles: [Option<Resource>; 19] = [
            Some(Wood),
            Some(Wood),
            Some(Wood),
            Some(Wood),
            Some(Sheep),
            Some(Sheep),
            Some(Sheep),
            Some(Sheep),
            Some(Wheat),
            Some(Wheat),
            Some(Wheat),
            Some(Wheat),
            Some(Clay),
            Some(Clay),
            Some(Clay),
            Some(Ore),
            Some(Ore),
            Some(Ore),
            None,
        ];
        tiles.shuffle(rng);
        let mut tokens: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];
        let desert = tiles.iter().position(|t| t.is_none()).unwrap();
        let hex_number = deal_numbers::<Classic, R>(&tiles, &mut tokens, rng);
        let mut ports: [PortKind; 9] = [
            None,
            None,
            None,
            None,
            Some(Clay),
            Some(Ore),
            Some(Sheep),
            Some(Wheat),
            Some(Wood),
        ];
        ports.shuffle(rng);
        Board::new(tiles, hex_number, ports, HexId::new(desert))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::topology::topology;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// The recorded board of guide §5.1 (only the facts it states are checked).
    #[test]
    fn decodes_recorded_layout_facts() {
        let mut hexes = [6; 37];
        let mut numbers = [-1; 37];
        // Fill land with sheep/8 then set the recorded facts.
        for &i in LAND_LAYOUT_INDEX.iter() {
            hexes[i] = 3;
            numbers[i] = 5;
        }
        hexes[13] = 0; // 0x9B desert
        numbers[13] = -1;
        numbers[18] = 8; // 0x77 → 11
        for &(i, facing, _) in PORT_POSITIONS.iter() {
            hexes[i] = 6 + facing as i32;
        }
        hexes[0] = 50; // 0x32: ore 2:1 facing 3
        let b = Board::from_server_layout(&hexes, &numbers, 155).unwrap();
        assert_eq!(b.robber_start.to_server(), 0x9B);
        assert_eq!(b.desert(), Some(b.robber_start));
        let centre = HexId::from_server(0x77).unwrap();
        assert_eq!(b.hex_number[centre.index()], 11);
        assert_eq!(b.hex_resource[centre.index()], Some(Resource::Sheep));
        assert_eq!(b.ports[0], Some(Resource::Ore));
        assert_eq!(b.ports[1], None);
        let (h2, n2, r2) = b.to_server_layout();
        assert_eq!((h2, n2, r2), (hexes, numbers, 155));
    }

    #[test]
    fn random_boards_are_legal_and_round_trip() {
        let topo = topology();
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..200 {
            let b = Board::random(&mut rng);
            assert_eq!(b.hex_resource.iter().filter(|r| r.is_none()).count(), 1);
            let mut ns: Vec<u8> = b.hex_number.iter().copied().filter(|&n| n != 0).collect();
            ns.sort();
            assert_eq!(
                ns,
                vec![2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
            );
            for h in 0..19 {
                for g in 0..19 {
                    if topo.hex_neighbours[h].contains(HexId::new(g)) {
                        let red = |n: u8| n == 6 || n == 8;
                        assert!(!(red(b.hex_number[h]) && red(b.hex_number[g])));
                    }
                }
            }
            assert_eq!(b.ports.iter().filter(|p| p.is_none()).count(), 4);
            let (h, n, r) = b.to_server_layout();
            assert_eq!(Board::from_server_layout(&h, &n, r).unwrap(), b);
        }
    }

    #[test]
    fn pips_count_dice_outcomes() {
        assert_eq!((2..=12).map(pips).map(u32::from).sum::<u32>(), 36 - 6);
        assert_eq!(pips(6), 5);
        assert_eq!(pips(12), 1);
    }
}
