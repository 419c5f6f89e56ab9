//! Measuring and drawing one box (frame, object, grid, tree node, printed output) in its own
//! coordinates, with nested boxes inside it in nested mode.
//!
//! Sizes are arithmetic: every text in a box is monospace, a character 0.6 em wide.

use std::collections::BTreeMap;

use algoscope_scene::{
    Grid, IndexPointer, MemoryScene, ObjectKind, PointerAxis, PrintedOutput, SceneFrame,
    SceneObject, SlotLabel, OUTPUT_KEY,
};
use algoscope_trace_format::Value;

use crate::drawing::Mark;
use crate::marker::{pointer_beside, pointers_below, PointerAt};
use crate::mem_size::{self, Anchor};
use crate::options::Sizes;
use crate::text::{elide, text_px, value_text};

/// A point (x, y) in px.
pub(crate) type Pt = (f64, f64);

/// Where an arrow leaves a box: the polyline from its dot to the box edge.
#[derive(Clone, Debug)]
pub(crate) struct Port {
    /// The arrow's source (`frame:f1#a`).
    pub from: String,
    /// The target key (`obj:o2`).
    pub to: String,
    /// From the dot to the right edge of the box (or its bottom when `down`).
    pub points: Vec<Pt>,
    /// True for a tree node's left/right port, which leaves through the bottom.
    pub down: bool,
}

/// Something an arrow can point at inside a shape (the shape itself, a grid row, a nested
/// box), in the shape's coordinates.
#[derive(Clone, Debug)]
pub(crate) struct Target {
    /// Box key.
    pub key: String,
    /// Its rectangle: x, y, w, h.
    pub rect: [f64; 4],
    /// x where arrows from the left arrive (the box's or its grid's left edge).
    pub entry_x: f64,
    /// Preferred arrival height.
    pub anchor_y: f64,
    /// Range of heights arrivals may spread over.
    pub span: (f64, f64),
}

/// A measured, drawn box.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    /// Box key.
    pub key: String,
    /// Width (px).
    pub w: f64,
    /// Height (px).
    pub h: f64,
    /// The `<g class="node">` group, positioned at (0, 0); `data-x`/`data-y` are relative
    /// until [`crate::place`] makes them absolute.
    pub mark: Mark,
    /// Arrows leaving this box and the boxes nested in it.
    pub ports: Vec<Port>,
    /// This box first, then grid rows and nested boxes.
    pub targets: Vec<Target>,
}

/// Everything shape building needs from the scene, indexed.
pub(crate) struct Ctx<'a> {
    pub scene: &'a MemoryScene,
    pub sizes: &'a Sizes,
    pub nested: bool,
    pub objects: BTreeMap<&'a str, &'a SceneObject>,
    pub grids: BTreeMap<&'a str, &'a Grid>,
    pub pointers: BTreeMap<&'a str, Vec<&'a IndexPointer>>,
    /// Graph holder id → (the scene's graph, its plan); see [`Ctx::with_graphs`].
    pub graphs: BTreeMap<&'a str, (&'a algoscope_scene::SceneGraph, crate::GraphPlan)>,
    /// Ids of graph members other than holders: drawn as part of their graph, never alone.
    pub graph_members: std::collections::BTreeSet<&'a str>,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(scene: &'a MemoryScene, sizes: &'a Sizes, nested: bool) -> Self {
        let mut pointers: BTreeMap<&str, Vec<&IndexPointer>> = BTreeMap::new();
        for p in &scene.pointers {
            pointers.entry(p.object.as_str()).or_default().push(p);
        }
        Ctx {
            scene,
            sizes,
            nested,
            objects: scene.objects.iter().map(|o| (o.id.as_str(), o)).collect(),
            grids: scene.grids.iter().map(|g| (g.id.as_str(), g)).collect(),
            pointers,
            graphs: BTreeMap::new(),
            graph_members: Default::default(),
        }
    }

    /// Indexes the scene's graphs with their plans: the run-wide plan from `plans` (by graph
    /// id) when there is one, else one made from this step's graph alone.
    pub(crate) fn with_graphs(mut self, plans: &BTreeMap<String, crate::GraphPlan>) -> Self {
        for g in &self.scene.graphs {
            let plan = plans.get(&g.id).cloned().unwrap_or_else(|| {
                crate::graph_view::plan_graph(&crate::graph_view::step_universe(g), self.sizes)
            });
            self.graphs.insert(g.holder.as_str(), (g, plan));
            self.graph_members.extend(
                g.members
                    .iter()
                    .map(String::as_str)
                    .filter(|m| *m != g.holder),
            );
        }
        self
    }

    fn cw(&self) -> f64 {
        self.sizes.char_px()
    }
}

