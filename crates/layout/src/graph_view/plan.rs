//! Planning a graph box once per run: node sizes, node centres in px, edge bend points, the
//! legend, and the box's size, from every node and edge the graph ever has.

use std::collections::BTreeMap;

use algoscope_scene::{GraphUniverse, SceneGraph, StateKind, UniverseGraph};
use serde::{Deserialize, Serialize};

use crate::graph::{layout_graph, GraphInput, GraphLayoutOptions, LayoutMethod};
use crate::options::Sizes;
use crate::text::text_px;

use super::legend::legend_width;

/// Height of the type label above the graph (px).
pub(crate) const LABEL_H: f64 = 16.0;
/// Free space around the nodes inside the box (px): room for bowed edges and self-loops.
pub(crate) const PAD: f64 = 18.0;
/// Height of a rounded-box node and the smallest circle node (px).
pub(crate) const NODE_H: f64 = 28.0;
/// Height of the pointer-name line above a node (px), when the graph ever has pointers.
pub(crate) const POINTER_LINE: f64 = 14.0;
/// Height of the distance tag below a node (px), when the graph ever shows distances.
pub(crate) const DISTANCE_LINE: f64 = 16.0;
/// Height of the legend band (px).
pub(crate) const LEGEND_H: f64 = 24.0;
/// Longest node label drawn before it is elided (characters).
pub(crate) const MAX_LABEL_CHARS: usize = 14;
/// Smallest free space between two nodes' outlines, decorations included (px).
pub(crate) const NODE_GAP: f64 = 30.0;
/// Room right of a node kept for its distance tag in a contracted plan (px): eight 11 px
/// characters.
const DISTANCE_ROOM: f64 = 8.0 * 6.6;
/// Free space between two layers of a layered layout, decorations included (px).
pub(crate) const LAYER_GAP: f64 = 28.0;
/// Half the width kept for a node's pointer names in a contracted plan (px): six 13 px
/// characters each side of the node's centre.
const POINTER_HALF: f64 = 48.0;
/// Horizontal layout unit (px): about one unit between neighbouring nodes.
const UNIT_X: f64 = 64.0;

/// One node as planned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlannedNode {
    /// Node key (`s:A`).
    pub key: String,
    /// The text drawn (elided to 14 characters).
    pub label: String,
    /// Centre x (px, from the graph box's left edge).
    pub x: f64,
    /// Centre y (px, from the graph box's top edge).
    pub y: f64,
    /// Outline width (px).
    pub w: f64,
    /// Outline height (px).
    pub h: f64,
    /// True for a circle (short labels), false for a rounded box.
    pub circle: bool,
}

/// Bend points of one edge as planned (px, box coordinates), from `from` towards `to`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlannedEdge {
    /// Node key the edge leaves.
    pub from: String,
    /// Node key the edge reaches.
    pub to: String,
    /// Bend points between the two nodes (a layered layout's long edges); empty: straight.
    pub points: Vec<(f64, f64)>,
}

/// Where everything of one graph box goes, for every step of a run. Built once per run by
/// [`plan_graphs`] (or per step, from the step's graph alone, when the layout options hold no
/// plan for it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphPlan {
    /// The graph's run-wide id (`obj:o4`, `class:City`).
    pub id: String,
    /// Layered or force-directed.
    pub method: LayoutMethod,
    /// Every node the graph ever has.
    pub nodes: Vec<PlannedNode>,
    /// Every edge the graph ever has (one per unordered pair when undirected).
    pub edges: Vec<PlannedEdge>,
    /// Whether the graph is ever directed.
    pub directed: bool,
    /// The kinds of state the legend lists (every kind the graph ever shows).
    pub legend: Vec<StateKind>,
    /// True when some node ever carries a pointer name (a line is kept above every node).
    pub pointers: bool,
    /// Box width (px).
    pub width: f64,
    /// Box height (px).
    pub height: f64,
}

impl GraphPlan {
    /// The planned node with this key.
    pub fn node(&self, key: &str) -> Option<&PlannedNode> {
        self.nodes.iter().find(|n| n.key == key)
    }

    /// Space above a node's outline kept for its pointer names (px).
    pub(crate) fn above(&self) -> f64 {
        if self.pointers {
            POINTER_LINE
        } else {
            0.0
        }
    }

