//! Audio decoding on real files: the espeak-ng Tamil clips as WAV and converted to MP3, FLAC, OGG/Vorbis
//! and AAC/M4A at other rates and channel counts (fixtures/audio, made by fixtures/audio/make.sh), WAV
//! sample formats written here with hound, the look-alike corpora in ../shared (read in place), and
//! damaged files.

use std::path::{Path, PathBuf};

use uraikal_asr::audio::{decode, load_for_whisper, resample, ErrorKind, WHISPER_SAMPLE_RATE};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/audio")
}

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// The normalised cross-correlation of `a` and `b` at the best lag within ±`max_lag` samples.
fn best_correlation(a: &[f32], b: &[f32], max_lag: isize) -> (f64, isize) {
    let mut best = (f64::MIN, 0);
    for lag in -max_lag..=max_lag {
        let (mut dot, mut aa, mut bb) = (0f64, 0f64, 0f64);
        for (i, &x) in a.iter().enumerate() {
            let j = i as isize + lag;
            if j < 0 || j as usize >= b.len() {
                continue;
            }
            let y = b[j as usize];
            dot += f64::from(x) * f64::from(y);
            aa += f64::from(x) * f64::from(x);
            bb += f64::from(y) * f64::from(y);
        }
        let r = dot / (aa.sqrt() * bb.sqrt()).max(1e-12);
        if r > best.0 {
            best = (r, lag);
        }
    }
    best
}

#[test]
fn fixtures_match_their_checksums() {
    let sums = std::fs::read_to_string(fixtures().join("SHA256SUMS")).unwrap();
    let mut count = 0;
    for line in sums.lines() {
        let (sum, name) = line.split_once("  ").unwrap();
        let actual = uraikal_io::sha256_file(&fixtures().join(name)).unwrap();
        assert_eq!(actual, sum, "{name} differs from SHA256SUMS: rerun fixtures/audio/make.sh and review");
        count += 1;
    }
    assert_eq!(count, 7);
}

#[test]
fn every_format_decodes_to_the_same_speech() {
    let reference = decode(&fixtures().join("kural_0001.wav")).unwrap();
    assert_eq!((reference.sample_rate, reference.channels), (16_000, 1));
    assert!((reference.seconds() - 3.09).abs() < 0.01, "{}", reference.seconds());
    // (file, its rate and channels, leading samples at 16 kHz, least correlation with the WAV). AAC in MP4
    // keeps its encoder's 1024 priming samples (512 at 16 kHz): symphonia 0.5 does not apply the MP4 edit
    // list that marks them (SPEC A1.1).
    let cases = [
        ("kural_0001_22k.flac", 22_050, 1, 0, 0.999),
        ("kural_0001_44k_stereo.mp3", 44_100, 2, 0, 0.95),
        ("kural_0001_48k_stereo.ogg", 48_000, 2, 0, 0.95),
        ("kural_0001_32k.m4a", 32_000, 1, 512, 0.95),
    ];
    for (name, rate, channels, lead, least) in cases {
        let decoded = decode(&fixtures().join(name)).unwrap();
        assert_eq!((decoded.sample_rate, decoded.channels, decoded.skipped_packets), (rate, channels, 0), "{name}");
        let samples = load_for_whisper(&fixtures().join(name)).unwrap();
        let length_gap = samples.len() as isize - lead as isize - reference.samples.len() as isize;
        assert!(length_gap.abs() <= 1024, "{name}: {} samples, WAV has {}", samples.len(), reference.samples.len());
        let (r, lag) = best_correlation(&reference.samples[4000..36_000], &samples[4000 + lead..36_000 + lead], 8);
        assert!(r >= least && lag.abs() <= 1, "{name}: correlation {r:.4} at lag {lag}");
    }
}

#[test]
fn every_espeak_clip_decodes() {
    for clip in ["kural_0001", "prose_0001", "num_0001"] {
        let samples = load_for_whisper(&fixtures().join(format!("{clip}.wav"))).unwrap();
        assert!(samples.len() > 2 * WHISPER_SAMPLE_RATE as usize, "{clip}");
        assert!(samples.iter().any(|s| s.abs() > 0.1) && samples.iter().all(|s| s.abs() <= 1.0), "{clip}");
    }
}

fn write_tone_wav(path: &Path, spec: hound::WavSpec, frequency: f32) {
    let mut writer = hound::WavWriter::create(path, spec).unwrap();
    let frames = spec.sample_rate as usize;
    for i in 0..frames {
        let value = 0.5 * (2.0 * std::f32::consts::PI * frequency * i as f32 / spec.sample_rate as f32).sin();
        for _ in 0..spec.channels {
            match (spec.sample_format, spec.bits_per_sample) {
                (hound::SampleFormat::Float, _) => writer.write_sample(value).unwrap(),
                (_, 8) => writer.write_sample((value * 127.0) as i8).unwrap(),
                (_, 16) => writer.write_sample((value * 32767.0) as i16).unwrap(),
                (_, bits) => writer.write_sample((value * ((1i64 << (bits - 1)) - 1) as f32) as i32).unwrap(),
            }
        }
    }
    writer.finalize().unwrap();
}