/// What a value cell holds.
enum View {
    Text(String, &'static str, Option<String>),
    Dot { from: String, to: String },
    Nested(Box<Shape>),
}

const NEST_PAD: f64 = 5.0;
const TITLE_H: f64 = 22.0;

impl View {
    fn size(&self, ctx: &Ctx) -> (f64, f64) {
        let s = ctx.sizes;
        match self {
            View::Text(t, _, _) => (
                (text_px(t, ctx.cw()) + 12.0).max(s.cell_width_px),
                s.cell_height_px,
            ),
            View::Dot { .. } => (s.cell_width_px, s.cell_height_px),
            View::Nested(shape) => (shape.w + 2.0 * NEST_PAD, shape.h + 2.0 * NEST_PAD),
        }
    }
}

fn view(ctx: &Ctx, holder: &str, from: String, value: &Value, level: u32) -> View {
    if let Some(id) = value.ref_id() {
        if let Some(obj) = ctx.objects.get(id) {
            if ctx.nested && obj.nest_in.as_deref() == Some(holder) && level < 64 {
                return View::Nested(Box::new(build_object(ctx, obj, level + 1)));
            }
            return View::Dot {
                from,
                to: obj.key.clone(),
            };
        }
    }
    let (text, class) = value_text(value, ctx.sizes.max_value_chars);
    let tip = match value {
        Value::Unreadable { reason } => Some(reason.clone()),
        Value::Prim { repr, .. } if text != *repr => Some(repr.clone()),
        _ => None,
    };
    View::Text(text, class, tip)
}

/// Draws a view into a cell whose top-left is (x, y) and size (w, h); returns the mark(s),
/// and records ports/targets of nested shapes and dots (in the holder's coordinates).
#[allow(clippy::too_many_arguments)]
fn draw_view(
    v: View,
    own_w: f64,
    cell: [f64; 4],
    marks: &mut Vec<Mark>,
    ports: &mut Vec<Port>,
    targets: &mut Vec<Target>,
) {
    let [x, y, w, h] = cell;
    // Values sit at the left of a wide cell (a column widened by a nested box elsewhere).
    let (cx, cy) = (x + w.min(own_w) / 2.0, y + h / 2.0);
    match v {
        View::Text(text, class, tip) => {
            let mut m = Mark::text("value", cx, cy, text).class(class);
            if let Some(tip) = tip {
                m = m.title(tip);
            }
            marks.push(m);
        }
        View::Dot { from, to } => {
            marks.push(Mark::circle("dot", cx, cy, 3.5));
            ports.push(Port {
                from,
                to,
                points: vec![(cx, cy)],
                down: false,
            });
        }
        View::Nested(shape) => {
            let (ox, oy) = (x + NEST_PAD, y + NEST_PAD);
            let shape = *shape;
            for mut p in shape.ports {
                for pt in &mut p.points {
                    pt.0 += ox;
                    pt.1 += oy;
                }
                ports.push(p);
            }
            for mut t in shape.targets {
                t.rect[0] += ox;
                t.rect[1] += oy;
                t.entry_x += ox;
                t.anchor_y += oy;
                t.span = (t.span.0 + oy, t.span.1 + oy);
                targets.push(t);
            }
            marks.push(translate(shape.mark, ox, oy));
        }
    }
}

/// Sets a node group's relative position (transform and relative data-x/data-y).
pub(crate) fn translate(mut mark: Mark, x: f64, y: f64) -> Mark {
    for (name, value) in &mut mark.attrs {
        if name == "data-x" {
            *value = crate::drawing::fmt_num(x);
        } else if name == "data-y" {
            *value = crate::drawing::fmt_num(y);
        } else if name == "transform" {
            *value = format!(
                "translate({},{})",
                crate::drawing::fmt_num(x),
                crate::drawing::fmt_num(y)
            );
        }
    }
    mark
}

fn node_group(classes: &str, key: &str, w: f64, h: f64) -> Mark {
    Mark::group(classes)
        .attr("data-key", key)
        .num("data-x", 0.0)
        .num("data-y", 0.0)
        .num("data-w", w)
        .num("data-h", h)
        .attr("transform", "translate(0,0)")
}

/// One row of a table box: a label and a value.
struct Row {
    label: RowLabel,
    view: View,
    changed: bool,
    class: &'static str,
    name: String,
    /// The cell's memory size (bytes), drawn in its top-right corner when present.
    size: Option<u64>,
}

enum RowLabel {
    Text(String),
    Dot { from: String, to: String },
}

struct Table<'r> {
    key: &'r str,
    classes: String,
    title: String,
    rows: Vec<Row>,
    frame: bool,
    /// A tree node's left/right pair drawn as a bottom row of two cells.
    pair: Option<[(String, View); 2]>,
    /// The box's memory-size text, drawn at the right of the title bar when present.
    size: Option<String>,
}

