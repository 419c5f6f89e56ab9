//! The linked track in every row: a list as compact chains, a tree as a small top-down
//! drawing, with the names on nodes as pointer markers under them.
//!
//! A list keeps the run-wide node order ([`algoscope_scene::LoopLinked::chains`]): each chain
//! is a line of its own and a node sits at its position in its chain on every row, so a
//! reversal reads as the arrows flipping pass by pass while the nodes stay put. A node is its
//! value cell and a small compartment for the primary link (a dot when it points somewhere, a
//! slash when it is null). A primary link to the neighbouring node is a short straight arrow
//! between the two (to the right, or to the left once reversed); any other primary link is an
//! arc above the line; other links (`prev`) are arcs below it. Names (`head`, `prev`, `cur`)
//! are index-pointer markers under their node, drawn by the same code as pointers under
//! lists ([`crate::marker::pointers_below`]).
//!
//! A tree is drawn per row from the row's tree blocks: nodes in in-order across (one slot
//! each), depth down, parent-to-child edges leaving from the parent's bottom corner on the
//! child's side; its names are markers right under their node (in in-order no other node is
//! below it in its slot), with the levels spaced to hold them.
//!
//! Nodes whose value or links changed since the compared row
//! ([`algoscope_scene::LoopRow::linked_changes`]) are highlighted like changed cells, and so
//! are the links leaving them; a name that moved since the row drawn above is a `changed`
//! pointer.

use std::collections::BTreeMap;

use algoscope_scene::{LinkedNode, LinkedRow, LinkedShape, LoopLinked, LoopRow, LoopScene};

use crate::drawing::{fmt_num, Mark};
use crate::marker::{pointers_below, PointerAt, POINTER_H, POINTER_LINE_H};
use crate::options::Sizes;
use crate::text::{elide, value_text};

use super::plan::cell_width;

/// Width of a list node's primary-link compartment (px).
const LINK_W: f64 = 12.0;
/// Horizontal gap between two list nodes, where a link arrow runs (px).
const LIST_GAP: f64 = 22.0;
/// Horizontal gap between two tree slots (px).
const TREE_GAP: f64 = 8.0;
/// Room above a list line for arcs, and below it for secondary-link arcs (px).
const ARC_H: f64 = 14.0;
/// Vertical gap between two tree levels, where edges run (px).
const LEVEL_GAP: f64 = 14.0;
/// Vertical gap between two list lines (px).
const LINE_GAP: f64 = 6.0;
/// Arrows start and end this far from a node's outline (px).
const END_GAP: f64 = 1.0;

/// How the track is drawn in every row.
#[derive(Clone, Debug)]
pub(super) enum Shape {
    /// Chains, one line each.
    List {
        /// Node id → (line, position in the line).
        place: BTreeMap<String, (usize, usize)>,
        /// Top of each line's nodes, from the row's top (px).
        line_y: Vec<f64>,
        /// Whether secondary links (arcs below) occur.
        below: bool,
    },
    /// Trees, in-order across.
    Tree {
        /// Vertical gap between two levels (px): room for edges and names.
        level_gap: f64,
        /// Room under the deepest level for the names on nodes (px).
        names_h: f64,
        /// Every node's slot in one order of the whole run that keeps each row's in-order
        /// ([`run_order`]), so a node has the same x on every row; `None` when no such order
        /// was found, and each row's nodes take slots from the left in its own in-order.
        rank: Option<BTreeMap<String, usize>>,
    },
}

/// The linked column every row shares.
#[derive(Clone, Debug)]
pub(super) struct LinkedPlan {
    /// The node class (the column's head).
    pub name: String,
    /// The link followed to read a list (`next`).
    primary: Option<String>,
    /// Left edge, from the row's left edge (px).
    pub x: f64,
    /// Width (px).
    pub w: f64,
    /// Height of the drawing, markers included (px).
    pub h: f64,
    /// Width of a node's value cell (px).
    value_w: f64,
    /// Width of a node (px).
    node_w: f64,
    /// Height of a node (px).
    node_h: f64,
    /// Distance between two neighbouring slots' left edges (px).
    slot: f64,
    /// Lines or levels.
    shape: Shape,
}

