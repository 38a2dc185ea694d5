//! nom building blocks and the field cursor every message parser uses: type id, integers,
//! booleans, Java `StringTokenizer` splitting, and the matching writer. Crate-internal.
//!
//! The Java side splits with `StringTokenizer`, which drops empty tokens: `a,,b` is two fields.
//! [`Tokens`] does the same. Empty strings are therefore sent as a lone tab (`SOCMessage.EMPTYSTR`);
//! [`Field`] for `String` maps `"\t"` ⇄ `""`.

use nom::{
    branch::alt,
    bytes::complete::tag,
    character::complete::{digit1, one_of},
    combinator::{all_consuming, map_res, opt, recognize, value},
    sequence::pair,
    IResult,
};

/// Java's `SOCMessage.EMPTYSTR`: stands for an empty string field.
pub const EMPTYSTR: &str = "\t";

/// Why a message's fields did not parse (becomes the reason of a [`crate::ParseError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError(pub String);

impl FieldError {
    pub fn new(reason: impl Into<String>) -> Self {
        FieldError(reason.into())
    }
}

pub type FieldResult<T> = Result<T, FieldError>;

fn nom_int(input: &str) -> IResult<&str, i64> {
    // Java Integer.parseInt accepts a leading '+' or '-'.
    map_res(
        recognize(pair(opt(one_of("+-")), digit1)),
        str::parse::<i64>,
    )(input)
}

/// A decimal Java `int` (range-checked), as `Integer.parseInt` reads it.
pub fn parse_i32(tok: &str) -> FieldResult<i32> {
    all_consuming(nom_int)(tok)
        .ok()
        .and_then(|(_, v)| i32::try_from(v).ok())
        .ok_or_else(|| FieldError::new(format!("expected an integer, got {tok:?}")))
}

/// A decimal Java `long`.
pub fn parse_i64(tok: &str) -> FieldResult<i64> {
    all_consuming(nom_int)(tok)
        .map(|(_, v)| v)
        .map_err(|_| FieldError::new(format!("expected an integer, got {tok:?}")))
}

/// `true` / `false`, exactly as Java's `Boolean.toString` writes them.
pub fn parse_bool(tok: &str) -> FieldResult<bool> {
    let r: IResult<&str, bool> =
        all_consuming(alt((value(true, tag("true")), value(false, tag("false")))))(tok);
    r.map(|(_, b)| b)
        .map_err(|_| FieldError::new(format!("expected true or false, got {tok:?}")))
}

/// The message type number at the start of a text: returns (type id, data after the first `|`).
pub fn split_type(text: &str) -> Option<(i32, &str)> {
    let (head, data) = match text.split_once('|') {
        Some((h, d)) => (h, d),
        None => (text, ""),
    };
    let id = parse_i32(head).ok()?;
    Some((id, data))
}

/// Cursor over the fields of a message's data, splitting like `StringTokenizer(data, sep)`.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    s: &'a str,
    pos: usize,
    sep: char,
}

impl<'a> Tokens<'a> {
    pub fn new(s: &'a str, sep: char) -> Self {
        Tokens { s, pos: 0, sep }
    }

    /// The next non-empty token, or `None` at the end.
    pub fn next_token(&mut self) -> Option<&'a str> {
        let rest = &self.s[self.pos..];
        let trimmed = rest.trim_start_matches(self.sep);
        if trimmed.is_empty() {
            self.pos = self.s.len();
            return None;
        }
        let start = self.pos + (rest.len() - trimmed.len());
        let end = trimmed.find(self.sep).map_or(self.s.len(), |i| start + i);
        self.pos = end;
        Some(&self.s[start..end])
    }

    /// The next token without consuming it.
    pub fn peek(&self) -> Option<&'a str> {
        self.clone().next_token()
    }

    /// The next token, required.
    pub fn str(&mut self) -> FieldResult<&'a str> {
        self.next_token()
            .ok_or_else(|| FieldError::new("too few fields"))
    }

    pub fn int(&mut self) -> FieldResult<i32> {
        parse_i32(self.str()?)
    }

    /// True when no token is left.
    pub fn is_done(&self) -> bool {
        self.s[self.pos..].chars().all(|c| c == self.sep)
    }

    /// Everything after the current position and one separator: a "rest of the string" field,
    /// which may itself contain the separator (like `st.nextToken(sep)` in the Java parsers).
    pub fn rest(&mut self) -> &'a str {
        let mut rest = &self.s[self.pos..];
        if let Some(r) = rest.strip_prefix(self.sep) {
            rest = r;
        }
        self.pos = self.s.len();
        rest
    }

    /// Fails if any token is left.
    pub fn finish(&self) -> FieldResult<()> {
        if self.is_done() {
            Ok(())
        } else {
            Err(FieldError::new(format!(
                "unexpected trailing fields {:?}",
                &self.s[self.pos..]
            )))
        }
    }
}

