//! Graph detection, node keys, the state overlay and the run-wide universe.

#[path = "graph/build.rs"]
mod build;
#[path = "graph/detect.rs"]
mod detect;
#[path = "graph/golden.rs"]
mod golden;
#[path = "graph/keys.rs"]
mod keys;
#[path = "graph/overlay.rs"]
mod overlay;
#[path = "graph/universe.rs"]
mod universe;
