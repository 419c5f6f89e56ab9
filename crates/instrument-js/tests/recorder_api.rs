//! The instrumenter and the recorder agree on the recorder API (`__as.<name>`): every name the
//! instrumented code of the corpus calls (the programs `snapshots.rs` covers) is listed in the
//! table "The recorder API that instrumented code calls" of `runtimes/PROTOCOL.md` and is a
//! method of the recorder's `api` object (`runtimes/js/recorder.mjs`), and the other way round;
//! the table's arguments are the method's parameter list.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use algoscope_instrument_js::{instrument, InstrumentOptions, Language};

const HEADING: &str = "## The recorder API that instrumented code calls";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The JS/TS programs of `snapshots.rs`: examples, trace cases and this crate's fixtures.
fn corpus() -> Vec<PathBuf> {
    let root = repo();
    let dirs = [
        root.join("examples/javascript"),
        root.join("examples/typescript"),
        root.join("tests/traces/javascript/cases"),
        root.join("tests/traces/typescript/cases"),
        root.join("crates/instrument-js/tests/fixtures"),
    ];
    let mut paths = Vec::new();
    for dir in dirs {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("js" | "mjs" | "ts")
            ) {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Every `<name>` of `__as.<name>` in `code`. Panics on any other use of the identifier
/// `__as` (`__as[…]`, `__as(…)`), which this test could not check.
fn called_names(code: &str, path: &Path, names: &mut BTreeSet<String>) {
    let mut rest = code;
    let mut before = None::<char>;
    while let Some(at) = rest.find("__as") {
        let prev = rest[..at].chars().next_back().or(before);
        let after = &rest[at + 4..];
        let next = after.chars().next();
        let standalone = !prev.is_some_and(is_ident) && !next.is_some_and(is_ident);
        if standalone {
            let member = after.strip_prefix('.').unwrap_or_else(|| {
                panic!(
                    "{}: `__as` is used other than as `__as.<name>`: {}",
                    path.display(),
                    after.chars().take(40).collect::<String>()
                )
            });
            let name: String = member.chars().take_while(|&c| is_ident(c)).collect();
            assert!(
                !name.is_empty(),
                "{}: `__as.` without a name",
                path.display()
            );
            names.insert(name);
        }
        before = Some('s');
        rest = after;
    }
}

/// Name → arguments of the table under [`HEADING`] in `runtimes/PROTOCOL.md`.
fn documented() -> BTreeMap<String, String> {
    let path = repo().join("runtimes/PROTOCOL.md");
    let text = std::fs::read_to_string(&path).expect("PROTOCOL.md is readable");
    let start = text
        .find(HEADING)
        .unwrap_or_else(|| panic!("PROTOCOL.md has no section {HEADING:?}"));
    let section = &text[start + HEADING.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let mut rows = BTreeMap::new();
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| name | arguments | what it does |` → ["", name, arguments, what, ""]
        if cells.len() < 5 || !cells[1].starts_with('`') {
            continue;
        }
        let name = cells[1].trim_matches('`').to_string();
        let args = cells[2].trim_matches('`').to_string();
        assert!(
            rows.insert(name.clone(), args).is_none(),
            "PROTOCOL.md lists `{name}` twice"
        );
    }
    assert!(!rows.is_empty(), "the table under {HEADING:?} has no rows");
    rows
}

/// Name → parameter list of each method of the recorder's `api` object, as node reads them.
fn implemented() -> BTreeMap<String, String> {
    let recorder = repo().join("runtimes/js/recorder.mjs");
    let script = r"
        import { pathToFileURL } from 'node:url';
        const { createRecorder } = await import(pathToFileURL(process.argv[1]).href);
        const out = {};
        for (const [name, fn] of Object.entries(createRecorder().api)) {
          if (typeof fn !== 'function') throw new Error(`api.${name} is not a function`);
          const text = Function.prototype.toString.call(fn);
          out[name] = text.slice(text.indexOf('(') + 1, text.indexOf(')')).trim();
        }
        process.stdout.write(JSON.stringify(out));
    ";
    let run = Command::new("node")
        .args(["--input-type=module", "-e", script])
        .arg(&recorder)
        .output()
        .expect("node runs");
    assert!(
        run.status.success(),
        "node could not list the recorder's API:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&run.stdout).expect("node prints a JSON object")
}

#[test]
fn instrumenter_protocol_doc_and_recorder_agree_on_the_recorder_api() {
    let mut emitted = BTreeSet::new();
    for path in corpus() {
        let language = match path.extension().and_then(|e| e.to_str()) {
            Some("ts") => Language::Typescript,
            _ => Language::Javascript,
        };
        let options = InstrumentOptions {
            language,
            ..Default::default()
        };
        let source = std::fs::read_to_string(&path).expect("program is readable");
        let out = instrument(&source, &options).expect("program instruments");
        called_names(&out.code, &path, &mut emitted);
    }
    let documented = documented();
    let implemented = implemented();
    let doc_names: BTreeSet<String> = documented.keys().cloned().collect();
    let api_names: BTreeSet<String> = implemented.keys().cloned().collect();

    let undocumented: Vec<_> = emitted.difference(&doc_names).collect();
    assert!(
        undocumented.is_empty(),
        "instrumented code calls the __as methods {undocumented:?}, missing from PROTOCOL.md's table"
    );
    let never_emitted: Vec<_> = doc_names.difference(&emitted).collect();
    assert!(
        never_emitted.is_empty(),
        "PROTOCOL.md lists {never_emitted:?}, which no instrumented program of the corpus calls \
         (gone from the instrumenter, or the corpus needs a program that uses it)"
    );
    let missing: Vec<_> = emitted.difference(&api_names).collect();
    assert!(
        missing.is_empty(),
        "instrumented code calls the __as methods {missing:?}, which the recorder's api lacks"
    );
    let extra: Vec<_> = api_names.difference(&emitted).collect();
    assert!(
        extra.is_empty(),
        "the recorder's api has {extra:?}, which instrumented code never calls"
    );
    for (name, params) in &implemented {
        assert_eq!(
            documented.get(name),
            Some(params),
            "PROTOCOL.md's arguments of `{name}` differ from recorder.mjs's parameters"
        );
    }
}
