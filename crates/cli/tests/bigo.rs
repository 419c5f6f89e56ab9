//! `algoscope bigo` run as a process on the Python examples.

use std::path::PathBuf;
use std::process::{Command, Output};

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/python")
        .join(name)
}

fn bigo(args: &[&str], path: &PathBuf) -> Output {
    Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("bigo")
        .args(args)
        .arg(path)
        .output()
        .expect("the algoscope binary runs")
}

#[test]
fn text_names_the_class_the_sizes_and_why() {
    let out = bigo(&[], &example("bubble_sort.py"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.lines().next().unwrap().ends_with(": O(n²)"), "{text}");
    assert!(text.contains("n = the length of"), "{text}");
    assert!(
        text.contains("a loop of n passes inside the loop around it"),
        "{text}"
    );
}

#[test]
fn json_has_ascii_classes_per_function() {
    let out = bigo(&["--json"], &example("merge_sort.py"));
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["complexity"], "O(n log n)");
    let f = v["functions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "merge_sort")
        .unwrap();
    assert_eq!(f["complexity"], "O(n log n)");
    assert!(
        f["explanation"]
            .as_str()
            .unwrap()
            .contains("master theorem"),
        "{f}"
    );
    assert!(v["sizes"]["n"].is_string());
}

#[test]
fn function_picks_one_and_unknown_names_fail() {
    let out = bigo(
        &["--json", "--function", "merge"],
        &example("merge_sort.py"),
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["functions"].as_array().unwrap().len(), 1);
    let out = bigo(&["--function", "nope"], &example("merge_sort.py"));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_syntax_error_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.py");
    std::fs::write(&path, "while x <\n    pass\n").unwrap();
    let out = bigo(&[], &path);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.py:1:10"));
}

#[test]
fn javascript_and_typescript_are_estimated() {
    for (file, expected) in [
        ("javascript/bubble_sort.js", "O(n^2)"),
        ("typescript/merge_sort.ts", "O(n log n)"),
        ("javascript/two_sum_hash.js", "O(n)"),
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples")
            .join(file);
        let out = bigo(&["--json"], &path);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["complexity"], expected, "{file}: {v}");
    }
}

fn check_json(path: &std::path::Path) -> serde_json::Value {
    json_ok(&[
        "bigo",
        "--json",
        "--check",
        path.to_str().expect("a UTF-8 path"),
    ])
}

/// Writes `source` as `name` in `dir` and checks it as [`check_json`] does.
fn check_source(dir: &std::path::Path, name: &str, source: &str) -> serde_json::Value {
    let path = dir.join(name);
    std::fs::write(&path, source).expect("a temporary program");
    check_json(&path)
}

fn function<'v>(v: &'v serde_json::Value, name: &str) -> &'v serde_json::Value {
    v["functions"]
        .as_array()
        .and_then(|fs| fs.iter().find(|f| f["name"] == name))
        .expect("the function is in the JSON")
}

#[test]
fn check_agrees_on_bubble_sort_in_three_languages() {
    for (file, name) in [
        ("python/bubble_sort.py", "bubble_sort"),
        ("javascript/bubble_sort.js", "bubbleSort"),
        ("typescript/bubble_sort.ts", "bubbleSort"),
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples")
            .join(file);
        let v = check_json(&path);
        assert_eq!(v["check"]["verdict"], "agrees", "{file}: {v}");
        let f = function(&v, name);
        assert_eq!(f["check"]["calls"], 1, "{file}: {f}");
        let loops = f["check"]["loops"].as_array().unwrap();
        assert_eq!(loops.len(), 2, "{file}: {f}");
        // The outer loop runs once per item; its bound is the list's length.
        assert_eq!(loops[0]["runs"], 1, "{file}: {f}");
        assert!(loops[0]["expected"].as_f64().unwrap() >= 6.0, "{file}: {f}");
        assert_eq!(loops[0]["verdict"], "agrees", "{file}: {f}");
    }
}

