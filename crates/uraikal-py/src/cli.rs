//! `uraikal._uraikal.main`: the whole `uraikal` command (issue 24), for the wheel's console script and
//! `python -m uraikal`. The same `uraikal_cli::run` as the Rust binary: same subcommands, output, exit codes.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use pyo3::prelude::*;

/// The typed signature of `main` for the stubs (see `add`).
const MAIN_TYPES: &str = "(argv: Sequence[str]) -> int";
/// Runs the `uraikal` command on `argv` (argv[0] is the program name, as in `sys.argv`) and returns its exit
/// code: 0 success, 1 a check that ran and failed, 2 bad input or usage. The output goes to file descriptors 1
/// and 2 directly (flush `sys.stdout` first; the console script does). The GIL is released while it runs.
#[pyfunction]
pub fn main(py: Python<'_>, argv: Vec<OsString>) -> u8 {
    py.detach(|| {
        let code = uraikal_cli::run(argv);
        // A Rust binary flushes stdout when main returns; here the process goes on, so flush now (a partial last
        // line would otherwise wait in the line buffer). A closed stdout is not an error at this point.
        let _ = std::io::stdout().flush();
        exit_code(code)
    })
}

/// The number inside an ExitCode (std gives no getter; ExitCode compares by value).
fn exit_code(code: ExitCode) -> u8 {
    (0..=u8::MAX).find(|&k| ExitCode::from(k) == code).unwrap_or(2)
}

/// The typed signature of `die_quietly_on_closed_pipe` for the stubs (see `add`).
const DIE_QUIETLY_ON_CLOSED_PIPE_TYPES: &str = "() -> None";
/// Restores the default SIGPIPE action (end quietly when stdout is closed early, like the Rust binary; Python
/// sets it to "ignore"). Only for the console script's own process: a library must not change it.
#[pyfunction]
pub fn die_quietly_on_closed_pipe() {
    uraikal_cli::die_quietly_on_closed_pipe();
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(main, m)?, MAIN_TYPES)?;
    crate::add(m, wrap_pyfunction!(die_quietly_on_closed_pipe, m)?, DIE_QUIETLY_ON_CLOSED_PIPE_TYPES)?;
    Ok(())
}
