//! Shared IO for Uraikal's commands: one JSONL reader that names `file:line` in every error, one atomic
//! writer for every result file, and the sha256 that result records carry for their inputs.
//!
//! The library crates below this one (`uraikal-text`, `-numbers`, `-metrics`) do no IO at all; the crates
//! above it (`-asr`, `-d4`, `-prep`, the CLI) read and write only through here, so every command reports
//! bad input the same way and never leaves a half-written result behind.
//!
//! ```
//! use uraikal_io::{parse_jsonl, write_atomic};
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("rows.jsonl");
//! write_atomic(&path, b"{\"id\": \"a\"}\n\n{\"id\": \"b\"}\n").unwrap();
//! let rows = parse_jsonl::<serde_json::Value>(&path).unwrap();
//! assert_eq!(rows.len(), 2);
//! assert_eq!(rows[1].line, 3); // blank lines are skipped but still counted
//! ```
#![deny(missing_docs)]

use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

/// What went wrong, with the file (and line, where there is one) it happened in.
#[derive(Debug)]
pub struct Error {
    path: PathBuf,
    line: Option<usize>,
    kind: ErrorKind,
}

/// The kinds of IO errors.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file could not be opened, read or written.
    Io(io::Error),
    /// The file is not valid UTF-8; the byte offset of the first bad byte.
    Utf8 {
        /// Byte offset of the first invalid byte in the file.
        offset: usize,
    },
    /// A line is not JSON, or not of the expected shape.
    Json(serde_json::Error),
    /// A record is well formed JSON but breaks a rule of the file format (a duplicate id, say).
    Invalid(String),
}

impl Error {
    /// An error about `path` at 1-based `line`, for rules that callers check themselves.
    pub fn invalid(path: impl Into<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Error {
        Error { path: path.into(), line, kind: ErrorKind::Invalid(message.into()) }
    }

    /// An IO error about `path`.
    pub fn io(path: impl Into<PathBuf>, err: io::Error) -> Error {
        Error { path: path.into(), line: None, kind: ErrorKind::Io(err) }
    }

    /// The file the error is about.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The 1-based line, when the error is about one line.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        match &self.kind {
            ErrorKind::Io(e) => write!(f, ": {e}"),
            ErrorKind::Utf8 { offset } => write!(f, ": invalid UTF-8 at byte offset {offset}"),
            ErrorKind::Json(e) => write!(f, ": invalid JSON: {e}"),
            ErrorKind::Invalid(m) => write!(f, ": {m}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(e) => Some(e),
            ErrorKind::Json(e) => Some(e),
            _ => None,
        }
    }
}

/// One parsed JSONL record and the 1-based line it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Record<T> {
    /// 1-based line number in the file.
    pub line: usize,
    /// The parsed value.
    pub value: T,
}

/// The path that means standard input wherever a command reads a file.
pub const STDIN: &str = "-";

/// Reads a whole input file as bytes; the path `-` ([`STDIN`]) reads all of standard input, as every
/// command that takes an input file allows.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Error> {
    if path.as_os_str() == STDIN {
        let mut bytes = Vec::new();
        io::Read::read_to_end(&mut io::stdin().lock(), &mut bytes).map_err(|e| Error::io(path, e))?;
        return Ok(bytes);
    }
    fs::read(path).map_err(|e| Error::io(path, e))
}

/// Reads a whole file (or stdin for `-`) as UTF-8, naming the byte offset of the first invalid byte.
pub fn read_utf8(path: &Path) -> Result<String, Error> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        Error { path: path.to_path_buf(), line: None, kind: ErrorKind::Utf8 { offset } }
    })
}

