//! The items between rows: a run's header (the loop as written and its values when the run
//! started), a band of quiet passes, a gap of unrecorded passes, and the note that earlier
//! rows were left out. Each is one line of text in a node group spanning the rows' width.

use algoscope_scene::{DroppedRows, QuietBand, RunHeader, SampledGap};

use crate::drawing::Mark;
use crate::text::text_px;

use super::plan::{Plan, LABEL_SCALE};
use super::{item_group, LoopLayoutOptions};

/// Height of a run header line (px).
pub(super) const HEADER_H: f64 = 24.0;
/// Height of a band, a gap or the dropped-rows note (px).
pub(super) const NOTE_H: f64 = 22.0;

/// `n` and the noun, singular or plural, thousands grouped (`1 pass`, `1,990 steps`).
fn count(n: u64, one: &str, many: &str) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(d);
    }
    format!("{grouped} {}", if n == 1 { one } else { many })
}

/// Width (px) of a line of 12 px monospace text.
fn line_px(text: &str, plan: &Plan) -> f64 {
    text_px(text, plan.char_px * LABEL_SCALE)
}

/// A line of text indented by `depth`, in a group of the given class and key, at least as
/// wide as the rows. Returns the group and its right edge (px from the drawing's left edge).
#[allow(clippy::too_many_arguments)]
fn note_line(
    class: &str,
    key: &str,
    parts: &[(&str, String)],
    depth: u32,
    h: f64,
    plan: &Plan,
    options: &LoopLayoutOptions,
    at: (f64, f64),
) -> (Mark, f64) {
    let indent = depth as f64 * options.indent_px;
    let mut text_w = 0.0;
    let mut texts = Vec::new();
    for (class, text) in parts {
        if text.is_empty() {
            continue;
        }
        let x = 4.0 + text_w;
        texts.push(Mark::text(class, x, h / 2.0, text.clone()));
        text_w += line_px(text, plan) + line_px(" ", plan) * 2.0;
    }
    let w = (plan.width - indent).max(text_w + 8.0);
    let mut g = item_group(class, key, at.0 + indent, at.1, w, h);
    // Text positions are relative to the group, which starts at the indent.
    g.children.push(Mark::rect("note-bg", 0.0, 0.0, w, h));
    g.children.extend(texts);
    (g, at.0 + indent + w)
}

/// The header of a run: `for j in range(n - 1 - i)` and, when recorded, `range(0, 4)`; else
/// the values the header reads (`for (let j = 0; j < n - 1 - i; j++)` and `n = 5, i = 0`).
pub(super) fn run_header(
    h: &RunHeader,
    plan: &Plan,
    options: &LoopLayoutOptions,
    at: (f64, f64),
) -> (Mark, f64) {
    let key = format!("run:{}:{}", h.loop_id, h.run);
    // The values the tracer recorded (`range(0, 4)`), else those of the names the header
    // reads (`n = 30, i = 0`).
    let call = match &h.call {
        Some(c) => format!("= {c}"),
        None => h
            .values
            .iter()
            .map(|v| format!("{} = {}", v.name, v.text))
            .collect::<Vec<_>>()
            .join(", "),
    };
    let (g, right) = note_line(
        "loop-run",
        &key,
        &[("header", h.header.clone()), ("call", call)],
        h.depth,
        HEADER_H,
        plan,
        options,
        at,
    );
    let g = g
        .attr("data-loop", h.loop_id.clone())
        .attr("data-run", h.run.to_string())
        .attr("data-step", h.step.to_string());
    (g, right)
}

/// A band of quiet passes: `3 passes changed nothing (4–6)`.
pub(super) fn quiet_band(
    b: &QuietBand,
    plan: &Plan,
    options: &LoopLayoutOptions,
    at: (f64, f64),
) -> (Mark, f64) {
    let [first, last] = b.iterations;
    let key = format!("quiet:{}:{}:{first}-{last}", b.loop_id, b.run);
    let which = if first == last {
        format!("(pass {first})")
    } else {
        format!("(passes {first}–{last})")
    };
    let (g, right) = note_line(
        "loop-band",
        &key,
        &[
            (
                "note",
                format!("⋯ {} changed nothing", count(b.count, "pass", "passes")),
            ),
            ("detail", which),
        ],
        b.depth,
        NOTE_H,
        plan,
        options,
        at,
    );
    let g = g
        .attr("data-loop", b.loop_id.clone())
        .attr("data-run", b.run.to_string())
        .attr("data-count", b.count.to_string());
    (g, right)
}

/// A gap of passes the tracer ran without recording: `12 passes not recorded`.
pub(super) fn sampled_gap(
    gap: &SampledGap,
    ordinal: usize,
    plan: &Plan,
    options: &LoopLayoutOptions,
    at: (f64, f64),
) -> (Mark, f64) {
    let key = format!("gap:{}:{}:{ordinal}", gap.loop_id, gap.run);
    let detail = if gap.events > 0 {
        format!("({} skipped)", count(gap.events, "step", "steps"))
    } else {
        String::new()
    };
    let (g, right) = note_line(
        "loop-gap",
        &key,
        &[
            (
                "note",
                format!("⋮ {} not recorded", count(gap.passes, "pass", "passes")),
            ),
            ("detail", detail),
        ],
        gap.depth,
        NOTE_H,
        plan,
        options,
        at,
    );
    let g = g
        .attr("data-loop", gap.loop_id.clone())
        .attr("data-run", gap.run.to_string())
        .attr("data-count", gap.passes.to_string());
    (g, right)
}

/// The note that the row cap left earlier rows out.
pub(super) fn dropped(
    d: &DroppedRows,
    plan: &Plan,
    options: &LoopLayoutOptions,
    at: (f64, f64),
) -> (Mark, f64) {
    let (g, right) = note_line(
        "loop-dropped",
        "dropped",
        &[(
            "note",
            format!(
                "{} earlier not shown: only the latest are drawn",
                count(d.rows as u64, "row", "rows")
            ),
        )],
        0,
        NOTE_H,
        plan,
        options,
        at,
    );
    (g.attr("data-count", d.rows.to_string()), right)
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_read_with_grouped_thousands() {
        assert_eq!(super::count(1, "pass", "passes"), "1 pass");
        assert_eq!(super::count(996, "pass", "passes"), "996 passes");
        assert_eq!(super::count(1990, "step", "steps"), "1,990 steps");
        assert_eq!(super::count(1_234_567, "row", "rows"), "1,234,567 rows");
    }
}
