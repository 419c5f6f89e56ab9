//! What the page's player reads: the run's text and, per step, where it is and which SVG
//! pieces draw it.
//!
//! Steps are stored as columns (one array per field) rather than one object per step, so a
//! 2,000-step run costs a few bytes per step beyond its pictures. Everything here that came
//! from the program (source, printed text, names, error text) is program-controlled text: the
//! player only ever puts it on the page with `textContent`.

use std::collections::BTreeMap;

use algoscope_trace_format::{Event, FrameState, Language, ProgramError, StopReason, Trace};
use serde::Serialize;

/// The JSON object embedded in the page (camelCase keys), read by `assets/page.js`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageData {
    /// Name shown in the title bar (the program's file name).
    pub title: String,
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
    /// Distinct SVG pieces; `steps.svg` indexes into it (see [`super::pieces`]).
    pub pieces: Vec<String>,
}

/// Per-step columns; index `i` of every vector describes step `i` (0-based; the page shows
/// `i + 1`).
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepColumns {
    /// Line about to run (1-based).
    pub line: Vec<u32>,
    /// Index into [`PageData::funcs`] of the running function.
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
    /// The step's memory SVG: indices into [`PageData::pieces`] that joined give it, encoded as
    /// operations over the previous step's indices (see [`super::step_codec`]).
    pub svg: Vec<Vec<i64>>,
    /// The history of the loop running at the step, encoded like `svg` (same piece table); an
    /// empty list when no loop runs at the step.
    pub loops: Vec<Vec<i64>>,
}

impl StepColumns {
    /// The where-am-I columns of every step of `trace` (`svg` and `loops` left empty).
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
