//! The check behind `catan-bot decode FILE...`: reads transcripts in the shared format, counts
//! messages per type and reports every line that does not parse, comes out as `Unknown`
//! although its type is one a robot must understand, or does not re-encode to the same text.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::transcript::{self, Direction};
use crate::{Message, ROBOT_TYPE_IDS};

/// What is wrong with one transcript line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// Not a `< ` / `> ` line, or a bad escape.
    BadLine(String),
    /// A catalogued type whose fields do not parse.
    Malformed(String),
    /// Parsed as `Unknown` although the type is catalogued or listed in the guide.
    UnknownCatalogued,
    /// Parsed, but `encode` gives different text.
    Mismatch {
        /// What `encode` wrote.
        encoded: String,
    },
}

/// One reported line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// File it came from.
    pub file: PathBuf,
    /// 1-based line number.
    pub line: usize,
    /// The message text (unescaped), or the raw line for `BadLine`.
    pub text: String,
    /// What is wrong.
    pub kind: ProblemKind,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loc = format!("{}:{}", self.file.display(), self.line);
        let text = transcript::escape(&self.text);
        match &self.kind {
            ProblemKind::BadLine(why) => write!(f, "{loc}: bad line ({why}): {text}"),
            ProblemKind::Malformed(why) => write!(f, "{loc}: malformed ({why}): {text}"),
            ProblemKind::UnknownCatalogued => {
                write!(f, "{loc}: unknown although catalogued: {text}")
            }
            ProblemKind::Mismatch { encoded } => write!(
                f,
                "{loc}: re-encodes differently:\n    read:    {text}\n    encoded: {}",
                transcript::escape(encoded)
            ),
        }
    }
}

/// Per-type message counts, split by direction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TypeCount {
    /// Server to robot.
    pub from_server: usize,
    /// Robot to server.
    pub to_server: usize,
}

/// Totals over every decoded file.
#[derive(Debug, Default)]
pub struct DecodeReport {
    /// Files read.
    pub files: usize,
    /// Message lines read.
    pub lines: usize,
    /// Counts keyed by (type id, variant name).
    pub counts: BTreeMap<(i32, &'static str), TypeCount>,
    /// Every line that failed a check.
    pub problems: Vec<Problem>,
}

impl DecodeReport {
    /// Checks every line of one transcript's contents; `file` is used in problem reports.
    pub fn add_transcript(&mut self, file: &Path, contents: &str) {
        self.files += 1;
        for (line, parsed) in transcript::parse_lines(contents) {
            self.lines += 1;
            let problem = |text: &str, kind| Problem {
                file: file.to_owned(),
                line,
                text: text.to_owned(),
                kind,
            };
            let entry = match parsed {
                Ok(entry) => entry,
                Err(e) => {
                    let raw = contents.lines().nth(line - 1).unwrap_or_default();
                    self.problems
                        .push(problem(raw, ProblemKind::BadLine(e.to_string())));
                    continue;
                }
            };
            let message = match Message::parse(&entry.text) {
                Ok(m) => m,
                Err(e) => {
                    self.problems
                        .push(problem(&entry.text, ProblemKind::Malformed(e.reason)));
                    continue;
                }
            };
            let count = self
                .counts
                .entry((message.type_id(), message.name()))
                .or_default();
            match entry.direction {
                Direction::FromServer => count.from_server += 1,
                Direction::ToServer => count.to_server += 1,
            }
            if let Message::Unknown { type_id, .. } = &message {
                if Message::is_catalogued(*type_id) || ROBOT_TYPE_IDS.contains(type_id) {
                    self.problems
                        .push(problem(&entry.text, ProblemKind::UnknownCatalogued));
                }
                continue;
            }
            let encoded = message.encode();
            if encoded != entry.text {
                self.problems
                    .push(problem(&entry.text, ProblemKind::Mismatch { encoded }));
            }
        }
    }

    /// Writes the per-type table and every problem.
    pub fn print(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        writeln!(
            out,
            "{:>6}  {:<26} {:>8} {:>8} {:>8}",
            "type", "message", "total", "<", ">"
        )?;
        for (&(id, name), c) in &self.counts {
            writeln!(
                out,
                "{id:>6}  {name:<26} {:>8} {:>8} {:>8}",
                c.from_server + c.to_server,
                c.from_server,
                c.to_server
            )?;
        }
        for p in &self.problems {
            writeln!(out, "{p}")?;
        }
        writeln!(
            out,
            "{} files, {} messages, {} types, {} problem lines",
            self.files,
            self.lines,
            self.counts.len(),
            self.problems.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_reports_each_kind_of_problem() {
        let mut r = DecodeReport::default();
        let contents =
            "< 1083\n> 1009|g,1,1,50\n< 1009|g,1,1,050\n< 1025|g,x\nnot a line\n< 4242|new\n";
        r.add_transcript(Path::new("t.log"), contents);
        assert_eq!(r.lines, 6);
        assert_eq!(
            r.counts[&(1009, "PutPiece")],
            TypeCount {
                from_server: 1,
                to_server: 1
            }
        );
        assert_eq!(
            r.counts[&(4242, "Unknown")],
            TypeCount {
                from_server: 1,
                to_server: 0
            }
        );
        let kinds: Vec<_> = r
            .problems
            .iter()
            .map(|p| (p.line, std::mem::discriminant(&p.kind)))
            .collect();
        assert_eq!(kinds.len(), 3);
        assert_eq!(kinds[0].0, 3);
        assert!(
            matches!(r.problems[0].kind, ProblemKind::Mismatch { ref encoded } if encoded == "1009|g,1,1,50")
        );
        assert!(matches!(r.problems[1].kind, ProblemKind::Malformed(_)));
        assert!(matches!(r.problems[2].kind, ProblemKind::BadLine(_)));
    }
}
