//! Board layout and pieces. Coordinates stay the server's plain integers (decimal on the wire
//! for `0xRC` values; guide §5); no geometry here.

use crate::wire::{Field, FieldError, FieldResult, Tokens, Writer};

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

    #[test]
    fn optional_moved_from() {
        for text in ["1105|g,1,0,50", "1105|g,1,3,50,60"] {
            assert_eq!(Message::parse(text).unwrap().encode(), text);
        }
    }
}
