//! The sea boards (`SOCBoardLarge`): the board data that makes a grid into one layout
//! ([`SeaLand`]: land and water, the legal nodes and edges, ports, land areas), the state's
//! sea pieces ([`Fleet`]: ships, the pirate), the layout decoder (BOARDLAYOUT2 in encoding v3
//! plus POTENTIALSETTLEMENTS) and the ship and pirate rules. Imports std and the game
//! vocabulary.
//!
//! Rules (JSettlers 2.x, `SOCGame` / `SOCPlayer`):
//! - a ship costs wood and sheep (`SOCShip.COST`); 15 per seat (`SOCPlayer` piece counts);
//! - it goes on a legal ship edge (`SOCBoardLarge.initLegalShipEdges`: the sides of water
//!   hexes, and coastal sides of land hexes at the board's margin), free, touching the
//!   owner's settlement or city, or one of its ships at a node without an opponent's
//!   building (`SOCPlayer.updatePotentials...`); roads extend roads, ships extend ships, and
//!   the two meet only at the owner's buildings;
//! - one ship a turn may move, in `Main` only, not one built this turn, not next to the
//!   pirate, only at an open end of its route (an end node without the owner's building or
//!   another of its ships), to an edge where a ship could be built without it
//!   (`SOCGame.canMoveShip`, `SOCPlayer.canMoveShip`, `isPotentialShipMoveTo`);
//! - the longest trade route counts roads and ships, which connect only through the
//!   owner's settlements and cities (`SOCPlayer.calcLongestRoad2`);
//! - after a 7 or a knight the player moves the robber (to land) or the pirate (to water,
//!   `SOCGame.canMovePirate`); the pirate robs a seat with a ship on a side of its hex
//!   (`SOCGame.getPossibleVictims`: `getPlayersShipsOnHex`), and no ship is built or moved on
//!   its sides (`SOCGame.canPlaceShip`, `canMoveShip`);
//! - the road building card places roads or ships;
//! - initial settlements go in the starting land area when the server names one
//!   (`SOCBoardLarge.getStartingLandArea`), and the initial road may be a ship;
//! - with scenario option `_SC_SEAC`, the first settlement on each land area other than the
//!   seat's starting areas gives 2 special victory points; `_SC_SANY`, 1 for the first one
//!   (`SOCPlayer.putPiece_settlement_checkScenarioSVPs`).
//!
//! - a gold hex gives a free pick of any resource instead of a card: one per settlement and
//!   two per city when rolled (the robber blocks it), one per gold hex beside the second
//!   initial settlement (`SOCGame.rollDice` → `getResourcesGainedFromRoll`, `GOLD_LOCAL`;
//!   `putPieceCommon` in START2A), picked in `Phase::PickGold`.
//!
//! - a fog hex (SC_FOG) is land that produces nothing until the server reveals it
//!   ([`Board::reveal_fog`]); the engine never reveals one itself.
//!
//! Not modelled yet:
//! scenario pieces (villages, special edges, the pirate fleet of SC_PIRI) and the robber's
//! excluded land areas.

use super::board::{Board, LayoutError, PortKind};
use super::ids::{BySeat, EdgeId, HexId, NodeId, Seat};
use super::resources::Resource;
use super::sets::BitSet;
use super::setup::SetupError;
use super::shape::{Part, Shape, Table};
use super::state::State;

/// Ships per seat (`SOCPlayer`: 15 ships).
pub const MAX_SHIPS: usize = 15;

/// How far [`State::new_land_distance`] looks, in node steps.
pub const NEW_LAND_RINGS: u8 = 11;

/// A node farther than [`NEW_LAND_RINGS`] from new land.
pub const FAR: u8 = u8::MAX;

/// One sea board's fixed facts beyond hex resources and numbers: which grid hexes are land,
/// water or off the board, the legal nodes and edges that follow, ports, land areas.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SeaLand<S: Shape> {
    /// The board's rows and columns of half-hex units (`_BHW`; JOINGAMEAUTH).
    pub height: u8,
    /// See `height`.
    pub width: u8,
    /// Land hexes (resources, desert, gold, fog).
    pub land: S::Hexes,
    /// Water hexes within the board's height and width.
    pub water: S::Hexes,
    /// Gold hexes (`SOCBoardLarge.GOLD_HEX`).
    pub gold: S::Hexes,
    /// Fog hexes (`FOG_HEX`): neither the robber nor the pirate goes there.
    pub fog: S::Hexes,
    /// Fog hexes the server has revealed ([`Board::reveal_fog`]): what the fog still hides
    /// is the fog island's less theirs (`State::fog_left`).
    pub revealed: S::Hexes,
    /// Nodes where settlements may stand (`nodesOnLand`, the land areas' union).
    pub nodes: S::Nodes,
    /// Nodes for initial settlements: the starting land area's, or every legal node.
    pub start_nodes: S::Nodes,
    /// Edges where roads may stand (`initLegalRoadsFromLandNodes`).
    pub road_edges: S::Edges,
    /// Edges where ships may stand (`initLegalShipEdges`).
    pub ship_edges: S::Edges,
    /// The land area (1..) of each legal node, 0 elsewhere (`getNodeLandArea`).
    pub area: S::PerNode<u8>,
    /// The two nodes of each port (empty past `ports`).
    pub port_nodes: S::PerPort<S::Nodes>,
    /// Each port's edge (server coordinate) and facing, for encoding.
    pub port_edges: S::PerPort<(u16, u8)>,
    /// Ports on the board.
    pub ports: u8,
    /// Where the pirate starts (`PH`), if on the board.
    pub pirate_start: Option<HexId>,
}

