//! The stepper's player, one copy in `viewer/` for every front end that shows a run: the
//! self-contained page (`algoscope-page` inlines these), and the web app and the notebook
//! display, which import `viewer/` as the ES module package `@algoscope/viewer`.
//!
//! The player draws each step when it is looked at, with the wasm build of trace-format,
//! scene and layout (`bindings/wasm`, built into `viewer/dist/` by `scripts/build-viewer.sh`).
//!
//! [`PlayerOptions`], [`Timeline`] and [`Complexity`] are the player's data (always built), with JSON Schemas
//! ([`schemas`], checked in under `schema/`) from which `viewer/types/` has TypeScript types;
//! the page's assets are behind the `assets` feature, which needs `dist/` built.
//!
//! # Example
//!
//! ```
//! # #[cfg(feature = "assets")] {
//! assert!(algoscope_viewer::PAGE_HTML.contains("{{data}}"));
//! assert!(!algoscope_viewer::PAGE_JS.contains("</script"));
//! assert!(algoscope_viewer::WASM_GZIP_BASE64.starts_with("H4sI")); // gzip's magic number
//! # }
//! ```

mod complexity;
mod data;
mod schema;

pub use complexity::{
    Complexity, FunctionComplexity, FunctionVerdict, LoopVerdict, RecursionVerdict, RunVerdict,
};
pub use data::{PlayerOptions, StepColumns, Timeline, PAGE_LOOP_NODES, PAGE_LOOP_ROWS};
pub use schema::schemas;

/// The page skeleton; `{{title}}`, `{{css}}`, `{{js}}`, `{{wasm}}`, `{{options}}`,
/// `{{complexity}}` and `{{data}}` mark where the page writes its parts.
#[cfg(feature = "assets")]
pub const PAGE_HTML: &str = include_str!("../page.html");
/// The player's style sheet, inlined into a `<style>` element.
#[cfg(feature = "assets")]
pub const PAGE_CSS: &str = include_str!("../page.css");
/// The page's player: `src/page.js` and what it imports (the player, the wasm module's
/// JavaScript glue) bundled into one ES module, inlined into a `<script type="module">`.
#[cfg(feature = "assets")]
pub const PAGE_JS: &str = include_str!("../dist/page.js");
/// The player's wasm module (`dist/algoscope_wasm_bg.wasm`), gzip-compressed and
/// base64-encoded at compile time; the page decodes it with `DecompressionStream`.
#[cfg(feature = "assets")]
pub const WASM_GZIP_BASE64: &str = include_str!(concat!(env!("OUT_DIR"), "/wasm.gz.b64"));
