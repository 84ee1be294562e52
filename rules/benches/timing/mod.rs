//! The benchmarks' small self-timed harness (no criterion keeps the build
//! lean): each figure is the median of 7 samples of about 0.3 s each.

use std::time::{Duration, Instant};

const SAMPLES: usize = 7;
const SAMPLE_TIME: Duration = Duration::from_millis(300);

/// Runs `batch` repeatedly for about SAMPLE_TIME per sample; returns the
/// median time per unit, where `batch` returns how many units it did.
pub fn median_per_unit(mut batch: impl FnMut() -> u64) -> Duration {
    let mut per_unit: Vec<Duration> = (0..SAMPLES)
        .map(|_| {
            let start = Instant::now();
            let mut units = 0u64;
            while start.elapsed() < SAMPLE_TIME {
                units += batch();
            }
            start.elapsed() / units as u32
        })
        .collect();
    per_unit.sort();
    per_unit[SAMPLES / 2]
}
