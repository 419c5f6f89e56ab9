//! Fuzz target `instrument_js`: see `algoscope_fuzz_targets::instrument_js`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| algoscope_fuzz_targets::instrument_js(data));
