//! Compresses the player's wasm module (`dist/algoscope_wasm_bg.wasm`, built by
//! `scripts/build-viewer.sh` and checked in) once, at compile time: gzip at the best level,
//! then base64, for the page to inline as it is.

use std::io::Write as _;
use std::path::PathBuf;

fn main() {
    if std::env::var_os("CARGO_FEATURE_ASSETS").is_none() {
        return; // the wasm build itself uses the player's data types only
    }
    let wasm = "dist/algoscope_wasm_bg.wasm";
    println!("cargo:rerun-if-changed={wasm}");
    let bytes = std::fs::read(wasm).unwrap_or_else(|e| {
        panic!("viewer/{wasm}: {e} (scripts/build-viewer.sh builds it)");
    });
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&bytes).expect("gzip into memory");
    let packed = gz.finish().expect("gzip into memory");
    use base64::Engine as _;
    let text = base64::engine::general_purpose::STANDARD.encode(packed);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("wasm.gz.b64"), text).expect("write into OUT_DIR");
}
