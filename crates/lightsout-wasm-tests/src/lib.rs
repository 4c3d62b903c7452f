//! Holds no code: its test `tests/library.rs` runs the `lightsout` library on
//! `wasm32-unknown-unknown` (in Node.js, through `wasm-bindgen-test-runner`; see
//! `scripts/test-wasm`) and, as ordinary tests, natively.