/// A box of rows: title bar, then `label | value` rows (frames, dicts, instances, classes,
/// functions, generators, single values, tree nodes).
fn table(ctx: &Ctx, t: Table) -> Shape {
    let s = ctx.sizes;
    let cw = ctx.cw();
    let pad = if t.frame { 6.0 } else { 0.0 };
    let row_gap = if t.frame { 4.0 } else { 0.0 };
    let label_w = t
        .rows
        .iter()
        .map(|r| match &r.label {
            RowLabel::Text(l) if l.is_empty() => 0.0,
            RowLabel::Text(l) => text_px(l, cw) + 14.0,
            RowLabel::Dot { .. } => s.cell_width_px,
        })
        .fold(0.0, f64::max);
    let label_w = if label_w > 0.0 {
        label_w.max(24.0)
    } else {
        6.0
    };
    let sizes: Vec<(f64, f64)> = t.rows.iter().map(|r| r.view.size(ctx)).collect();
    let cell_size_w = t
        .rows
        .iter()
        .filter_map(|r| r.size)
        .map(|b| mem_size::width(&mem_size::cell_text(b)) + 6.0)
        .fold(0.0, f64::max);
    let value_w = cell_size_w
        + sizes.iter().map(|s| s.0).fold(
            if t.rows.is_empty() {
                0.0
            } else {
                s.cell_width_px
            },
            f64::max,
        );
    let pair_pad = 6.0;
    let pair_sizes: Vec<(f64, f64)> = t
        .pair
        .iter()
        .flat_map(|p| p.iter().map(|(_, v)| v.size(ctx)))
        .collect();
    // Wide enough for the value and for the field name drawn above the cell.
    let pair_names_w = t
        .pair
        .iter()
        .flat_map(|p| p.iter().map(|(name, _)| text_px(name, cw) + 8.0))
        .fold(0.0, f64::max);
    let pair_half = pair_sizes
        .iter()
        .map(|s| s.0)
        .fold(s.cell_width_px.max(text_px("None", cw) + 12.0), f64::max)
        .max(pair_names_w);
    let pair_h = pair_sizes
        .iter()
        .map(|s| s.1)
        .fold(s.cell_height_px, f64::max);
    let pair_w = if t.pair.is_some() {
        2.0 * pair_half
    } else {
        0.0
    };
    let title_size_w = t.size.as_deref().map_or(0.0, |s| mem_size::width(s) + 10.0);
    let title_w = text_px(&t.title, cw) + 20.0 + title_size_w;
    let w = (label_w + value_w + pad)
        .max(title_w)
        .max(pair_w + 2.0 * pair_pad)
        .max(56.0);
    let value_w = w - label_w - pad;
    let mut y = TITLE_H + row_gap / 2.0;
    let mut marks = Vec::new();
    let mut ports = Vec::new();
    let mut targets = Vec::new();
    let mut row_marks = Vec::new();
    for (row, (vw, vh)) in t.rows.into_iter().zip(sizes) {
        let rh = vh.max(s.cell_height_px);
        let cy = y + rh / 2.0;
        let mut group = Mark::group(row.class)
            .class_if("changed", row.changed)
            .attr("data-name", row.name.clone());
        match row.label {
            RowLabel::Text(l) => {
                if !l.is_empty() {
                    if !t.frame {
                        group = group.child(Mark::rect("cell label", 0.0, y, label_w, rh));
                    }
                    group = group.child(Mark::text("name", label_w - 7.0, cy, l));
                }
            }
            RowLabel::Dot { from, to } => {
                if !t.frame {
                    group = group.child(Mark::rect("cell label", 0.0, y, label_w, rh));
                }
                let dx = label_w / 2.0;
                group = group.child(Mark::circle("dot", dx, cy, 3.5));
                ports.push(Port {
                    from,
                    to,
                    points: vec![(dx, cy), (dx, cy + 6.0)],
                    down: false,
                });
            }
        }
        let cell = [label_w, y, value_w, rh];
        let mut inner =
            vec![Mark::rect("cell", label_w, y, value_w, rh).class_if("changed", row.changed)];
        draw_view(row.view, vw, cell, &mut inner, &mut ports, &mut targets);
        if let Some(bytes) = row.size {
            let text = mem_size::cell_text(bytes);
            inner.push(mem_size::mark(
                label_w + value_w - 3.0,
                y + 7.0,
                Anchor::End,
                text,
            ));
        }
        for m in inner {
            group = group.child(m);
        }
        row_marks.push(group);
        y += rh + row_gap;
    }
    let mut pair_ports = Vec::new();
    if let Some(pair) = t.pair {
        let half = (w - 2.0 * pair_pad) / 2.0;
        // Each link cell's field name (`left`, `right`) in small type above it.
        let names_y = y + 2.0 + INDEX_H / 2.0;
        let py = y + 2.0 + INDEX_H;
        let mut group = Mark::group("children");
        for (i, (name, v)) in pair.into_iter().enumerate() {
            let x = pair_pad + i as f64 * half;
            group = group.child(Mark::text(
                "index link-name",
                x + half / 2.0,
                names_y,
                name.clone(),
            ));
            let mut inner = vec![Mark::rect("cell", x, py, half, pair_h).attr("data-name", name)];
            let mut p = Vec::new();
            let (own_w, own_h) = v.size(ctx);
            // A nested box keeps its own size; a value or link dot sits in the cell's middle.
            let (draw_w, cell_h) = if matches!(v, View::Nested(_)) {
                (own_w, own_h)
            } else {
                (half, s.cell_height_px)
            };
            draw_view(
                v,
                draw_w,
                [x, py, half, cell_h],
                &mut inner,
                &mut p,
                &mut targets,
            );
            pair_ports.extend(p);
            for m in inner {
                group = group.child(m);
            }
        }
        row_marks.push(group);
        y = py + pair_h + 4.0;
    }
    let h = y + if t.frame { pad } else { 0.0 };
    let h = h.max(TITLE_H + 4.0);
    for p in &mut ports {
        let last = p.points.last().copied().unwrap_or((w, 0.0));
        p.points.push((w, last.1));
    }
    for mut p in pair_ports {
        let last = p.points.last().copied().unwrap_or((w, h));
        p.points.push((last.0, h));
        p.down = true;
        ports.push(p);
    }
    marks.push(Mark::rect("box", 0.0, 0.0, w, h));
    marks.push(Mark::rect("titlebar", 0.0, 0.0, w, TITLE_H));
    marks.push(Mark::text("title", 8.0, TITLE_H / 2.0, t.title));
    if let Some(size) = t.size {
        marks.push(mem_size::mark(w - 6.0, TITLE_H / 2.0, Anchor::End, size));
    }
    marks.extend(row_marks);
    let mut group = node_group(&t.classes, t.key, w, h);
    group.children = marks;
    let mut all_targets = vec![Target {
        key: t.key.to_string(),
        rect: [0.0, 0.0, w, h],
        entry_x: 0.0,
        anchor_y: TITLE_H / 2.0,
        span: (4.0, h - 4.0),
    }];
    all_targets.extend(targets);
    Shape {
        key: t.key.to_string(),
        w,
        h,
        mark: group,
        ports,
        targets: all_targets,
    }
}

