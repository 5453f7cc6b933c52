//! The `uraikal` command run as the real binary, one integration target (`cargo test -p uraikal-cli --test
//! cli`), one module per command area. Every module starts the binary through [`uraikal`], and finds the
//! workspace's fixtures and `../shared` through `uraikal_test_support`.

use std::process::Command;

mod house;
mod json_outputs;
mod legacy;
mod oiwer;
mod parity;
mod prep;
mod quality;
mod readme_text;
mod report;
mod score;
mod scripts;
mod tasks;
mod tokenizers;
mod tokenizers_build;
mod transcribe;
mod yaappu;

/// The one command helper: the `uraikal` binary under test, ready for arguments.
pub fn uraikal() -> Command {
    Command::new(env!("CARGO_BIN_EXE_uraikal"))
}

/// Runs `uraikal ARGS` with `stdin` on its standard input; its status, stdout and stderr.
pub fn uraikal_with_stdin(args: &[&str], stdin: impl AsRef<[u8]>) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child =
        uraikal().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_ref()).unwrap();
    child.wait_with_output().unwrap()
}
