//! The bookkeeping around transcription that does not need a model: which utterances a shard owns, a
//! hypothesis file that can be resumed after a crash, and joining shard files back together.
//!
//! A hypothesis file is JSONL, one `{"id": …, "hyp": …}` per line. The transcriber appends one line per
//! utterance and flushes it, so a killed run loses at most the line it was writing; [`HypAppender::open`]
//! cuts such a partial last line off and tells which ids are already done.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use uraikal_io::Error;

/// One line of a hypothesis file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hyp {
    /// The utterance id, as in the manifest.
    pub id: String,
    /// The system's transcript (may be empty).
    pub hyp: String,
}

/// One utterance to transcribe: its id and its audio file, resolved against the manifest's folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AudioItem {
    /// The utterance id.
    pub id: String,
    /// The audio file.
    pub audio: PathBuf,
    /// The manifest and 1-based line the utterance came from, for error messages.
    pub origin: (PathBuf, usize),
}

/// Reads the `id` and `audio` of every utterance in manifests, with every check of
/// [`read_manifests`](crate::manifest::read_manifests) (duplicate ids across manifests included). Relative
/// audio paths are taken relative to the manifest's folder.
pub fn read_audio_items(manifests: &[PathBuf]) -> Result<Vec<AudioItem>, Error> {
    let manifests = crate::manifest::read_manifests(manifests)?;
    let items = manifests.utterances.into_iter().map(|utterance| {
        let manifest = &manifests.files[utterance.origin.0].path;
        let audio = Path::new(&utterance.audio);
        let audio = if audio.is_absolute() {
            audio.to_path_buf()
        } else {
            manifest.parent().unwrap_or(Path::new("")).join(audio)
        };
        AudioItem { id: utterance.id, audio, origin: (manifest.clone(), utterance.origin.1) }
    });
    Ok(items.collect())
}

/// A part `index` of `count` (1-based, written `i/n`) of a test set.
///
/// Utterances are dealt round-robin in the byte order of their ids: the k-th id (from 0) belongs to part
/// `k mod n + 1`. So the parts are disjoint, cover the set, differ in size by at most one, and depend only on
/// the set of ids, not on manifest order or on the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 1-based part number.
    pub index: usize,
    /// Number of parts.
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("shard {text:?} is not i/n with 1 <= i <= n (e.g. 1/4)");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = index.trim().parse().map_err(|_| bad())?;
        let count: usize = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Keeps the items this part owns, in their original order.
    pub fn select<T>(&self, items: Vec<T>, id: impl Fn(&T) -> &str) -> Vec<T> {
        let mut order: Vec<usize> = (0..items.len()).collect();
        order.sort_by(|&a, &b| id(&items[a]).cmp(id(&items[b])));
        let mut mine = vec![false; items.len()];
        for (rank, &position) in order.iter().enumerate() {
            mine[position] = rank % self.count + 1 == self.index;
        }
        items.into_iter().zip(mine).filter_map(|(item, keep)| keep.then_some(item)).collect()
    }
}

/// A hypothesis file opened for appending, after reading what an earlier run left in it.
#[derive(Debug)]
pub struct HypAppender {
    path: PathBuf,
    file: File,
    done: HashSet<String>,
    repaired: Option<String>,
}

