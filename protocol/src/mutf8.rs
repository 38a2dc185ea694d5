//! Java "modified UTF-8" (`DataOutputStream.writeUTF` / `DataInputStream.readUTF`) ⇄ [`String`].
//!
//! Written by hand, std only. Differences from standard UTF-8:
//! - U+0000 is written as the two bytes `C0 80` (never a raw zero byte);
//! - characters above U+FFFF are written as a UTF-16 surrogate pair, each half as its own
//!   3-byte sequence (6 bytes in all, "CESU-8"); 4-byte UTF-8 sequences do not exist.
//!
//! A Java `String` may hold a lone surrogate, a Rust `String` may not: decoding one is an
//! error value ([`Mutf8Error`]), never a panic.

use std::fmt;

/// Why a byte sequence is not modified UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mutf8ErrorKind {
    /// A byte that cannot start a sequence (`10xxxxxx` or `1111xxxx`).
    InvalidLeadByte(u8),
    /// A byte inside a 2- or 3-byte sequence is not a continuation byte `10xxxxxx`.
    InvalidContinuation(u8),
    /// The input ends in the middle of a sequence.
    Truncated,
    /// A UTF-16 surrogate half without its partner (Java allows it; Rust strings cannot hold it).
    LoneSurrogate(u16),
}

/// A decode failure: what went wrong and at which byte offset the offending sequence starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mutf8Error {
    /// Byte offset of the start of the bad sequence.
    pub offset: usize,
    /// What is wrong there.
    pub kind: Mutf8ErrorKind,
}

impl fmt::Display for Mutf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Mutf8ErrorKind::InvalidLeadByte(b) => {
                write!(f, "invalid lead byte 0x{b:02x} at offset {}", self.offset)
            }
            Mutf8ErrorKind::InvalidContinuation(b) => {
                write!(
                    f,
                    "invalid continuation byte 0x{b:02x} in sequence at offset {}",
                    self.offset
                )
            }
            Mutf8ErrorKind::Truncated => write!(f, "truncated sequence at offset {}", self.offset),
            Mutf8ErrorKind::LoneSurrogate(u) => {
                write!(f, "lone surrogate U+{u:04X} at offset {}", self.offset)
            }
        }
    }
}

impl std::error::Error for Mutf8Error {}

/// Decodes modified UTF-8 into a `String`.
///
/// Lenient where Java's `readUTF` is lenient: a raw zero byte and overlong 2/3-byte forms are
/// accepted (as Java does), so a decoded string need not re-encode to the same bytes.
///
/// # Errors
/// [`Mutf8Error`] for bytes `readUTF` would reject, and for lone surrogates.
pub fn decode(bytes: &[u8]) -> Result<String, Mutf8Error> {
    // Fast path: valid standard UTF-8 without NUL and without 4-byte sequences means the same
    // characters in both encodings (standard UTF-8 already rejects encoded surrogates).
    if !bytes.iter().any(|&b| b == 0 || b >= 0xF0) {
        if let Ok(s) = std::str::from_utf8(bytes) {
            return Ok(s.to_owned());
        }
    }
    decode_slow(bytes)
}

fn decode_slow(bytes: &[u8]) -> Result<String, Mutf8Error> {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    // A high surrogate waiting for its low half, with the offset where it started.
    let mut pending_high: Option<(u16, usize)> = None;
    while i < bytes.len() {
        let start = i;
        let (unit, len) = unit_at(bytes, i)?;
        i += len;
        match unit {
            0xD800..=0xDBFF => {
                if let Some((high, at)) = pending_high {
                    return Err(lone(high, at));
                }
                pending_high = Some((unit, start));
            }
            0xDC00..=0xDFFF => match pending_high.take() {
                Some((high, _)) => {
                    let c =
                        0x10000 + (((u32::from(high) - 0xD800) << 10) | (u32::from(unit) - 0xDC00));
                    // In range by construction: 0x10000..=0x10FFFF.
                    out.push(char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER));
                }
                None => return Err(lone(unit, start)),
            },
            _ => {
                if let Some((high, at)) = pending_high {
                    return Err(lone(high, at));
                }
                // Not a surrogate, so a valid scalar value.
                out.push(char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER));
            }
        }
    }
    if let Some((high, at)) = pending_high {
        return Err(lone(high, at));
    }
    Ok(out)
}

fn lone(unit: u16, offset: usize) -> Mutf8Error {
    Mutf8Error {
        offset,
        kind: Mutf8ErrorKind::LoneSurrogate(unit),
    }
}

