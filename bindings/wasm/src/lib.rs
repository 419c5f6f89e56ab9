//! algoscope compiled to WebAssembly with wasm-bindgen (`--target web`). This is the viewer
//! build: it reads a trace and draws its steps on demand, through the facade crate's
//! [`algoscope::Render`], so every step is the same SVG as `algoscope render` writes.
//! `viewer/` (the `@algoscope/viewer` package) loads it; `scripts/build-viewer.sh` builds it.
//!
//! With the feature `full` (the full build, `scripts/build-viewer.sh --full`), it also analyses,
//! instruments and assembles traces from a tracer's records ([`full`]).
//!
//! The player's `Viewer` takes 0-based step indexes (the facade's [`Render`]'s); the full
//! build's API numbers steps from 1 as the page does ([`algoscope::step_index`]). Errors reach JavaScript as `Error` objects whose
//! message is the facade's (`steps[3].line: expected integer` for a bad trace).

#[cfg(feature = "full")]
mod full;

use algoscope::{LoopOptions, MemoryOptions, PlayerOptions, Render, RenderOptions};
use wasm_bindgen::prelude::*;

/// One trace made ready to draw (JavaScript class `Viewer`).
#[wasm_bindgen]
pub struct Viewer {
    render: Render,
    memory: MemoryOptions,
    loops: LoopOptions,
}

#[wasm_bindgen]
impl Viewer {
    /// Reads `trace_json` (a trace with full heaps or heap deltas; validated as
    /// `algoscope validate` does) and `options_json` (the player's options: `title`,
    /// `nested`, `sizes`, `loopRows`; `{}` for the defaults).
    ///
    /// # Errors
    /// A bad trace (the message names the JSON path of the bad field), bad options, or a
    /// size model that does not fit the trace's language.
    #[wasm_bindgen(constructor)]
    pub fn new(trace_json: &str, options_json: &str) -> Result<Viewer, JsError> {
        let options: PlayerOptions = serde_json::from_str(options_json)
            .map_err(|e| JsError::new(&format!("player options: {e}")))?;
        let trace = algoscope::validate(trace_json).map_err(to_js)?;
        let render = Render::new(
            trace,
            &RenderOptions {
                sizes: options.sizes,
            },
        )
        .map_err(to_js)?;
        Ok(Viewer {
            render,
            memory: MemoryOptions {
                nested: options.nested,
            },
            loops: LoopOptions {
                max_rows: options.loop_rows,
                max_nodes: Some(options.loop_nodes),
            },
        })
    }

    /// How many steps the trace has.
    #[wasm_bindgen(getter, js_name = stepCount)]
    pub fn step_count(&self) -> usize {
        self.render.step_count()
    }

    /// The run as the player shows it beside the pictures, as JSON
    /// (`algoscope::Timeline`: source, printed text, error, per-step columns, size models).
    ///
    /// # Errors
    /// Only if the timeline cannot be written as JSON.
    pub fn timeline(&self) -> Result<String, JsError> {
        serde_json::to_string(&self.render.timeline()).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Step `step`'s memory picture, an SVG document.
    ///
    /// # Errors
    /// A step out of range, or a step whose scene cannot be built.
    #[wasm_bindgen(js_name = memorySvg)]
    pub fn memory_svg(&self, step: usize) -> Result<String, JsError> {
        self.render.memory_svg(step, &self.memory).map_err(to_js)
    }

    /// The history of the loop running at step `step`, an SVG document, or `undefined` when
    /// no loop runs there.
    ///
    /// # Errors
    /// As [`Viewer::memory_svg`].
    #[wasm_bindgen(js_name = loopSvg)]
    pub fn loop_svg(&self, step: usize) -> Result<Option<String>, JsError> {
        self.render
            .loop_history_svg(step, &self.loops)
            .map_err(to_js)
    }

    /// Step `step`'s memory picture with the boxes a person dragged: the `i`-th line of
    /// `keys` (a box's `data-key`; a tree block by its root's) drawn with its top-left at
    /// (`xy[2i]`, `xy[2i + 1]`) px, the rest around them, arrows routed to them
    /// (`algoscope::Render::memory_svg_pinned`; the step's kept positions are untouched).
    /// Keys are lines of one string, not an array: that keeps the module small.
    ///
    /// # Errors
    /// As `memorySvg`.
    #[wasm_bindgen(js_name = memorySvgPinned)]
    pub fn memory_svg_pinned(
        &self,
        step: usize,
        keys: &str,
        xy: &[f64],
    ) -> Result<String, JsError> {
        let pinned = keys
            .lines()
            .zip(xy.chunks_exact(2))
            .map(|(key, at)| (key.to_string(), (at[0], at[1])))
            .collect();
        self.render
            .memory_svg_pinned(step, &self.memory, pinned)
            .map_err(to_js)
    }

    /// Lays out the steps up to `step` not laid out yet, so jumping to any of them later
    /// costs one layout; the player calls it in small slices while the page is idle.
    ///
    /// # Errors
    /// As [`Viewer::memory_svg`].
    pub fn prepare(&self, step: usize) -> Result<(), JsError> {
        self.render.prepare(step, &self.memory).map_err(to_js)
    }
}

fn to_js(error: algoscope::Error) -> JsError {
    JsError::new(&error.to_string())
}
