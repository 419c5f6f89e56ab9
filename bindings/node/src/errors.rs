//! The facade's [`ErrorReport`] thrown as a JavaScript `Error`: its `message` is the facade's
//! own text (the command line prints the same) and its properties say what went wrong and
//! where — `kind`, `code`, `line`, `column`, `path` and the kind's own fields, listed at
//! [`ErrorReport`]. The wasm build throws the same object.

use algoscope::ErrorReport;
use napi::bindgen_prelude::{JsObjectValue, JsValue};
use napi::{Env, Status};

/// An error on its way to JavaScript.
pub type Failure = ErrorReport;

/// The JavaScript error to throw or reject with. Should building it fail, a plain `Error`
/// with the message is thrown instead.
pub fn into_napi(report: Failure, env: &Env) -> napi::Error {
    let fallback = napi::Error::new(Status::GenericFailure, report.message.clone());
    build(report, env).unwrap_or(fallback)
}

fn build(report: Failure, env: &Env) -> napi::Result<napi::Error> {
    let mut error = env.create_error(napi::Error::new(
        Status::GenericFailure,
        report.message.clone(),
    ))?;
    error.set_named_property("kind", report.kind)?;
    error.set_named_property("code", report.code())?;
    for (name, value) in report.details {
        error.set_named_property(&name, value)?;
    }
    Ok(napi::Error::from(error.to_unknown()))
}
