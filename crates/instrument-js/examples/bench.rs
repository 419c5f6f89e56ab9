//! Instrumentation speed on a ~1,000-line JavaScript file made of the examples: writes that
//! file to the path given (so `bench/compare-babel.sh` can time Babel on the very same text)
//! and prints the median and fastest time of `instrument` (and of parsing and analysis alone)
//! over many runs, each timed on its own after warm-up runs, in ms.
//!
//! `cargo run --release -q -p algoscope-instrument-js --example bench -- OUT.js`

use std::time::Instant;

use algoscope_instrument_js::{instrument, InstrumentOptions};

/// Lines the generated program has at least.
const TARGET_LINES: usize = 1_000;
/// Untimed warm-up runs.
const WARMUP: usize = 100;
/// Timed runs.
const RUNS: usize = 300;

fn main() -> std::process::ExitCode {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "bench-large.js".to_string());
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/javascript");
    let mut parts: Vec<String> = match std::fs::read_dir(examples) {
        Ok(dir) => dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "js"))
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect(),
        Err(e) => {
            eprintln!("{examples}: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    parts.sort();
    let mut source = String::new();
    let mut copy = 0;
    while source.lines().count() < TARGET_LINES {
        for part in &parts {
            copy += 1;
            source.push_str(&format!("function example{copy}() {{\n{part}}}\n"));
        }
    }
    if let Err(e) = std::fs::write(&out, &source) {
        eprintln!("{out}: {e}");
        return std::process::ExitCode::from(1);
    }
    let options = InstrumentOptions::default();
    if let Err(e) = instrument(&source, &options) {
        eprintln!("generated program does not instrument: {e}");
        return std::process::ExitCode::from(1);
    }
    let lines = source.lines().count();
    println!("{lines} lines, {} bytes", source.len());
    let (median, fastest) = time(|| {
        let _ = instrument(&source, &options);
    });
    println!("instrument: median {median:.3} ms, fastest {fastest:.3} ms");
    let (median, fastest) = time(|| {
        let _ = algoscope_instrument_js::analyze(&source, &options);
    });
    println!("parse and analysis alone: median {median:.3} ms, fastest {fastest:.3} ms");
    std::process::ExitCode::SUCCESS
}

/// Median and fastest time of `run` in ms, over [`RUNS`] runs timed one by one after
/// [`WARMUP`] untimed ones (as `bench/babel.mjs` times Babel).
fn time(mut run: impl FnMut()) -> (f64, f64) {
    for _ in 0..WARMUP {
        run();
    }
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[0])
}
