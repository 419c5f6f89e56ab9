//! Node-key normalisation across languages.

use algoscope_scene::{key_label, node_key};
use algoscope_trace_format::{Step, Value};

fn empty_step() -> Step {
    serde_json::from_str(r#"{"event":"line","line":1,"stack":[],"heap":{},"stdoutLength":0}"#)
        .expect("step")
}

#[test]
fn keys_compare_across_languages() {
    let step = empty_step();
    let key = |t: &str, r: &str| node_key(&Value::prim(t, r), &step);
    let cases = [
        ("str", "'A'", Some("s:A")),
        ("str", "\"it's\"", Some("s:it's")),
        ("str", "'a\\'b'", Some("s:a'b")),
        ("string", "'A'", Some("s:A")),
        ("string", "'3'", Some("n:3")),
        ("str", "'03'", Some("s:03")),
        ("str", "'3.0'", Some("s:3.0")),
        ("number", "3", Some("n:3")),
        ("int", "3", Some("n:3")),
        ("float", "3.0", Some("n:3")),
        ("float", "2.5", Some("n:2.5")),
        ("bigint", "3n", Some("n:3")),
        ("int", "-4", Some("n:-4")),
        ("bool", "True", Some("b:true")),
        ("boolean", "true", Some("b:true")),
        ("NoneType", "None", None),
        ("null", "null", None),
        ("undefined", "undefined", None),
    ];
    for (t, r, want) in cases {
        assert_eq!(key(t, r).as_deref(), want, "{t} {r}");
    }
    assert_eq!(
        node_key(&Value::Unreadable { reason: "x".into() }, &step),
        None
    );
    assert_eq!(
        node_key(&Value::reference("o1"), &step),
        None,
        "missing object"
    );
}

#[test]
fn labels_drop_the_kind() {
    assert_eq!(key_label("s:A"), "A");
    assert_eq!(key_label("n:-3"), "-3");
    assert_eq!(key_label("t:(n:0,s:x)"), "(0, x)");
    assert_eq!(key_label("s:a:b"), "a:b");
}
