//! Server releases the client supports, and the version numbers at which the server's message
//! sequences change. Like JSettlers' own clients (`SOCDisplaylessPlayerClient.sVersion`,
//! `MessageHandler.handleVERSION`), the client decides by the version number in the server's
//! VERSION message. Imports the protocol crate's one version constant.

/// The oldest server release we play against: 2.4.00. Older servers are refused at login.
pub const OLDEST_SUPPORTED: i32 = 2400;

/// The version we speak (the protocol crate's [`ROBOT_VERSION`]: 2.7's message forms).
///
/// [`ROBOT_VERSION`]: jsettlers_protocol::Version::ROBOT_VERSION
pub const OURS: i32 = jsettlers_protocol::Version::ROBOT_VERSION;

/// The version we assume when no VERSION line was seen (transcripts recorded before the
/// client wrote one; the server of all of them was 2.7, the version we speak).
pub const ASSUMED: i32 = OURS;

/// From 2.5.00 the server no longer sends `SOCPlayerElement` gains and losses next to
/// `SOCBankTrade` (`SOCBankTrade.VERSION_FOR_OMIT_PLAYERELEMENTS`); the bank-trade message
/// itself carries the change (client: `MessageHandler.handleBANKTRADE` applies it only when
/// `sVersion >= 2500`).
pub const BANK_TRADE_CARRIES_RESOURCES: i32 = 2500;

/// Before 2.5.00 the server announces `SOCGameElements(DEV_CARD_COUNT)` before the
/// `SOCDevCardAction(DRAW)` of a bought card (2.4.00 `SOCGameMessageHandler.handleBUYDEVCARDREQUEST`);
/// 2.5.00 omits it and sends only `SOCSimpleAction(DEVCARD_BOUGHT)` after the draw.
pub const DEV_COUNT_AFTER_DRAW: i32 = 2500;

/// Before 2.5.00 a monopoly is announced first (`SOCSimpleAction(RSRC_TYPE_MONOPOLIZED)`, the
/// cards taken in all), then `SOCPlayerElement` SETs of the resource for the monopolist (its new
/// amount) and each victim (news, 0), with no `SOCResourceCount` (2.4.00
/// `SOCGameMessageHandler.handlePICKRESOURCETYPE`). From 2.5.00 the monopolist GAINs the cards
/// taken and each victim's SET is followed by its new `SOCResourceCount`.
pub const MONOPOLY_GAIN: i32 = 2500;

/// A Road Building card is cancelled in PLACING_FREE_ROAD1 (and the card returned) from this
/// version on (`SOCGame.VERSION_FOR_CANCEL_FREE_ROAD1`); before it, only the second free road
/// is skipped by a cancel.
pub const CANCEL_FREE_ROAD1: i32 = 2500;

/// `x.yy.zz` text of a version number, as `soc.util.Version.version(int)` prints it.
pub fn text(version: i32) -> String {
    format!(
        "{}.{}.{:02}",
        version / 1000,
        (version / 100) % 10,
        version % 100
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_text_is_the_release_name() {
        assert_eq!(text(OLDEST_SUPPORTED), "2.4.00");
        assert_eq!(text(2610), "2.6.10");
        assert_eq!(text(1120), "1.1.20");
    }
}
