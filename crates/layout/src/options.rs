//! Layout options.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Sizes of the picture, in px (SVG user units).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Sizes {
    /// Font size of values and names (px); a monospace character is 0.6 of it wide.
    pub font_px: f64,
    /// Smallest width of a value cell (px).
    pub cell_width_px: f64,
    /// Height of a value cell (px).
    pub cell_height_px: f64,
    /// Smallest gap between two columns (px); grows with the arrow lanes it holds.
    pub column_gap_px: f64,
    /// Vertical gap between two boxes of a column (px).
    pub box_gap_px: f64,
    /// Distance between two arrow lanes (px).
    pub lane_px: f64,
    /// Margin around the picture (px).
    pub margin_px: f64,
    /// Free band above the boxes for arrows that run back to an earlier column (px).
    pub top_margin_px: f64,
    /// Longest value text shown in a cell before it is elided with `…` (characters).
    pub max_value_chars: usize,
}

impl Default for Sizes {
    fn default() -> Self {
        Sizes {
            font_px: 13.0,
            cell_width_px: 34.0,
            cell_height_px: 26.0,
            column_gap_px: 56.0,
            box_gap_px: 18.0,
            lane_px: 7.0,
            margin_px: 16.0,
            top_margin_px: 40.0,
            max_value_chars: 24,
        }
    }
}

impl Sizes {
    /// Width of one monospace character (px).
    pub fn char_px(&self) -> f64 {
        self.font_px * 0.6
    }
}

/// Options of [`crate::layout_memory`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LayoutOptions {
    /// Draw singly referenced objects inside their holder (the scene's `nestIn`).
    pub nested: bool,
    /// Boxes a person dragged: box key (`frame:f1`, `obj:o3`) → top-left (x, y) in px. Placed
    /// first, exactly there; every other box flows around them.
    pub pinned: BTreeMap<String, (f64, f64)>,
    /// Where boxes were at the previous step: box key → top-left (x, y) in px. A box that is
    /// still in the same column keeps its height there when that spot is free.
    pub previous: BTreeMap<String, (f64, f64)>,
    /// Sizes of cells, gaps and lanes.
    pub sizes: Sizes,
    /// Graph layouts computed once per run ([`crate::plan_graphs`] of the run's
    /// `algoscope_scene::graph_universe`), by graph id (`obj:o4`, `class:City`). A graph of
    /// the scene without one here is planned from the step alone.
    pub graphs: BTreeMap<String, crate::GraphPlan>,
}
