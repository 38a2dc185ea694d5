//! The server's sea board for games without a scenario (option `SBL=t`): the "fallback
//! layout" of `SOCBoardAtServer.makeNewBoard`, for 4 and for 6 players, dealt afresh from a
//! random generator and built through [`Board::from_layout3`] exactly as the server's
//! messages would build it. Arena games and tests on the sea board play on these.
//!
//! What the server does, and what is done here:
//! - the mainland is the classic board's hexes on a spiral (`LANDHEX_DICEPATH_MAINLAND_4PL`,
//!   `_6PL`): the land hex types of `SOCBoard4p.makeNewBoard_landHexTypes_v1` (6 players:
//!   `SOCBoard6p..._v2`) shuffled, the dice numbers `makeNewBoard_diceNums_v1` (`_v2`) laid
//!   along the spiral in order, skipping deserts (`makeNewBoard_placeHexes` with
//!   `shuffleDiceNumbers` false); the robber on the mainland's last desert; land area 1, where
//!   every seat starts (`PAN` 1);
//! - the outlying islands (`LANDHEX_COORD_ISLANDS_ALL_4PL`, `_6PL`) take the shuffled types
//!   `LANDHEX_TYPE_ISLANDS_*` (gold and one desert among them) and shuffled numbers
//!   `LANDHEX_DICENUM_ISLANDS_*`; land areas 2.. by `LANDHEX_LANDAREA_RANGES_ISLANDS_*`.
//!   The server then separates adjacent gold hexes (`makeNewBoard_placeHexes_arrangeGolds`)
//!   and moves 6s and 8s apart (`makeNewBoard_placeHexes_moveFrequentNumbers`); here a deal
//!   with adjacent golds or adjacent 6/8s is dealt again, which gives boards of the same kind
//!   (not the same distribution over them);
//! - every corner of a land hex is a legal node of its land area
//!   (`makeNewBoard_fillNodesOnLandFromHexes`);
//! - the mainland's ports (`PORTS_TYPE_V1`, `_V2`) and the islands' (`PORT_TYPE_ISLANDS_*`)
//!   are shuffled among their own edges (`makeNewBoard_shufflePorts`; option `BC`'s clump
//!   rule is not applied);
//! - the board is `FALLBACK_BOARDSIZE` (20 × 21, 6 players 22 × 23) half-hex rows and
//!   columns; no pirate (the fallback layout has none).

use super::board::Board;
use super::ids::HexId;
use super::sea::Layout3;
use super::shape::{Sea, Sea6, Shape};
use rand::seq::SliceRandom;
use rand::Rng;

// Hex types (`SOCBoard`): clay 1, ore 2, sheep 3, wheat 4, wood 5, desert 6; gold 7
// (`SOCBoardLarge.GOLD_HEX`).
const CLAY: i32 = 1;
const ORE: i32 = 2;
const SHEEP: i32 = 3;
const WHEAT: i32 = 4;
const WOOD: i32 = 5;
const DESERT: i32 = 6;
const GOLD: i32 = 7;
// Port types: 3:1 is 0, 2:1 of a resource is its hex type (`SOCBoard.MISC_PORT`..).
const MISC: i32 = 0;

/// One player count's fallback layout (`SOCBoardAtServer`).
struct Fallback {
    /// `FALLBACK_BOARDSIZE`: height, width.
    size: (i32, i32),
    /// The mainland's spiral, in dice order.
    mainland: &'static [i32],
    mainland_types: &'static [i32],
    mainland_numbers: &'static [i32],
    /// Port edge and facing pairs, then types.
    mainland_ports: &'static [i32],
    mainland_port_types: &'static [i32],
    islands: &'static [i32],
    /// (land area, hex count) along `islands`.
    island_areas: &'static [(u8, usize)],
    island_types: &'static [i32],
    island_numbers: &'static [i32],
    island_ports: &'static [i32],
    island_port_types: &'static [i32],
}

