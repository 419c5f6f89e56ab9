//! [`Error`]: the one error of the facade.

use algoscope_run::RunError;
use algoscope_scene::{SceneError, SizeModelMismatch};
use algoscope_trace_format::ValidationError;

/// Everything that can go wrong in the facade, each with where it happened.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No trace could be made: a syntax error (with every error's line and column), no usable
    /// interpreter, an unreadable program, or a tracer bug.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A trace is not valid; the error names the JSON path of the bad field.
    #[error(transparent)]
    Invalid(#[from] ValidationError),
    /// The memory-size model does not describe the trace's language (`python` sizes for a
    /// JavaScript run); the message names the models that fit.
    #[error(transparent)]
    Sizes(#[from] SizeModelMismatch),
    /// The trace has no steps to draw.
    #[error("the trace has no steps")]
    NoSteps,
    /// A step index past the end (`step` is 0-based; the message counts from 1).
    #[error("step {} is out of range: the trace has steps 1 to {count}", step + 1)]
    StepOutOfRange {
        /// The step asked for, 0-based.
        step: usize,
        /// How many steps the trace has.
        count: usize,
    },
    /// No loop runs at the step asked for a loop history; `spans` are the ranges of steps
    /// (counted from 1, inclusive) where loops do run.
    #[error("step {}: {}", step + 1, no_loop_message(spans))]
    NoLoop {
        /// The step asked for, 0-based.
        step: usize,
        /// Where loops run: `(first, last)` steps counted from 1.
        spans: Vec<(usize, usize)>,
    },
    /// A step's scene could not be built (`step` counted from 1).
    #[error("step {step}: {source}")]
    Scene {
        /// The step, counted from 1.
        step: usize,
        /// The scene's error.
        source: SceneError,
    },
    /// The stepper page could not be built.
    #[cfg(feature = "page")]
    #[error("html: {0}")]
    Page(#[from] algoscope_page::HtmlError),
}

/// `no loop runs at this step (loops run at steps 3–9, 12)`, at most 8 spans listed.
fn no_loop_message(spans: &[(usize, usize)]) -> String {
    if spans.is_empty() {
        return "no loop runs at this step, nor anywhere in the run".into();
    }
    let list: Vec<String> = spans
        .iter()
        .take(8)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect();
    let more = if spans.len() > 8 { ", …" } else { "" };
    format!(
        "no loop runs at this step (loops run at steps {}{more})",
        list.join(", ")
    )
}
