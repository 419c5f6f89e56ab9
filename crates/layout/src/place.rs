//! Units (a frame, a separate object, a tree block, the output card), their columns and
//! their places.
//!
//! Columns: the stack is column 0; every other unit goes in the column of its breadth-first
//! distance from the frames over the arrows drawn, so a forward arrow always reaches the very
//! next column; a linked list's chain takes consecutive columns in link order and one top
//! edge (see `chain`). Places: boxes a person dragged first, exactly where they were left; frames
//! down column 0; then units in breadth-first order, each at the height of the first arrow
//! into it (or where it was at the previous step, when that spot is free), pushed down past
//! anything already there; the printed-output card last, at the bottom of column 0.

use std::collections::{BTreeMap, VecDeque};

use algoscope_scene::{MemoryScene, TreeBlock, OUTPUT_KEY};

use crate::chain::{chain_top, Chains};
use crate::options::LayoutOptions;
use crate::shape::{build_frame, build_object, build_output, output_width, Ctx, Port, Pt, Shape};

/// Top-arrival geometry of a tree node.
#[derive(Clone, Debug)]
pub(crate) struct TopInfo {
    /// Centre x of the node (unit coordinates).
    pub cx: f64,
    /// Top of the node (unit coordinates).
    pub top: f64,
    /// Height of the channel parent-to-child arrows run along, above this node.
    pub chan_y: f64,
    /// Level of the node in its tree (root 0).
    pub level: usize,
    /// Key of the node's parent in the block.
    pub parent: Option<String>,
}

/// A thing placed as a whole in one column.
pub(crate) struct Unit {
    /// Key used for pinned and previous positions (a tree block uses its root's key).
    pub key: String,
    /// Column (0 = stack).
    pub column: usize,
    /// Size (px).
    pub w: f64,
    /// Size (px).
    pub h: f64,
    /// Shapes at their offsets inside the unit.
    pub parts: Vec<(f64, f64, Shape)>,
    /// Tree nodes' top-arrival geometry, by key.
    pub tops: BTreeMap<String, TopInfo>,
    /// True for a frame or the output card.
    pub stack: bool,
    /// Top-left, once placed.
    pub x: f64,
    /// Top-left, once placed.
    pub y: f64,
    /// True when placed from `LayoutOptions::pinned`.
    pub pinned: bool,
}

impl Unit {
    fn single(shape: Shape, stack: bool) -> Unit {
        Unit {
            key: shape.key.clone(),
            column: 0,
            w: shape.w,
            h: shape.h,
            parts: vec![(0.0, 0.0, shape)],
            tops: BTreeMap::new(),
            stack,
            x: 0.0,
            y: 0.0,
            pinned: false,
        }
    }
}

const TREE_HGAP: f64 = 24.0;
const TREE_VGAP: f64 = 48.0;
const TREE_PAD: f64 = 22.0;

/// A tree block: nodes in in-order slots, one level per depth.
fn tree_unit(ctx: &Ctx, block: &TreeBlock) -> Option<Unit> {
    let mut shapes = Vec::new();
    for node in &block.nodes {
        let obj = ctx.objects.get(node.id.as_str())?;
        shapes.push((node, build_object(ctx, obj, 0)));
    }
    let slot_w = shapes.iter().map(|(_, s)| s.w).fold(0.0, f64::max) + TREE_HGAP;
    let levels = shapes
        .iter()
        .map(|(n, _)| n.depth as usize)
        .max()
        .unwrap_or(0)
        + 1;
    let mut level_h = vec![0.0_f64; levels];
    for (n, s) in &shapes {
        level_h[n.depth as usize] = level_h[n.depth as usize].max(s.h);
    }
    let mut level_top = Vec::with_capacity(levels);
    let mut y = TREE_PAD;
    for h in &level_h {
        level_top.push(y);
        y += h + TREE_VGAP;
    }
    let h = y - TREE_VGAP + TREE_PAD;
    let w = shapes.len() as f64 * slot_w;
    let mut exit_count = vec![0usize; levels];
    let mut parts = Vec::new();
    let mut tops = BTreeMap::new();
    for (i, (node, mut shape)) in shapes.into_iter().enumerate() {
        let d = node.depth as usize;
        let x = i as f64 * slot_w + (slot_w - shape.w) / 2.0;
        let top = level_top[d];
        let bottom_band = top + level_h[d];
        for port in &mut shape.ports {
            let child_edge = port.down
                && block.nodes.iter().any(|n| {
                    format!("obj:{}", n.id) == port.to
                        && n.parent.as_deref() == Some(node.id.as_str())
                });
            if child_edge {
                continue;
            }
            // Leave the block through the band below this level, to its right edge.
            let k = exit_count[d];
            exit_count[d] += 1;
            let ey = bottom_band + 6.0 + 4.0 * (k % 4) as f64 - top;
            let last = port.points.last().copied().unwrap_or((shape.w, 0.0));
            if port.down {
                port.points.push((last.0, ey));
            } else {
                let side = shape.w + 6.0;
                port.points.push((side, last.1));
                port.points.push((side, ey));
            }
            port.points.push((w - x, ey));
            port.down = false;
        }
        tops.insert(
            format!("obj:{}", node.id),
            TopInfo {
                cx: x + shape.w / 2.0,
                top,
                chan_y: top - TREE_VGAP / 2.0,
                level: d,
                parent: node.parent.as_ref().map(|p| format!("obj:{p}")),
            },
        );
        parts.push((x, top, shape));
    }
    Some(Unit {
        key: format!("obj:{}", block.root),
        column: 0,
        w,
        h,
        parts,
        tops,
        stack: false,
        x: 0.0,
        y: 0.0,
        pinned: false,
    })
}

