//! Links the `uraikal` binary as a position-dependent executable on Linux (glibc): a PIE build of this
//! binary carries ~35,000 relative relocations that the dynamic loader applies, and the pages they dirty
//! fault in, on every start — 0.7 of the 3 ms a short command takes (docs/perf.md). The cost is ASLR for the
//! executable's own image (libraries and the heap stay randomised); for a batch tool reading local files
//! that is the right trade. Objects stay position-independent, so nothing else changes.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
