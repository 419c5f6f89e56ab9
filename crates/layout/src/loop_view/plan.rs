//! The plan every row of a loop history shares: the label gutter, each container's column
//! (its x, its cell width, which indices it spans), the scalar columns, and one row height,
//! so index 3 is directly under index 3 in every row and change arrows can be vertical.

use algoscope_scene::{ContainerKind, LoopRow, LoopScene, PointerAxis, RowContent};

use crate::drawing::Mark;
use crate::marker::{pointers_below, PointerAt};
use crate::options::Sizes;
use crate::text::{elide, text_px};

use super::graphs::GraphBody;
use super::linked::{self, LinkedPlan};
use super::LoopLayoutOptions;

/// Gap between the label gutter and the first column, and between two columns (px).
pub(super) const COLUMN_GAP: f64 = 22.0;
/// Width reserved for a `…` where a windowed list's cells are cut off (px).
pub(super) const ELLIPSIS_W: f64 = 18.0;
/// Most items that left a list's front drawn left of its index 0 in one row.
pub(super) const MAX_POPPED: usize = 3;
/// Width of the arrow out of a list's front, left of the items that left it (px).
pub(super) const POP_ARROW_W: f64 = 14.0;
/// Gap between the items that left a list's front and its index 0 (px).
pub(super) const POP_GAP: f64 = 6.0;
/// Height of a grid cell (px): grids are drawn a little tighter than lists.
pub(super) const GRID_CELL_H: f64 = 22.0;
/// Height of the column-name line and of the index line in the header strip (px).
pub(super) const NAME_H: f64 = 16.0;
/// Height of the index line under the names (px).
pub(super) const INDEX_H: f64 = 13.0;
/// Size labels are 11 px text in a 13 px picture.
pub(super) const SIZE_SCALE: f64 = 11.0 / 13.0;
/// Row labels are 12 px monospace text in a 13 px picture.
pub(super) const LABEL_SCALE: f64 = 12.0 / 13.0;

/// Where a container's cells go in every row.
#[derive(Clone, Debug)]
pub(super) enum Body {
    /// A list or tuple (`indexed`), or a set (cells in order): index `k` is at
    /// `lead_w + (k - first) * cell_w` from the column's x.
    Cells {
        /// Lowest index any row shows.
        first: u64,
        /// How many cell slots the column spans (past the highest index shown, and the slot
        /// one past the end when a pointer is there).
        slots: u64,
        /// Width of every cell (px).
        cell_w: f64,
        /// Space before the first slot (px): room for the items that left the front
        /// (`popped_w`), then for a `…` when some row is cut off at its start.
        lead_w: f64,
        /// Room at the column's left for the items that left the front in some row (an
        /// arrow out, at most [`MAX_POPPED`] cells, a gap), part of `lead_w`; 0 when none
        /// did (px).
        popped_w: f64,
        /// Whether the cells are indexed (a set's are not).
        indexed: bool,
    },
    /// A dict: one slot per key seen in any row, in order of first appearance.
    Dict {
        /// Key texts and each key's (x from the column's x, width) in px.
        keys: Vec<(String, f64, f64)>,
    },
    /// A graph: a small copy of it in every row (boxed: a plan is large).
    Graph(Box<GraphBody>),
    /// A grid: `rl` px of row numbers, then `cols` columns of `cell_w` and `rows` rows.
    Grid {
        /// Width of the row-number strip (px).
        rl: f64,
        /// Most columns in any row.
        cols: u64,
        /// Width of every grid cell (px).
        cell_w: f64,
    },
}

/// One container's column.
#[derive(Clone, Debug)]
pub(super) struct Column {
    /// The variable's name.
    pub name: String,
    /// Left edge, from the row's left edge (px).
    pub x: f64,
    /// Width (px), cells and pointers beside a grid included.
    pub w: f64,
    /// Where its cells go.
    pub body: Body,
    /// Height of the cells (px): one cell, or a grid's rows.
    pub body_h: f64,
    /// Where each row's size of the container is written (px from the row's left edge, the
    /// text's left end), when the scene shows sizes.
    pub size_x: Option<f64>,
}

impl Column {
    /// Centre x (from the row's left edge, px) of sequence index `k`, or of grid column `k`;
    /// `None` outside the column's range or for a dict.
    pub(super) fn slot_center(&self, k: u64) -> Option<f64> {
        match &self.body {
            Body::Cells {
                first,
                slots,
                cell_w,
                lead_w,
                ..
            } => (k >= *first && k < first + slots)
                .then(|| self.x + lead_w + (k - first) as f64 * cell_w + cell_w / 2.0),
            Body::Grid {
                rl, cols, cell_w, ..
            } => (k < *cols).then(|| self.x + rl + k as f64 * cell_w + cell_w / 2.0),
            Body::Dict { .. } | Body::Graph(_) => None,
        }
    }
}

