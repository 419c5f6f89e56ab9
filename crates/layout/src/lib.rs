//! Where everything of a memory scene goes, and how it is drawn.
//!
//! [`layout_memory`] takes an [`algoscope_scene::MemoryScene`] and gives a [`Drawing`]: a
//! small tree of marks (group, rect, text, path, circle) in SVG user units (px), which
//! [`Drawing::to_svg`] writes as a standalone SVG following the contract in
//! `docs/svg-contract.md`.
//!
//! The picture: frames down the left (the stack column); objects in columns by their
//! breadth-first distance from the stack; sizes by arithmetic (monospace cells, a character
//! 0.6 em wide, no font measuring); each object level with the first arrow into it and pushed
//! down past anything already placed, so boxes never overlap; lists of lists as grids with the
//! cell in focus highlighted; trees as blocks laid out in-order by depth; linked lists as
//! straight chains in link order, one column per node (see `chain`); graphs in place of
//! their holder's box (see `graph_view`, [`plan_graphs`]); the printed
//! output at the bottom of the stack column. In nested mode, objects referenced once are
//! drawn inside their holder. Arrows are routed orthogonally after placement, in lanes in the
//! gaps between columns (see `route`). The same input always gives the same bytes.
//!
//! # Example
//! ```
//! use algoscope_layout::{layout_memory, LayoutOptions};
//! use algoscope_scene::{memory_scene, SceneOptions};
//! let json = r#"{"version":1,"language":"python","source":"a = [1, 2]\n","stdout":"",
//!   "steps":[{"event":"line","line":1,"stdoutLength":0,
//!     "stack":[{"id":"f1","func":"<module>","line":1,"locals":[["a",{"kind":"ref","id":"o1"}]]}],
//!     "heap":{"o1":{"kind":"list","typeName":"list","items":[
//!        {"kind":"prim","type":"int","repr":"1"},{"kind":"prim","type":"int","repr":"2"}],"length":2}}}]}"#;
//! let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
//! let scene = memory_scene(&trace, 0, &SceneOptions::default()).unwrap();
//! let svg = layout_memory(&scene, &LayoutOptions::default()).to_svg();
//! assert!(svg.contains(r#"data-key="obj:o1""#));
//! assert!(svg.contains(r#"data-from="frame:f1#a" data-to="obj:o1""#));
//! ```

mod chain;
mod drawing;
pub mod graph;
mod graph_view;
mod loop_view;
mod marker;
mod mem_size;
mod options;
mod place;
mod route;
mod shape;
mod text;

use std::collections::BTreeMap;

use algoscope_scene::{MemoryScene, OUTPUT_KEY};
use serde::{Deserialize, Serialize};

pub use drawing::{escape, fmt_num, Drawing, Mark, Tag, LOOP_STYLESHEET, STYLESHEET};
pub use graph_view::{plan_graph, plan_graphs, GraphPlan, PlannedEdge, PlannedNode};
pub use loop_view::{layout_loop, LoopLayoutOptions};
pub use options::{LayoutOptions, Sizes};

use place::{assign_columns, build_units, column_widths, output_unit, place, unit_of, Unit};
use route::{rounded_path, route};

/// A top-level box as placed: its key and rectangle in px.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlacedBox {
    /// Box key (`frame:f1`, `obj:o2`, `output`).
    pub key: String,
    /// Left edge (px).
    pub x: f64,
    /// Top edge (px).
    pub y: f64,
    /// Width (px).
    pub w: f64,
    /// Height (px).
    pub h: f64,
}

/// A laid-out step: the drawing and where its top-level boxes went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryLayout {
    /// The drawing (marks + view box).
    pub drawing: Drawing,
    /// Every top-level box (frames, separate objects, tree nodes, the output card).
    pub boxes: Vec<PlacedBox>,
}

impl MemoryLayout {
    /// Box key → top-left (x, y): what to pass as [`LayoutOptions::previous`] for the next
    /// step.
    pub fn positions(&self) -> BTreeMap<String, (f64, f64)> {
        self.boxes
            .iter()
            .map(|b| (b.key.clone(), (b.x, b.y)))
            .collect()
    }
}

/// Lays out `scene` and draws it. See the crate documentation for the rules.
pub fn layout_memory(scene: &MemoryScene, options: &LayoutOptions) -> Drawing {
    layout_memory_full(scene, options).drawing
}