impl<S: Shape> Default for SeaLand<S> {
    fn default() -> Self {
        SeaLand {
            height: 0,
            width: 0,
            land: S::Hexes::EMPTY,
            water: S::Hexes::EMPTY,
            gold: S::Hexes::EMPTY,
            fog: S::Hexes::EMPTY,
            revealed: S::Hexes::EMPTY,
            nodes: S::Nodes::EMPTY,
            start_nodes: S::Nodes::EMPTY,
            road_edges: S::Edges::EMPTY,
            ship_edges: S::Edges::EMPTY,
            area: S::PerNode::<u8>::filled(0),
            port_nodes: S::PerPort::<S::Nodes>::filled(S::Nodes::EMPTY),
            port_edges: S::PerPort::<(u16, u8)>::filled((0, 0)),
            ports: 0,
            pirate_start: None,
        }
    }
}

/// The sea pieces of a state: ships, the pirate, what was done with ships this turn, the
/// special victory points of settling new land areas, and the ship caches.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Fleet<S: Shape> {
    /// Ships per seat.
    pub ships: BySeat<S::Edges>,
    /// The pirate's hex, if on the board.
    pub pirate: Option<HexId>,
    /// Ships the current player built this turn (`SOCGame.getShipsPlacedThisTurn`): they
    /// may not move.
    pub built_this_turn: S::Edges,
    /// Whether the current player moved a ship this turn (`movedShipThisTurn`).
    pub moved_ship: bool,
    /// Whether the robbery under way is the pirate's (`robberyWithPirateNotRobber`): the
    /// victims to choose from are ship owners at the pirate.
    pub pirate_robbery: bool,
    /// Land areas of each seat's initial settlements (bit `a - 1` for area `a`).
    pub home_areas: BySeat<u32>,
    /// Land areas that gave each seat special victory points.
    pub svp_areas: BySeat<u32>,
    /// Special victory points per seat (`SOCPlayer.getSpecialVP`).
    pub svp: BySeat<u8>,
    /// Free resources each seat still picks for gold hexes (nonzero only in
    /// `Phase::PickGold`; `SOCPlayer.getNeedToPickGoldHexResources`).
    pub gold_owed: BySeat<u8>,
    /// Cache: nodes touched by each seat's ships.
    pub(crate) ship_nodes: BySeat<S::Nodes>,
    /// Cache: edges touching each seat's buildings, or its ship nodes free of opponents'
    /// buildings (free legal ones among them are where it may build a ship).
    pub(crate) ship_reach: BySeat<S::Edges>,
}

/// A sea board's layout as the server sends it: the BOARDLAYOUT2 parts of encoding v3 and
/// the POTENTIALSETTLEMENTS land areas, as raw integers.
#[derive(Clone, Debug, Default)]
pub struct Layout3<'a> {
    /// Board height (JOINGAMEAUTH; `_BHW >> 8`).
    pub height: i32,
    /// Board width (`_BHW & 0xFF`).
    pub width: i32,
    /// `LH`: (hex coordinate, hex type, dice number) triples (`SOCBoardLarge.getLandHexLayout`;
    /// types 1..5 clay..wood, 6 desert, 7 gold, 8 fog; number 0 for none).
    pub land_hexes: &'a [i32],
    /// `PL`: n port types (0 = 3:1, 1..5 = 2:1 of that resource), then n edges, then n
    /// facings (`getPortsLayout`); a negative edge is a port off the board.
    pub ports: &'a [i32],
    /// `RH`: the robber's hex.
    pub robber: i32,
    /// `PH`: the pirate's hex, 0 if none.
    pub pirate: i32,
    /// POTENTIALSETTLEMENTS `LA1`, `LA2`, ..: the legal nodes of each land area. Empty when
    /// the server sends one list (`legal_nodes`).
    pub land_areas: &'a [&'a [i32]],
    /// POTENTIALSETTLEMENTS' node list when it sends no land areas.
    pub legal_nodes: &'a [i32],
    /// `PAN`: the starting land area (1..), 0 for none (any legal node).
    pub starting_area: i32,
}

