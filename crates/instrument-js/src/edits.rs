//! Text insertions at byte offsets, applied in one pass.
//!
//! Instrumentation only ever inserts text, so every original token keeps its place. Two
//! insertions at one offset are ordered by nesting: what closes an inner construct comes
//! before what closes an outer one, and what opens an outer construct comes before what
//! opens an inner one. The one exception is an empty body (`{}`): its opening and closing
//! insertions fall on the same offset, between the braces, where nothing but the body itself
//! and what it holds can insert; there everything that opens comes first and the body's close
//! last, so `{}` becomes `{ head tail }` and never `{ tail head }`.

/// One insertion.
#[derive(Debug)]
struct Edit {
    pos: usize,
    close: bool,
    /// A close whose construct opened at this same offset (an empty body).
    empty: bool,
    depth: u32,
    seq: u32,
    text: String,
}

/// A list of insertions into one text.
#[derive(Debug, Default)]
pub(crate) struct Edits {
    list: Vec<Edit>,
    seq: u32,
}

impl Edits {
    /// Inserts `text` at `pos`, opening a construct at nesting `depth`.
    pub(crate) fn open(&mut self, pos: usize, depth: u32, text: impl Into<String>) {
        self.push(pos, false, false, depth, text.into());
    }

    /// Inserts `text` at `pos`, closing a construct at nesting `depth`.
    pub(crate) fn close(&mut self, pos: usize, depth: u32, text: impl Into<String>) {
        self.push(pos, true, false, depth, text.into());
    }

    /// Inserts `text` at `pos`, closing a body whose content starts at `from` (where its
    /// opening insertion goes). When the body is empty (`from == pos`) the close goes after
    /// every opening insertion at `pos`, which all belong to the body.
    pub(crate) fn close_body(
        &mut self,
        from: usize,
        pos: usize,
        depth: u32,
        text: impl Into<String>,
    ) {
        self.push(pos, true, from == pos, depth, text.into());
    }

    /// Inserts `text` at `pos` before every other opening insertion there.
    pub(crate) fn first(&mut self, pos: usize, text: impl Into<String>) {
        self.list.push(Edit {
            pos,
            close: false,
            empty: false,
            depth: 0,
            seq: 0,
            text: text.into(),
        });
    }

    fn push(&mut self, pos: usize, close: bool, empty: bool, depth: u32, text: String) {
        self.seq += 1;
        self.list.push(Edit {
            pos,
            close,
            empty,
            depth,
            seq: self.seq,
            text,
        });
    }

    /// The text with every insertion made.
    pub(crate) fn apply(mut self, text: &str) -> String {
        self.list.sort_by(|a, b| {
            a.pos
                .cmp(&b.pos)
                .then(a.empty.cmp(&b.empty))
                .then_with(|| match (a.close, b.close) {
                    (true, false) => std::cmp::Ordering::Less,
                    (false, true) => std::cmp::Ordering::Greater,
                    (true, true) => b.depth.cmp(&a.depth).then(b.seq.cmp(&a.seq)),
                    (false, false) => a.depth.cmp(&b.depth).then(a.seq.cmp(&b.seq)),
                })
        });
        let extra: usize = self.list.iter().map(|e| e.text.len()).sum();
        let mut out = String::with_capacity(text.len() + extra);
        let mut at = 0;
        for edit in &self.list {
            let pos = edit.pos.min(text.len());
            if pos > at {
                out.push_str(text.get(at..pos).unwrap_or(""));
                at = pos;
            }
            out.push_str(&edit.text);
        }
        out.push_str(text.get(at..).unwrap_or(""));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Edits;

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
