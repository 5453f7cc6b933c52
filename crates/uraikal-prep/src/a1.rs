//! What the three A1 readers share: the listing they produce, the per-utterance checks, the manifest
//! rows, and the report of problems (counted, with examples, never dropped silently).

use std::collections::{BTreeMap, HashSet};
use std::path::{Component, Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use crate::audio;
use crate::error::{Error, ErrorKind};

/// How many examples each kind of problem keeps for the report.
const EXAMPLES: usize = 5;

/// One utterance as a corpus lists it, before any check.
#[derive(Debug, Clone)]
pub struct Listed {
    /// Stable id, `<slice>/<audio file stem>`.
    pub id: String,
    /// Where the audio should be (absolute, or relative to the working folder).
    pub audio: PathBuf,
    /// The transcript as the corpus gives it (trimmed; NBSP already replaced where the corpus needs it).
    pub text: String,
    /// The slice the utterance is scored in.
    pub slice: String,
    /// `file:line` of the listing entry, for messages.
    pub origin: String,
}

/// What a corpus reader found: the utterances, and the problems met while reading the listing.
#[derive(Debug, Default)]
pub struct Listing {
    /// Utterances in listing order.
    pub utterances: Vec<Listed>,
    /// Problems met while reading (malformed lines, missing splits).
    pub problems: Problems,
    /// Things worth saying that are not problems (which folder was used, audio extracted).
    pub notes: Vec<String>,
}

/// One line of an A1 manifest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ManifestRow {
    /// Stable, unique id.
    pub id: String,
    /// Audio path, relative to the manifest's folder when it can be.
    pub audio: String,
    /// Reference transcript.
    pub text: String,
    /// Slice name.
    pub slice: String,
    /// Duration of the audio in seconds, rounded to milliseconds.
    pub duration: f64,
}

/// Problems by kind, each with a count and the first few examples.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Problems {
    kinds: BTreeMap<&'static str, (usize, Vec<String>)>,
}

/// One kind of problem in a report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProblemReport {
    /// The kind (`missing_audio`, `unreadable_audio`, `empty_text`, `duplicate_id`, `bad_line`, …).
    pub kind: &'static str,
    /// How many utterances or lines had it.
    pub count: usize,
    /// The first few, as `origin: detail`.
    pub examples: Vec<String>,
}

impl Problems {
    /// Records one problem of `kind`.
    pub fn add(&mut self, kind: &'static str, example: impl Into<String>) {
        let entry = self.kinds.entry(kind).or_default();
        entry.0 += 1;
        if entry.1.len() < EXAMPLES {
            entry.1.push(example.into());
        }
    }

    /// Total number of problems.
    pub fn total(&self) -> usize {
        self.kinds.values().map(|(n, _)| n).sum()
    }

    /// True when nothing was found.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The problems as report entries, by kind name.
    pub fn report(&self) -> Vec<ProblemReport> {
        self.kinds
            .iter()
            .map(|(kind, (count, examples))| ProblemReport { kind, count: *count, examples: examples.clone() })
            .collect()
    }

