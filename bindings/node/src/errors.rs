//! The facade's [`Error`] as one JavaScript error shape: an `Error` whose `message` is the
//! facade's own text (the command line prints the same) and whose properties say what went
//! wrong and where:
//!
//! | property | value |
//! |---|---|
//! | `kind` | `syntax`, `invalid`, `interpreter`, `step`, `no_loop`, `usage` or `run` |
//! | `code` | `ERR_ALGOSCOPE_` and the kind in capitals |
//! | `line`, `column` | the first syntax error's (`syntax`), or where a trace text stops being JSON (`invalid`); else `null` |
//! | `path` | the JSON path of a trace's bad field (`invalid`, `steps[3].line`), else `null` |
//! | `errors` | `syntax`: every syntax error, `[{line, column, message}]` |
//! | `step`, `count` | `step`: the step asked for (0-based) and how many there are |
//! | `spans` | `no_loop`: where loops do run, `[[first, last]]` counted from 1 |
//! | `argument` | `usage`: the option that was wrong (`sizes`, `language`) |
//! | `language` | `interpreter`: the language whose interpreter is missing or too old |

use algoscope::Error;
use napi::bindgen_prelude::{JsObjectValue, JsValue};
use napi::{Env, Status};
use serde_json::{json, Map, Value};

/// An error on its way to JavaScript: everything the thrown object carries.
#[derive(Debug)]
pub struct Failure {
    kind: &'static str,
    message: String,
    /// Further properties (`line`, `column`, `path` and the kind's own), set on the error.
    details: Map<String, Value>,
}

impl Failure {
    /// The facade's error, with its kind and details (see the module's table).
    pub fn facade(error: &Error) -> Self {
        let message = error.to_string();
        Failure::new(error.kind(), message, error.details())
    }

    /// A bad argument (`sizes: "big"`, `language: "ruby"`).
    pub fn usage(argument: &str, error: impl std::fmt::Display) -> Self {
        Failure::new(
            "usage",
            format!("{argument}: {error}"),
            json!({ "argument": argument }),
        )
    }

    /// A negative step that counts back past the first step.
    pub fn step(step: i64, count: usize) -> Self {
        Failure::new(
            "step",
            format!("step {step} is out of range: the trace has {count} steps"),
            json!({ "step": step, "count": count }),
        )
    }

    /// Anything else that is not the program's or the trace's fault (a JSON conversion).
    pub fn run(message: String) -> Self {
        Failure::new("run", message, json!({}))
    }

    fn new(kind: &'static str, message: String, details: Value) -> Self {
        let mut all = Map::new();
        all.insert("line".into(), Value::Null);
        all.insert("column".into(), Value::Null);
        all.insert("path".into(), Value::Null);
        if let Value::Object(details) = details {
            all.extend(details);
        }
        Failure {
            kind,
            message,
            details: all,
        }
    }

    /// The JavaScript error to throw or reject with. Should building it fail, a plain
    /// `Error` with the message is thrown instead.
    pub fn into_napi(self, env: &Env) -> napi::Error {
        let fallback = napi::Error::new(Status::GenericFailure, self.message.clone());
        self.build(env).unwrap_or(fallback)
    }

    fn build(self, env: &Env) -> napi::Result<napi::Error> {
        let mut error = env.create_error(napi::Error::new(Status::GenericFailure, self.message))?;
        error.set_named_property("kind", self.kind)?;
        error.set_named_property(
            "code",
            format!("ERR_ALGOSCOPE_{}", self.kind.to_ascii_uppercase()),
        )?;
        for (name, value) in self.details {
            error.set_named_property(&name, value)?;
        }
        Ok(napi::Error::from(error.to_unknown()))
    }
}