#[test]
fn check_says_a_disagreement_and_a_run_too_small() {
    let dir = tempfile::tempdir().unwrap();
    // `x = x * 1` reads as doubling (a log bound), but the `+= 1` makes the loop linear.
    let v = check_source(dir.path(), "fake_log.py", "def count(n):\n    x = 1\n    c = 0\n    while x < n:\n        x = x * 1\n        x += 1\n        c += 1\n    return c\n\n\ndef unused(xs):\n    for x in xs:\n        print(x)\n\n\nprint(count(200))\n");
    assert_eq!(v["check"]["verdict"], "disagrees", "{v}");
    let f = function(&v, "count");
    assert_eq!(f["complexity"], "O(log n)", "{f}");
    assert_eq!(f["check"]["verdict"], "disagrees", "{f}");
    let message = f["check"]["message"].as_str().unwrap();
    assert!(message.contains("but the loop ran ~199"), "{message}");
    assert_eq!(function(&v, "unused")["check"]["verdict"], "not run");

    // A memo that is checked but never filled: the estimate trusts it, the calls do not.
    let v = check_source(dir.path(), "forgetful_memo.py", "def fib(n, memo):\n    if n in memo:\n        return memo[n]\n    if n < 2:\n        return n\n    return fib(n - 1, memo) + fib(n - 2, memo)\n\nprint(fib(18, {}))\n");
    let f = function(&v, "fib");
    assert_eq!(f["complexity"], "O(n)", "{f}");
    assert_eq!(f["check"]["verdict"], "disagrees", "{f}");
    assert_eq!(f["check"]["recursion"]["exponential"], false, "{f}");
    // (The tracer stops at its step budget; the calls until then are already far too many.)
    assert!(f["check"]["calls"].as_u64().unwrap() > 1000, "{f}");
    // The same without the memo check is exponential, as estimated.
    let v = check_source(dir.path(), "fib.py", "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n\nprint(fib(15))\n");
    let f = function(&v, "fib");
    assert_eq!(f["check"]["recursion"]["verdict"], "agrees", "{f}");

    let small =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/python/binary_search.py");
    let v = check_json(&small);
    assert_eq!(v["check"]["verdict"], "too small to tell", "{v}");
}

fn run_cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(args)
        .output()
        .expect("the algoscope binary runs")
}

/// Runs the CLI, expects exit 0 and JSON on standard output.
fn json_ok(args: &[&str]) -> serde_json::Value {
    let out = run_cli(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on standard output")
}

#[test]
fn measure_counts_passes_calls_and_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pairs.py");
    std::fs::write(
        &path,
        "def pairs(n):\n    c = 0\n    for i in range(n):\n        for j in range(i):\n            c += 1\n    return c\n\nprint(pairs(30))\n",
    )
    .unwrap();
    let v = json_ok(&["measure", "--json", path.to_str().unwrap()]);
    assert_eq!(v["finished"], true, "{v}");
    assert_eq!(v["loops"]["L3"], 30, "{v}");
    assert_eq!(v["loops"]["L4"], 435, "{v}");
    assert_eq!(v["calls"]["pairs"], 1, "{v}");
    assert_eq!(v["lines"]["5"], 435, "{v}");

    // A program that never ends is stopped; its progress is kept.
    let forever = dir.path().join("forever.py");
    std::fs::write(&forever, "i = 0\nwhile True:\n    i += 1\n").unwrap();
    let v = json_ok(&[
        "measure",
        "--json",
        "--time-limit",
        "700",
        forever.to_str().unwrap(),
    ]);
    assert_eq!(v["finished"], false, "{v}");
    assert!(v["loops"]["L2"].as_u64().unwrap() > 1000, "{v}");

    // JavaScript and TypeScript count the same passes as Python on the same algorithm.
    let counts = |file: &str| {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples")
            .join(file);
        let v = json_ok(&["measure", "--json", path.to_str().unwrap()]);
        assert_eq!(v["finished"], true, "{file}: {v}");
        v["loops"].clone()
    };
    let py = counts("python/bubble_sort.py");
    assert_eq!(counts("javascript/bubble_sort.js"), py);
    assert_eq!(counts("typescript/bubble_sort.ts"), py);
}

#[test]
fn growth_fits_the_counts_and_compares_with_the_estimate() {
    let dir = tempfile::tempdir().unwrap();
    let mut path = PathBuf::new();
    for (name, source) in [
        (
            "quadratic.py",
            "n = 640\ncount = 0\nfor i in range(n):\n    for j in range(i):\n        count += 1\nprint(count)\n",
        ),
        (
            "quadratic.ts",
            "const n: number = 640;\nlet count = 0;\nfor (let i = 0; i < n; i++) {\n  for (let j = 0; j < i; j++) count++;\n}\nconsole.log(count);\n",
        ),
    ] {
        path = dir.path().join(name);
        std::fs::write(&path, source).unwrap();
        let v = json_ok(&["growth", "--json", "--size", "n", path.to_str().unwrap()]);
        let sizes: Vec<u64> = v["runs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["size"].as_u64().unwrap())
            .collect();
        assert_eq!(sizes, [10, 40, 160, 640], "{name}");
        assert_eq!(v["fitted"], "O(n^2)", "{name}: {v}");
        assert_eq!(v["verdict"], "agree", "{name}: {v}");
    }

    let out = run_cli(&["growth", "--size", "m", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no top-level `m = <number>`"));
}