/// One scalar variable's column.
#[derive(Clone, Debug)]
pub(super) struct ScalarColumn {
    /// The variable's name.
    pub name: String,
    /// Left edge, from the row's left edge (px).
    pub x: f64,
    /// Width (px).
    pub w: f64,
}

/// The shared plan.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    /// One per [`LoopScene::containers`], in that order.
    pub columns: Vec<Column>,
    /// Graphs the rows hold that no shown container holds (a JavaScript `Map` read with
    /// `get` is never indexed): one column each, in order of first appearance; every body is
    /// a [`Body::Graph`]. Graph columns come first (containers drawn as graphs, then these),
    /// then the other containers, whatever their order in [`Plan::columns`].
    pub graphs: Vec<Column>,
    /// The linked track's column, after the graphs, when the scene has a track.
    pub linked: Option<LinkedPlan>,
    /// Where each row's size of the linked track is written (px from the row's left edge),
    /// when the scene shows sizes and has a track.
    pub linked_size_x: Option<f64>,
    /// The head over every size label (`python bytes`: the model's name), when the scene
    /// shows sizes.
    pub size_head: Option<String>,
    /// One per [`LoopScene::scalars`], in that order.
    pub scalars: Vec<ScalarColumn>,
    /// Width of a row (px).
    pub width: f64,
    /// Height of the tallest row (px): the tallest column plus its pointers.
    pub row_h: f64,
    /// Height of a row without its linked track (px): see [`Plan::height_of`].
    pub base_h: f64,
    /// Height of a value cell (px).
    pub cell_h: f64,
    /// Longest value text before it is elided (characters).
    pub max_chars: usize,
    /// Width of a 13 px monospace character (px).
    pub char_px: f64,
}

/// Every row drawn: the passes and the runs' start rows.
impl Plan {
    /// Height of `row` (px): its columns' height, or its linked track's when taller. A tree
    /// row is only as tall as its own tree (not the run's deepest), so rows of a growing tree
    /// grow with it; every other row is [`Plan::row_h`] tall.
    pub(super) fn height_of(&self, row: &LoopRow) -> f64 {
        match &self.linked {
            Some(linked) => self.base_h.max(linked.height_of(row)),
            None => self.row_h,
        }
    }
}

fn rows(scene: &LoopScene) -> impl Iterator<Item = &LoopRow> {
    scene.drawn_rows()
}

/// A size label: `128 B`.
pub(super) fn size_text(bytes: u64) -> String {
    format!("{bytes} B")
}

/// Width (px) of a value cell holding `text` (elided to `max` characters).
pub(super) fn cell_width(text: &str, s: &Sizes) -> f64 {
    (text_px(&elide(text, s.max_value_chars), s.char_px()) + 12.0).max(s.cell_width_px)
}

