//! The sea boards' messages (`SOCBoardLarge` games: game option `SBL`, every scenario): the
//! layout in two messages, ships, ship moves, the pirate, gold picks, special victory points
//! and the scenario pieces the engine does not model — each through the engine's sea events
//! ([`State::put_ship`], [`State::move_ship`], [`State::set_pirate`],
//! [`State::set_gold_owed`]), the server's figures checked against them.
//!
//! The layout comes in two parts, in this order (`SOCGameHandler.startGame` →
//! `getBoardLayoutMessage`, then `SOCPotentialSettlements` to the game): BOARDLAYOUT2 of
//! encoding 3 (land hexes `LH`, ports `PL`, robber `RH`, pirate `PH`), then
//! POTENTIALSETTLEMENTS with the land areas (`NA`, `PAN`, `LA1`..) or one node list; the
//! board's height and width came with JOINGAMEAUTH. The join's placeholders (a BOARDLAYOUT2
//! with only `VS`, a POTENTIALSETTLEMENTS without nodes) are skipped. The board is laid when
//! both parts are in.
//!
//! [`State::put_ship`]: crate::game::State::put_ship
//! [`State::move_ship`]: crate::game::State::move_ship
//! [`State::set_pirate`]: crate::game::State::set_pirate
//! [`State::set_gold_owed`]: crate::game::State::set_gold_owed

use jsettlers_protocol::codes::PieceType;
use jsettlers_protocol::{self as proto, Message};
use tracing::warn;

use super::Mirror;
use crate::client::logsafe::shown;
use crate::client::translate::seat_of;
use crate::game::{BitSet, Board, Layout3, Shape};

impl<S: Shape> Mirror<S> {
    /// A sea-board layout part arrived: kept until both are in.
    pub(super) fn on_layout3(&mut self, msg: &Message, m: &proto::BoardLayout2) {
        if !S::SEA {
            return self.bad(msg, "a sea-board layout in a game of another board");
        }
        if m.array("LH").is_none() {
            return; // the join's placeholder (only VS)
        }
        if self.has_board {
            return self.bad(msg, "a second board layout");
        }
        self.layout3 = Some(m.clone());
        self.try_lay_sea_board(msg);
    }

    /// POTENTIALSETTLEMENTS: on a sea board, the layout's land areas (the first list sent
    /// with nodes); elsewhere, and once the board is laid, nothing the mirror uses.
    pub(super) fn on_potential_settlements(
        &mut self,
        msg: &Message,
        m: &proto::PotentialSettlements,
    ) {
        if !S::SEA || self.has_board || self.potentials.is_some() {
            return;
        }
        let has_nodes = match &m.land_areas {
            Some(la) => la.areas.iter().any(|a| !a.nodes.is_empty()),
            None => !m.nodes.is_empty(),
        };
        if !has_nodes {
            return; // the join's placeholder
        }
        self.potentials = Some(m.clone());
        self.try_lay_sea_board(msg);
    }

    fn try_lay_sea_board(&mut self, msg: &Message) {
        let (Some(layout), Some(pot)) = (&self.layout3, &self.potentials) else {
            return;
        };
        let Some((height, width)) = self.board_size else {
            return self.bad(msg, "a sea-board layout without the board's size");
        };
        let areas: Vec<&[i32]> = pot
            .land_areas
            .as_ref()
            .map(|la| la.areas.iter().map(|a| a.nodes.as_slice()).collect())
            .unwrap_or_default();
        let legal: &[i32] = if areas.is_empty() {
            pot.potential_nodes().unwrap_or(&[])
        } else {
            &[]
        };
        let l = Layout3 {
            height,
            width,
            land_hexes: layout.array("LH").unwrap_or(&[]),
            ports: layout.array("PL").unwrap_or(&[]),
            // SC_PIRI has no robber (no `RH`): the engine's boards need one, so its layout is
            // not laid (a bad message) and the game is not mirrored.
            robber: layout.int("RH").unwrap_or(-1),
            pirate: layout.int("PH").unwrap_or(0),
            land_areas: &areas,
            legal_nodes: legal,
            starting_area: pot.land_areas.as_ref().map_or(0, |la| la.starting_area),
        };
        self.lay_board(msg, Board::<S>::from_layout3(&l));
    }

