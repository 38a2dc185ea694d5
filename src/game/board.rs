//! One game's fixed facts: land hex resources and dice numbers, port types, robber start;
//! decoding from the server's BOARDLAYOUT and a seeded generator of legal classic boards.
//! Imports std, `rand::Rng`, and the game vocabulary.

use super::ids::HexId;
use super::resources::Resource;
use super::topology::{topology, LAND_LAYOUT_INDEX, PORT_POSITIONS};
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

/// The static part of one game's board.
///
/// Invariants: exactly one hex has no resource (the desert) and it has number 0; the other 18
/// have numbers 2..=12 except 7; `robber_start` is a land hex.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// Resource of each land hex (`None` = desert).
    pub hex_resource: [Option<Resource>; 19],
    /// Dice number of each land hex (0 = desert).
    pub hex_number: [u8; 19],
    /// Trade of each of the nine fixed port positions (`topology::PORT_POSITIONS` order).
    pub ports: [PortKind; 9],
    /// Where the robber starts (the desert on a generated board; from the layout otherwise).
    pub robber_start: HexId,
    /// Land hexes by dice number, as bit masks over `HexId` — a cache of `hex_number`.
    by_number: [u32; 13],
}

/// Why a BOARDLAYOUT could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// The hex or number array does not have 37 values.
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
    /// The robber hex is not a land hex.
    BadRobber(i32),
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
        }
    }
}

impl std::error::Error for LayoutError {}

impl Board {
    /// A board from its facts (numbers outside 2..=12 mean "none").
    pub fn new(
        hex_resource: [Option<Resource>; 19],
        hex_number: [u8; 19],
        ports: [PortKind; 9],
        robber_start: HexId,
    ) -> Board {
        let mut by_number = [0u32; 13];
        for (h, &n) in hex_number.iter().enumerate() {
            if (2..=12).contains(&n) {
                by_number[n as usize] |= 1 << h;
            }
        }
        Board {
            hex_resource,
            hex_number,
            ports,
            robber_start,
            by_number,
        }
    }

    /// A blank board: no hex produces, every port is 3:1, the robber on the first hex. Not a
    /// game's board (it breaks the one-desert invariant): what a client's mirror holds until
    /// the server sends the real layout ([`State::lay_board`](super::State::lay_board)).
    pub fn blank() -> Board {
        Board::new(
            [None; 19],
            [0; 19],
            [None; 9],
            HexId::all().next().expect("19 land hexes"),
        )
    }

    /// The land hexes carrying dice number `n` (none for numbers outside 2..=12).
    #[inline]
    pub fn hexes_with_number(&self, n: u8) -> impl Iterator<Item = HexId> {
        HexId::in_mask(self.by_number.get(n as usize).copied().unwrap_or(0))
    }

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
        let mut b = Board::new([None; 19], [0; 19], [None; 9], robber_start);
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
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Board {
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
        let topo = topology();
        let hex_number = loop {
            tokens.shuffle(rng);
            let mut numbers = [0u8; 19];
            let mut k = 0;
            for (h, n) in numbers.iter_mut().enumerate() {
                if h != desert {
                    *n = tokens[k];
                    k += 1;
                }
            }
            let red = |n: u8| n == 6 || n == 8;
            let clash = (0..19).any(|h| {
                red(numbers[h])
                    && (0..19).any(|g| topo.hex_neighbours[h] >> g & 1 != 0 && red(numbers[g]))
            });
            if !clash {
                break numbers;
            }
        };
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

    /// The desert hex.
    pub fn desert(&self) -> Option<HexId> {
        self.hex_resource
            .iter()
            .position(|r| r.is_none())
            .map(HexId::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
                    if topo.hex_neighbours[h] >> g & 1 != 0 {
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