// SOCBoard4p.makeNewBoard_landHexTypes_v1, makeNewBoard_diceNums_v1, PORTS_TYPE_V1.
const TYPES_V1: [i32; 19] = [
    DESERT, CLAY, CLAY, CLAY, ORE, ORE, ORE, SHEEP, SHEEP, SHEEP, SHEEP, WHEAT, WHEAT, WHEAT,
    WHEAT, WOOD, WOOD, WOOD, WOOD,
];
const DICE_V1: [i32; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];
const PORTS_V1: [i32; 9] = [MISC, MISC, MISC, MISC, CLAY, ORE, SHEEP, WHEAT, WOOD];
// SOCBoard6p.makeNewBoard_landHexTypes_v2, makeNewBoard_diceNums_v2, PORTS_TYPE_V2.
const TYPES_V2: [i32; 30] = [
    DESERT, CLAY, CLAY, CLAY, ORE, ORE, ORE, SHEEP, SHEEP, SHEEP, SHEEP, WHEAT, WHEAT, WHEAT,
    WHEAT, WOOD, WOOD, WOOD, WOOD, DESERT, CLAY, CLAY, ORE, ORE, SHEEP, SHEEP, WHEAT, WHEAT, WOOD,
    WOOD,
];
const DICE_V2: [i32; 28] = [
    2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
];
const PORTS_V2: [i32; 11] = [
    MISC, MISC, MISC, MISC, CLAY, ORE, SHEEP, WHEAT, WOOD, MISC, SHEEP,
];
// SOCBoard.FACING_NE .. FACING_NW = 1 .. 6.
const NE: i32 = 1;
const E: i32 = 2;
const SE: i32 = 3;
const SW: i32 = 4;
const W: i32 = 5;
const NW: i32 = 6;

const FOUR: Fallback = Fallback {
    size: (0x14, 0x15),
    mainland: &[
        0x0305, 0x0307, 0x0309, 0x050A, 0x070B, 0x090A, 0x0B09, 0x0B07, 0x0B05, 0x0904, 0x0703,
        0x0504, 0x0506, 0x0508, 0x0709, 0x0908, 0x0906, 0x0705, 0x0707,
    ],
    mainland_types: &TYPES_V1,
    mainland_numbers: &DICE_V1,
    mainland_ports: &[
        0x0204, SE, 0x0207, SW, 0x040A, SW, 0x070C, W, 0x0A0A, NW, 0x0C07, NW, 0x0C04, NE, 0x0903,
        E, 0x0503, E,
    ],
    mainland_port_types: &PORTS_V1,
    islands: &[
        0x030F, 0x050E, 0x0510, 0x070F, 0x0711, 0x0D0E, 0x0D10, 0x0D12, 0x0F0D, 0x0F0F, 0x0F03,
        0x0F05, 0x1106, 0x1108,
    ],
    island_areas: &[(2, 5), (3, 5), (4, 4)],
    island_types: &[
        CLAY, CLAY, ORE, ORE, ORE, SHEEP, SHEEP, WHEAT, WHEAT, DESERT, WOOD, WOOD, GOLD, GOLD,
    ],
    island_numbers: &[5, 4, 6, 3, 8, 10, 9, 11, 5, 9, 4, 10, 5],
    island_ports: &[0x080F, NW, 0x0C10, SW, 0x100D, NW, 0x1007, SE],
    island_port_types: &[MISC, SHEEP, WHEAT, WOOD],
};

const SIX: Fallback = Fallback {
    size: (0x16, 0x17),
    mainland: &[
        0x0904, 0x0705, 0x0506, 0x0307, 0x0309, 0x030B, 0x050C, 0x070D, 0x090E, 0x0B0D, 0x0D0C,
        0x0F0B, 0x0F09, 0x0F07, 0x0D06, 0x0B05, 0x0906, 0x0707, 0x0508, 0x050A, 0x070B, 0x090C,
        0x0B0B, 0x0D0A, 0x0D08, 0x0B07, 0x0908, 0x0709, 0x090A, 0x0B09,
    ],
    mainland_types: &TYPES_V2,
    mainland_numbers: &DICE_V2,
    mainland_ports: &[
        0x0704, E, 0x0405, SE, 0x0208, SE, 0x020B, SW, 0x060D, SW, 0x090F, W, 0x0C0D, NW, 0x100B,
        NW, 0x1008, NE, 0x0E05, NE, 0x0B04, E,
    ],
    mainland_port_types: &PORTS_V2,
    islands: &[
        0x0311, 0x0313, 0x0510, 0x0512, 0x0514, 0x0711, 0x0713, 0x0914, 0x0D10, 0x0D12, 0x0D14,
        0x0F0F, 0x0F11, 0x0F13, 0x1112, 0x1114, 0x1305, 0x1307, 0x1309, 0x130B, 0x130D,
    ],
    island_areas: &[(2, 8), (3, 8), (4, 5)],
    island_types: &[
        CLAY, CLAY, CLAY, CLAY, ORE, ORE, ORE, ORE, SHEEP, SHEEP, SHEEP, SHEEP, WHEAT, WHEAT,
        WHEAT, DESERT, WOOD, WOOD, WOOD, GOLD, GOLD,
    ],
    island_numbers: &[
        3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 11, 11,
    ],
    island_ports: &[0x0812, NE, 0x0310, E, 0x0C12, SW, 0x1010, NE, 0x1209, SW],
    island_port_types: &[MISC, MISC, CLAY, WOOD, MISC],
};

