//! Draws one step of a trace as SVG on standard output.
//!
//! `cargo run -p algoscope-layout --example render -- TRACE.json STEP [nested]`, with STEP
//! counted from 1 or `last`.

use algoscope_layout::{layout_memory, LayoutOptions};
use algoscope_scene::{memory_scene, SceneOptions};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, step, rest @ ..] = args.as_slice() else {
        return Err("usage: render TRACE.json STEP|last [nested]".into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let trace = algoscope_trace_format::validate_str(&text).map_err(|e| e.to_string())?;
    let index = if step == "last" {
        trace.steps.len().saturating_sub(1)
    } else {
        step.parse::<usize>()
            .map_err(|e| format!("{step}: {e}"))?
            .saturating_sub(1)
    };
    let scene = memory_scene(&trace, index, &SceneOptions::default()).map_err(|e| e.to_string())?;
    let options = LayoutOptions {
        nested: rest.iter().any(|r| r == "nested"),
        ..LayoutOptions::default()
    };
    print!("{}", layout_memory(&scene, &options).to_svg());
    Ok(())
}
