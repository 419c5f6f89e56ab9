//! Every step's SVG, stored as a list of indices into one table of distinct pieces.
//!
//! A run of 2,000 steps draws mostly the same boxes over and over: a box that did not change
//! between two steps has the same SVG text in both. So each step's SVG is cut into pieces at
//! element boundaries, each distinct piece is stored once in a [`PieceTable`], and a step is
//! the list of its pieces' indices. The page joins a step's pieces back into exactly the SVG
//! text it came from (the cuts cover the whole string, nothing is dropped or added).
//!
//! Where to cut: every element that has child elements is opened up (its start tag, each
//! child, its end tag become separate pieces); an element without child elements is one
//! piece. So a box that moved changes only its start tag (its content is positioned relative
//! to it) and a changed cell only that cell. Measured on the examples, this gives smaller
//! pages than keeping small groups whole, because the per-step index lists are stored as
//! copies from the step before (`step_codec`) and cost little. The SVG comes from our own
//! renderer, so it is well-formed XML; the scanner still reports what it cannot read instead
//! of panicking.

use std::collections::HashMap;

/// Why an SVG string could not be cut into pieces (byte offsets into that string).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SplitError {
    /// A `<` with no matching `>`.
    #[error("SVG byte {offset}: unterminated tag")]
    UnterminatedTag {
        /// Byte offset of the `<`.
        offset: usize,
    },
    /// An end tag that does not close the open element.
    #[error("SVG byte {offset}: `</{found}>` does not close `<{expected}>`")]
    MismatchedEndTag {
        /// Byte offset of the end tag.
        offset: usize,
        /// The name in the end tag.
        found: String,
        /// The open element's name (empty when nothing was open).
        expected: String,
    },
    /// The text ended with elements still open.
    #[error("SVG ends with `<{name}>` (opened at byte {offset}) still open")]
    Unclosed {
        /// Byte offset of the unclosed start tag.
        offset: usize,
        /// Its element name.
        name: String,
    },
}

/// Distinct SVG pieces in order of first appearance, and the index of each.
#[derive(Debug, Default)]
pub struct PieceTable {
    pieces: Vec<String>,
    index: HashMap<String, u32>,
}

impl PieceTable {
    /// Cuts `svg` into pieces, adds the new ones to the table and returns the step's list of
    /// indices; joining `pieces()[i]` over that list gives `svg` back byte for byte.
    ///
    /// # Errors
    /// [`SplitError`] when `svg` is not well-formed (an unterminated or mismatched tag).
    pub fn add_svg(&mut self, svg: &str) -> Result<Vec<u32>, SplitError> {
        let cuts = cut_points(svg)?;
        Ok(cuts
            .windows(2)
            .map(|w| self.intern(&svg[w[0]..w[1]]))
            .collect())
    }

    /// Gives up the table, keeping the pieces.
    pub fn into_pieces(self) -> Vec<String> {
        self.pieces
    }

    fn intern(&mut self, piece: &str) -> u32 {
        if let Some(&i) = self.index.get(piece) {
            return i;
        }
        let i = u32::try_from(self.pieces.len()).unwrap_or(u32::MAX);
        self.pieces.push(piece.to_owned());
        self.index.insert(piece.to_owned(), i);
        i
    }
}

/// One element found by the scanner, as byte offsets into the SVG text.
#[derive(Debug)]
struct Element {
    /// Offset of `<` of the start tag.
    start: usize,
    /// Offset just past the start tag's `>`.
    open_end: usize,
    /// Offset of the end tag's `<` (equal to `end` for a self-closing element).
    close_start: usize,
    /// Offset just past the end tag's `>`.
    end: usize,
    /// Index of the enclosing element in the scanner's list, if any.
    parent: Option<usize>,
    /// Whether any element is nested inside it.
    has_children: bool,
}

