//! Shared helpers of the loop-history tests (`algoscope-scene`'s and `algoscope-layout`'s):
//! golden traces of every language and a compact, readable one-line-per-item summary of a
//! [`LoopScene`] for snapshots.

use algoscope_scene::{LoopItem, LoopRow, LoopScene, RowContainer, RowContent, RowPointer};
use algoscope_trace_format::Trace;

pub use crate::goldens::{all_goldens, golden, load, root, LANGUAGES};

/// The algorithms the loop view is checked on: example name and the function whose main
/// loop is shown (compared with [`plain_name`], so `bubble_sort` is `bubbleSort`).
pub const ALGORITHMS: &[(&str, &str)] = &[
    ("bubble_sort", "bubble_sort"),
    ("insertion_sort", "insertion_sort"),
    ("grid_dp", "unique_paths"),
    ("bfs_dfs", "bfs"),
    ("linked_list", "reverse_list"),
];

fn cells(texts: impl Iterator<Item = (String, bool, Option<u64>, u64)>) -> String {
    texts
        .map(|(text, changed, from, index)| match (changed, from) {
            (true, Some(f)) if f != index => format!("{text}<{f}"),
            (true, _) => format!("{text}*"),
            _ => text,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One container of a row: `arr=[5 1<0 4*]`; moved cells show where they came from, other
/// changed cells a star; a grid's rows are split by `/`, its focus in parentheses.
pub fn container_text(c: &RowContainer) -> String {
    let body = match &c.content {
        RowContent::Sequence(s) => {
            let items = s.cells.iter().enumerate().map(|(k, cell)| {
                (
                    cell.text.clone(),
                    cell.changed,
                    cell.from,
                    s.offset + k as u64,
                )
            });
            let lead = if s.offset > 0 {
                format!("@{} ", s.offset)
            } else {
                String::new()
            };
            format!("[{lead}{}]", cells(items))
        }
        RowContent::Dict(d) => {
            let entries: Vec<String> = d
                .entries
                .iter()
                .map(|e| {
                    format!(
                        "{}:{}{}",
                        e.key_text,
                        e.text,
                        if e.changed { "*" } else { "" }
                    )
                })
                .collect();
            format!("{{{}}}", entries.join(" "))
        }
        RowContent::Grid(g) => {
            let rows: Vec<String> = g
                .rows
                .iter()
                .enumerate()
                .map(|(r, row)| {
                    row.iter()
                        .enumerate()
                        .map(|(col, cell)| {
                            let t = format!("{}{}", cell.text, if cell.changed { "*" } else { "" });
                            if g.focus == Some([r as u64, col as u64]) {
                                format!("({t})")
                            } else {
                                t
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            format!("[{}]", rows.join(" / "))
        }
        RowContent::Absent => "-".to_string(),
    };
    format!("{}{}={body}", c.name, if c.rebound { "(new)" } else { "" })
}

fn pointer_text(p: &RowPointer) -> String {
    let axis = match p.axis {
        algoscope_scene::PointerAxis::Items => "",
        algoscope_scene::PointerAxis::Rows => "row ",
        algoscope_scene::PointerAxis::Columns => "col ",
    };
    format!(
        "{}→{}[{axis}{}{}]",
        p.name,
        p.container,
        p.index,
        if p.hollow { " end" } else { "" }
    )
}

/// A row's state without steps or loop ids: containers, scalars, pointers.
pub fn row_state_text(row: &LoopRow) -> String {
    let mut parts: Vec<String> = row.containers.iter().map(container_text).collect();
    parts.extend(row.scalars.iter().map(|s| {
        format!(
            "{}={}{}",
            s.name,
            if s.value.is_some() { &s.text } else { "-" },
            if s.changed { "*" } else { "" }
        )
    }));
    if !row.pointers.is_empty() {
        parts.push(
            row.pointers
                .iter()
                .map(pointer_text)
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    if let Some(linked) = &row.linked {
        parts.push(linked_text(linked, row.linked_changed));
    }
    for g in &row.graphs {
        parts.push(graph_text(g));
    }
    parts.join("  ")
}

/// A linked row: each node `value>target values` (`∅` for null) in reading order, then the
/// names on nodes; a star when the signature changed.
pub fn linked_text(row: &algoscope_scene::LinkedRow, changed: bool) -> String {
    let value = |id: &str| match row.node(id).and_then(|n| n.value.as_ref()) {
        Some(algoscope_trace_format::Value::Prim { repr, .. }) => repr.clone(),
        _ => id.to_string(),
    };
    let nodes: Vec<String> = row
        .nodes
        .iter()
        .map(|n| {
            let targets: Vec<String> = n.targets().map(value).collect();
            let to = if targets.is_empty() {
                "∅".to_string()
            } else {
                targets.join(",")
            };
            format!("{}>{to}", value(&n.id))
        })
        .collect();
    let names: Vec<String> = row
        .names
        .iter()
        .map(|n| format!("{}@{}", n.name, value(&n.node)))
        .collect();
    format!(
        "linked{}=[{}] {}",
        if changed { "*" } else { "" },
        nodes.join(" "),
        names.join(" ")
    )
}

/// A graph: its variable, node and edge counts, visited nodes, queue and current node.
pub fn graph_text(g: &algoscope_scene::SceneGraph) -> String {
    let o = &g.overlay;
    let label = |key: &str| algoscope_scene::key_label(key);
    let visited: Vec<String> = o.visited.iter().map(|k| label(k)).collect();
    let queue: Vec<String> = o
        .queue
        .as_ref()
        .map(|q| q.nodes.iter().map(|n| label(&n.node)).collect())
        .unwrap_or_default();
    let current: Vec<String> = o
        .pointers
        .iter()
        .filter(|p| p.current)
        .map(|p| format!("{}@{}", p.name, label(&p.node)))
        .collect();
    format!(
        "graph {} ({} nodes, {} edges) visited=[{}] queue=[{}] {}",
        g.name,
        g.nodes.len(),
        g.edges.len(),
        visited.join(" "),
        queue.join(" "),
        current.join(" ")
    )
}

/// One line per item, indented by depth.
pub fn summary(scene: &LoopScene) -> Vec<String> {
    let mut out = vec![format!(
        "step {} in {} ({}), loop {}, run steps {}..{}; containers {:?}; scalars {:?}",
        scene.step,
        scene.func,
        scene.frame,
        scene.current_loop,
        scene.run_steps[0],
        scene.run_steps[1],
        scene
            .containers
            .iter()
            .map(|c| format!("{} {:?} {}", c.name, c.kind, c.max_items))
            .collect::<Vec<_>>(),
        scene.scalars,
    )];
    for item in &scene.items {
        let line = match item {
            LoopItem::RunHeader(h) => format!(
                "{}== {} run {}: {}{} @{}",
                "  ".repeat(h.depth as usize),
                h.loop_id,
                h.run,
                h.header,
                h.call.as_ref().map_or(String::new(), |c| format!(" [{c}]")),
                h.step
            ),
            LoopItem::Row(r) => format!(
                "{}{} {} @{} vs @{}{}{}: {}",
                "  ".repeat(r.depth as usize),
                r.loop_id,
                r.label,
                r.step,
                r.compare_step,
                if r.changed { "" } else { " quiet" },
                if r.current { " NOW" } else { "" },
                row_state_text(r)
            ),
            LoopItem::Quiet(q) => format!(
                "{}~ {} {} quiet passes {}..{}",
                "  ".repeat(q.depth as usize),
                q.loop_id,
                q.count,
                q.iterations[0],
                q.iterations[1]
            ),
            LoopItem::Gap(g) => format!(
                "{}… {} {} passes not recorded ({} events)",
                "  ".repeat(g.depth as usize),
                g.loop_id,
                g.passes,
                g.events
            ),
            LoopItem::Dropped(d) => format!("^ {} earlier rows dropped", d.rows),
        };
        out.push(line);
    }
    out
}

/// `bubble_sort`, `bubbleSort` → `bubblesort`: function names compared across languages.
pub fn plain_name(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The steps (first, last) of the last run of the outermost loop in the first frame running
/// function `func` (compared with [`plain_name`]), and the step in the middle of it.
pub fn main_run(trace: &Trace, func: &str) -> ([usize; 2], usize) {
    let want = plain_name(func);
    let frame = trace
        .steps
        .iter()
        .flat_map(|s| s.stack.iter())
        .find(|f| plain_name(&f.func) == want)
        .map(|f| f.id.clone())
        .unwrap_or_else(|| panic!("no frame runs {func}"));
    let outer = |i: usize| {
        trace.steps[i]
            .loops
            .iter()
            .find(|c| c.frame == frame)
            .map(|c| (c.loop_id.clone(), c.instance))
    };
    let last = (0..trace.steps.len())
        .rev()
        .find(|&i| outer(i).is_some())
        .unwrap_or_else(|| panic!("no loop runs in {func}"));
    let key = outer(last);
    let mut first = last;
    while first > 0 && outer(first - 1) == key {
        first -= 1;
    }
    ([first, last], (first + last) / 2)
}

/// The cells of sequence container `name` in `row` as (text, changed, from). Panics when the
/// row has no such sequence.
pub fn sequence(row: &LoopRow, name: &str) -> Vec<(String, bool, Option<u64>)> {
    let c = row
        .containers
        .iter()
        .find(|c| c.name == name)
        .expect("container");
    match &c.content {
        RowContent::Sequence(s) => s
            .cells
            .iter()
            .map(|c| (c.text.clone(), c.changed, c.from))
            .collect(),
        other => panic!("not a sequence: {other:?}"),
    }
}

/// An int value.
pub fn int(n: i64) -> serde_json::Value {
    serde_json::json!({"kind": "prim", "type": "int", "repr": n.to_string()})
}

/// A hand-made trace of one loop `L1` (header on line 1, body on line 2, `description` its
/// `loops` entry) over variable `name`, which holds object `o1` of `kind` (`list`, `set`) with
/// `states[k]`'s ints after pass `k` (`states[0]` before the loop): a header step, then per
/// pass a body step and the header check that ends it, then a step after the loop (line 3).
/// `index_names` is the trace's `indexNames`.
pub fn one_object_loop(
    name: &str,
    kind: &str,
    states: &[&[i64]],
    description: serde_json::Value,
    index_names: serde_json::Value,
) -> Trace {
    use serde_json::{json, Value as J};
    let object = |items: &[i64]| {
        let items: Vec<J> = items.iter().map(|n| int(*n)).collect();
        json!({"o1": {"kind": kind, "typeName": kind, "length": items.len(), "items": items}})
    };
    let step = |line: u32, iteration: Option<u64>, state: &[i64]| {
        let loops: Vec<J> = iteration
            .map(|k| json!({"frame": "f1", "loop": "L1", "instance": 1, "iteration": k}))
            .into_iter()
            .collect();
        json!({"event": "line", "line": line, "stdoutLength": 0, "loops": loops,
            "stack": [{"id": "f1", "func": "<module>", "line": line,
                "locals": [[name, {"kind": "ref", "id": "o1"}]]}],
            "heap": object(state)})
    };
    let mut steps = vec![step(1, Some(0), states[0])];
    for (k, state) in states.iter().enumerate().skip(1) {
        steps.push(step(2, Some(k as u64), states[k - 1]));
        steps.push(step(1, Some(k as u64), state));
    }
    steps.push(step(3, None, states[states.len() - 1]));
    let t = json!({"version": 1, "language": "python", "source": "pass\n".repeat(5),
        "stdout": "", "indexNames": index_names, "loops": [description], "steps": steps});
    algoscope_trace_format::validate_str(&t.to_string()).expect("valid trace")
}

/// The loop history of example `example` in `language` at the last step of `func`'s main
/// loop (see [`main_run`]), every pass of the run shown.
pub fn whole_main_run(language: &str, example: &str, func: &str) -> LoopScene {
    let trace = golden(language, example);
    let ([_, last], _) = main_run(&trace, func);
    let options = algoscope_scene::LoopSceneOptions {
        whole_run: true,
        ..algoscope_scene::LoopSceneOptions::default()
    };
    algoscope_scene::loop_scene(&trace, last, &options)
        .expect("in range")
        .expect("a loop runs")
}
