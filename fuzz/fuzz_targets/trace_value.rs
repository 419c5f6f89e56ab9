//! Fuzz target `trace_value`: see `algoscope_fuzz_targets::trace_value`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| algoscope_fuzz_targets::trace_value(data));