/// A frame: its name, then one row per variable (and the return value).
pub(crate) fn build_frame(ctx: &Ctx, frame: &SceneFrame) -> Shape {
    let mut rows: Vec<Row> = frame
        .bindings
        .iter()
        .map(|b| Row {
            label: RowLabel::Text(b.name.clone()),
            view: view(
                ctx,
                &frame.key,
                format!("{}#{}", frame.key, b.name),
                &b.value,
                0,
            ),
            changed: b.changed,
            class: "binding",
            name: b.name.clone(),
            size: b.size_bytes,
        })
        .collect();
    if let Some(v) = &frame.return_value {
        rows.push(Row {
            label: RowLabel::Text("return".to_string()),
            view: view(ctx, &frame.key, format!("{}#return", frame.key), v, 0),
            changed: true,
            class: "binding return",
            name: "return".to_string(),
            size: None,
        });
    }
    let classes = format!(
        "node frame{}{}{}",
        if frame.running { " running" } else { "" },
        if frame.suspended { " suspended" } else { "" },
        if frame.new { " new" } else { "" }
    );
    table(
        ctx,
        Table {
            key: &frame.key,
            classes,
            title: frame.func.clone(),
            rows,
            frame: true,
            pair: None,
            size: frame.size_bytes.map(mem_size::frame_text),
        },
    )
}

