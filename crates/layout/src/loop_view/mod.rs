//! The loop history: one row per pass of the loop running at a step, drawn from an
//! [`algoscope_scene::LoopScene`].
//!
//! [`layout_loop`] first works out a plan every row shares (`plan`: the label gutter, each
//! container's column and cell width, the scalar columns, one row height), so index 3 is
//! directly under index 3 in every row. Then it stacks the scene's items top to bottom: a
//! header where each run of a loop starts (indented by its nesting depth), the rows (`row`),
//! bands of quiet passes, gaps of unrecorded passes and the note that the row cap left early
//! rows out (`items`), and between two consecutive rows of one run the change arrows
//! (`arrows`). Column names and indices head the drawing once. The result is a [`Drawing`]
//! in the same mark model and SVG writer as the memory view; its structure is the loop
//! section of `docs/svg-contract.md`. The same scene always gives the same bytes.

mod arrows;
mod graphs;
mod items;
mod linked;
mod plan;
mod row;

use std::collections::BTreeMap;

use algoscope_scene::{LoopItem, LoopScene};
use serde::{Deserialize, Serialize};

use crate::drawing::{fmt_num, Drawing, Mark};
use crate::options::Sizes;
use crate::text::{elide, text_px};

use arrows::{change_arrows, PlacedRow};
use plan::{Body, Plan, INDEX_H, NAME_H};
use row::RowRole;

/// Options of [`layout_loop`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LoopLayoutOptions {
    /// Cell, font and margin sizes, shared with the memory view.
    pub sizes: Sizes,
    /// Indentation per nesting level of row labels, run headers and bands (px). Default 14.
    pub indent_px: f64,
    /// Vertical gap between two consecutive rows of a run, where change arrows run (px), when
    /// a list is shown; rows without lists sit 12 px apart. Default 22.
    pub row_gap_px: f64,
    /// Graph layouts computed once per run ([`crate::plan_graphs`] of the run's
    /// `algoscope_scene::graph_universe`), keyed by graph id, so a row's copy of a graph
    /// matches the memory view's. A graph without a plan here is planned from the rows.
    pub graphs: BTreeMap<String, crate::GraphPlan>,
    /// The scale of the copy of a graph drawn in each row. Default 0.5.
    pub graph_scale: f64,
}

impl Default for LoopLayoutOptions {
    fn default() -> Self {
        LoopLayoutOptions {
            sizes: Sizes::default(),
            indent_px: 14.0,
            row_gap_px: 22.0,
            graphs: BTreeMap::new(),
            graph_scale: 0.5,
        }
    }
}

/// Vertical gap (px) before an item that does not follow a row of its own run.
const ITEM_GAP: f64 = 6.0;

/// A node group for one item: `class="node <class>"`, its key and rectangle (absolute px,
/// as the contract's `data-x`/`data-y`/`data-w`/`data-h`), and a transform to its corner.
pub(super) fn item_group(class: &str, key: &str, x: f64, y: f64, w: f64, h: f64) -> Mark {
    Mark::group("node")
        .class(class)
        .attr("data-key", key)
        .num("data-x", x)
        .num("data-y", y)
        .num("data-w", w)
        .num("data-h", h)
        .attr(
            "transform",
            format!("translate({},{})", fmt_num(x), fmt_num(y)),
        )
}

