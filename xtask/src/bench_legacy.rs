//! `cargo xtask bench-peers --only legacy`: `uraikal legacy decode` and `detect` against open-tamil 1.1's
//! `bamini2unicode` (and the other `*2unicode`) on the same text: the kurals and the FLORES/NTREX/TICO prose
//! (../shared/data, read in place) encoded to Bamini by open-tamil itself.

use std::fs;
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use crate::bench_peers::Bench;

/// Best wall time of `runs` runs of `uraikal ARGS < input > /dev/null` (a fresh redirection each run).
fn best_time(uraikal: &std::path::Path, args: &[&str], input: &std::path::Path, runs: usize) -> Result<f64> {
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let start = std::time::Instant::now();
        let status = Command::new(uraikal).args(args).stdin(fs::File::open(input)?).stdout(Stdio::null()).status()?;
        if !status.success() {
            bail!("uraikal {args:?} failed");
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    Ok(best)
}

/// The peer comparison (see the module comment).
pub fn legacy(b: &Bench) -> Result<()> {
    let unicode = b.work.join("legacy_unicode.txt");
    let root = crate::project_root();
    let mut text = String::new();
    let data = root.join("../shared/data");
    let kurals = fs::read_to_string(data.join("thirukkural/thirukkural.tsv")).context("../shared/data absent")?;
    for line in kurals.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        text.push_str(&format!("{}\n{}\n", f[8], f[9]));
    }
    for file in
        ["prose/flores200/tam_Taml.devtest", "prose/ntrex128/newstest2019-ref.tam.txt", "prose/tico19/tico19-test.tam"]
    {
        text.push_str(&fs::read_to_string(data.join(file))?);
    }
    fs::write(&unicode, &text)?;
    // open-tamil encodes it (its own Bamini, left-over signs and all) and times its decoder on it.
    let script = b.work.join("legacy_peer.py");
    fs::write(
        &script,
        "import sys, time\nfrom tamil import txt2unicode as t\n\
         lines = open(sys.argv[1], encoding='utf-8').read().split('\\n')\n\
         enc = [t.unicode2bamini(l) for l in lines]\n\
         open(sys.argv[2], 'w', encoding='utf-8').write('\\n'.join(enc))\n\
         start = time.perf_counter()\n\
         dec = [t.bamini2unicode(l) for l in enc]\n\
         spent = time.perf_counter() - start\n\
         open(sys.argv[3], 'w', encoding='utf-8').write('\\n'.join(dec))\n\
         print(spent)\n",
    )?;
    let (bamini, peer_out) = (b.work.join("legacy_bamini.txt"), b.work.join("legacy_peer_out.txt"));
    let peer =
        crate::bench_peers::run_output(Command::new(&b.python).arg(&script).arg(&unicode).arg(&bamini).arg(&peer_out))?;
    let peer_s: f64 = peer.trim().parse().context("peer time")?;
    let size = fs::metadata(&bamini)?.len() as f64;
    let ours = b.work.join("legacy_ours.txt");
    let decode_args = ["legacy", "decode", "--from", "bamini", "-"];
    Command::new(&b.uraikal)
        .args(decode_args)
        .stdin(fs::File::open(&bamini)?)
        .stdout(fs::File::create(&ours)?)
        .status()?;
    let ours_s = best_time(&b.uraikal, &decode_args, &bamini, 5)?;
    // A 20 MB file of the same lines repeated (the acceptance check's shape).
    let big = b.work.join("legacy_bamini_20mb.txt");
    let one = fs::read_to_string(&bamini)?;
    let mut repeated = String::new();
    while repeated.len() < 20_000_000 {
        repeated.push_str(&one);
        repeated.push('\n');
    }
    fs::write(&big, &repeated)?;
    let big_s = best_time(&b.uraikal, &decode_args, &big, 3)?;
    let detect_s = best_time(&b.uraikal, &["legacy", "detect", "-", "--json"], &bamini, 3)?;
    let nothing = b.work.join("legacy_one_line.txt");
    fs::write(&nothing, "jkpo;\n")?;
    let start_s = best_time(&b.uraikal, &["legacy", "detect", "-", "--json"], &nothing, 3)?;
    // Agreement with the peer, line by line, where open-tamil's round trip holds.
    let (src, peer_lines, our_lines) = (text.split('\n'), fs::read_to_string(&peer_out)?, fs::read_to_string(&ours)?);
    let (mut agree, mut held) = (0, 0);
    for ((u, p), o) in src.zip(peer_lines.split('\n')).zip(our_lines.split('\n')) {
        if u == p {
            held += 1;
            agree += usize::from(o == u);
        }
    }
    println!(
        "text: kurals + FLORES/NTREX/TICO Tamil, open-tamil's Bamini: {:.1} MB, {} lines",
        size / 1e6,
        text.lines().count()
    );
    println!(
        "uraikal legacy decode --from bamini (one process, one thread): {ours_s:.3} s = {:.0} MB/s (best of 5)",
        size / ours_s / 1e6
    );
    println!(
        "open-tamil 1.1 bamini2unicode (in-process loop, no start-up):   {peer_s:.3} s = {:.2} MB/s",
        size / peer_s / 1e6
    );
    println!("ratio: {:.0}x", peer_s / ours_s);
    println!("  (the uraikal time includes start-up and reading/writing; a one-line run takes {start_s:.3} s)");
    println!("20 MB of the same lines repeated: {:.0} MB/s (best of 3)", repeated.len() as f64 / big_s / 1e6);
    println!("uraikal legacy detect --json: {detect_s:.3} s = {:.0} MB/s (best of 3)", size / detect_s / 1e6);
    println!("lines where open-tamil's round trip holds: {held}; uraikal gives the text on {agree}");
    if agree * 100 < held * 97 {
        bail!("uraikal decodes fewer than 97 % of the lines open-tamil round-trips");
    }
    Ok(())
}
