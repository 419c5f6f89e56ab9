//! The code algoscope runs *inside* the traced language, embedded as text so every front end
//! ships the one copy in `runtimes/`:
//!
//! - [`PYTHON_TRACER`]: the `algoscope_tracer` package (`sys.settrace`), every module of
//!   `runtimes/python/algoscope_tracer/`; a runner writes them into a folder named
//!   `algoscope_tracer` and runs `python3 -m algoscope_tracer REQUEST.json`;
//! - [`JS_RECORDER`]: the JavaScript recorder (`recorder.mjs` and the modules it imports) and
//!   `node-run.mjs`, the Node entry point, every `.mjs` file under `runtimes/js/` except the
//!   tests; a runner writes them into one folder, keeping their relative paths.
//!
//! Both write the record stream described in `PROTOCOL.md` beside this crate. The lists are
//! made by the build script from the folders, so a new module is never left out.
//!
//! # Example
//!
//! ```
//! use algoscope_runtimes::{JS_RECORDER, PYTHON_TRACER};
//!
//! assert!(PYTHON_TRACER.iter().any(|f| f.path == "__main__.py"));
//! assert!(JS_RECORDER.iter().any(|f| f.path == "node-run.mjs"));
//! assert!(JS_RECORDER.iter().all(|f| !f.path.starts_with("test/")));
//! ```

/// One embedded file of a runtime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuntimeFile {
    /// Its path relative to the runtime's folder, `/`-separated (`tracer.py`,
    /// `inspect.mjs`).
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// The run policy (`runtimes/policy.json`, the one source of these numbers): the budgets every
/// front end gives a run left to its defaults, and the loop sampling's constants. The tracers
/// read the same numbers from `js/policy.mjs` and `python/algoscope_tracer/policy.py`, which
/// are generated from the same file (a test fails when they are stale).
pub mod policy {
    include!(concat!(env!("OUT_DIR"), "/policy.rs"));
}

/// Writes `files` into the folder `base`, each at its relative path (subfolders are created
/// as needed).
///
/// # Errors
/// The first file or folder that cannot be written.
pub fn write_files(base: &std::path::Path, files: &[RuntimeFile]) -> std::io::Result<()> {
    for file in files {
        let path = base.join(file.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, file.text)?;
    }
    Ok(())
}