/// Every unit of the scene: frames first, then trees and objects in breadth-first order,
/// then the output card.
pub(crate) fn build_units(ctx: &Ctx, scene: &MemoryScene) -> Vec<Unit> {
    let mut units: Vec<Unit> = scene
        .frames
        .iter()
        .map(|f| Unit::single(build_frame(ctx, f), true))
        .collect();
    let in_tree: BTreeMap<&str, usize> = scene
        .trees
        .iter()
        .enumerate()
        .flat_map(|(i, t)| t.nodes.iter().map(move |n| (n.id.as_str(), i)))
        .collect();
    let grid_rows: Vec<&str> = scene
        .grids
        .iter()
        .flat_map(|g| g.rows.iter().map(String::as_str))
        .collect();
    let mut trees_done = vec![false; scene.trees.len()];
    for obj in &scene.objects {
        if let Some(&t) = in_tree.get(obj.id.as_str()) {
            if !trees_done[t] {
                trees_done[t] = true;
                if let Some(u) = tree_unit(ctx, &scene.trees[t]) {
                    units.push(u);
                }
            }
            continue;
        }
        if grid_rows.contains(&obj.id.as_str()) || (ctx.nested && obj.nest_in.is_some()) {
            continue;
        }
        units.push(Unit::single(build_object(ctx, obj, 0), false));
    }
    units
}

/// The output card, as wide as column 0.
pub(crate) fn output_unit(ctx: &Ctx, scene: &MemoryScene, width: f64) -> Option<Unit> {
    scene
        .output
        .as_ref()
        .map(|o| Unit::single(build_output(ctx, o, width), true))
}

/// Box key → index of the unit drawing it (nested boxes and grid rows included).
pub(crate) fn unit_of(units: &[Unit]) -> BTreeMap<String, usize> {
    let mut map = BTreeMap::new();
    for (i, u) in units.iter().enumerate() {
        for (_, _, shape) in &u.parts {
            map.insert(shape.key.clone(), i);
            for t in &shape.targets {
                map.insert(t.key.clone(), i);
            }
        }
    }
    map
}

/// Assigns columns by breadth-first distance from the stack units over the drawn arrows.
pub(crate) fn assign_columns(
    units: &mut [Unit],
    scene: &MemoryScene,
    nested: bool,
    unit_of: &BTreeMap<String, usize>,
) {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); units.len()];
    for a in scene.drawn_arrows(nested) {
        if let (Some(&s), Some(&t)) = (unit_of.get(&a.from_node), unit_of.get(&a.to)) {
            adj[s].push(t);
        }
    }
    // A chain takes consecutive columns from where it is first reached (see `chain`).
    let chains = Chains::new(scene, unit_of);
    let mut dist: Vec<Option<usize>> = vec![None; units.len()];
    let mut queue = VecDeque::new();
    for (i, u) in units.iter().enumerate() {
        if u.stack {
            dist[i] = Some(0);
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let d = dist[i].unwrap_or(0);
        for &j in &adj[i] {
            if dist[j].is_some() {
                continue;
            }
            match chains.columns(j, d + 1) {
                Some(columns) => {
                    for (u, c) in columns {
                        if dist[u].is_none() {
                            dist[u] = Some(c);
                            queue.push_back(u);
                        }
                    }
                }
                None => {
                    dist[j] = Some(d + 1);
                    queue.push_back(j);
                }
            }
        }
    }
    for (u, d) in units.iter_mut().zip(dist) {
        u.column = if u.stack { 0 } else { d.unwrap_or(1).max(1) };
    }
}