/// The non-blank lines of a JSONL file's bytes with their 1-based line numbers, a final `\r` removed
/// (LF and CRLF files read alike). A line is blank when it holds only whitespace, Unicode's included (a line
/// of no-break spaces is as invisible as an empty one). Newlines are found with memchr: a multi-megabyte batch is split in well
/// under a millisecond, before the lines are parsed in parallel.
///
/// ```
/// let lines = uraikal_io::non_blank_lines(b"{\"a\": 1}\r\n\n  \n{\"b\": 2}");
/// assert_eq!(lines, [(1, &b"{\"a\": 1}"[..]), (4, &b"{\"b\": 2}"[..])]);
/// assert!(uraikal_io::non_blank_lines("\u{00A0}\u{3000}\n".as_bytes()).is_empty());
/// ```
pub fn non_blank_lines(bytes: &[u8]) -> Vec<(usize, &[u8])> {
    let mut lines = Vec::with_capacity(bytes.len() / 64 + 1);
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', bytes).chain(std::iter::once(bytes.len()));
    for (index, end) in ends.enumerate() {
        let line = &bytes[start..end];
        start = end + 1;
        // The first byte that is not ASCII whitespace decides, unless it is non-ASCII: only then is the line
        // decoded (a JSON line's first byte is `{`, so big batches are not decoded twice here, serially).
        // (Rust's ASCII whitespace for `trim`: tab to carriage return, vertical tab included, and space.)
        let blank = match line.iter().find(|byte| !matches!(byte, b'\t'..=b'\r' | b' ')) {
            None => true,
            Some(byte) if byte.is_ascii() => false,
            Some(_) => std::str::from_utf8(line).is_ok_and(|text| text.trim().is_empty()),
        };
        if !blank {
            lines.push((index + 1, line.strip_suffix(b"\r").unwrap_or(line)));
        }
    }
    lines
}

/// Bytes a block of [`for_each_block`] holds before it is handed on: enough lines to keep every thread
/// busy, little memory.
const BLOCK: usize = 4 << 20;

/// Reads a JSONL input (`-` for stdin) in blocks of whole lines and hands each block's non-blank lines to
/// `each`, in order, numbered in the whole input as [`non_blank_lines`] numbers them. One buffer of a few
/// MiB is read into again and again, so a batch of any size is never held whole (on a loaded machine the
/// kernel's zeroing of fresh pages for a 50 MB input cost more than reading it). A line longer than a
/// block is read whole. `each` may stop the reading with its own error; a read error is `E::from` an
/// [`Error`] naming the path.
pub fn for_each_block<E: From<Error>>(
    path: &Path,
    each: impl FnMut(&[(usize, &[u8])]) -> Result<(), E>,
) -> Result<(), E> {
    let input: Box<dyn io::Read> = if path.as_os_str() == STDIN {
        Box::new(io::stdin().lock())
    } else {
        Box::new(fs::File::open(path).map_err(|e| Error::io(path, e))?)
    };
    blocks(input, BLOCK, each).map_err(|e| match e {
        BlockError::Read(e) => E::from(Error::io(path, e)),
        BlockError::Each(e) => e,
    })
}

enum BlockError<E> {
    Read(io::Error),
    Each(E),
}

/// [`for_each_block`] on any reader with blocks of `block` bytes (tests use tiny ones).
fn blocks<E>(
    mut input: impl io::Read,
    block: usize,
    mut each: impl FnMut(&[(usize, &[u8])]) -> Result<(), E>,
) -> Result<(), BlockError<E>> {
    let mut buffer: Vec<u8> = Vec::with_capacity(block + 1);
    // Lines before the buffer's first byte.
    let mut lines_before = 0;
    let mut target = block.max(1);
    loop {
        let wanted = target.saturating_sub(buffer.len());
        // `take` + `read_to_end` reads until `wanted` bytes or the end, into spare capacity (not zeroed).
        let mut limited = io::Read::take(io::Read::by_ref(&mut input), wanted as u64);
        let got = io::Read::read_to_end(&mut limited, &mut buffer).map_err(BlockError::Read)?;
        let end_of_input = got < wanted;
        let end = if end_of_input {
            buffer.len()
        } else {
            match memchr::memrchr(b'\n', &buffer) {
                Some(at) => at + 1,
                // No whole line yet: read on.
                None => {
                    target = buffer.len() + block.max(1);
                    continue;
                }
            }
        };
        let lines: Vec<(usize, &[u8])> =
            non_blank_lines(&buffer[..end]).into_iter().map(|(line, bytes)| (lines_before + line, bytes)).collect();
        if !lines.is_empty() {
            each(&lines).map_err(BlockError::Each)?;
        }
        if end_of_input {
            return Ok(());
        }
        lines_before += memchr::memchr_iter(b'\n', &buffer[..end]).count();
        buffer.drain(..end);
        target = block.max(1);
    }
}