impl<S: Shape> Board<S> {
    /// The sea board of a v3 layout (`SOCBoardLarge.setLandHexLayout`, `setPortsLayout`,
    /// `setLegalSettlements` → `initLegalRoadsFromLandNodes`, `initLegalShipEdges`).
    ///
    /// # Errors
    /// A [`LayoutError`] naming the first bad value; `WrongLength` on a shape that is not a
    /// sea board, or for a board larger than the sea grid.
    pub fn from_layout3(l: &Layout3<'_>) -> Result<Board<S>, LayoutError> {
        let mut board = Board::<S>::blank();
        let topo = S::topology();
        let (h, w) = (l.height, l.width);
        if board.land.get().is_none()
            || !(1..=i32::from(super::shape::SEA_GRID_HEIGHT)).contains(&h)
            || !(1..=i32::from(super::shape::SEA_GRID_WIDTH)).contains(&w)
        {
            return Err(LayoutError::WrongLength(l.land_hexes.len()));
        }
        if l.land_hexes.len() % 3 != 0 {
            return Err(LayoutError::WrongLength(l.land_hexes.len()));
        }
        let mut land = SeaLand::<S> {
            height: h as u8,
            width: w as u8,
            ..SeaLand::default()
        };
        // Hexes within the board (`isHexInBounds`): 0 < r < height, 0 < c < width.
        let mut on_board = S::Hexes::EMPTY;
        for x in topo.hexes() {
            let c = topo.hex_to_server(x);
            if (c >> 8) < h && (c & 0xFF) < w {
                on_board.insert(x);
            }
        }
        for (i, t) in l.land_hexes.chunks(3).enumerate() {
            let index = 3 * i;
            let x = topo
                .hex_from_server(t[0])
                .filter(|&x| on_board.contains(x))
                .ok_or(LayoutError::BadLandHex { index, value: t[0] })?;
            let kind = t[1];
            board.hex_resource[x.index()] = match kind {
                1..=5 => Resource::from_server(kind),
                6..=8 => None,
                _ => return Err(LayoutError::BadLandHex { index, value: kind }),
            };
            match kind {
                7 => land.gold.insert(x),
                8 => land.fog.insert(x),
                _ => {}
            }
            land.land.insert(x);
            let n = t[2];
            board.hex_number[x.index()] = match n {
                0 | -1 => 0,
                2..=6 | 8..=12 => n as u8,
                _ => {
                    return Err(LayoutError::BadNumber {
                        index: index + 2,
                        value: n,
                    })
                }
            };
        }
        land.water = on_board - land.land;

        // Legal nodes and land areas.
        let node = |c: i32| topo.node_from_server(c).ok_or(LayoutError::BadNode(c));
        if l.land_areas.is_empty() {
            for &c in l.legal_nodes {
                land.nodes.insert(node(c)?);
            }
            land.start_nodes = land.nodes;
        } else {
            for (a, nodes) in l.land_areas.iter().enumerate() {
                for &c in nodes.iter() {
                    let n = node(c)?;
                    land.nodes.insert(n);
                    land.area[n.index()] = (a + 1) as u8;
                    if l.starting_area == (a + 1) as i32 {
                        land.start_nodes.insert(n);
                    }
                }
            }
            if l.starting_area <= 0 {
                land.start_nodes = land.nodes;
            }
        }
        // `initLegalRoadsFromLandNodes`: both ends legal, land on a side.
        for e in topo.edges() {
            if topo.edge_node_set[e.index()] & land.nodes == topo.edge_node_set[e.index()]
                && topo.edge_hex_set[e.index()].intersects(land.land)
            {
                land.road_edges.insert(e);
            }
        }
        // `initLegalShipEdges`: every side of a water hex; the coastal sides of land hexes
        // at the margin (off the board counts as water: `isEdgeCoastline`).
        for x in land.water {
            land.ship_edges |= topo.hex_edge_set[x.index()];
        }
        for x in land.land {
            let c = topo.hex_to_server(x);
            let (r, col) = (c >> 8, c & 0xFF);
            if r == 1 || r == h - 1 || col <= 2 || col >= w - 2 {
                for e in topo.hex_edge_set[x.index()] {
                    let sides = topo.edge_hex_set[e.index()] & on_board;
                    if sides.len() < 2 || !(sides - land.land).is_empty() {
                        land.ship_edges.insert(e);
                    }
                }
            }
        }

        // Ports.
        if l.ports.len() % 3 != 0 || l.ports.len() / 3 > S::PORTS {
            return Err(LayoutError::WrongLength(l.ports.len()));
        }
        let n = l.ports.len() / 3;
        land.ports = n as u8;
        for p in 0..n {
            let (kind, edge, facing) = (l.ports[p], l.ports[n + p], l.ports[2 * n + p]);
            board.ports[p] = match kind {
                0 => None,
                1..=5 => Resource::from_server(kind),
                _ => {
                    return Err(LayoutError::BadPort {
                        index: p,
                        value: kind,
                    })
                }
            };
            if edge < 0 {
                continue;
            }
            let e = topo.edge_from_server(edge).ok_or(LayoutError::BadPort {
                index: n + p,
                value: edge,
            })?;
            land.port_nodes[p] = topo.edge_node_set[e.index()];
            land.port_edges[p] = (edge as u16, facing as u8);
        }

        board.robber_start = topo
            .hex_from_server(l.robber)
            .filter(|&x| land.land.contains(x))
            .ok_or(LayoutError::BadRobber(l.robber))?;
        if l.pirate > 0 {
            land.pirate_start = Some(
                topo.hex_from_server(l.pirate)
                    .filter(|&x| land.water.contains(x))
                    .ok_or(LayoutError::BadRobber(l.pirate))?,
            );
        }
        let mut b: Board<S> = Board::new(
            board.hex_resource,
            board.hex_number,
            board.ports,
            board.robber_start,
        );
        *Part::<SeaLand<S>>::get_mut(&mut b.land).expect("a sea shape") = land;
        Ok(b)
    }

    /// Reveals fog hex `x` as the server does (SC_FOG, REVEALFOGHEX;
    /// `SOCBoardLarge.revealFogHiddenHex`): `kind` is its hex type (0 water, 1..5 clay..wood,
    /// 6 desert, 7 gold), `number` its dice number (0 for none). A hex revealed as water
    /// becomes water: its sides become legal ship edges (`legalShipEdges.addAll`), and the
    /// sides and corners the fog had made land and that have no land left beside them stop
    /// being legal road edges and settlement nodes (the server added them in
    /// `makeNewBoard_hideHexesInFog` so that clients could not tell water from land).
    ///
    /// # Errors
    /// `BadLandHex` when `x` is not a fog hex or `kind` no hex type; `BadNumber` for a dice
    /// number that is not one; the board is unchanged.
    pub fn reveal_fog(&mut self, x: HexId, kind: i32, number: i32) -> Result<(), LayoutError> {
        let topo = S::topology();
        let hex = topo.hex_to_server(x);
        let is_fog = self.land.get().is_some_and(|l| l.fog.contains(x));
        if !is_fog || !(0..=7).contains(&kind) {
            return Err(LayoutError::BadLandHex {
                index: 0,
                value: if is_fog { kind } else { hex },
            });
        }
        let number = match (kind, number) {
            (1..=5 | 7, 2..=6 | 8..=12) => number as u8,
            (_, 0) => 0,
            _ => {
                return Err(LayoutError::BadNumber {
                    index: 0,
                    value: number,
                })
            }
        };
        let resource = match kind {
            1..=5 => Resource::from_server(kind),
            _ => None,
        };
        self.set_hex(x, resource, number);
        let l = Part::<SeaLand<S>>::get_mut(&mut self.land).expect("a fog hex: a sea board");
        l.fog.remove(x);
        l.revealed.insert(x);
        match kind {
            0 => {
                l.land.remove(x);
                l.water.insert(x);
                l.ship_edges |= topo.hex_edge_set[x.index()];
                for e in topo.hex_edge_set[x.index()] {
                    if !topo.edge_hex_set[e.index()].intersects(l.land) {
                        l.road_edges.remove(e);
                    }
                }
                for n in topo.hex_node_set[x.index()] {
                    if !topo.node_hex_set[n.index()].intersects(l.land) {
                        l.nodes.remove(n);
                        l.start_nodes.remove(n);
                        l.area[n.index()] = 0;
                    }
                }
            }
            7 => l.gold.insert(x),
            _ => {}
        }
        Ok(())
    }

