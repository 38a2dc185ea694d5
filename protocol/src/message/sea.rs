//! Sea board and scenario messages (JSettlers2 2.0 and later): ships moved or removed, piece
//! values, fog revealed, scenario victory points, inventory items, special items, closed ship
//! routes. Sent only in games with the large board (`SBL`) or a scenario (`SC`); the numbers stay
//! as the server sends them (coordinates decimal, `0xRRCC` on the large board).

message_struct! {
    /// Java `SOCMovePiece` (`SOCMessageTemplate4i`): `g,pn,pieceType,fromCoord,toCoord`. A ship
    /// (piece type 3) was moved from one edge to another (`SOCGameHandler` after
    /// `SOCGame.moveShip`); a player's client sends the same as its request.
    MovePiece = 1093, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Piece type (3 = ship).
        piece_type: i32,
        /// Edge moved from.
        from: i32,
        /// Edge moved to.
        to: i32,
    }
}

message_struct! {
    /// Java `SOCRemovePiece` (`SOCMessageTemplate3i`): `g,pn,pieceType,coord`. A piece was
    /// taken off the board: a ship by the pirate fleet (SC_PIRI), a road or ship by undo.
    RemovePiece = 1094, plain {
        /// Game name.
        game: String,
        /// Owner's player number.
        player: i32,
        /// Piece type.
        piece_type: i32,
        /// Coordinate.
        coordinate: i32,
    }
}

message_struct! {
    /// Java `SOCPieceValue` (`SOCMessageTemplate4i`): `g,pieceType,coord,pv1,pv2`. A piece's
    /// value changed: a village's cloth count (SC_CLVI, piece type 5, pv1 = cloth left), a
    /// fortress's strength (SC_PIRI, piece type 4), ...; pv2 is 0 unless the piece has two.
    PieceValue = 1095, plain {
        /// Game name.
        game: String,
        /// Piece type.
        piece_type: i32,
        /// The piece's coordinate.
        coordinate: i32,
        /// First value.
        value1: i32,
        /// Second value, or 0.
        value2: i32,
    }
}

/// Java `SOCSVPTextMessage`: `g,pn,svp,desc`. A player gained scenario special victory points
/// (SVP) and why, e.g. `1097|g,2,2,settling a new island` (SC_4ISL, SC_NSHO, ...). `desc` is the
/// rest of the message (`parseDataStr` reads it with `nextToken("\u{1}")`, commas included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SVPTextMessage {
    /// Game name.
    pub game: String,
    /// Player number.
    pub player: i32,
    /// Number of special victory points gained.
    pub svp: i32,
    /// Description (rest of the message, may contain commas).
    pub description: String,
}

impl SVPTextMessage {
    /// The message type number.
    pub const TYPE_ID: i32 = 1097;

    pub(crate) fn parse_data(data: &str) -> crate::wire::FieldResult<Self> {
        use crate::wire::Field;
        let mut t = crate::wire::Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let player = t.int()?;
        let svp = t.int()?;
        let description = t.rest();
        if description.is_empty() {
            return Err(crate::wire::FieldError::new("missing description"));
        }
        Ok(SVPTextMessage {
            game,
            player,
            svp,
            description: description.to_owned(),
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = crate::wire::Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.player);
        w.int(self.svp);
        w.raw(&self.description);
    }
}

message_struct! {
    /// Java `SOCInventoryItemAction`: `g,pn,action,itemType[,rc]` (`toCmd` omits a reason code
    /// of 0). Scenario inventory items: SC_FTRI's trade ports to place (item type -> port type
    /// in `SOCInventoryItem`), action 1 BUY .. 9 REMOVE_OTHER ([`crate::codes::InventoryAction`]);
    /// for PLAY and CANNOT_PLAY `rc` is a reason code, otherwise flags (1 kept, 2 VP, 4 can
    /// cancel play).
    InventoryItemAction = 1098, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Action.
        action: i32,
        /// Item type.
        item_type: i32,
        /// Reason code or flags, when not 0.
        reason: Option<i32>,
    }
}