/// Free vertical intervals per column, kept sorted by top.
struct Occupied {
    columns: Vec<Vec<(f64, f64)>>,
    pinned: Vec<[f64; 4]>,
    gap: f64,
}

impl Occupied {
    fn insert(&mut self, column: usize, top: f64, bottom: f64) {
        let list = &mut self.columns[column];
        let at = list.partition_point(|iv| iv.0 < top);
        list.insert(at, (top, bottom));
    }

    /// First y ≥ `y` where a box of height `h` in `column` (x range `x0..x1`) touches nothing.
    fn free_y(&self, column: usize, x0: f64, x1: f64, mut y: f64, h: f64) -> f64 {
        for _ in 0..64 {
            let start = y;
            for &(top, bottom) in &self.columns[column] {
                if top < y + h + self.gap && bottom + self.gap > y {
                    y = bottom + self.gap;
                }
            }
            for r in &self.pinned {
                if r[0] < x1 + self.gap
                    && r[0] + r[2] + self.gap > x0
                    && r[1] < y + h + self.gap
                    && r[1] + r[3] + self.gap > y
                {
                    y = r[1] + r[3] + self.gap;
                }
            }
            if y == start {
                break;
            }
        }
        y
    }

    fn is_free(&self, column: usize, x0: f64, x1: f64, y: f64, h: f64) -> bool {
        self.free_y(column, x0, x1, y, h) == y
    }
}

/// The absolute exit point of `port` of a unit part.
fn port_exit(unit: &Unit, part: (f64, f64), port: &Port) -> Pt {
    let (x, y) = port.points.last().copied().unwrap_or((0.0, 0.0));
    (unit.x + part.0 + x, unit.y + part.1 + y)
}

/// Places every unit: pinned ones, frames, the rest in order, then `output` last.
pub(crate) fn place(
    units: &mut [Unit],
    scene: &MemoryScene,
    options: &LayoutOptions,
    col_x: &[f64],
    unit_of: &BTreeMap<String, usize>,
) {
    let s = &options.sizes;
    let ncols = col_x.len();
    let mut occ = Occupied {
        columns: vec![Vec::new(); ncols],
        pinned: Vec::new(),
        gap: s.box_gap_px,
    };
    let mut placed = vec![false; units.len()];
    for (i, u) in units.iter_mut().enumerate() {
        u.pinned = false;
        if let Some(&pos) = options.pinned.get(&u.key) {
            let (x, y) = unit_origin(u, pos);
            u.x = x;
            u.y = y;
            u.pinned = true;
            placed[i] = true;
            occ.pinned.push([x, y, u.w, u.h]);
        }
    }
    let top = s.top_margin_px;
    // Frames down the stack column, then objects in order; the output card last.
    let mut order: Vec<usize> = (0..units.len())
        .filter(|&i| units[i].stack && units[i].key != OUTPUT_KEY)
        .collect();
    order.extend((0..units.len()).filter(|&i| !units[i].stack));
    order.extend((0..units.len()).filter(|&i| units[i].key == OUTPUT_KEY));
    // Arrows by target unit, in scene order, for "first arrow into it".
    let mut first_in: BTreeMap<usize, Vec<(usize, String, String, String)>> = BTreeMap::new();
    for a in scene.drawn_arrows(options.nested) {
        if let (Some(&su), Some(&tu)) = (unit_of.get(&a.from_node), unit_of.get(&a.to)) {
            if su != tu {
                first_in.entry(tu).or_default().push((
                    su,
                    a.from.clone(),
                    a.to.clone(),
                    a.from_node.clone(),
                ));
            }
        }
    }
    let mut stack_bottom = top - s.box_gap_px;
    let chains = Chains::new(scene, unit_of);
    for i in order {
        if placed[i] {
            continue;
        }
        if let Some(&(c, _)) = chains.of.get(&i) {
            // The whole chain at once, on one top edge.
            let members: Vec<usize> = chains.members[c]
                .iter()
                .copied()
                .filter(|&u| !placed[u])
                .collect();
            let at = |u: usize| {
                let column = units[u].column.min(ncols.saturating_sub(1));
                (column, col_x.get(column).copied().unwrap_or(0.0))
            };
            let want = members
                .iter()
                .find_map(|&u| desired_y(units, u, &placed, first_in.get(&u)))
                .unwrap_or(top)
                .max(top);
            let prev = members
                .first()
                .and_then(|&u| options.previous.get(&units[u].key))
                .map(|&p| p.1.max(top));
            let fits = |u: usize, y: f64| {
                let (column, x) = at(u);
                occ.is_free(column, x, x + units[u].w, y, units[u].h)
            };
            let free = |u: usize, y: f64| {
                let (column, x) = at(u);
                occ.free_y(column, x, x + units[u].w, y, units[u].h)
            };
            let candidates: Vec<f64> = prev.into_iter().chain([want]).collect();
            let y = chain_top(&members, &candidates, want, &fits, &free);
            let spots: Vec<(usize, usize, f64)> = members
                .iter()
                .map(|&u| {
                    let (column, x) = at(u);
                    (u, column, x)
                })
                .collect();
            for (u, column, x) in spots {
                units[u].x = x;
                units[u].y = y;
                placed[u] = true;
                occ.insert(column, y, y + units[u].h);
            }
            continue;
        }
        let column = units[i].column.min(ncols.saturating_sub(1));
        let x = col_x.get(column).copied().unwrap_or(0.0);
        let (w, h) = (units[i].w, units[i].h);
        let mut y = if units[i].stack {
            stack_bottom + s.box_gap_px
        } else {
            desired_y(units, i, &placed, first_in.get(&i)).unwrap_or(top)
        };
        y = y.max(top);
        let prev = options
            .previous
            .get(&units[i].key)
            .map(|&p| unit_origin(&units[i], p).1.max(top));
        // A box reached from another object (a chain or tree link) follows its source so
        // linked structures stay straight; boxes held by variables keep their place.
        let linked = !units[i].stack
            && first_in.get(&i).is_some_and(|arrows| {
                arrows
                    .iter()
                    .find(|(su, ..)| placed[*su])
                    .is_some_and(|(su, ..)| !units[*su].stack)
            });
        y = match prev {
            _ if linked && occ.is_free(column, x, x + w, y, h) => y,
            Some(py) if !units[i].stack && occ.is_free(column, x, x + w, py, h) => py,
            _ => occ.free_y(column, x, x + w, y, h),
        };
        units[i].x = x;
        units[i].y = y;
        placed[i] = true;
        occ.insert(column, y, y + h);
        if units[i].stack {
            stack_bottom = stack_bottom.max(y + h);
        }
    }
}

