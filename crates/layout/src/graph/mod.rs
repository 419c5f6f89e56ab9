//! Layout of an abstract graph: node count + edges in, node centres and edge bend points out,
//! in layout units (about one unit between neighbouring nodes; y grows downwards).
//!
//! [`layout_graph`] picks the method (unless [`GraphLayoutOptions::method`] forces one):
//!
//! - **Layered** for directed acyclic graphs and undirected forests (Sugiyama style):
//!   layers by longest path, then the least total edge length by the network simplex method
//!   (what dot does; an undirected forest's layers are its breadth-first depths from the
//!   lowest-numbered node of each tree), see `layering`; edges longer than one layer are cut
//!   by dummy nodes; the order in each layer minimises crossings (median/barycenter sweeps,
//!   transpose, sifting, several starts under a fixed work budget, the best kept), see
//!   `ordering`; x by least squares towards the neighbours' average with a minimum gap,
//!   long edges straightened where the gaps allow, see `coords`. Layer `i` is at `y = i`.
//! - **Force** otherwise: deterministic Fruchterman–Reingold from a circle, rotated so the
//!   long side is horizontal, scaled so an edge is about one unit long, no two nodes closer than
//!   0.9 units (see `force`).
//!
//! Self-loops, duplicate edges, edges naming a node `>= nodes`, zero or one node and
//! disconnected graphs are all accepted: self-loops and out-of-range edges get no route and do
//! not affect placement, duplicates share one placement. The result never holds NaN and the
//! same input always gives the same bits.
//!
//! [`count_crossings`] counts edge crossings between adjacent layers, the way the benchmark
//! against Graphviz `dot` counts them for both engines.
//!
//! # Example
//! ```
//! use algoscope_layout::graph::{layout_graph, GraphInput, GraphLayoutOptions, LayoutMethod};
//! // A diamond: 0 → 1, 0 → 2, 1 → 3, 2 → 3.
//! let input = GraphInput {
//!     nodes: 4,
//!     edges: vec![(0, 1), (0, 2), (1, 3), (2, 3)],
//!     directed: true,
//!     ..GraphInput::default()
//! };
//! let layout = layout_graph(&input, &GraphLayoutOptions::default());
//! assert_eq!(layout.method, LayoutMethod::Layered);
//! assert_eq!(layout.layers, vec![vec![0], vec![1, 2], vec![3]]);
//! assert_eq!(layout.positions[0].1, 0.0); // layer 0 at y = 0
//! assert_eq!(layout.positions[3].1, 2.0);
//! assert!((layout.positions[2].0 - layout.positions[1].0).abs() >= 1.0);
//! assert_eq!(layout.crossings(), 0);
//! ```

mod coords;
mod crossings;
mod force;
mod input;
mod layering;
mod ordering;
mod proper;
mod simplex;

use serde::{Deserialize, Serialize};

pub use crossings::{count_crossings, LayerTrack};

/// An abstract graph to lay out: nodes `0..nodes`, edges between them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphInput {
    /// Number of nodes; nodes are numbered `0..nodes`.
    pub nodes: usize,
    /// Edges as (from, to) node numbers. Self-loops, duplicates and numbers `>= nodes` are
    /// accepted (see the module documentation).
    pub edges: Vec<(usize, usize)>,
    /// Whether edges have a direction. Undirected forests and directed acyclic graphs are laid
    /// out in layers; anything else by forces.
    pub directed: bool,
    /// Optional width of each node in layout units (missing entries, negative or non-finite
    /// values count as [`DEFAULT_NODE_WIDTH`]). Two nodes side by side in a layer keep their
    /// centres at least `(w_a + w_b) / 2 + NODE_GAP` apart, so default nodes are one unit apart.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub widths: Vec<f64>,
}

/// Width of a node (layout units) when [`GraphInput::widths`] does not give one.
pub const DEFAULT_NODE_WIDTH: f64 = 0.5;

/// Free space (layout units) between two nodes side by side in a layer.
pub const NODE_GAP: f64 = 0.5;

/// Which layout method was used (or is asked for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LayoutMethod {
    /// Nodes in horizontal layers, edges pointing downwards (Sugiyama style).
    Layered,
    /// Deterministic force-directed placement (Fruchterman–Reingold).
    Force,
}

/// Knobs of [`layout_graph`]; `Default` is what the memory view uses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GraphLayoutOptions {
    /// Force a method; `None` picks layered for directed acyclic graphs and undirected
    /// forests and force otherwise. Forcing layered on a graph with cycles reverses a set of
    /// edges found by depth-first search so the rest points downwards.
    pub method: Option<LayoutMethod>,
    /// Fruchterman–Reingold iterations (fixed, so the result is deterministic). Default 300.
    pub force_iterations: usize,
    /// Crossing-minimisation rounds without improvement before the ordering stops. Default 6.
    pub ordering_patience: usize,
    /// Upper bound on crossing-minimisation rounds. Default 64.
    pub ordering_rounds: usize,
}