fn rows(scene: &LoopScene) -> impl Iterator<Item = &LinkedRow> {
    scene.drawn_rows().filter_map(|r| r.linked.as_ref())
}

/// The value text of a node (empty when it has none).
fn node_text(node: &LinkedNode, max_chars: usize) -> (String, &'static str) {
    match &node.value {
        Some(v) => value_text(v, max_chars),
        None => (String::new(), ""),
    }
}

/// Plans the linked column of `scene` at `x` (px from the row's left edge); `None` without a
/// track.
pub(super) fn plan(scene: &LoopScene, x: f64, s: &Sizes) -> Option<LinkedPlan> {
    let linked: &LoopLinked = scene.linked.as_ref()?;
    let mut value_w = s.cell_width_px;
    for row in rows(scene) {
        for n in &row.nodes {
            value_w = value_w.max(cell_width(&node_text(n, s.max_value_chars).0, s));
        }
    }
    let node_h = s.cell_height_px;
    let names = rows(scene).any(|r| !r.names.is_empty());
    let names_h = if names {
        POINTER_H + POINTER_LINE_H
    } else {
        0.0
    };
    let primary = linked.track.primary_link().map(str::to_string);
    let (shape, node_w, slot, slots, h) = match linked.track.shape {
        LinkedShape::Tree => {
            let levels = rows(scene)
                .flat_map(|r| r.trees.iter().flat_map(|t| &t.nodes))
                .map(|n| n.depth as usize + 1)
                .max()
                .unwrap_or(1);
            let rank = run_order(rows(scene));
            let slots = match &rank {
                Some(rank) => rank.len(),
                None => rows(scene)
                    .map(|r| r.trees.iter().map(|t| t.nodes.len()).sum::<usize>())
                    .max()
                    .unwrap_or(1),
            };
            let level_gap = if names { POINTER_H } else { LEVEL_GAP };
            let h = levels as f64 * (node_h + level_gap) - level_gap + names_h;
            (
                Shape::Tree {
                    level_gap,
                    names_h,
                    rank,
                },
                value_w,
                value_w + TREE_GAP,
                slots,
                h,
            )
        }
        LinkedShape::List => {
            let mut place: BTreeMap<String, (usize, usize)> = BTreeMap::new();
            let mut lines: Vec<usize> = Vec::new();
            for chain in &linked.chains {
                let line = lines.len();
                let mut len = 0;
                for id in chain {
                    if !place.contains_key(id) {
                        place.insert(id.clone(), (line, len));
                        len += 1;
                    }
                }
                lines.push(len);
            }
            let mut loose = 0;
            for id in &linked.columns {
                if !place.contains_key(id) {
                    place.insert(id.clone(), (lines.len(), loose));
                    loose += 1;
                }
            }
            if loose > 0 {
                lines.push(loose);
            }
            let below = rows(scene).any(|r| {
                r.nodes.iter().any(|n| {
                    n.links
                        .iter()
                        .any(|l| Some(&l.field) != primary.as_ref() && !l.targets.is_empty())
                })
            });
            let line_h = ARC_H + node_h + if below { ARC_H } else { 0.0 } + names_h;
            let line_y: Vec<f64> = (0..lines.len())
                .map(|k| k as f64 * (line_h + LINE_GAP) + ARC_H)
                .collect();
            let h = lines.len().max(1) as f64 * (line_h + LINE_GAP) - LINE_GAP;
            let slots = lines.iter().copied().max().unwrap_or(1);
            let node_w = value_w + LINK_W;
            (
                Shape::List {
                    place,
                    line_y,
                    below,
                },
                node_w,
                node_w + LIST_GAP,
                slots,
                h,
            )
        }
    };
    // A name under the last node may reach past it.
    let name_half = rows(scene)
        .flat_map(|r| &r.names)
        .map(|n| crate::text::text_px(&n.name, s.char_px() * 11.0 / 13.0) / 2.0)
        .fold(0.0, f64::max);
    let overhang = (name_half - (node_w - value_w / 2.0)).max(0.0);
    let w = (slots.max(1) as f64 * slot - (slot - node_w) + overhang)
        .max(crate::text::text_px(&linked.track.class, s.char_px()) + 4.0);
    Some(LinkedPlan {
        name: linked.track.class.clone(),
        primary,
        x,
        w: w + 8.0,
        h,
        value_w,
        node_w,
        node_h,
        slot,
        shape,
    })
}

