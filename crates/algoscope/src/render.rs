//! [`Render`]: a trace made ready to draw, once, and the pictures of its steps.

use std::collections::BTreeMap;

use algoscope_layout::{
    layout_loop, layout_memory, plan_graphs, GraphPlan, LayoutOptions, LoopLayoutOptions, Sizes,
};
use algoscope_scene::{
    apply_hints, graph_universe, hint_warnings, loop_scene, memory_scene, HintWarning,
    LoopSceneOptions, SceneOptions, SizeModel,
};
use algoscope_trace_format::Trace;

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
}

impl Default for LoopOptions {
    fn default() -> Self {
        LoopOptions {
            max_rows: LoopSceneOptions::default().max_rows,
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
}

/// A trace made ready to draw: its `viz:` hints applied and its graphs laid out once over the
/// whole run (so a graph's nodes never move between steps), then any step drawn on request.
/// Steps are 0-based here (the page and the command line count from 1).
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
#[derive(Clone, Debug)]
pub struct Render {
    trace: Trace,
    scene: SceneOptions,
    graphs: BTreeMap<String, GraphPlan>,
    warnings: Vec<HintWarning>,
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
    /// (`docs/svg-contract.md`).
    ///
    /// # Errors
    /// [`Error::NoSteps`], [`Error::StepOutOfRange`], or [`Error::Scene`].
    pub fn memory_svg(&self, step: usize, options: &MemoryOptions) -> Result<String, Error> {
        self.check_step(step)?;
        let scene =
            memory_scene(&self.trace, step, &self.scene).map_err(|source| Error::Scene {
                step: step + 1,
                source,
            })?;
        let layout = LayoutOptions {
            nested: options.nested,
            graphs: self.graphs.clone(),
            ..LayoutOptions::default()
        };
        Ok(layout_memory(&scene, &layout).to_svg())
    }

    /// The history of the loop running at step `step`, one row per pass, as an SVG document.
    ///
    /// # Errors
    /// [`Error::NoLoop`] (with the steps where loops do run) when no loop runs at the step;
    /// [`Error::NoSteps`], [`Error::StepOutOfRange`], or [`Error::Scene`].
    pub fn loop_svg(&self, step: usize, options: &LoopOptions) -> Result<String, Error> {
        self.check_step(step)?;
        let scene_options = LoopSceneOptions {
            scene: self.scene.clone(),
            max_rows: options.max_rows,
            ..LoopSceneOptions::default()
        };
        let scene =
            loop_scene(&self.trace, step, &scene_options).map_err(|source| Error::Scene {
                step: step + 1,
                source,
            })?;
        let Some(scene) = scene else {
            return Err(Error::NoLoop {
                step,
                spans: self.loop_spans(),
            });
        };
        let layout = LoopLayoutOptions {
            graphs: self.graphs.clone(),
            ..LoopLayoutOptions::default()
        };
        Ok(layout_loop(&scene, &layout).to_svg())
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
    /// `file://`; `docs/html-page.md`).
    ///
    /// # Errors
    /// [`Error::Page`] when a step cannot be drawn.
    pub fn page(&self, options: &PageOptions) -> Result<String, Error> {
        let page = algoscope_page::PageOptions {
            title: options.title.clone(),
            nested: options.nested,
            scene: self.scene.clone(),
            graphs: self.graphs.clone(),
        };
        Ok(algoscope_page::build_page(&self.trace, &page)?)
    }

    fn check_step(&self, step: usize) -> Result<(), Error> {
        let count = self.step_count();
        if count == 0 {
            return Err(Error::NoSteps);
        }
        if step >= count {
            return Err(Error::StepOutOfRange { step, count });
        }
        Ok(())
    }
}