impl HypAppender {
    /// Opens (or creates, with its folders) a hypothesis file for appending. Lines already there are
    /// checked; their ids are [`done`](Self::done). A last line without its newline (a run killed while
    /// writing) is removed when it is not a whole record, and completed with a newline when it is; any
    /// other bad line is an error naming file and line, and nothing is changed.
    pub fn open(path: &Path) -> Result<HypAppender, Error> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        let bytes = match fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(Error::io(path, e)),
        };
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let (whole, tail) = bytes.split_at(complete);
        let whole = std::str::from_utf8(whole).map_err(|e| {
            let line = whole[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
            Error::invalid(path, Some(line), "invalid UTF-8 in a hypothesis line")
        })?;
        let mut done = HashSet::new();
        let mut last_line = 0;
        for (index, line) in whole.lines().enumerate() {
            last_line = index + 1;
            if line.trim().is_empty() {
                continue;
            }
            let hyp = parse_hyp_line(line).map_err(|m| Error::invalid(path, Some(index + 1), m))?;
            if !done.insert(hyp.id.clone()) {
                return Err(Error::invalid(path, Some(index + 1), format!("duplicate id {:?}", hyp.id)));
            }
        }
        let tail_record = std::str::from_utf8(tail).ok().and_then(|t| parse_hyp_line(t).ok());
        let mut repaired = None;
        if !tail.is_empty() {
            let file = OpenOptions::new().append(true).open(path).map_err(|e| Error::io(path, e))?;
            match tail_record {
                Some(hyp) if !done.contains(&hyp.id) => {
                    (&file).write_all(b"\n").map_err(|e| Error::io(path, e))?;
                    repaired = Some(format!("line {}: added the missing newline", last_line + 1));
                    done.insert(hyp.id);
                }
                _ => {
                    file.set_len(complete as u64).map_err(|e| Error::io(path, e))?;
                    repaired = Some(format!("line {}: removed a partial line of {} bytes", last_line + 1, tail.len()));
                }
            }
            file.sync_all().map_err(|e| Error::io(path, e))?;
        }
        let file = OpenOptions::new().create(true).append(true).open(path).map_err(|e| Error::io(path, e))?;
        Ok(HypAppender { path: path.to_path_buf(), file, done, repaired })
    }

    /// Ids that already have a line.
    pub fn done(&self) -> &HashSet<String> {
        &self.done
    }

    /// What [`open`](Self::open) repaired, if anything (to tell the user).
    pub fn repaired(&self) -> Option<&str> {
        self.repaired.as_deref()
    }

    /// Appends one line and makes it durable before returning, so a crash loses nothing written.
    pub fn append(&mut self, id: &str, hyp: &str) -> Result<(), Error> {
        let mut line =
            serde_json::to_string(&Hyp { id: id.to_string(), hyp: hyp.to_string() }).expect("strings always serialise");
        line.push('\n');
        self.file.write_all(line.as_bytes()).map_err(|e| Error::io(&self.path, e))?;
        self.file.sync_data().map_err(|e| Error::io(&self.path, e))?;
        self.done.insert(id.to_string());
        Ok(())
    }
}

fn parse_hyp_line(line: &str) -> Result<Hyp, String> {
    serde_json::from_str::<Hyp>(line).map_err(|e| format!("not a {{\"id\", \"hyp\"}} record: {e}"))
}

/// An id found more than once while merging.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Duplicate {
    /// The id.
    pub id: String,
    /// Every place it occurs, as `file:line`.
    pub places: Vec<String>,
    /// Whether the hypotheses differ (a conflict) or are all the same.
    pub conflicting: bool,
}

/// What [`merge_hyps`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MergeReport {
    /// Lines written.
    pub lines: usize,
    /// Ids present in more than one place; the first occurrence is kept.
    pub duplicates: Vec<Duplicate>,
    /// Manifest ids without a hypothesis (only when manifest ids were given), in manifest order.
    pub missing: Vec<String>,
    /// Hypothesis ids not in the manifest (only when manifest ids were given); they are still written.
    pub extra: Vec<String>,
}

impl MergeReport {
    /// True when the merged file is complete and unambiguous.
    pub fn is_clean(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty() && self.duplicates.iter().all(|d| !d.conflicting)
    }
}

/// Joins hypothesis files (shards). Output order: manifest order when `manifest_ids` is given (extras
/// after, in input order), else input order. Every file must be whole (resume an interrupted shard first).
pub fn merge_hyps(inputs: &[PathBuf], manifest_ids: Option<&[String]>) -> Result<(Vec<Hyp>, MergeReport), Error> {
    let mut first: HashMap<String, (usize, String)> = HashMap::new();
    let mut merged: Vec<Hyp> = Vec::new();
    let mut duplicates: Vec<Duplicate> = Vec::new();
    let mut duplicate_index: HashMap<String, usize> = HashMap::new();
    for input in inputs {
        for record in uraikal_io::parse_jsonl::<Hyp>(input)? {
            let place = format!("{}:{}", input.display(), record.line);
            let hyp = record.value;
            match first.get(&hyp.id) {
                None => {
                    first.insert(hyp.id.clone(), (merged.len(), place));
                    merged.push(hyp);
                }
                Some((kept, kept_place)) => {
                    let conflicting = merged[*kept].hyp != hyp.hyp;
                    let at = *duplicate_index.entry(hyp.id.clone()).or_insert_with(|| {
                        duplicates.push(Duplicate {
                            id: hyp.id.clone(),
                            places: vec![kept_place.clone()],
                            conflicting: false,
                        });
                        duplicates.len() - 1
                    });
                    duplicates[at].places.push(place);
                    duplicates[at].conflicting |= conflicting;
                }
            }
        }
    }
    let mut report = MergeReport { duplicates, ..MergeReport::default() };
    if let Some(ids) = manifest_ids {
        let wanted: HashSet<&str> = ids.iter().map(String::as_str).collect();
        let mut by_id: HashMap<String, Hyp> = HashMap::new();
        let mut extras = Vec::new();
        for hyp in merged {
            if wanted.contains(hyp.id.as_str()) {
                by_id.insert(hyp.id.clone(), hyp);
            } else {
                report.extra.push(hyp.id.clone());
                extras.push(hyp);
            }
        }
        merged = Vec::with_capacity(ids.len());
        for id in ids {
            match by_id.remove(id) {
                Some(hyp) => merged.push(hyp),
                None => report.missing.push(id.clone()),
            }
        }
        merged.extend(extras);
    }
    report.lines = merged.len();
    Ok((merged, report))
}

