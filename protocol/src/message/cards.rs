//! Development cards: buy, play, card actions and counts.

use crate::wire::{Field, FieldError, FieldResult, Tokens, Writer};

message_struct! {
    /// Java `SOCBuyDevCardRequest`: `g`.
    BuyDevCardRequest = 1045, plain {
        /// Game name.
        game: String,
    }
}

/// Java `SOCDevCardAction`: `g,pn,action,cardType[,cardType...]`.
/// Actions 0 DRAW, 1 PLAY, 2 ADD_NEW, 3 ADD_OLD, 4 CANNOT_PLAY, 5 REMOVE_NEW, 6 REMOVE_OLD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DevCardAction {
    /// Game name.
    pub game: String,
    /// Player number (-1 with CANNOT_PLAY).
    pub player: i32,
    /// Action.
    pub action: i32,
    /// Card types (one, or several for ADD_OLD at game end); 0 = unknown to this client.
    pub card_types: Vec<i32>,
}

impl DevCardAction {
    /// The message type number.
    pub const TYPE_ID: i32 = 1046;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let player = t.int()?;
        let action = t.int()?;
        let card_types = Vec::<i32>::read(&mut t)?;
        if card_types.is_empty() {
            return Err(FieldError::new("no card type"));
        }
        Ok(DevCardAction {
            game,
            player,
            action,
            card_types,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.player);
        w.int(self.action);
        self.card_types.write(&mut w);
    }
}

message_struct! {
    /// Java `SOCDevCardCount`: `g,n` (superseded by GAMEELEMENTS 2).
    DevCardCount = 1047, plain {
        /// Game name.
        game: String,
        /// Cards left in the deck.
        count: i32,
    }
}

message_struct! {
    /// Java `SOCSetPlayedDevCard`: `g,pn,played` (superseded by PLAYERELEMENT 19).
    SetPlayedDevCard = 1048, plain {
        /// Game name.
        game: String,
        /// Player number.
        player: i32,
        /// Played a card this turn.
        played: bool,
    }
}

message_struct! {
    /// Java `SOCPlayDevCardRequest`: `g,cardType` (9 knight, 1 road building, 2 year of plenty,
    /// 3 monopoly).
    PlayDevCardRequest = 1049, plain {
        /// Game name.
        game: String,
        /// Card type.
        card_type: i32,
    }
}

#[cfg(test)]
mod tests {
    use crate::Message;

    #[test]
    fn dev_card_action_lists() {
        for text in ["1046|g,3,3,5,4", "1046|g,-1,4,9", "1046|g,1,3,4,8,7"] {
            assert_eq!(Message::parse(text).unwrap().encode(), text);
        }
        assert!(Message::parse("1046|g,1,3").is_err());
    }
}