    /// The plan with its node centres and bend points drawn `k` times closer together (`0 <
    /// k <= 1`, node sizes unchanged), the top-left node margins kept: for a copy whose nodes
    /// are drawn larger than its spacing is scaled (the loop history's rows). The width is
    /// the drawing's own (the title's and legend's floors dropped); a `k` outside `(0, 1]`
    /// is taken as 1.
    pub(crate) fn contracted(&self, k: f64) -> GraphPlan {
        let k = if k > 0.0 && k <= 1.0 { k } else { 1.0 };
        let min_x = self.nodes.iter().map(|n| n.x).fold(f64::INFINITY, f64::min);
        let min_y = self.nodes.iter().map(|n| n.y).fold(f64::INFINITY, f64::min);
        if !min_x.is_finite() || !min_y.is_finite() {
            return self.clone();
        }
        let squeeze = |(x, y): (f64, f64)| (min_x + (x - min_x) * k, min_y + (y - min_y) * k);
        let mut out = self.clone();
        for n in &mut out.nodes {
            (n.x, n.y) = squeeze((n.x, n.y));
        }
        for e in &mut out.edges {
            for p in &mut e.points {
                *p = squeeze(*p);
            }
        }
        // Left-align: the leftmost outline (or pointer names) PAD from the left edge.
        let half = |n: &PlannedNode| {
            if self.pointers {
                (n.w / 2.0).max(POINTER_HALF)
            } else {
                n.w / 2.0
            }
        };
        let left = out
            .nodes
            .iter()
            .map(|n| n.x - half(n))
            .fold(f64::INFINITY, f64::min);
        let shift = PAD - left;
        let mut right: f64 = 0.0;
        let mut bottom: f64 = LABEL_H + PAD;
        for n in &mut out.nodes {
            n.x += shift;
            right = right.max(n.x + half(n));
            bottom = bottom.max(n.y + n.h / 2.0 + self.below());
        }
        for p in out.edges.iter_mut().flat_map(|e| e.points.iter_mut()) {
            p.0 += shift;
            right = right.max(p.0);
            bottom = bottom.max(p.1);
        }
        let dist_room = if self.below() > 0.0 {
            DISTANCE_ROOM
        } else {
            0.0
        };
        out.width = right + dist_room + PAD;
        let legend_h = if self.legend.is_empty() {
            0.0
        } else {
            LEGEND_H
        };
        out.height = bottom + PAD + legend_h;
        out
    }

    /// Widest and tallest node outline (px).
    pub(crate) fn largest_node(&self) -> (f64, f64) {
        self.nodes
            .iter()
            .fold((0.0, 0.0), |(w, h), n| (f64::max(w, n.w), f64::max(h, n.h)))
    }

    /// Space below a node's outline kept for its distance tag (px).
    pub(crate) fn below(&self) -> f64 {
        if self.legend.contains(&StateKind::Distance) {
            DISTANCE_LINE
        } else {
            0.0
        }
    }
}

/// One plan per graph of `universe`, keyed by graph id: what to put in
/// [`crate::LayoutOptions::graphs`] so every step draws each graph the same way.
///
/// # Example
/// ```
/// use algoscope_layout::{plan_graphs, Sizes};
/// use algoscope_scene::{graph_universe, SceneOptions};
/// let json = r#"{"version":1,"language":"python","source":"g = {}\n","stdout":"",
///   "steps":[{"event":"line","line":1,"stdoutLength":0,
///     "stack":[{"id":"f1","func":"<module>","line":1,"locals":[["g",{"kind":"ref","id":"o1"}]]}],
///     "heap":{"o1":{"kind":"dict","typeName":"dict","length":2,"entries":[
///        [{"kind":"prim","type":"str","repr":"'A'"},{"kind":"ref","id":"o2"}],
///        [{"kind":"prim","type":"str","repr":"'B'"},{"kind":"ref","id":"o3"}]]},
///       "o2":{"kind":"list","typeName":"list","length":1,"items":[{"kind":"prim","type":"str","repr":"'B'"}]},
///       "o3":{"kind":"list","typeName":"list","length":0,"items":[]}}}]}"#;
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
/// let plans = plan_graphs(&graph_universe(&trace, &SceneOptions::default()), &Sizes::default());
/// let plan = &plans["obj:o1"];
/// let (a, b) = (plan.node("s:A").unwrap(), plan.node("s:B").unwrap());
/// assert!(b.y > a.y, "A → B is laid out in layers, top-down");
/// ```
pub fn plan_graphs(universe: &GraphUniverse, sizes: &Sizes) -> BTreeMap<String, GraphPlan> {
    universe
        .graphs
        .iter()
        .map(|g| (g.id.clone(), plan_graph(g, sizes)))
        .collect()
}

/// The universe of a single step's graph (used when no run-wide plan is given).
pub(crate) fn step_universe(g: &SceneGraph) -> UniverseGraph {
    union_universe(g, [])
}

