//! Error values of the crate's boundaries: frames ([`FrameError`], [`EncodeError`]) and message
//! text ([`ParseError`]); [`DecodeError`] is either, for [`crate::MessageCodec`]. Imports only std
//! and [`crate::mutf8`].

use std::{fmt, io};

use crate::mutf8::Mutf8Error;

/// A complete frame arrived but its payload is not modified UTF-8.
///
/// The codec hands this out as a value inside its `Item`; the stream goes on with the next frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameError {
    /// The frame's payload bytes (without the 2-byte length).
    pub payload: Vec<u8>,
    /// Where and why decoding failed.
    pub cause: Mutf8Error,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "frame of {} bytes is not modified UTF-8: {}",
            self.payload.len(),
            self.cause
        )
    }
}

impl std::error::Error for FrameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}

/// A message text that names a catalogued type but whose fields do not parse.
///
/// An *uncatalogued* type is not an error: it becomes [`crate::Message::Unknown`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The type number, if the text starts with one.
    pub type_id: Option<i32>,
    /// The whole message text, as received.
    pub text: String,
    /// What did not fit.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.type_id {
            Some(id) => write!(
                f,
                "cannot parse message type {id}: {} in {:?}",
                self.reason, self.text
            ),
            None => write!(
                f,
                "cannot parse message: {} in {:?}",
                self.reason, self.text
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// Writing a frame failed.
#[derive(Debug)]
pub enum EncodeError {
    /// The text needs more than 65535 bytes of modified UTF-8 (`writeUTF`'s limit).
    FrameTooLong {
        /// Encoded length in bytes.
        len: usize,
    },
    /// The underlying writer failed.
    Io(io::Error),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::FrameTooLong { len } => {
                write!(f, "message needs {len} bytes, a frame holds at most 65535")
            }
            EncodeError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

impl std::error::Error for EncodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EncodeError::FrameTooLong { .. } => None,
            EncodeError::Io(e) => Some(e),
        }
    }
}

impl From<io::Error> for EncodeError {
    fn from(e: io::Error) -> Self {
        EncodeError::Io(e)
    }
}

/// One inbound frame that did not become a [`crate::Message`]; the stream goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The payload is not modified UTF-8.
    Frame(FrameError),
    /// The text is a catalogued type with unparsable fields.
    Parse(ParseError),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Frame(e) => e.fmt(f),
            DecodeError::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DecodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DecodeError::Frame(e) => Some(e),
            DecodeError::Parse(e) => Some(e),
        }
    }
}

impl From<FrameError> for DecodeError {
    fn from(e: FrameError) -> Self {
        DecodeError::Frame(e)
    }
}

impl From<ParseError> for DecodeError {
    fn from(e: ParseError) -> Self {
        DecodeError::Parse(e)
    }
}
