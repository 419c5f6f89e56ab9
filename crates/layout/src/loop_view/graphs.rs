//! A graph in a row: a small copy of the graph a container holds, with that row's overlay
//! (visited fill, queue order badges, the current node), in place of the container's cells.
//!
//! Every row draws the graph to one plan: the run-wide plan the caller passes in
//! [`super::LoopLayoutOptions::graphs`] (what the memory view uses), else one made here from
//! every node and edge the graph has in any row, so nodes never move between rows. The
//! drawing is the memory view's ([`crate::graph_view::graph_marks`]) without the box title
//! and legend. Its spacing is scaled by [`super::LoopLayoutOptions::graph_scale`] where the
//! nodes allow, but nodes are never drawn smaller than [`MIN_LABEL_PX`] text needs: the
//! copy is drawn at that larger scale from the plan contracted so the nodes keep
//! [`COPY_GAP`] apart. The legend of the overlay marks is drawn once, in the column's head.

use algoscope_scene::{LoopRow, LoopScene, SceneGraph};

use crate::drawing::{fmt_num, Mark};
use crate::graph::LayoutMethod;
use crate::graph_view::{
    graph_marks, legend, legend_width, union_universe, LABEL_H, LAYER_GAP, LEGEND_H, NODE_GAP,
};
use crate::{plan_graph, GraphPlan};

/// Size of a node label in the memory view (px).
const LABEL_FONT_PX: f64 = 13.0;
/// Smallest node label a row's copy draws (px): the copy's scale is at least
/// `MIN_LABEL_PX / LABEL_FONT_PX`.
pub(super) const MIN_LABEL_PX: f64 = 10.0;
/// Free space kept between two node outlines of a contracted copy, decorations included (px,
/// before scaling; the memory view keeps 30).
const COPY_GAP: f64 = 6.0;
/// Scale of the legend in a column head: its 11 px text drawn at 10 px, so it fits the index
/// line.
const HEAD_LEGEND_SCALE: f64 = 10.0 / 11.0;

use super::LoopLayoutOptions;

/// A graph column's drawing plan.
#[derive(Clone, Debug)]
pub(super) struct GraphBody {
    /// The graph's run-wide id.
    pub id: String,
    /// The plan every row draws to (unscaled px): the run-wide one, contracted.
    pub plan: GraphPlan,
    /// The scale the copy is drawn at (at least `MIN_LABEL_PX / LABEL_FONT_PX`).
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
        let scale = options.graph_scale.max(MIN_LABEL_PX / LABEL_FONT_PX);
        // Spacing shrinks towards `graph_scale` as far as the largest node allows: two nodes
        // of a plan are at least NODE_GAP apart across, and layers LAYER_GAP apart (a force
        // layout's nodes half of NODE_GAP up and down), decorations included.
        let (w, h) = plan.largest_node();
        let tall = h + plan.above() + plan.below();
        let gap_y = match plan.method {
            LayoutMethod::Layered => LAYER_GAP,
            LayoutMethod::Force => NODE_GAP / 2.0,
        };
        let k = (options.graph_scale / scale)
            .max((w + COPY_GAP) / (w + NODE_GAP))
            .max((tall + COPY_GAP) / (tall + gap_y))
            .min(1.0);
        Some(GraphBody {
            id: id.to_string(),
            plan: plan.contracted(k),
            scale,
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
    fn copy_size(&self) -> (f64, f64) {
        (self.plan.width * self.scale, self.inner_h() * self.scale)
    }

    /// Width and height the graph takes in its column (px): the copy's, widened to the
    /// legend in the column head.
    pub(super) fn size(&self) -> (f64, f64) {
        let (w, h) = self.copy_size();
        (w.max(self.legend_w()), h)
    }

    /// Width of the legend in the column head (px); 0 without one.
    fn legend_w(&self) -> f64 {
        legend_width(&self.plan.legend) * HEAD_LEGEND_SCALE
    }

    /// The legend of every overlay mark the graph shows over the run (visited, waiting with
    /// its order badge, current, parent edge, distance), once for all rows, its left end at
    /// `x` and its middle at `cy` (px, the column head's index line); `None` when the graph
    /// never shows any.
    pub(super) fn head_legend(&self, x: f64, cy: f64) -> Option<Mark> {
        let w = legend_width(&self.plan.legend);
        let inner = legend(&self.plan.legend, w / 2.0, 0.0)?;
        Some(
            Mark::group("graph-legend")
                .attr(
                    "transform",
                    format!(
                        "translate({},{}) scale({})",
                        fmt_num(x),
                        fmt_num(cy),
                        fmt_num(HEAD_LEGEND_SCALE)
                    ),
                )
                .child(inner),
        )
    }

    /// The row's state of the graph (the graph with this id in the row), if it has one.
    pub(super) fn state<'r>(&self, row: &'r LoopRow) -> Option<&'r SceneGraph> {
        row.graphs.iter().find(|g| g.id == self.id)
    }

    /// The copy of `graph` with its top-left corner at (`x`, 0) of the row: a light frame,
    /// then the scaled edges, nodes and weights.
    pub(super) fn draw(&self, graph: &SceneGraph, x: f64) -> Mark {
        let (w, h) = self.copy_size();
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
