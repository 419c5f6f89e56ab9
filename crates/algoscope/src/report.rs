//! [`ErrorReport`]: an error as the JavaScript bindings throw it (the Node module and the wasm
//! build alike), so both throw the same object for the same mistake.

use serde_json::{json, Map, Value};

use crate::Error;

/// One error as plain data: an error class's `kind`, its `message` and the fields a JavaScript
/// error object carries besides ([`ErrorReport::to_json`]).
///
/// | field | value |
/// |---|---|
/// | `kind` | [`Error::kind`]: `syntax`, `invalid`, `interpreter`, `step`, `no_loop`, `usage` or `run` |
/// | `code` | `ERR_ALGOSCOPE_` and the kind in capitals |
/// | `line`, `column` | the first syntax error's (`syntax`), or where a trace text stops being JSON (`invalid`); else `null` |
/// | `path` | the JSON path of a trace's bad field (`invalid`, `steps[3].line`), else `null` |
/// | others | the kind's own, as [`Error::details`] lists them (`errors`, `step`, `count`, `spans`, `argument`, `language`) |
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorReport {
    /// The error's kind (see the table).
    pub kind: &'static str,
    /// The message, the same text the command line prints.
    pub message: String,
    /// Every further field, `line`, `column` and `path` always present (`null` where they do
    /// not apply).
    pub details: Map<String, Value>,
}

impl ErrorReport {
    /// A bad argument of a binding's call (`sizes: "big"`, `language: "ruby"`): kind `usage`,
    /// the argument's name in `argument`.
    pub fn usage(argument: &str, error: impl std::fmt::Display) -> Self {
        Self::new(
            "usage",
            format!("{argument}: {error}"),
            json!({ "argument": argument }),
        )
    }

    /// Anything else that is neither the program's nor the trace's fault (kind `run`).
    pub fn run(message: impl Into<String>) -> Self {
        Self::new("run", message.into(), json!({}))
    }

    /// `ERR_ALGOSCOPE_` and the kind in capitals (`ERR_ALGOSCOPE_INVALID`), Node's `code`.
    pub fn code(&self) -> String {
        format!("ERR_ALGOSCOPE_{}", self.kind.to_ascii_uppercase())
    }

    /// The whole error as one flat JSON object: `kind`, `code`, `message`, then the details.
    pub fn to_json(&self) -> Value {
        let mut all = Map::new();
        all.insert("kind".into(), self.kind.into());
        all.insert("code".into(), self.code().into());
        all.insert("message".into(), self.message.clone().into());
        all.extend(self.details.clone());
        Value::Object(all)
    }

    fn new(kind: &'static str, message: String, details: Value) -> Self {
        let mut all = Map::new();
        for name in ["line", "column", "path"] {
            all.insert(name.into(), Value::Null);
        }
        if let Value::Object(details) = details {
            all.extend(details);
        }
        ErrorReport {
            kind,
            message,
            details: all,
        }
    }
}

impl From<&Error> for ErrorReport {
    fn from(error: &Error) -> Self {
        Self::new(error.kind(), error.to_string(), error.details())
    }
}

impl From<Error> for ErrorReport {
    fn from(error: Error) -> Self {
        Self::from(&error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_facade_error_carries_its_kind_code_and_path() {
        let error = crate::validate(r#"{"version": 1, "steps": 3}"#).unwrap_err();
        let report = ErrorReport::from(&error).to_json();
        assert_eq!(report["kind"], "invalid");
        assert_eq!(report["code"], "ERR_ALGOSCOPE_INVALID");
        assert_eq!(report["message"], error.to_string());
        assert!(report["path"].is_string(), "{report}");
        assert!(report["line"].is_null());
    }

    #[test]
    fn usage_names_the_argument_and_keeps_the_common_fields() {
        let report = ErrorReport::usage("language", "unknown language `ruby`").to_json();
        assert_eq!(report["argument"], "language");
        assert_eq!(report["message"], "language: unknown language `ruby`");
        for field in ["line", "column", "path"] {
            assert!(report[field].is_null(), "{field}");
        }
    }
}
