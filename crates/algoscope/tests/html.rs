//! `algoscope html`: the page it writes is one self-contained file that carries the run's
//! trace (heap deltas, compressed) and the player's wasm module, with the program's text
//! escaped, and stays small for long runs; the pictures the player asks the wasm module for
//! are the facade's, the same whichever order the steps are drawn in.
//!
//! These tests build pages through the facade (`Render::page`) and read them back. The
//! browser tests (`tests/browser`) check what the player draws from them; the command line's
//! own `html` tests are in `crates/cli/tests/html.rs`.

use std::path::{Path, PathBuf};

use algoscope::{LoopOptions, MemoryOptions, PageOptions, Render, RenderOptions, TraceOptions};
use algoscope_test_support::goldens;
use serde_json::{json, Value};

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
        ..PageOptions::default()
    };
    render.page(&options).expect("the page builds")
}

/// Where the text of the page's element `<script type="TYPE" id="ID">` starts and ends.
fn element_range(page: &str, kind: &str, id: &str) -> (usize, usize) {
    let open = format!(r#"<script type="{kind}" id="{id}">"#);
    let start = page.find(&open).expect("the element") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    (start, end)
}

/// The bytes of a gzip-compressed, base64-encoded element.
fn gunzip_element(page: &str, id: &str) -> Vec<u8> {
    use base64::Engine as _;
    use std::io::Read as _;
    let (start, end) = element_range(page, "application/gzip", id);
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(page[start..end].trim())
        .expect("base64");
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_end(&mut out)
        .expect("gzip");
    out
}

/// The trace the page carries, as JSON.
fn page_data(page: &str) -> Value {
    serde_json::from_slice(&gunzip_element(page, "algoscope-data")).expect("the data is JSON")
}

/// The player options the page carries.
fn page_options(page: &str) -> Value {
    let (start, end) = element_range(page, "application/json", "algoscope-options");
    serde_json::from_str(&page[start..end]).expect("the options are JSON")
}

fn has_remote_address(text: &str) -> bool {
    let lower = text
        .to_ascii_lowercase()
        .replace("xmlns=\"http://www.w3.org/2000/svg\"", "")
        .replace("xmlns:xlink=\"http://www.w3.org/1999/xlink\"", "");
    lower.contains("http:") || lower.contains("https:") || lower.contains("\"//")
}

/// Every step's memory SVG drawn in step order, then again in reverse order by a second
/// `Render`: both must agree (a step is laid out after the steps before it, whichever order
/// they are asked for in).
fn memory_svgs(trace: &algoscope::Trace, nested: bool) -> Vec<String> {
    let options = MemoryOptions { nested };
    let forward = Render::new(trace.clone(), &RenderOptions::default()).expect("ready");
    let svgs: Vec<String> = (0..forward.step_count())
        .map(|i| forward.memory_svg(i, &options).expect("drawn"))
        .collect();
    let backward = Render::new(trace.clone(), &RenderOptions::default()).expect("ready");
    for i in (0..backward.step_count()).rev() {
        assert_eq!(
            backward.memory_svg(i, &options).expect("drawn"),
            svgs[i],
            "step {}",
            i + 1
        );
    }
    svgs
}

#[test]
fn page_is_self_contained() {
    let page = build(&fixture("hostile_text.json"), &[]);
    let mut markup = page.clone();
    for id in ["algoscope-data", "algoscope-wasm"] {
        let (start, end) = element_range(&page, "application/gzip", id);
        assert!(page[start..end]
            .trim()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c)));
        markup = markup.replace(&page[start..end], "");
    }
    assert_eq!(&gunzip_element(&page, "algoscope-wasm")[..4], b"\0asm");
    let markup = markup.to_ascii_lowercase();
    assert_eq!(markup.matches("<script").count(), 5);
    assert_eq!(markup.matches("</script>").count(), 5);
    // The wasm glue's fallback `new URL("…_bg.wasm", import.meta.url)` is never taken: the
    // page hands the module's bytes to the player.
    let markup = markup.replace("new url(", "");
    for needle in [" src=", " href=", "url(", "@import", "<link", "<iframe"] {
        assert!(!markup.contains(needle), "page contains {needle}");
    }
    assert!(!has_remote_address(&markup.replace("import.meta.url", "")));
    assert!(markup.contains(
        "content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; img-src data:\""
    ));
}