/// [`layout_memory`], also returning where each top-level box went.
pub fn layout_memory_full(scene: &MemoryScene, options: &LayoutOptions) -> MemoryLayout {
    // With sizes on, the program's total is a caption in a band above everything else.
    let captioned;
    let options = match scene.program_size {
        Some(_) => {
            let mut more = options.clone();
            more.sizes.top_margin_px += mem_size::CAPTION_H;
            captioned = more;
            &captioned
        }
        None => options,
    };
    let s = &options.sizes;
    let ctx = shape::Ctx::new(scene, s, options.nested).with_graphs(&options.graphs);
    let mut units = build_units(&ctx, scene);
    let mut units_by_key = unit_of(&units);
    assign_columns(&mut units, scene, options.nested, &units_by_key);
    let widths = column_widths(&units, &ctx, scene);
    if let Some(out) = output_unit(&ctx, scene, widths[0]) {
        units_by_key.insert(OUTPUT_KEY.to_string(), units.len());
        units.push(out);
    }
    let ncols = widths.len();
    let mut gaps = vec![s.column_gap_px; ncols];
    let mut attempt = 0;
    loop {
        let mut col_x = Vec::with_capacity(ncols);
        let mut x = s.margin_px;
        for c in 0..ncols {
            col_x.push(x);
            x += widths[c] + gaps[c];
        }
        if attempt > 0 && options.pinned.is_empty() {
            // Heights never depend on the columns' x when nothing is pinned (only pinned
            // boxes are checked across columns), so a retry with wider gaps only moves columns.
            shift_columns(&mut units, &col_x);
        } else {
            place(&mut units, scene, options, &col_x, &units_by_key);
        }
        let (routed, needs) = route(
            scene,
            options.nested,
            &units,
            &units_by_key,
            &col_x,
            &widths,
            s,
        );
        let mut grew = false;
        for (g, (r, l)) in needs.iter().enumerate() {
            let need = 26.0 + s.lane_px * (r + l) as f64;
            if need > gaps[g] {
                gaps[g] = need;
                grew = true;
            }
        }
        attempt += 1;
        if !grew || attempt >= 4 {
            return assemble(scene, options, units, routed);
        }
    }
}

/// Moves every unit to the left edge of its column (`col_x`, px), keeping its height.
fn shift_columns(units: &mut [Unit], col_x: &[f64]) {
    let last = col_x.len().saturating_sub(1);
    for u in units {
        u.x = col_x.get(u.column.min(last)).copied().unwrap_or(0.0);
    }
}

/// Makes every node group's `data-x`/`data-y` absolute (they are relative while building).
fn absolutize(mark: &mut Mark, parent: (f64, f64)) {
    let mut here = parent;
    let rel = |name: &str, m: &Mark| {
        m.attrs
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.parse::<f64>().ok())
    };
    if let (Some(x), Some(y)) = (rel("data-x", mark), rel("data-y", mark)) {
        here = (parent.0 + x, parent.1 + y);
        for (name, value) in &mut mark.attrs {
            if name == "data-x" {
                *value = fmt_num(here.0);
            } else if name == "data-y" {
                *value = fmt_num(here.1);
            }
        }
    }
    for child in &mut mark.children {
        absolutize(child, here);
    }
}

fn assemble(
    scene: &MemoryScene,
    options: &LayoutOptions,
    units: Vec<Unit>,
    routed: Vec<route::Routed>,
) -> MemoryLayout {
    let s = &options.sizes;
    let mut boxes_layer = Mark::group("boxes");
    let mut boxes = Vec::new();
    let (mut max_x, mut max_y) = (0.0_f64, 0.0_f64);
    for u in units {
        let mut parent = if u.parts.len() > 1 || !u.tops.is_empty() {
            Some(Mark::group("tree").attr("data-root", u.key.clone()))
        } else {
            None
        };
        for (px, py, shape) in u.parts {
            let (x, y) = (u.x + px, u.y + py);
            let mut mark = shape::translate(shape.mark, x, y);
            absolutize(&mut mark, (0.0, 0.0));
            boxes.push(PlacedBox {
                key: shape.key,
                x,
                y,
                w: shape.w,
                h: shape.h,
            });
            max_x = max_x.max(x + shape.w);
            max_y = max_y.max(y + shape.h);
            match &mut parent {
                Some(p) => p.children.push(mark),
                None => boxes_layer.children.push(mark),
            }
        }
        if let Some(p) = parent {
            boxes_layer.children.push(p);
        }
    }
    let mut arrows_layer = Mark::group("arrows");
    for r in routed {
        for p in &r.points {
            max_x = max_x.max(p.0);
            max_y = max_y.max(p.1);
        }
        let mut points = String::with_capacity(12 * r.points.len());
        for (i, (x, y)) in r.points.iter().enumerate() {
            if i > 0 {
                points.push(' ');
            }
            points.push_str(&fmt_num(*x));
            points.push(',');
            points.push_str(&fmt_num(*y));
        }
        arrows_layer.children.push(
            Mark::path(&r.classes, rounded_path(&r.points, 6.0))
                .attr("data-from", r.from)
                .attr("data-to", r.to)
                .attr("data-points", points),
        );
    }
    let mut classes = vec!["algoscope-memory".to_string()];
    if options.nested {
        classes.push("nested".to_string());
    }
    if scene.output.is_some() {
        classes.push("has-output".to_string());
    }
    let mut marks = vec![boxes_layer, arrows_layer];
    if let Some(size) = scene.program_size {
        let text = mem_size::program_text(size);
        max_x = max_x.max(s.margin_px + mem_size::width(&text));
        marks.push(
            mem_size::mark(
                s.margin_px,
                mem_size::CAPTION_H / 2.0 + 2.0,
                mem_size::Anchor::Start,
                text,
            )
            .class("program-size"),
        );
    }
    MemoryLayout {
        drawing: Drawing {
            width: (max_x + s.margin_px).ceil(),
            height: (max_y + s.margin_px).ceil(),
            classes,
            marks,
        },
        boxes,
    }
}
