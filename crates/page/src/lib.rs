//! The self-contained stepper page: one HTML file with the program, every step's memory
//! picture, the printed output and a player, that works from `file://` with no network.
//!
//! The page has no external resources: the style sheet (`viewer/page.css`), the player
//! (`viewer/page.js`, from `algoscope-viewer`) and the run's data are written into
//! `viewer/page.html`. The data is one
//! JSON object ([`data::PageData`]), gzip-compressed and base64-encoded
//! ([`template::gzip_base64`]) in a `<script type="application/gzip">`; each step's SVG is
//! stored as indices into a table of distinct pieces ([`pieces::PieceTable`]), and each step's
//! indices as copies from the step before ([`step_codec`]): a 2,000-step loop's page is about
//! 40 KB (measurements in `docs/html-page.md`). Text from the program (source, output, names,
//! error) is only ever set with `textContent` by the player; the SVG pieces come from our own
//! renderer, which escapes the program's text itself, and are the only strings the player
//! puts in `innerHTML`.

mod data;
mod loops;
mod pieces;
mod step_codec;
mod template;

use std::collections::BTreeMap;

use algoscope_layout::{
    layout_loop, layout_memory_full, GraphPlan, LayoutOptions, LoopLayoutOptions,
};
use algoscope_scene::{loop_histories, memory_scene, LoopSceneOptions, SceneError, SceneOptions};
use algoscope_trace_format::Trace;

pub use loops::PAGE_MAX_ROWS;
pub use pieces::SplitError;

/// How to build the page.
#[derive(Clone, Debug, Default)]
pub struct PageOptions {
    /// Name shown as the page title and heading (usually the program's file name).
    pub title: String,
    /// Draw singly referenced objects inside their holder instead of with an arrow.
    pub nested: bool,
    /// Options of every step's memory scene (hints, sizes, and the graphs of `graphs` as
    /// `known_graphs`).
    pub scene: SceneOptions,
    /// The run's graphs, each laid out once over every node and edge it ever has
    /// (`algoscope_layout::plan_graphs` of `algoscope_scene::graph_universe`), so they never
    /// move from step to step.
    pub graphs: BTreeMap<String, GraphPlan>,
}

/// Why the page could not be built.
#[derive(Debug, thiserror::Error)]
pub enum HtmlError {
    /// A step's memory scene or loop-history scene could not be built.
    #[error("step {step}: {source}")]
    Scene {
        /// The step, counted from 1 as the page shows it.
        step: usize,
        /// The scene's error.
        source: SceneError,
    },
    /// A step's SVG could not be cut into pieces (a renderer bug: its SVG is malformed).
    #[error("step {step}: {source}")]
    Svg {
        /// The step, counted from 1 as the page shows it.
        step: usize,
        /// What was wrong with the SVG.
        source: SplitError,
    },
    /// The page data could not be written as JSON.
    #[error("page data: {0}")]
    Json(#[from] serde_json::Error),
    /// The page data could not be compressed.
    #[error("compressing the page data: {0}")]
    Compress(#[from] std::io::Error),
}

/// Builds the whole page for `trace` (full heaps, as validation leaves them): an HTML
/// document as one string. Each step is drawn by `algoscope_scene::memory_scene` and
/// `algoscope_layout::layout_memory_full`, with the previous step's box positions passed on so
/// boxes stay put, the run's graphs as planned in [`PageOptions::graphs`], and, when a loop
/// runs at it, its loop history by
/// `algoscope_scene::LoopHistories::scene_at` (every loop run analysed once by
/// `algoscope_scene::loop_histories`) and `algoscope_layout::layout_loop`. Both pictures share one
/// piece table, so the rows a loop history repeats from step to step are stored once.
///
/// # Errors
/// [`HtmlError::Scene`] when a step's scene cannot be built, [`HtmlError::Svg`] when a step's
/// drawing is not well-formed SVG, [`HtmlError::Json`] / [`HtmlError::Compress`] when the
/// data cannot be serialised or compressed.
pub fn build_page(trace: &Trace, options: &PageOptions) -> Result<String, HtmlError> {
    let mut funcs = Vec::new();
    let mut steps = data::StepColumns::from_trace(trace, &mut funcs);
    let mut table = pieces::PieceTable::default();
    let scene_options = &options.scene;
    let graphs = &options.graphs;
    let mut previous = BTreeMap::new();
    let mut previous_indices = Vec::new();
    let loop_options = LoopSceneOptions {
        max_rows: loops::PAGE_MAX_ROWS,
        scene: scene_options.clone(),
        ..LoopSceneOptions::default()
    };
    let loop_layout = LoopLayoutOptions {
        graphs: graphs.clone(),
        ..LoopLayoutOptions::default()
    };
    let mut previous_loop = Vec::new();
    let histories = loop_histories(trace, &loop_options);
    for i in 0..trace.steps.len() {
        let scene = memory_scene(trace, i, scene_options).map_err(|source| HtmlError::Scene {
            step: i + 1,
            source,
        })?;
        let layout_options = LayoutOptions {
            nested: options.nested,
            previous,
            graphs: graphs.clone(),
            ..LayoutOptions::default()
        };
        let layout = layout_memory_full(&scene, &layout_options);
        previous = layout.positions();
        let indices = table
            .add_svg(&layout.drawing.to_svg())
            .map_err(|source| HtmlError::Svg {
                step: i + 1,
                source,
            })?;
        steps
            .svg
            .push(step_codec::encode(&previous_indices, &indices));
        previous_indices = indices;
        let scene = histories
            .scene_at(trace, i)
            .map_err(|source| HtmlError::Scene {
                step: i + 1,
                source,
            })?;
        let loop_indices = match scene {
            Some(scene) => table
                .add_svg(&layout_loop(&scene, &loop_layout).to_svg())
                .map_err(|source| HtmlError::Svg {
                    step: i + 1,
                    source,
                })?,
            None => Vec::new(),
        };
        steps
            .loops
            .push(step_codec::encode(&previous_loop, &loop_indices));
        previous_loop = loop_indices;
    }
    let page_data = data::PageData {
        title: options.title.clone(),
        language: trace.language,
        source: trace.source.clone(),
        stdout: trace.stdout.clone(),
        truncated: trace.truncated,
        stopped_by: trace.stopped_by,
        sampled: trace.sampled,
        error: trace.error.clone(),
        funcs,
        steps,
        pieces: table.into_pieces(),
    };
    let json = serde_json::to_string(&page_data)?;
    let packed = template::gzip_base64(&json)?;
    let title = template::escape_html(&options.title);
    Ok(template::fill(
        template::PAGE_HTML,
        &[
            ("title", &title),
            ("css", template::PAGE_CSS),
            ("js", template::PAGE_JS),
            ("data", &packed),
        ],
    ))
}