/// One order of every tree node of the rows (node id → slot) in which each row's nodes keep
/// their in-order, so a node can keep its x on every row: each node first seen in a row goes
/// right after its nearest in-order predecessor there that is already placed (else right
/// before its nearest placed successor, else at the end); `None` when the order found breaks
/// some row's in-order (a rotation).
fn run_order<'a>(rows: impl Iterator<Item = &'a LinkedRow>) -> Option<BTreeMap<String, usize>> {
    let seqs: Vec<Vec<&str>> = rows
        .map(|r| {
            r.trees
                .iter()
                .flat_map(|t| t.nodes.iter().map(|n| n.id.as_str()))
                .collect()
        })
        .collect();
    let mut order: Vec<&str> = Vec::new();
    let mut placed: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    for seq in &seqs {
        for (k, id) in seq.iter().enumerate() {
            if !placed.insert(id) {
                continue;
            }
            let position = |other: &&str| order.iter().position(|o| o == other);
            let at = match seq[..k].iter().rev().find_map(position) {
                Some(before) => before + 1,
                None => seq[k + 1..]
                    .iter()
                    .find_map(position)
                    .unwrap_or(order.len()),
            };
            order.insert(at, id);
        }
    }
    let rank: BTreeMap<String, usize> = order
        .iter()
        .enumerate()
        .map(|(i, id)| (id.to_string(), i))
        .collect();
    let keeps = |seq: &Vec<&str>| seq.windows(2).all(|w| rank.get(w[0]) < rank.get(w[1]));
    seqs.iter().all(keeps).then_some(rank)
}

/// A node placed in one row: its left, top (px from the row's corner).
type Placed = BTreeMap<String, (f64, f64)>;

impl LinkedPlan {
    /// Height of `row`'s drawing (px): a list's lines are the same on every row; a tree is
    /// as tall as the row's own deepest level (0 without a tree).
    pub(super) fn height_of(&self, row: &LoopRow) -> f64 {
        match &self.shape {
            Shape::List { .. } => self.h,
            Shape::Tree {
                level_gap, names_h, ..
            } => {
                let levels = row
                    .linked
                    .iter()
                    .flat_map(|l| l.trees.iter().flat_map(|t| &t.nodes))
                    .map(|n| n.depth as usize + 1)
                    .max();
                levels.map_or(0.0, |levels| {
                    levels as f64 * (self.node_h + level_gap) - level_gap + names_h
                })
            }
        }
    }

    /// Where each node of `row` goes.
    fn place(&self, row: &LinkedRow) -> Placed {
        let mut out = Placed::new();
        match &self.shape {
            Shape::List { place, line_y, .. } => {
                for n in &row.nodes {
                    if let Some(&(line, pos)) = place.get(&n.id) {
                        let y = line_y.get(line).copied().unwrap_or(ARC_H);
                        out.insert(n.id.clone(), (self.x + pos as f64 * self.slot, y));
                    }
                }
            }
            Shape::Tree {
                level_gap, rank, ..
            } => {
                let mut slot = 0;
                for block in &row.trees {
                    for n in &block.nodes {
                        let y = n.depth as f64 * (self.node_h + level_gap);
                        let at = rank.as_ref().and_then(|r| r.get(&n.id)).unwrap_or(&slot);
                        out.insert(n.id.clone(), (self.x + *at as f64 * self.slot, y));
                        slot += 1;
                    }
                }
            }
        }
        out
    }

