//! [`Cursor`]: reads JSON tokens from text, for the fast reader. Every method returns `None`
//! on anything it does not read (bad JSON or JSON it leaves to serde), never panics.

use std::borrow::Cow;

/// A position in JSON text.
pub(crate) struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Cursor { text, pos: 0 }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The byte offset reached.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// Goes back (or forward) to `pos`, a position this cursor reached before.
    pub(crate) fn seek(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// The text from `start` to the position reached.
    pub(crate) fn since(&self, start: usize) -> &'a str {
        self.text.get(start..self.pos).unwrap_or_default()
    }

    /// Skips JSON whitespace.
    pub(crate) fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes().get(self.pos) {
            self.pos += 1;
        }
    }

    /// The next byte after whitespace, not consumed.
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.bytes().get(self.pos).copied()
    }

    /// Consumes `byte` (after whitespace), or fails.
    pub(crate) fn eat(&mut self, byte: u8) -> Option<()> {
        self.try_eat(byte).then_some(())
    }

    /// Consumes `byte` (after whitespace) if it is next.
    pub(crate) fn try_eat(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        if next {
            self.pos += 1;
        }
        next
    }

    /// Consumes `prefix` if the text continues with it, byte for byte.
    pub(crate) fn try_eat_text(&mut self, prefix: &str) -> bool {
        let next = !prefix.is_empty()
            && self
                .bytes()
                .get(self.pos..)
                .is_some_and(|rest| rest.starts_with(prefix.as_bytes()));
        if next {
            self.pos += prefix.len();
        }
        next
    }

    /// Consumes `null` if it is next.
    pub(crate) fn try_null(&mut self) -> bool {
        self.ws();
        self.try_eat_text("null")
    }

    /// A string without escapes, borrowed; `None` (position unchanged) when the string has
    /// an escape or is not a string.
    pub(crate) fn plain_str(&mut self) -> Option<&'a str> {
        let start = self.pos;
        self.eat(b'"')?;
        let body = self.pos;
        loop {
            match self.bytes().get(self.pos) {
                Some(b'"') => break,
                Some(b'\\') | None => {
                    self.pos = start;
                    return None;
                }
                Some(&b) if b < 0x20 => {
                    self.pos = start;
                    return None;
                }
                Some(_) => self.pos += 1,
            }
        }
        let text = self.text.get(body..self.pos)?;
        self.pos += 1;
        Some(text)
    }

    /// A string, borrowed when it has no escape.
    pub(crate) fn string(&mut self) -> Option<Cow<'a, str>> {
        if let Some(text) = self.plain_str() {
            return Some(Cow::Borrowed(text));
        }
        self.eat(b'"')?;
        let mut out = String::new();
        loop {
            let run = self.pos;
            while let Some(&b) = self.bytes().get(self.pos) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(self.text.get(run..self.pos)?);
            match self.bytes().get(self.pos)? {
                b'"' => {
                    self.pos += 1;
                    return Some(Cow::Owned(out));
                }
                b'\\' => {
                    self.pos += 1;
                    out.push(self.escape()?);
                }
                _ => return None, // a control character
            }
        }
    }

    /// The character of an escape, after its backslash. A lone surrogate is left to serde.
    fn escape(&mut self) -> Option<char> {
        let b = *self.bytes().get(self.pos)?;
        self.pos += 1;
        Some(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = self.hex4()?;
                if (0xD800..0xDC00).contains(&unit) {
                    if !self.try_eat_text("\\u") {
                        return None;
                    }
                    let low = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return None;
                    }
                    char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))?
                } else {
                    char::from_u32(unit)?
                }
            }
            _ => return None,
        })
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.text.get(self.pos..self.pos + 4)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        self.pos += 4;
        u32::from_str_radix(digits, 16).ok()
    }

    /// A non-negative integer written as JSON digits only (no fraction or exponent, as the
    /// trace's integer fields require).
    pub(crate) fn u64(&mut self) -> Option<u64> {
        self.ws();
        let start = self.pos;
        let mut n: u64 = 0;
        while let Some(&b) = self.bytes().get(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
            self.pos += 1;
        }
        let digits = self.pos - start;
        let leading_zero = digits > 1 && self.bytes().get(start) == Some(&b'0');
        let fraction = matches!(self.bytes().get(self.pos), Some(b'.' | b'e' | b'E'));
        (digits > 0 && !leading_zero && !fraction).then_some(n)
    }

    /// A `u32` integer.
    pub(crate) fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.u64()?).ok()
    }

    /// Skips one value of any shape, without checking more than its brackets and strings
    /// (serde checks the text when it reads it); `None` when it runs off the end.
    pub(crate) fn skip_value(&mut self) -> Option<()> {
        self.ws();
        let mut depth = 0usize;
        loop {
            let b = *self.bytes().get(self.pos)?;
            match b {
                b'"' => {
                    self.pos += 1;
                    loop {
                        match *self.bytes().get(self.pos)? {
                            b'"' => break,
                            b'\\' => self.pos += 2,
                            _ => self.pos += 1,
                        }
                    }
                    self.pos += 1;
                }
                b'[' | b'{' => {
                    depth += 1;
                    self.pos += 1;
                }
                b']' | b'}' => {
                    // At depth 0 this closes the container around the value.
                    depth = match depth.checked_sub(1) {
                        Some(depth) => depth,
                        None => return Some(()),
                    };
                    self.pos += 1;
                }
                b',' | b':' | b' ' | b'\t' | b'\n' | b'\r' => {
                    if depth == 0 {
                        return Some(());
                    }
                    self.pos += 1;
                }
                _ => self.pos += 1,
            }
            if depth == 0 && matches!(b, b'"' | b']' | b'}') {
                return Some(());
            }
        }
    }

    /// Reads an object: `field` is called with each key (without escapes; a key with one is
    /// left to serde) and reads its value.
    pub(crate) fn object(
        &mut self,
        mut field: impl FnMut(&mut Self, &'a str) -> Option<()>,
    ) -> Option<()> {
        self.eat(b'{')?;
        if self.try_eat(b'}') {
            return Some(());
        }
        loop {
            let key = self.plain_str()?;
            self.eat(b':')?;
            field(self, key)?;
            if self.try_eat(b'}') {
                return Some(());
            }
            self.eat(b',')?;
        }
    }

    /// Reads an array: `item` reads each item.
    pub(crate) fn array(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        if self.try_eat(b']') {
            return Some(());
        }
        loop {
            item(self)?;
            if self.try_eat(b']') {
                return Some(());
            }
            self.eat(b',')?;
        }
    }

    /// Whether only whitespace is left.
    pub(crate) fn at_end(&mut self) -> bool {
        self.ws();
        self.pos == self.text.len()
    }
}
