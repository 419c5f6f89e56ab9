//! A graph drawn in the memory view, in place of its holder's box.
//!
//! [`plan_graphs`] lays each graph of a run out once ([`crate::graph::layout_graph`] over
//! every node and edge it ever has, from `algoscope_scene::graph_universe`), so nodes never
//! move while the graph is built and the box keeps one size; the html command computes the
//! plans once and passes them to every step in [`crate::LayoutOptions::graphs`]. A step
//! without a plan for a graph plans it from that step alone.
//!
//! One layout unit is about the widest node plus a gap (64 px across; layers are the tallest
//! node plus its decorations and a gap apart). Edges are clipped to node outlines (circles
//! for labels up to three characters, rounded boxes otherwise); an undirected pair is drawn
//! once, a directed pair as two bowed curves; weights are labels with a halo. Nodes carry
//! their state as classes (`visited`, `queued` with an order badge, `current`), pointer names
//! above, distances below; parent edges are highlighted. A legend lists every kind of state
//! the graph ever shows.

mod draw;
mod geometry;
mod legend;
mod plan;

pub(crate) use draw::{build_graph, graph_marks};
pub(crate) use legend::{legend, legend_width};
pub use plan::{plan_graph, plan_graphs, GraphPlan, PlannedEdge, PlannedNode};
pub(crate) use plan::{step_universe, union_universe, LABEL_H, LAYER_GAP, LEGEND_H, NODE_GAP};