/// Lays out `scene` and draws it: the column heads, then every item of the scene in order
/// (run headers, rows, quiet bands, sampled gaps, the dropped-rows note), each exactly once,
/// with change arrows between consecutive rows of a run.
///
/// # Example
/// ```
/// use algoscope_layout::{layout_loop, LoopLayoutOptions};
/// let scene: algoscope_scene::LoopScene = serde_json::from_str(r#"{
///   "step": 5, "frame": "f1", "func": "<module>", "currentLoop": "L2",
///   "loops": [{"id": "L2", "kind": "for", "line": 2, "header": "for i in range(2)",
///              "depth": 0, "loopVars": ["i"]}],
///   "runSteps": [1, 5], "scalars": [], "sampled": false,
///   "containers": [{"name": "a", "kind": "list", "maxItems": 2, "maxGridRows": 0,
///                   "maxIndexEnd": 2}],
///   "items": [
///     {"kind": "runHeader", "loopId": "L2", "run": 1, "depth": 0,
///      "header": "for i in range(2)", "call": "range(0, 2)", "step": 1},
///     {"kind": "row", "loopId": "L2", "run": 1, "depth": 0, "iteration": 1, "step": 3,
///      "compareStep": 1, "label": "pass 1", "current": false, "changed": true,
///      "containers": [{"name": "a", "id": "o1", "rebound": false, "content": {
///        "kind": "sequence", "typeName": "list", "offset": 0, "length": 2, "cells": [
///          {"value": {"kind": "prim", "type": "int", "repr": "2"}, "text": "2",
///           "changed": true, "from": 1},
///          {"value": {"kind": "prim", "type": "int", "repr": "1"}, "text": "1",
///           "changed": true, "from": 0}]}}],
///      "scalars": [], "pointers": [], "linkedChanged": false, "graphs": []}]
/// }"#).unwrap();
/// let svg = layout_loop(&scene, &LoopLayoutOptions::default()).to_svg();
/// assert!(svg.contains(r#"class="algoscope-memory algoscope-loops""#));
/// assert!(svg.contains(r#"data-key="row:L2:1:1""#));
/// assert!(svg.contains(r#"data-key="run:L2:1""#));
/// ```
pub fn layout_loop(scene: &LoopScene, options: &LoopLayoutOptions) -> Drawing {
    let plan = plan::plan(scene, options);
    let m = options.sizes.margin_px;
    let mut y = m;
    y += NAME_H + INDEX_H;
    let heads = column_heads(&plan, m, m).num("data-h", y);
    let mut right = m + plan.width;
    let mut layer = Mark::group("loop-items");
    let mut arrows = Mark::group("arrows");
    let mut previous: Option<PlacedRow> = None;
    // Rows of a loop with other loops inside it (an outer pass, read after its inner runs).
    let innermost = scene.loops.iter().map(|l| l.depth).max().unwrap_or(0);
    // Without a list, no change arrow runs between rows, so rows sit closer.
    let arrows_possible = plan
        .columns
        .iter()
        .any(|c| matches!(c.body, Body::Cells { indexed: true, .. }));
    let row_gap = if arrows_possible {
        options.row_gap_px
    } else {
        ITEM_GAP * 2.0
    };
    let mut gaps: BTreeMap<(&str, u64), usize> = BTreeMap::new();
    for item in &scene.items {
        let after_own_row = match (item, &previous) {
            (LoopItem::Row(r), Some(p)) => p.row.loop_id == r.loop_id && p.row.run == r.run,
            _ => false,
        };
        y += if after_own_row { row_gap } else { ITEM_GAP };
        let at = (m, y);
        let (mark, reach, h) = match item {
            LoopItem::Row(r) => {
                let placed = PlacedRow {
                    row: r,
                    role: RowRole::Pass,
                    y,
                };
                if let (true, Some(above)) = (after_own_row, &previous) {
                    arrows
                        .children
                        .extend(change_arrows(above, &placed, &plan, m));
                }
                let above = previous.as_ref().filter(|_| after_own_row).map(|p| p.row);
                let mark = row::draw_row(r, RowRole::Pass, above, &plan, options, (m, y))
                    .class_if("outer", r.depth < innermost);
                previous = Some(placed);
                (mark, m + plan.width, plan.height_of(r))
            }
            LoopItem::RunHeader(h) => {
                previous = None;
                let (g, reach) = items::run_header(h, &plan, options, at);
                match &h.start {
                    None => (g, reach, items::HEADER_H),
                    Some(start) => {
                        // The state the run started from, under its header: the first
                        // pass's change arrows come from it.
                        layer.children.push(g);
                        right = right.max(reach);
                        y += items::HEADER_H + ITEM_GAP;
                        let role = RowRole::Start;
                        let mark = row::draw_row(start, role, None, &plan, options, (m, y));
                        previous = Some(PlacedRow {
                            row: start,
                            role,
                            y,
                        });
                        (mark, m + plan.width, plan.height_of(start))
                    }
                }
            }
            LoopItem::Quiet(b) => {
                previous = None;
                let (g, reach) = items::quiet_band(b, &plan, options, at);
                (g, reach, items::NOTE_H)
            }
            LoopItem::Gap(gap) => {
                previous = None;
                let ordinal = gaps.entry((gap.loop_id.as_str(), gap.run)).or_insert(0);
                *ordinal += 1;
                let (g, reach) = items::sampled_gap(gap, *ordinal, &plan, options, at);
                (g, reach, items::NOTE_H)
            }
            LoopItem::Dropped(d) => {
                previous = None;
                let (g, reach) = items::dropped(d, &plan, options, at);
                (g, reach, items::NOTE_H)
            }
        };
        layer.children.push(mark);
        right = right.max(reach);
        y += h;
    }
    Drawing {
        width: (right + m).ceil(),
        height: (y + m).ceil(),
        classes: vec![
            "algoscope-memory".to_string(),
            "algoscope-loops".to_string(),
        ],
        marks: vec![heads, layer, arrows],
    }
}