/// Writes fields with a separator between them (and, if asked, before the first one).
pub struct Writer<'a> {
    out: &'a mut String,
    sep: char,
    need_sep: bool,
}

impl<'a> Writer<'a> {
    /// `lead`: write the separator before the first field too (multi-field `|` messages).
    pub fn new(out: &'a mut String, sep: char, lead: bool) -> Self {
        Writer {
            out,
            sep,
            need_sep: lead,
        }
    }

    fn start(&mut self) {
        if self.need_sep {
            self.out.push(self.sep);
        }
        self.need_sep = true;
    }

    /// A raw token, written as is.
    pub fn raw(&mut self, s: &str) {
        self.start();
        self.out.push_str(s);
    }

    /// A string field: an empty string is written as [`EMPTYSTR`] so the field is not dropped.
    pub fn str(&mut self, s: &str) {
        self.raw(if s.is_empty() { EMPTYSTR } else { s });
    }

    pub fn int(&mut self, v: impl itoa_like::Int) {
        self.start();
        v.push_to(self.out);
    }

    pub fn bool(&mut self, b: bool) {
        self.raw(if b { "true" } else { "false" });
    }
}

/// Integer formatting without going through `fmt` machinery for every field.
pub mod itoa_like {
    pub trait Int: Copy {
        fn push_to(self, out: &mut String);
    }

    fn push_i64(v: i64, out: &mut String) {
        if v < 0 {
            out.push('-');
        }
        let mut n = v.unsigned_abs();
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &b in &buf[i..] {
            out.push(char::from(b));
        }
    }

    impl Int for i32 {
        fn push_to(self, out: &mut String) {
            push_i64(i64::from(self), out);
        }
    }

    impl Int for i64 {
        fn push_to(self, out: &mut String) {
            push_i64(self, out);
        }
    }
}

/// A value that reads itself from a [`Tokens`] cursor and writes itself to a [`Writer`].
pub trait Field: Sized {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self>;
    fn write(&self, w: &mut Writer<'_>);
}

impl Field for i32 {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        t.int()
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.int(*self);
    }
}

impl Field for i64 {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        parse_i64(t.str()?)
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.int(*self);
    }
}

impl Field for bool {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        parse_bool(t.str()?)
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.bool(*self);
    }
}

impl Field for String {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        let s = t.str()?;
        Ok(if s == EMPTYSTR {
            String::new()
        } else {
            s.to_owned()
        })
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.str(self);
    }
}

/// Present if any token is left (optional trailing fields).
impl<T: Field> Field for Option<T> {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        if t.is_done() {
            Ok(None)
        } else {
            T::read(t).map(Some)
        }
    }
    fn write(&self, w: &mut Writer<'_>) {
        if let Some(v) = self {
            v.write(w);
        }
    }
}

/// All remaining tokens (must be the last field).
impl<T: Field> Field for Vec<T> {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        let mut v = Vec::new();
        while !t.is_done() {
            v.push(T::read(t)?);
        }
        Ok(v)
    }
    fn write(&self, w: &mut Writer<'_>) {
        for x in self {
            x.write(w);
        }
    }
}

impl<A: Field, B: Field> Field for (A, B) {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        Ok((A::read(t)?, B::read(t)?))
    }
    fn write(&self, w: &mut Writer<'_>) {
        self.0.write(w);
        self.1.write(w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_drop_empty_fields_like_string_tokenizer() {
        let mut t = Tokens::new(",a,,b,", ',');
        assert_eq!(t.next_token(), Some("a"));
        assert_eq!(t.peek(), Some("b"));
        assert_eq!(t.next_token(), Some("b"));
        assert!(t.is_done());
        assert_eq!(t.next_token(), None);
    }

    #[test]
    fn rest_keeps_separators() {
        let mut t = Tokens::new("g,2,BC=t4,PL=4", ',');
        assert_eq!(t.str().unwrap(), "g");
        assert_eq!(t.int().unwrap(), 2);
        assert_eq!(t.rest(), "BC=t4,PL=4");
        assert!(t.is_done());
    }

    #[test]
    fn integers_and_booleans() {
        assert_eq!(parse_i32("-1"), Ok(-1));
        assert_eq!(parse_i32("+7"), Ok(7));
        assert!(parse_i32("2147483648").is_err());
        assert!(parse_i32("1a").is_err());
        assert!(parse_i32("").is_err());
        assert_eq!(parse_bool("true"), Ok(true));
        assert!(parse_bool("True").is_err());
        assert_eq!(split_type("1083"), Some((1083, "")));
        assert_eq!(split_type("1003|"), Some((1003, "")));
        assert_eq!(split_type("x|1"), None);
    }

    #[test]
    fn writer_formats_integers() {
        let mut s = String::new();
        let mut w = Writer::new(&mut s, ',', false);
        w.int(0);
        w.int(-2147483648i32);
        w.int(i64::MIN);
        w.str("");
        assert_eq!(s, "0,-2147483648,-9223372036854775808,\t");
    }
}
