//! A transcription run over manifests, whatever the engine: shard selection, resuming an existing hypothesis
//! file (after checking that its sidecar was written with the same identity: model and decoding settings),
//! one appended line per transcribed utterance, failures kept aside for a rerun, and the sidecar
//! `NAME.meta.json` (totals, real-time factor) rewritten as the run goes. The engine is a function from
//! 16 kHz mono samples to text; the caller sees progress through [`Event`]s (the CLI draws them).

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::audio;
use crate::transcribe::{read_audio_items, AudioItem, HypAppender, Shard};

/// Totals of audio and of time spent on it.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Totals {
    /// Utterances transcribed.
    pub utterances: usize,
    /// Seconds of audio.
    pub audio_seconds: f64,
    /// Seconds spent (decoding the audio and transcribing it).
    pub processing_seconds: f64,
}

impl Totals {
    /// Real-time factor: processing seconds per audio second.
    pub fn rtf(&self) -> Option<f64> {
        (self.audio_seconds > 0.0).then(|| self.processing_seconds / self.audio_seconds)
    }

    fn to_json(self) -> Value {
        json!({
            "utterances": self.utterances,
            "audio_seconds": round3(self.audio_seconds),
            "processing_seconds": round3(self.processing_seconds),
            "rtf": self.rtf().map(round3),
        })
    }

    fn from_json(value: &Value) -> Totals {
        Totals {
            utterances: value["utterances"].as_u64().unwrap_or(0) as usize,
            audio_seconds: value["audio_seconds"].as_f64().unwrap_or(0.0),
            processing_seconds: value["processing_seconds"].as_f64().unwrap_or(0.0),
        }
    }

    fn add(self, other: Totals) -> Totals {
        Totals {
            utterances: self.utterances + other.utterances,
            audio_seconds: self.audio_seconds + other.audio_seconds,
            processing_seconds: self.processing_seconds + other.processing_seconds,
        }
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Why a run could not start or go on.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Reading manifests or audio lists, or writing the hypothesis file or sidecar.
    Io(uraikal_io::Error),
    /// The hypothesis file was started with another model or other settings.
    OtherSettings {
        /// The hypothesis file.
        out: PathBuf,
        /// Its sidecar.
        sidecar: PathBuf,
        /// The identity recorded there.
        earlier: Value,
        /// This run's identity.
        now: Value,
    },
    /// The sidecar is not JSON.
    BadSidecar(PathBuf, String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::OtherSettings { out, sidecar, earlier, now } => write!(
                f,
                "{} was written with other settings ({}: {earlier}), now {now}; resuming would mix two systems in \
                 one file. Choose another --out, or delete both files to start again",
                out.display(),
                sidecar.display()
            ),
            Error::BadSidecar(path, m) => write!(f, "{}: not JSON ({m})", path.display()),
        }
    }
}

impl std::error::Error for Error {}

impl From<uraikal_io::Error> for Error {
    fn from(e: uraikal_io::Error) -> Error {
        Error::Io(e)
    }
}

/// What the caller is told as the run goes.
#[derive(Debug)]
pub enum Event<'a> {
    /// The hypothesis file ended in a partial line (an interrupted run), now removed.
    Repaired(&'a str),
    /// Lines in the file whose ids are not among the utterances of this run.
    Strangers(usize),
    /// Utterances already done, and those to do now.
    Start {
        /// Already in the file.
        done: usize,
        /// To transcribe now.
        pending: usize,
    },
    /// An utterance that could not be transcribed (it gets no line).
    Skipped {
        /// The utterance.
        item: &'a AudioItem,
        /// Why.
        error: &'a str,
    },
    /// One more utterance handled; the totals of this run so far.
    Progress(Totals),
}

/// A run: what to transcribe, where, and what the sidecar records.
pub struct Run<'a> {
    /// Manifests.
    pub manifests: &'a [PathBuf],
    /// The hypothesis file.
    pub out: &'a Path,
    /// Only this part of the test set.
    pub shard: Option<Shard>,
    /// The settings that decide the hypotheses (model hash, decoding, shard): a resumed run must match.
    pub identity: Value,
    /// Further sidecar fields (tool, versions, model, decoding record, …).
    pub record: serde_json::Map<String, Value>,
    /// Utterances in flight at once (1: one after another).
    pub concurrency: usize,
}

/// How a run ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// This run's totals.
    pub this_run: Totals,
    /// Utterances already in the file at the start.
    pub already_done: usize,
    /// Utterances that failed (no line; a rerun retries them).
    pub failures: usize,
    /// Utterances in this run's part of the test set.
    pub items: usize,
    /// The sidecar.
    pub sidecar: PathBuf,
}

/// The sidecar of a hypothesis file: `hyps/NAME.jsonl` → `hyps/NAME.meta.json`.
pub fn sidecar_path(out: &Path) -> PathBuf {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = name.strip_suffix(".jsonl").unwrap_or(&name);
    out.with_file_name(format!("{stem}.meta.json"))
}