    /// This board with its resource hexes' resources, their numbers and the port types
    /// shuffled (deserts, gold and fog stay where they are): fresh boards of one geometry for
    /// playouts and tests.
    pub fn reshuffled<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Board<S> {
        use rand::seq::SliceRandom;
        let topo = S::topology();
        let producing: Vec<HexId> = topo
            .hexes()
            .filter(|h| self.hex_resource[h.index()].is_some())
            .collect();
        let mut kinds: Vec<Resource> = producing
            .iter()
            .filter_map(|h| self.hex_resource[h.index()])
            .collect();
        let numbered: Vec<HexId> = topo
            .hexes()
            .filter(|h| self.hex_number[h.index()] != 0)
            .collect();
        let mut numbers: Vec<u8> = numbered
            .iter()
            .map(|h| self.hex_number[h.index()])
            .collect();
        kinds.shuffle(rng);
        numbers.shuffle(rng);
        let mut resource = self.hex_resource;
        let mut number = self.hex_number;
        for (h, r) in producing.iter().zip(kinds) {
            resource[h.index()] = Some(r);
        }
        for (h, n) in numbered.iter().zip(numbers) {
            number[h.index()] = n;
        }
        let mut ports = self.ports;
        let n = self.port_kinds().len();
        ports.as_mut()[..n].shuffle(rng);
        let mut b = Board::new(resource, number, ports, self.robber_start);
        b.land = self.land;
        b
    }

    /// The sea data, on a sea board.
    #[inline]
    pub fn sea(&self) -> Option<&SeaLand<S>> {
        self.land.get()
    }

    /// The two nodes of port `p`: the shape's fixed ports, or the sea board's.
    #[inline]
    pub fn port_nodes(&self, p: usize) -> S::Nodes {
        match self.land.get() {
            Some(l) => l.port_nodes[p],
            None => S::topology().port_nodes[p],
        }
    }

    /// The port types in the server's order, as many as the board has.
    pub fn port_kinds(&self) -> &[PortKind] {
        let n = self.land.get().map_or(S::PORTS, |l| usize::from(l.ports));
        &self.ports.as_ref()[..n]
    }
}

impl<S: Shape> State<S> {
    /// The sea pieces, on a sea board.
    #[inline]
    pub fn fleet(&self) -> Option<&Fleet<S>> {
        self.fleet.get()
    }

    /// A seat's ships (none off the sea boards).
    #[inline]
    pub fn ships(&self, seat: Seat) -> S::Edges {
        self.fleet.get().map_or(S::Edges::EMPTY, |f| f.ships[seat])
    }

    /// The pirate's hex, if any.
    #[inline]
    pub fn pirate(&self) -> Option<HexId> {
        self.fleet.get().and_then(|f| f.pirate)
    }

    /// A seat's special victory points (0 off the sea boards).
    #[inline]
    pub fn special_vp(&self, seat: Seat) -> u8 {
        self.fleet.get().map_or(0, |f| f.svp[seat])
    }

    /// Ships a seat still has in stock (0 off the sea boards).
    #[inline]
    pub fn ships_left(&self, seat: Seat) -> usize {
        self.fleet
            .get()
            .map_or(0, |f| MAX_SHIPS - f.ships[seat].len())
    }

    /// Free resources `seat` still picks for gold hexes (0 off the sea boards and outside
    /// `Phase::PickGold`).
    #[inline]
    pub fn gold_owed(&self, seat: Seat) -> u8 {
        self.fleet.get().map_or(0, |f| f.gold_owed[seat])
    }

    /// Deals the picks of gold hexes rolled `d` (not under the robber) to the buildings
    /// beside them; whether anyone picks.
    pub(super) fn deal_gold(&mut self, d: u8) -> bool {
        let topo = S::topology();
        let robber = self.robber;
        let hexes = match self.board.land.get() {
            Some(l) => self.board.hexes_with_number(d) & l.gold,
            None => return false,
        };
        let (settlements, cities) = (self.settlements, self.cities);
        let Some(f) = self.fleet.get_mut() else {
            return false;
        };
        let mut any = false;
        for h in hexes {
            if h == robber {
                continue;
            }
            let ns = topo.hex_node_set[h.index()];
            for s in Seat::first(S::SEATS) {
                let n = (settlements[s] & ns).len() + 2 * (cities[s] & ns).len();
                f.gold_owed[s] += n as u8;
                any |= n > 0;
            }
        }
        any
    }

