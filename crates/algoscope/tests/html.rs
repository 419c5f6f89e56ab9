//! `algoscope html`: the page it writes is one self-contained file whose data reproduces the
//! run, with the program's text escaped, and stays small for long runs.
//!
//! These tests build pages through the facade (`Render::page`) and read them back: the JSON
//! data element is parsed and each step's SVG rebuilt from the piece table exactly as the
//! player does. The command line's own `html` tests are in `crates/cli/tests/html.rs`.

use std::path::{Path, PathBuf};

use algoscope::{PageOptions, Render, RenderOptions, TraceOptions};
use algoscope_test_support::goldens;
use serde_json::{json, Value};

/// A trace file (`.json`, or a golden insta snapshot) as JSON.
fn trace_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("read the trace");
    serde_json::from_str(goldens::body(&text)).expect("trace JSON")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/html_fixtures")
        .join(name)
}

/// The page of `input` (a trace `.json` or golden `.snap`, or a program traced first), as
/// `algoscope html INPUT [--nested]` writes it.
fn build(input: &Path, extra: &[&str]) -> String {
    let trace = if input
        .extension()
        .is_some_and(|e| e == "json" || e == "snap")
    {
        let text = std::fs::read_to_string(input).expect("read the trace");
        algoscope::validate(goldens::body(&text)).expect("a valid trace")
    } else {
        algoscope::trace_file(input, &TraceOptions::default()).expect("the program traces")
    };
    let render = Render::new(trace, &RenderOptions::default()).expect("ready to draw");
    let options = PageOptions {
        title: input
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        nested: extra.contains(&"--nested"),
    };
    render.page(&options).expect("the page builds")
}

/// Where the data element's text starts and ends in the page.
fn data_range(page: &str) -> (usize, usize) {
    let open = r#"<script type="application/gzip" id="algoscope-data">"#;
    let start = page.find(open).expect("data element") + open.len();
    let end = start
        + page[start..]
            .find("</script>")
            .expect("end of the data element");
    (start, end)
}

/// The page's data: the data element's text is gzip-compressed JSON in base64.
fn page_data(page: &str) -> Value {
    use base64::Engine as _;
    use std::io::Read as _;
    let (start, end) = data_range(page);
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(page[start..end].trim())
        .expect("the data is base64");
    let mut json = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut json)
        .expect("the data is gzip");
    serde_json::from_str(&json).expect("the data is JSON")
}

/// Each step's memory SVG, joined from the piece table as the player joins it.
fn step_svgs(data: &Value) -> Vec<String> {
    column_svgs(data, "svg")
}

/// Each step's picture in column `column` of `steps` (`svg`: memory, `loops`: loop history,
/// empty when none), joined from the piece table as the player joins it: a step's operations
/// are piece indices (`v >= 0`) or copies of `n` indices of the previous step from `-v - 1`.
fn column_svgs(data: &Value, column: &str) -> Vec<String> {
    let pieces = data["pieces"].as_array().expect("pieces");
    let mut previous: Vec<usize> = Vec::new();
    let mut svgs = Vec::new();
    for ops in data["steps"][column].as_array().expect("a steps column") {
        let ops: Vec<i64> = ops
            .as_array()
            .expect("a step is an array")
            .iter()
            .map(|v| v.as_i64().expect("an operation is an integer"))
            .collect();
        let mut indices = Vec::new();
        let mut k = 0;
        while k < ops.len() {
            if ops[k] >= 0 {
                indices.push(ops[k] as usize);
                k += 1;
            } else {
                let start = (-ops[k] - 1) as usize;
                indices.extend_from_slice(&previous[start..start + ops[k + 1] as usize]);
                k += 2;
            }
        }
        svgs.push(
            indices
                .iter()
                .map(|&i| pieces[i].as_str().expect("piece is a string"))
                .collect(),
        );
        previous = indices;
    }
    svgs
}

/// Whether `text` names anything a browser could fetch: an `http(s):` or protocol-relative
/// address, apart from the SVG namespace name (an identifier, never fetched).
fn has_remote_address(text: &str) -> bool {
    let lower = text
        .to_ascii_lowercase()
        .replace("xmlns=\"http://www.w3.org/2000/svg\"", "")
        .replace("xmlns:xlink=\"http://www.w3.org/1999/xlink\"", "");
    lower.contains("http:") || lower.contains("https:") || lower.contains("\"//")
}

