//! The loop-history pane of the page.
//!
//! Every loop run is analysed once (`algoscope_scene::loop_histories`) and each step's
//! history is then read from it, so the page draws the history at every step of every run,
//! however long (measurements in `docs/html-page.md`).

/// Most rows of a loop history on the page (the latest are kept; `render --view loops` keeps
/// the scene's default 120). The pane shows a dozen rows at a time; drawing each step costs
/// about its row count: 16 rows instead of 40 built a 5,088-step `while True` page 2.6× faster
/// (debug build: 208 s → 80 s; 1.04 MB → 0.55 MB).
pub const PAGE_MAX_ROWS: usize = 16;
