//! One pass of the loop as a row: its label in the gutter, each container's cells in its
//! column (a grid as a small grid with the focused cell), pointer markers under the cells,
//! and the scalars' values.

use algoscope_scene::{
    DictRow, GridRow, LoopRow, PointerAxis, RowCell, RowContainer, RowContent, RowScalar,
    SequenceRow,
};
use algoscope_trace_format::Value;

use crate::drawing::{fmt_num, Mark};
use crate::marker::{pointer_beside, pointers_below, PointerAt};
use crate::text::{elide, value_text};

use super::plan::{
    column_pointers, size_text, Body, Column, Plan, ELLIPSIS_W, GRID_CELL_H, POP_ARROW_W, POP_GAP,
};
use super::{item_group, LoopLayoutOptions};

/// What a drawn row stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RowRole {
    /// One pass of the loop: `loop-row`, keyed `row:<loop>:<run>:<iteration>`.
    Pass,
    /// The state its run started from (`algoscope_scene::RunHeader::start`), under the run
    /// header: `loop-start`, keyed `start:<loop>:<run>`.
    Start,
}

impl RowRole {
    /// The item's `KIND` class.
    fn kind(self) -> &'static str {
        match self {
            RowRole::Pass => "loop-row",
            RowRole::Start => "loop-start",
        }
    }

    /// The contract key of `row` drawn in this role.
    pub(super) fn key(self, row: &LoopRow) -> String {
        match self {
            RowRole::Pass => format!("row:{}:{}:{}", row.loop_id, row.run, row.iteration),
            RowRole::Start => format!("start:{}:{}", row.loop_id, row.run),
        }
    }
}

/// The contract key of a cell of a row: `<row key>#<container>[<index>]`.
pub(super) fn cell_key(row_key: &str, container: &str, index: u64) -> String {
    format!("{row_key}#{container}[{index}]")
}

/// Draws `row` in `role` with its top-left corner at (`x`, `y`) (px); `above` is the row of
/// the same run drawn directly above it, if any (names on linked nodes that moved since are
/// marked).
pub(super) fn draw_row(
    row: &LoopRow,
    role: RowRole,
    above: Option<&LoopRow>,
    plan: &Plan,
    options: &LoopLayoutOptions,
    (x, y): (f64, f64),
) -> Mark {
    let key = role.key(row);
    let h = plan.height_of(row);
    let mut g = item_group(role.kind(), &key, x, y, plan.width, h)
        .class_if("current", row.current)
        .class_if("changed", row.changed)
        .attr("data-loop", row.loop_id.clone())
        .attr("data-run", row.run.to_string())
        .attr("data-iteration", row.iteration.to_string())
        .attr("data-step", row.step.to_string());
    g.children
        .push(Mark::rect("row-bg", 0.0, 0.0, plan.width, h));
    let indent = row.depth as f64 * options.indent_px;
    g.children.push(Mark::text(
        "row-label",
        indent + 4.0,
        plan.cell_h / 2.0,
        row.label.clone(),
    ));
    for (column, rc) in plan.columns.iter().zip(&row.containers) {
        g.children.push(draw_container(row, rc, column, plan));
    }
    for column in &plan.graphs {
        if let Body::Graph(body) = &column.body {
            g.children
                .extend(body.state(row).map(|graph| body.draw(graph, column.x)));
        }
    }
    if let Some(linked) = &plan.linked {
        g.children
            .push(linked.draw(row, above, plan.char_px, plan.max_chars));
    }
    if let Some(sizes) = &row.sizes {
        let at = plan.columns.iter().map(|c| c.size_x).zip(&sizes.containers);
        let linked = (plan.linked_size_x, &sizes.linked);
        for (x, bytes) in at.chain(std::iter::once(linked)) {
            if let (Some(x), Some(bytes)) = (x, bytes) {
                g.children
                    .push(Mark::text("size", x, plan.cell_h / 2.0, size_text(*bytes)));
            }
        }
    }
    for (column, scalar) in plan.scalars.iter().zip(&row.scalars) {
        g.children
            .push(draw_scalar(scalar, column.x, column.w, plan));
    }
    g
}

/// A value cell at (`x`, `y`) of `w × h` with its text centred.
fn value_cell(
    value: Option<&Value>,
    text: &str,
    changed: bool,
    cell: [f64; 4],
    max_chars: usize,
    out: &mut Vec<Mark>,
) -> Mark {
    let [x, y, w, h] = cell;
    let class = value.map_or("", |v| value_text(v, max_chars).1);
    let shown = elide(text, max_chars);
    let mut label = Mark::text("value", x + w / 2.0, y + h / 2.0, shown.clone()).class(class);
    if shown != text {
        label = label.title(text.to_string());
    }
    out.push(label);
    Mark::rect("cell", x, y, w, h).class_if("changed", changed)
}

