//! JSettlers2 wire protocol (2.7.x): Java `writeUTF` framing and typed messages.
//! Knows nothing of Catan rules: coordinates and numbers stay as the server sends them.
//!
//! # Layout
//!
//! ```text
//!   bytes on the socket
//!        │  codec::FrameCodec        u16 BE length + modified UTF-8  (mutf8)
//!        ▼
//!   text, e.g. "1009|~botsOnly~1,2,1,69"
//!        │  Message::parse / encode   nom field parsers             (wire, message/*)
//!        ▼
//!   Message::PutPiece(PutPiece { game, player, piece_type, coordinate })
//! ```
//!
//! - [`mutf8`]: Java modified UTF-8 ⇄ `String`, by hand.
//! - [`codec`]: tokio-util [`FrameCodec`] (item `Result<String, FrameError>`) and
//!   [`MessageCodec`] (item `Result<Message, DecodeError>`). A bad frame is a value, never the
//!   end of the stream; `Err` is for I/O only.
//! - `wire` (private): nom building blocks and the `StringTokenizer`-like field cursor.
//! - `message`: [`Message`], one typed struct per message type, [`parse`], [`Message::encode`].
//!   `encode(parse(text)) == text` for every message the server or the Java robot writes.
//! - [`codes`]: the wire's code numbers (game states, element types and actions, dev-card
//!   actions, piece types) as typed enums.
//! - [`transcript`]: the shared transcript line format (`< ` / `> ` + escaped text), and
//!   [`transcript::decode`], the per-line check behind `catan-bot decode`.
//! - `error`: [`FrameError`], [`ParseError`], [`EncodeError`], [`DecodeError`].
//!
//! Depends on bytes, tokio-util and nom only; nothing in the root crate.

pub mod codec;
pub mod codes;
mod error;
mod message;
pub mod mutf8;
pub mod transcript;
mod wire;

pub use codec::{FrameCodec, MessageCodec, MAX_FRAME_LEN};
pub use error::{DecodeError, EncodeError, FrameError, ParseError};
pub use message::*;
pub use wire::EMPTYSTR;