/// An object's box, with everything nested in it (nested mode).
pub(crate) fn build_object(ctx: &Ctx, obj: &SceneObject, level: u32) -> Shape {
    if let Some((graph, plan)) = ctx.graphs.get(obj.id.as_str()) {
        return crate::graph_view::build_graph(ctx, obj, graph, plan);
    }
    if let Some(grid) = ctx.grids.get(obj.id.as_str()) {
        return build_grid(ctx, obj, grid);
    }
    if obj.kind.is_sequence() {
        return build_sequence(ctx, obj, level);
    }
    let classes = format!(
        "node object {}{}",
        kind_class(obj.kind),
        if obj.new { " new" } else { "" }
    );
    let slot_from = |id: &str| format!("{}#{}", obj.key, id);
    // A tree node draws its two link fields as a bottom pair of cells (left, right).
    let tree_links: Option<&[String]> = ctx
        .scene
        .trees
        .iter()
        .find(|t| t.nodes.iter().any(|n| n.id == obj.id))
        .map(|t| t.links.as_slice());
    let tree_node = tree_links.is_some();
    let pair_fields: &[String] = tree_links.filter(|l| l.len() == 2).unwrap_or(&[]);
    let mut pair: Option<[(String, View); 2]> = None;
    let mut rows = Vec::new();
    let mut left_right: Vec<(String, View)> = Vec::new();
    for slot in &obj.slots {
        let label = match &slot.label {
            SlotLabel::Field(f) => RowLabel::Text(f.clone()),
            SlotLabel::Index(i) => RowLabel::Text(i.to_string()),
            SlotLabel::Key(k) => match k.ref_id().and_then(|id| ctx.objects.get(id)) {
                Some(target) => RowLabel::Dot {
                    from: format!("{}#key{}", obj.key, slot.id),
                    to: target.key.clone(),
                },
                None => RowLabel::Text(value_text(k, ctx.sizes.max_value_chars).0),
            },
        };
        let v = view(ctx, &obj.key, slot_from(&slot.id), &slot.value, level);
        if matches!(&slot.label, SlotLabel::Field(f) if pair_fields.contains(f)) {
            left_right.push((slot.id.clone(), v));
            continue;
        }
        rows.push(Row {
            label,
            view: v,
            changed: slot.changed,
            class: "slot",
            name: slot.id.clone(),
            size: slot.size_bytes,
        });
    }
    if left_right.len() == 2 {
        // In link order, whatever order the fields were defined in.
        left_right.sort_by_key(|(id, _)| pair_fields.iter().position(|f| f == id));
        let mut it = left_right.into_iter();
        if let (Some(l), Some(r)) = (it.next(), it.next()) {
            pair = Some([l, r]);
        }
    }
    let title = match obj.kind {
        ObjectKind::Function => format!("{} {}", obj.type_name, obj.label),
        ObjectKind::Class => format!("class {}", obj.label),
        ObjectKind::Generator => format!("{} {}", obj.type_name, obj.label),
        ObjectKind::Dict if obj.length > obj.slots.len() as u64 => {
            format!("{} ({} of {})", obj.type_name, obj.slots.len(), obj.length)
        }
        _ => obj.type_name.clone(),
    };
    if obj.kind == ObjectKind::Value {
        rows.push(Row {
            label: RowLabel::Text(String::new()),
            view: View::Text(elide(&obj.label, ctx.sizes.max_value_chars * 2), "", None),
            changed: false,
            class: "slot",
            name: String::new(),
            size: None,
        });
    }
    table(
        ctx,
        Table {
            key: &obj.key,
            classes: if tree_node {
                format!("{classes} tree-node")
            } else {
                classes
            },
            title,
            rows,
            frame: false,
            pair,
            size: obj.size.map(mem_size::object_text),
        },
    )
}

fn kind_class(kind: ObjectKind) -> &'static str {
    match kind {
        ObjectKind::List => "list",
        ObjectKind::Tuple => "tuple",
        ObjectKind::Set => "set",
        ObjectKind::Dict => "dict",
        ObjectKind::Instance => "instance",
        ObjectKind::Function => "function",
        ObjectKind::Class => "class",
        ObjectKind::Generator => "generator",
        ObjectKind::Value => "value-object",
    }
}

const LABEL_H: f64 = 16.0;
const INDEX_H: f64 = 13.0;

/// Pointer markers (`▲ name`) under cell centres; returns the height used and the rightmost x.
fn pointer_marks(
    ctx: &Ctx,
    pointers: &[(f64, &IndexPointer)],
    y: f64,
    marks: &mut Vec<Mark>,
) -> (f64, f64) {
    let at: Vec<PointerAt> = pointers.iter().map(|(x, p)| pointer_at(*x, p)).collect();
    pointers_below(ctx.cw(), &at, y, marks)
}

fn pointer_at<'p>(x: f64, p: &'p IndexPointer) -> PointerAt<'p> {
    PointerAt {
        x,
        name: &p.name,
        index: p.index,
        hollow: p.hollow,
        changed: p.changed,
    }
}

