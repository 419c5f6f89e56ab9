//! [`Render`]: a trace made ready to draw, once, and the pictures of its steps.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use algoscope_layout::{
    layout_loop, layout_memory_full, plan_graphs, GraphPlan, LayoutOptions, LoopLayoutOptions,
    MemoryLayout, Sizes,
};
use algoscope_scene::{
    apply_hints, graph_universe, hint_warnings, loop_histories, memory_scene, HintWarning,
    LoopHistories, LoopRow, LoopScene, LoopSceneOptions, SceneOptions, SizeModel,
};
use algoscope_trace_format::Trace;

use crate::chain::PositionChain;
use crate::Error;

/// How a trace is drawn, for every step alike. `Default`: no memory sizes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// Show memory sizes in this model (`docs/memory-sizes.md`): `python` (64-bit CPython,
    /// Python runs only), `textbook` (8-byte words) or `v8` (64-bit V8, compressed pointers).
    pub sizes: Option<SizeModel>,
}

/// Options of [`Render::memory_svg`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryOptions {
    /// Draw objects referenced exactly once inside the box that holds them instead of with an
    /// arrow.
    pub nested: bool,
}

/// Options of [`Render::loop_svg`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopOptions {
    /// Most passes drawn as rows (the latest are kept). Default 120.
    pub max_rows: usize,
    /// Most linked-structure nodes drawn over all rows: when the rows kept hold more, fewer
    /// rows are kept (`max_nodes / the widest row's nodes`, at least one). `None` (default):
    /// no such limit. The page uses [`PAGE_LOOP_NODES`](crate::PAGE_LOOP_NODES).
    pub max_nodes: Option<usize>,
}

impl Default for LoopOptions {
    fn default() -> Self {
        LoopOptions {
            max_rows: LoopSceneOptions::default().max_rows,
            max_nodes: None,
        }
    }
}

/// Options of [`Render::page`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageOptions {
    /// Name shown as the page title and heading (usually the program's file name).
    pub title: String,
    /// Draw singly referenced objects inside their holder (as [`MemoryOptions::nested`]).
    pub nested: bool,
    /// Most passes the page's loop history draws (the latest are kept); `None`: the page's
    /// default, [`PAGE_LOOP_ROWS`](crate::PAGE_LOOP_ROWS).
    pub loop_rows: Option<usize>,
}

/// A trace made ready to draw: its `viz:` hints applied and its graphs laid out once over the
/// whole run (so a graph's nodes never move between steps), then any step drawn on request.
/// Steps are 0-based here (the page and the command line count from 1).
///
/// Boxes stay put from step to step: step `i` is laid out with the box positions of step
/// `i - 1` (`algoscope_layout::LayoutOptions::previous`), so drawing step `i` first lays out
/// the steps before it that were not laid out yet. Their positions are kept (about 20 bytes a
/// box a step), and so are the loop histories (analysed once per run on first use), so the
/// pictures are the same whichever order the steps are asked for in: the command line's
/// `render --step N`, the page's player and every binding draw the same SVG for a step.
///
/// # Example
///
/// ```
/// use algoscope::{validate, MemoryOptions, Render, RenderOptions};
///
/// let trace = validate(r#"{
///   "version": 1, "language": "python", "source": "xs = [1, 2]\n",
///   "steps": [{"event": "return", "line": 1, "stdoutLength": 0,
///     "stack": [{"id": "f1", "func": "<module>", "line": 1,
///                "locals": [["xs", {"kind": "ref", "id": "o1"}]]}],
///     "heap": {"o1": {"kind": "list", "typeName": "list", "length": 2, "items": [
///       {"kind": "prim", "type": "int", "repr": "1"},
///       {"kind": "prim", "type": "int", "repr": "2"}]}}}],
///   "stdout": ""
/// }"#)?;
/// let render = Render::new(trace, &RenderOptions::default())?;
/// let svg = render.memory_svg(0, &MemoryOptions::default())?;
/// assert!(svg.starts_with("<svg") && svg.contains("xs"));
/// assert!(render.loop_svg(0, &Default::default()).is_err()); // no loop runs there
/// # Ok::<(), algoscope::Error>(())
/// ```
#[derive(Debug)]
pub struct Render {
    trace: Trace,
    scene: SceneOptions,
    graphs: BTreeMap<String, GraphPlan>,
    warnings: Vec<HintWarning>,
    /// Box positions per step, without and with nesting ([`MemoryOptions::nested`]).
    chains: [Mutex<PositionChain>; 2],
    /// The loop histories of the whole run (any row limit is applied when drawing).
    histories: Mutex<Option<Arc<LoopHistories>>>,
}

