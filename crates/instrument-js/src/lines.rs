//! Byte offsets to 1-based lines and columns.

/// Line starts of one text, for turning byte offsets into 1-based lines and columns.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text`; a line ends at `\n` (a preceding `\r` stays in the line).
    pub(crate) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The 1-based line holding byte `offset`.
    pub(crate) fn line(&self, offset: usize) -> u32 {
        let idx = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        u32::try_from(idx + 1).unwrap_or(u32::MAX)
    }

    /// The 1-based line and 1-based column (in characters) of byte `offset` in `text`.
    pub(crate) fn line_col(&self, text: &str, offset: usize) -> (u32, u32) {
        let line = self.line(offset);
        let start = self.starts[(line - 1) as usize];
        let end = offset.min(text.len());
        let col = text
            .get(start..end)
            .map_or(end.saturating_sub(start), |s| s.chars().count());
        (line, u32::try_from(col + 1).unwrap_or(u32::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::LineIndex;

    #[test]
    fn lines_and_columns_count_from_one() {
        let text = "ab\ncé\n\nx";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), (1, 1));
        assert_eq!(index.line_col(text, 3), (2, 1));
        assert_eq!(index.line_col(text, 6), (2, 3));
        assert_eq!(index.line_col(text, 8), (4, 1));
    }
}
