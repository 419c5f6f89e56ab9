//! Instrumentation speed on a ~1,000-line JavaScript file made of the examples: writes that
//! file to the path given (so `bench/compare-babel.sh` can time Babel on the very same text)
//! and prints the mean time of `instrument` over many runs, in ms.
//!
//! `cargo run --release -q -p algoscope-instrument-js --example bench -- OUT.js`

use std::time::Instant;

use algoscope_instrument_js::{instrument, InstrumentOptions};

/// Lines the generated program has at least.
const TARGET_LINES: usize = 1_000;
/// Timed runs.
const RUNS: u32 = 200;

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
    let started = Instant::now();
    for _ in 0..RUNS {
        let _ = instrument(&source, &options);
    }
    let ms = started.elapsed().as_secs_f64() * 1000.0 / f64::from(RUNS);
    let started = Instant::now();
    for _ in 0..RUNS {
        let _ = algoscope_instrument_js::analyze(&source, &options);
    }
    let parse_ms = started.elapsed().as_secs_f64() * 1000.0 / f64::from(RUNS);
    println!(
        "{} lines: instrument {ms:.3} ms (parse and analysis alone {parse_ms:.3} ms)",
        source.lines().count()
    );
    std::process::ExitCode::SUCCESS
}
