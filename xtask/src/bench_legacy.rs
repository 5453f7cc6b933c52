//! `cargo xtask bench-peers --only legacy`: `uraikal legacy decode` and `detect` against open-tamil 1.1's
//! `bamini2unicode` (and the other `*2unicode`) on the same text: the kurals and the FLORES/NTREX/TICO prose
//! (../shared/data, read in place) encoded to Bamini by open-tamil itself.

use std::fs;
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use crate::bench_peers::Bench;

/// Best wall time and best CPU time (user + system, from `/usr/bin/time`; None without it) of `runs` runs of
/// `uraikal ARGS < input > /dev/null` (a fresh redirection each run). The machine is shared: CPU time is the
/// figure that does not measure the other users.
fn best_time(
    uraikal: &std::path::Path,
    args: &[&str],
    input: &std::path::Path,
    runs: usize,
) -> Result<(f64, Option<f64>)> {
    let time = std::path::Path::new("/usr/bin/time");
    let report = input.with_extension("time");
    let (mut wall, mut cpu) = (f64::INFINITY, None::<f64>);
    for _ in 0..runs {
        let start = std::time::Instant::now();
        let mut cmd = if time.exists() {
            let mut c = Command::new(time);
            c.args(["-f", "%U %S", "-o"]).arg(&report).arg(uraikal);
            c
        } else {
            Command::new(uraikal)
        };
        let status = cmd.args(args).stdin(fs::File::open(input)?).stdout(Stdio::null()).status()?;
        if !status.success() {
            bail!("uraikal {args:?} failed");
        }
        wall = wall.min(start.elapsed().as_secs_f64());
        if time.exists() {
            let text = fs::read_to_string(&report)?;
            let spent: f64 = text.split_whitespace().filter_map(|t| t.parse::<f64>().ok()).sum();
            cpu = Some(cpu.map_or(spent, |c: f64| c.min(spent)));
        }
    }
    let _ = fs::remove_file(&report);
    Ok((wall, cpu))
}

