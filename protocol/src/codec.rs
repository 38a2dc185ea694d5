//! tokio-util codecs for Java `writeUTF` frames: a big-endian u16 byte length, then that many
//! bytes of modified UTF-8. [`FrameCodec`] works in text, [`MessageCodec`] in [`Message`]s.
//!
//! Since tokio-util 0.6.9 a `Framed` stream ends after the decoder's first `Err`, so a frame that
//! does not decode is returned as an error *value* inside the item; `Err` is kept for I/O.
//!
//! ```text
//! +--------+--------+-----------------------------+
//! | len hi | len lo | len bytes of modified UTF-8 |
//! +--------+--------+-----------------------------+
//! ```

use std::io;

use bytes::{Buf, BufMut, BytesMut};
use tokio_util::codec::{Decoder, Encoder};

use crate::error::{DecodeError, EncodeError, FrameError};
use crate::message::Message;
use crate::mutf8;

/// Largest payload a frame can carry (the u16 length).
pub const MAX_FRAME_LEN: usize = u16::MAX as usize;

/// `writeUTF` framing ⇄ text. Item: `Ok(text)`, or a [`FrameError`] for an undecodable payload.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrameCodec;

impl FrameCodec {
    /// A new codec (it holds no state).
    pub fn new() -> Self {
        FrameCodec
    }
}

impl Decoder for FrameCodec {
    type Item = Result<String, FrameError>;
    type Error = io::Error;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Self::Item>, io::Error> {
        if src.len() < 2 {
            src.reserve(2 - src.len());
            return Ok(None);
        }
        let len = usize::from(u16::from_be_bytes([src[0], src[1]]));
        if src.len() < 2 + len {
            src.reserve(2 + len - src.len());
            return Ok(None);
        }
        src.advance(2);
        let payload = src.split_to(len);
        Ok(Some(mutf8::decode(&payload).map_err(|cause| FrameError {
            payload: payload.to_vec(),
            cause,
        })))
    }
}

fn put_frame(text: &str, dst: &mut BytesMut) -> Result<(), EncodeError> {
    let len = mutf8::encoded_len(text);
    if len > MAX_FRAME_LEN {
        return Err(EncodeError::FrameTooLong { len });
    }
    dst.reserve(2 + len);
    // Checked just above: len fits in u16.
    dst.put_u16(len as u16);
    let mut bytes = Vec::with_capacity(len);
    mutf8::encode_into(text, &mut bytes);
    dst.put_slice(&bytes);
    Ok(())
}

impl Encoder<&str> for FrameCodec {
    type Error = EncodeError;

    fn encode(&mut self, item: &str, dst: &mut BytesMut) -> Result<(), EncodeError> {
        put_frame(item, dst)
    }
}

impl Encoder<String> for FrameCodec {
    type Error = EncodeError;

    fn encode(&mut self, item: String, dst: &mut BytesMut) -> Result<(), EncodeError> {
        put_frame(&item, dst)
    }
}

impl Encoder<&Message> for FrameCodec {
    type Error = EncodeError;

    fn encode(&mut self, item: &Message, dst: &mut BytesMut) -> Result<(), EncodeError> {
        put_frame(&item.encode(), dst)
    }
}

impl Encoder<Message> for FrameCodec {
    type Error = EncodeError;

    fn encode(&mut self, item: Message, dst: &mut BytesMut) -> Result<(), EncodeError> {
        put_frame(&item.encode(), dst)
    }
}

/// `writeUTF` framing ⇄ [`Message`]. Item: `Ok(message)` (possibly [`Message::Unknown`]), or a
/// [`DecodeError`] for a bad frame or a catalogued type with unparsable fields.
#[derive(Debug, Clone, Copy, Default)]
pub struct MessageCodec {
    frames: FrameCodec,
}

impl MessageCodec {
    /// A new codec (it holds no state).
    pub fn new() -> Self {
        MessageCodec::default()
    }
}

