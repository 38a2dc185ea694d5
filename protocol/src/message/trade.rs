//! Trades with the bank and between players. Resource sets are in wire order (clay, ore,
//! sheep, wheat, wood).

use crate::message::types::ResourceSet;
use crate::wire::{parse_bool, Field, FieldError, FieldResult, Tokens, Writer};

message_struct! {
    /// Java `SOCBankTrade`: robot `g,give[5],get[5]`; the server's announcement adds `,pn`
    /// (who traded). Refusals come as REJECTOFFER.
    BankTrade = 1040, plain {
        /// Game name.
        game: String,
        /// Given to the bank.
        give: ResourceSet,
        /// Received from the bank.
        get: ResourceSet,
        /// Who traded, in the server's announcement.
        player: Option<i32>,
    }
}

/// Java `SOCMakeOffer`: `g,from,to0..to3,give[5],get[5]`. `give` is what `from` gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MakeOffer {
    /// Game name.
    pub game: String,
    /// Offering player.
    pub from: i32,
    /// Per seat: offered to.
    pub to: Vec<bool>,
    /// What `from` gives.
    pub give: ResourceSet,
    /// What `from` wants.
    pub get: ResourceSet,
}

impl MakeOffer {
    /// The message type number.
    pub const TYPE_ID: i32 = 1041;

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut t = Tokens::new(data, ',');
        let game = String::read(&mut t)?;
        let from = t.int()?;
        let mut to = Vec::new();
        while let Some(b) = t.peek().and_then(|s| parse_bool(s).ok()) {
            t.next_token();
            to.push(b);
        }
        if to.is_empty() {
            return Err(FieldError::new("no target seats"));
        }
        let give = ResourceSet::read(&mut t)?;
        let get = ResourceSet::read(&mut t)?;
        t.finish()?;
        Ok(MakeOffer {
            game,
            from,
            to,
            give,
            get,
        })
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        let mut w = Writer::new(out, ',', false);
        w.str(&self.game);
        w.int(self.from);
        self.to.write(&mut w);
        self.give.write(&mut w);
        self.get.write(&mut w);
    }
}

message_struct! {
    /// Java `SOCClearTradeMsg`: `g,pn` (-1): UI reset of trade responses.
    ClearTradeMsg = 1042, plain {
        /// Game name.
        game: String,
        /// Player number, -1 for all.
        player: i32,
    }
}

message_struct! {
    /// Java `SOCRejectOffer`: `g,pn[,reason]`. With a reason: refusal of *your* trade request
    /// (1 cannot make that trade, 2 not your turn, 3 cannot make that offer).
    RejectOffer = 1037, plain {
        /// Game name.
        game: String,
        /// Player rejecting (robot sends 0: the server fills it in).
        player: i32,
        /// Reason code, if sent.
        reason: Option<i32>,
    }
}

message_struct! {
    /// Java `SOCAcceptOffer`: robot `g,0,offeringPN`; server `g,accepting,offering,toAccepting[5],toOffering[5]`.
    AcceptOffer = 1039, plain {
        /// Game name.
        game: String,
        /// Accepting player.
        accepting: i32,
        /// Offering player.
        offering: i32,
        /// (to accepting, to offering), in the server's announcement of the trade.
        resources: Option<(ResourceSet, ResourceSet)>,
    }
}

message_struct! {
    /// Java `SOCClearOffer`: `g,pn`. pn withdrew its offer; -1 = all offers cleared.
    ClearOffer = 1038, plain {
        /// Game name.
        game: String,
        /// Player number, -1 for all.
        player: i32,
    }
}

#[cfg(test)]
mod tests {
    use super::super::round_trip as rt;
    use crate::Message;

    #[test]
    fn trade_messages_round_trip() {
        let Message::MakeOffer(m) = rt("1041|g,0,false,true,false,false,0,0,0,2,0,1,0,0,0,0")
        else {
            panic!()
        };
        assert_eq!(
            (m.from, m.to, m.give.wheat(), m.get.clay()),
            (0, vec![false, true, false, false], 2, 1)
        );
        let Message::AcceptOffer(a) = rt("1039|g,1,0,0,0,0,2,0,1,0,0,0,0") else {
            panic!()
        };
        assert_eq!(
            a.resources.map(|(x, y)| (x.wheat(), y.clay())),
            Some((2, 1))
        );
        rt("1039|g,0,1");
        let Message::BankTrade(b) = rt("1040|g,0,0,4,0,0,0,0,0,0,1,1") else {
            panic!()
        };
        assert_eq!((b.give.sheep(), b.get.wood(), b.player), (4, 1, Some(1)));
        rt("1040|g,4,0,0,0,0,0,1,0,0,0");
        rt("1037|g,-1,1");
        rt("1037|g,0");
        rt("1038|g,-1");
        rt("1042|g,-1");
    }
}