/// The unit's top-left for a box position given by its key. Positions (pinned, previous) are
/// those of the box with the unit's key, which sits inside a tree block at an offset.
fn unit_origin(unit: &Unit, (x, y): Pt) -> Pt {
    let (dx, dy) = unit
        .parts
        .iter()
        .find(|(_, _, shape)| shape.key == unit.key)
        .map_or((0.0, 0.0), |(px, py, _)| (*px, *py));
    (x - dx, y - dy)
}

/// The unit top that puts the target of its first incoming arrow level with the arrow's exit.
fn desired_y(
    units: &[Unit],
    i: usize,
    placed: &[bool],
    arrows: Option<&Vec<(usize, String, String, String)>>,
) -> Option<f64> {
    for (su, from, to, _) in arrows? {
        if !placed[*su] {
            continue;
        }
        let src = &units[*su];
        let exit = src.parts.iter().find_map(|(px, py, shape)| {
            shape
                .ports
                .iter()
                .find(|p| &p.from == from && &p.to == to)
                .map(|p| port_exit(src, (*px, *py), p))
        });
        let src_top = src.parts.iter().find_map(|(_, py, shape)| {
            shape
                .ports
                .iter()
                .any(|p| &p.from == from && &p.to == to)
                .then_some(src.y + py)
        });
        let target = units[i].parts.iter().find_map(|(_, py, shape)| {
            shape
                .targets
                .iter()
                .find(|t| &t.key == to)
                .map(|t| (py + t.anchor_y, py + t.span.0, py + t.span.1))
        });
        if let (Some(exit), Some(src_top), Some((anchor, lo, hi))) = (exit, src_top, target) {
            // Level with the source box when the arrow can then run straight (a chain of
            // linked nodes stays on one line); else the anchor level with the arrow.
            let offset = exit.1 - src_top;
            if units[i].tops.is_empty() && offset >= lo && offset <= hi {
                return Some(src_top);
            }
            return Some(exit.1 - anchor);
        }
    }
    None
}

/// Width of every column (px); column 0 includes the printed-output card's width.
pub(crate) fn column_widths(units: &[Unit], ctx: &Ctx, scene: &MemoryScene) -> Vec<f64> {
    let ncols = units.iter().map(|u| u.column).max().unwrap_or(0) + 1;
    let mut widths = vec![0.0_f64; ncols];
    for u in units {
        if !u.pinned {
            widths[u.column] = widths[u.column].max(u.w);
        }
    }
    widths[0] = widths[0].max(output_width(ctx, scene.output_width_chars));
    widths
}