    /// The gold hexes beside node `n` (sea boards).
    pub(super) fn gold_beside(&self, n: NodeId) -> u8 {
        match self.board.land.get() {
            Some(l) => (S::topology().node_hex_set[n.index()] & l.gold).len() as u8,
            None => 0,
        }
    }

    /// The seat that picks next in `Phase::PickGold`: the first from the current player on
    /// that owes picks.
    pub(super) fn next_gold_picker(&self) -> Option<Seat> {
        let f = self.fleet.get()?;
        let mut s = self.current;
        for _ in 0..S::SEATS {
            if f.gold_owed[s] > 0 {
                return Some(s);
            }
            s = s.next_of(S::SEATS);
        }
        None
    }

    /// The sides of the pirate's hex (where no ship is built or moved).
    #[inline]
    fn pirate_sides(&self) -> S::Edges {
        match self.pirate() {
            Some(h) => S::topology().hex_edge_set[h.index()],
            None => S::Edges::EMPTY,
        }
    }

    /// Edges where `seat` may build a ship (ignores cost): free legal ship edges touching its
    /// buildings, or its ships at nodes without an opponent's building, not beside the
    /// pirate; needs a ship in stock (`SOCGame.canPlaceShip`). Empty off the sea boards.
    pub fn ship_spots(&self, seat: Seat) -> S::Edges {
        let (Some(f), Some(l)) = (self.fleet.get(), self.board.land.get()) else {
            return S::Edges::EMPTY;
        };
        if f.ships[seat].len() >= MAX_SHIPS {
            return S::Edges::EMPTY;
        }
        (f.ship_reach[seat] & l.ship_edges) - self.all_roads - self.pirate_sides()
    }

    /// Ships the current player may move now (`SOCGame.canMoveShip(pn, fromEdge)`): in
    /// `Main`, none moved yet this turn, not built this turn, not beside the pirate, at an
    /// open end of its route.
    pub fn movable_ships(&self) -> S::Edges {
        let Some(f) = self.fleet.get() else {
            return S::Edges::EMPTY;
        };
        if f.moved_ship || self.phase != super::Phase::Main {
            return S::Edges::EMPTY;
        }
        let s = self.current;
        let topo = S::topology();
        let own = self.settlements[s] | self.cities[s];
        let mut out = S::Edges::EMPTY;
        for e in f.ships[s] - f.built_this_turn - self.pirate_sides() {
            let open = topo.edge_nodes[e.index()].iter().any(|&n| {
                !own.contains(n)
                    && !(topo.node_edge_set[n.index()] - S::Edges::single(e)).intersects(f.ships[s])
            });
            if open {
                out.insert(e);
            }
        }
        out
    }

    /// Where the current player's ship on `from` may move (`SOCPlayer.isPotentialShipMoveTo`,
    /// `SOCGame.canMoveShip(pn, from, to)`): an edge it could build a ship on now that still
    /// touches its building, or another of its ships, without the one on `from`.
    pub fn ship_move_targets(&self, from: EdgeId) -> S::Edges {
        let Some(f) = self.fleet.get() else {
            return S::Edges::EMPTY;
        };
        let s = self.current;
        let topo = S::topology();
        let own = self.settlements[s] | self.cities[s];
        let others = f.ships[s] - S::Edges::single(from);
        let mut reach = S::Edges::EMPTY;
        for n in own {
            reach |= topo.node_edge_set[n.index()];
        }
        for e in others {
            for &n in &topo.edge_nodes[e.index()] {
                reach |= topo.node_edge_set[n.index()];
            }
        }
        // Potential now (the ship on `from` still counted; `ship_spots` needs one in stock,
        // which a seat with all 15 out lacks, so this does not use it).
        let Some(l) = self.board.land.get() else {
            return S::Edges::EMPTY;
        };
        let potential = (f.ship_reach[s] & l.ship_edges) - self.all_roads - self.pirate_sides();
        (potential & reach) - S::Edges::single(from)
    }

    /// The pirate's victims if it stood on `h`: seats other than the current player with a
    /// ship on a side of `h` and at least one card (`SOCGame.getPlayersShipsOnHex`).
    pub fn pirate_victims_at(&self, h: HexId) -> [bool; super::MAX_SEATS] {
        let mut v = [false; super::MAX_SEATS];
        let Some(f) = self.fleet.get() else {
            return v;
        };
        let sides = S::topology().hex_edge_set[h.index()];
        for s in self.seats() {
            v[s.index()] =
                s != self.current && f.ships[s].intersects(sides) && self.hands[s].total() > 0;
        }
        v
    }

    /// Sea boards: each node's distance in node steps, up to [`NEW_LAND_RINGS`], from new land
    /// for `seat`: a free legal settlement node in a land area where `seat` has no settlement
    /// or city (an island to settle, `_SC_SEAC`'s point and new resources). [`FAR`] beyond
    /// that, and everywhere off the sea boards. What ship building aims at, in the playouts
    /// and in the tree.
    pub fn new_land_distance(&self, seat: Seat) -> S::PerNode<u8> {
        let mut dist = S::PerNode::<u8>::filled(FAR);
        let Some(l) = self.board.land.get() else {
            return dist;
        };
        let mut settled = 0u32;
        for n in self.settlements[seat] | self.cities[seat] {
            settled |= 1 << (l.area[n.index()] & 31);
        }
        let mut ring = S::Nodes::EMPTY;
        for n in self.free_nodes() & l.nodes {
            if settled & (1 << (l.area[n.index()] & 31)) == 0 {
                ring.insert(n);
            }
        }
        let topo = S::topology();
        let mut seen = ring;
        for d in 0..=NEW_LAND_RINGS {
            if ring.is_empty() {
                break;
            }
            let mut next = S::Nodes::EMPTY;
            for n in ring {
                dist[n.index()] = d;
                next |= topo.node_neighbours[n.index()];
            }
            ring = next - seen;
            seen |= next;
        }
        dist
    }

