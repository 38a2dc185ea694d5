//! Dice and end of turn.

use crate::wire::{Field, FieldError, FieldResult, Tokens, Writer};

message_struct! {
    /// Java `SOCRollDicePrompt`: `g,pn`. pn should roll now.
    RollDicePrompt = 1072, plain {
        /// Game name.
        game: String,
        /// Player who should roll.
        player: i32,
    }
}

message_struct! {
    /// Java `SOCRollDiceRequest`: `g` (superseded; never sent to 2.x clients).
    RollDiceRequest = 1030, plain {
        /// Game name.
        game: String,
    }
}

message_struct! {
    /// Java `SOCRollDice`: `g`. The robot rolls.
    RollDice = 1031, plain {
        /// Game name.
        game: String,
    }
}

message_struct! {
    /// Java `SOCDiceResult`: `g,total` (2..12; -1 = cleared, no roll yet).
    DiceResult = 1028, plain {
        /// Game name.
        game: String,
        /// Dice total.
        result: i32,
    }
}

message_struct! {
    /// Java `SOCEndTurn`: `g`. The robot ends its turn.
    EndTurn = 1032, plain {
        /// Game name.
        game: String,
    }
}

/// One player's gains in [`DiceResultResources`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceGain {
    /// Player number.
    pub player: i32,
    /// The player's hand size after the roll.
    pub new_total: i32,
    /// (amount, resource type) pairs, amount never 0.
    pub gains: Vec<(i32, i32)>,
}

/// Java `SOCDiceResultResources`: multi `g|n|pn|total|amt|type|...|0|pn|total|amt|type...`,
/// players separated by a `0` (none after the last). Guide §6.4.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceResultResources {
    /// Game name.
    pub game: String,
    /// Players who gained something.
    pub players: Vec<DiceGain>,
}

impl DiceResultResources {
    /// The message type number.
    pub const TYPE_ID: i32 = 1092;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, '|');
        let game = String::read(&mut t)?;
        let n = t.int()?;
        if n < 1 {
            return Err(FieldError::new(format!("bad player count {n}")));
        }
        let mut players = Vec::new();
        for i in 0..n {
            let player = t.int()?;
            let new_total = t.int()?;
            let mut gains = Vec::new();
            let last = i == n - 1;
            loop {
                if last && t.is_done() {
                    break;
                }
                let amount = t.int()?;
                if amount == 0 {
                    if last {
                        return Err(FieldError::new("separator after the last player"));
                    }
                    break;
                }
                gains.push((amount, t.int()?));
            }
            if gains.is_empty() {
                return Err(FieldError::new(format!("player {player} gains nothing")));
            }
            players.push(DiceGain {
                player,
                new_total,
                gains,
            });
        }
        t.finish()?;
        Ok(DiceResultResources { game, players })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        let mut w = Writer::new(out, '|', true);
        w.str(&self.game);
        // Counts come from a Vec; a game has at most 6 players.
        w.int(i32::try_from(self.players.len()).unwrap_or(i32::MAX));
        for (i, p) in self.players.iter().enumerate() {
            if i > 0 {
                w.int(0);
            }
            w.int(p.player);
            w.int(p.new_total);
            for &(amount, rtype) in &p.gains {
                w.int(amount);
                w.int(rtype);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Message;

    #[test]
    fn dice_result_resources_groups_per_player() {
        let text = "1092|g|3|0|4|1|4|0|1|4|1|5|0|3|5|1|4|1|5";
        let Message::DiceResultResources(d) = Message::parse(text).unwrap() else {
            panic!()
        };
        assert_eq!(d.players.len(), 3);
        assert_eq!(
            d.players[2],
            DiceGain {
                player: 3,
                new_total: 5,
                gains: vec![(1, 4), (1, 5)]
            }
        );
        assert_eq!(Message::DiceResultResources(d).encode(), text);
        for bad in [
            "1092|g|2|0|4|1|4",
            "1092|g|1|0|4|1|4|0",
            "1092|g|0",
            "1092|g|1|0|4",
        ] {
            assert!(Message::parse(bad).is_err(), "{bad}");
        }
    }
}