/// Works out the plan for `scene`.
pub(super) fn plan(scene: &LoopScene, options: &LoopLayoutOptions) -> Plan {
    let s = &options.sizes;
    let cw = s.char_px();
    let gutter = rows(scene)
        .map(|r| r.depth as f64 * options.indent_px + text_px(&r.label, cw * LABEL_SCALE))
        .fold(0.0, f64::max)
        + 14.0;
    let mut x = gutter + COLUMN_GAP / 2.0;
    // Room for a size label (`1234 B`) right of each container, under its head naming the
    // model, when sizes are shown.
    let size_head = scene
        .size_model
        .map(|model| format!("{} bytes", model.name()));
    let size_w = size_head.as_ref().map(|head| {
        let most = rows(scene)
            .filter_map(|r| r.sizes.as_ref())
            .flat_map(|z| z.containers.iter().flatten().chain(z.linked.iter()))
            .copied()
            .max()
            .unwrap_or(0);
        text_px(&size_text(most), cw * SIZE_SCALE).max(text_px(head, cw * 10.0 / 13.0)) + 8.0
    });
    let mut columns = Vec::with_capacity(scene.containers.len());
    let mut row_h = s.cell_height_px;
    for (c, shown) in scene.containers.iter().enumerate() {
        let contents =
            || rows(scene).filter_map(move |r| r.containers.get(c).map(|rc| (r, &rc.content)));
        let graph = shown
            .graph
            .as_deref()
            .and_then(|id| GraphBody::new(scene, id, options));
        let (body, body_w, body_h) = match (graph, shown.kind) {
            (Some(g), _) => {
                let (w, h) = g.size();
                (Body::Graph(Box::new(g)), w, h)
            }
            (None, ContainerKind::Dict) => dict_body(contents().map(|(_, c)| c), s),
            (None, ContainerKind::Grid) => grid_body(contents().map(|(_, c)| c), s),
            (None, kind) => cells_body(scene, c, kind != ContainerKind::Set, s),
        };
        // Built at x = 0 and placed below (size_x relative until then).
        let mut column = Column {
            name: shown.name.clone(),
            x: 0.0,
            w: body_w,
            body,
            body_h,
            size_x: None,
        };
        let (below, right) = pointer_room(scene, &column, s);
        column.w = column.w.max(right);
        let name_w = text_px(&shown.name, cw) + 4.0;
        column.w = column.w.max(name_w);
        if let Some(w) = size_w {
            column.size_x = Some(column.w + 4.0);
            column.w += w;
        }
        row_h = row_h.max(body_h + below);
        columns.push(column);
    }
    let covered: Vec<&str> = scene
        .containers
        .iter()
        .filter_map(|c| c.graph.as_deref())
        .collect();
    let mut graphs: Vec<Column> = Vec::new();
    for g in rows(scene).flat_map(|r| &r.graphs) {
        if covered.contains(&g.id.as_str())
            || graphs
                .iter()
                .any(|c| matches!(&c.body, Body::Graph(b) if b.id == g.id))
        {
            continue;
        }
        let Some(body) = GraphBody::new(scene, &g.id, options) else {
            continue;
        };
        let (w, h) = body.size();
        let w = w.max(text_px(&g.name, cw) + 4.0);
        row_h = row_h.max(h);
        graphs.push(Column {
            name: g.name.clone(),
            x: 0.0,
            w,
            body: Body::Graph(Box::new(body)),
            body_h: h,
            size_x: None,
        });
    }
    // Graphs first, whether a container shows them (Python indexes `graph[node]`) or not (a
    // JavaScript `Map` read with `get`), then the other containers: a graph's place depends
    // on neither that nor on which other containers a language's version of the program has.
    let is_graph = |c: &Column| matches!(c.body, Body::Graph(_));
    let (graph_containers, others): (Vec<&mut Column>, Vec<&mut Column>) =
        columns.iter_mut().partition(|c| is_graph(c));
    for column in graph_containers
        .into_iter()
        .chain(graphs.iter_mut())
        .chain(others)
    {
        column.x = x;
        column.size_x = column.size_x.map(|dx| x + dx);
        x += column.w + COLUMN_GAP;
    }
    let base_h = row_h;
    let linked = linked::plan(scene, x, s);
    let mut linked_size_x = None;
    if let Some(l) = &linked {
        row_h = row_h.max(l.h);
        x += l.w;
        if let Some(w) = size_w {
            linked_size_x = Some(x + 4.0);
            x += w;
        }
        x += COLUMN_GAP;
    }
    let mut scalars = Vec::with_capacity(scene.scalars.len());
    for (k, name) in scene.scalars.iter().enumerate() {
        let w = rows(scene)
            .filter_map(|r| r.scalars.get(k))
            .map(|v| cell_width(&v.text, s))
            .fold(cell_width(name, s).max(s.cell_width_px), f64::max);
        scalars.push(ScalarColumn {
            name: name.clone(),
            x,
            w,
        });
        x += w + COLUMN_GAP / 2.0;
    }
    Plan {
        columns,
        graphs,
        linked,
        linked_size_x,
        size_head,
        scalars,
        width: x,
        row_h,
        base_h,
        cell_h: s.cell_height_px,
        max_chars: s.max_value_chars,
        char_px: cw,
    }
}

/// A list, tuple or set: the index range over every row, one cell width for all.
fn cells_body(scene: &LoopScene, c: usize, indexed: bool, s: &Sizes) -> (Body, f64, f64) {
    let mut first = u64::MAX;
    let mut end = 0u64;
    let mut cell_w = s.cell_width_px;
    let mut cut_start = false;
    let mut cut_end = false;
    let mut popped = 0usize;
    for r in rows(scene) {
        let Some(RowContent::Sequence(seq)) = r.containers.get(c).map(|rc| &rc.content) else {
            continue;
        };
        let offset = if indexed { seq.offset } else { 0 };
        first = first.min(offset);
        end = end.max(offset + seq.cells.len() as u64);
        cut_start |= offset > 0;
        cut_end |= seq.offset + (seq.cells.len() as u64) < seq.length;
        let left = &seq.removed_front;
        if indexed {
            popped = popped.max(left.len().min(MAX_POPPED));
        }
        for cell in seq.cells.iter().chain(left).chain(&seq.removed_back) {
            cell_w = cell_w.max(cell_width(&cell.text, s));
        }
        if indexed {
            // A pointer one past the end gets a slot of its own.
            for p in r
                .pointers
                .iter()
                .filter(|p| p.container == scene.containers[c].name && p.axis == PointerAxis::Items)
            {
                if p.index == seq.offset + seq.cells.len() as u64 && p.index < seq.length + 1 {
                    end = end.max(p.index + 1);
                }
            }
        }
    }
    if first == u64::MAX {
        first = 0;
    }
    let slots = end.saturating_sub(first).max(1);
    let popped_w = if popped > 0 {
        POP_ARROW_W + popped as f64 * cell_w + POP_GAP
    } else {
        0.0
    };
    let lead_w = popped_w + if cut_start { ELLIPSIS_W } else { 0.0 };
    let trail_w = if cut_end { ELLIPSIS_W } else { 0.0 };
    let w = lead_w + slots as f64 * cell_w + trail_w;
    (
        Body::Cells {
            first,
            slots,
            cell_w,
            lead_w,
            popped_w,
            indexed,
        },
        w,
        s.cell_height_px,
    )
}

