//! Audio for transcription: decode a file (WAV with hound; MP3, FLAC, OGG/Vorbis, AAC in MP4/M4A with
//! symphonia, all pure Rust, no ffmpeg), mix it down to mono and resample it to the 16 kHz that Whisper
//! models expect (rubato's FFT resampler, band-limited).

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use rubato::{FftFixedIn, Resampler};
use symphonia::core::audio::SampleBuffer;
use symphonia::core::codecs::{DecoderOptions, CODEC_TYPE_NULL};
use symphonia::core::errors::Error as SymphoniaError;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

/// The sample rate Whisper models take, in Hz.
pub const WHISPER_SAMPLE_RATE: u32 = 16_000;

/// Why an audio file could not be turned into samples, with the file it is about.
#[derive(Debug)]
pub struct Error {
    path: PathBuf,
    kind: ErrorKind,
}

/// The kinds of audio errors.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file could not be opened or read.
    Io(io::Error),
    /// The container or codec is not one Uraikal decodes.
    Unsupported(String),
    /// The file is damaged: it claims a known format but its data does not decode.
    Corrupt(String),
    /// The file decodes to no samples at all.
    Empty,
    /// The resampler refused the input (an absurd sample rate, say).
    Resample(String),
}

impl Error {
    fn new(path: &Path, kind: ErrorKind) -> Error {
        Error { path: path.to_path_buf(), kind }
    }

    /// The audio file the error is about.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path.display())?;
        match &self.kind {
            ErrorKind::Io(e) => write!(f, "cannot read audio: {e}"),
            ErrorKind::Unsupported(m) => {
                write!(f, "unsupported audio ({m}); Uraikal decodes WAV, MP3, FLAC, OGG/Vorbis and AAC in MP4/M4A")
            }
            ErrorKind::Corrupt(m) => write!(f, "corrupt audio: {m}"),
            ErrorKind::Empty => write!(f, "audio file holds no samples"),
            ErrorKind::Resample(m) => write!(f, "cannot resample audio: {m}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// A decoded file, mixed down to mono at its own sample rate.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// Mono samples in [-1, 1].
    pub samples: Vec<f32>,
    /// The file's sample rate in Hz.
    pub sample_rate: u32,
    /// How many channels the file had before the mix-down.
    pub channels: usize,
    /// Packets the decoder rejected and skipped (a damaged frame in an otherwise good file).
    pub skipped_packets: usize,
}

impl Decoded {
    /// Length in seconds.
    pub fn seconds(&self) -> f64 {
        self.samples.len() as f64 / f64::from(self.sample_rate)
    }
}

/// Decodes `path` and returns mono samples at 16 kHz, ready for a Whisper model.
pub fn load_for_whisper(path: &Path) -> Result<Vec<f32>, Error> {
    let decoded = decode(path)?;
    resample(&decoded.samples, decoded.sample_rate, WHISPER_SAMPLE_RATE)
        .map_err(|m| Error::new(path, ErrorKind::Resample(m)))
}

/// Decodes an audio file to mono samples at its own rate. WAV (RIFF) files go through hound, everything
/// else, and WAV encodings hound does not handle, through symphonia.
pub fn decode(path: &Path) -> Result<Decoded, Error> {
    let decoded = if is_riff_wave(path)? {
        match decode_wav(path) {
            Err(hound::Error::Unsupported) => decode_symphonia(path)?,
            // The file was just opened, so a read error here is a file that ends too early.
            Err(hound::Error::IoError(e)) => {
                return Err(Error::new(path, ErrorKind::Corrupt(format!("the file ends early ({e})"))))
            }
            Err(e) => return Err(Error::new(path, ErrorKind::Corrupt(e.to_string()))),
            Ok(decoded) => decoded,
        }
    } else {
        decode_symphonia(path)?
    };
    if decoded.samples.is_empty() {
        return Err(Error::new(path, ErrorKind::Empty));
    }
    Ok(decoded)
}

fn is_riff_wave(path: &Path) -> Result<bool, Error> {
    let mut head = [0u8; 12];
    let mut file = File::open(path).map_err(|e| Error::new(path, ErrorKind::Io(e)))?;
    let mut filled = 0;
    while filled < head.len() {
        match file.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::new(path, ErrorKind::Io(e))),
        }
    }
    Ok(filled == head.len() && &head[0..4] == b"RIFF" && &head[8..12] == b"WAVE")
}

