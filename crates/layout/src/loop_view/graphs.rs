//! A graph in a row: a small copy of the graph a container holds, with that row's overlay
//! (visited fill, queue order badges, the current node), in place of the container's cells.
//!
//! Every row draws the graph to one plan: the run-wide plan the caller passes in
//! [`super::LoopLayoutOptions::graphs`] (what the memory view uses), else one made here from
//! every node and edge the graph has in any row, so nodes never move between rows. The
//! drawing is the memory view's ([`crate::graph_view::graph_marks`]) without the box title
//! and legend, scaled by [`super::LoopLayoutOptions::graph_scale`].

use algoscope_scene::{LoopRow, LoopScene, SceneGraph};

use crate::drawing::{fmt_num, Mark};
use crate::graph_view::{graph_marks, union_universe, LABEL_H, LEGEND_H};
use crate::{plan_graph, GraphPlan};

use super::LoopLayoutOptions;

/// A graph column's drawing plan.
#[derive(Clone, Debug)]
pub(super) struct GraphBody {
    /// The graph's run-wide id.
    pub id: String,
    /// The plan every row draws to (unscaled px).
    pub plan: GraphPlan,
    /// The scale the copy is drawn at.
    pub scale: f64,
}

impl GraphBody {
    /// Plans graph `id` of `scene`; `None` when no row holds it.
    pub(super) fn new(scene: &LoopScene, id: &str, options: &LoopLayoutOptions) -> Option<Self> {
        let mut states = scene
            .drawn_rows()
            .flat_map(|r| r.graphs.iter())
            .filter(|g| g.id == id);
        let first = states.next()?;
        let plan = match options.graphs.get(id) {
            Some(plan) => plan.clone(),
            None => plan_graph(&union_universe(first, states), &options.sizes),
        };
        Some(GraphBody {
            id: id.to_string(),
            plan,
            scale: options.graph_scale,
        })
    }

    /// The plan's height without the box title and the legend (unscaled px).
    fn inner_h(&self) -> f64 {
        let legend = if self.plan.legend.is_empty() {
            0.0
        } else {
            LEGEND_H
        };
        (self.plan.height - LABEL_H - legend).max(0.0)
    }

    /// Width and height of the copy (px).
    pub(super) fn size(&self) -> (f64, f64) {
        (self.plan.width * self.scale, self.inner_h() * self.scale)
    }

    /// The row's state of the graph (the graph with this id in the row), if it has one.
    pub(super) fn state<'r>(&self, row: &'r LoopRow) -> Option<&'r SceneGraph> {
        row.graphs.iter().find(|g| g.id == self.id)
    }

    /// The copy of `graph` with its top-left corner at (`x`, 0) of the row: a light frame,
    /// then the scaled edges, nodes and weights.
    pub(super) fn draw(&self, graph: &SceneGraph, x: f64) -> Mark {
        let (w, h) = self.size();
        let mut scaled = Mark::group("graph-copy").attr(
            "transform",
            format!(
                "translate({},{}) scale({})",
                fmt_num(x),
                fmt_num(-LABEL_H * self.scale),
                fmt_num(self.scale)
            ),
        );
        scaled
            .children
            .extend(graph_marks(graph, &self.plan, false));
        Mark::group("row-graph")
            .class_if("directed", graph.directed)
            .attr("data-graph", graph.id.clone())
            .child(Mark::rect("graph-frame", x, 0.0, w, h))
            .child(scaled)
    }
}