/// Parses JSONL text (one JSON value a line; blank lines skipped) that came from `path`.
pub fn parse_jsonl_str<T: DeserializeOwned>(path: &Path, text: &str) -> Result<Vec<Record<T>>, Error> {
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value = serde_json::from_str(line).map_err(|e| Error {
            path: path.to_path_buf(),
            line: Some(index + 1),
            kind: ErrorKind::Json(e),
        })?;
        out.push(Record { line: index + 1, value });
    }
    Ok(out)
}

/// Reads and parses a JSONL file; every error names the file and, for a bad record, its line.
pub fn parse_jsonl<T: DeserializeOwned>(path: &Path) -> Result<Vec<Record<T>>, Error> {
    let text = read_utf8(path)?;
    parse_jsonl_str(path, &text)
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed, then renamed over
/// `path`. Readers see the old file or the new one, never a part; on error nothing is left behind.
/// Missing parent folders are created. [`AtomicFile`] does the same for output written in pieces.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let mut file = AtomicFile::create(path)?;
    file.write(bytes)?;
    file.commit()
}

/// A result file written in pieces and put in place atomically by [`AtomicFile::commit`]: until then the
/// pieces go to a temporary file in the same folder, which is removed if the commit never comes (an error,
/// a panic), with any folders made for it. The commit makes the file durable (`fsync`) before it replaces
/// `path`, so that a crash cannot leave an empty file where a good one was. On Linux the write-back of the
/// pieces to the disk is started as they come, so the commit's `fsync` mostly finds the work done: for
/// output written while it is being computed, the durable write costs little more than a plain one.
///
/// A symbolic link is followed: the file it points to is replaced and the link stays. A path that is not a
/// file to replace — one that exists and is not a regular file (`/dev/null`, a named pipe), or any path under
/// `/dev` or `/proc` (`/dev/stdout` leads through `/proc/self/fd` to whatever the caller redirected it to) —
/// is written directly, in one piece at the commit, so that an error still writes nothing there.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out.jsonl");
/// let mut file = uraikal_io::AtomicFile::create(&path).unwrap();
/// file.write(b"{\"id\": 1}\n").unwrap();
/// assert!(!path.exists()); // nothing is in place before the commit
/// file.write(b"{\"id\": 2}\n").unwrap();
/// file.commit().unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 2);
/// ```
pub struct AtomicFile {
    path: PathBuf,
    target: Target,
}

enum Target {
    /// The temporary file, renamed over `path` on commit; the folders made for it (deepest first); the
    /// bytes written since write-back was last started.
    Replace { tmp: PathBuf, file: fs::File, made: Vec<PathBuf>, unstarted: u64 },
    /// `path` is written directly, with everything, at the commit.
    Direct(Vec<u8>),
    /// Committed or given up.
    Done,
}

/// Write-back is started once this much is waiting: each start costs a system call that queues disk work
/// (~50 µs here), too much to pay for every small piece.
const WRITE_BACK_BATCH: u64 = 256 * 1024;

