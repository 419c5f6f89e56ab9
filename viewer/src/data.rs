//! What the player reads besides the pictures: how to draw the run ([`PlayerOptions`]) and
//! the run's text and, per step, where it is ([`Timeline`]).
//!
//! Steps are stored as columns (one array per field) rather than one object per step, so a
//! 2,000-step run costs a few bytes per step. Everything here that came from the program
//! (source, printed text, names, error text, the title) is program-controlled text: the
//! player only ever puts it on the page with `textContent`.

use std::collections::BTreeMap;

use algoscope_scene::SizeModel;
use algoscope_trace_format::{Event, FrameState, Language, ProgramError, StopReason, Trace};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How the player draws a run, the same for every step (camelCase keys): the `options` of the
/// viewer's `mount(element, {trace, options})`, written into the page as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerOptions {
    /// Name shown as the heading (usually the program's file name).
    #[serde(default)]
    pub title: String,
    /// Draw objects referenced once inside their holder instead of with an arrow.
    #[serde(default)]
    pub nested: bool,
    /// Memory sizes shown in this model (`python`, `textbook`, `v8`), or none.
    #[serde(default)]
    pub sizes: Option<SizeModel>,
    /// Most passes the loop history draws (the latest are kept).
    #[serde(default = "default_loop_rows")]
    pub loop_rows: usize,
    /// Most linked-structure nodes the loop history draws over all its rows: a history of
    /// wide rows keeps fewer of them (at least one).
    #[serde(default = "default_loop_nodes")]
    pub loop_nodes: usize,
}

impl Default for PlayerOptions {
    fn default() -> Self {
        PlayerOptions {
            title: String::new(),
            nested: false,
            sizes: None,
            loop_rows: PAGE_LOOP_ROWS,
            loop_nodes: PAGE_LOOP_NODES,
        }
    }
}

fn default_loop_rows() -> usize {
    PAGE_LOOP_ROWS
}

fn default_loop_nodes() -> usize {
    PAGE_LOOP_NODES
}

/// Most rows of a loop history on the page (the latest are kept; `render --view loops` keeps
/// the scene's default 120). The pane shows a dozen rows at a time, and drawing a step's
/// history costs about its row count.
pub const PAGE_LOOP_ROWS: usize = 16;

/// Most linked-structure nodes a loop history on the page draws over all its rows (a
/// 300-node list keeps 3 rows). The browser's time to show a step grows with the nodes drawn:
/// 16 rows of a 300-node list were a 2.2 MB SVG and over half a second a step.
pub const PAGE_LOOP_NODES: usize = 1000;

/// The run as the player shows it beside the pictures (camelCase keys); the wasm viewer
/// gives it as JSON (`Viewer.timeline()`).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    /// Language of the program.
    pub language: Language,
    /// The program text; the player splits it into lines.
    pub source: String,
    /// Everything printed by the run.
    pub stdout: String,
    /// Whether a budget cut the run short (the counter then shows `+`).
    pub truncated: bool,
    /// Which budget cut it short.
    pub stopped_by: Option<StopReason>,
    /// Whether some passes of a long loop ran without being recorded (see `steps.skipped`).
    pub sampled: bool,
    /// The uncaught error that ended the run, shown on the last step.
    pub error: Option<ProgramError>,
    /// Distinct function names; `steps.func` indexes into it.
    pub funcs: Vec<String>,
    /// One entry per recorded step in each column.
    pub steps: StepColumns,
    /// The memory-size models that fit the language (`SizeModel::fitting`): what the
    /// player's size switch offers.
    pub size_models: Vec<SizeModel>,
}

