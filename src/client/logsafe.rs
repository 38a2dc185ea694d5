//! Server strings in log lines: [`shown`] escapes control characters (an ESC or a newline in a
//! game name must not forge a log line or colour the terminal) and cuts long text (a 65,535-byte
//! bad frame must not become one 65 KB log line); [`Repeated`] turns a flood of one warning
//! into a few lines with a count (200 KB of zeros were 100,000 bad frames, 12.7 MB of log).
//! std only.

use std::fmt;
use std::time::{Duration, Instant};

/// Occurrences of a repeated warning logged in full before the rest are counted.
pub const LOGGED_IN_FULL: u64 = 5;
/// At most one count line per this long while the warning keeps coming.
pub const COUNT_EVERY: Duration = Duration::from_secs(1);

/// What to do with one more occurrence of a repeated warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// Log it in full; `last` for the last one logged so (later ones are counted).
    Full {
        /// The last occurrence logged in full.
        last: bool,
    },
    /// Count it, log nothing.
    Counted,
    /// Log one line: `count` occurrences (this one included) since the last line.
    Count {
        /// Occurrences not logged in full since the last line.
        count: u64,
    },
}

/// A repeated warning (bad frames, unknown messages): the first [`LOGGED_IN_FULL`] in full,
/// then at most one count line per [`COUNT_EVERY`], and what is still counted when asked
/// ([`Repeated::pending`]).
#[derive(Clone, Debug, Default)]
pub struct Repeated {
    total: u64,
    counted: u64,
    /// When the last line (full or count) was logged.
    since: Option<Instant>,
}

impl Repeated {
    /// One more occurrence at `now`.
    pub fn hit(&mut self, now: Instant) -> Repeat {
        self.total = self.total.saturating_add(1);
        if self.total <= LOGGED_IN_FULL {
            self.since = Some(now);
            return Repeat::Full {
                last: self.total == LOGGED_IN_FULL,
            };
        }
        self.counted = self.counted.saturating_add(1);
        if self.due(now) {
            return Repeat::Count {
                count: self.take(now),
            };
        }
        Repeat::Counted
    }

    /// Occurrences counted and not logged yet, taken for one count line: all of them with
    /// `now` None (the stream ended), else only once [`COUNT_EVERY`] has passed since the last
    /// line (a warning interleaved with good messages is not one line each again).
    pub fn pending(&mut self, now: Option<Instant>) -> Option<u64> {
        if self.counted == 0 {
            return None;
        }
        match now {
            Some(now) if !self.due(now) => None,
            Some(now) => Some(self.take(now)),
            None => Some(std::mem::take(&mut self.counted)),
        }
    }

    /// Occurrences so far.
    pub fn total(&self) -> u64 {
        self.total
    }

    fn due(&self, now: Instant) -> bool {
        self.since
            .map_or(true, |t| now.saturating_duration_since(t) >= COUNT_EVERY)
    }

    fn take(&mut self, now: Instant) -> u64 {
        self.since = Some(now);
        std::mem::take(&mut self.counted)
    }
}

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

    /// 100,000 occurrences in two seconds: five full lines, a count line a second, and every
    /// occurrence counted once.
    #[test]
    fn a_flood_is_a_few_lines_with_counts() {
        let t0 = Instant::now();
        let mut r = Repeated::default();
        let (mut full, mut lines, mut counted) = (0, 0, 0);
        for i in 0..100_000u64 {
            let now = t0 + Duration::from_micros(20 * i);
            match r.hit(now) {
                Repeat::Full { last } => {
                    full += 1;
                    assert_eq!(last, full == LOGGED_IN_FULL);
                }
                Repeat::Counted => {}
                Repeat::Count { count } => {
                    lines += 1;
                    counted += count;
                }
            }
        }
        assert_eq!(full, LOGGED_IN_FULL);
        assert_eq!(lines, 1, "one count line for the first second");
        // Not a second since the last line: nothing due yet; at the end, the rest.
        assert_eq!(r.pending(Some(t0 + Duration::from_millis(1500))), None);
        counted += r.pending(None).expect("the rest is counted");
        assert_eq!(full + counted, 100_000);
        assert_eq!(r.total(), 100_000);
        assert_eq!(r.pending(None), None);
    }

    /// One bad frame between good messages, forever: after the first five, one line a second.
    #[test]
    fn an_interleaved_warning_is_counted_too() {
        let t0 = Instant::now();
        let mut r = Repeated::default();
        let mut lines = 0;
        for i in 0..10_000u64 {
            let now = t0 + Duration::from_millis(i);
            if !matches!(r.hit(now), Repeat::Counted) {
                lines += 1;
            }
            if r.pending(Some(now)).is_some() {
                lines += 1;
            }
        }
        assert!(lines <= LOGGED_IN_FULL + 11, "{lines} lines in 10 s");
    }
}