    /// Draws `row`'s linked track (its `linked`), or nothing when it has none; a name whose
    /// node differs from `above`'s (the row drawn directly above, of the same run) is marked
    /// `changed`.
    pub(super) fn draw(
        &self,
        row: &LoopRow,
        above: Option<&LoopRow>,
        char_px: f64,
        max_chars: usize,
    ) -> Mark {
        let mut g = Mark::group("container linked")
            .class(match self.shape {
                Shape::List { .. } => "list",
                Shape::Tree { .. } => "tree",
            })
            .class_if("changed", row.linked_changed)
            .attr("data-name", self.name.clone());
        let Some(linked) = &row.linked else {
            return g;
        };
        let at = self.place(linked);
        let changed = |id: &str| row.linked_changes.iter().any(|c| c == id);
        let mut links = Vec::new();
        let mut nodes = Vec::new();
        for n in &linked.nodes {
            let Some(&(x, y)) = at.get(&n.id) else {
                continue;
            };
            let (text, class) = node_text(n, max_chars);
            let list = matches!(self.shape, Shape::List { .. });
            let mut node = Mark::group("lnode")
                .class_if("changed", changed(&n.id))
                .attr("data-node", n.id.clone());
            let cell = Mark::rect("cell", x, y, self.value_w, self.node_h)
                .class_if("changed", changed(&n.id));
            // In a list, nodes keep their slot on every row: the slot is checked like an index.
            node.children.push(if list {
                cell.attr("data-slot", n.id.clone())
            } else {
                cell
            });
            let shown = elide(&text, max_chars);
            let mut label = Mark::text(
                "value",
                x + self.value_w / 2.0,
                y + self.node_h / 2.0,
                shown.clone(),
            )
            .class(class);
            if shown != text {
                label = label.title(text.clone());
            }
            node.children.push(label);
            if list {
                let null = n
                    .links
                    .iter()
                    .find(|l| Some(&l.field) == self.primary.as_ref())
                    .is_none_or(|l| l.targets.is_empty());
                node.children.push(self.compartment(x, y, null));
            }
            nodes.push(node);
            for link in &n.links {
                for target in &link.targets {
                    let Some(&to) = at.get(target) else {
                        continue;
                    };
                    let primary = Some(&link.field) == self.primary.as_ref();
                    let Some(d) = self.link_path((x, y), to, primary) else {
                        continue;
                    };
                    links.push(
                        Mark::path("link", d)
                            .class_if("secondary", list && !primary)
                            .class_if("changed", changed(&n.id))
                            .attr("data-from", n.id.clone())
                            .attr("data-to", target.clone())
                            .attr("data-field", link.field.clone()),
                    );
                }
            }
        }
        let mut link_layer = Mark::group("links");
        link_layer.children = links;
        let mut node_layer = Mark::group("lnodes");
        node_layer.children = nodes;
        g.children.push(link_layer);
        g.children.push(node_layer);
        let before = above.and_then(|a| a.linked.as_ref());
        g.children.extend(self.names(linked, before, &at, char_px));
        g
    }

    /// The primary-link compartment of a list node at (`x`, `y`): a dot, or a slash for null.
    fn compartment(&self, x: f64, y: f64, null: bool) -> Mark {
        let (lx, h) = (x + self.value_w, self.node_h);
        let mut g = Mark::group("lslot")
            .class_if("null", null)
            .child(Mark::rect("lslot-box", lx, y, LINK_W, h));
        g.children.push(if null {
            Mark::path(
                "lslot-null",
                format!(
                    "M{},{} L{},{}",
                    fmt_num(lx + 2.0),
                    fmt_num(y + h - 3.0),
                    fmt_num(lx + LINK_W - 2.0),
                    fmt_num(y + 3.0)
                ),
            )
        } else {
            Mark::circle("lslot-dot", lx + LINK_W / 2.0, y + h / 2.0, 2.5)
        });
        g
    }