    /// REVEALFOGHEX (SC_FOG): a road, ship or settlement next to a fog hex revealed it
    /// (`SOCGame.putPieceCommon_checkFogHexes`); the builder's resource follows as a
    /// PLAYERELEMENT GAIN, a gold hex's pick as NUM_PICK_GOLD_HEX_RESOURCES.
    pub(super) fn on_reveal_fog(&mut self, msg: &Message, m: &proto::RevealFogHex) {
        if !self.has_board {
            return self.bad(msg, "a fog hex revealed before the board");
        }
        let Some(x) = S::topology().hex_from_server(m.hex) else {
            return self.bad(msg, "not a hex of the sea grid");
        };
        if let Err(e) = self.model.reveal_fog(x, m.hex_type, m.dice_number) {
            self.contradiction(msg, &format!("{e:?}"));
        }
    }

    /// PUTPIECE of a ship (type 3): in the initial placement, for the road building card, or
    /// bought.
    pub(super) fn on_put_ship(&mut self, msg: &Message, m: &proto::PutPiece) {
        let Some(s) = seat_of::<S>(m.player) else {
            return self.bad(msg, "bad seat");
        };
        if !self.has_board {
            return self.bad(msg, "a ship before the board");
        }
        let Some(e) = S::topology().edge_from_server(m.coordinate) else {
            return self.bad(msg, "not an edge of the sea grid");
        };
        if let Err(e) = self.model.put_ship(s, e) {
            self.contradiction(msg, &e.to_string());
        }
    }

    /// MOVEPIECE: a ship moved (`SOCGame.moveShip`).
    pub(super) fn on_move_piece(&mut self, msg: &Message, m: &proto::MovePiece) {
        if PieceType::from_wire(m.piece_type) != Some(PieceType::Ship) {
            return self.unmodelled(msg, "a moved piece that is not a ship");
        }
        let Some(s) = seat_of::<S>(m.player) else {
            return self.bad(msg, "bad seat");
        };
        if !self.has_board {
            return self.bad(msg, "a ship move before the board");
        }
        let topo = S::topology();
        let (Some(from), Some(to)) = (topo.edge_from_server(m.from), topo.edge_from_server(m.to))
        else {
            return self.bad(msg, "not an edge of the sea grid");
        };
        if let Err(e) = self.model.move_ship(s, from, to) {
            self.contradiction(msg, &e.to_string());
        }
    }

    /// MOVEROBBER with a negative hex (or 0: off the board, SC_PIRI): the pirate.
    pub(super) fn on_move_pirate(&mut self, msg: &Message, hex: i32) {
        if !S::SEA || !self.has_board {
            return self.bad(msg, "a pirate off the sea boards");
        }
        if hex == 0 {
            self.model.set_pirate(None);
            return;
        }
        let water = self.model.board().sea().map(|l| l.water);
        match S::topology()
            .hex_from_server(-hex)
            .filter(|&h| water.is_some_and(|w| w.contains(h)))
        {
            Some(h) => {
                self.model.set_pirate(Some(h));
                self.model.set_robbery_by_pirate(true);
            }
            None => self.bad(msg, "pirate hex is not a water hex"),
        }
    }

    /// A scenario's piece, item or rule the engine does not model (villages, special edges,
    /// fortresses, the pirate fleet, wonders, fog reveals, ...): logged once per kind,
    /// counted, skipped.
    pub(super) fn unmodelled(&mut self, msg: &Message, what: &'static str) {
        self.stats.unmodelled = self.stats.unmodelled.saturating_add(1);
        if !self.unmodelled_seen.contains(&what) {
            self.unmodelled_seen.push(what);
            warn!(game = %shown(&self.game), what, text = %shown(&msg.encode()),
                "not modelled by the engine; skipped (logged once per kind)");
        }
    }
}