impl Default for GraphLayoutOptions {
    fn default() -> Self {
        GraphLayoutOptions {
            method: None,
            force_iterations: 300,
            ordering_patience: 6,
            ordering_rounds: 64,
        }
    }
}

/// The result of [`layout_graph`], in layout units (y grows downwards).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphLayout {
    /// The method used.
    pub method: LayoutMethod,
    /// Centre of each node (index = node number). Every coordinate is finite and `>= 0`.
    pub positions: Vec<(f64, f64)>,
    /// One entry per input edge, same index as [`GraphInput::edges`].
    pub edges: Vec<EdgeRoute>,
    /// Layered layouts: the real nodes of each layer, left to right (layer `i` at `y = i`).
    /// Empty for force layouts.
    pub layers: Vec<Vec<usize>>,
    /// Largest x of any node or bend point (the smallest is 0).
    pub width: f64,
    /// Largest y of any node or bend point (the smallest is 0).
    pub height: f64,
}

impl GraphLayout {
    /// Crossings between adjacent layers of a layered layout (long edges cut where they pass
    /// each layer), counted by [`count_crossings`] from the positions and routes; 0 for force
    /// layouts, whose edges are not in layers.
    pub fn crossings(&self) -> u64 {
        if self.method != LayoutMethod::Layered {
            return 0;
        }
        count_crossings(&self.tracks())
    }

    /// The layer tracks of a layered layout's edges (for [`count_crossings`]): each edge's x
    /// at every layer from its upper end to its lower end. Edges are taken once per distinct
    /// pair of end nodes; self-loops and edges within one layer are left out.
    pub fn tracks(&self) -> Vec<LayerTrack> {
        let mut seen = std::collections::BTreeSet::new();
        let mut tracks = Vec::new();
        for edge in &self.edges {
            let (a, b) = (edge.from, edge.to);
            let (Some(pa), Some(pb)) = (self.positions.get(a), self.positions.get(b)) else {
                continue;
            };
            if a == b || !seen.insert((a.min(b), a.max(b))) {
                continue;
            }
            let mut points = Vec::with_capacity(edge.points.len() + 2);
            points.push(*pa);
            points.extend(edge.points.iter().copied());
            points.push(*pb);
            if pa.1 > pb.1 {
                points.reverse();
            }
            let top = points[0].1;
            if points.iter().any(|p| !p.1.is_finite() || p.1 < 0.0) {
                continue;
            }
            if points.len() < 2 || points[points.len() - 1].1 <= top {
                continue;
            }
            tracks.push(LayerTrack {
                top_layer: top.round() as usize,
                xs: points.iter().map(|p| p.0).collect(),
            });
        }
        tracks
    }
}

/// Where one input edge goes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EdgeRoute {
    /// The edge's `from` node, as given.
    pub from: usize,
    /// The edge's `to` node, as given.
    pub to: usize,
    /// Bend points between the two end nodes, listed from `from` towards `to`. Layered
    /// layouts give one point per layer a long edge passes (its dummy nodes); edges between
    /// adjacent layers, self-loops, edges naming a missing node and every edge of a force
    /// layout have none (draw them straight, or as a loop).
    pub points: Vec<(f64, f64)>,
}

/// Lays out `input` (see the module documentation for the methods and their rules).
pub fn layout_graph(input: &GraphInput, options: &GraphLayoutOptions) -> GraphLayout {
    let prepared = input::prepare(input);
    let method = options.method.unwrap_or(if prepared.layerable {
        LayoutMethod::Layered
    } else {
        LayoutMethod::Force
    });
    match method {
        LayoutMethod::Layered => layered(input, &prepared, options),
        LayoutMethod::Force => force::layout(input, &prepared, options),
    }
}

/// The layered pipeline: layers, dummy nodes, order, x.
fn layered(
    input: &GraphInput,
    prepared: &input::Prepared,
    options: &GraphLayoutOptions,
) -> GraphLayout {
    let layer_of = layering::assign(prepared);
    let mut graph = proper::ProperGraph::build(prepared, &layer_of);
    ordering::minimise(&mut graph, options);
    let widths = node_widths(input, graph.len());
    let xs = coords::assign(&graph, &widths);
    graph.into_layout(input, &xs)
}

/// Width of every node of the proper graph (real nodes from the input, dummies 0).
fn node_widths(input: &GraphInput, total: usize) -> Vec<f64> {
    (0..total)
        .map(|i| {
            if i >= input.nodes {
                return 0.0;
            }
            match input.widths.get(i) {
                Some(&w) if w.is_finite() && w >= 0.0 => w,
                _ => DEFAULT_NODE_WIDTH,
            }
        })
        .collect()
}
