//! Link flags for a Node addon (undefined N-API symbols are resolved by `node` at load time).

fn main() {
    napi_build::setup();
}