/// "0.123 s wall (7 MB/s), 0.045 s CPU (20 MB/s)" for `size` bytes.
fn speeds(size: f64, (wall, cpu): (f64, Option<f64>)) -> String {
    let cpu = cpu.map_or("CPU time not measured (no /usr/bin/time)".to_string(), |c| match c < 0.01 {
        true => format!("{c:.3} s CPU (below /usr/bin/time's 10 ms resolution)"),
        false => format!("{c:.3} s CPU ({:.0} MB/s)", size / c / 1e6),
    });
    format!("{wall:.3} s wall ({:.0} MB/s), {cpu}", size / wall / 1e6)
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
         start, cpu = time.perf_counter(), time.process_time()\n\
         dec = [t.bamini2unicode(l) for l in enc]\n\
         spent, cpu = time.perf_counter() - start, time.process_time() - cpu\n\
         open(sys.argv[3], 'w', encoding='utf-8').write('\\n'.join(dec))\n\
         print(spent, cpu)\n",
    )?;
    let (bamini, peer_out) = (b.work.join("legacy_bamini.txt"), b.work.join("legacy_peer_out.txt"));
    let peer =
        crate::bench_peers::run_output(Command::new(&b.python).arg(&script).arg(&unicode).arg(&bamini).arg(&peer_out))?;
    let times: Vec<f64> = peer.split_whitespace().map(str::parse).collect::<Result<_, _>>().context("peer time")?;
    let [peer_s, peer_cpu] = times[..] else { bail!("peer time: {peer:?}") };
    let size = fs::metadata(&bamini)?.len() as f64;
    let ours = b.work.join("legacy_ours.txt");
    let decode_args = ["legacy", "decode", "--from", "bamini", "-"];
    Command::new(&b.uraikal)
        .args(decode_args)
        .stdin(fs::File::open(&bamini)?)
        .stdout(fs::File::create(&ours)?)
        .status()?;
    let decode = best_time(&b.uraikal, &decode_args, &bamini, 5)?;
    let detect = best_time(&b.uraikal, &["legacy", "detect", "-", "--json"], &bamini, 3)?;
    let nothing = b.work.join("legacy_one_line.txt");
    fs::write(&nothing, "jkpo;\n")?;
    let start = best_time(&b.uraikal, &["legacy", "detect", "-", "--json"], &nothing, 3)?;
    // A 20 MB file of the same lines repeated (the acceptance check's shape: the word caches do most of it).
    let big = b.work.join("legacy_bamini_20mb.txt");
    let one = fs::read_to_string(&bamini)?;
    let mut repeated = String::new();
    while repeated.len() < 20_000_000 {
        repeated.push_str(&one);
        repeated.push('\n');
    }
    fs::write(&big, &repeated)?;
    let big_time = best_time(&b.uraikal, &decode_args, &big, 3)?;
    fs::remove_file(&big)?;
    // In-process, one thread, set-up apart (the library's own speed, without start-up and IO).
    let probe = crate::bench_peers::run_output(
        Command::new(env!("CARGO"))
            .args(["run", "--release", "-q", "-p", "uraikal-legacy", "--example", "probe", "--", "--speed"])
            .arg(&bamini)
            .current_dir(crate::project_root()),
    )?;
    // The same in-process, timed as the peer is: its lines split before the clock starts, 20 rounds (the CPU
    // clock ticks in milliseconds, and one round takes a few).
    let rounds = crate::bench_peers::run_output(
        Command::new(env!("CARGO"))
            .args(["run", "--release", "-q", "-p", "uraikal-legacy", "--example", "probe", "--", "--decode"])
            .arg(&bamini)
            .args(["bamini", "20"])
            .current_dir(crate::project_root()),
    )?;
    let ours_mb_s: f64 = rounds.split_whitespace().nth(1).and_then(|t| t.parse().ok()).context("probe --decode")?;
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
        "fresh prose: kurals + FLORES/NTREX/TICO Tamil in open-tamil's own Bamini, {:.2} MB, {} lines, no line repeated",
        size / 1e6,
        text.lines().count()
    );
    println!("uraikal legacy decode --from bamini (one process, one thread, best of 5): {}", speeds(size, decode));
    println!(
        "open-tamil 1.1 bamini2unicode (in-process loop, no start-up):        {}",
        speeds(size, (peer_s, Some(peer_cpu)))
    );
    println!(
        "ratio: {:.0}x wall, {}",
        peer_s / decode.0,
        decode.1.map_or("-".into(), |c| match c < 0.01 {
            true => "CPU below /usr/bin/time's 10 ms resolution".to_string(),
            false => format!("{:.0}x CPU", peer_cpu / c),
        })
    );
    println!("uraikal legacy detect --json (best of 3): {}", speeds(size, detect));
    let start_cpu = start.1.map_or(String::new(), |c| format!(", {c:.3} s CPU"));
    println!(
        "  (the uraikal figures include start-up, set-up and IO; a one-line detect takes {:.3} s wall{start_cpu})",
        start.0
    );
    println!("in-process (cargo run --release -p uraikal-legacy --example probe -- --speed FILE):");
    for line in probe.lines() {
        println!("  {line}");
    }
    println!("  {}", rounds.trim());
    println!(
        "in-process, both timed on the list of lines: uraikal {ours_mb_s:.0} MB/s CPU, open-tamil {:.2} MB/s CPU: {:.0}x",
        size / peer_cpu / 1e6,
        ours_mb_s / (size / peer_cpu / 1e6)
    );
    println!("20 MB of the same lines repeated, decode: {}", speeds(repeated.len() as f64, big_time));
    println!("lines where open-tamil's round trip holds: {held}; uraikal gives the text on {agree}");
    if agree * 100 < held * 97 {
        bail!("uraikal decodes fewer than 97 % of the lines open-tamil round-trips");
    }
    Ok(())
}
