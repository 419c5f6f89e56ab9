//! Index-pointer markers, shared by the memory view and the loop history: a triangle under a
//! cell (or beside a grid row) and the variable names, in the contract's
//! `<g class="pointer">` form (`docs/svg-contract.md`).

use crate::drawing::{fmt_num, Mark};
use crate::text::text_px;

/// Height (px) of one line of pointer markers under cells: triangle and name.
pub(crate) const POINTER_H: f64 = 32.0;
/// Extra height (px) when names had to be staggered onto a second line.
pub(crate) const POINTER_LINE_H: f64 = 13.0;
/// Pointer names are 11 px text in a picture whose values are 13 px.
const NAME_SCALE: f64 = 11.0 / 13.0;

/// One index pointer to draw.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointerAt<'a> {
    /// Centre x of the cell it points at (px).
    pub x: f64,
    /// The variable's name.
    pub name: &'a str,
    /// The index it holds.
    pub index: u64,
    /// One past the end: drawn hollow.
    pub hollow: bool,
    /// The variable changed at this step.
    pub changed: bool,
}

/// Draws `pointers` under cells whose bottom is at `y` (px): names at the same x are joined
/// (`lo,mid`), names that would collide go on a second line. `char_px` is the width of a
/// 13 px monospace character. Returns the height used (0 without pointers) and the rightmost
/// x reached by a name.
pub(crate) fn pointers_below(
    char_px: f64,
    pointers: &[PointerAt],
    y: f64,
    marks: &mut Vec<Mark>,
) -> (f64, f64) {
    if pointers.is_empty() {
        return (0.0, 0.0);
    }
    let cw = char_px * NAME_SCALE;
    let mut by_x: Vec<(f64, Vec<&PointerAt>)> = Vec::new();
    for p in pointers {
        match by_x.iter_mut().find(|(bx, _)| (bx - p.x).abs() < 0.01) {
            Some((_, list)) => list.push(p),
            None => by_x.push((p.x, vec![p])),
        }
    }
    by_x.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut last_end = [f64::MIN, f64::MIN];
    let mut max_x: f64 = 0.0;
    let mut lines = 1;
    for (x, list) in by_x {
        let label: Vec<&str> = list.iter().map(|p| p.name).collect();
        let label = label.join(",");
        let half = text_px(&label, cw) / 2.0;
        let line = if x - half < last_end[0] + 4.0 { 1 } else { 0 };
        if line == 1 {
            lines = 2;
        }
        last_end[line] = x + half;
        max_x = max_x.max(x + half);
        let ty = y + 18.0 + line as f64 * POINTER_LINE_H;
        let g = Mark::group("pointer")
            .class_if("hollow", list.iter().all(|p| p.hollow))
            .class_if("changed", list.iter().any(|p| p.changed))
            .attr("data-name", label.clone())
            .attr("data-index", list[0].index.to_string())
            .child(Mark::path(
                "",
                format!(
                    "M{},{} L{},{} L{},{} Z",
                    fmt_num(x),
                    fmt_num(y + 1.0),
                    fmt_num(x - 5.0),
                    fmt_num(y + 9.0),
                    fmt_num(x + 5.0),
                    fmt_num(y + 9.0)
                ),
            ))
            .child(Mark::text("", x, ty, label));
        marks.push(g);
    }
    let extra = if lines == 2 { POINTER_LINE_H } else { 0.0 };
    (POINTER_H + extra, max_x)
}

/// A pointer beside a grid row: a triangle pointing left at `x` (px), level with `cy`, and the
/// names after it (class `pointer row`). Returns the mark and the rightmost x it reaches.
pub(crate) fn pointer_beside(char_px: f64, x: f64, cy: f64, pointers: &[PointerAt]) -> (Mark, f64) {
    let label: Vec<&str> = pointers.iter().map(|p| p.name).collect();
    let label = label.join(",");
    let index = pointers.first().map_or(0, |p| p.index);
    let right = x + 14.0 + text_px(&label, char_px * NAME_SCALE);
    let mark = Mark::group("pointer row")
        .class_if("hollow", pointers.iter().all(|p| p.hollow))
        .class_if("changed", pointers.iter().any(|p| p.changed))
        .attr("data-name", label.clone())
        .attr("data-index", index.to_string())
        .child(Mark::path(
            "",
            format!(
                "M{},{} L{},{} L{},{} Z",
                fmt_num(x + 1.0),
                fmt_num(cy),
                fmt_num(x + 9.0),
                fmt_num(cy - 5.0),
                fmt_num(x + 9.0),
                fmt_num(cy + 5.0)
            ),
        ))
        .child(Mark::text("", x + 12.0, cy, label));
    (mark, right)
}