/// The universe of states of one graph (`first`, then `more`; `first`'s id and kind): every
/// node and edge any of them has, in order of first appearance, so a plan of it keeps every
/// node in place across them. Used when no run-wide plan is given.
pub(crate) fn union_universe<'a>(
    first: &'a SceneGraph,
    more: impl IntoIterator<Item = &'a SceneGraph>,
) -> UniverseGraph {
    let graphs: Vec<&SceneGraph> = std::iter::once(first).chain(more).collect();
    let mut nodes: Vec<algoscope_scene::GraphNode> = Vec::new();
    let mut edges: Vec<(String, String)> = Vec::new();
    let mut states: Vec<StateKind> = Vec::new();
    for g in &graphs {
        for n in &g.nodes {
            if !nodes.iter().any(|m| m.key == n.key) {
                nodes.push(n.clone());
            }
        }
        for e in &g.edges {
            let pair = (e.from.clone(), e.to.clone());
            if !edges.contains(&pair) {
                edges.push(pair);
            }
        }
        for k in g.overlay.kinds() {
            if !states.contains(&k) {
                states.push(k);
            }
        }
    }
    states.sort();
    UniverseGraph {
        id: first.id.clone(),
        kind: first.kind,
        nodes,
        edges,
        directed: graphs.iter().any(|g| g.directed),
        weighted: graphs
            .iter()
            .any(|g| g.edges.iter().any(|e| e.weight.is_some())),
        states,
        pointers: graphs.iter().any(|g| !g.overlay.pointers.is_empty()),
        steps: (0, 0),
    }
}

/// A node label as drawn: at most [`MAX_LABEL_CHARS`] characters.
pub(crate) fn short_label(label: &str) -> String {
    crate::text::elide(label, MAX_LABEL_CHARS)
}

