//! `--sizes MODEL` on `render` and `html`.

mod run_support;

use run_support::algoscope;
use std::path::Path;

/// The golden trace of the Python linked-list example as a trace `.json` file.
fn golden() -> String {
    algoscope_test_support::goldens::json_file(
        "python",
        "linked_list",
        Path::new(env!("CARGO_TARGET_TMPDIR")),
    )
    .to_string_lossy()
    .into_owned()
}

#[test]
fn render_draws_sizes_only_when_asked() {
    let trace = golden();
    let (ok, plain, err) = algoscope(&["render", &trace, "--step", "60"]);
    assert!(ok, "{err}");
    assert!(!plain.contains("mem-size"));
    let (ok, python, err) = algoscope(&["render", &trace, "--step", "60", "--sizes", "python"]);
    assert!(ok, "{err}");
    assert!(
        python.contains(">Σ 3804 B</text>"),
        "the module frame's total"
    );
    let (ok, v8, err) = algoscope(&["render", &trace, "--step", "60", "--sizes", "V8"]);
    assert!(ok, "{err}");
    assert!(v8.contains(">Σ 248 B</text>"), "the same frame in V8");
}

#[test]
fn an_unknown_model_is_refused_with_the_choices() {
    let (ok, _, err) = algoscope(&["render", &golden(), "--sizes", "java"]);
    assert!(!ok);
    assert!(
        err.contains("unknown size model `java`: python, textbook or v8"),
        "{err}"
    );
}

#[test]
fn html_takes_sizes_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("page.html");
    let out = out.to_str().expect("utf-8 path");
    let (ok, _, err) = algoscope(&["html", &golden(), "--sizes", "textbook", "-o", out]);
    assert!(ok, "{err}");
    let sized = std::fs::metadata(out).expect("page written").len();
    let (ok, _, err) = algoscope(&["html", &golden(), "-o", out]);
    assert!(ok, "{err}");
    let plain = std::fs::metadata(out).expect("page written").len();
    assert!(
        sized > plain,
        "the sized page holds the size texts ({sized} vs {plain} bytes)"
    );
}

#[test]
fn the_python_model_is_refused_for_javascript_and_typescript_programs() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, language) in [("list.js", "JavaScript"), ("list.ts", "TypeScript")] {
        let program = dir.path().join(name);
        std::fs::write(&program, "const xs = [1, 2, 3];\nconsole.log(xs.length);\n")
            .expect("write the program");
        let program = program.to_str().expect("utf-8 path");
        let out = dir.path().join("page.html");
        let out = out.to_str().expect("utf-8 path");
        let expected = format!(
            "--sizes: the python size model does not fit a {language} program: use textbook or v8"
        );
        let (ok, svg, err) = algoscope(&["render", program, "--sizes", "python"]);
        assert!(!ok && svg.is_empty(), "{err}");
        assert!(err.contains(&expected), "render: {err}");
        let (ok, _, err) = algoscope(&["html", program, "--sizes", "python", "-o", out]);
        assert!(!ok, "{err}");
        assert!(err.contains(&expected), "html: {err}");
        assert!(!std::path::Path::new(out).exists(), "no page written");
        for model in ["textbook", "v8"] {
            let (ok, svg, err) = algoscope(&["render", program, "--sizes", model]);
            assert!(ok, "{model}: {err}");
            assert!(svg.contains("mem-size"), "{model}: sizes drawn");
        }
    }
}

#[test]
fn every_model_fits_python() {
    for model in ["python", "textbook", "v8"] {
        let (ok, svg, err) = algoscope(&["render", &golden(), "--sizes", model]);
        assert!(ok, "{model}: {err}");
        assert!(svg.contains("mem-size"), "{model}");
    }
}

#[test]
fn the_python_model_is_refused_before_a_program_runs_and_for_a_javascript_trace_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A syntax error would be reported if the program were read and run.
    let broken = dir.path().join("broken.js");
    std::fs::write(&broken, "const = ;\n").expect("write the program");
    let (ok, _, err) = algoscope(&[
        "render",
        broken.to_str().expect("utf-8"),
        "--sizes",
        "python",
    ]);
    assert!(!ok);
    assert!(err.contains("--sizes: the python size model"), "{err}");
    assert!(!err.contains("broken.js:1"), "{err}");
    // A trace file's language is known once it is read.
    let program = dir.path().join("ok.js");
    std::fs::write(&program, "const xs = [1];\n").expect("write the program");
    let trace = dir.path().join("ok.json");
    let (ok, _, err) = algoscope(&[
        "trace",
        program.to_str().expect("utf-8"),
        "-o",
        trace.to_str().expect("utf-8"),
    ]);
    assert!(ok, "{err}");
    let (ok, _, err) = algoscope(&[
        "render",
        trace.to_str().expect("utf-8"),
        "--sizes",
        "python",
    ]);
    assert!(!ok);
    assert!(
        err.contains("the python size model does not fit a JavaScript program: use textbook or v8"),
        "{err}"
    );
}
