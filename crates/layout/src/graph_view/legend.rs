//! The legend under a graph: one key per kind of state the graph ever shows, so its size
//! stays the same over the run.

use algoscope_scene::StateKind;

use crate::drawing::Mark;
use crate::text::text_px;

/// Width of one legend character (px): 11 px text.
const CHAR_PX: f64 = 6.6;
/// Swatch width and the space after it (px).
const SWATCH: f64 = 18.0;
/// Space after an item's text (px).
const ITEM_GAP: f64 = 12.0;

/// The text of a legend key.
fn label(kind: StateKind) -> &'static str {
    match kind {
        StateKind::Visited => "visited",
        StateKind::Queued => "waiting (order)",
        StateKind::Current => "current",
        StateKind::Parent => "parent edge",
        StateKind::Distance => "distance",
    }
}

/// The class a legend key carries (`data-state`).
pub(crate) fn state_name(kind: StateKind) -> &'static str {
    match kind {
        StateKind::Visited => "visited",
        StateKind::Queued => "queued",
        StateKind::Current => "current",
        StateKind::Parent => "parent",
        StateKind::Distance => "distance",
    }
}

fn item_width(kind: StateKind) -> f64 {
    SWATCH + text_px(label(kind), CHAR_PX) + ITEM_GAP
}

/// Width of the legend's items side by side (px).
pub(crate) fn legend_width(kinds: &[StateKind]) -> f64 {
    kinds.iter().map(|k| item_width(*k)).sum::<f64>()
        - if kinds.is_empty() { 0.0 } else { ITEM_GAP }
}

/// The legend, centred on `cx`, its middle at `cy` (px, box coordinates).
pub(crate) fn legend(kinds: &[StateKind], cx: f64, cy: f64) -> Option<Mark> {
    if kinds.is_empty() {
        return None;
    }
    let mut x = cx - legend_width(kinds) / 2.0;
    let mut group = Mark::group("glegend");
    for &kind in kinds {
        let name = state_name(kind);
        let mut item = Mark::group("gkey").attr("data-state", name);
        let sx = x + 6.0;
        item = match kind {
            StateKind::Visited | StateKind::Current => {
                item.child(Mark::circle(&format!("gswatch gshape {name}"), sx, cy, 6.0))
            }
            StateKind::Queued => item
                .child(Mark::circle("gbadge-dot", sx, cy, 7.0))
                .child(Mark::text("gbadge-text", sx, cy, "1")),
            StateKind::Parent => item.child(Mark::path(
                "gswatch-line parent",
                format!(
                    "M{},{} L{},{}",
                    crate::drawing::fmt_num(x),
                    crate::drawing::fmt_num(cy),
                    crate::drawing::fmt_num(x + 13.0),
                    crate::drawing::fmt_num(cy)
                ),
            )),
            StateKind::Distance => item.child(Mark::text("gdist", sx, cy, "7")),
        };
        item = item.child(Mark::text("gkey-text", x + SWATCH, cy, label(kind)));
        group = group.child(item);
        x += item_width(kind);
    }
    Some(group)
}