/// The bytes of a hypothesis file holding `hyps`, one JSON line each.
pub fn hyps_to_jsonl(hyps: &[Hyp]) -> Vec<u8> {
    let mut out = Vec::new();
    for hyp in hyps {
        serde_json::to_writer(&mut out, hyp).expect("strings always serialise");
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("utt{:03}", (i * 37) % n)).collect()
    }

    #[test]
    fn shards_partition_the_set_evenly_and_keep_order() {
        let all = ids(10);
        for count in 1..=4 {
            let mut seen = Vec::new();
            for index in 1..=count {
                let part = Shard { index, count }.select(all.clone(), |s| s.as_str());
                assert!(part.len() == 10 / count || part.len() == 10 / count + 1, "{index}/{count}: {part:?}");
                let positions: Vec<usize> = part.iter().map(|id| all.iter().position(|a| a == id).unwrap()).collect();
                assert!(positions.windows(2).all(|w| w[0] < w[1]), "manifest order kept");
                seen.extend(part);
            }
            seen.sort();
            let mut expected = all.clone();
            expected.sort();
            assert_eq!(seen, expected, "parts of {count} cover the set once");
        }
    }

    #[test]
    fn shards_do_not_depend_on_input_order() {
        let mut all = ids(7);
        let part = Shard { index: 2, count: 3 }.select(all.clone(), |s| s.as_str());
        all.reverse();
        let mut reversed = Shard { index: 2, count: 3 }.select(all, |s| s.as_str());
        reversed.reverse();
        assert_eq!(part, reversed);
    }

    #[test]
    fn shard_syntax() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "1", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    fn check_resume(before: impl AsRef<[u8]>, done: &[&str], after: &str, repaired: bool) {
        let before = before.as_ref();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hyps/x.jsonl");
        if !before.is_empty() {
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, before).unwrap();
        }
        let mut appender = HypAppender::open(&path).unwrap();
        let mut got: Vec<&str> = appender.done().iter().map(String::as_str).collect();
        got.sort();
        assert_eq!(got, done, "{before:?}");
        assert_eq!(appender.repaired().is_some(), repaired, "{before:?}");
        appender.append("new", "ஒரு \"சொல்\"").unwrap();
        let expected = format!("{after}{{\"id\":\"new\",\"hyp\":\"ஒரு \\\"சொல்\\\"\"}}\n");
        assert_eq!(fs::read_to_string(&path).unwrap(), expected, "{before:?}");
    }

    #[test]
    fn resume_keeps_whole_lines_and_repairs_a_cut_one() {
        check_resume("", &[], "", false);
        check_resume("{\"id\":\"a\",\"hyp\":\"x\"}\n", &["a"], "{\"id\":\"a\",\"hyp\":\"x\"}\n", false);
        check_resume("{\"id\":\"a\",\"hyp\":\"x\"}\n{\"id\": \"tr", &["a"], "{\"id\":\"a\",\"hyp\":\"x\"}\n", true);
        check_resume(
            "{\"id\":\"a\",\"hyp\":\"x\"}\n{\"id\":\"b\",\"hyp\":\"\"}",
            &["a", "b"],
            "{\"id\":\"a\",\"hyp\":\"x\"}\n{\"id\":\"b\",\"hyp\":\"\"}\n",
            true,
        );
        // A cut in the middle of a multi-byte character.
        check_resume(
            "{\"id\":\"a\",\"hyp\":\"x\"}\n{\"id\":\"b\",\"hyp\":\"\u{0BA4}",
            &["a"],
            "{\"id\":\"a\",\"hyp\":\"x\"}\n",
            true,
        );
        check_resume(b"{\"id\":\"a\",\"hyp\":\"x\"}\n\xe0\xae", &["a"], "{\"id\":\"a\",\"hyp\":\"x\"}\n", true);
    }

    #[test]
    fn resume_refuses_damage_it_did_not_cause() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        for (content, message) in [
            (
                "{\"id\":\"a\",\"hyp\":\"x\"}\nnot json\n{\"id\":\"b\",\"hyp\":\"y\"}\n",
                "x.jsonl:2: not a {\"id\", \"hyp\"} record",
            ),
            ("{\"id\":\"a\",\"hyp\":\"x\"}\n{\"id\":\"a\",\"hyp\":\"y\"}\n", "x.jsonl:2: duplicate id \"a\""),
            ("{\"id\":\"a\",\"hyp\":3}\n", "x.jsonl:1: not a"),
        ] {
            fs::write(&path, content).unwrap();
            let err = HypAppender::open(&path).unwrap_err().to_string();
            assert!(err.contains(message), "{err}");
            assert_eq!(fs::read_to_string(&path).unwrap(), content, "left untouched");
        }
    }

    #[test]
    fn merge_reports_duplicates_gaps_and_extras() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.jsonl");
        let b = dir.path().join("b.jsonl");
        fs::write(&a, "{\"id\":\"3\",\"hyp\":\"c\"}\n{\"id\":\"1\",\"hyp\":\"a\"}\n").unwrap();
        fs::write(&b, "{\"id\":\"1\",\"hyp\":\"a\"}\n{\"id\":\"9\",\"hyp\":\"z\"}\n{\"id\":\"3\",\"hyp\":\"C\"}\n")
            .unwrap();
        let manifest: Vec<String> = ["1", "2", "3"].iter().map(|s| s.to_string()).collect();
        let (hyps, report) = merge_hyps(&[a.clone(), b.clone()], Some(&manifest)).unwrap();
        let order: Vec<&str> = hyps.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(order, ["1", "3", "9"]);
        assert_eq!(hyps[1].hyp, "c", "the first occurrence wins");
        assert_eq!(report.missing, ["2"]);
        assert_eq!(report.extra, ["9"]);
        assert_eq!(report.duplicates.len(), 2);
        assert!(!report.duplicates[0].conflicting && report.duplicates[1].conflicting);
        assert_eq!(report.duplicates[1].places, [format!("{}:1", a.display()), format!("{}:3", b.display())]);
        assert!(!report.is_clean());

        let (hyps, report) = merge_hyps(&[a], None).unwrap();
        assert_eq!(hyps_to_jsonl(&hyps), b"{\"id\":\"3\",\"hyp\":\"c\"}\n{\"id\":\"1\",\"hyp\":\"a\"}\n");
        assert!(report.is_clean());
    }

    #[test]
    fn manifests_resolve_audio_and_reject_duplicate_ids() {
        let dir = tempfile::tempdir().unwrap();
        let m1 = dir.path().join("a1_x.jsonl");
        let m2 = dir.path().join("a1_y.jsonl");
        fs::write(&m1, "{\"id\":\"u1\",\"audio\":\"clips/u1.mp3\",\"text\":\"t\",\"slice\":\"s\"}\n{\"id\":\"u2\",\"audio\":\"/abs/u2.wav\",\"text\":\"t\",\"slice\":\"s\"}\n").unwrap();
        fs::write(&m2, "{\"id\":\"u1\",\"audio\":\"u1.wav\",\"text\":\"t\",\"slice\":\"s\"}\n").unwrap();
        let items = read_audio_items(std::slice::from_ref(&m1)).unwrap();
        assert_eq!(items[0].audio, dir.path().join("clips/u1.mp3"));
        assert_eq!(items[1].audio, PathBuf::from("/abs/u2.wav"));
        let err = read_audio_items(&[m1, m2]).unwrap_err().to_string();
        assert!(err.contains("a1_y.jsonl:1: duplicate id \"u1\" (first at") && err.contains("a1_x.jsonl:1)"), "{err}");
    }
}