#[test]
fn page_is_self_contained() {
    let page = build(&fixture("hostile_text.json"), &[]);
    let data = page_data(&page);
    // The markup around the data: our two inline scripts (the data and the player), no
    // external script, style sheet, image or font.
    let (start, end) = data_range(&page);
    assert!(page[start..end]
        .trim()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c)));
    let markup = format!("{}{}", &page[..start], &page[end..]).to_ascii_lowercase();
    assert_eq!(markup.matches("<script").count(), 2);
    assert_eq!(markup.matches("</script>").count(), 2);
    for needle in [
        " src=", " href=", "url(", "@import", "<link", "<iframe", "fetch(",
    ] {
        assert!(!markup.contains(needle), "page contains {needle}");
    }
    assert!(!has_remote_address(&markup));
    assert!(markup.contains("content-security-policy\" content=\"default-src 'none'"));
    // The pictures fetch nothing either.
    for svg in step_svgs(&data) {
        assert!(!has_remote_address(&svg), "{svg}");
    }
}

#[test]
fn program_text_is_escaped_everywhere() {
    let page = build(&fixture("hostile_text.json"), &[]);
    // Outside our own elements, the program's markup never appears as markup.
    assert!(!page.contains("<script>alert"));
    assert!(!page.contains("<img"));
    assert!(!page.contains("<b>"));
    let data = page_data(&page);
    // The data holds the program's text exactly.
    assert!(data["source"]
        .as_str()
        .unwrap()
        .contains(r#"greet("</script><script>alert(1)</script>")"#));
    assert_eq!(
        data["error"]["message"].as_str().unwrap(),
        "<img src=x onerror=alert(1)>"
    );
    // The renderer escaped the string values it drew.
    for svg in step_svgs(&data) {
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{svg}"
        );
        assert!(!svg.contains("<script") && !svg.contains("<b>"), "{svg}");
    }
    assert!(step_svgs(&data)[4].contains("&lt;/script&gt;&lt;script&gt;alert(1)"));
}

#[test]
fn page_data_matches_the_trace() {
    insta::glob!("html_fixtures", "*.json", |path| {
        let page = build(path, &[]);
        let mut data = page_data(&page);
        let svgs = step_svgs(&data);
        let steps = data["steps"]["line"].as_array().unwrap().len();
        assert_eq!(svgs.len(), steps);
        // The pictures are left out: they are the renderer's, snapshotted in its own tests.
        data.as_object_mut().unwrap().remove("pieces");
        data["steps"].as_object_mut().unwrap().remove("svg");
        data["steps"].as_object_mut().unwrap().remove("loops");
        insta::assert_json_snapshot!(data);
    });
}

/// A trace of `for i in range(1000): total += i; items.append(total % 97)`, cut off at
/// `steps` steps by the step budget, as the Python tracer records it.
fn loop_trace(steps: usize) -> Value {
    let source = "items = []\ntotal = 0\nfor i in range(1000):\n    total += i\n    items.append(total % 97)\nprint(total)\n";
    let (mut i, mut total, mut items) = (0u64, 0u64, Vec::<u64>::new());
    let mut recorded = Vec::new();
    let mut line = 3;
    while recorded.len() < steps {
        match line {
            4 => total += i,
            5 => items.push(total % 97),
            _ => {}
        }
        let shown: Vec<Value> = items
            .iter()
            .take(60)
            .map(|v| json!({"kind": "prim", "type": "int", "repr": v.to_string()}))
            .collect();
        recorded.push(json!({
            "event": "line", "line": line, "stdoutLength": 0,
            "stack": [{"id": "f1", "func": "<module>", "line": line, "locals": [
                ["items", {"kind": "ref", "id": "o1"}],
                ["total", {"kind": "prim", "type": "int", "repr": total.to_string()}],
                ["i", {"kind": "prim", "type": "int", "repr": i.to_string()}],
            ]}],
            "heap": {"o1": {"kind": "list", "typeName": "list", "items": shown, "length": items.len()}},
        }));
        line = match line {
            3 => 4,
            4 => 5,
            _ => {
                i += 1;
                3
            }
        };
    }
    json!({
        "version": 1, "language": "python", "source": source, "steps": recorded, "stdout": "",
        "truncated": true, "stoppedBy": "steps",
    })
}

#[test]
fn two_thousand_steps_stay_under_five_megabytes() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("loop.json");
    std::fs::write(&trace, loop_trace(2000).to_string()).unwrap();
    let page = build(&trace, &[]);
    let data = page_data(&page);
    assert_eq!(data["steps"]["line"].as_array().unwrap().len(), 2000);
    assert_eq!(data["truncated"], json!(true));
    assert_eq!(data["stoppedBy"], json!("steps"));
    assert!(
        page.len() < 5_000_000,
        "a 2,000-step page is {} bytes",
        page.len()
    );
}

