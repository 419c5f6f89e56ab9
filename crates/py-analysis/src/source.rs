//! Byte offsets → 1-based lines and columns, and source text by range, without panicking.

use ruff_source_file::LineIndex;
use ruff_text_size::{TextRange, TextSize};

/// The analysed program with its line index.
///
/// Every lookup clamps offsets to the text and to character boundaries, so a range from a
/// recovering parser can never make a lookup panic.
pub(crate) struct SourceText<'a> {
    text: &'a str,
    index: LineIndex,
}

impl<'a> SourceText<'a> {
    /// Indexes the lines of `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        Self {
            text,
            index: LineIndex::from_source_text(text),
        }
    }

    /// 1-based line of the character at `offset` (bytes).
    pub(crate) fn line(&self, offset: TextSize) -> u32 {
        let offset = self.clamp(offset);
        to_u32(self.index.line_index(offset).get())
    }

    /// 1-based line and 1-based column (in characters, Unicode scalar values; a leading BOM
    /// is not counted) of `offset` (bytes).
    pub(crate) fn line_column(&self, offset: TextSize) -> (u32, u32) {
        let offset = self.clamp(offset);
        let position = self.index.line_column(offset, self.text);
        (to_u32(position.line.get()), to_u32(position.column.get()))
    }

    /// Lines of the first and the last character of `range` (an empty range gives its start
    /// line twice).
    pub(crate) fn lines(&self, range: TextRange) -> (u32, u32) {
        let last = if range.is_empty() {
            range.start()
        } else {
            range.end() - TextSize::from(1)
        };
        (self.line(range.start()), self.line(last))
    }

    /// The text of `range` as written; empty when the range does not fall on character
    /// boundaries inside the text.
    pub(crate) fn slice(&self, range: TextRange) -> &'a str {
        self.text
            .get(usize::from(range.start())..usize::from(range.end()))
            .unwrap_or("")
    }

    /// `offset` moved into the text and back onto the start of a character.
    fn clamp(&self, offset: TextSize) -> TextSize {
        let mut at = usize::from(offset).min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        TextSize::try_from(at).unwrap_or(offset)
    }
}

/// Lines and columns of files over 4 GiB saturate rather than wrap.
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