message_struct! {
    /// Java `SOCSetSpecialItem`: `g,op,typeKey,gi,pi,pn,co,lv,sv` (`toCmd`; `sv` is
    /// `\t` when null). A game's or player's special item changed: SC_WOND's wonders
    /// (`typeKey` `_SC_WOND`: `lv` = levels built, `sv` = the wonder's name key). `op` 1 SET ..
    /// 6 CLEAR_PICK ([`crate::codes::SpecialItemOp`]).
    SetSpecialItem = 1099, plain {
        /// Game name.
        game: String,
        /// Operation.
        op: i32,
        /// Item type key, e.g. `_SC_WOND`.
        type_key: String,
        /// Game item index, or -1.
        game_item_index: i32,
        /// Player item index, or -1.
        player_item_index: i32,
        /// Owner's player number, or -1.
        player: i32,
        /// Coordinate, or -1.
        coordinate: i32,
        /// Level or strength, or 0.
        level: i32,
        /// String value (empty = `\t` when null).
        string_value: String,
    }
}

message_struct! {
    /// Java `SOCRevealFogHex` (`SOCMessageTemplate3i`): `g,hexCoord,hexType,diceNum`. A fog
    /// hex (SC_FOG; hex type 8 `SOCBoardLarge.FOG_HEX` in the layout) was revealed by a road,
    /// ship or settlement placed next to it; sent to the whole game
    /// (`SOCGameHandler.gameEvent`, `SGE_FOG_HEX_REVEALED`). `diceNum` 0 for none.
    RevealFogHex = 10001, plain {
        /// Game name.
        game: String,
        /// Hex coordinate.
        hex: i32,
        /// The revealed hex type (`SOCBoard` land types, 0 water).
        hex_type: i32,
        /// Dice number, 0 for none.
        dice_number: i32,
    }
}

message_struct! {
    /// Java `SOCSetShipRouteClosed` (2.7, `SOCMessageTemplateMi`): multi
    /// `g|closed|edge|edge...`. A ship route became closed (1) or open again (0) after an undo
    /// of a ship's placement or move; the edges are the route's ships.
    SetShipRouteClosed = 10002, multi {
        /// Game name.
        game: String,
        /// 1 closed, 0 open.
        closed: i32,
        /// The route's edges.
        edges: Vec<i32>,
    }
}

#[cfg(test)]
mod tests {
    use crate::message::round_trip as rt;
    use crate::Message;

    #[test]
    fn sea_messages_round_trip() {
        let Message::MovePiece(m) = rt("1093|g,2,3,3339,3595") else {
            panic!()
        };
        assert_eq!((m.player, m.piece_type, m.from, m.to), (2, 3, 3339, 3595));
        rt("1094|g,1,3,2826");
        let Message::PieceValue(p) = rt("1095|g,5,2563,4,0") else {
            panic!()
        };
        assert_eq!((p.piece_type, p.coordinate, p.value1), (5, 2563, 4));
        let Message::SVPTextMessage(s) = rt("1097|g,2,2,settling a new island, at last") else {
            panic!()
        };
        assert_eq!(
            (s.player, s.svp, s.description.as_str()),
            (2, 2, "settling a new island, at last")
        );
        let Message::InventoryItemAction(i) = rt("1098|g,1,2,4,1") else {
            panic!()
        };
        assert_eq!((i.action, i.item_type, i.reason), (2, 4, Some(1)));
        rt("1098|g,1,4,4");
        let Message::SetSpecialItem(s) = rt("1099|g,1,_SC_WOND,2,-1,-1,-1,0,w2") else {
            panic!()
        };
        assert_eq!(
            (
                s.type_key.as_str(),
                s.game_item_index,
                s.string_value.as_str()
            ),
            ("_SC_WOND", 2, "w2")
        );
        let Message::SetSpecialItem(s) = rt("1099|g,5,_SC_WOND,1,0,3,2311,1,\t") else {
            panic!()
        };
        assert_eq!((s.player, s.level, s.string_value.as_str()), (3, 1, ""));
        let Message::RevealFogHex(f) = rt("10001|g,1803,3,8") else {
            panic!()
        };
        assert_eq!((f.hex, f.hex_type, f.dice_number), (1803, 3, 8));
        let Message::SetShipRouteClosed(c) = rt("10002|g|1|3339|3595") else {
            panic!()
        };
        assert_eq!((c.closed, c.edges.as_slice()), (1, &[3339, 3595][..]));
        for bad in [
            "1093|g,2,3,3339",
            "1097|g,2,2",
            "1098|g,1,2",
            "1099|g,1,_SC_WOND,2,-1,-1,-1,0",
            "10001|g,1803,3",
        ] {
            assert!(Message::parse(bad).is_err(), "{bad}");
        }
    }
}
