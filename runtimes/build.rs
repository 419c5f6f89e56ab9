//! Lists the runtime files to embed: every `.py` file of `python/algoscope_tracer/` and every
//! `.mjs` file under `js/` except `js/test/`, so a module added to a runtime is embedded with
//! no list to keep by hand. Writes `$OUT_DIR/files.rs`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut out = String::new();
    for (name, dir, extension, doc) in [
        (
            "PYTHON_TRACER",
            "python/algoscope_tracer",
            "py",
            "The Python tracer package `algoscope_tracer`, module by module.",
        ),
        (
            "JS_RECORDER",
            "js",
            "mjs",
            "The JavaScript recorder and its Node entry point `node-run.mjs`, module by module.",
        ),
    ] {
        let base = root.join(dir);
        println!("cargo:rerun-if-changed={}", base.display());
        let mut files = Vec::new();
        collect(&base, &base, extension, &mut files);
        files.sort();
        writeln!(out, "/// {doc}\npub const {name}: &[RuntimeFile] = &[")
            .expect("write to a String");
        for relative in files {
            let path = base.join(&relative);
            writeln!(
                out,
                "    RuntimeFile {{ path: {relative:?}, text: include_str!({path:?}) }},",
                path = path.display().to_string()
            )
            .expect("write to a String");
        }
        out.push_str("];\n");
    }
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("files.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// Every file under `dir` with `extension`, as `/`-separated paths relative to `base`,
/// skipping `test` folders and caches.
fn collect(base: &Path, dir: &Path, extension: &str, files: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "test" && name != "tests" && name != "__pycache__" && name != "node_modules"
            {
                collect(base, &path, extension, files);
            }
        } else if path.extension().is_some_and(|e| e == extension) {
            let relative = path.strip_prefix(base).expect("under base");
            let parts: Vec<_> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push(parts.join("/"));
        }
    }
}
