//! Server strings in log lines: [`shown`] escapes control characters (an ESC or a newline in a
//! game name must not forge a log line or colour the terminal) and cuts long text (a 65,535-byte
//! bad frame must not become one 65 KB log line). std only.

use std::fmt;

/// Characters of a server string shown in a log line; the rest is counted, not written.
pub const MAX_SHOWN: usize = 200;

/// A server string as it may appear in a log line (see the module doc).
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a>(&'a str);

/// `s`, escaped and cut, for `%` fields of `tracing` macros.
pub fn shown(s: &str) -> Shown<'_> {
    Shown(s)
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.chars();
        for c in chars.by_ref().take(MAX_SHOWN) {
            if c.is_control() {
                // \n, \t, \u{1b}, \u{85}, ...: visible, never acted on by a terminal.
                write!(f, "{}", c.escape_default())?;
            } else {
                fmt::Write::write_char(f, c)?;
            }
        }
        let rest = chars.count();
        if rest > 0 {
            write!(f, "…(+{rest} chars)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_long_text_cut() {
        let s = shown("evil\u{1b}[31m\nFORGED INFO").to_string();
        assert_eq!(s, "evil\\u{1b}[31m\\nFORGED INFO");
        let long = "x".repeat(65_530);
        let s = shown(&long).to_string();
        assert!(s.len() < MAX_SHOWN + 30, "{} bytes", s.len());
        assert!(s.ends_with("…(+65330 chars)"), "{s}");
        assert_eq!(shown("plain, ok").to_string(), "plain, ok");
    }
}