    /// One line per kind, for messages: `missing_audio: 2 (e.g. …)`.
    pub fn describe(&self) -> String {
        self.report()
            .iter()
            .map(|p| format!("{}: {} (e.g. {})", p.kind, p.count, p.examples.first().map_or("", String::as_str)))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The checked utterances and everything found wrong with the rest.
#[derive(Debug)]
pub struct Checked {
    /// Rows that passed every check, in listing order.
    pub rows: Vec<ManifestRow>,
    /// Problems from reading the listing and from the checks.
    pub problems: Problems,
    /// How many utterances the listing had.
    pub listed: usize,
    /// Notes carried over from the listing.
    pub notes: Vec<String>,
}

/// Checks every listed utterance (audio exists and is readable with a known duration; text non-empty after
/// `uraikal_text::normalize`; id unique) and builds manifest rows whose audio paths are relative to
/// `manifest_dir`. Utterances that fail are counted in `problems` and left out of `rows`.
pub fn check(listing: Listing, manifest_dir: &Path) -> Checked {
    let Listing { utterances, mut problems, notes } = listing;
    let base = absolute(manifest_dir);
    let durations: Vec<Result<f64, String>> = utterances
        .par_iter()
        .map(|u| {
            if !u.audio.is_file() {
                return Err(String::new());
            }
            audio::duration_seconds(&u.audio)
        })
        .collect();
    let mut seen = HashSet::new();
    let mut rows = Vec::with_capacity(utterances.len());
    for (u, duration) in utterances.iter().zip(durations) {
        if !seen.insert(u.id.as_str()) {
            problems.add("duplicate_id", format!("{}: {}", u.origin, u.id));
            continue;
        }
        let duration = match duration {
            Ok(d) => d,
            Err(why) if why.is_empty() => {
                problems.add("missing_audio", format!("{}: {}", u.origin, u.audio.display()));
                continue;
            }
            Err(why) => {
                problems.add("unreadable_audio", format!("{}: {}: {why}", u.origin, u.audio.display()));
                continue;
            }
        };
        if uraikal_text::normalize(&u.text).trim().is_empty() {
            problems.add("empty_text", format!("{}: {:?}", u.origin, u.text));
            continue;
        }
        rows.push(ManifestRow {
            id: u.id.clone(),
            audio: relative_to(&base, &absolute(&u.audio)).to_string_lossy().replace('\\', "/"),
            text: u.text.clone(),
            slice: u.slice.clone(),
            duration: (duration * 1000.0).round() / 1000.0,
        });
    }
    Checked { rows, problems, listed: utterances.len(), notes }
}

/// The manifest as JSONL bytes, one row a line.
pub fn to_jsonl(rows: &[ManifestRow]) -> Vec<u8> {
    let mut out = Vec::new();
    for row in rows {
        serde_json::to_writer(&mut out, row).expect("a manifest row always serialises");
        out.push(b'\n');
    }
    out
}

/// The summary of one `prep` run, printed and written beside the manifest as `<name>.report.json`.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// Corpus name (`fleurs`, `kathbath`, `common_voice`).
    pub source: String,
    /// Where the manifest was written.
    pub manifest: String,
    /// Utterances listed by the corpus.
    pub listed: usize,
    /// Utterances written.
    pub utterances: usize,
    /// Utterances left out, each counted under `problems`.
    pub skipped: usize,
    /// Utterances and hours of audio per slice.
    pub slices: BTreeMap<String, SliceSummary>,
    /// Problems by kind.
    pub problems: Vec<ProblemReport>,
    /// Which folders were used, what was extracted.
    pub notes: Vec<String>,
    /// Normaliser used for the empty-text check.
    pub normalizer_version: &'static str,
}

/// Per-slice figures.
#[derive(Debug, Default, Serialize)]
pub struct SliceSummary {
    /// Utterances written.
    pub utterances: usize,
    /// Total audio, in hours (3 decimals).
    pub hours: f64,
}

impl Summary {
    pub(crate) fn new(source: &str, manifest: &Path, checked: &Checked) -> Summary {
        let mut slices: BTreeMap<String, SliceSummary> = BTreeMap::new();
        for row in &checked.rows {
            let s = slices.entry(row.slice.clone()).or_default();
            s.utterances += 1;
            s.hours += row.duration / 3600.0;
        }
        for s in slices.values_mut() {
            s.hours = (s.hours * 1000.0).round() / 1000.0;
        }
        Summary {
            source: source.to_string(),
            manifest: manifest.display().to_string(),
            listed: checked.listed,
            utterances: checked.rows.len(),
            skipped: checked.listed - checked.rows.len(),
            slices,
            problems: checked.problems.report(),
            notes: checked.notes.clone(),
            normalizer_version: uraikal_text::NORMALIZER_VERSION,
        }
    }
}

/// The three A1 corpora.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Corpus {
    /// FLEURS `ta_in`, test split.
    Fleurs,
    /// Kathbath Tamil, test-known and test-unknown.
    Kathbath,
    /// Common Voice `ta`, test split.
    CommonVoice,
}

impl Corpus {
    /// The name used on the command line and in file names.
    pub fn name(self) -> &'static str {
        match self {
            Corpus::Fleurs => "fleurs",
            Corpus::Kathbath => "kathbath",
            Corpus::CommonVoice => "common_voice",
        }
    }

    /// The default manifest path, `data/a1_<name>.jsonl`.
    pub fn default_manifest(self) -> PathBuf {
        PathBuf::from("data").join(format!("a1_{}.jsonl", self.name()))
    }
}

