//! The self-contained stepper page: one HTML file with the run and its player, that works
//! from `file://` with no network.
//!
//! The page has no external resources. Written into `viewer/page.html` are the style sheet
//! (`viewer/page.css`), the player bundled into one ES module (`viewer/dist/page.js`), the
//! player's wasm module (gzip-compressed, base64), the [`PlayerOptions`] and the program's
//! Big-O estimate ([`Complexity`], or `null`) as JSON, and the
//! trace itself, its heaps as deltas, gzip-compressed and base64-encoded
//! ([`template::gzip_base64`]). Nothing is drawn in advance: the player hands the trace to
//! the wasm module (trace-format, scene and layout compiled to WebAssembly), which draws the
//! step being looked at, the same SVG as `algoscope render` (measurements in
//! `docs/html-page.md`). Text from the program (source, output, names, error, the title) is
//! only ever set with `textContent` by the player; the SVG comes from our own renderer, which
//! escapes the program's text itself, and is the only string the player puts in `innerHTML`.

mod template;

use algoscope_trace_format::{to_delta, Trace};

pub use algoscope_viewer::{
    Complexity, PlayerOptions, StepColumns, Timeline, PAGE_LOOP_NODES, PAGE_LOOP_ROWS,
};

/// How to build the page: the player's options, written into it.
pub type PageOptions = PlayerOptions;

/// Why the page could not be built.
#[derive(Debug, thiserror::Error)]
pub enum HtmlError {
    /// The page data could not be written as JSON.
    #[error("page data: {0}")]
    Json(#[from] serde_json::Error),
    /// The page data could not be compressed.
    #[error("compressing the page data: {0}")]
    Compress(#[from] std::io::Error),
}

/// Builds the page for `trace` (full heaps or deltas), with the Big-O `complexity` of its
/// program for the player's chip and panel when given: an HTML document as one string. The
/// trace is written with its heaps as deltas (`algoscope_trace_format::to_delta`), so the
/// page of a long run is about the size of its trace file, compressed.
///
/// # Errors
/// [`HtmlError::Json`] / [`HtmlError::Compress`] when the data cannot be serialised or
/// compressed.
pub fn build_page(
    trace: &Trace,
    options: &PageOptions,
    complexity: Option<&Complexity>,
) -> Result<String, HtmlError> {
    let json = if trace.heap_delta {
        serde_json::to_string(trace)?
    } else {
        serde_json::to_string(&to_delta(trace))?
    };
    let packed = template::gzip_base64(&json)?;
    let options_json = template::escape_script_json(&serde_json::to_string(options)?);
    let complexity_json = template::escape_script_json(&serde_json::to_string(&complexity)?);
    let title = template::escape_html(&options.title);
    Ok(template::fill(
        template::PAGE_HTML,
        &[
            ("title", &title),
            ("css", template::PAGE_CSS),
            ("js", template::PAGE_JS),
            ("wasm", algoscope_viewer::WASM_GZIP_BASE64),
            ("options", &options_json),
            ("complexity", &complexity_json),
            ("data", &packed),
        ],
    ))
}
