//! Prints what drawing a trace's steps costs: `Render::new`, laying out every step in order
//! (the chain), then one memory picture and one loop history per step at random (ms).
//! Not a test: figures for the player's budget. Usage:
//! `cargo run --release -p algoscope --no-default-features --example step_cost -- TRACE.json`

use algoscope::{LoopOptions, MemoryOptions, Render, RenderOptions};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: step_cost TRACE.json")?;
    let text = std::fs::read_to_string(path)?;
    let t = Instant::now();
    let trace = algoscope::validate(&text)?;
    println!("validate: {:.1} ms", ms(t));
    let t = Instant::now();
    let render = Render::new(trace, &RenderOptions::default())?;
    println!("Render::new: {:.1} ms", ms(t));
    let n = render.step_count();
    let memory = MemoryOptions::default();
    let only_loops = std::env::args().nth(2).as_deref() == Some("loops");
    let t = Instant::now();
    if !only_loops {
        render.prepare(n - 1, &memory)?;
    }
    println!(
        "prepare all {n} steps: {:.1} ms ({:.2} ms/step)",
        ms(t),
        ms(t) / n as f64
    );
    let loops = LoopOptions {
        max_rows: algoscope::PAGE_LOOP_ROWS,
        max_nodes: Some(algoscope::PAGE_LOOP_NODES),
    };
    let t = Instant::now();
    render.loop_history_svg(0, &loops)?;
    println!("loop histories: {:.1} ms", ms(t));
    let (mut mem, mut lp) = (Vec::new(), Vec::new());
    let mut x: u64 = 7;
    for _ in 0..if only_loops { 600 } else { 60 } {
        x = (x.wrapping_mul(1103515245).wrapping_add(12345)) % 2147483648;
        let step = (x as usize) % n;
        if !only_loops {
            let t = Instant::now();
            render.memory_svg(step, &memory)?;
            mem.push(ms(t));
        }
        let t = Instant::now();
        render.loop_history_svg(step, &loops)?;
        lp.push(ms(t));
    }
    if !only_loops {
        println!("memory_svg: {}", stats(&mut mem));
    }
    println!("loop_history_svg: {}", stats(&mut lp));
    Ok(())
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

fn stats(v: &mut [f64]) -> String {
    v.sort_by(f64::total_cmp);
    format!(
        "median {:.2} ms, max {:.2} ms",
        v[v.len() / 2],
        v[v.len() - 1]
    )
}
