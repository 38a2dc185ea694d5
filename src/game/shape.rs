//! Board shapes: what differs between JSettlers' boards, as one trait the engine is generic
//! over — the land hexes and ports in the server's coordinates, the set types sized to the
//! board, the seats, the bank and the deck. Each shape is monomorphised, so the classic
//! board keeps its one-word node sets and fixed tables. Imports std and the game vocabulary.
//!
//! | shape | server class | encoding | land hexes | nodes | edges | ports | seats | deck |
//! |---|---|---|---:|---:|---:|---:|---:|---:|
//! | [`Classic`] | `SOCBoard4p` | v1 (`BOARD_ENCODING_ORIGINAL`) | 19 | 54 | 72 | 9 | 4 | 25 |
//! | [`Six`] | `SOCBoard6p` | v2 (`BOARD_ENCODING_6PLAYER`) | 30 | 80 | 109 | 11 | 6 | 34 |
//! | [`Sea`] | `SOCBoardLarge` | v3 (`BOARD_ENCODING_LARGE`) | grid of 126 | 296 | 421 | ≤ 20 | 4 | 25 |
//! | [`Sea6`] | `SOCBoardLarge` | v3 | grid of 126 | 296 | 421 | ≤ 20 | 6 | 34 |
//!
//! The sea boards (`SOCBoardLarge`) are shapes of the same kind: their ids cover a fixed
//! coordinate grid, the largest board any layout uses (22 rows by 24 columns of half-hex
//! units: the 6-player fallback board is 0x16 x 0x17, scenarios SC_FOG and SC_TTD for 6
//! players 0x12 x 0x18; `SOCBoardAtServer.getBoardSize`), so one static [`Topology`] serves
//! every sea board; which hexes are land, water or off the board, the legal nodes and edges,
//! the ports and the land areas are board data ([`SeaLand`], in [`Board::land`]). Ships,
//! the pirate and the other sea pieces are state data ([`Fleet`]). The two sea shapes differ
//! only in seats, bank and deck, as the classic and 6-player boards do. Classic and 6-player
//! boards carry [`Absent`] for both parts: nothing, so their boards and states keep their size.

use super::board::{Board, LayoutError};
use super::ids::{EdgeId, HexId, NodeId};
use super::resources::DevSet;
use super::sea::{Fleet, SeaLand};
use super::sets::{
    BitSet, EdgeSet, EdgeSet6, EdgeSetSea, HexSet, HexSet6, HexSetSea, NodeSet, NodeSet6,
    NodeSetSea,
};
use super::topology::Topology;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Index, IndexMut};
use std::sync::OnceLock;

/// What a table cell may hold.
pub trait Elem: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {}
impl<T: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static> Elem for T {}

/// A fixed-size table indexed by a dense id's index: an array of the shape's length.
pub trait Table<T>:
    Copy
    + Eq
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + Index<usize, Output = T>
    + IndexMut<usize>
    + AsRef<[T]>
    + AsMut<[T]>
{
    /// Every cell `v`.
    fn filled(v: T) -> Self;
}

impl<T: Elem, const N: usize> Table<T> for [T; N] {
    #[inline]
    fn filled(v: T) -> Self {
        [v; N]
    }
}

/// A part of a board or state that only some shapes have: [`Present`] on those, [`Absent`]
/// (nothing, zero bytes) on the others; `get` is a constant `None` there, so code behind it
/// compiles away on the classic board.
pub trait Part<T>: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// The part, if this shape has it.
    fn get(&self) -> Option<&T>;
    /// The part, mutably, if this shape has it.
    fn get_mut(&mut self) -> Option<&mut T>;
}

/// No part (classic and 6-player boards).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Absent;

/// The part itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Present<T>(pub T);

impl<T> Part<T> for Absent {
    #[inline(always)]
    fn get(&self) -> Option<&T> {
        None
    }
    #[inline(always)]
    fn get_mut(&mut self) -> Option<&mut T> {
        None
    }
}

impl<T: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static> Part<T> for Present<T> {
    #[inline(always)]
    fn get(&self) -> Option<&T> {
        Some(&self.0)
    }
    #[inline(always)]
    fn get_mut(&mut self) -> Option<&mut T> {
        Some(&mut self.0)
    }
}