/// A list, tuple or set: a row of cells with indices above, pointers below, and room below
/// the cells for arrows leaving it (each on its own track, leftmost cell lowest).
fn build_sequence(ctx: &Ctx, obj: &SceneObject, level: u32) -> Shape {
    let s = ctx.sizes;
    let cw = ctx.cw();
    let shown = obj.slots.len() as u64;
    let lead = obj.offset > 0;
    let trail = obj.offset + shown < obj.length;
    let mut title = obj.type_name.clone();
    if lead || trail {
        title = format!(
            "{} · {}–{} of {}",
            obj.type_name,
            obj.offset,
            obj.offset + shown.saturating_sub(1),
            obj.length
        );
    }
    let size_row = if obj.slots.iter().any(|slot| slot.size_bytes.is_some()) {
        mem_size::ROW_H
    } else {
        0.0
    };
    let y0 = LABEL_H
        + size_row
        + if obj.kind == ObjectKind::Set {
            0.0
        } else {
            INDEX_H
        };
    let views: Vec<View> = obj
        .slots
        .iter()
        .map(|slot| {
            view(
                ctx,
                &obj.key,
                format!("{}#{}", obj.key, slot.id),
                &slot.value,
                level,
            )
        })
        .collect();
    let sizes: Vec<(f64, f64)> = views.iter().map(|v| v.size(ctx)).collect();
    let ch = sizes.iter().map(|s| s.1).fold(s.cell_height_px, f64::max);
    let elided_w = 24.0;
    let mut x = 0.0;
    let mut marks: Vec<Mark> = Vec::new();
    let mut ports = Vec::new();
    let mut targets = Vec::new();
    let mut centers: BTreeMap<u64, f64> = BTreeMap::new();
    if lead {
        marks.push(Mark::rect("cell elided", x, y0, elided_w, ch));
        marks.push(Mark::text("value", x + elided_w / 2.0, y0 + ch / 2.0, "…"));
        x += elided_w;
    }
    if obj.slots.is_empty() && !lead && !trail {
        marks.push(Mark::rect("cell empty", 0.0, y0, s.cell_width_px, ch));
        x = s.cell_width_px;
    }
    for ((slot, v), (w, _)) in obj.slots.iter().zip(views).zip(sizes) {
        let size_text = slot.size_bytes.map(mem_size::cell_text);
        let w = size_text
            .as_deref()
            .map_or(w, |t| w.max(mem_size::width(t) + 6.0));
        let index = match slot.label {
            SlotLabel::Index(i) => i,
            _ => 0,
        };
        let mut cell_marks = vec![Mark::rect("cell", x, y0, w, ch)
            .class_if("changed", slot.changed)
            .attr("data-slot", slot.id.clone())];
        if obj.kind != ObjectKind::Set {
            cell_marks.push(Mark::text(
                "index",
                x + w / 2.0,
                LABEL_H + size_row + INDEX_H / 2.0,
                index.to_string(),
            ));
        }
        if let Some(text) = size_text {
            cell_marks.push(mem_size::mark(
                x + w / 2.0,
                LABEL_H + size_row / 2.0,
                Anchor::Middle,
                text,
            ));
        }
        draw_view(
            v,
            w,
            [x, y0, w, ch],
            &mut cell_marks,
            &mut ports,
            &mut targets,
        );
        marks.extend(cell_marks);
        centers.insert(index, x + w / 2.0);
        x += w;
    }
    if trail {
        marks.push(Mark::rect("cell elided", x, y0, elided_w, ch));
        marks.push(Mark::text("value", x + elided_w / 2.0, y0 + ch / 2.0, "…"));
        x += elided_w;
    }
    let cells_w = x;
    let mine: Vec<&IndexPointer> = ctx
        .pointers
        .get(obj.id.as_str())
        .map(|v| {
            v.iter()
                .copied()
                .filter(|p| p.axis == PointerAxis::Items)
                .collect()
        })
        .unwrap_or_default();
    let mut placed: Vec<(f64, &IndexPointer)> = Vec::new();
    let mut ghost_w = 0.0;
    for p in &mine {
        if let Some(cx) = centers.get(&p.index) {
            placed.push((*cx, p));
        } else if p.hollow && !trail {
            ghost_w = s.cell_width_px;
            placed.push((cells_w + s.cell_width_px / 2.0, p));
        }
    }
    // Exit tracks below the cells: the rightmost drop is highest so drops never cross.
    ports.sort_by(|a, b| {
        let ax = a.points.last().map_or(0.0, |p| p.0);
        let bx = b.points.last().map_or(0.0, |p| p.0);
        bx.total_cmp(&ax).then_with(|| a.from.cmp(&b.from))
    });
    let n = ports.len();
    let strip_h = if n > 0 { 8.0 + 6.0 * n as f64 } else { 0.0 };
    let ptr_y = y0 + ch + strip_h + 2.0;
    let (ptr_h, ptr_max_x) = pointer_marks(ctx, &placed, ptr_y, &mut marks);
    let title_w = text_px(&title, cw * 11.0 / 13.0) + 2.0;
    let title_size = obj.size.map(mem_size::object_text);
    let title_size_w = title_size
        .as_deref()
        .map_or(0.0, |t| mem_size::width(t) + 6.0);
    let w = (cells_w + ghost_w)
        .max(title_w + title_size_w)
        .max(ptr_max_x + 2.0);
    let h = ptr_y + ptr_h;
    for (k, p) in ports.iter_mut().enumerate() {
        let (lx, ly) = p.points.last().copied().unwrap_or((0.0, 0.0));
        let drop_x = if p.points.len() == 1 { lx } else { lx + 2.0 };
        let ty = y0 + ch + 8.0 + 6.0 * k as f64;
        if p.points.len() > 1 {
            p.points.push((drop_x, ly));
        }
        p.points.push((drop_x, ty));
        p.points.push((w, ty));
    }
    let classes = format!(
        "node object seq {}{}",
        kind_class(obj.kind),
        if obj.new { " new" } else { "" }
    );
    let mut group = node_group(&classes, &obj.key, w, h);
    group.children.push(Mark::rect("box", 0.0, 0.0, w, h));
    group
        .children
        .push(Mark::text("type", 0.0, LABEL_H / 2.0, title));
    if let Some(size) = title_size {
        group.children.push(mem_size::mark(
            title_w + 4.0,
            LABEL_H / 2.0,
            Anchor::Start,
            size,
        ));
    }
    group.children.extend(marks);
    let mut all_targets = vec![Target {
        key: obj.key.clone(),
        rect: [0.0, 0.0, w, h],
        entry_x: 0.0,
        anchor_y: y0 + ch / 2.0,
        span: (y0 + 3.0, y0 + ch - 3.0),
    }];
    all_targets.extend(targets);
    Shape {
        key: obj.key.clone(),
        w,
        h,
        mark: group,
        ports,
        targets: all_targets,
    }
}

