//! Change arrows between two consecutive rows of one run: for every changed cell of a list,
//! an arrow from the previous row at the index its value came from (the scene's `from`) to
//! the cell. An in-place change is a straight arrow down; a value that moved (a swap, a
//! shift) is a diagonal, so a swap shows as two crossing arrows.

use algoscope_scene::{LoopRow, RowContent};

use crate::drawing::{fmt_num, Mark};

use super::plan::{Body, Plan};
use super::row::{cell_key, RowRole};

/// Space (px) left between an arrow's ends and the rows it joins.
const END_GAP: f64 = 1.5;

/// A row as placed: the row, what it stands for and its top edge (px).
pub(super) struct PlacedRow<'a> {
    /// The scene's row.
    pub row: &'a LoopRow,
    /// A pass, or the state its run started from.
    pub role: RowRole,
    /// Its top edge (px).
    pub y: f64,
}

/// The arrows from `above` (the previous row of the same run, or the run's start row, drawn
/// directly above) into `below`; `x0` is the rows' left edge (px).
pub(super) fn change_arrows(
    above: &PlacedRow,
    below: &PlacedRow,
    plan: &Plan,
    x0: f64,
) -> Vec<Mark> {
    let mut out = Vec::new();
    let (from_row, to_row) = (above.role.key(above.row), below.role.key(below.row));
    let y1 = above.y + plan.height_of(above.row) + END_GAP;
    let y2 = below.y - END_GAP;
    for (c, column) in plan.columns.iter().enumerate() {
        let Body::Cells { indexed: true, .. } = column.body else {
            continue;
        };
        let (Some(a), Some(b)) = (above.row.containers.get(c), below.row.containers.get(c)) else {
            continue;
        };
        // Arrows only join cells of the same list: none when the name now holds another one.
        if b.rebound || a.id != b.id {
            continue;
        }
        let (RowContent::Sequence(prev), RowContent::Sequence(seq)) = (&a.content, &b.content)
        else {
            continue;
        };
        let prev_end = prev.offset + prev.cells.len() as u64;
        for (k, cell) in seq.cells.iter().enumerate() {
            let (true, Some(from)) = (cell.changed, cell.from) else {
                continue;
            };
            let to = seq.offset + k as u64;
            if from < prev.offset || from >= prev_end {
                continue;
            }
            let (Some(xa), Some(xb)) = (column.slot_center(from), column.slot_center(to)) else {
                continue;
            };
            let (xa, xb) = (x0 + xa, x0 + xb);
            out.push(
                Mark::path(
                    "arrow change",
                    format!(
                        "M{},{} L{},{}",
                        fmt_num(xa),
                        fmt_num(y1),
                        fmt_num(xb),
                        fmt_num(y2)
                    ),
                )
                .class_if("moved", from != to)
                .attr("data-from", cell_key(&from_row, &column.name, from))
                .attr("data-to", cell_key(&to_row, &column.name, to))
                .attr(
                    "data-points",
                    format!(
                        "{},{} {},{}",
                        fmt_num(xa),
                        fmt_num(y1),
                        fmt_num(xb),
                        fmt_num(y2)
                    ),
                ),
            );
        }
    }
    out
}