impl Decoder for MessageCodec {
    type Item = Result<Message, DecodeError>;
    type Error = io::Error;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Self::Item>, io::Error> {
        Ok(self.frames.decode(src)?.map(|frame| match frame {
            Ok(text) => Message::parse(&text).map_err(DecodeError::from),
            Err(e) => Err(DecodeError::from(e)),
        }))
    }
}

impl Encoder<&Message> for MessageCodec {
    type Error = EncodeError;

    fn encode(&mut self, item: &Message, dst: &mut BytesMut) -> Result<(), EncodeError> {
        self.frames.encode(item, dst)
    }
}

impl Encoder<Message> for MessageCodec {
    type Error = EncodeError;

    fn encode(&mut self, item: Message, dst: &mut BytesMut) -> Result<(), EncodeError> {
        self.frames.encode(&item, dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(bytes: &[u8]) -> Vec<Result<String, FrameError>> {
        let mut buf = BytesMut::from(bytes);
        let mut codec = FrameCodec::new();
        let mut out = Vec::new();
        while let Some(item) = codec.decode(&mut buf).unwrap() {
            out.push(item);
        }
        out
    }

    #[test]
    fn decodes_frames_and_waits_for_the_rest() {
        let mut codec = FrameCodec::new();
        let mut buf = BytesMut::from(&b"\x00\x0b9999|1500"[..]);
        assert!(codec.decode(&mut buf).unwrap().is_none());
        buf.extend_from_slice(b"00\x00");
        assert_eq!(
            codec.decode(&mut buf).unwrap(),
            Some(Ok("9999|150000".to_string()))
        );
        assert!(codec.decode(&mut buf).unwrap().is_none());
        assert_eq!(&buf[..], b"\x00");
    }

    #[test]
    fn bad_frame_is_a_value_and_the_stream_goes_on() {
        let got = frames(b"\x00\x01\x80\x00\x04\x31\x30\x30\x38");
        assert_eq!(got.len(), 2);
        assert!(got[0].is_err());
        assert_eq!(got[1], Ok("1008".to_string()));
    }

    #[test]
    fn nul_separator_round_trips_through_frames() {
        let text = "1010|g\0bot\0hi";
        let mut buf = BytesMut::new();
        FrameCodec.encode(text, &mut buf).unwrap();
        assert_eq!(&buf[..], b"\x00\x0f1010|g\xC0\x80bot\xC0\x80hi");
        assert_eq!(frames(&buf), vec![Ok(text.to_string())]);
    }

    #[test]
    fn oversized_frame_is_an_encode_error() {
        let big = "x".repeat(MAX_FRAME_LEN + 1);
        let mut buf = BytesMut::new();
        let err = FrameCodec.encode(big.as_str(), &mut buf).unwrap_err();
        assert!(matches!(err, EncodeError::FrameTooLong { len } if len == MAX_FRAME_LEN + 1));
        assert!(buf.is_empty());
        // Exactly the limit is fine; NULs count double.
        FrameCodec
            .encode("x".repeat(MAX_FRAME_LEN), &mut buf)
            .unwrap();
        assert!(FrameCodec
            .encode("\0".repeat(MAX_FRAME_LEN / 2 + 1), &mut buf)
            .is_err());
    }

    #[test]
    fn message_codec_parses_and_reports_bad_fields() {
        let mut buf = BytesMut::new();
        FrameCodec.encode("1025|g,20", &mut buf).unwrap();
        FrameCodec.encode("1025|g,x", &mut buf).unwrap();
        FrameCodec.encode("4242|whatever", &mut buf).unwrap();
        let mut codec = MessageCodec::new();
        let a = codec.decode(&mut buf).unwrap().unwrap().unwrap();
        assert_eq!(a.encode(), "1025|g,20");
        assert!(matches!(
            codec.decode(&mut buf).unwrap().unwrap(),
            Err(DecodeError::Parse(_))
        ));
        let c = codec.decode(&mut buf).unwrap().unwrap().unwrap();
        assert_eq!(
            c,
            Message::Unknown {
                type_id: 4242,
                text: "4242|whatever".into()
            }
        );
    }
}