impl Render {
    /// Prepares `trace` for drawing: checks the size model fits its language, collects the
    /// hint warnings, applies its hints and plans its graphs.
    ///
    /// # Errors
    /// [`Error::Sizes`] when `options.sizes` does not describe the trace's language.
    pub fn new(mut trace: Trace, options: &RenderOptions) -> Result<Self, Error> {
        if let Some(model) = options.sizes {
            model.check_fits(trace.language)?;
        }
        let warnings = hint_warnings(&trace);
        let hints = apply_hints(&mut trace);
        let mut scene = SceneOptions {
            hints,
            size_model: options.sizes,
            ..SceneOptions::default()
        };
        let graphs = plan_graphs(&graph_universe(&trace, &scene), &Sizes::default());
        scene.known_graphs = graphs.keys().cloned().collect();
        Ok(Render {
            trace,
            scene,
            graphs,
            warnings,
            chains: Default::default(),
            histories: Mutex::new(None),
        })
    }

    /// The trace, with its hints applied (hidden variables removed).
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// How many steps the trace has.
    pub fn step_count(&self) -> usize {
        self.trace.steps.len()
    }

    /// The `viz:` hints that do not parse or name nothing any step shows, in line order
    /// (`line 3: unknown hint `hid` (expected: …)`).
    pub fn hint_warnings(&self) -> &[HintWarning] {
        &self.warnings
    }

    /// Step `step`'s memory picture (frames, heap boxes, arrows) as an SVG document
    /// (`docs/svg-contract.md`), its boxes where they were at the step before when there is
    /// room (see [`Render`]).
    ///
    /// # Errors
    /// [`Error::NoSteps`], [`Error::StepOutOfRange`], or [`Error::Scene`] (for this step or a
    /// step before it that had to be laid out first).
    pub fn memory_svg(&self, step: usize, options: &MemoryOptions) -> Result<String, Error> {
        self.check_step(step)?;
        let mut chain = lock(&self.chains[usize::from(options.nested)]);
        self.extend_chain(&mut chain, step, options.nested)?;
        let layout =
            self.layout_step(step, chain.positions(step), options.nested, BTreeMap::new())?;
        chain.record(step, &layout);
        Ok(layout.drawing.to_svg())
    }

    /// [`Render::memory_svg`] with boxes a person dragged: `pinned` maps a box key (its
    /// `data-key`, `frame:f1`, `obj:o3`; a tree block by its root's key) to the top-left (px)
    /// it was dropped at. Those boxes are drawn exactly there, the others flow around them
    /// and the arrows are routed to where the boxes are (`algoscope_layout::LayoutOptions::
    /// pinned`). This drawing is not kept as the step's positions: the steps after it are laid
    /// out from the run's own layout, and pins again. No pins: [`Render::memory_svg`].
    ///
    /// # Errors
    /// As [`Render::memory_svg`].
    pub fn memory_svg_pinned(
        &self,
        step: usize,
        options: &MemoryOptions,
        pinned: BTreeMap<String, (f64, f64)>,
    ) -> Result<String, Error> {
        if pinned.is_empty() {
            return self.memory_svg(step, options);
        }
        self.check_step(step)?;
        let mut chain = lock(&self.chains[usize::from(options.nested)]);
        self.extend_chain(&mut chain, step, options.nested)?;
        let previous = chain.positions(step);
        drop(chain);
        let layout = self.layout_step(step, previous, options.nested, pinned)?;
        Ok(layout.drawing.to_svg())
    }

    /// Lays out every step up to `step` (inclusive) that was not laid out yet, so that
    /// drawing any of them later costs one layout. A player calls this while idle.
    ///
    /// # Errors
    /// As [`Render::memory_svg`].
    pub fn prepare(&self, step: usize, options: &MemoryOptions) -> Result<(), Error> {
        self.check_step(step)?;
        let mut chain = lock(&self.chains[usize::from(options.nested)]);
        self.extend_chain(&mut chain, step + 1, options.nested)
    }