/// Plans one graph (see [`plan_graphs`]).
pub fn plan_graph(g: &UniverseGraph, sizes: &Sizes) -> GraphPlan {
    let cw = sizes.char_px();
    let index: BTreeMap<&str, usize> = g
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.key.as_str(), i))
        .collect();
    let labels: Vec<String> = g.nodes.iter().map(|n| short_label(&n.label)).collect();
    let dims: Vec<(f64, f64, bool)> = labels
        .iter()
        .map(|l| {
            let text_w = text_px(l, cw);
            if l.chars().count() <= 3 {
                let d = (text_w + 12.0).max(NODE_H + 2.0);
                (d, d, true)
            } else {
                (text_w + 18.0, NODE_H, false)
            }
        })
        .collect();
    // Edges for the engine: one per unordered pair when undirected.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut planned_pairs: Vec<(String, String)> = Vec::new();
    for (from, to) in &g.edges {
        let (Some(&a), Some(&b)) = (index.get(from.as_str()), index.get(to.as_str())) else {
            continue;
        };
        let dup = pairs
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (!g.directed && (x, y) == (b, a)));
        if !dup {
            pairs.push((a, b));
            planned_pairs.push((from.clone(), to.clone()));
        }
    }
    let input = GraphInput {
        nodes: g.nodes.len(),
        edges: pairs.clone(),
        directed: g.directed,
        widths: dims
            .iter()
            .map(|d| (d.0 + NODE_GAP) / UNIT_X - 0.5)
            .collect(),
    };
    let layout = layout_graph(&input, &GraphLayoutOptions::default());
    let legend = g.states.clone();
    let above = if g.pointers { POINTER_LINE } else { 0.0 };
    let below = if legend.contains(&StateKind::Distance) {
        DISTANCE_LINE
    } else {
        0.0
    };
    let max_h = dims.iter().map(|d| d.1).fold(NODE_H, f64::max);
    // Scales: layers get the tallest node, its decorations and a gap; force layouts are
    // scaled evenly, then spread until no two nodes (with decorations) come closer than a gap.
    let (mut sx, mut sy) = match layout.method {
        LayoutMethod::Layered => (UNIT_X, max_h + above + below + LAYER_GAP),
        LayoutMethod::Force => (UNIT_X * 1.25, UNIT_X * 1.25),
    };
    if layout.method == LayoutMethod::Force {
        let mut s: f64 = sx;
        for i in 0..dims.len() {
            for j in i + 1..dims.len() {
                let (pi, pj) = (layout.positions[i], layout.positions[j]);
                let (dx, dy) = ((pi.0 - pj.0).abs(), (pi.1 - pj.1).abs());
                let need_x = (dims[i].0 + dims[j].0) / 2.0 + NODE_GAP;
                let need_y = (dims[i].1 + dims[j].1) / 2.0 + above + below + NODE_GAP / 2.0;
                let by_x = if dx > 1e-9 {
                    need_x / dx
                } else {
                    f64::INFINITY
                };
                let by_y = if dy > 1e-9 {
                    need_y / dy
                } else {
                    f64::INFINITY
                };
                let pair = by_x.min(by_y);
                if pair.is_finite() {
                    s = s.max(pair.min(UNIT_X * 4.0));
                }
            }
        }
        sx = s;
        sy = s;
    }
    let half_w = dims.iter().map(|d| d.0).fold(0.0, f64::max) / 2.0;
    let ox = PAD + half_w;
    let oy = LABEL_H + PAD + above + max_h / 2.0;
    let nodes: Vec<PlannedNode> = g
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let (x, y) = layout.positions.get(i).copied().unwrap_or((0.0, 0.0));
            PlannedNode {
                key: n.key.clone(),
                label: labels[i].clone(),
                x: ox + x * sx,
                y: oy + y * sy,
                w: dims[i].0,
                h: dims[i].1,
                circle: dims[i].2,
            }
        })
        .collect();
    let edges: Vec<PlannedEdge> = planned_pairs
        .into_iter()
        .zip(&layout.edges)
        .map(|((from, to), route)| PlannedEdge {
            from,
            to,
            points: route
                .points
                .iter()
                .map(|p| (ox + p.0 * sx, oy + p.1 * sy))
                .collect(),
        })
        .collect();
    let mut right: f64 = 0.0;
    let mut bottom: f64 = LABEL_H + PAD;
    // Distance tags sit at a node's bottom right: keep room for eight characters.
    let dist_w = if below > 0.0 {
        8.0 * cw * 11.0 / 13.0
    } else {
        0.0
    };
    for n in &nodes {
        right = right.max(n.x + n.w / 2.0 + dist_w);
        bottom = bottom.max(n.y + n.h / 2.0 + below);
    }
    for e in &edges {
        for p in &e.points {
            right = right.max(p.0);
            bottom = bottom.max(p.1);
        }
    }
    let legend_h = if legend.is_empty() { 0.0 } else { LEGEND_H };
    let width = (right + PAD)
        .max(legend_width(&legend) + 2.0 * 8.0)
        .max(text_px("dict · graph of 40 nodes", cw * 11.0 / 13.0) + 4.0);
    let height = bottom + PAD + legend_h;
    // Centre the drawing when the legend or title made the box wider.
    let shift = (width - (right + PAD)) / 2.0;
    let nodes = nodes
        .into_iter()
        .map(|mut n| {
            n.x += shift;
            n
        })
        .collect();
    let edges = edges
        .into_iter()
        .map(|mut e| {
            for p in &mut e.points {
                p.0 += shift;
            }
            e
        })
        .collect();
    GraphPlan {
        id: g.id.clone(),
        method: layout.method,
        nodes,
        edges,
        directed: g.directed,
        legend,
        pointers: g.pointers,
        width,
        height,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(key: &str, x: f64, y: f64) -> PlannedNode {
        PlannedNode {
            key: key.to_string(),
            label: key.to_string(),
            x,
            y,
            w: 30.0,
            h: 30.0,
            circle: true,
        }
    }

    fn plan() -> GraphPlan {
        GraphPlan {
            id: "g".to_string(),
            method: LayoutMethod::Layered,
            nodes: vec![
                node("a", 100.0, 50.0),
                node("b", 160.0, 50.0),
                node("c", 130.0, 130.0),
            ],
            edges: vec![PlannedEdge {
                from: "a".to_string(),
                to: "c".to_string(),
                points: vec![(100.0, 90.0)],
            }],
            directed: true,
            legend: Vec::new(),
            pointers: false,
            width: 400.0,
            height: 200.0,
        }
    }

    #[test]
    fn contracting_brings_centres_closer_and_keeps_node_sizes() {
        let c = plan().contracted(0.5);
        let (a, b, n) = (&c.nodes[0], &c.nodes[1], &c.nodes[2]);
        assert_eq!(b.x - a.x, 30.0);
        assert_eq!(n.y - a.y, 40.0);
        assert_eq!((a.w, a.h), (30.0, 30.0));
        // The leftmost outline PAD from the left edge, the top row where it was.
        assert_eq!(a.x - a.w / 2.0, PAD);
        assert_eq!(a.y, 50.0);
        assert_eq!(c.edges[0].points, vec![(a.x, 70.0)]);
        assert_eq!(c.width, b.x + b.w / 2.0 + PAD);
        assert_eq!(c.height, n.y + n.h / 2.0 + PAD);
    }

    #[test]
    fn a_factor_outside_zero_to_one_keeps_the_spacing() {
        for k in [0.0, -1.0, 2.0, f64::NAN] {
            let c = plan().contracted(k);
            assert_eq!(c.nodes[1].x - c.nodes[0].x, 60.0, "{k}");
        }
    }
}
