//! The stepper page's player, one copy in `viewer/` for every front end that shows a run:
//! the self-contained page (`algoscope-page` inlines these), and later the web app and the
//! notebook display, which import `viewer/` as the ES module package `@algoscope/viewer`.
//!
//! # Example
//!
//! ```
//! assert!(algoscope_viewer::PAGE_HTML.contains("{{data}}"));
//! assert!(!algoscope_viewer::PAGE_JS.contains("</script"));
//! ```

/// The page skeleton; `{{title}}`, `{{css}}`, `{{js}}` and `{{data}}` mark where the page
/// writes its parts.
pub const PAGE_HTML: &str = include_str!("../page.html");
/// The page's style sheet, inlined into a `<style>` element.
pub const PAGE_CSS: &str = include_str!("../page.css");
/// The player, inlined into a `<script>` element: reads the page's data element and draws
/// the step being looked at.
pub const PAGE_JS: &str = include_str!("../page.js");
