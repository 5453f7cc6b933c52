//! Helpers every subcommand shares: reading the text argument or stdin, printing JSON, and turning
//! errors into messages and exit codes.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};

/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code for a check that ran and failed.
pub const EXIT_FAILED: u8 = 1;

/// An error that means "a check ran and failed" (exit 1) rather than "bad input" (exit 2).
#[derive(Debug)]
pub struct CheckFailed(pub String);

impl std::fmt::Display for CheckFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CheckFailed {}

/// Prints the error chain on stderr and picks the exit code.
pub fn report(err: anyhow::Error) -> ExitCode {
    let mut msg = format!("uraikal: error: {err}");
    for cause in err.chain().skip(1) {
        msg.push_str(&format!("\n  caused by: {cause}"));
    }
    eprintln!("{msg}");
    if err.downcast_ref::<CheckFailed>().is_some() {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::from(EXIT_BAD_INPUT)
    }
}

/// The text argument, or all of stdin when it is `-` or absent. Invalid UTF-8 is an error naming the byte
/// offset of the first bad byte.
pub fn text_arg(arg: Option<&str>) -> Result<String> {
    match arg {
        Some(t) if t != "-" => Ok(t.to_string()),
        _ => read_stdin(),
    }
}

/// All of stdin as UTF-8.
pub fn read_stdin() -> Result<String> {
    let mut bytes = Vec::new();
    io::stdin().read_to_end(&mut bytes)?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow!("stdin is not valid UTF-8: invalid byte at offset {}", e.utf8_error().valid_up_to())
    })
}

/// True when the text came from stdin (so that line-by-line commands keep one output line per input line).
pub fn is_stdin(arg: Option<&str>) -> bool {
    matches!(arg, None | Some("-"))
}

/// Prints a value as JSON (one line) on stdout.
pub fn print_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Prints a value as pretty JSON on stdout.
pub fn print_json_pretty<T: serde::Serialize + ?Sized>(value: &T) -> Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Maps `f` over `items` in chunks of `chunk` on scoped worker threads (one per core, or
/// `RAYON_NUM_THREADS`) and hands the results to `sink` in chunk order, each as soon as it and every chunk
/// before it are done: output is written while later chunks are still being worked on. The first error
/// from `sink` stops the work (chunks under way finish, no new one starts) and is returned.
///
/// For a batch whose output is written as it comes: unlike rayon's pool, whose idle workers spin for a
/// while, these threads are gone when the last result reaches the sink, so the process reading the output
/// gets the other core (a 10,000-record `oiwer` batch into a pipe took 2 ms longer with rayon).
pub fn chunks_in_order<T: Sync, R: Send, E>(
    items: &[T],
    chunk: usize,
    f: impl Fn(&[T]) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let chunks: Vec<&[T]> = items.chunks(chunk.max(1)).collect();
    let threads = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(chunks.len())
        .max(1);
    let (next, stop) = (AtomicUsize::new(0), AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::channel();
        for _ in 0..threads {
            let send = send.clone();
            let (chunks, next, stop, f) = (&chunks, &next, &stop, &f);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(chunk) = chunks.get(index) else { break };
                    if send.send((index, f(chunk))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Results that came before their turn, by chunk index. (A worker's panic ends the loop early and
        // is raised again when the scope ends.)
        let mut waiting: std::collections::BTreeMap<usize, R> = std::collections::BTreeMap::new();
        let mut turn = 0;
        for (index, result) in receive {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&turn) {
                turn += 1;
                if let Err(error) = sink(result) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(error);
                }
            }
        }
        Ok(())
    })
}

/// A JSON string borrowed from the input when it has no escapes (serde's `Cow<str>` always copies, and
/// `#[serde(borrow)]` does not reach one nested in a container).
pub struct JsonStr<'de>(pub std::borrow::Cow<'de, str>);

impl<'de> serde::Deserialize<'de> for JsonStr<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> serde::de::Visitor<'de> for Text {
            type Value = JsonStr<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<JsonStr<'de>, E> {
                Ok(JsonStr(std::borrow::Cow::Borrowed(text)))
            }
            fn visit_str<E>(self, text: &str) -> Result<JsonStr<'de>, E> {
                Ok(JsonStr(std::borrow::Cow::Owned(text.to_owned())))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

