//! Text messages with their own separators: GAMETEXTMSG splits on NUL, GAMESERVERTEXT on SOH.

use crate::wire::{FieldError, FieldResult, EMPTYSTR};

/// Java `SOCGameTextMsg`: `g<NUL>nick<NUL>text` (chat; ignore).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTextMsg {
    /// Game name.
    pub game: String,
    /// Sender nickname.
    pub nickname: String,
    /// Text (rest of the message).
    pub text: String,
}

impl GameTextMsg {
    /// The message type number.
    pub const TYPE_ID: i32 = 1010;
    /// Field separator.
    pub const SEPARATOR: char = '\0';

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        let mut it = data.splitn(3, Self::SEPARATOR);
        match (it.next(), it.next(), it.next()) {
            (Some(game), Some(nickname), Some(text)) if !game.is_empty() => Ok(GameTextMsg {
                game: game.to_owned(),
                nickname: nickname.to_owned(),
                text: text.to_owned(),
            }),
            _ => Err(FieldError::new("expected game NUL nickname NUL text")),
        }
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        out.push_str(&self.game);
        out.push(Self::SEPARATOR);
        out.push_str(&self.nickname);
        out.push(Self::SEPARATOR);
        out.push_str(&self.text);
    }
}

/// Java `SOCGameServerText`: `g<SOH>text`. Only direct replies to robots (English); log only,
/// never parse for game logic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameServerText {
    /// Game name.
    pub game: String,
    /// Text (rest of the message).
    pub text: String,
}

impl GameServerText {
    /// The message type number.
    pub const TYPE_ID: i32 = 1091;
    /// Field separator.
    pub const SEPARATOR: char = '\u{1}';

    pub(crate) fn parse_data(data: &str) -> FieldResult<Self> {
        match data.split_once(Self::SEPARATOR) {
            Some((game, text)) if !game.is_empty() => Ok(GameServerText {
                game: game.to_owned(),
                text: text.to_owned(),
            }),
            _ => Err(FieldError::new("expected game SOH text")),
        }
    }

    pub(crate) fn encode_data(&self, out: &mut String) {
        out.push('|');
        out.push_str(if self.game.is_empty() {
            EMPTYSTR
        } else {
            &self.game
        });
        out.push(Self::SEPARATOR);
        out.push_str(&self.text);
    }
}

#[cfg(test)]
mod tests {
    use crate::Message;

    #[test]
    fn special_separators() {
        let text = "1010|~botsOnly~40\0samplebot1\0Hello, from sample bot samplebot1!";
        let Message::GameTextMsg(m) = Message::parse(text).unwrap() else {
            panic!()
        };
        assert_eq!(
            (m.nickname.as_str(), m.text.as_str()),
            ("samplebot1", "Hello, from sample bot samplebot1!")
        );
        assert_eq!(Message::GameTextMsg(m).encode(), text);
        let text = "1091|~botsOnly~1\u{1}You can't roll right now.";
        let Message::GameServerText(m) = Message::parse(text).unwrap() else {
            panic!()
        };
        assert_eq!(m.text, "You can't roll right now.");
        assert_eq!(Message::GameServerText(m).encode(), text);
        assert!(Message::parse("1091|no separator").is_err());
        assert!(Message::parse("1010|g\0only one").is_err());
    }
}
