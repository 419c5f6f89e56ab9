//! TEMPORARY: a bare list of frames and objects in the shape of the SVG contract, used only
//! until `algoscope-scene` and `algoscope-layout` land; then `memory_svg` calls
//! `memory_scene` + `layout_memory` + `to_svg` and this file is deleted.

use algoscope_trace_format::{HeapObject, Step, Value};

use super::template::escape_html;

fn value_text(v: &Value) -> String {
    match v {
        Value::Prim { repr, .. } => repr.clone(),
        Value::Ref { id } => format!("→{id}"),
        Value::Unreadable { reason } => format!("?{reason}"),
    }
}

fn boxed(key: &str, y: usize, title: &str, rows: &[String]) -> (String, usize) {
    let h = 24 + rows.len() * 18;
    let mut s = format!(
        "<g class=\"node\" data-key=\"{key}\" data-x=\"10\" data-y=\"{y}\" data-w=\"300\" data-h=\"{h}\"><rect x=\"10\" y=\"{y}\" width=\"300\" height=\"{h}\"/><text x=\"16\" y=\"{}\">{}</text>",
        y + 16,
        escape_html(title)
    );
    for (i, r) in rows.iter().enumerate() {
        s.push_str(&format!(
            "<text x=\"24\" y=\"{}\">{}</text>",
            y + 34 + i * 18,
            escape_html(r)
        ));
    }
    s.push_str("</g>");
    (s, h + 10)
}

/// The interim picture of one step (`nested` only shows as a class on the root).
pub fn memory_svg(step: &Step, nested: bool) -> String {
    let mut body = String::new();
    let mut y = 10;
    for f in &step.stack {
        let rows: Vec<String> = f
            .locals
            .iter()
            .map(|(n, v)| format!("{n} = {}", value_text(v)))
            .collect();
        let (s, h) = boxed(&format!("frame:{}", f.id), y, &f.func, &rows);
        body.push_str(&s);
        y += h;
    }
    for (id, o) in &step.heap {
        let rows: Vec<String> = match o.as_ref() {
            HeapObject::Dict(m) => m
                .entries
                .iter()
                .map(|(k, v)| format!("{}: {}", value_text(k), value_text(v)))
                .collect(),
            other => other.slots().iter().map(|(_, v)| value_text(v)).collect(),
        };
        let (s, h) = boxed(
            &format!("obj:{id}"),
            y,
            &format!("{id} {}", o.type_name()),
            &rows,
        );
        body.push_str(&s);
        y += h;
    }
    let class = if nested { "nested" } else { "flat" };
    format!(
        "<svg class=\"{class}\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 320 {y}\" width=\"320\" height=\"{y}\"><style>rect{{fill:none;stroke:#888}}text{{font:13px monospace}}</style>{body}</svg>"
    )
}