impl AtomicFile {
    /// Starts the temporary file beside `path` (making missing parent folders), or, for a path that is not
    /// a file to replace, a buffer for it.
    pub fn create(path: &Path) -> Result<AtomicFile, Error> {
        let direct = AtomicFile { path: path.to_path_buf(), target: Target::Direct(Vec::new()) };
        let special = |p: &Path| p.starts_with("/dev") || p.starts_with("/proc");
        if special(path) {
            return Ok(direct);
        }
        let target = match fs::metadata(path) {
            Ok(meta) if !meta.is_file() => return Ok(direct),
            Ok(_) if fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink()) => {
                let real = fs::canonicalize(path).map_err(|e| Error::io(path, e))?;
                if special(&real) {
                    return Ok(direct);
                }
                real
            }
            _ => path.to_path_buf(),
        };
        let parent = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let made: Vec<PathBuf> = parent
            .ancestors()
            .take_while(|dir| !dir.as_os_str().is_empty() && !dir.exists())
            .map(Path::to_path_buf)
            .collect();
        fs::create_dir_all(&parent).map_err(|e| Error::io(&parent, e))?;
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let tmp = parent.join(format!(".{name}.tmp{}", std::process::id()));
        let file = fs::File::create(&tmp).map_err(|e| {
            remove_made(&made);
            Error::io(path, e)
        })?;
        Ok(AtomicFile { path: target, target: Target::Replace { tmp, file, made, unstarted: 0 } })
    }

    /// Appends `bytes`.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        match &mut self.target {
            Target::Direct(buffer) => buffer.extend_from_slice(bytes),
            Target::Replace { file, unstarted, .. } => {
                file.write_all(bytes).map_err(|e| Error::io(&self.path, e))?;
                *unstarted += bytes.len() as u64;
                if *unstarted >= WRITE_BACK_BATCH {
                    *unstarted = 0;
                    #[cfg(target_os = "linux")]
                    // SAFETY: sync_file_range takes the open file's descriptor and a byte range (0, 0: the
                    // whole file; pages already on their way are skipped), and only starts write-back; a
                    // failure is harmless (the commit's fsync does the work then).
                    unsafe {
                        use std::os::fd::AsRawFd;
                        libc::sync_file_range(file.as_raw_fd(), 0, 0, libc::SYNC_FILE_RANGE_WRITE);
                    }
                }
            }
            Target::Done => unreachable!("an AtomicFile is open until its commit"),
        }
        Ok(())
    }

    /// Makes the file durable and renames it over the target path (or writes a direct path).
    pub fn commit(mut self) -> Result<(), Error> {
        match std::mem::replace(&mut self.target, Target::Done) {
            Target::Direct(buffer) => {
                // The process's own stdout and stderr are written through their descriptors, so that a
                // redirection's offset and append mode hold (opening /dev/stdout anew would start at byte 0,
                // and truncating would empty a file the caller appends to). Anything else is opened as it
                // is, never created or truncated: a device or a pipe.
                let result = match self.path.to_str() {
                    Some("/dev/stdout" | "/dev/fd/1" | "/proc/self/fd/1") => {
                        let mut out = io::stdout().lock();
                        out.write_all(&buffer).and_then(|()| out.flush())
                    }
                    Some("/dev/stderr" | "/dev/fd/2" | "/proc/self/fd/2") => io::stderr().lock().write_all(&buffer),
                    _ => fs::OpenOptions::new()
                        .write(true)
                        .open(&self.path)
                        .and_then(|mut file| file.write_all(&buffer).and_then(|()| file.flush())),
                };
                result.map_err(|e| Error::io(&self.path, e))
            }
            Target::Replace { tmp, file, made, .. } => {
                let result = file.sync_all().and_then(|()| {
                    drop(file);
                    fs::rename(&tmp, &self.path)
                });
                result.map_err(|e| {
                    let _ = fs::remove_file(&tmp);
                    remove_made(&made);
                    Error::io(&self.path, e)
                })
            }
            Target::Done => unreachable!("an AtomicFile is committed once"),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Never committed: the partial file goes, and the folders made for it.
        if let Target::Replace { tmp, file, made, .. } = std::mem::replace(&mut self.target, Target::Done) {
            drop(file);
            let _ = fs::remove_file(&tmp);
            remove_made(&made);
        }
    }
}

/// Removes folders made for a file that never came, deepest first; one that is not empty stays.
fn remove_made(made: &[PathBuf]) {
    for dir in made {
        let _ = fs::remove_dir(dir);
    }
}

/// Lower-case hex sha256 of bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(Sha256::digest(bytes))
}