#[test]
fn wav_sample_formats_decode_to_the_same_tone() {
    let dir = tempfile::tempdir().unwrap();
    let formats = [
        (8_000, 1, 8, hound::SampleFormat::Int),
        (44_100, 2, 16, hound::SampleFormat::Int),
        (48_000, 2, 24, hound::SampleFormat::Int),
        (22_050, 1, 32, hound::SampleFormat::Int),
        (32_000, 2, 32, hound::SampleFormat::Float),
    ];
    for (rate, channels, bits, format) in formats {
        let spec = hound::WavSpec { channels, sample_rate: rate, bits_per_sample: bits, sample_format: format };
        let path = dir.path().join(format!("tone_{rate}_{channels}_{bits}.wav"));
        write_tone_wav(&path, spec, 500.0);
        let samples = load_for_whisper(&path).unwrap();
        assert_eq!(samples.len(), WHISPER_SAMPLE_RATE as usize, "{path:?}");
        let expected: Vec<f32> = (0..samples.len())
            .map(|i| 0.5 * (2.0 * std::f32::consts::PI * 500.0 * i as f32 / WHISPER_SAMPLE_RATE as f32).sin())
            .collect();
        // Within a third of a sample in time (48 kHz to 16 kHz) and 1% in level (3% for 8 bits).
        let (r, lag) = best_correlation(&expected[1000..15_000], &samples[1000..15_000], 2);
        let level = (samples[1000..15_000].iter().map(|s| s * s).sum::<f32>() / 14_000.0).sqrt();
        assert!(r > 0.997 && lag == 0, "{path:?}: correlation {r} at lag {lag}");
        assert!(
            (level / (0.5 / 2f32.sqrt()) - 1.0).abs() < if bits == 8 { 0.03 } else { 0.01 },
            "{path:?}: rms {level}"
        );
    }
}

fn empty_wav() -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    hound::WavWriter::new(&mut bytes, spec).unwrap().finalize().unwrap();
    bytes.into_inner()
}

#[test]
fn bad_files_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let wav = std::fs::read(fixtures().join("kural_0001.wav")).unwrap();
    let mp3 = std::fs::read(fixtures().join("kural_0001_44k_stereo.mp3")).unwrap();
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("text.mp3", b"this is not audio at all, just text\n".repeat(20), "unsupported audio"),
        ("empty.wav", Vec::new(), "unsupported audio"),
        ("header_only.wav", wav[..30].to_vec(), "corrupt audio"),
        ("no_samples.wav", empty_wav(), "holds no samples"),
        ("mp3_header_only.mp3", mp3[..200].to_vec(), "audio"),
    ];
    for (name, bytes, message) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let err = load_for_whisper(&path).unwrap_err();
        assert_eq!(err.path(), path);
        let text = err.to_string();
        assert!(text.contains(name) && text.contains(message), "{name}: {text}");
    }
    let err = load_for_whisper(&dir.path().join("absent.wav")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Io(_)), "{err}");
}

#[test]
fn a_cut_mp3_decodes_what_it_has() {
    let dir = tempfile::tempdir().unwrap();
    let mp3 = std::fs::read(fixtures().join("kural_0001_44k_stereo.mp3")).unwrap();
    let path = dir.path().join("cut.mp3");
    std::fs::write(&path, &mp3[..mp3.len() / 2]).unwrap();
    let seconds = decode(&path).unwrap().seconds();
    assert!((1.2..1.9).contains(&seconds), "{seconds}");
}

#[test]
fn lookalike_corpora_decode_in_place() {
    let layouts = shared().join("data/layouts");
    if !layouts.is_dir() {
        eprintln!("SKIPPED: ../shared/data/layouts absent; the look-alike MP3 and M4A files were not decoded");
        return;
    }
    let mut count = 0;
    for folder in [
        "common_voice/cv-corpus-17.0-2024-03-15/ta/clips",
        "kathbath/kb_data_clean_m4a/tamil/test/audio",
        "kathbath/kb_data_clean_m4a/tamil/test_known/audio",
    ] {
        for entry in std::fs::read_dir(layouts.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let samples = load_for_whisper(&path).unwrap();
            assert!(samples.len() > WHISPER_SAMPLE_RATE as usize, "{path:?}");
            count += 1;
        }
    }
    assert_eq!(count, 7);
}

#[test]
fn resampling_round_trip_keeps_speech() {
    let reference = decode(&fixtures().join("prose_0001.wav")).unwrap();
    let up = resample(&reference.samples, 16_000, 44_100).unwrap();
    let back = resample(&up, 44_100, 16_000).unwrap();
    assert!(back.len().abs_diff(reference.samples.len()) <= 1, "{} vs {}", back.len(), reference.samples.len());
    let (r, lag) = best_correlation(&reference.samples[4000..36_000], &back[4000..36_000], 2);
    assert!(r > 0.999 && lag == 0, "{r} at {lag}");
}