    /// An edge's distance from new land: its nearer node's (see [`State::new_land_distance`]).
    #[inline]
    pub fn edge_land_distance(dist: &S::PerNode<u8>, e: EdgeId) -> u8 {
        let [a, b] = S::topology().edge_nodes[e.index()];
        dist[a.index()].min(dist[b.index()])
    }

    /// The ship edges of `spots` nearest new land for `seat` (all of them when none is within
    /// [`NEW_LAND_RINGS`] steps): where a ship route towards an island goes on.
    pub fn ships_towards_new_land(&self, seat: Seat, spots: S::Edges) -> S::Edges {
        if spots.is_empty() {
            return spots;
        }
        Self::nearest_new_land(&self.new_land_distance(seat), spots)
    }

    /// The edges of `spots` nearest new land by `dist` (a [`State::new_land_distance`]), all
    /// of them when none is within [`NEW_LAND_RINGS`] steps: for a caller that needs `dist`
    /// for more than this.
    pub fn nearest_new_land(dist: &S::PerNode<u8>, spots: S::Edges) -> S::Edges {
        let best = spots
            .iter()
            .map(|e| Self::edge_land_distance(dist, e))
            .min()
            .unwrap_or(FAR);
        if best == FAR {
            return spots;
        }
        let mut out = S::Edges::EMPTY;
        for e in spots {
            if Self::edge_land_distance(dist, e) == best {
                out.insert(e);
            }
        }
        out
    }

    /// Whether the pirate may move to `h` now, apart from the phase (`SOCGame.canMovePirate`):
    /// a water hex where it does not stand.
    #[inline]
    pub fn pirate_may_go(&self, h: HexId) -> bool {
        match self.board.land.get() {
            Some(l) => l.water.contains(h) && self.pirate() != Some(h),
            None => false,
        }
    }

    /// Recomputes a seat's ship reach from its pieces.
    pub(crate) fn update_ship_reach(&mut self, seat: Seat) {
        let topo = S::topology();
        let own = self.settlements[seat] | self.cities[seat];
        let occupied = self.occupied;
        let Some(f) = self.fleet.get_mut() else {
            return;
        };
        let anchors = own | (f.ship_nodes[seat] - (occupied - own));
        let mut edges = S::Edges::EMPTY;
        for n in anchors {
            edges |= topo.node_edge_set[n.index()];
        }
        f.ship_reach[seat] = edges;
    }

    /// Recomputes the ship caches of every seat from the piece sets.
    pub(crate) fn rebuild_ship_caches(&mut self) {
        let topo = S::topology();
        let seats = S::SEATS;
        let Some(f) = self.fleet.get_mut() else {
            return;
        };
        let mut all = S::Edges::EMPTY;
        for s in Seat::first(seats) {
            f.ship_nodes[s] = S::Nodes::EMPTY;
            for e in f.ships[s] {
                f.ship_nodes[s] |= topo.edge_node_set[e.index()];
            }
            all |= f.ships[s];
        }
        self.all_roads |= all;
        for s in Seat::first(seats) {
            self.update_ship_reach(s);
        }
    }

    /// Puts down a ship of `s` on `e` (built or moved there); the route length and award
    /// follow.
    pub(super) fn place_ship(&mut self, s: Seat, e: EdgeId) {
        let topo = S::topology();
        let Some(f) = self.fleet.get_mut() else {
            return;
        };
        f.ships[s].insert(e);
        f.ship_nodes[s] |= topo.edge_node_set[e.index()];
        self.all_roads.insert(e);
        self.update_ship_reach(s);
        self.update_road_len(s);
        self.update_longest_road_award();
    }

    /// A ship the server put down for `seat` (`SOCPutPiece` of type 3), without payment or
    /// phase change, after the piece rules: a sea board, a ship in stock, a free legal ship
    /// edge touching the seat's buildings or ships. A ship of the current player counts as
    /// built this turn (`SOCGame.addShipPlacedThisTurn`). Route lengths and the award follow.
    ///
    /// # Errors
    /// The rule the ship breaks; the state is unchanged.
    pub fn put_ship(&mut self, seat: Seat, e: EdgeId) -> Result<(), SetupError> {
        let topo = S::topology();
        let (Some(f), Some(l)) = (self.fleet.get(), self.board.land.get()) else {
            return Err(SetupError::OverlappingRoads(seat));
        };
        if f.ships[seat].len() >= MAX_SHIPS {
            return Err(SetupError::TooManyPieces(seat));
        }
        if self.all_roads.contains(e) || !l.ship_edges.contains(e) {
            return Err(SetupError::OverlappingRoads(seat));
        }
        let anchors = self.settlements[seat] | self.cities[seat] | f.ship_nodes[seat];
        if !topo.edge_node_set[e.index()].intersects(anchors) {
            return Err(SetupError::DisconnectedRoad(seat));
        }
        self.place_ship(seat, e);
        if seat == self.current {
            if let Some(f) = self.fleet.get_mut() {
                f.built_this_turn.insert(e);
            }
        }
        Ok(())
    }

