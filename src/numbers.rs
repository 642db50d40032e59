//! One rule for each way perflab relates or writes a number, so that a diff, a study
//! report, a history page and a check never disagree on the same two values: the
//! percent change and its zero baseline, the signed percent text (`+0.00%`, never
//! `-0.00%`; `+∞%`), and half a unit of the last printed decimal (the tolerance of a
//! number read from text).

/// The change from `base` to `new` in percent of `|base|` (a drop from a negative
/// baseline is still negative). A zero baseline makes no change 0% and any change ±∞%:
/// the rule every table, chart and verdict uses.
pub fn percent_change(base: f64, new: f64) -> f64 {
    let d = new - base;
    if base != 0.0 {
        d / base.abs() * 100.0
    } else if d == 0.0 {
        0.0
    } else {
        d.signum() * f64::INFINITY
    }
}

/// `part` in percent of `|whole|` (a share, or an interval rescaled to a baseline);
/// `None` when the whole is zero.
pub fn percent_of(part: f64, whole: f64) -> Option<f64> {
    (whole != 0.0).then(|| part / whole.abs() * 100.0)
}

/// `+2.09%`, `-5.23%`, `+∞%`: two decimals, always signed so that a drop is never read
/// as a rise; a value that rounds to zero is `+0.00%`.
pub fn signed_percent(p: f64) -> String {
    if p.is_infinite() {
        return if p > 0.0 { "+∞%" } else { "-∞%" }.to_owned();
    }
    let rounded = format!("{:.2}", p.abs());
    if rounded == "0.00" {
        "+0.00%".to_owned()
    } else {
        format!("{p:+.2}%")
    }
}

/// `+1.55`, `-0.80`: `v` with `decimals` decimals and always a sign; a value that
/// rounds to zero is `+0…`, never `-0…`.
pub fn signed_fixed(v: f64, decimals: usize) -> String {
    let s = format!("{:+.decimals$}", v);
    if s[1..].chars().all(|c| c == '0' || c == '.') {
        format!("+{}", &s[1..])
    } else {
        s
    }
}

/// `77.36%`: an unsigned share or distance, two decimals; `∞%` past any bound.
pub fn percent_text(p: f64) -> String {
    if p.is_infinite() {
        "∞%".to_owned()
    } else {
        format!("{p:.2}%")
    }
}

/// `3.10x`.
pub fn ratio_text(r: f64) -> String {
    format!("{r:.2}x")
}

/// A value as reports print it: two decimals, `0.00` for a negative zero.
pub fn fixed(v: f64) -> String {
    let s = format!("{v:.2}");
    if s == "-0.00" {
        "0.00".to_owned()
    } else {
        s
    }
}

/// Half a unit in the last of `decimals` decimals: a value printed `12.34` is anywhere
/// in `12.34 ± 0.005`.
pub fn half_unit(decimals: u32) -> f64 {
    0.5 / 10f64.powi(decimals as i32)
}

/// The decimals `x` was printed with, when `x` was parsed from text: its shortest form
/// up to nine decimals (which absorbs the binary noise of unit conversions such as
/// ns → ms). A tool that printed trailing zeros gets fewer, which only widens the
/// tolerance.
pub fn printed_decimals(x: f64) -> u32 {
    let text = format!("{:.9}", x.abs());
    text.split_once('.')
        .map_or(0, |(_, d)| d.trim_end_matches('0').len() as u32)
}

/// Half a unit of the last decimal `x` was printed with.
pub fn half_unit_of(x: f64) -> f64 {
    half_unit(printed_decimals(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_baseline_is_zero_or_infinite() {
        assert_eq!(percent_change(0.0, 0.0), 0.0);
        assert_eq!(percent_change(0.0, 3.0), f64::INFINITY);
        assert_eq!(percent_change(0.0, -3.0), f64::NEG_INFINITY);
        assert_eq!(percent_change(-10.0, -12.0), -20.0);
        assert_eq!(percent_change(100.0, 110.0), 10.0);
    }

    #[test]
    fn signed_percent_is_always_signed_and_never_negative_zero() {
        assert_eq!(signed_percent(-10.0), "-10.00%");
        assert_eq!(signed_percent(3.456), "+3.46%");
        assert_eq!(signed_percent(-0.0), "+0.00%");
        assert_eq!(signed_percent(-0.004), "+0.00%");
        assert_eq!(signed_percent(-0.005_1), "-0.01%");
        assert_eq!(signed_percent(f64::INFINITY), "+∞%");
        assert_eq!(signed_percent(f64::NEG_INFINITY), "-∞%");
        assert_eq!(percent_text(f64::INFINITY), "∞%");
        assert_eq!(fixed(-0.001), "0.00");
    }

    #[test]
    fn half_unit_follows_the_printed_decimals() {
        assert_eq!(half_unit(2), 0.005);
        assert_eq!(printed_decimals(12.34), 2);
        assert_eq!(printed_decimals(1.0), 0);
        // 1234567 ns in ms: the binary noise beyond nine decimals is not a decimal.
        assert_eq!(printed_decimals(1_234_567.0 / 1e6), 6);
        assert_eq!(half_unit_of(0.5), 0.05);
    }
}