fn decode_wav(path: &Path) -> Result<Decoded, hound::Error> {
    let reader = hound::WavReader::open(path)?;
    let spec = reader.spec();
    let channels = usize::from(spec.channels);
    if channels == 0 {
        return Err(hound::Error::FormatError("zero channels"));
    }
    let interleaved: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader.into_samples::<f32>().collect::<Result<_, _>>()?,
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1u64 << (spec.bits_per_sample - 1)) as f32;
            reader.into_samples::<i32>().map(|s| s.map(|v| v as f32 * scale)).collect::<Result<_, _>>()?
        }
    };
    Ok(Decoded {
        samples: downmix(&interleaved, channels),
        sample_rate: spec.sample_rate,
        channels,
        skipped_packets: 0,
    })
}

fn decode_symphonia(path: &Path) -> Result<Decoded, Error> {
    let fail = |kind| Error::new(path, kind);
    let classify = |e: SymphoniaError| match e {
        SymphoniaError::IoError(e) => fail(ErrorKind::Io(e)),
        SymphoniaError::Unsupported(m) => fail(ErrorKind::Unsupported(m.to_string())),
        other => fail(ErrorKind::Corrupt(other.to_string())),
    };
    let file = File::open(path).map_err(|e| fail(ErrorKind::Io(e)))?;
    let stream = MediaSourceStream::new(Box::new(file), Default::default());
    let mut hint = Hint::new();
    if let Some(extension) = path.extension().and_then(|e| e.to_str()) {
        hint.with_extension(extension);
    }
    // Gapless mode trims the encoder delay and padding of MP3 and AAC, so lengths match the source.
    let format_options = FormatOptions { enable_gapless: true, ..Default::default() };
    let probed = symphonia::default::get_probe()
        .format(&hint, stream, &format_options, &MetadataOptions::default())
        .map_err(|e| match e {
            SymphoniaError::Unsupported(_) => fail(ErrorKind::Unsupported("not a known audio container".into())),
            SymphoniaError::IoError(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                fail(ErrorKind::Unsupported("not a known audio container".into()))
            }
            other => classify(other),
        })?;
    let mut format = probed.format;
    let track = format
        .tracks()
        .iter()
        .find(|t| t.codec_params.codec != CODEC_TYPE_NULL)
        .ok_or_else(|| fail(ErrorKind::Unsupported("no audio track".into())))?;
    let track_id = track.id;
    let mut sample_rate = track.codec_params.sample_rate;
    let mut channels = track.codec_params.channels.map(|c| c.count());
    let mut decoder =
        symphonia::default::get_codecs().make(&track.codec_params, &DecoderOptions::default()).map_err(classify)?;

    let mut samples = Vec::new();
    let mut skipped_packets = 0;
    let mut buffer: Option<SampleBuffer<f32>> = None;
    loop {
        let packet = match format.next_packet() {
            Ok(packet) => packet,
            // The readers signal the end of the stream this way.
            Err(SymphoniaError::IoError(e)) if e.kind() == io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(classify(e)),
        };
        if packet.track_id() != track_id {
            continue;
        }
        match decoder.decode(&packet) {
            Ok(decoded) => {
                let spec = *decoded.spec();
                let needed = decoded.capacity() * spec.channels.count();
                if buffer.as_ref().is_none_or(|b| b.capacity() < needed) {
                    buffer = Some(SampleBuffer::new(decoded.capacity() as u64, spec));
                }
                let buffer = buffer.as_mut().expect("allocated above");
                buffer.copy_interleaved_ref(decoded);
                let count = spec.channels.count();
                samples.extend(downmix(buffer.samples(), count));
                sample_rate = Some(spec.rate);
                channels = Some(count);
            }
            Err(SymphoniaError::DecodeError(_)) => skipped_packets += 1,
            Err(e) => return Err(classify(e)),
        }
    }
    if samples.is_empty() && skipped_packets > 0 {
        return Err(fail(ErrorKind::Corrupt(format!("none of its {skipped_packets} packets decode"))));
    }
    let sample_rate = sample_rate.ok_or_else(|| fail(ErrorKind::Corrupt("no sample rate".into())))?;
    Ok(Decoded { samples, sample_rate, channels: channels.unwrap_or(1), skipped_packets })
}

/// Averages interleaved channels into one.
fn downmix(interleaved: &[f32], channels: usize) -> Vec<f32> {
    if channels == 1 {
        return interleaved.to_vec();
    }
    let scale = 1.0 / channels as f32;
    interleaved.chunks_exact(channels).map(|frame| frame.iter().sum::<f32>() * scale).collect()
}