    /// A ship move the server announced (`SOCMovePiece`): `seat`'s ship on `from` goes to
    /// `to`, a free legal ship edge; the seat has moved its ship this turn if it is the
    /// current player.
    ///
    /// # Errors
    /// No such ship, or `to` is taken or not a ship edge; the state is unchanged.
    pub fn move_ship(&mut self, seat: Seat, from: EdgeId, to: EdgeId) -> Result<(), SetupError> {
        let (Some(f), Some(l)) = (self.fleet.get(), self.board.land.get()) else {
            return Err(SetupError::OverlappingRoads(seat));
        };
        if !f.ships[seat].contains(from)
            || from == to
            || self.all_roads.contains(to)
            || !l.ship_edges.contains(to)
        {
            return Err(SetupError::OverlappingRoads(seat));
        }
        self.lift_ship(seat, from);
        self.place_ship(seat, to);
        if seat == self.current {
            if let Some(f) = self.fleet.get_mut() {
                f.moved_ship = true;
            }
        }
        Ok(())
    }

    /// The pirate where the board's layout puts it (`PH`; none without one): at the start
    /// of a game ([`State::new`]) and when a mirror lays the real board ([`State::lay_board`]).
    pub(super) fn pirate_to_start(&mut self) {
        let start = self.board.land.get().and_then(|l| l.pirate_start);
        self.set_pirate(start);
    }

    /// A fog hex the server revealed (REVEALFOGHEX; see [`Board::reveal_fog`]). The
    /// resource the reveal gives the builder comes in the server's own messages.
    ///
    /// # Errors
    /// As [`Board::reveal_fog`]; the state is unchanged.
    pub fn reveal_fog(&mut self, x: HexId, kind: i32, number: i32) -> Result<(), LayoutError> {
        self.board.reveal_fog(x, kind, number)
    }

    /// The pirate's hex as the server states it (`SOCMoveRobber` with a negative hex, or
    /// layout part `PH`); `None` takes it off the board. Ignored off the sea boards.
    pub fn set_pirate(&mut self, h: Option<HexId>) {
        if let Some(f) = self.fleet.get_mut() {
            f.pirate = h;
        }
    }

    /// Free gold picks `seat` owes, as the server asks them (`SOCPlayerElement`
    /// NUM_PICK_GOLD_HEX_RESOURCES). Ignored off the sea boards.
    pub fn set_gold_owed(&mut self, seat: Seat, picks: u8) {
        if let Some(f) = self.fleet.get_mut() {
            f.gold_owed[seat] = picks;
        }
    }

    /// Whether the robbery under way is the pirate's, as the server's last MOVEROBBER says
    /// (a negative hex: `SOCGame.robberyWithPirateNotRobber`): its victims are the ship
    /// owners at the pirate. Ignored off the sea boards.
    pub fn set_robbery_by_pirate(&mut self, pirate: bool) {
        if let Some(f) = self.fleet.get_mut() {
            f.pirate_robbery = pirate;
        }
    }

    /// A seat's special victory points as the server states them (`SOCPlayerElement`
    /// SCENARIO_SVP). Ignored off the sea boards.
    pub fn set_special_vp(&mut self, seat: Seat, svp: u8) {
        if let Some(f) = self.fleet.get_mut() {
            f.svp[seat] = svp;
        }
    }

    /// A settlement the server put down for `seat` on `n` ([`State::put_piece`]), on the
    /// sea boards: in the initial placement its land area becomes a home area, later the
    /// land-area points of `_SC_SEAC` / `_SC_SANY` follow, as the engine's own builds do
    /// (`SOCPlayer.putPiece_settlement_checkScenarioSVPs`).
    pub fn settle_land_area(&mut self, seat: Seat, n: NodeId) {
        let initial = self.phase.is_initial();
        self.settle_area(seat, n, initial);
    }

    /// A seat's starting land areas as the server states them at the end of initial placement
    /// (`SOCPlayerElement` STARTING_LANDAREAS, `SOCPlayer.getStartingLandAreasEncoded`: the
    /// first area in the low byte, the second in the next; SC_TTD's desert strip is added as
    /// the second). Settlements there give no land-area points. Ignored off the sea boards.
    pub fn set_home_areas(&mut self, seat: Seat, encoded: i32) {
        let Some(f) = self.fleet.get_mut() else {
            return;
        };
        let mut bits = 0u32;
        for a in [encoded & 0xFF, (encoded >> 8) & 0xFF] {
            if (1..=32).contains(&a) {
                bits |= 1 << (a - 1);
            }
        }
        f.home_areas[seat] = bits;
    }

    /// Takes the ship of `s` off `e` (to move it).
    pub(super) fn lift_ship(&mut self, s: Seat, e: EdgeId) {
        let topo = S::topology();
        let Some(f) = self.fleet.get_mut() else {
            return;
        };
        f.ships[s].remove(e);
        f.ship_nodes[s] = S::Nodes::EMPTY;
        for x in f.ships[s] {
            f.ship_nodes[s] |= topo.edge_node_set[x.index()];
        }
        self.all_roads.remove(e);
    }