/// One of JSettlers' boards. See the module doc for the figures.
pub trait Shape: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// A set of land nodes.
    type Nodes: BitSet<Id = NodeId>;
    /// A set of land edges.
    type Edges: BitSet<Id = EdgeId>;
    /// A set of land hexes.
    type Hexes: BitSet<Id = HexId>;
    /// One value per land node.
    type PerNode<T: Elem>: Table<T>;
    /// One value per land edge.
    type PerEdge<T: Elem>: Table<T>;
    /// One value per land hex.
    type PerHex<T: Elem>: Table<T>;
    /// One value per port (on the sea boards: room for the most ports a layout has).
    type PerPort<T: Elem>: Table<T>;
    /// The board's land and water, legal nodes and edges, ports and land areas, where they
    /// are board data (the sea boards); [`Absent`] elsewhere.
    type Land: Part<SeaLand<Self>>;
    /// Ships, the pirate and the other sea-board pieces of a state; [`Absent`] elsewhere.
    type Fleet: Part<Fleet<Self>>;
    /// Whether this is a sea board (`SOCGame.hasSeaBoard`).
    const SEA: bool = false;

    /// A short name for logs and result lines.
    const NAME: &'static str;
    /// Seats on this board (`SOCGame.maxPlayers`).
    const SEATS: usize;
    /// Land nodes.
    const NODES: usize = Self::Nodes::CAPACITY;
    /// Land edges.
    const EDGES: usize = Self::Edges::CAPACITY;
    /// Land hexes.
    const HEXES: usize = Self::Hexes::CAPACITY;
    /// Ports.
    const PORTS: usize;
    /// The board's layout encoding in BOARDLAYOUT2 (`SOCBoard.getBoardEncodingFormat`).
    const ENCODING: i32;
    /// The land hexes' server coordinates, ascending (`getLandHexCoords`); empty on the sea
    /// boards, whose land is board data.
    const LAND_HEXES: &'static [u16];
    /// Each port's edge coordinate, in the server's port order (`getPortsEdges`); empty on
    /// the sea boards (board data).
    const PORT_EDGES: &'static [u16];
    /// The cards of each resource the bank model holds (19 classic; the 6-player extension
    /// has 24). JSettlers pays whatever the bank holds unless the bank limit is on.
    const RESOURCES_PER_KIND: u8;
    /// The development deck (`SOCGame.startGame_setupDevCards`).
    const FULL_DECK: DevSet;

    /// The shape's adjacency tables, built on first use.
    fn topology() -> &'static Topology<Self>;

    /// Decodes a BOARDLAYOUT (1014), which only the classic board is sent as
    /// ([`Board::from_server_layout`]); other shapes refuse it.
    ///
    /// # Errors
    /// A [`LayoutError`] naming the first bad value (`WrongLength` on other shapes).
    fn board_from_layout1(
        hexes: &[i32],
        numbers: &[i32],
        robber: i32,
    ) -> Result<Board<Self>, LayoutError> {
        let _ = (numbers, robber);
        Err(LayoutError::WrongLength(hexes.len()))
    }
}

/// The classic 4-player board (`SOCBoard4p`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Classic;

/// The 6-player board (`SOCBoard6p`): 5 or 6 players (or fewer with game option PLB), the
/// Special Building Phase.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Six;

impl Shape for Classic {
    type Nodes = NodeSet;
    type Edges = EdgeSet;
    type Hexes = HexSet;
    type PerNode<T: Elem> = [T; 54];
    type PerEdge<T: Elem> = [T; 72];
    type PerHex<T: Elem> = [T; 19];
    type PerPort<T: Elem> = [T; 9];
    type Land = Absent;
    type Fleet = Absent;
    const NAME: &'static str = "classic";
    const SEATS: usize = 4;
    const PORTS: usize = 9;
    /// `BOARD_ENCODING_ORIGINAL`.
    const ENCODING: i32 = 1;
    /// `SOCBoard4p.HEXCOORDS_LAND_V1`.
    const LAND_HEXES: &'static [u16] = &[
        0x33, 0x35, 0x37, 0x53, 0x55, 0x57, 0x59, 0x73, 0x75, 0x77, 0x79, 0x7B, 0x95, 0x97, 0x99,
        0x9B, 0xB7, 0xB9, 0xBB,
    ];
    /// `SOCBoard4p.PORTS_EDGE_V1`.
    const PORT_EDGES: &'static [u16] = &[0x27, 0x5A, 0x9C, 0xCC, 0xC9, 0xA5, 0x72, 0x42, 0x24];
    const RESOURCES_PER_KIND: u8 = 19;
    const FULL_DECK: DevSet = DevSet([14, 2, 2, 2, 5]);

    fn topology() -> &'static Topology<Classic> {
        static T: OnceLock<Topology<Classic>> = OnceLock::new();
        T.get_or_init(Topology::build)
    }

    fn board_from_layout1(
        hexes: &[i32],
        numbers: &[i32],
        robber: i32,
    ) -> Result<Board<Classic>, LayoutError> {
        Board::from_server_layout(hexes, numbers, robber)
    }
}

