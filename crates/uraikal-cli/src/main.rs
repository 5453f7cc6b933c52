//! The `uraikal` binary: a thin `main` over [`uraikal_cli::run`].

use std::process::ExitCode;

/// Scoring allocates many short strings (normalised texts, words, unit ids) on every thread; mimalloc's
/// thread-local free lists make that markedly cheaper than glibc malloc (docs/perf.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    uraikal_cli::die_quietly_on_closed_pipe();
    uraikal_cli::run(std::env::args_os())
}
