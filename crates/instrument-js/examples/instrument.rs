//! Prints the instrumented form of a JavaScript or TypeScript file (by extension), or with
//! `--analysis` the analysis as JSON.
//!
//! `cargo run -q -p algoscope-instrument-js --example instrument -- FILE [--analysis]`

use algoscope_instrument_js::{instrument, InstrumentOptions, Language};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: instrument FILE [--analysis]");
        return std::process::ExitCode::from(2);
    };
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    let language = if path.ends_with(".ts") || path.ends_with(".mts") {
        Language::Typescript
    } else {
        Language::Javascript
    };
    let options = InstrumentOptions {
        language,
        ..Default::default()
    };
    match instrument(&source, &options) {
        Ok(out) if args.iter().any(|a| a == "--analysis") => {
            println!(
                "{}",
                serde_json::to_string_pretty(&out.analysis).unwrap_or_default()
            );
            std::process::ExitCode::SUCCESS
        }
        Ok(out) => {
            println!("{}", out.code);
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{path}:{e}");
            std::process::ExitCode::from(2)
        }
    }
}