    /// The path of a link from the node at `from` to the node at `to` (their corners).
    fn link_path(&self, from: (f64, f64), to: (f64, f64), primary: bool) -> Option<String> {
        let (w, h) = (self.node_w, self.node_h);
        if from == to {
            return None;
        }
        let p = |x: f64, y: f64| format!("{},{}", fmt_num(x), fmt_num(y));
        match self.shape {
            Shape::Tree { .. } => {
                // From the bottom corner on the child's side, clear of the names under the
                // parent's middle.
                let corner = if to.0 < from.0 { 3.0 } else { w - 3.0 };
                Some(format!(
                    "M{} L{}",
                    p(from.0 + corner, from.1 + h + END_GAP),
                    p(to.0 + w / 2.0, to.1 - END_GAP)
                ))
            }
            Shape::List { .. } => {
                let same_line = (from.1 - to.1).abs() < 0.01;
                let step = ((to.0 - from.0) / self.slot).round();
                if primary && same_line && step == 1.0 {
                    // To the neighbour on the right: from the compartment, a little high.
                    let y = from.1 + h / 2.0 - 3.0;
                    Some(format!(
                        "M{} L{}",
                        p(from.0 + self.value_w + LINK_W / 2.0, y),
                        p(to.0 - END_GAP, y)
                    ))
                } else if primary && same_line && step == -1.0 {
                    // Reversed, to the neighbour on the left: from the node's left edge, a
                    // little low, so a two-way pair reads as two arrows.
                    let y = from.1 + h / 2.0 + 3.0;
                    Some(format!(
                        "M{} L{}",
                        p(from.0 - END_GAP, y),
                        p(to.0 + w + END_GAP, y)
                    ))
                } else if primary || !same_line {
                    // An arc over the line, from the compartment's top to the target's top.
                    let (x1, y1) = (from.0 + self.value_w + LINK_W / 2.0, from.1 - END_GAP);
                    let (x2, y2) = (to.0 + self.value_w / 2.0, to.1 - END_GAP);
                    let top = from.1.min(to.1) - ARC_H + 2.0;
                    Some(format!(
                        "M{} C{} {} {}",
                        p(x1, y1),
                        p(x1, top),
                        p(x2, top),
                        p(x2, y2)
                    ))
                } else {
                    // A secondary link: an arc under the line.
                    let (x1, y1) = (from.0 + self.value_w / 2.0 - 4.0, from.1 + h + END_GAP);
                    let (x2, y2) = (to.0 + self.value_w / 2.0 + 4.0, to.1 + h + END_GAP);
                    let bottom = from.1 + h + ARC_H - 2.0;
                    Some(format!(
                        "M{} C{} {} {}",
                        p(x1, y1),
                        p(x1, bottom),
                        p(x2, bottom),
                        p(x2, y2)
                    ))
                }
            }
        }
    }

    /// The names on nodes as pointer markers: under each list line, or under each tree
    /// node.
    fn names(
        &self,
        row: &LinkedRow,
        before: Option<&LinkedRow>,
        at: &Placed,
        char_px: f64,
    ) -> Vec<Mark> {
        let mut by_line: BTreeMap<u64, Vec<PointerAt>> = BTreeMap::new();
        for name in &row.names {
            let Some(&(x, y)) = at.get(&name.node) else {
                continue;
            };
            let bottom = match &self.shape {
                Shape::List { below, .. } => y + self.node_h + if *below { ARC_H } else { 0.0 },
                Shape::Tree { .. } => y + self.node_h,
            };
            by_line
                .entry((bottom * 100.0).round() as u64)
                .or_default()
                .push(PointerAt {
                    x: x + self.value_w / 2.0,
                    name: &name.name,
                    index: ((x - self.x) / self.slot).round().max(0.0) as u64,
                    hollow: false,
                    changed: before.is_some_and(|b| {
                        !b.names
                            .iter()
                            .any(|n| n.name == name.name && n.node == name.node)
                    }),
                });
        }
        let mut out = Vec::new();
        for (bottom, list) in by_line {
            let mut marks = Vec::new();
            pointers_below(char_px, &list, bottom as f64 / 100.0, &mut marks);
            let mut g = Mark::group("lnames");
            g.children = marks;
            out.push(g);
        }
        out
    }
}