/// Sorted byte offsets, starting with 0 and ending with `svg.len()`, where pieces begin/end.
fn cut_points(svg: &str) -> Result<Vec<usize>, SplitError> {
    let elements = scan(svg)?;
    let mut opened = vec![false; elements.len()];
    let mut cuts = vec![0, svg.len()];
    for (i, e) in elements.iter().enumerate() {
        let parent_opened = match e.parent {
            None => true,
            Some(p) => opened[p],
        };
        if !parent_opened {
            continue;
        }
        cuts.push(e.start);
        cuts.push(e.end);
        if e.has_children {
            opened[i] = true;
            cuts.push(e.open_end);
            cuts.push(e.close_start);
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    Ok(cuts)
}

/// Finds every element, parents before children (document order).
fn scan(svg: &str) -> Result<Vec<Element>, SplitError> {
    let bytes = svg.as_bytes();
    let mut elements: Vec<Element> = Vec::new();
    let mut open: Vec<(usize, String)> = Vec::new();
    let mut pos = 0;
    while let Some(rel) = svg[pos..].find('<') {
        let lt = pos + rel;
        let rest = &svg[lt..];
        // Markup that is not an element: skip to its terminator.
        let skip_to = [
            ("<!--", "-->"),
            ("<![CDATA[", "]]>"),
            ("<?", "?>"),
            ("<!", ">"),
        ]
        .iter()
        .find(|(open_mark, _)| rest.starts_with(open_mark))
        .map(|(_, close_mark)| {
            rest.find(close_mark)
                .map(|k| lt + k + close_mark.len())
                .ok_or(SplitError::UnterminatedTag { offset: lt })
        });
        if let Some(next) = skip_to {
            pos = next?;
            continue;
        }
        let gt = tag_end(bytes, lt).ok_or(SplitError::UnterminatedTag { offset: lt })?;
        let tag = &svg[lt + 1..gt];
        pos = gt + 1;
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim();
            match open.pop() {
                Some((index, open_name)) if open_name == name => {
                    elements[index].close_start = lt;
                    elements[index].end = pos;
                }
                other => {
                    return Err(SplitError::MismatchedEndTag {
                        offset: lt,
                        found: name.to_owned(),
                        expected: other.map(|(_, n)| n).unwrap_or_default(),
                    })
                }
            }
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '/')
            .collect();
        let parent = open.last().map(|(i, _)| *i);
        if let Some(p) = parent {
            elements[p].has_children = true;
        }
        elements.push(Element {
            start: lt,
            open_end: pos,
            close_start: pos,
            end: pos,
            parent,
            has_children: false,
        });
        if !tag.ends_with('/') {
            open.push((elements.len() - 1, name));
        }
    }
    match open.pop() {
        Some((index, name)) => Err(SplitError::Unclosed {
            offset: elements[index].start,
            name,
        }),
        None => Ok(elements),
    }
}

/// Offset of the `>` ending the tag that starts at `lt`, skipping quoted attribute values.
fn tag_end(bytes: &[u8], lt: usize) -> Option<usize> {
    let mut quote: Option<u8> = None;
    for (i, &b) in bytes.iter().enumerate().skip(lt + 1) {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None if b == b'>' => return Some(i),
            None => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn join(table: &PieceTable, indices: &[u32]) -> String {
        indices
            .iter()
            .map(|&i| table.pieces[i as usize].as_str())
            .collect()
    }

    #[test]
    fn pieces_join_back_and_repeat_once() {
        let body = "<rect width=\"10\" height=\"10\"/>".repeat(12);
        let box_a =
            format!("<g class=\"node\" data-key=\"obj:o1\">{body}<text>a &gt; b</text></g>");
        let box_b = "<g class=\"node\" data-key=\"frame:f1\"><rect/></g>";
        let first =
            format!("<svg viewBox=\"0 0 9 9\"><style>a > b {{}}</style>{box_a}{box_b}</svg>");
        let second = format!("<svg viewBox=\"0 0 9 8\"><style>a > b {{}}</style>{box_a}</svg>");
        let mut table = PieceTable::default();
        let one = table.add_svg(&first).unwrap();
        let two = table.add_svg(&second).unwrap();
        assert_eq!(join(&table, &one), first);
        assert_eq!(join(&table, &two), second);
        // The style sheet, the big box and `</svg>` are shared; only the root tag is new.
        assert_eq!(two.iter().filter(|i| !one.contains(i)).count(), 1);
        // Groups were opened up: their children are pieces of their own, each stored once.
        assert!(table.pieces.iter().any(|p| p == "<text>a &gt; b</text>"));
        assert!(table.pieces.iter().any(|p| p == "<rect/>"));
        assert_eq!(
            table
                .pieces
                .iter()
                .filter(|p| p.starts_with("<rect width"))
                .count(),
            1
        );
    }

    #[test]
    fn quoted_angle_brackets_and_comments_do_not_confuse_the_scanner() {
        let svg =
            "<?xml version=\"1.0\"?><!-- <g> --><svg><g data-t=\"a>b\"><![CDATA[<x>]]></g></svg>";
        let mut table = PieceTable::default();
        let indices = table.add_svg(svg).unwrap();
        assert_eq!(join(&table, &indices), svg);
    }

    #[test]
    fn malformed_svg_is_an_error_not_a_panic() {
        let mut table = PieceTable::default();
        assert_eq!(
            table.add_svg("<svg><g></svg>"),
            Err(SplitError::MismatchedEndTag {
                offset: 8,
                found: "svg".into(),
                expected: "g".into()
            })
        );
        assert_eq!(
            table.add_svg("<svg><g"),
            Err(SplitError::UnterminatedTag { offset: 5 })
        );
        assert_eq!(
            table.add_svg("<svg><g>"),
            Err(SplitError::Unclosed {
                offset: 5,
                name: "g".into()
            })
        );
    }
}
