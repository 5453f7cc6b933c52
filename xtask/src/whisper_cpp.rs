//! whisper.cpp's own programs, `whisper-cli` and `whisper-server`, built from the release that whisper-rs-sys
//! bundles (so that they run the same ggml code as `uraikal transcribe`), for `cargo xtask real-asr` (the
//! OpenAI-compatible engine against a real server) and `cargo xtask bench-peers --only asr` (the speed peer).
//!
//! The sources are cloned once into target/whisper.cpp/src (from $URAIKAL_WHISPER_CPP_GIT, default GitHub) and
//! built with cmake into target/whisper.cpp/build with the settings whisper-rs-sys uses: Release, static,
//! no OpenMP, GGML_NATIVE left at its default. Nothing of it is committed.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

/// The whisper.cpp release bundled by whisper-rs-sys 0.15.0 (its CMakeLists.txt: `VERSION 1.8.3`).
pub const TAG: &str = "v1.8.3";

/// The two programs, built if missing.
pub struct Programs {
    /// whisper-cli.
    pub cli: PathBuf,
    /// whisper-server.
    pub server: PathBuf,
}

/// Where the sources come from: $URAIKAL_WHISPER_CPP_GIT, default GitHub.
fn git_url() -> String {
    std::env::var("URAIKAL_WHISPER_CPP_GIT").unwrap_or_else(|_| "https://github.com/ggml-org/whisper.cpp".to_string())
}

/// Whether [`build`] can work: the programs or the sources are cached under target/, or the git source answers
/// (it is not a package registry, so a CI machine may not reach it).
pub fn available(root: &Path) -> bool {
    let base = root.join("target/whisper.cpp");
    base.join("build/bin/whisper-server").is_file()
        || base.join("src/CMakeLists.txt").is_file()
        || Command::new("git")
            .args(["ls-remote", "--exit-code", "--tags"])
            .arg(git_url())
            .arg(TAG)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
}

pub fn build(root: &Path) -> Result<Programs> {
    let base = root.join("target/whisper.cpp");
    let (src, build) = (base.join("src"), base.join("build"));
    let programs = Programs { cli: build.join("bin/whisper-cli"), server: build.join("bin/whisper-server") };
    if programs.cli.is_file() && programs.server.is_file() {
        return Ok(programs);
    }
    if !src.join("CMakeLists.txt").is_file() {
        let git = git_url();
        println!("whisper.cpp: cloning {TAG} from {git}");
        run(Command::new("git").args(["clone", "-q", "--depth", "1", "--branch", TAG]).arg(&git).arg(&src))?;
    }
    println!("whisper.cpp: building whisper-cli and whisper-server with cmake (once, into {})", build.display());
    run(Command::new("cmake")
        .arg("-S")
        .arg(&src)
        .arg("-B")
        .arg(&build)
        .args(["-DCMAKE_BUILD_TYPE=Release", "-DBUILD_SHARED_LIBS=OFF", "-DGGML_OPENMP=OFF"])
        .args(["-DWHISPER_BUILD_TESTS=OFF", "-DWHISPER_SDL2=OFF", "-DWHISPER_CURL=OFF"])
        .stdout(Stdio::null()))?;
    run(Command::new("cmake")
        .arg("--build")
        .arg(&build)
        .args(["-j2", "--target", "whisper-cli", "whisper-server"])
        .stdout(Stdio::null()))?;
    Ok(programs)
}

/// A whisper-server on 127.0.0.1, killed when dropped.
pub struct Server {
    child: Child,
    /// Its OpenAI-compatible endpoint.
    pub url: String,
    port: u16,
}

impl Server {
    /// Starts `whisper-server` on a free port with the settings of `uraikal transcribe`'s defaults: greedy,
    /// best of 5, no timestamps, no flash attention (whisper-rs's default), temperature fallback as
    /// whisper.cpp's. Does not wait for it to listen (see [`Server::wait`]).
    pub fn start(server: &Path, model: &Path, threads: usize, log: &Path) -> Result<Server> {
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let log = std::fs::File::create(log)?;
        let child = Command::new(server)
            .arg("-m")
            .arg(model)
            .args(["-t", &threads.to_string(), "-bo", "5", "-nt", "-nfa", "--host", "127.0.0.1"])
            .args(["--port", &port.to_string(), "--inference-path", "/v1/audio/transcriptions"])
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .with_context(|| format!("starting {}", server.display()))?;
        Ok(Server { child, url: format!("http://127.0.0.1:{port}/v1/audio/transcriptions"), port })
    }

    /// Waits until the server accepts connections.
    pub fn wait(&mut self) -> Result<()> {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(120) {
            if let Some(status) = self.child.try_wait()? {
                bail!("whisper-server exited early ({status})");
            }
            if TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        bail!("whisper-server did not listen on port {} within 120 s", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn run(command: &mut Command) -> Result<()> {
    let status = command.status().with_context(|| format!("{command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed ({status})");
    }
    Ok(())
}