    /// Lays out the steps from the chain's end up to `end` (exclusive), recording each one's
    /// positions.
    fn extend_chain(
        &self,
        chain: &mut PositionChain,
        end: usize,
        nested: bool,
    ) -> Result<(), Error> {
        while chain.len() < end {
            let i = chain.len();
            let layout = self.layout_step(i, chain.positions(i), nested, BTreeMap::new())?;
            chain.record(i, &layout);
        }
        Ok(())
    }

    /// Step `step` laid out with `previous` (the box positions of the step before) and the
    /// boxes in `pinned` where they were dropped.
    fn layout_step(
        &self,
        step: usize,
        previous: BTreeMap<String, (f64, f64)>,
        nested: bool,
        pinned: BTreeMap<String, (f64, f64)>,
    ) -> Result<MemoryLayout, Error> {
        let scene =
            memory_scene(&self.trace, step, &self.scene).map_err(|source| Error::Scene {
                step: step + 1,
                source,
            })?;
        let layout = LayoutOptions {
            nested,
            pinned,
            previous,
            graphs: self.graphs.clone(),
            ..LayoutOptions::default()
        };
        Ok(layout_memory_full(&scene, &layout))
    }

    /// The history of the loop running at step `step`, one row per pass, as an SVG document.
    ///
    /// # Errors
    /// [`Error::NoLoop`] (with the steps where loops do run) when no loop runs at the step;
    /// [`Error::NoSteps`], [`Error::StepOutOfRange`], or [`Error::Scene`].
    pub fn loop_svg(&self, step: usize, options: &LoopOptions) -> Result<String, Error> {
        self.loop_history_svg(step, options)?
            .ok_or_else(|| Error::NoLoop {
                step,
                spans: self.loop_spans(),
            })
    }

    /// [`Render::loop_svg`], with `None` when no loop runs at the step. Every loop run is
    /// analysed once, on the first call, for any row limit.
    ///
    /// # Errors
    /// [`Error::NoSteps`], [`Error::StepOutOfRange`], or [`Error::Scene`].
    pub fn loop_history_svg(
        &self,
        step: usize,
        options: &LoopOptions,
    ) -> Result<Option<String>, Error> {
        self.check_step(step)?;
        let histories = self.histories();
        let scene_error = |source| Error::Scene {
            step: step + 1,
            source,
        };
        let mut scene = histories
            .scene_at_rows(&self.trace, step, options.max_rows)
            .map_err(scene_error)?;
        if let (Some(budget), Some(shown)) = (options.max_nodes, &scene) {
            if let Some(rows) = rows_within(shown, budget) {
                scene = histories
                    .scene_at_rows(&self.trace, step, rows)
                    .map_err(scene_error)?;
            }
        }
        let layout = LoopLayoutOptions {
            graphs: self.graphs.clone(),
            ..LoopLayoutOptions::default()
        };
        Ok(scene.map(|scene| layout_loop(&scene, &layout).to_svg()))
    }

    /// The run's loop histories, analysed on the first call and kept.
    fn histories(&self) -> Arc<LoopHistories> {
        let mut kept = lock(&self.histories);
        kept.get_or_insert_with(|| {
            let options = LoopSceneOptions {
                scene: self.scene.clone(),
                ..LoopSceneOptions::default()
            };
            Arc::new(loop_histories(&self.trace, &options))
        })
        .clone()
    }

    /// Ranges of steps (counted from 1, inclusive) at which some loop is active: where
    /// [`Render::loop_svg`] has a history to draw.
    pub fn loop_spans(&self) -> Vec<(usize, usize)> {
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for (i, step) in self.trace.steps.iter().enumerate() {
            if step.loops.is_empty() {
                continue;
            }
            match spans.last_mut() {
                Some(last) if last.1 == i => last.1 = i + 1,
                _ => spans.push((i + 1, i + 1)),
            }
        }
        spans
    }