fn dict_body<'a>(contents: impl Iterator<Item = &'a RowContent>, s: &Sizes) -> (Body, f64, f64) {
    let mut keys: Vec<(String, f64, f64)> = Vec::new();
    for content in contents {
        let RowContent::Dict(d) = content else {
            continue;
        };
        for e in &d.entries {
            let w = cell_width(&e.text, s).max(cell_width(&e.key_text, s) - 4.0);
            match keys.iter_mut().find(|(k, _, _)| *k == e.key_text) {
                Some(slot) => slot.2 = slot.2.max(w),
                None => keys.push((e.key_text.clone(), 0.0, w)),
            }
        }
    }
    let mut x = 0.0;
    for key in &mut keys {
        key.1 = x;
        x += key.2;
    }
    let w = x.max(s.cell_width_px);
    (Body::Dict { keys }, w, s.cell_height_px)
}

fn grid_body<'a>(contents: impl Iterator<Item = &'a RowContent>, s: &Sizes) -> (Body, f64, f64) {
    let (mut cols, mut nrows) = (0u64, 0u64);
    let mut cell_w = s.cell_width_px;
    for content in contents {
        let RowContent::Grid(g) = content else {
            continue;
        };
        nrows = nrows.max(g.rows.len() as u64);
        for row in &g.rows {
            cols = cols.max(row.len() as u64);
            for cell in row {
                cell_w = cell_w.max(cell_width(&cell.text, s));
            }
        }
    }
    let rl = text_px(
        &nrows.saturating_sub(1).to_string(),
        s.char_px() * 10.0 / 13.0,
    ) + 10.0;
    let w = rl + cols.max(1) as f64 * cell_w;
    let h = nrows.max(1) as f64 * GRID_CELL_H;
    (Body::Grid { rl, cols, cell_w }, w, h)
}

/// The pointers of `row` on `column`, at their x (px, from the row's left edge).
pub(super) fn column_pointers<'r>(
    row: &'r LoopRow,
    column: &Column,
    axis: PointerAxis,
) -> Vec<PointerAt<'r>> {
    row.pointers
        .iter()
        .filter(|p| p.container == column.name && p.axis == axis)
        .filter_map(|p| {
            let x = match axis {
                PointerAxis::Rows => 0.0,
                _ => column.slot_center(p.index)?,
            };
            Some(PointerAt {
                x,
                name: &p.name,
                index: p.index,
                hollow: p.hollow,
                changed: false,
            })
        })
        .collect()
}

/// Room the column's pointers need in the tallest case: the height under its cells and the
/// rightmost x (from the row's left edge) a name or a row pointer reaches.
fn pointer_room(scene: &LoopScene, column: &Column, s: &Sizes) -> (f64, f64) {
    let mut below: f64 = 0.0;
    let mut right = column.x + column.w;
    let under_axis = match column.body {
        Body::Grid { .. } => PointerAxis::Columns,
        _ => PointerAxis::Items,
    };
    let mut scratch = Vec::new();
    for r in rows(scene) {
        let under = column_pointers(r, column, under_axis);
        let (h, reach) = pointers_below(s.char_px(), &under, 0.0, &mut scratch);
        scratch.clear();
        below = below.max(h);
        right = right.max(reach + 2.0);
        if let Body::Grid {
            rl, cols, cell_w, ..
        } = column.body
        {
            let beside = column_pointers(r, column, PointerAxis::Rows);
            let mut by_index: Vec<(u64, Vec<PointerAt>)> = Vec::new();
            for p in beside {
                match by_index.iter_mut().find(|(i, _)| *i == p.index) {
                    Some((_, list)) => list.push(p),
                    None => by_index.push((p.index, vec![p])),
                }
            }
            let at = column.x + rl + cols as f64 * cell_w + 4.0;
            for (index, list) in by_index {
                // A row pointer one past the last row sits under the grid, beside nothing.
                let bottom = (index + 1) as f64 * GRID_CELL_H;
                below = below.max(bottom - column.body_h);
                let (_, reach): (Mark, f64) =
                    crate::marker::pointer_beside(s.char_px(), at, 0.0, &list);
                right = right.max(reach);
            }
        }
    }
    (below, right)
}