impl Shape for Six {
    type Nodes = NodeSet6;
    type Edges = EdgeSet6;
    type Hexes = HexSet6;
    type PerNode<T: Elem> = [T; 80];
    type PerEdge<T: Elem> = [T; 109];
    type PerHex<T: Elem> = [T; 30];
    type PerPort<T: Elem> = [T; 11];
    type Land = Absent;
    type Fleet = Absent;
    const NAME: &'static str = "6-player";
    const SEATS: usize = 6;
    const PORTS: usize = 11;
    /// `BOARD_ENCODING_6PLAYER`.
    const ENCODING: i32 = 2;
    /// `SOCBoard6p.HEXCOORDS_LAND_V2`.
    const LAND_HEXES: &'static [u16] = &[
        0x11, 0x13, 0x15, 0x17, 0x31, 0x33, 0x35, 0x37, 0x39, 0x51, 0x53, 0x55, 0x57, 0x59, 0x5B,
        0x71, 0x73, 0x75, 0x77, 0x79, 0x7B, 0x93, 0x95, 0x97, 0x99, 0x9B, 0xB5, 0xB7, 0xB9, 0xBB,
    ];
    /// `SOCBoard6p.PORTS_EDGE_V2`.
    const PORT_EDGES: &'static [u16] = &[
        0x07, 0x3A, 0x7C, 0xAC, 0xCA, 0xC7, 0xA3, 0x70, 0x30, 0x00, 0x03,
    ];
    const RESOURCES_PER_KIND: u8 = 24;
    /// 20 knights, 3 road building, 3 year of plenty, 3 monopoly, 5 VP = 34.
    const FULL_DECK: DevSet = DevSet([20, 3, 3, 3, 5]);

    fn topology() -> &'static Topology<Six> {
        static T: OnceLock<Topology<Six>> = OnceLock::new();
        T.get_or_init(Topology::build)
    }
}

/// The sea board for up to four players (`SOCBoardLarge`, game option `SBL`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Sea;

/// The sea board for five or six players (`SOCBoardLarge` with `PL` > 4 or `PLB`): the
/// 6-player deck and bank, the Special Building Phase.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Sea6;

/// Rows of the sea grid (`SOCBoardAtServer.FALLBACK_BOARDSIZE` for 6 players: 0x16).
pub const SEA_GRID_HEIGHT: u16 = 0x16;
/// Columns of the sea grid (SC_FOG, SC_TTD and SC_FTRI for 6 players: 0x18).
pub const SEA_GRID_WIDTH: u16 = 0x18;
/// Room for ports on a sea board.
pub const SEA_PORTS: usize = 20;

macro_rules! sea_shape {
    ($shape:ident, $name:literal, $seats:expr, $bank:expr, $deck:expr) => {
        impl Shape for $shape {
            type Nodes = NodeSetSea;
            type Edges = EdgeSetSea;
            type Hexes = HexSetSea;
            type PerNode<T: Elem> = [T; 296];
            type PerEdge<T: Elem> = [T; 421];
            type PerHex<T: Elem> = [T; 126];
            type PerPort<T: Elem> = [T; SEA_PORTS];
            type Land = Present<SeaLand<$shape>>;
            type Fleet = Present<Fleet<$shape>>;
            const SEA: bool = true;
            const NAME: &'static str = $name;
            const SEATS: usize = $seats;
            const PORTS: usize = SEA_PORTS;
            /// `BOARD_ENCODING_LARGE`.
            const ENCODING: i32 = 3;
            const LAND_HEXES: &'static [u16] = &[];
            const PORT_EDGES: &'static [u16] = &[];
            const RESOURCES_PER_KIND: u8 = $bank;
            const FULL_DECK: DevSet = $deck;

            fn topology() -> &'static Topology<$shape> {
                static T: OnceLock<Topology<$shape>> = OnceLock::new();
                T.get_or_init(|| Topology::build_grid(SEA_GRID_HEIGHT, SEA_GRID_WIDTH))
            }
        }
    };
}

sea_shape!(Sea, "sea", 4, 19, DevSet([14, 2, 2, 2, 5]));
sea_shape!(Sea6, "6-player sea", 6, 24, DevSet([20, 3, 3, 3, 5]));

#[cfg(test)]
mod tests {
    use super::*;

    fn check<S: Shape>() {
        let t = S::topology();
        assert_eq!(t.node_count(), S::NODES);
        assert_eq!(t.edge_count(), S::EDGES);
        // Euler on a disc of hexes: E = V + F - 1.
        assert_eq!(S::EDGES, S::NODES + S::HEXES - 1);
        if S::SEA {
            return;
        }
        assert_eq!(S::LAND_HEXES.len(), S::HEXES);
        assert_eq!(S::PORT_EDGES.len(), S::PORTS);
        assert!(S::LAND_HEXES.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn shapes_agree_with_their_tables() {
        check::<Classic>();
        check::<Six>();
        check::<Sea>();
        check::<Sea6>();
        assert_eq!(Six::FULL_DECK.total(), 34);
        assert_eq!(Classic::FULL_DECK.total(), 25);
    }
}
