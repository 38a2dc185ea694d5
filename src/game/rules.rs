//! Rules: game options as data. Imports only std.

/// Rule options. The default is the stock JSettlers2 2.7 classic game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// Limit the bank to 19 cards of each resource (rulebook). JSettlers does not limit it:
    /// `SOCGame.rollDice` adds `getResourcesGainedFromRoll` to each hand whatever the bank
    /// holds, and bank trades / year of plenty never check stock. Default `false`.
    ///
    /// When `true`: a roll that owes more of a resource than the bank holds pays nobody that
    /// resource; bank trades and year of plenty need the card in the bank.
    pub bank_limit: bool,
    /// Victory points needed to win (on one's own turn). Default 10.
    pub vp_to_win: u8,
    /// Game option NT: no trading between players (`SOCGame.canMakeTrade`). Default `false`.
    pub no_player_trades: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            bank_limit: false,
            vp_to_win: 10,
            no_player_trades: false,
        }
    }
}
