//! `diff --against-history`: the baseline is a window of a benchmark's last nights, so a
//! change is judged against the spread those nights showed, not by a test of two means.
//! Each metric gets the window's prediction interval for the candidate
//! (`stats::prediction`); a change past a rule's threshold is a regression only when the
//! candidate falls outside it, else "within noise", the words and exit codes of `diff`.

use super::diff::{count, judge_pair, Comparison, Trend, Verdict};
use crate::stats::prediction;

impl Comparison {
    /// Judges every pair again by its window's prediction intervals. A metric whose
    /// window has fewer than two runs has none and keeps `diff`'s rule: the threshold
    /// alone decides.
    pub fn judge_against_history(&mut self) {
        self.against_history = true;
        for pair in &mut self.pairs {
            for d in &mut pair.metrics {
                let (Some(b), Some(c)) = (d.baseline, d.candidate) else {
                    continue;
                };
                d.prediction = prediction::interval(&b, &c);
                // The window's runs are the history: its spread is the noise, and its
                // prediction interval, not a test of the change, judges.
                d.noise_test = None;
                d.noise = d.noise.map(|n| crate::stats::noise::Noise {
                    source: crate::stats::noise::Source::History,
                    ..n
                });
                // The interval is in `--json`; the table keeps its columns (a Welch
                // interval stays where both sides had repeats).
                let Some(p) = d.prediction else { continue };
                d.trend = if d.change == Some(0.0) {
                    Trend::Unchanged
                } else if p.inside {
                    Trend::Noise
                } else {
                    Trend::of_move(d.higher_is_better, c.mean > b.mean)
                };
            }
            pair.noise_estimate = pair.baseline_runs >= 2;
            judge_pair(pair, &self.rules);
        }
        self.power = super::noise::power(&self.pairs, &self.rules);
        let capacity = (
            self.counts.capacity_series,
            self.counts.capacity_regressions,
        );
        self.counts = count(&self.pairs, &self.added, &self.removed);
        (
            self.counts.capacity_series,
            self.counts.capacity_regressions,
        ) = capacity;
        self.verdict = if self.counts.regressions + self.counts.capacity_regressions > 0 {
            Verdict::Regression
        } else {
            Verdict::Pass
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::diff::{compare, CheckOutcome};
    use crate::compare::policy::{Policy, PolicyOrigin};
    use crate::model::{Format, Run};

    fn run(v: f64) -> Run {
        let mut r = Run::new(Format::VllmServeJson, None);
        r.set_num("max_concurrency", 8.0);
        r.set_num("output_throughput", v);
        r
    }

    fn judged(window: &[f64], candidate: f64) -> Comparison {
        let base: Vec<Run> = window.iter().map(|v| run(*v)).collect();
        let policy = Policy::parse(&["output_throughput<-5%".into()], PolicyOrigin::Flags).unwrap();
        let mut cmp = compare(
            &base,
            &[run(candidate)],
            &["max_concurrency".to_owned()],
            &policy,
        );
        cmp.judge_against_history();
        cmp
    }

    #[test]
    fn past_the_threshold_inside_the_spread_is_noise_outside_a_regression() {
        // A noisy history (±8%): a 6% drop is a night it has seen.
        let noisy = [
            100.0, 108.0, 92.0, 104.0, 95.0, 107.0, 93.0, 101.0, 99.0, 100.0,
        ];
        let cmp = judged(&noisy, 94.0);
        let d = &cmp.pairs[0].metrics[0];
        let p = d.prediction.unwrap();
        assert!(p.inside && p.window_runs == 10, "{p:?}");
        assert_eq!(cmp.pairs[0].checks[0].outcome, CheckOutcome::WithinNoise);
        assert_eq!((cmp.verdict, cmp.counts.within_noise), (Verdict::Pass, 1));
        assert!(cmp.pairs[0].noise_estimate);
        // A quiet history (±0.5%): the same drop is outside it.
        let quiet = [
            100.0, 100.5, 99.5, 100.2, 99.8, 100.3, 99.7, 100.1, 99.9, 100.0,
        ];
        let cmp = judged(&quiet, 94.0);
        assert!(!cmp.pairs[0].metrics[0].prediction.unwrap().inside);
        assert_eq!(cmp.pairs[0].checks[0].outcome, CheckOutcome::Regression);
        assert_eq!(cmp.verdict, Verdict::Regression);
        assert_eq!(cmp.pairs[0].metrics[0].trend, Trend::Worse);
        // Outside the spread but under the threshold: the rule does not fire.
        let cmp = judged(&quiet, 97.0);
        assert_eq!(cmp.pairs[0].checks[0].outcome, CheckOutcome::Pass);
        assert_eq!(cmp.verdict, Verdict::Pass);
        // One night of history: no spread, the threshold alone decides.
        let cmp = judged(&[100.0], 94.0);
        assert_eq!(cmp.pairs[0].metrics[0].prediction, None);
        assert_eq!(cmp.verdict, Verdict::Regression);
    }
}