/// When stdout is a pipe, asks for a 1 MiB pipe buffer (Linux; the unprivileged limit) instead of 64 KiB, so
/// that a batch's output is not written in lock-step with its reader (docs/perf.md). Nothing happens if
/// stdout is not a pipe or the kernel refuses.
pub fn widen_stdout_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: fstat and fcntl(F_SETPIPE_SZ) on fd 1 take and return plain integers; a failure is harmless.
    unsafe {
        let mut status: libc::stat = std::mem::zeroed();
        if libc::fstat(1, &mut status) == 0 && (status.st_mode & libc::S_IFMT) == libc::S_IFIFO {
            libc::fcntl(1, libc::F_SETPIPE_SZ, 1 << 20);
        }
    }
}

/// Bootstrap replicates: at most a million (16 bytes a replicate per slice are kept; beyond that the
/// intervals do not get better and memory runs out).
pub fn parse_replicates(text: &str) -> Result<usize, String> {
    const MAX: usize = 1_000_000;
    let n: usize = text.parse().map_err(|_| format!("{text:?} is not a number of replicates"))?;
    if n > MAX {
        return Err(format!("{n} replicates: at most {MAX} (the default is 1,000)"));
    }
    Ok(n)
}

/// Like other Unix filters, end quietly when stdout is closed early (`uraikal … | head`) instead of failing
/// on the next write: restore the default SIGPIPE action, which Rust's runtime sets to "ignore".
pub fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// A JSON string with serde_json's escapes: `\"`, `\\`, `\b \f \n \r \t`, other control characters as
/// `\u00xx`; everything else (non-ASCII included) as it is.
pub fn write_json_str(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    loop {
        let at = find_json_special(bytes, start);
        out.extend_from_slice(&bytes[start..at]);
        let Some(&byte) = bytes.get(at) else { break };
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(&[b'\\', b'u', b'0', b'0', HEX[(byte >> 4) as usize], HEX[(byte & 0xF) as usize]]);
            }
        }
        start = at + 1;
    }
    out.push(b'"');
}

/// The index of the first byte at or after `from` that a JSON string cannot hold as it is (a control
/// character, `"` or `\`), or `bytes.len()`. Eight bytes are checked at a time: most text needs no escape.
pub fn find_json_special(bytes: &[u8], from: usize) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `word` below 0x20, or equal to `"` or `\`. A borrow can also mark a byte
    // above a marked one, never below it, so the lowest mark is exact.
    let marks = |word: u64| {
        let zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
        (word.wrapping_sub(LOW * 0x20) & !word & HIGH) | zero(word ^ (LOW * b'"' as u64)) | zero(word ^ (LOW * b'\\' as u64))
    };
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let marked = marks(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        if marked != 0 {
            return at + (marked.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while at < bytes.len() && !matches!(bytes[at], 0x00..=0x1F | b'"' | b'\\') {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    /// The eight-byte search against a byte loop, on buffers of bytes next to the boundaries the bit tricks
    /// could get wrong (0x1F/0x20, around `"` and `\`, 0x7F/0x80, 0xFF), at every offset.
    #[test]
    fn json_special_search_is_exact() {
        let interesting = [0x00, 0x01, 0x1F, 0x20, 0x21, b'!', b'"', b'#', b'[', b'\\', b']', 0x7F, 0x80, 0xA2, 0xDC, 0xFF, b'a'];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 20) as usize;
            let bytes: Vec<u8> = (0..len).map(|k| interesting[((seed >> (3 * k % 60)) % interesting.len() as u64) as usize]).collect();
            for from in 0..=len {
                let naive = (from..len).find(|&at| matches!(bytes[at], 0x00..=0x1F | b'"' | b'\\')).unwrap_or(len);
                assert_eq!(super::find_json_special(&bytes, from), naive, "{bytes:x?} from {from}");
            }
        }
    }
}
