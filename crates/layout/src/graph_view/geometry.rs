//! Edge geometry: clipping to node outlines, bowed curves, arrowheads, label points.

use crate::drawing::fmt_num as f;
use crate::shape::Pt;

use super::plan::PlannedNode;

/// How far a bowed edge's control point sits off the straight line (px).
pub(crate) const BOW: f64 = 22.0;
/// Arrowhead length and half-width (px).
const HEAD_LEN: f64 = 9.0;
const HEAD_HALF: f64 = 4.5;

fn unit(from: Pt, to: Pt) -> Pt {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        (1.0, 0.0)
    } else {
        (dx / len, dy / len)
    }
}

/// Where the ray from `node`'s centre towards `towards` leaves its outline (a circle, or a
/// box with slightly rounded corners treated as its rectangle).
pub(crate) fn clip(node: &PlannedNode, towards: Pt) -> Pt {
    let (ux, uy) = unit((node.x, node.y), towards);
    let t = if node.circle {
        node.w / 2.0
    } else {
        let tx = if ux.abs() > 1e-9 {
            node.w / 2.0 / ux.abs()
        } else {
            f64::INFINITY
        };
        let ty = if uy.abs() > 1e-9 {
            node.h / 2.0 / uy.abs()
        } else {
            f64::INFINITY
        };
        tx.min(ty)
    };
    (node.x + ux * t, node.y + uy * t)
}

/// An edge's drawn shape: the path data, where the arrowhead points, and its label point.
pub(crate) struct EdgeShape {
    /// Path data of the line.
    pub d: String,
    /// The arrowhead triangle's path data (directed edges).
    pub head: String,
    /// Where a weight label goes.
    pub label_at: Pt,
}

fn head(tip: Pt, from: Pt) -> String {
    let (ux, uy) = unit(from, tip);
    let base = (tip.0 - ux * HEAD_LEN, tip.1 - uy * HEAD_LEN);
    let (px, py) = (-uy * HEAD_HALF, ux * HEAD_HALF);
    format!(
        "M{},{} L{},{} L{},{} Z",
        f(tip.0),
        f(tip.1),
        f(base.0 + px),
        f(base.1 + py),
        f(base.0 - px),
        f(base.1 - py)
    )
}

/// A straight edge (through `bends`, when a layered layout gave some), clipped to both
/// outlines.
pub(crate) fn straight(a: &PlannedNode, b: &PlannedNode, bends: &[Pt]) -> EdgeShape {
    let first_toward = bends.first().copied().unwrap_or((b.x, b.y));
    let last_from = bends.last().copied().unwrap_or((a.x, a.y));
    let start = clip(a, first_toward);
    let end = clip(b, last_from);
    // Leave room for the arrowhead: the line stops at its base.
    let mut points = vec![start];
    points.extend_from_slice(bends);
    points.push(end);
    let label_at = if bends.is_empty() {
        ((start.0 + end.0) / 2.0, (start.1 + end.1) / 2.0)
    } else {
        bends[bends.len() / 2]
    };
    EdgeShape {
        d: crate::route::rounded_path(&points, 24.0),
        head: head(end, last_from),
        label_at,
    }
}

/// One of a directed pair's two curves: bowed to the left of its own direction, so the pair
/// `a → b`, `b → a` separate.
pub(crate) fn bowed(a: &PlannedNode, b: &PlannedNode) -> EdgeShape {
    let (ux, uy) = unit((a.x, a.y), (b.x, b.y));
    let (nx, ny) = (uy, -ux);
    let ctrl = ((a.x + b.x) / 2.0 + nx * BOW, (a.y + b.y) / 2.0 + ny * BOW);
    let start = clip(a, ctrl);
    let end = clip(b, ctrl);
    let label_at = (
        0.25 * start.0 + 0.5 * ctrl.0 + 0.25 * end.0,
        0.25 * start.1 + 0.5 * ctrl.1 + 0.25 * end.1,
    );
    EdgeShape {
        d: format!(
            "M{},{} Q{},{} {},{}",
            f(start.0),
            f(start.1),
            f(ctrl.0),
            f(ctrl.1),
            f(end.0),
            f(end.1)
        ),
        head: head(end, ctrl),
        label_at,
    }
}

/// A self-loop above and to the right of the node.
pub(crate) fn self_loop(n: &PlannedNode) -> EdgeShape {
    let top = n.y - n.h / 2.0;
    let right = n.x + n.w / 2.0;
    let start = (n.x + n.w * 0.2, top + 1.0);
    let end = (right - 1.0, n.y - n.h * 0.2);
    let c1 = (start.0 + 4.0, top - 22.0);
    let c2 = (right + 22.0, end.1 - 4.0);
    EdgeShape {
        d: format!(
            "M{},{} C{},{} {},{} {},{}",
            f(start.0),
            f(start.1),
            f(c1.0),
            f(c1.1),
            f(c2.0),
            f(c2.1),
            f(end.0),
            f(end.1)
        ),
        head: head(end, c2),
        label_at: (right + 8.0, top - 8.0),
    }
}
