//! Writes the player's JSON Schemas into `schema/` (run from the repository root):
//! `cargo run -q -p algoscope-viewer --example schema`.

fn main() -> std::io::Result<()> {
    for (name, text) in algoscope_viewer::schemas() {
        std::fs::write(format!("schema/{name}"), text)?;
    }
    Ok(())
}
