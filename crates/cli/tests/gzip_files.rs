//! Gzip-compressed trace files: `trace -o t.json.gz` (or `--gzip`) writes one, and
//! `validate`, `render` and `html` read it as they read the plain file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn example(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(path)
}

fn algoscope(args: &[&Path]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn arg(s: &str) -> &Path {
    Path::new(s)
}

#[test]
fn a_gz_output_is_gzip_and_reads_back_like_the_plain_file() {
    let dir = tempfile::tempdir().unwrap();
    let program = example("python/bubble_sort.py");
    let plain = dir.path().join("t.json");
    let packed = dir.path().join("t.json.gz");
    algoscope(&[arg("trace"), &program, arg("-o"), &plain]);
    algoscope(&[arg("trace"), &program, arg("-o"), &packed]);
    let plain_bytes = std::fs::read(&plain).unwrap();
    let packed_bytes = std::fs::read(&packed).unwrap();
    assert_eq!(&packed_bytes[..2], &[0x1f, 0x8b], "gzip magic");
    assert!(packed_bytes.len() * 5 < plain_bytes.len());
    let mut inflated = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&packed_bytes[..]),
        &mut inflated,
    )
    .unwrap();
    assert_eq!(inflated, plain_bytes, "the same JSON, compressed");

    let ok = algoscope(&[arg("validate"), &packed]);
    assert_eq!(
        String::from_utf8_lossy(&ok.stdout),
        String::from_utf8_lossy(&algoscope(&[arg("validate"), &plain]).stdout)
    );
    let svg = |input: &Path, name: &str| {
        let out = dir.path().join(name);
        algoscope(&[
            arg("render"),
            input,
            arg("--step"),
            arg("last"),
            arg("-o"),
            &out,
        ]);
        std::fs::read_to_string(out).unwrap()
    };
    assert_eq!(svg(&packed, "a.svg"), svg(&plain, "b.svg"));
    let page = |input: &Path, name: &str| {
        let out = dir.path().join(name);
        algoscope(&[arg("html"), input, arg("-o"), &out]);
        std::fs::read_to_string(out).unwrap()
    };
    // The title is the input's file name; everything else is the same page.
    assert_eq!(
        page(&packed, "a.html").replace("t.json.gz", "t.json"),
        page(&plain, "b.html")
    );
}

#[test]
fn gzip_flag_compresses_standard_output() {
    let out = algoscope(&[
        arg("trace"),
        &example("javascript/bubble_sort.js"),
        arg("--gzip"),
    ]);
    assert_eq!(&out.stdout[..2], &[0x1f, 0x8b]);
    // `-o -` is standard output too, as usual for command-line tools.
    let dash = algoscope(&[
        arg("trace"),
        &example("javascript/bubble_sort.js"),
        arg("-o"),
        arg("-"),
        arg("--gzip"),
    ]);
    assert_eq!(dash.stdout, out.stdout);
}

#[test]
fn a_corrupt_gz_file_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("cut.json.gz");
    std::fs::write(&bad, [0x1f, 0x8b, 8, 0, 0, 0]).unwrap();
    for command in ["validate", "html"] {
        let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
            .arg(command)
            .arg(&bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("cut.json.gz: gzip: "),
            "{command}: {stderr}"
        );
    }
}