    /// The self-contained stepper page (one HTML document, no network, opens from
    /// `file://`; `docs/html-page.md`): the trace, its heaps as deltas, compressed, with the
    /// player and its wasm module, which draws each step when it is looked at (as
    /// [`Render::memory_svg`] and [`Render::loop_history_svg`] do).
    ///
    /// # Errors
    /// [`Error::Page`] when the page data cannot be written.
    #[cfg(feature = "page")]
    pub fn page(&self, options: &PageOptions) -> Result<String, Error> {
        page_of(&self.trace, self.scene.size_model, options)
    }

    /// What the player shows beside the pictures, per step: line, function, call depth,
    /// event, printed-text offset ([`Timeline`](crate::Timeline)).
    pub fn timeline(&self) -> algoscope_viewer::Timeline {
        algoscope_viewer::Timeline::from_trace(&self.trace)
    }

    fn check_step(&self, step: usize) -> Result<(), Error> {
        let count = self.step_count();
        if count == 0 {
            return Err(Error::NoSteps);
        }
        if step >= count {
            let step = crate::step::step_number(step);
            return Err(Error::StepOutOfRange { step, count });
        }
        Ok(())
    }
}

/// The stepper page of `trace`, as [`Render::page`] builds it, without preparing the trace
/// for drawing here: the page's player prepares it in the browser, so the graph planning of
/// the whole run, most of what [`Render::new`] costs on a long run, is skipped.
/// The page is the same, byte for byte. Hint warnings are [`hint_warnings`]'s.
///
/// # Errors
/// [`Error::Sizes`] when `render.sizes` does not describe the trace's language;
/// [`Error::Page`] when the page data cannot be written.
///
/// # Example
///
/// ```
/// use algoscope::{page, validate, PageOptions, Render, RenderOptions};
///
/// let trace = validate(r#"{"version": 1, "language": "python", "source": "x = 1\n",
///   "steps": [{"event": "line", "line": 1, "stack": [], "heap": {}, "stdoutLength": 0}],
///   "stdout": ""}"#)?;
/// let options = PageOptions { title: "x.py".into(), ..PageOptions::default() };
/// let html = page(trace.clone(), &RenderOptions::default(), &options)?;
/// assert_eq!(html, Render::new(trace, &RenderOptions::default())?.page(&options)?);
/// # Ok::<(), algoscope::Error>(())
/// ```
#[cfg(feature = "page")]
pub fn page(
    mut trace: Trace,
    render: &RenderOptions,
    options: &PageOptions,
) -> Result<String, Error> {
    if let Some(model) = render.sizes {
        model.check_fits(trace.language)?;
    }
    apply_hints(&mut trace);
    page_of(&trace, render.sizes, options)
}

/// The page of a trace whose hints are applied.
#[cfg(feature = "page")]
fn page_of(
    trace: &Trace,
    sizes: Option<SizeModel>,
    options: &PageOptions,
) -> Result<String, Error> {
    let page = algoscope_page::PageOptions {
        title: options.title.clone(),
        nested: options.nested,
        sizes,
        loop_rows: options.loop_rows.unwrap_or(crate::PAGE_LOOP_ROWS),
        loop_nodes: crate::PAGE_LOOP_NODES,
    };
    // The Big-O chip and panel: the program's estimate, checked against this run.
    #[cfg(feature = "analysis")]
    let complexity = crate::run_complexity(trace);
    #[cfg(not(feature = "analysis"))]
    let complexity = None;
    Ok(algoscope_page::build_page(
        trace,
        &page,
        complexity.as_ref(),
    )?)
}

/// The row limit that keeps `scene`'s linked nodes within `budget` when its drawn rows hold
/// more (`budget / the widest row's nodes`, at least 1); `None` when they fit.
fn rows_within(scene: &LoopScene, budget: usize) -> Option<usize> {
    let nodes = |row: &LoopRow| row.linked.as_ref().map_or(0, |l| l.nodes.len());
    let (total, widest) = scene
        .drawn_rows()
        .fold((0, 0), |(t, w), row| (t + nodes(row), w.max(nodes(row))));
    (total > budget).then(|| (budget / widest.max(1)).max(1))
}

/// The guarded value, also after a panic elsewhere poisoned the lock (what it guards is a
/// cache that is only ever appended to, whole entries at a time).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