fn draw_scalar(scalar: &RowScalar, x: f64, w: f64, plan: &Plan) -> Mark {
    let mut g = Mark::group("scalar")
        .class_if("changed", scalar.changed)
        .attr("data-name", scalar.name.clone());
    let mut texts = Vec::new();
    let rect = value_cell(
        scalar.value.as_ref(),
        &scalar.text,
        scalar.changed,
        [x, 0.0, w, plan.cell_h],
        plan.max_chars,
        &mut texts,
    );
    g.children
        .push(rect.class_if("unbound", scalar.value.is_none()));
    g.children.extend(texts);
    g
}

fn draw_container(row: &LoopRow, rc: &RowContainer, column: &Column, plan: &Plan) -> Mark {
    let mut g = Mark::group("container")
        .class_if("rebound", rc.rebound)
        .attr("data-name", rc.name.clone());
    let graph = match &column.body {
        Body::Graph(body) => body.state(row).map(|g| body.draw(g, column.x)),
        _ => None,
    };
    match (&rc.content, &column.body) {
        (_, Body::Graph(_)) if graph.is_some() => g.children.extend(graph),
        (RowContent::Sequence(seq), Body::Cells { .. }) => {
            sequence(row, seq, column, plan, &mut g.children)
        }
        (RowContent::Dict(d), Body::Dict { keys }) => {
            dict(d, column.x, keys, plan, &mut g.children)
        }
        (RowContent::Grid(grid), Body::Grid { .. }) => {
            grid_cells(row, grid, column, plan, &mut g.children)
        }
        _ => {
            // Not bound to a container in this row (or bound to another kind than the
            // column's): a dash where its cells would be.
            g = g.class("absent");
            g.children.push(Mark::text(
                "value none",
                column.x + plan.char_px,
                plan.cell_h / 2.0,
                "–",
            ));
        }
    }
    g
}

fn sequence(row: &LoopRow, seq: &SequenceRow, column: &Column, plan: &Plan, out: &mut Vec<Mark>) {
    let Body::Cells {
        cell_w, indexed, ..
    } = column.body
    else {
        return;
    };
    let h = plan.cell_h;
    let mut texts = Vec::new();
    let mut last_end = column.x;
    for (k, cell) in seq.cells.iter().enumerate() {
        let index = if indexed {
            seq.offset + k as u64
        } else {
            k as u64
        };
        let Some(cx) = column.slot_center(index) else {
            continue;
        };
        let x = cx - cell_w / 2.0;
        if k == 0 && seq.offset > 0 && indexed {
            out.push(Mark::text(
                "value ellipsis",
                x - ELLIPSIS_W / 2.0,
                h / 2.0,
                "…",
            ));
        }
        let rect = value_cell(
            Some(&cell.value),
            &cell.text,
            cell.changed,
            [x, 0.0, cell_w, h],
            plan.max_chars,
            &mut texts,
        );
        out.push(rect.attr("data-slot", index.to_string()));
        last_end = x + cell_w;
    }
    popped_front(seq, column, plan, out);
    popped_back(seq, column, plan, out);
    if seq.cells.is_empty() && seq.removed_back.is_empty() {
        let x = column
            .slot_center(seq.offset)
            .map_or(column.x, |c| c - cell_w / 2.0);
        out.push(Mark::rect("cell empty", x, 0.0, cell_w, h));
    } else if seq.offset + (seq.cells.len() as u64) < seq.length {
        out.push(Mark::text(
            "value ellipsis",
            last_end + ELLIPSIS_W / 2.0,
            h / 2.0,
            "…",
        ));
    }
    out.extend(texts);
    let pointers = column_pointers(row, column, PointerAxis::Items);
    pointers_below(plan.char_px, &pointers, h, out);
}

/// A faded cell of a value that left its list, at `x` (px), with its text.
fn popped_cell(cell: &RowCell, x: f64, w: f64, plan: &Plan, out: &mut Vec<Mark>) {
    let mut texts = Vec::new();
    let rect = value_cell(
        Some(&cell.value),
        &cell.text,
        false,
        [x, 0.0, w, plan.cell_h],
        plan.max_chars,
        &mut texts,
    );
    out.push(rect.class("popped"));
    out.extend(texts);
}