/// One UTF-16 code unit starting at `i`, and the number of bytes it took.
fn unit_at(bytes: &[u8], i: usize) -> Result<(u16, usize), Mutf8Error> {
    let err = |kind| Mutf8Error { offset: i, kind };
    let cont = |j: usize| -> Result<u16, Mutf8Error> {
        match bytes.get(j) {
            None => Err(err(Mutf8ErrorKind::Truncated)),
            Some(&b) if b & 0xC0 == 0x80 => Ok(u16::from(b & 0x3F)),
            Some(&b) => Err(err(Mutf8ErrorKind::InvalidContinuation(b))),
        }
    };
    let b0 = bytes[i];
    match b0 >> 4 {
        0x0..=0x7 => Ok((u16::from(b0), 1)),
        0xC | 0xD => Ok(((u16::from(b0 & 0x1F) << 6) | cont(i + 1)?, 2)),
        0xE => Ok((
            (u16::from(b0 & 0x0F) << 12) | (cont(i + 1)? << 6) | cont(i + 2)?,
            3,
        )),
        _ => Err(err(Mutf8ErrorKind::InvalidLeadByte(b0))),
    }
}

/// Number of bytes `s` takes in modified UTF-8 (what `writeUTF` checks against 65535).
pub fn encoded_len(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0 => 2,
            1..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 6,
        })
        .sum()
}

/// Appends the modified UTF-8 encoding of `s` to `out`.
pub fn encode_into(s: &str, out: &mut Vec<u8>) {
    // Fast path: no NUL and no astral characters means standard UTF-8 is already right.
    if !s.bytes().any(|b| b == 0 || b >= 0xF0) {
        out.extend_from_slice(s.as_bytes());
        return;
    }
    for c in s.chars() {
        match c as u32 {
            0 => out.extend_from_slice(&[0xC0, 0x80]),
            1..=0xFFFF => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            _ => {
                let mut units = [0u16; 2];
                for &u in c.encode_utf16(&mut units).iter() {
                    out.extend_from_slice(&[
                        0xE0 | (u >> 12) as u8,
                        0x80 | ((u >> 6) & 0x3F) as u8,
                        0x80 | (u & 0x3F) as u8,
                    ]);
                }
            }
        }
    }
}

/// Encodes `s` as modified UTF-8.
pub fn encode(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(encoded_len(s));
    encode_into(s, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_is_two_bytes_both_ways() {
        assert_eq!(encode("a\0b"), b"a\xC0\x80b");
        assert_eq!(decode(b"a\xC0\x80b").unwrap(), "a\0b");
        // Java's readUTF also takes a raw zero byte.
        assert_eq!(decode(b"a\0b").unwrap(), "a\0b");
    }

    #[test]
    fn astral_chars_are_surrogate_pairs() {
        let s = "x\u{1F600}y";
        let bytes = encode(s);
        assert_eq!(bytes, b"x\xED\xA0\xBD\xED\xB8\x80y");
        assert_eq!(encoded_len(s), bytes.len());
        assert_eq!(decode(&bytes).unwrap(), s);
    }

    #[test]
    fn bmp_chars_match_standard_utf8() {
        let s = "Grüße, ☃ ~botsOnly~1";
        assert_eq!(encode(s), s.as_bytes());
        assert_eq!(decode(s.as_bytes()).unwrap(), s);
        assert_eq!(encoded_len(s), s.len());
    }

    #[test]
    fn lone_surrogates_are_error_values() {
        // High half alone, at the end.
        let e = decode(b"ab\xED\xA0\xBD").unwrap_err();
        assert_eq!(
            e,
            Mutf8Error {
                offset: 2,
                kind: Mutf8ErrorKind::LoneSurrogate(0xD83D)
            }
        );
        // Low half alone.
        let e = decode(b"\xED\xB8\x80").unwrap_err();
        assert_eq!(e.kind, Mutf8ErrorKind::LoneSurrogate(0xDE00));
        // High half followed by a normal char.
        let e = decode(b"\xED\xA0\xBDa").unwrap_err();
        assert_eq!(e.kind, Mutf8ErrorKind::LoneSurrogate(0xD83D));
    }

    #[test]
    fn malformed_bytes_are_error_values() {
        assert_eq!(
            decode(b"\x80").unwrap_err().kind,
            Mutf8ErrorKind::InvalidLeadByte(0x80)
        );
        assert_eq!(
            decode(b"\xF0\x9F\x98\x80").unwrap_err().kind,
            Mutf8ErrorKind::InvalidLeadByte(0xF0)
        );
        assert_eq!(
            decode(b"a\xC3").unwrap_err(),
            Mutf8Error {
                offset: 1,
                kind: Mutf8ErrorKind::Truncated
            }
        );
        assert_eq!(
            decode(b"\xE2\x98").unwrap_err().kind,
            Mutf8ErrorKind::Truncated
        );
        assert_eq!(
            decode(b"\xC3A").unwrap_err().kind,
            Mutf8ErrorKind::InvalidContinuation(b'A')
        );
    }
}