    /// A settlement of `s` on `n` in regular play: the land-area points of `_SC_SEAC` and
    /// `_SC_SANY` (`SOCPlayer.putPiece_settlement_checkScenarioSVPs`); during initial
    /// placement the node's area becomes a home area.
    pub(super) fn settle_area(&mut self, s: Seat, n: NodeId, initial: bool) {
        let rules = self.rules;
        let (Some(l), Some(f)) = (self.board.land.get(), self.fleet.get_mut()) else {
            return;
        };
        let a = l.area[n.index()];
        if a == 0 {
            return;
        }
        let bit = 1u32 << (a - 1);
        if initial {
            f.home_areas[s] |= bit;
            return;
        }
        if f.home_areas[s] & bit != 0 || a == rules.no_svp_area {
            return;
        }
        if rules.svp_first_new_area && f.svp_areas[s] == 0 {
            f.svp[s] += 1;
        }
        if rules.svp_each_new_area && f.svp_areas[s] & bit == 0 {
            f.svp[s] += 2;
        }
        f.svp_areas[s] |= bit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Sea;
    use rand::SeedableRng;

    /// The fallback sea board with `x` hidden in fog as the server hides a hex
    /// (`makeNewBoard_hideHexesInFog`): land producing nothing, its corners legal nodes and
    /// its sides legal road edges; a side is a legal ship edge only beside known water.
    fn fogged(board: &mut Board<Sea>, x: HexId) {
        let topo = Sea::topology();
        board.set_hex(x, None, 0);
        let l = Part::<SeaLand<Sea>>::get_mut(&mut board.land).unwrap();
        let was_water = l.water.contains(x);
        l.water.remove(x);
        l.land.insert(x);
        l.fog.insert(x);
        l.nodes |= topo.hex_node_set[x.index()];
        for e in topo.hex_edge_set[x.index()] {
            l.road_edges.insert(e);
            if was_water && !topo.edge_hex_set[e.index()].intersects(l.water) {
                l.ship_edges.remove(e);
            }
        }
    }

    #[test]
    fn a_drawn_world_reveals_the_fog_as_the_island_less_what_was_revealed() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut board = Board::random_sea(&mut rng);
        let land = board.sea().unwrap().land;
        let hidden: Vec<HexId> = land.iter().take(12).collect();
        for &x in &hidden {
            fogged(&mut board, x);
        }
        let mut st = State::new(board, crate::game::Rules::default(), Seat::new(0));
        let (fog, pool) = st.fog_left().expect("the 4-player fog island");
        assert_eq!(
            (fog.len(), pool.hexes(), pool.kinds[0], pool.kinds[7]),
            (12, 12, 2, 2)
        );
        // The server reveals one as water, one as wheat 11: the pool loses them.
        st.reveal_fog(hidden[0], 0, 0).unwrap();
        st.reveal_fog(hidden[1], 4, 11).unwrap();
        let (fog, pool) = st.fog_left().unwrap();
        assert_eq!((fog.len(), pool.kinds[0], pool.kinds[4]), (10, 1, 1));
        assert_eq!((pool.numbers[11], pool.numbers[12]), (1, 1));
        for seed in 0..20 {
            let mut world = st.clone();
            world.sample_fog(&mut rand::rngs::SmallRng::seed_from_u64(seed));
            assert!(!world.has_fog() && world.fog_left().is_none());
            let l = world.board().sea().unwrap();
            let drawn: Vec<HexId> = hidden[2..].to_vec();
            let water = drawn.iter().filter(|&&x| l.water.contains(x)).count();
            let gold = drawn.iter().filter(|&&x| l.gold.contains(x)).count();
            let numbered = drawn
                .iter()
                .filter(|&&x| world.board().hex_number[x.index()] != 0)
                .count();
            assert_eq!((water, gold, numbered), (1, 2, 9), "seed {seed}");
        }
        // A reveal the island cannot hold (a desert): the fog is not the island's.
        st.reveal_fog(hidden[2], 6, 0).unwrap();
        assert!(st.fog_left().is_none());
        let before = st.clone();
        st.sample_fog(&mut rng);
        assert_eq!(st, before, "unknown fog stays fog");
    }

    #[test]
    fn a_fog_hex_revealed_as_land_produces_and_as_water_takes_ships() {
        let topo = Sea::topology();
        let mut board = Board::<Sea>::random_sea(&mut rand::rngs::StdRng::seed_from_u64(3));
        let l = *board.land.get().unwrap();
        // A land hex, and a water hex with only water around it.
        let hill = (l.land - l.gold)
            .iter()
            .find(|x| board.hex_number[x.index()] == 8);
        let hill = hill.expect("an 8 on the board");
        let sea = l
            .water
            .iter()
            .find(|x| {
                topo.hex_node_set[x.index()]
                    .iter()
                    .all(|n| !topo.node_hex_set[n.index()].intersects(l.land))
            })
            .expect("open water");
        fogged(&mut board, hill);
        fogged(&mut board, sea);
        assert!(!board.hexes_with_number(8).contains(hill));
        let before = *board.land.get().unwrap();

        // Not fog: refused, nothing changed.
        let other = (l.land - l.fog).iter().find(|&x| x != hill).unwrap();
        assert!(board.reveal_fog(other, 3, 6).is_err());
        assert!(board.reveal_fog(hill, 9, 6).is_err(), "no hex type 9");
        assert!(board.reveal_fog(hill, 3, 7).is_err(), "no 7 on a hex");
        assert_eq!(*board.land.get().unwrap(), before);

        // Land: an ore 8 from now on, no longer fog.
        board.reveal_fog(hill, 2, 8).unwrap();
        assert_eq!(board.hex_resource[hill.index()], Some(Resource::Ore));
        assert!(board.hexes_with_number(8).contains(hill));
        let after = *board.land.get().unwrap();
        assert!(!after.fog.contains(hill) && after.land.contains(hill));
        assert_eq!(
            (after.nodes, after.road_edges),
            (before.nodes, before.road_edges)
        );

        // Water: its sides take ships, its corners and sides with no land beside them are no
        // longer legal for settlements and roads.
        board.reveal_fog(sea, 0, 0).unwrap();
        let after = *board.land.get().unwrap();
        assert!(after.water.contains(sea) && !after.land.contains(sea) && !after.fog.contains(sea));
        let sides = topo.hex_edge_set[sea.index()];
        assert_eq!(after.ship_edges & sides, sides);
        assert!(!after.road_edges.intersects(topo.hex_edge_set[sea.index()]));
        assert!(!after.nodes.intersects(topo.hex_node_set[sea.index()]));
        assert_eq!(after.nodes, l.nodes, "back to the board without that fog");
        assert!(board.reveal_fog(sea, 0, 0).is_err(), "revealed once");
    }
}
