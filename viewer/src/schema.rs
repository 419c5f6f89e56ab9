//! JSON Schemas of the player's data, generated from the types with schemars and checked in
//! as `schema/player-options.schema.json`, `schema/timeline.schema.json` and
//! `schema/complexity.schema.json` (the TypeScript
//! types in `viewer/types/` are generated from those files).

use schemars::generate::SchemaSettings;
use schemars::JsonSchema;

use crate::{Complexity, PlayerOptions, Timeline};

/// The player's data shapes with a checked-in schema: `(file name under schema/, schema text)`.
pub fn schemas() -> [(&'static str, String); 3] {
    [
        ("player-options.schema.json", schema_json::<PlayerOptions>()),
        ("timeline.schema.json", schema_json::<Timeline>()),
        ("complexity.schema.json", schema_json::<Complexity>()),
    ]
}

/// The JSON Schema (draft 2020-12) of `T`, pretty-printed with a final newline.
fn schema_json<T: JsonSchema>() -> String {
    let schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