/// The items that left the front since the compared row (`popleft()`, `shift()`): faded
/// cells in the room the plan leaves left of index 0 (the last [`super::plan::MAX_POPPED`] of them, next
/// to the list), with an arrow pointing out to the left, in `<g class="popped front">`.
fn popped_front(seq: &SequenceRow, column: &Column, plan: &Plan, out: &mut Vec<Mark>) {
    let Body::Cells {
        cell_w, popped_w, ..
    } = column.body
    else {
        return;
    };
    if seq.removed_front.is_empty() || popped_w <= 0.0 {
        return;
    }
    let slots = ((popped_w - POP_ARROW_W - POP_GAP) / cell_w)
        .round()
        .max(1.0) as usize;
    let shown = &seq.removed_front[seq.removed_front.len().saturating_sub(slots)..];
    let all: Vec<&str> = seq.removed_front.iter().map(|c| c.text.as_str()).collect();
    let mut g = Mark::group("popped front")
        .attr("data-count", seq.removed_front.len().to_string())
        .title(format!("left the front: {}", all.join(", ")));
    let x0 = column.x + POP_ARROW_W + (slots - shown.len()) as f64 * cell_w;
    for (k, cell) in shown.iter().enumerate() {
        popped_cell(cell, x0 + k as f64 * cell_w, cell_w, plan, &mut g.children);
    }
    let y = plan.cell_h / 2.0;
    g.children.push(Mark::path(
        "pop-out",
        format!(
            "M{},{} L{},{}",
            fmt_num(x0 - 1.0),
            fmt_num(y),
            fmt_num(column.x + 1.0),
            fmt_num(y)
        ),
    ));
    out.push(g);
}

/// The items that left the end since the compared row (`pop()`): faded cells in their old
/// slots, in `<g class="popped back">`.
fn popped_back(seq: &SequenceRow, column: &Column, plan: &Plan, out: &mut Vec<Mark>) {
    let Body::Cells { cell_w, .. } = column.body else {
        return;
    };
    if seq.removed_back.is_empty() {
        return;
    }
    let all: Vec<&str> = seq.removed_back.iter().map(|c| c.text.as_str()).collect();
    let mut g = Mark::group("popped back")
        .attr("data-count", seq.removed_back.len().to_string())
        .title(format!("left the end: {}", all.join(", ")));
    let end = seq.offset + seq.cells.len() as u64;
    for (k, cell) in seq.removed_back.iter().enumerate() {
        if let Some(cx) = column.slot_center(end + k as u64) {
            popped_cell(cell, cx - cell_w / 2.0, cell_w, plan, &mut g.children);
        }
    }
    out.push(g);
}

fn dict(d: &DictRow, x0: f64, keys: &[(String, f64, f64)], plan: &Plan, out: &mut Vec<Mark>) {
    let h = plan.cell_h;
    let mut texts = Vec::new();
    for e in &d.entries {
        let Some((_, dx, w)) = keys.iter().find(|(k, _, _)| *k == e.key_text) else {
            continue;
        };
        let rect = value_cell(
            Some(&e.value),
            &e.text,
            e.changed,
            [x0 + dx, 0.0, *w, h],
            plan.max_chars,
            &mut texts,
        );
        out.push(rect.attr("data-slot", e.key_text.clone()));
    }
    if d.entries.is_empty() {
        out.push(Mark::rect("cell empty", x0, 0.0, plan.cell_h, h));
    }
    out.extend(texts);
}

fn grid_cells(row: &LoopRow, grid: &GridRow, column: &Column, plan: &Plan, out: &mut Vec<Mark>) {
    let Body::Grid {
        rl, cols, cell_w, ..
    } = column.body
    else {
        return;
    };
    let gh = GRID_CELL_H;
    let mut texts = Vec::new();
    for (r, cells) in grid.rows.iter().enumerate() {
        let y = r as f64 * gh;
        out.push(Mark::text(
            "index",
            column.x + rl / 2.0,
            y + gh / 2.0,
            r.to_string(),
        ));
        for (c, cell) in cells.iter().enumerate() {
            let x = column.x + rl + c as f64 * cell_w;
            let focused = grid.focus == Some([r as u64, c as u64]);
            let rect = value_cell(
                Some(&cell.value),
                &cell.text,
                cell.changed,
                [x, y, cell_w, gh],
                plan.max_chars,
                &mut texts,
            );
            out.push(
                rect.class_if("focus", focused)
                    .attr("data-slot", format!("{r},{c}")),
            );
        }
    }
    out.extend(texts);
    let bottom = grid.rows.len().max(1) as f64 * gh;
    let under = column_pointers(row, column, PointerAxis::Columns);
    pointers_below(plan.char_px, &under, bottom, out);
    let mut by_index: Vec<(u64, Vec<PointerAt>)> = Vec::new();
    for p in column_pointers(row, column, PointerAxis::Rows) {
        match by_index.iter_mut().find(|(i, _)| *i == p.index) {
            Some((_, list)) => list.push(p),
            None => by_index.push((p.index, vec![p])),
        }
    }
    let at = column.x + rl + cols as f64 * cell_w + 4.0;
    for (index, list) in by_index {
        let cy = index as f64 * gh + gh / 2.0;
        out.push(pointer_beside(plan.char_px, at, cy, &list).0);
    }
}