fn hex(digest: impl IntoIterator<Item = u8>) -> String {
    let mut s = String::with_capacity(64);
    for b in digest {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// Lower-case hex sha256 of a file's contents, read in pieces: model files run to gigabytes, and holding one
/// whole beside the model whisper.cpp loads from it doubled `uraikal transcribe`'s peak memory.
pub fn sha256_file(path: &Path) -> Result<String, Error> {
    let mut file = fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return Ok(hex(hasher.finalize())),
            Ok(n) => hasher.update(&buffer[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::io(path, e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A reader that hands out at most `step` bytes a call, as a pipe may.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(out.len()).min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    proptest! {
        /// Read in blocks of any size, from a reader of any step, the lines and their numbers are those of
        /// the whole input read at once.
        #[test]
        fn blocks_are_the_lines_of_the_whole(
            text in proptest::collection::vec(prop_oneof![
                Just(b'\n'), Just(b'\r'), Just(b' '), Just(b'{'), Just(b'a'), Just(0xC2), Just(0xA0), Just(0xE0)
            ], 0..200),
            block in 1usize..40,
            step in 1usize..50,
        ) {
            let mut got: Vec<(usize, Vec<u8>)> = Vec::new();
            let read = blocks(Trickle { bytes: &text, step }, block, |lines| {
                prop_assert!(!lines.is_empty());
                got.extend(lines.iter().map(|(n, l)| (*n, l.to_vec())));
                Ok::<(), TestCaseError>(())
            });
            match read {
                Ok(()) => {}
                Err(BlockError::Each(e)) => return Err(e),
                Err(BlockError::Read(e)) => panic!("{e}"),
            }
            let whole: Vec<(usize, Vec<u8>)> = non_blank_lines(&text).into_iter().map(|(n, l)| (n, l.to_vec())).collect();
            prop_assert_eq!(got, whole);
        }
    }

    #[test]
    fn bad_json_names_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("m.jsonl");
        fs::write(&p, "{\"a\":1}\n{\"a\": \n").unwrap();
        let err = parse_jsonl::<serde_json::Value>(&p).unwrap_err();
        assert_eq!(err.line(), Some(2));
        assert!(err.to_string().contains("m.jsonl:2: invalid JSON"), "{err}");
    }

    #[test]
    fn invalid_utf8_names_offset() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.jsonl");
        fs::write(&p, b"ok \xff").unwrap();
        let err = parse_jsonl::<serde_json::Value>(&p).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Utf8 { offset: 3 }), "{err}");
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/out.json");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        let names: Vec<_> = fs::read_dir(p.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_and_a_symlink_followed_never_replaced() {
        use std::os::unix::fs::{symlink, FileTypeExt};
        let dir = tempfile::tempdir().unwrap();
        // A named pipe stands for /dev/null and /dev/stdout (testing on /dev/null itself would, if this
        // broke, replace the machine's /dev/null): it is written through and stays a pipe.
        let pipe = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status().is_ok_and(|s| s.success());
        assert!(made, "mkfifo is needed for this test");
        let reader = {
            let pipe = pipe.clone();
            std::thread::spawn(move || fs::read(pipe).unwrap())
        };
        write_atomic(&pipe, b"through").unwrap();
        assert_eq!(reader.join().unwrap(), b"through");
        assert!(fs::metadata(&pipe).unwrap().file_type().is_fifo());
        fs::remove_file(&pipe).unwrap();
        let (real, link) = (dir.path().join("real.json"), dir.path().join("link.json"));
        fs::write(&real, "old").unwrap();
        symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
        // A folder is an error, not replaced.
        assert!(write_atomic(dir.path(), b"x").is_err());
        assert!(dir.path().is_dir());
        // A direct path gets nothing when the commit never comes.
        let pipe = dir.path().join("pipe2");
        let mut file = AtomicFile::create(&pipe).unwrap();
        assert!(matches!(file.target, Target::Replace { .. }), "a path that does not exist yet is replaced");
        drop(file);
        assert!(std::process::Command::new("mkfifo").arg(&pipe).status().unwrap().success());
        file = AtomicFile::create(&pipe).unwrap();
        file.write(b"never").unwrap();
        assert!(matches!(file.target, Target::Direct(_)));
        drop(file); // would block on open if it wrote: nothing reads the pipe
        assert!(matches!(AtomicFile::create(Path::new("/dev/stdout")).unwrap().target, Target::Direct(_)));
    }

    #[test]
    fn folders_made_for_a_file_that_never_came_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new/sub/out.jsonl");
        let mut file = AtomicFile::create(&path).unwrap();
        file.write(b"half").unwrap();
        assert!(dir.path().join("new/sub").is_dir());
        drop(file);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "new/ is gone");
        write_atomic(&path, b"whole").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "whole");
    }

    #[test]
    fn an_atomic_file_never_committed_leaves_the_old_file_and_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.jsonl");
        write_atomic(&p, b"good").unwrap();
        let mut file = AtomicFile::create(&p).unwrap();
        file.write(b"half a res").unwrap();
        drop(file);
        assert_eq!(fs::read_to_string(&p).unwrap(), "good");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn sha256_of_empty_input() {
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    #[test]
    fn a_file_hashes_as_its_bytes_across_read_pieces() {
        let dir = tempfile::tempdir().unwrap();
        for len in [0, 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 7, 3 << 20] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
            let path = dir.path().join(format!("f{len}"));
            fs::write(&path, &bytes).unwrap();
            assert_eq!(sha256_file(&path).unwrap(), sha256_hex(&bytes), "{len} bytes");
        }
        assert!(sha256_file(&dir.path().join("missing")).unwrap_err().to_string().contains("missing"));
    }
}