/// The heads of the columns, once above the rows: each container's name and its indices (a
/// dict's keys, a grid's column numbers), each scalar's name.
fn column_heads(plan: &Plan, x0: f64, y0: f64) -> Mark {
    let mut g = Mark::group("loop-columns");
    let index_px = plan.char_px * 10.0 / 13.0;
    let (name_y, index_y) = (y0 + NAME_H / 2.0, y0 + NAME_H + INDEX_H / 2.0);
    for column in &plan.columns {
        let mut head = Mark::group("column").attr("data-name", column.name.clone());
        head.children.push(Mark::text(
            "column-name",
            x0 + column.x,
            name_y,
            column.name.clone(),
        ));
        match &column.body {
            Body::Cells {
                first,
                slots,
                indexed: true,
                ..
            } => {
                for k in *first..first + slots {
                    if let Some(cx) = column.slot_center(k) {
                        head.children
                            .push(Mark::text("index", x0 + cx, index_y, k.to_string()));
                    }
                }
            }
            Body::Grid { cols, .. } => {
                for k in 0..*cols {
                    if let Some(cx) = column.slot_center(k) {
                        head.children
                            .push(Mark::text("index", x0 + cx, index_y, k.to_string()));
                    }
                }
            }
            Body::Dict { keys } => {
                for (key, dx, w) in keys {
                    let fit = ((w - 4.0) / index_px).floor().max(4.0) as usize;
                    let mut t = Mark::text(
                        "index",
                        x0 + column.x + dx + w / 2.0,
                        index_y,
                        elide(key, fit),
                    );
                    if text_px(key, index_px) > w - 4.0 {
                        t = t.title(key.clone());
                    }
                    head.children.push(t);
                }
            }
            Body::Graph(b) => head.children.extend(b.head_legend(x0 + column.x, index_y)),
            Body::Cells { .. } => {}
        }
        g.children.push(head);
    }
    // Graph and linked-track columns: their name (and a graph's legend).
    let named = plan
        .graphs
        .iter()
        .map(|c| ("column graph", &c.name, c.x, Some(&c.body)))
        .chain(
            plan.linked
                .iter()
                .map(|l| ("column linked", &l.name, l.x, None)),
        );
    for (class, name, x, body) in named {
        let mut head = Mark::group(class)
            .attr("data-name", name.clone())
            .child(Mark::text("column-name", x0 + x, name_y, name.clone()));
        if let Some(Body::Graph(b)) = body {
            head.children.extend(b.head_legend(x0 + x, index_y));
        }
        g.children.push(head);
    }
    if let Some(head) = &plan.size_head {
        let at = plan.columns.iter().map(|c| c.size_x);
        for x in at.chain(std::iter::once(plan.linked_size_x)).flatten() {
            g.children.push(Mark::text(
                "index size-model",
                x0 + x,
                index_y,
                head.clone(),
            ));
        }
    }
    for scalar in &plan.scalars {
        g.children.push(
            Mark::group("column scalar")
                .attr("data-name", scalar.name.clone())
                .child(Mark::text(
                    "column-name",
                    x0 + scalar.x + scalar.w / 2.0,
                    name_y,
                    scalar.name.clone(),
                )),
        );
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scene of one run with two rows of a two-item list `a`: `[1, 2]`, then `[2, 1]` with
    /// each cell's `from` as given.
    fn swap_scene(from: [Option<u64>; 2]) -> LoopScene {
        let cell = |v: u64, changed: bool, from: Option<u64>| {
            serde_json::json!({"value": {"kind": "prim", "type": "int", "repr": v.to_string()},
                "text": v.to_string(), "changed": changed, "from": from})
        };
        let row = |iteration: u64, cells: Vec<serde_json::Value>| {
            serde_json::json!({"kind": "row", "loopId": "L1", "run": 1, "depth": 0,
                "iteration": iteration, "step": iteration, "compareStep": iteration - 1,
                "label": format!("pass {iteration}"), "current": false, "changed": true,
                "containers": [{"name": "a", "id": "o1", "rebound": false, "content": {
                    "kind": "sequence", "typeName": "list", "offset": 0, "length": 2,
                    "cells": cells}}],
                "scalars": [], "pointers": [], "linkedChanged": false, "graphs": []})
        };
        let json = serde_json::json!({
        "step": 2, "frame": "f1", "func": "f", "currentLoop": "L1", "loops": [],
        "runSteps": [0, 2], "scalars": [], "sampled": false,
        "containers": [{"name": "a", "kind": "list", "maxItems": 2, "maxGridRows": 0,
                        "maxIndexEnd": 2}],
        "items": [
            row(1, vec![cell(1, false, None), cell(2, false, None)]),
            row(2, vec![cell(2, true, from[0]), cell(1, true, from[1])]),
        ]});
        serde_json::from_value(json).expect("a loop scene")
    }

    fn arrows(scene: &LoopScene) -> Vec<Mark> {
        let drawing = layout_loop(scene, &LoopLayoutOptions::default());
        drawing
            .marks
            .iter()
            .find(|m| m.classes == "arrows")
            .map(|m| m.children.clone())
            .unwrap_or_default()
    }

    fn attr<'m>(mark: &'m Mark, name: &str) -> &'m str {
        mark.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// The x of each end of an arrow, from its `data-points`.
    fn ends_x(mark: &Mark) -> (f64, f64) {
        let xs: Vec<f64> = attr(mark, "data-points")
            .split_whitespace()
            .filter_map(|p| p.split_once(',')?.0.parse().ok())
            .collect();
        (xs[0], xs[1])
    }

    #[test]
    fn a_swap_draws_two_crossing_arrows() {
        let marks = arrows(&swap_scene([Some(1), Some(0)]));
        assert_eq!(marks.len(), 2);
        assert_eq!(attr(&marks[0], "data-from"), "row:L1:1:1#a[1]");
        assert_eq!(attr(&marks[0], "data-to"), "row:L1:1:2#a[0]");
        assert!(marks.iter().all(|m| m.classes == "arrow change moved"));
        let (a, b) = (ends_x(&marks[0]), ends_x(&marks[1]));
        // Each goes to where the other came from: they cross.
        assert!(a.0 > a.1 && b.0 < b.1);
        assert_eq!((a.0, a.1), (b.1, b.0));
    }

    #[test]
    fn an_in_place_change_is_straight_down_and_a_new_value_has_no_arrow() {
        let marks = arrows(&swap_scene([Some(0), None]));
        assert_eq!(marks.len(), 1);
        assert_eq!(marks[0].classes, "arrow change");
        let (from, to) = ends_x(&marks[0]);
        assert_eq!(from, to);
    }
}