#[test]
fn program_text_is_escaped_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let hostile = dir.path().join("<b>x&y.json");
    std::fs::copy(fixture("hostile_text.json"), &hostile).unwrap();
    let page = build(&hostile, &[]);
    assert!(!page.contains("<script>alert"));
    assert!(!page.contains("<img"));
    assert!(!page.contains("<b>"));
    assert_eq!(page_options(&page)["title"], json!("<b>x&y.json"));
    let data = page_data(&page);
    assert!(data["source"]
        .as_str()
        .unwrap()
        .contains(r#"greet("</script><script>alert(1)</script>")"#));
    assert_eq!(
        data["error"]["message"].as_str().unwrap(),
        "<img src=x onerror=alert(1)>"
    );
    let trace = algoscope::validate(&data.to_string()).unwrap();
    let svgs = memory_svgs(&trace, false);
    for svg in &svgs {
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(!svg.contains("<script") && !svg.contains("<b>"), "{svg}");
        assert!(!has_remote_address(svg), "{svg}");
    }
    assert!(svgs[4].contains("&lt;/script&gt;&lt;script&gt;alert(1)"));
}

#[test]
fn page_data_is_the_trace_and_its_timeline() {
    insta::glob!("html_fixtures", "*.json", |path| {
        let page = build(path, &[]);
        let data = page_data(&page);
        assert_eq!(data["heapDelta"], json!(true));
        let carried = algoscope::validate(&data.to_string()).unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let render = Render::new(
            algoscope::validate(&text).unwrap(),
            &RenderOptions::default(),
        )
        .unwrap();
        assert_eq!(&carried, render.trace());
        insta::assert_json_snapshot!(render.timeline());
    });
}

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
fn two_thousand_steps_stay_small() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("loop.json");
    std::fs::write(&trace, loop_trace(2000).to_string()).unwrap();
    let page = build(&trace, &[]);
    let data = page_data(&page);
    assert_eq!(data["steps"].as_array().unwrap().len(), 2000);
    assert_eq!(data["truncated"], json!(true));
    assert_eq!(data["stoppedBy"], json!("steps"));
    let (start, end) = element_range(&page, "application/gzip", "algoscope-data");
    assert!(
        end - start < 200_000,
        "the trace takes {} bytes",
        end - start
    );
}

#[test]
fn every_example_trace_draws_in_both_modes_in_any_order() {
    let paths = goldens::example_paths("python");
    assert!(paths.len() >= 16, "expected the example traces");
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let trace = algoscope::validate(goldens::body(&text)).unwrap();
        for nested in [false, true] {
            let svgs = memory_svgs(&trace, nested);
            assert_eq!(svgs.len(), trace.steps.len());
            let root = if nested {
                "class=\"algoscope-memory nested"
            } else {
                "class=\"algoscope-memory"
            };
            for (i, svg) in svgs.iter().enumerate() {
                assert!(
                    svg.starts_with("<svg") && svg.contains(root),
                    "{} step {}",
                    path.display(),
                    i + 1
                );
            }
        }
    }
}

#[test]
fn the_loop_pane_follows_the_loops_of_the_run() {
    let path = goldens::example_path("python", "bubble_sort");
    let text = std::fs::read_to_string(&path).unwrap();
    let trace = algoscope::validate(goldens::body(&text)).unwrap();
    let render = Render::new(trace, &RenderOptions::default()).unwrap();
    let timeline = render.timeline();
    let options = LoopOptions {
        max_rows: algoscope::PAGE_LOOP_ROWS,
        max_nodes: Some(algoscope::PAGE_LOOP_NODES),
    };
    let loops: Vec<Option<String>> = (0..render.step_count())
        .map(|i| render.loop_history_svg(i, &options).unwrap())
        .collect();
    for (i, svg) in loops.iter().enumerate() {
        let in_loop = !render.trace().steps[i].loops.is_empty();
        assert_eq!(svg.is_some(), in_loop, "step {}", i + 1);
        assert_eq!(timeline.steps.in_loop[i], in_loop, "step {}", i + 1);
        if let Some(svg) = svg {
            assert!(
                svg.starts_with("<svg") && svg.contains("algoscope-loops"),
                "step {}",
                i + 1
            );
            assert_eq!(Some(svg), render.loop_svg(i, &options).ok().as_ref());
        }
    }
    // Inside bubble_sort's loops the pass in progress is marked for the player to scroll to.
    let swap = render
        .trace()
        .steps
        .iter()
        .position(|s| s.loops.len() == 2 && s.loops[1].iteration >= 1)
        .expect("a step in the inner loop");
    assert!(loops[swap].as_ref().unwrap().contains("loop-row current"));
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
    let render = Render::new(traced, &RenderOptions::default()).unwrap();
    let options = LoopOptions {
        max_rows: algoscope::PAGE_LOOP_ROWS,
        max_nodes: Some(algoscope::PAGE_LOOP_NODES),
    };
    let in_loop: Vec<bool> = render
        .trace()
        .steps
        .iter()
        .map(|s| !s.loops.is_empty())
        .collect();
    assert!(in_loop.iter().filter(|&&b| b).count() > 1_000);
    // Drawn from the last step back: the histories are analysed once, whatever the order.
    for i in (0..render.step_count()).rev() {
        let svg = render.loop_history_svg(i, &options).unwrap();
        assert_eq!(svg.is_some(), in_loop[i], "step {}", i + 1);
    }
    let last = in_loop.iter().rposition(|&b| b).unwrap();
    let svg = render.loop_history_svg(last, &options).unwrap().unwrap();
    assert!(svg.contains("loop-row current"));
    assert!(svg.contains("pass 600"));
}
