//! Text insertions at byte offsets, applied in one pass.
//!
//! Instrumentation only ever inserts text, so every original token keeps its place. Two
//! insertions at one offset are ordered by nesting: what closes an inner construct comes
//! before what closes an outer one, and what opens an outer construct comes before what
//! opens an inner one. The one exception is an empty body (`{}`): its opening and closing
//! insertions fall on the same offset, between the braces, where nothing but the body itself
//! and what it holds can insert; there everything that opens comes first and the body's close
//! last, so `{}` becomes `{ head tail }` and never `{ tail head }`.

use std::fmt::Write as _;

/// Text an insertion is made of: a string, or `format_args!` written straight into the
/// shared buffer of [`Edits`] (no allocation per insertion).
pub(crate) trait EditText {
    /// Appends the text to `buf`.
    fn write_to(self, buf: &mut String);
}

impl EditText for &str {
    fn write_to(self, buf: &mut String) {
        buf.push_str(self);
    }
}

impl EditText for String {
    fn write_to(self, buf: &mut String) {
        buf.push_str(&self);
    }
}

impl EditText for std::fmt::Arguments<'_> {
    fn write_to(self, buf: &mut String) {
        // Writing into a String cannot fail.
        let _ = buf.write_fmt(self);
    }
}

/// One insertion; its text is `text` of the shared buffer.
#[derive(Debug)]
struct Edit {
    /// Where it goes in the text and its order among insertions at one offset, packed (see
    /// [`order_key`]) so sorting compares one integer.
    key: u128,
    pos: usize,
    text: std::ops::Range<usize>,
}

/// The sort key of an insertion: by offset; at one offset the closes of non-empty bodies
/// first, innermost (deepest, then latest) first; then the opens, outermost (shallowest,
/// then earliest) first; then the closes of empty bodies (see the module docs).
fn order_key(pos: usize, close: bool, empty: bool, depth: u32, seq: u32) -> u128 {
    let (group, depth, seq) = match (close, empty) {
        (true, true) => (2u128, !depth, !seq),
        (true, false) => (0, !depth, !seq),
        (false, _) => (1, depth, seq),
    };
    ((pos as u128) << 66) | (group << 64) | (u128::from(depth) << 32) | u128::from(seq)
}

/// A list of insertions into one text.
#[derive(Debug, Default)]
pub(crate) struct Edits {
    list: Vec<Edit>,
    /// The texts of every insertion, one after another.
    buf: String,
    seq: u32,
}

impl Edits {
    /// Inserts `text` at `pos`, opening a construct at nesting `depth`.
    pub(crate) fn open(&mut self, pos: usize, depth: u32, text: impl EditText) {
        self.push(pos, false, false, depth, text);
    }

    /// Inserts `text` at `pos`, closing a construct at nesting `depth`.
    pub(crate) fn close(&mut self, pos: usize, depth: u32, text: impl EditText) {
        self.push(pos, true, false, depth, text);
    }

    /// Inserts `text` at `pos`, closing a body whose content starts at `from` (where its
    /// opening insertion goes). When the body is empty (`from == pos`) the close goes after
    /// every opening insertion at `pos`, which all belong to the body.
    pub(crate) fn close_body(&mut self, from: usize, pos: usize, depth: u32, text: impl EditText) {
        self.push(pos, true, from == pos, depth, text);
    }

    /// Inserts `text` at `pos` before every other opening insertion there.
    pub(crate) fn first(&mut self, pos: usize, text: impl EditText) {
        let text = self.write(text);
        self.list.push(Edit {
            key: order_key(pos, false, false, 0, 0),
            pos,
            text,
        });
    }

    fn write(&mut self, text: impl EditText) -> std::ops::Range<usize> {
        let start = self.buf.len();
        text.write_to(&mut self.buf);
        start..self.buf.len()
    }

    fn push(&mut self, pos: usize, close: bool, empty: bool, depth: u32, text: impl EditText) {
        self.seq += 1;
        let text = self.write(text);
        self.list.push(Edit {
            key: order_key(pos, close, empty, depth, self.seq),
            pos,
            text,
        });
    }

    /// The text with every insertion made.
    pub(crate) fn apply(mut self, text: &str) -> String {
        // Every edit has its own `seq` (only `first` uses 0, once per offset), so no two keys
        // are equal and an unstable sort gives the one order.
        self.list.sort_unstable_by_key(|e| e.key);
        let mut out = String::with_capacity(text.len() + self.buf.len());
        let mut at = 0;
        for edit in &self.list {
            let pos = edit.pos.min(text.len());
            if pos > at {
                out.push_str(text.get(at..pos).unwrap_or(""));
                at = pos;
            }
            out.push_str(self.buf.get(edit.text.clone()).unwrap_or(""));
        }
        out.push_str(text.get(at..).unwrap_or(""));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{order_key, Edits};

    /// The order the module docs describe, written as a comparison.
    fn described_order(
        a: (usize, bool, bool, u32, u32),
        b: (usize, bool, bool, u32, u32),
    ) -> std::cmp::Ordering {
        let ((ap, ac, ae, ad, as_), (bp, bc, be, bd, bs)) = (a, b);
        ap.cmp(&bp).then(ae.cmp(&be)).then_with(|| match (ac, bc) {
            (true, false) => std::cmp::Ordering::Less,
            (false, true) => std::cmp::Ordering::Greater,
            (true, true) => bd.cmp(&ad).then(bs.cmp(&as_)),
            (false, false) => ad.cmp(&bd).then(as_.cmp(&bs)),
        })
    }

    #[test]
    fn the_packed_key_sorts_as_described() {
        let mut all = Vec::new();
        let mut seq = 0;
        for pos in [0, 1, 7, usize::from(u16::MAX)] {
            for (close, empty) in [(false, false), (true, false), (true, true)] {
                for depth in [0, 1, 2, 40] {
                    for _ in 0..2 {
                        seq += 1;
                        all.push((pos, close, empty, depth, seq));
                    }
                }
            }
        }
        for &a in &all {
            for &b in &all {
                let packed =
                    order_key(a.0, a.1, a.2, a.3, a.4).cmp(&order_key(b.0, b.1, b.2, b.3, b.4));
                assert_eq!(packed, described_order(a, b), "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn nested_insertions_at_one_offset_nest() {
        let mut edits = Edits::default();
        edits.open(0, 2, "<in>");
        edits.open(0, 1, "<out>");
        edits.close(1, 1, "</out>");
        edits.close(1, 2, "</in>");
        edits.first(0, "^");
        assert_eq!(edits.apply("x"), "^<out><in>x</in></out>");
    }

    #[test]
    fn an_empty_body_opens_before_it_closes() {
        // `{}`: the body's content starts and ends at offset 1; the close is pushed first
        // and is shallower than the head, as the transform does for functions and loops.
        let mut edits = Edits::default();
        edits.close_body(1, 1, 1, " tail");
        edits.open(1, 2, " head");
        edits.open(1, 3, " inner");
        assert_eq!(edits.apply("{}"), "{ head inner tail}");
    }

    #[test]
    fn a_body_with_content_closes_after_it() {
        let mut edits = Edits::default();
        edits.close_body(1, 2, 1, "]");
        edits.open(1, 2, "[");
        edits.close(2, 1, ")");
        edits.open(2, 1, "(");
        assert_eq!(edits.apply("{x}"), "{[x)](}");
    }
}