impl Timeline {
    /// The timeline of `trace` (full heaps or deltas alike: heaps are not read).
    pub fn from_trace(trace: &Trace) -> Self {
        let mut funcs = Vec::new();
        let steps = StepColumns::from_trace(trace, &mut funcs);
        Timeline {
            language: trace.language,
            source: trace.source.clone(),
            stdout: trace.stdout.clone(),
            truncated: trace.truncated,
            stopped_by: trace.stopped_by,
            sampled: trace.sampled,
            error: trace.error.clone(),
            funcs,
            steps,
            size_models: SizeModel::fitting(trace.language),
        }
    }
}

/// Per-step columns; index `i` of every vector describes step `i` (0-based; the page shows
/// `i + 1`).
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StepColumns {
    /// Line about to run (1-based).
    pub line: Vec<u32>,
    /// Index into [`Timeline::funcs`] of the running function.
    pub func: Vec<u32>,
    /// Call depth: active frames below the running one (0 at module level).
    pub depth: Vec<u32>,
    /// What happened at the step.
    pub event: Vec<Event>,
    /// Step index → events that ran just before it without being recorded (a sampled loop);
    /// only steps that skipped some are listed.
    pub skipped: BTreeMap<usize, u64>,
    /// Printed text so far, as a length in UTF-16 code units of `stdout` (what JavaScript's
    /// `String.prototype.slice` counts), converted from the trace's Unicode scalar values.
    pub out: Vec<u64>,
    /// Whether a loop runs at the step (the loop pane has a history to draw).
    pub in_loop: Vec<bool>,
}

impl StepColumns {
    /// The where-am-I columns of every step of `trace`, adding function names to `funcs`.
    pub fn from_trace(trace: &Trace, funcs: &mut Vec<String>) -> Self {
        let offsets = Utf16Offsets::new(&trace.stdout);
        let mut columns = StepColumns::default();
        for (i, step) in trace.steps.iter().enumerate() {
            let active: Vec<_> = step
                .stack
                .iter()
                .filter(|f| f.state == FrameState::Active)
                .collect();
            let name = active.last().map(|f| f.func.as_str()).unwrap_or_default();
            let func = match funcs.iter().position(|f| f == name) {
                Some(i) => i,
                None => {
                    funcs.push(name.to_owned());
                    funcs.len() - 1
                }
            };
            columns.line.push(step.line);
            columns.func.push(u32::try_from(func).unwrap_or(u32::MAX));
            columns
                .depth
                .push(u32::try_from(active.len().saturating_sub(1)).unwrap_or(u32::MAX));
            columns.event.push(step.event);
            if let Some(skipped) = step.skipped.filter(|&n| n > 0) {
                columns.skipped.insert(i, skipped);
            }
            columns.out.push(offsets.utf16_len(step.stdout_length));
            columns.in_loop.push(!step.loops.is_empty());
        }
        columns
    }
}

/// Converts a prefix length in Unicode scalar values to the same prefix's length in UTF-16
/// code units.
struct Utf16Offsets {
    /// `units[n]` = UTF-16 length of the first `n` characters.
    units: Vec<u64>,
}

impl Utf16Offsets {
    fn new(text: &str) -> Self {
        let mut units = Vec::with_capacity(text.len() + 1);
        let mut total = 0u64;
        units.push(0);
        for c in text.chars() {
            total += c.len_utf16() as u64;
            units.push(total);
        }
        Utf16Offsets { units }
    }

    /// UTF-16 length of the first `chars` characters; a count past the end means all of it.
    fn utf16_len(&self, chars: u64) -> u64 {
        let last = self.units.len() - 1;
        let i = usize::try_from(chars).map_or(last, |c| c.min(last));
        self.units[i]
    }
}

#[cfg(test)]
mod tests {
    use super::Utf16Offsets;

    #[test]
    fn astral_characters_count_twice_in_utf16() {
        let offsets = Utf16Offsets::new("a😀b\n");
        assert_eq!(offsets.utf16_len(0), 0);
        assert_eq!(offsets.utf16_len(2), 3);
        assert_eq!(offsets.utf16_len(4), 5);
        assert_eq!(offsets.utf16_len(99), 5);
    }
}