/// A list of lists of primitives as a grid: column indices on top, row indices on the left,
/// the cell in focus highlighted, column pointers below and row pointers to the right.
fn build_grid(ctx: &Ctx, obj: &SceneObject, grid: &Grid) -> Shape {
    let s = ctx.sizes;
    let cw = ctx.cw();
    let rows: Vec<&SceneObject> = grid
        .rows
        .iter()
        .filter_map(|r| ctx.objects.get(r.as_str()).copied())
        .collect();
    let ncols = grid.cols as usize;
    let mut col_w = vec![s.cell_width_px; ncols];
    let texts: Vec<Vec<(String, &'static str)>> = rows
        .iter()
        .map(|r| {
            r.slots
                .iter()
                .map(|slot| value_text(&slot.value, s.max_value_chars))
                .collect()
        })
        .collect();
    for row in &texts {
        for (j, (t, _)) in row.iter().enumerate() {
            if j < ncols {
                col_w[j] = col_w[j].max(text_px(t, cw) + 12.0);
            }
        }
    }
    let rl = text_px(&rows.len().saturating_sub(1).to_string(), cw * 10.0 / 13.0) + 10.0;
    let y0 = LABEL_H + INDEX_H;
    let ch = s.cell_height_px;
    let col_x: Vec<f64> = col_w
        .iter()
        .scan(rl, |x, w| {
            let here = *x;
            *x += w;
            Some(here)
        })
        .collect();
    let grid_w = rl + col_w.iter().sum::<f64>();
    let mut marks = Vec::new();
    let mut targets = Vec::new();
    for (j, x) in col_x.iter().enumerate() {
        marks.push(Mark::text(
            "index",
            x + col_w[j] / 2.0,
            LABEL_H + INDEX_H / 2.0,
            j.to_string(),
        ));
    }
    let focus = ctx.scene.grid_focus.as_ref().filter(|f| f.grid == obj.id);
    for (i, (row, row_texts)) in rows.iter().zip(&texts).enumerate() {
        let y = y0 + i as f64 * ch;
        marks.push(Mark::text("index", rl / 2.0, y + ch / 2.0, i.to_string()));
        let row_w: f64 = col_w.iter().take(row.slots.len()).sum();
        let mut g = node_group(
            &format!("node grid-row{}", if row.new { " new" } else { "" }),
            &row.key,
            row_w.max(1.0),
            ch,
        );
        g.children
            .push(Mark::rect("hit", 0.0, 0.0, row_w.max(1.0), ch));
        for (j, (slot, (t, class))) in row.slots.iter().zip(row_texts).enumerate() {
            let x = col_x.get(j).copied().unwrap_or(grid_w) - rl;
            let w = col_w.get(j).copied().unwrap_or(s.cell_width_px);
            let focused = focus.is_some_and(|f| f.row == i as u64 && f.col == j as u64);
            g.children.push(
                Mark::rect("cell", x, 0.0, w, ch)
                    .class_if("changed", slot.changed)
                    .class_if("focus", focused)
                    .attr("data-slot", slot.id.clone()),
            );
            g.children
                .push(Mark::text("value", x + w / 2.0, ch / 2.0, t.clone()).class(class));
        }
        marks.push(translate(g, rl, y));
        targets.push(Target {
            key: row.key.clone(),
            rect: [rl, y, row_w.max(1.0), ch],
            entry_x: 0.0,
            anchor_y: y + ch / 2.0,
            span: (y + 3.0, y + ch - 3.0),
        });
    }
    let mine: Vec<&IndexPointer> = ctx
        .pointers
        .get(obj.id.as_str())
        .cloned()
        .unwrap_or_default();
    let hollow_row = mine
        .iter()
        .any(|p| p.axis == PointerAxis::Rows && p.index as usize >= rows.len());
    let bottom = y0 + (rows.len() + usize::from(hollow_row)) as f64 * ch;
    let col_ptrs: Vec<(f64, &IndexPointer)> = mine
        .iter()
        .filter(|p| p.axis == PointerAxis::Columns)
        .map(|p| {
            let j = p.index as usize;
            let x = match col_x.get(j) {
                Some(x) => x + col_w[j] / 2.0,
                None => grid_w + s.cell_width_px / 2.0,
            };
            (x, *p)
        })
        .collect();
    let (ptr_h, ptr_max_x) = pointer_marks(ctx, &col_ptrs, bottom + 2.0, &mut marks);
    let mut right = grid_w;
    let row_ptrs: Vec<&IndexPointer> = mine
        .iter()
        .copied()
        .filter(|p| p.axis == PointerAxis::Rows)
        .collect();
    let mut by_row: BTreeMap<u64, Vec<&IndexPointer>> = BTreeMap::new();
    for p in row_ptrs {
        by_row.entry(p.index).or_default().push(p);
    }
    for list in by_row.values() {
        let cy = y0 + list[0].index as f64 * ch + ch / 2.0;
        let at: Vec<PointerAt> = list.iter().map(|p| pointer_at(0.0, p)).collect();
        let (g, reach) = pointer_beside(cw, grid_w + 4.0, cy, &at);
        marks.push(g);
        right = right.max(reach);
    }
    let title = format!("{} · {}×{}", obj.type_name, rows.len(), grid.cols);
    let title_w = text_px(&title, cw * 11.0 / 13.0) + 2.0;
    let title_size = obj.size.map(mem_size::object_text);
    let title_size_w = title_size
        .as_deref()
        .map_or(0.0, |t| mem_size::width(t) + 6.0);
    let w = right.max(ptr_max_x + 2.0).max(title_w + title_size_w);
    let h = bottom + ptr_h + 4.0;
    let classes = format!("node object grid{}", if obj.new { " new" } else { "" });
    let mut group = node_group(&classes, &obj.key, w, h);
    group.children.push(Mark::rect("box", 0.0, 0.0, w, h));
    group
        .children
        .push(Mark::text("type", 0.0, LABEL_H / 2.0, title));
    if let Some(size) = title_size {
        group.children.push(mem_size::mark(
            title_w + 4.0,
            LABEL_H / 2.0,
            Anchor::Start,
            size,
        ));
    }
    group.children.extend(marks);
    let mut all_targets = vec![Target {
        key: obj.key.clone(),
        rect: [0.0, 0.0, w, h],
        entry_x: 0.0,
        anchor_y: y0 + ch / 2.0,
        span: (y0 + 3.0, bottom - 3.0),
    }];
    all_targets.extend(targets);
    Shape {
        key: obj.key.clone(),
        w,
        h,
        mark: group,
        ports: Vec::new(),
        targets: all_targets,
    }
}

/// The printed-output card: `width` px wide (the stack column), the printed lines, and a port
/// per printed object.
pub(crate) fn build_output(ctx: &Ctx, output: &PrintedOutput, width: f64) -> Shape {
    let cw = ctx.cw();
    let max_chars = ((width - 16.0) / cw).floor().max(4.0) as usize;
    let lines: Vec<&str> = output.text.trim_end_matches('\n').split('\n').collect();
    let line_h = 17.0;
    let h = TITLE_H + lines.len() as f64 * line_h + 6.0;
    let mut group = node_group("node output", OUTPUT_KEY, width, h);
    group.children.push(Mark::rect("box", 0.0, 0.0, width, h));
    group
        .children
        .push(Mark::text("title", 8.0, TITLE_H / 2.0, "printed"));
    for (i, line) in lines.iter().enumerate() {
        group.children.push(Mark::text(
            "line",
            8.0,
            TITLE_H + line_h * (i as f64 + 0.5),
            elide(line, max_chars),
        ));
    }
    let mut ports = Vec::new();
    for (k, id) in output.refs.iter().enumerate() {
        let y = (TITLE_H / 2.0 + 5.0 * k as f64).min(h - 3.0);
        group
            .children
            .push(Mark::circle("dot", width - 8.0, y, 3.0));
        ports.push(Port {
            from: OUTPUT_KEY.to_string(),
            to: format!("obj:{id}"),
            points: vec![(width - 8.0, y), (width, y)],
            down: false,
        });
    }
    Shape {
        key: OUTPUT_KEY.to_string(),
        w: width,
        h,
        mark: group,
        ports,
        targets: Vec::new(),
    }
}

/// Width of the printed-output card for a run whose widest line has `chars` characters.
pub(crate) fn output_width(ctx: &Ctx, chars: u32) -> f64 {
    if chars == 0 {
        0.0
    } else {
        chars as f64 * ctx.cw() + 16.0
    }
}
