//! Fuzz target `instrument_ts`: see `algoscope_fuzz_targets::instrument_ts`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| algoscope_fuzz_targets::instrument_ts(data));
