//! Audio checks: does a clip open, and how long is it. WAV through hound (every sample is read, so a
//! truncated file is caught); other formats (MP3, M4A/AAC) through symphonia, reading every packet of the
//! container and decoding the first, which catches missing, truncated and undecodable files without paying
//! for a full decode.

use std::fs::File;
use std::path::Path;

use symphonia::core::codecs::{DecoderOptions, CODEC_TYPE_NULL};
use symphonia::core::errors::Error as AudioError;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

/// The duration of an audio file in seconds, or why it cannot be read.
pub fn duration_seconds(path: &Path) -> Result<f64, String> {
    let is_wav = path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("wav"));
    let (frames, rate) = if is_wav { wav_frames(path)? } else { container_frames(path)? };
    if rate == 0 {
        return Err("sample rate is 0".into());
    }
    if frames == 0 {
        return Err("no audio samples".into());
    }
    Ok(frames as f64 / f64::from(rate))
}

fn wav_frames(path: &Path) -> Result<(u64, u32), String> {
    let mut reader = hound::WavReader::open(path).map_err(|e| format!("not a readable WAV file: {e}"))?;
    let spec = reader.spec();
    let samples = match spec.sample_format {
        hound::SampleFormat::Float => count_samples(reader.samples::<f32>())?,
        hound::SampleFormat::Int => count_samples(reader.samples::<i32>())?,
    };
    let channels = u64::from(spec.channels.max(1));
    Ok((samples / channels, spec.sample_rate))
}

fn count_samples<T, E: std::fmt::Display>(samples: impl Iterator<Item = Result<T, E>>) -> Result<u64, String> {
    let mut n = 0u64;
    for sample in samples {
        sample.map_err(|e| format!("WAV data cut short after {n} samples: {e}"))?;
        n += 1;
    }
    Ok(n)
}

fn container_frames(path: &Path) -> Result<(u64, u32), String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let stream = MediaSourceStream::new(Box::new(file), Default::default());
    let mut hint = Hint::new();
    if let Some(ext) = path.extension().and_then(|e| e.to_str()) {
        hint.with_extension(ext);
    }
    let probed = symphonia::default::get_probe()
        .format(&hint, stream, &FormatOptions::default(), &MetadataOptions::default())
        .map_err(|e| format!("unrecognised audio container: {e}"))?;
    let mut format = probed.format;
    let track = format.tracks().iter().find(|t| t.codec_params.codec != CODEC_TYPE_NULL).ok_or("no audio track")?;
    let track_id = track.id;
    let params = track.codec_params.clone();
    let rate = params.sample_rate.ok_or("sample rate unknown")?;
    let mut decoder = symphonia::default::get_codecs()
        .make(&params, &DecoderOptions::default())
        .map_err(|e| format!("unsupported codec: {e}"))?;
    let mut frames = 0u64;
    let mut decoded = false;
    loop {
        let packet = match format.next_packet() {
            Ok(packet) => packet,
            Err(AudioError::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(format!("unreadable after {frames} frames: {e}")),
        };
        if packet.track_id() != track_id {
            continue;
        }
        if !decoded {
            decoder.decode(&packet).map_err(|e| format!("cannot decode: {e}"))?;
            decoded = true;
        }
        frames += packet.dur;
    }
    // Containers that state their length (MP4's sample table) are trusted over the packet sum, which
    // counts whole codec frames including the encoder's priming and padding.
    let frames = params.n_frames.filter(|&n| n > 0 && n <= frames).unwrap_or(frames);
    Ok((frames, rate))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wav(path: &Path, samples: usize) {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 16_000,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut w = hound::WavWriter::create(path, spec).unwrap();
        for i in 0..samples {
            w.write_sample((i % 100) as i16).unwrap();
        }
        w.finalize().unwrap();
    }

    #[test]
    fn wav_duration_counts_frames() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.wav");
        wav(&p, 8_000);
        assert_eq!(duration_seconds(&p).unwrap(), 0.5);
    }

    #[test]
    fn truncated_wav_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.wav");
        wav(&p, 8_000);
        let bytes = std::fs::read(&p).unwrap();
        std::fs::write(&p, &bytes[..bytes.len() - 1001]).unwrap();
        let err = duration_seconds(&p).unwrap_err();
        assert!(err.contains("cut short"), "{err}");
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["x.wav", "x.mp3", "x.m4a", "x"] {
            let p = dir.path().join(name);
            std::fs::write(&p, b"definitely not audio").unwrap();
            assert!(duration_seconds(&p).is_err(), "{name}");
        }
        assert!(duration_seconds(&dir.path().join("absent.wav")).is_err());
    }
}