/// Runs `transcribe` (samples → text) over the run's utterances, resuming what is in the file.
///
/// With `spec.concurrency` > 1, that many utterances are in flight at once (for remote engines, whose time is
/// mostly waiting); lines are still appended in the run's order, so the file is the same whatever the
/// concurrency, and a cut run leaves a prefix of it. Processing seconds are then wall-clock seconds of the run,
/// not the sum of the utterances' times.
pub fn run(
    spec: Run<'_>,
    transcribe: impl Fn(&[f32]) -> Result<String, String> + Sync,
    mut on: impl FnMut(Event<'_>),
) -> Result<Outcome, Error> {
    let items = read_audio_items(spec.manifests)?;
    let total_in_manifests = items.len();
    let items = match spec.shard {
        Some(shard) => shard.select(items, |item| item.id.as_str()),
        None => items,
    };
    let sidecar = sidecar_path(spec.out);
    let earlier = read_earlier_sidecar(&sidecar, spec.out, &spec.identity)?;
    let mut appender = HypAppender::open(spec.out)?;
    if let Some(repair) = appender.repaired() {
        on(Event::Repaired(repair));
    }
    let wanted: HashSet<&str> = items.iter().map(|i| i.id.as_str()).collect();
    let strangers = appender.done().iter().filter(|id| !wanted.contains(id.as_str())).count();
    if strangers > 0 {
        on(Event::Strangers(strangers));
    }
    let pending: Vec<&AudioItem> = items.iter().filter(|i| !appender.done().contains(&i.id)).collect();
    let already_done = items.len() - pending.len();
    on(Event::Start { done: already_done, pending: pending.len() });

    let mut doc = Value::Object(spec.record);
    doc["hypotheses"] = json!(spec.out.display().to_string());
    doc["manifests"] = json!(manifest_records(spec.manifests)?);
    doc["identity"] = spec.identity;
    doc["shard"] = json!(spec.shard.map(|s| s.to_string()));
    doc["utterances_in_manifests"] = json!(total_in_manifests);
    doc["utterances_in_shard"] = json!(items.len());
    doc["concurrency"] = json!(spec.concurrency.max(1));
    doc["started_unix"] = json!(unix_seconds());
    let mut this_run = Totals::default();
    let mut failures: Vec<Value> = Vec::new();
    let write_sidecar = |doc: &mut Value, run: Totals, failures: &[Value], finished: bool| -> Result<(), Error> {
        doc["this_run"] = run.to_json();
        doc["total"] = earlier.add(run).to_json();
        doc["already_done_at_start"] = json!(already_done);
        doc["failures"] = json!(failures);
        doc["finished_unix"] = if finished { json!(unix_seconds()) } else { Value::Null };
        let mut bytes = serde_json::to_vec_pretty(doc).expect("JSON values serialise");
        bytes.push(b'\n');
        uraikal_io::write_atomic(&sidecar, &bytes)?;
        Ok(())
    };
    write_sidecar(&mut doc, this_run, &failures, false)?;
    let mut last_sidecar = Instant::now();
    let start = Instant::now();
    let transcribe_one = |item: &AudioItem| -> (Result<(String, f64), String>, Duration) {
        let clock = Instant::now();
        let outcome = audio::load_for_whisper(&item.audio).map_err(|e| e.to_string()).and_then(|samples| {
            let seconds = samples.len() as f64 / f64::from(audio::WHISPER_SAMPLE_RATE);
            transcribe(&samples).map(|hyp| (hyp, seconds))
        });
        (outcome, clock.elapsed())
    };
    let concurrent = spec.concurrency > 1;
    in_order(&pending, spec.concurrency.max(1), transcribe_one, |item, (outcome, took)| {
        match outcome {
            Ok((hyp, seconds)) => {
                appender.append(&item.id, &hyp)?;
                this_run.utterances += 1;
                this_run.audio_seconds += seconds;
                this_run.processing_seconds = if concurrent {
                    start.elapsed().as_secs_f64()
                } else {
                    this_run.processing_seconds + took.as_secs_f64()
                };
            }
            Err(error) => {
                on(Event::Skipped { item, error: &error });
                failures.push(json!({ "id": item.id, "audio": item.audio.display().to_string(), "error": error }));
            }
        }
        on(Event::Progress(this_run));
        if last_sidecar.elapsed() > Duration::from_secs(10) {
            write_sidecar(&mut doc, this_run, &failures, false)?;
            last_sidecar = Instant::now();
        }
        Ok::<(), Error>(())
    })?;
    write_sidecar(&mut doc, this_run, &failures, true)?;
    Ok(Outcome { this_run, already_done, failures: failures.len(), items: items.len(), sidecar })
}

/// Computes `work(item)` for every item with `workers` threads and hands the results to `sink` in the items'
/// order (a result waits until those before it are in). The first error of `sink` stops the run: workers
/// take no new item, and the items in flight are discarded.
fn in_order<'i, T: Send, E>(
    items: &[&'i AudioItem],
    workers: usize,
    work: impl Fn(&AudioItem) -> T + Sync,
    mut sink: impl FnMut(&'i AudioItem, T) -> Result<(), E>,
) -> Result<(), E> {
    if workers <= 1 {
        return items.iter().try_for_each(|item| sink(item, work(item)));
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, T)>();
        for _ in 0..workers.min(items.len()) {
            let send = send.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= items.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                if send.send((i, work(items[i]))).is_err() {
                    break;
                }
            });
        }
        drop(send);
        let mut ready: BTreeMap<usize, T> = BTreeMap::new();
        let mut expected = 0;
        for (i, result) in receive {
            ready.insert(i, result);
            while let Some(result) = ready.remove(&expected) {
                if let Err(e) = sink(items[expected], result) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                expected += 1;
            }
        }
        Ok(())
    })
}

