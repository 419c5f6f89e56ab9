//! Memory-size texts (drawn only when the scene has sizes, see `docs/memory-sizes.md`): a
//! box's own size and total in its title line, a frame's total in its title bar, and each
//! cell's size (in the top-right corner of a row's value cell, in a row above a sequence's
//! indices).
//!
//! The texts are `<text class="mem-size">` in a 9 px monospace font, styled inline so the
//! shared stylesheet (and every drawing without sizes) stays byte-for-byte the same.

use algoscope_scene::{ObjectSize, ProgramSize};

use crate::drawing::Mark;
use crate::text::text_px;

/// Font size of a size text (px).
const FONT_PX: f64 = 9.0;
/// Height of the row of cell sizes above a sequence's indices (px).
pub(crate) const ROW_H: f64 = 11.0;

/// Width of `text` in the size font (px).
pub(crate) fn width(text: &str) -> f64 {
    text_px(text, FONT_PX * 0.6)
}

/// A cell's size: `36`, `12.3k`, `4.5M` (bytes).
pub(crate) fn cell_text(bytes: u64) -> String {
    match bytes {
        0..=9_999 => bytes.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", bytes as f64 / 1e3),
        _ => format!("{:.1}M", bytes as f64 / 1e6),
    }
}

/// A box's size: `151 B`, `12.3 kB`, `4.5 MB`.
pub(crate) fn bytes_text(bytes: u64) -> String {
    match bytes {
        0..=9_999 => format!("{bytes} B"),
        10_000..=9_999_999 => format!("{:.1} kB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

/// An object's title-line size: its own size, and `Σ total` when it reaches more.
pub(crate) fn object_text(size: ObjectSize) -> String {
    if size.total_bytes > size.own_bytes {
        format!(
            "{} · Σ {}",
            bytes_text(size.own_bytes),
            bytes_text(size.total_bytes)
        )
    } else {
        bytes_text(size.own_bytes)
    }
}

/// A frame's title-bar size: the total of its variables and what they reach.
pub(crate) fn frame_text(bytes: u64) -> String {
    format!("Σ {}", bytes_text(bytes))
}

/// Height of the program-size caption's band above the picture (px).
pub(crate) const CAPTION_H: f64 = 16.0;

/// The program-size caption: `program: 3804 B (python model)`.
pub(crate) fn program_text(size: ProgramSize) -> String {
    format!(
        "program: {} ({} model)",
        bytes_text(size.total_bytes),
        size.model.name()
    )
}

/// Where a size text is anchored.
#[derive(Clone, Copy)]
pub(crate) enum Anchor {
    /// Its left end at x.
    Start,
    /// Its centre at x.
    Middle,
    /// Its right end at x.
    End,
}

/// A size text whose anchor point is `(x, y)` (vertically centred on y).
pub(crate) fn mark(x: f64, y: f64, anchor: Anchor, text: String) -> Mark {
    let anchor = match anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    Mark::text("mem-size", x, y, text).attr(
        "style",
        format!("font-size:{FONT_PX}px;font-weight:normal;fill:var(--muted);text-anchor:{anchor}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        assert_eq!(cell_text(36), "36");
        assert_eq!(cell_text(12_345), "12.3k");
        assert_eq!(cell_text(45_000_000), "45.0M");
        assert_eq!(bytes_text(151), "151 B");
        assert_eq!(bytes_text(12_345), "12.3 kB");
        assert_eq!(
            object_text(ObjectSize {
                own_bytes: 308,
                total_bytes: 616
            }),
            "308 B · Σ 616 B"
        );
        assert_eq!(
            object_text(ObjectSize {
                own_bytes: 151,
                total_bytes: 151
            }),
            "151 B"
        );
        assert_eq!(frame_text(827), "Σ 827 B");
    }
}