/// The repository's golden traces of the Python examples
/// (`tests/traces/python/trace@*.py.snap`).
fn golden_traces() -> Vec<PathBuf> {
    goldens::example_paths("python")
}

#[test]
fn every_example_trace_makes_a_page_in_both_modes() {
    let paths = golden_traces();
    assert!(paths.len() >= 16, "expected the example traces");
    for path in &paths {
        let trace = trace_json(path);
        let steps = trace["steps"].as_array().unwrap().len();
        for nested in [false, true] {
            let page = build(path, if nested { &["--nested"] } else { &[] });
            let svgs = step_svgs(&page_data(&page));
            assert_eq!(svgs.len(), steps, "{}", path.display());
            let root = if nested {
                "class=\"algoscope-memory nested"
            } else {
                "class=\"algoscope-memory"
            };
            for (i, svg) in svgs.iter().enumerate() {
                assert!(
                    svg.starts_with("<svg") && svg.contains(root),
                    "{} step {}: {svg}",
                    path.display(),
                    i + 1
                );
                assert!(
                    svg.contains("data-key=\"frame:"),
                    "{} step {}",
                    path.display(),
                    i + 1
                );
            }
            assert_eq!(
                svgs.iter().any(|s| s.contains("algoscope-memory nested")),
                nested
            );
        }
    }
}

#[test]
fn the_loop_pane_follows_the_loops_of_the_run() {
    let path = goldens::example_path("python", "bubble_sort");
    let trace = trace_json(&path);
    let data = page_data(&build(&path, &[]));
    let loops = column_svgs(&data, "loops");
    let steps = trace["steps"].as_array().unwrap();
    assert_eq!(loops.len(), steps.len());
    for (i, (step, svg)) in steps.iter().zip(&loops).enumerate() {
        let in_loop = !step["loops"].as_array().is_none_or(|l| l.is_empty());
        assert_eq!(!svg.is_empty(), in_loop, "step {}", i + 1);
        if in_loop {
            assert!(
                svg.starts_with("<svg") && svg.contains("algoscope-loops"),
                "step {}",
                i + 1
            );
        }
    }
    // Inside bubble_sort's loops the pass in progress is marked for the player to scroll to.
    let swap = steps
        .iter()
        .position(|s| {
            s["loops"]
                .as_array()
                .is_some_and(|l| l.len() == 2 && l[1]["iteration"].as_u64() >= Some(1))
        })
        .expect("a step in the inner loop");
    assert!(loops[swap].contains("loop-row current"));
}

#[test]
fn a_loop_run_of_over_a_thousand_steps_is_drawn_at_every_step() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("long.py");
    std::fs::write(
        &program,
        "total = 0\nfor i in range(600):\n    total += i\nprint(total)\n",
    )
    .unwrap();
    let traced = algoscope::trace_file(&program, &TraceOptions::default()).unwrap();
    let text = serde_json::to_string(&traced).unwrap();
    let trace_path = dir.path().join("long.json");
    std::fs::write(&trace_path, &text).unwrap();
    let trace: Value = serde_json::from_str(&text).unwrap();
    let steps = trace["steps"].as_array().unwrap();
    let loops = column_svgs(&page_data(&build(&trace_path, &[])), "loops");
    assert_eq!(loops.len(), steps.len());
    let in_loop: Vec<bool> = steps
        .iter()
        .map(|s| !s["loops"].as_array().is_none_or(|l| l.is_empty()))
        .collect();
    assert!(in_loop.iter().filter(|&&b| b).count() > 1_000);
    for (i, (svg, in_loop)) in loops.iter().zip(&in_loop).enumerate() {
        assert_eq!(!svg.is_empty(), *in_loop, "step {}", i + 1);
    }
    let last = in_loop.iter().rposition(|&b| b).unwrap();
    assert!(loops[last].contains("loop-row current"));
    assert!(loops[last].contains("pass 600"));
}
