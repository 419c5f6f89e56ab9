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
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out_dir.join("files.rs"), out).expect("OUT_DIR is writable");
    write_policy(&root.join("policy.json"), &out_dir.join("policy.rs"));
}

/// Writes the run policy's Rust constants, and the texts `js/policy.mjs` and
/// `python/algoscope_tracer/policy.py` must have, from `policy.json`.
fn write_policy(source: &Path, dest: &Path) {
    println!("cargo:rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(source).expect("runtimes/policy.json is readable");
    let policy: serde_json::Value = serde_json::from_str(&text).expect("policy.json is JSON");
    let head =
        "The run policy, generated from runtimes/policy.json by runtimes/build.rs. Do not edit.";
    let mut rust = String::new();
    let mut js = format!("// {head}\n");
    let mut py = format!("\"\"\"{head}\"\"\"\n");
    for group in ["budgets", "sampling"] {
        let entries = policy[group].as_object().expect("a group is an object");
        for (name, entry) in entries {
            let value = entry["value"].as_u64().expect("a value is a whole number");
            let doc = entry["doc"].as_str().expect("every value has a doc");
            let constant = screaming_snake(name);
            writeln!(rust, "/// {doc}\npub const {constant}: u64 = {value};").expect("String");
            writeln!(js, "\n/** {doc} */\nexport const {constant} = {value};").expect("String");
            writeln!(py, "\n#: {doc}\n{constant} = {value}").expect("String");
        }
    }
    writeln!(
        rust,
        "\n/// What `js/policy.mjs` holds.\npub const POLICY_MJS: &str = {js:?};"
    )
    .expect("String");
    writeln!(
        rust,
        "/// What `python/algoscope_tracer/policy.py` holds.\npub const POLICY_PY: &str = {py:?};"
    )
    .expect("String");
    std::fs::write(dest, rust).expect("OUT_DIR is writable");
    let root = source.parent().expect("policy.json is in runtimes/");
    for (path, wanted) in [
        ("js/policy.mjs", &js),
        ("python/algoscope_tracer/policy.py", &py),
    ] {
        if std::fs::read_to_string(root.join(path)).ok().as_deref() != Some(wanted.as_str()) {
            println!(
                "cargo:warning=runtimes/{path} is stale (policy.json changed): \
                 ALGOSCOPE_BLESS=1 cargo test -p algoscope-runtimes --test policy"
            );
        }
    }
}

/// `maxSteps` → `MAX_STEPS`.
fn screaming_snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
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