/// Resamples mono `samples` from `from` Hz to `to` Hz with a band-limited FFT resampler. The output has
/// `ceil(len * to / from)` samples, aligned with the input (the resampler's delay is removed).
pub fn resample(samples: &[f32], from: u32, to: u32) -> Result<Vec<f32>, String> {
    if from == to {
        return Ok(samples.to_vec());
    }
    if from == 0 || to == 0 {
        return Err(format!("sample rate {from} Hz to {to} Hz"));
    }
    let expected = (samples.len() as u64 * u64::from(to)).div_ceil(u64::from(from)) as usize;
    let mut resampler = FftFixedIn::<f32>::new(from as usize, to as usize, 1024, 2, 1).map_err(|e| e.to_string())?;
    let delay = resampler.output_delay();
    let mut out = Vec::with_capacity(expected + delay + 2048);
    let mut rest = samples;
    while rest.len() >= resampler.input_frames_next() {
        let (chunk, tail) = rest.split_at(resampler.input_frames_next());
        out.extend_from_slice(&resampler.process(&[chunk], None).map_err(|e| e.to_string())?[0]);
        rest = tail;
    }
    if !rest.is_empty() {
        out.extend_from_slice(&resampler.process_partial(Some(&[rest]), None).map_err(|e| e.to_string())?[0]);
    }
    // Flush the samples still held in the resampler's delay line.
    while out.len() < delay + expected {
        out.extend_from_slice(&resampler.process_partial::<&[f32]>(None, None).map_err(|e| e.to_string())?[0]);
    }
    Ok(out[delay..delay + expected].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(frequency: f32, rate: u32, seconds: f32) -> Vec<f32> {
        let n = (rate as f32 * seconds) as usize;
        (0..n).map(|i| 0.5 * (2.0 * std::f32::consts::PI * frequency * i as f32 / rate as f32).sin()).collect()
    }

    /// The share of a half-second window's energy that lies at `frequency` (1.0 for a pure tone of that
    /// frequency, near 0 for any other).
    fn energy_share(samples: &[f32], rate: u32, frequency: f32) -> f64 {
        let window = &samples[samples.len() / 4..samples.len() / 4 + rate as usize / 2];
        let (mut re, mut im, mut total) = (0f64, 0f64, 0f64);
        for (i, s) in window.iter().enumerate() {
            let phase = 2.0 * std::f64::consts::PI * f64::from(frequency) * i as f64 / f64::from(rate);
            re += f64::from(*s) * phase.cos();
            im += f64::from(*s) * phase.sin();
            total += f64::from(*s) * f64::from(*s);
        }
        (re * re + im * im) * 2.0 / window.len() as f64 / total
    }

    fn rms(samples: &[f32]) -> f32 {
        (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
    }

    #[test]
    fn a_tone_keeps_its_frequency_and_level_through_resampling() {
        for (rate, frequency) in [(44_100, 440.0), (48_000, 1000.0), (32_000, 3000.0), (22_050, 250.0), (8_000, 600.0)]
        {
            let input = tone(frequency, rate, 1.0);
            let output = resample(&input, rate, WHISPER_SAMPLE_RATE).unwrap();
            assert_eq!(output.len(), WHISPER_SAMPLE_RATE as usize, "{rate} Hz");
            let share = energy_share(&output, WHISPER_SAMPLE_RATE, frequency);
            assert!(share > 0.99, "{rate} Hz: {share} of the energy at {frequency} Hz");
            assert!(energy_share(&output, WHISPER_SAMPLE_RATE, frequency + 50.0) < 0.01, "{rate} Hz");
            let level = rms(&output[2000..14_000]);
            assert!((level - 0.5 / 2f32.sqrt()).abs() < 0.01, "{rate} Hz: rms {level}");
        }
    }

    #[test]
    fn resampling_keeps_the_tone_in_time() {
        // A click at 0.5 s stays at 0.5 s: the resampler's delay is removed.
        let mut input = vec![0.0f32; 48_000];
        input[24_000] = 1.0;
        let output = resample(&input, 48_000, WHISPER_SAMPLE_RATE).unwrap();
        let peak = output.iter().enumerate().max_by(|a, b| a.1.abs().total_cmp(&b.1.abs())).unwrap().0;
        assert!((7999..=8001).contains(&peak), "peak at {peak}");
    }

    #[test]
    fn content_above_the_new_nyquist_is_removed() {
        let output = resample(&tone(12_000.0, 48_000, 1.0), 48_000, WHISPER_SAMPLE_RATE).unwrap();
        assert!(rms(&output[2000..14_000]) < 0.01, "aliasing: rms {}", rms(&output[2000..14_000]));
    }

    #[test]
    fn short_and_empty_inputs_resample() {
        assert_eq!(resample(&[], 44_100, 16_000).unwrap().len(), 0);
        assert_eq!(resample(&[0.1; 10], 44_100, 16_000).unwrap().len(), 4);
        assert_eq!(resample(&[0.1; 10], 16_000, 16_000).unwrap(), vec![0.1; 10]);
    }

    #[test]
    fn stereo_is_averaged() {
        assert_eq!(downmix(&[1.0, 0.0, 0.5, 0.5], 2), vec![0.5, 0.5]);
    }
}
