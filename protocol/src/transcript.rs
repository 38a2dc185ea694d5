//! The transcript line format (that of the protocol guide's recorded sessions): one message a line,
//! `< TEXT` server to robot, `> TEXT` robot to server. `TEXT` is the `readUTF` string with two
//! escapes: `\\` for a backslash and `\uXXXX` (four lowercase hex digits) for every control
//! character (below U+0020, and U+007F) and lone surrogates. std only.

use std::fmt;

pub mod decode;

/// Which way a message went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `<`: server to robot.
    FromServer,
    /// `>`: robot to server.
    ToServer,
}

impl Direction {
    /// The line marker, `<` or `>`.
    pub fn marker(self) -> char {
        match self {
            Direction::FromServer => '<',
            Direction::ToServer => '>',
        }
    }
}

/// One transcript line: direction and the unescaped message text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranscriptLine {
    /// Which way the message went.
    pub direction: Direction,
    /// The message text as `readUTF` returned it.
    pub text: String,
}

impl fmt::Display for TranscriptLine {
    /// Writes the line back in transcript form (without the newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.direction.marker(), escape(&self.text))
    }
}

/// A line that is not in transcript form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranscriptError {
    /// Byte offset in the line where the problem is.
    pub offset: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad transcript line at byte {}: {}",
            self.offset, self.reason
        )
    }
}

impl std::error::Error for TranscriptError {}

/// Parses one line (without its newline; a trailing `\r` is ignored).
///
/// # Errors
/// [`TranscriptError`] if the line does not start with `< ` or `> `, or has a bad escape
/// (including an escaped lone surrogate, which a Rust `String` cannot hold).
pub fn parse_line(line: &str) -> Result<TranscriptLine, TranscriptError> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let direction = match line.get(..2) {
        Some("< ") => Direction::FromServer,
        Some("> ") => Direction::ToServer,
        _ => {
            return Err(TranscriptError {
                offset: 0,
                reason: "line must start with '< ' or '> '".into(),
            })
        }
    };
    let text = unescape(&line[2..]).map_err(|e| TranscriptError {
        offset: e.offset + 2,
        ..e
    })?;
    Ok(TranscriptLine { direction, text })
}

/// Reads every non-empty line of a transcript file's contents, with 1-based line numbers.
pub fn parse_lines(
    contents: &str,
) -> impl Iterator<Item = (usize, Result<TranscriptLine, TranscriptError>)> + '_ {
    contents
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_end_matches('\r').is_empty())
        .map(|(i, l)| (i + 1, parse_line(l)))
}

/// Undoes the `\\` and `\uXXXX` escapes. A surrogate pair written as two escapes is joined.
///
/// # Errors
/// [`TranscriptError`] for a backslash not followed by `\` or `uXXXX`, or a lone surrogate.
pub fn unescape(s: &str) -> Result<String, TranscriptError> {
    if !s.contains('\\') {
        return Ok(s.to_owned());
    }
    let err = |offset: usize, reason: &str| TranscriptError {
        offset,
        reason: reason.to_owned(),
    };
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let mut plain_start = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        out.push_str(&s[plain_start..i]);
        let at = i;
        match bytes.get(i + 1) {
            Some(b'\\') => {
                out.push('\\');
                i += 2;
            }
            Some(b'u') => {
                let unit =
                    hex4(s, i + 2).ok_or_else(|| err(at, "expected \\u and 4 hex digits"))?;
                i += 6;
                match unit {
                    0xD800..=0xDBFF => {
                        let low = (s.get(i..i + 2) == Some("\\u"))
                            .then(|| hex4(s, i + 2))
                            .flatten()
                            .filter(|u| (0xDC00..=0xDFFF).contains(u))
                            .ok_or_else(|| err(at, "lone surrogate"))?;
                        i += 6;
                        let c = 0x10000 + (((unit - 0xD800) << 10) | (low - 0xDC00));
                        out.push(char::from_u32(c).ok_or_else(|| err(at, "bad surrogate pair"))?);
                    }
                    0xDC00..=0xDFFF => return Err(err(at, "lone surrogate")),
                    _ => out.push(char::from_u32(unit).ok_or_else(|| err(at, "bad escape"))?),
                }
            }
            _ => return Err(err(at, "backslash must be followed by \\ or u")),
        }
        plain_start = i;
    }
    out.push_str(&s[plain_start..]);
    Ok(out)
}

fn hex4(s: &str, at: usize) -> Option<u32> {
    let h = s.get(at..at + 4)?;
    if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(h, 16).ok()
}

/// Escapes a message text for a transcript line (the inverse of [`unescape`]).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_and_print_back() {
        for line in [
            "< 1013|samplebot1,\\u0009,\\u0009,~botsOnly~40",
            "> 1010|g\\u0000bot\\u0000hi \\\\o/",
            "< 1091|g\\u0001You can't roll right now.",
            "< 1083",
        ] {
            let l = parse_line(line).unwrap();
            assert_eq!(l.to_string(), line);
        }
        let l = parse_line("> 1010|g\\u0000bot\\u0000hi \\\\o/").unwrap();
        assert_eq!(
            (l.direction, l.text.as_str()),
            (Direction::ToServer, "1010|g\0bot\0hi \\o/")
        );
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(parse_line("1009|g").is_err());
        assert!(parse_line("< bad \\x").is_err());
        assert!(parse_line("< trunc \\u00").is_err());
        assert_eq!(parse_line("< lone \\ud800").unwrap_err().offset, 7);
        assert!(parse_line("< lone \\udc00x").is_err());
        // An escaped pair is joined.
        assert_eq!(parse_line("< \\ud83d\\ude00").unwrap().text, "\u{1F600}");
    }

    #[test]
    fn escape_is_the_inverse_of_unescape() {
        let s = "a\\b\tc\0d\u{7f}é\u{1F600}";
        assert_eq!(unescape(&escape(s)).unwrap(), s);
        assert_eq!(escape(s), "a\\\\b\\u0009c\\u0000d\\u007fé\u{1F600}");
    }

    #[test]
    fn parse_lines_numbers_from_one_and_skips_blank_lines() {
        let v: Vec<_> = parse_lines("< 1083\n\n> 1008\r\n")
            .map(|(n, l)| (n, l.unwrap().text))
            .collect();
        assert_eq!(v, vec![(1, "1083".to_string()), (3, "1008".to_string())]);
    }
}
