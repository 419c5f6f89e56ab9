//! The tracers' policy modules are `runtimes/policy.json`'s, as the build script writes them;
//! `ALGOSCOPE_BLESS=1 cargo test -p algoscope-runtimes --test policy` rewrites stale ones.

use std::path::Path;

use algoscope_runtimes::policy::{POLICY_MJS, POLICY_PY};
use algoscope_runtimes::{JS_RECORDER, PYTHON_TRACER};

#[test]
fn the_tracers_policy_modules_are_generated_from_policy_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("ALGOSCOPE_BLESS").is_some();
    for (path, wanted) in [
        ("js/policy.mjs", POLICY_MJS),
        ("python/algoscope_tracer/policy.py", POLICY_PY),
    ] {
        let file = root.join(path);
        let have = std::fs::read_to_string(&file).unwrap_or_default();
        if have != wanted && bless {
            std::fs::write(&file, wanted).unwrap();
            continue;
        }
        assert_eq!(
            have, wanted,
            "runtimes/{path} is stale: ALGOSCOPE_BLESS=1 cargo test -p algoscope-runtimes --test policy"
        );
    }
}

#[test]
fn the_embedded_runtimes_carry_the_policy() {
    let embedded = |files: &[algoscope_runtimes::RuntimeFile], path: &str| {
        files.iter().find(|f| f.path == path).map(|f| f.text)
    };
    assert_eq!(embedded(JS_RECORDER, "policy.mjs"), Some(POLICY_MJS));
    assert_eq!(embedded(PYTHON_TRACER, "policy.py"), Some(POLICY_PY));
}