/// The totals of earlier runs into the same file, after checking they used the same model and settings.
fn read_earlier_sidecar(sidecar: &Path, out: &Path, identity: &Value) -> Result<Totals, Error> {
    let text = match std::fs::read_to_string(sidecar) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Totals::default()),
        Err(e) => return Err(uraikal_io::Error::io(sidecar, e).into()),
    };
    let earlier: Value =
        serde_json::from_str(&text).map_err(|e| Error::BadSidecar(sidecar.to_path_buf(), e.to_string()))?;
    if &earlier["identity"] != identity {
        return Err(Error::OtherSettings {
            out: out.to_path_buf(),
            sidecar: sidecar.to_path_buf(),
            earlier: earlier["identity"].clone(),
            now: identity.clone(),
        });
    }
    Ok(Totals::from_json(&earlier["total"]))
}

fn manifest_records(manifests: &[PathBuf]) -> Result<Vec<Value>, Error> {
    manifests
        .iter()
        .map(|m| Ok(json!({ "path": m.display().to_string(), "sha256": uraikal_io::sha256_file(m)? })))
        .collect()
}

/// Seconds since the Unix epoch, a timestamp that needs no date library.
pub fn unix_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six silent clips of 1..=6 hundredths of a second, and their manifest.
    fn clips(dir: &Path) -> PathBuf {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: audio::WHISPER_SAMPLE_RATE,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut manifest = String::new();
        for k in 1..=6 {
            let wav = dir.join(format!("c{k}.wav"));
            let mut writer = hound::WavWriter::create(&wav, spec).unwrap();
            for _ in 0..160 * k {
                writer.write_sample(0i16).unwrap();
            }
            writer.finalize().unwrap();
            manifest.push_str(&format!("{{\"id\":\"u{k}\",\"audio\":\"c{k}.wav\",\"text\":\"x\",\"slice\":\"s\"}}\n"));
        }
        let path = dir.join("m.jsonl");
        std::fs::write(&path, manifest).unwrap();
        path
    }

    /// The engine: the clip's length in hundredths; short clips take longest, so with several in flight the
    /// later ones finish first.
    fn engine(samples: &[f32]) -> Result<String, String> {
        let hundredths = samples.len() / 160;
        std::thread::sleep(Duration::from_millis(10 * (7 - hundredths as u64)));
        if hundredths == 4 {
            return Err("no answer".into());
        }
        Ok(format!("{hundredths}"))
    }

    fn transcribe(manifest: &Path, out: &Path, concurrency: usize) -> Outcome {
        let spec = Run {
            manifests: &[manifest.to_path_buf()],
            out,
            shard: None,
            identity: json!({ "engine": "test" }),
            record: serde_json::Map::new(),
            concurrency,
        };
        run(spec, engine, |_| {}).unwrap()
    }

    #[test]
    fn utterances_in_flight_at_once_write_the_same_file() {
        let dir = tempfile::tempdir().unwrap();
        let manifest = clips(dir.path());
        let one = dir.path().join("one.jsonl");
        let four = dir.path().join("four.jsonl");
        let outcome = transcribe(&manifest, &one, 1);
        assert_eq!((outcome.this_run.utterances, outcome.failures), (5, 1));
        let outcome = transcribe(&manifest, &four, 4);
        assert_eq!((outcome.this_run.utterances, outcome.failures), (5, 1));
        let text = std::fs::read_to_string(&one).unwrap();
        assert_eq!(text, std::fs::read_to_string(&four).unwrap());
        let ids: Vec<&str> = text.lines().map(|l| l.split('"').nth(3).unwrap()).collect();
        assert_eq!(ids, ["u1", "u2", "u3", "u5", "u6"]);
        // A rerun retries only the failure (which fails again), whatever the concurrency.
        let outcome = transcribe(&manifest, &four, 3);
        assert_eq!((outcome.already_done, outcome.this_run.utterances, outcome.failures), (5, 0, 1));
    }
}