/// The grid hex at server coordinate `c` (the layouts' coordinates are all on the grid).
fn hex<S: Shape>(c: i32) -> HexId {
    S::topology()
        .hex_from_server(c)
        .expect("a fallback layout hex on the sea grid")
}

/// One fresh deal of `f`: (LH triples, PL, robber, land areas' nodes).
fn deal<S: Shape, R: Rng + ?Sized>(
    f: &Fallback,
    rng: &mut R,
) -> (Vec<i32>, Vec<i32>, i32, Vec<Vec<i32>>) {
    let mut hexes: Vec<(i32, i32, i32)> = Vec::new();
    let mut robber = 0;
    // The mainland: types shuffled, numbers along the spiral.
    let mut types = f.mainland_types.to_vec();
    types.shuffle(rng);
    let mut numbers = f.mainland_numbers.iter();
    for (&c, &t) in f.mainland.iter().zip(&types) {
        let n = if t == DESERT {
            robber = c;
            0
        } else {
            *numbers
                .next()
                .expect("a number for every mainland resource hex")
        };
        hexes.push((c, t, n));
    }
    let red = |n: i32| n == 6 || n == 8;
    // The islands: types and numbers shuffled, dealt again while golds or red numbers touch.
    let island_start = hexes.len();
    loop {
        hexes.truncate(island_start);
        let mut types = f.island_types.to_vec();
        types.shuffle(rng);
        let mut nums = f.island_numbers.to_vec();
        nums.shuffle(rng);
        let mut nums = nums.into_iter();
        for (&c, &t) in f.islands.iter().zip(&types) {
            let n = if t == DESERT {
                0
            } else {
                nums.next().expect("a number for every island resource hex")
            };
            hexes.push((c, t, n));
        }
        let topo = S::topology();
        let at = |x: HexId| hexes.iter().find(|h| hex::<S>(h.0) == x).copied();
        let clash = hexes[island_start..].iter().any(|&(c, t, n)| {
            topo.hex_neighbours[hex::<S>(c).index()]
                .into_iter()
                .filter_map(at)
                .any(|(_, t2, n2)| (t == GOLD && t2 == GOLD) || (red(n) && red(n2)))
        });
        if !clash {
            break;
        }
    }
    // Ports: each group's types shuffled over its own edges; PL is types, edges, facings.
    let mut kinds = f.mainland_port_types.to_vec();
    kinds.shuffle(rng);
    let mut island_kinds = f.island_port_types.to_vec();
    island_kinds.shuffle(rng);
    kinds.extend(island_kinds);
    let places: Vec<&[i32]> = f
        .mainland_ports
        .chunks(2)
        .chain(f.island_ports.chunks(2))
        .collect();
    let mut ports = kinds;
    ports.extend(places.iter().map(|p| p[0]));
    ports.extend(places.iter().map(|p| p[1]));
    // Land areas: every corner of the area's hexes, area 1 the mainland.
    let mut areas: Vec<Vec<i32>> = vec![Vec::new()];
    let mut add = |area: usize, c: i32| {
        while areas.len() < area {
            areas.push(Vec::new());
        }
        let topo = S::topology();
        for n in topo.hex_node_set[hex::<S>(c).index()] {
            let n = topo.node_to_server(n);
            if !areas[area - 1].contains(&n) {
                areas[area - 1].push(n);
            }
        }
    };
    for &c in f.mainland {
        add(1, c);
    }
    let mut i = 0;
    for &(area, len) in f.island_areas {
        for &c in &f.islands[i..i + len] {
            add(area as usize, c);
        }
        i += len;
    }
    let lh = hexes.iter().flat_map(|&(c, t, n)| [c, t, n]).collect();
    (lh, ports, robber, areas)
}

fn fallback_board<S: Shape, R: Rng + ?Sized>(f: &Fallback, rng: &mut R) -> Board<S> {
    let (lh, ports, robber, areas) = deal::<S, R>(f, rng);
    let areas: Vec<&[i32]> = areas.iter().map(Vec::as_slice).collect();
    Board::from_layout3(&Layout3 {
        height: f.size.0,
        width: f.size.1,
        land_hexes: &lh,
        ports: &ports,
        robber,
        pirate: 0,
        land_areas: &areas,
        legal_nodes: &[],
        starting_area: 1,
    })
    .expect("the fallback sea layout fits the sea grid")
}

impl Board<Sea> {
    /// A fresh 4-player sea board of the server's fallback layout (module docs).
    pub fn random_sea<R: Rng + ?Sized>(rng: &mut R) -> Board<Sea> {
        fallback_board(&FOUR, rng)
    }
}

impl Board<Sea6> {
    /// A fresh 6-player sea board of the server's fallback layout (module docs).
    pub fn random_sea6<R: Rng + ?Sized>(rng: &mut R) -> Board<Sea6> {
        fallback_board(&SIX, rng)
    }
}