/// Options for [`prepare`].
#[derive(Debug, Clone)]
pub struct Options {
    /// The corpus folder (the download's root or an inner folder). `None` means "download", which this
    /// build cannot do: it is an [`ErrorKind::Offline`] error.
    pub dir: Option<PathBuf>,
    /// Where to write the manifest.
    pub manifest: PathBuf,
    /// Make any problem fatal (nothing is written).
    pub strict: bool,
}

/// Reads a corpus, checks every utterance, writes the manifest (atomically) and its report beside it, and
/// returns the summary. With `strict`, any problem is an [`ErrorKind::Strict`] error and nothing is written.
pub fn prepare(corpus: Corpus, options: &Options) -> Result<Summary, Error> {
    let dir = options.dir.as_deref().ok_or_else(|| {
        Error::from(ErrorKind::Offline(format!(
            "downloading {} is not available in this build (no network access): download it yourself and pass --dir PATH (see SPEC.md section P)",
            corpus.name()
        )))
    })?;
    if !dir.is_dir() {
        return Err(Error::layout(dir, "not a folder"));
    }
    let manifest_dir = match options.manifest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let listing = match corpus {
        Corpus::Fleurs => crate::fleurs::list(dir, &manifest_dir)?,
        Corpus::Kathbath => crate::kathbath::list(dir)?,
        Corpus::CommonVoice => crate::common_voice::list(dir)?,
    };
    let checked = check(listing, &manifest_dir);
    if options.strict && !checked.problems.is_empty() {
        return Err(ErrorKind::Strict(format!(
            "{} problem(s), nothing written: {}",
            checked.problems.total(),
            checked.problems.describe()
        ))
        .into());
    }
    if checked.rows.is_empty() {
        return Err(Error::layout(
            dir,
            format!("no usable utterances ({} listed; {})", checked.listed, checked.problems.describe()),
        ));
    }
    let summary = Summary::new(corpus.name(), &options.manifest, &checked);
    uraikal_io::write_atomic(&options.manifest, &to_jsonl(&checked.rows))?;
    let report = serde_json::to_vec_pretty(&summary).expect("a summary always serialises");
    uraikal_io::write_atomic(&report_path(&options.manifest), &report)?;
    Ok(summary)
}

/// `data/a1_x.jsonl` → `data/a1_x.report.json`.
pub fn report_path(manifest: &Path) -> PathBuf {
    let stem = manifest.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    manifest.with_file_name(format!("{stem}.report.json"))
}

/// The path made absolute against the working folder, `.` and `..` resolved lexically (symlinks kept, so
/// that a manifest beside a linked corpus points through the link).
pub(crate) fn absolute(path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `target` relative to the folder `base` (both absolute and lexically clean).
fn relative_to(base: &Path, target: &Path) -> PathBuf {
    let b: Vec<_> = base.components().collect();
    let t: Vec<_> = target.components().collect();
    let common = b.iter().zip(&t).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return target.to_path_buf();
    }
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c);
    }
    out
}

/// `audio/foo.m4a` → `foo`: the id part of an audio file name.
pub(crate) fn stem(name: &str) -> &str {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    base.rsplit_once('.').map_or(base, |(s, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        let r = |b: &str, t: &str| relative_to(Path::new(b), Path::new(t)).display().to_string();
        assert_eq!(r("/w/data", "/w/data/fleurs/a.wav"), "fleurs/a.wav");
        assert_eq!(r("/w/data", "/shared/cv/clips/a.mp3"), "../../shared/cv/clips/a.mp3");
        assert_eq!(r("/w/data", "/w/data"), "");
    }

    #[test]
    fn stems() {
        assert_eq!(stem("common_voice_ta_1.mp3"), "common_voice_ta_1");
        assert_eq!(stem("audio/x-1-f.m4a"), "x-1-f");
        assert_eq!(stem("noext"), "noext");
    }

    #[test]
    fn problems_keep_counts_and_first_examples() {
        let mut p = Problems::default();
        for i in 0..7 {
            p.add("missing_audio", format!("f:{i}"));
        }
        p.add("empty_text", "g:1");
        assert_eq!(p.total(), 8);
        let r = p.report();
        assert_eq!((r[1].kind, r[1].count, r[1].examples.len()), ("missing_audio", 7, EXAMPLES));
    }
}
