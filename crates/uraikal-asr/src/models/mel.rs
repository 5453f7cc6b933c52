//! Whisper's mel filter bank, computed: whisper.cpp reads it from the model file, and the CTranslate2 and
//! transformers folders do not carry it. Whisper's own `mel_filters.npz` is librosa's
//! `filters.mel(sr=16000, n_fft=400, n_mels=80 or 128)`: the Slaney mel scale (linear below 1 kHz,
//! logarithmic above) and Slaney normalisation (each triangle scaled to unit area), computed here in f64 the
//! same way and stored as f32.

/// FFT bins of a 400-sample window: 0 Hz to 8 kHz.
pub const N_FFT_BINS: usize = 201;
const SAMPLE_RATE: f64 = 16_000.0;

const F_SP: f64 = 200.0 / 3.0;
const MIN_LOG_HZ: f64 = 1000.0;
const MIN_LOG_MEL: f64 = MIN_LOG_HZ / F_SP;

fn logstep() -> f64 {
    6.4f64.ln() / 27.0
}

fn hz_to_mel(f: f64) -> f64 {
    if f >= MIN_LOG_HZ {
        MIN_LOG_MEL + (f / MIN_LOG_HZ).ln() / logstep()
    } else {
        f / F_SP
    }
}

fn mel_to_hz(m: f64) -> f64 {
    if m >= MIN_LOG_MEL {
        MIN_LOG_HZ * (logstep() * (m - MIN_LOG_MEL)).exp()
    } else {
        F_SP * m
    }
}

/// The bank: `n_mels` rows of [`N_FFT_BINS`] weights, row after row.
pub fn filters(n_mels: usize) -> Vec<f32> {
    let nyquist = SAMPLE_RATE / 2.0;
    let fft: Vec<f64> = (0..N_FFT_BINS).map(|j| nyquist * j as f64 / (N_FFT_BINS - 1) as f64).collect();
    let (lo, hi) = (hz_to_mel(0.0), hz_to_mel(nyquist));
    let points: Vec<f64> =
        (0..n_mels + 2).map(|i| mel_to_hz(lo + (hi - lo) * i as f64 / (n_mels + 1) as f64)).collect();
    let mut out = Vec::with_capacity(n_mels * N_FFT_BINS);
    for i in 0..n_mels {
        let (left, centre, right) = (points[i], points[i + 1], points[i + 2]);
        let norm = 2.0 / (right - left);
        for &f in &fft {
            let rising = (f - left) / (centre - left);
            let falling = (right - f) / (right - centre);
            out.push((rising.min(falling).max(0.0) * norm) as f32);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_triangle_has_unit_area_in_hertz() {
        // Slaney normalisation: the weights times the bin width (40 Hz) sum to about 1 for triangles
        // wide enough to be sampled by several bins.
        let bank = filters(80);
        for row in bank.chunks(N_FFT_BINS).skip(10) {
            let area: f32 = row.iter().sum::<f32>() * 40.0;
            assert!((area - 1.0).abs() < 0.12, "area {area}");
        }
    }

    #[test]
    fn first_band_by_hand() {
        // 82 points evenly spaced on 0..hz_to_mel(8 kHz) = 45.245 mel, 0.5586 mel = 37.24 Hz apart (linear
        // region): band 0 rises over 0..37.24 Hz and falls to 74.48 Hz, so only bin 1 (40 Hz) is inside,
        // at (74.48 - 40) / 37.24 = 0.926, times 2 / 74.48.
        let bank = filters(80);
        assert!((bank[1] - 0.024_862_06).abs() < 1e-6, "{}", bank[1]);
        assert_eq!(bank[0], 0.0);
        assert_eq!(bank[2], 0.0);
    }
}
