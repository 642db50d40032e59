//! Numbers as a report prints them. A printed number stands for every value that rounds
//! to it: `1.34` is anything in [1.335, 1.345]. Benchmark tools print counts (requests,
//! tokens) as integers and every measured quantity with decimals, so an integer in a
//! benchmark block is exact while a claimed figure is always rounded.

use crate::numbers::half_unit;

/// A printed number: its value and how far the true value may lie from it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintedNumber {
    pub value: f64,
    /// Half the unit of the last printed digit (0 for an exact count), in the unit of
    /// `value` (after any scaling).
    pub half_width: f64,
    /// Digits after the decimal point as printed.
    pub decimals: u32,
    /// Whether it was printed with an explicit `+`.
    pub plus_sign: bool,
}

impl PrintedNumber {
    /// A figure a report claims (`+2.09`, `5,027.72`, `51.5`): always rounded.
    pub fn claimed(token: &str) -> Option<Self> {
        let (value, decimals, plus_sign) = parse_token(token)?;
        Some(PrintedNumber {
            value,
            half_width: half_unit(decimals),
            decimals,
            plus_sign,
        })
    }

    /// A value inside a benchmark block: integers are counts, hence exact.
    pub fn measured(token: &str) -> Option<Self> {
        let (value, decimals, plus_sign) = parse_token(token)?;
        let exact = !token.contains('.');
        Some(PrintedNumber {
            value,
            half_width: if exact { 0.0 } else { half_unit(decimals) },
            decimals,
            plus_sign,
        })
    }

    /// An exact number (a configured request total).
    pub fn exact(value: f64) -> Self {
        PrintedNumber {
            value,
            half_width: 0.0,
            decimals: 0,
            plus_sign: false,
        }
    }

    /// The same number in another unit (seconds printed, milliseconds stored).
    pub fn scaled(self, factor: f64) -> Self {
        PrintedNumber {
            value: self.value * factor,
            half_width: self.half_width * factor.abs(),
            ..self
        }
    }

    pub fn lo(&self) -> f64 {
        self.value - self.half_width
    }

    pub fn hi(&self) -> f64 {
        self.value + self.half_width
    }

    /// `v` written the way this number was written: same decimals, `+` when it had one.
    pub fn format_like(&self, v: f64) -> String {
        let v = if v == 0.0 { 0.0 } else { v };
        let s = format!("{v:.*}", self.decimals as usize);
        // `-0.00` is what Python prints; a reader wants `0.00`.
        let s = if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
            s[1..].to_owned()
        } else {
            s
        };
        if self.plus_sign && !s.starts_with('-') {
            format!("+{s}")
        } else {
            s
        }
    }
}

/// `+1,146.31` → (1146.31, 2, true). Thousands separators are allowed only between groups
/// of three digits.
fn parse_token(token: &str) -> Option<(f64, u32, bool)> {
    let token = token.trim();
    let plus_sign = token.starts_with('+');
    let body = token.trim_start_matches(['+', '-']);
    if body.is_empty() || !body.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    if !int.chars().all(|c| c.is_ascii_digit() || c == ',') {
        return None;
    }
    if int.contains(',') && int.split(',').skip(1).any(|g| g.len() != 3) {
        return None;
    }
    let decimals = match frac {
        Some(f) if !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()) => f.len() as u32,
        Some(_) => return None,
        None => 0,
    };
    let cleaned: String = token.chars().filter(|c| *c != ',' && *c != '+').collect();
    let value: f64 = cleaned.parse().ok()?;
    value
        .is_finite()
        .then_some((if value == 0.0 { 0.0 } else { value }, decimals, plus_sign))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claimed_numbers_are_rounded_at_their_own_decimals() {
        let n = PrintedNumber::claimed("1.34").unwrap();
        assert_eq!(n.decimals, 2);
        assert!((n.lo() - 1.335).abs() < 1e-12 && (n.hi() - 1.345).abs() < 1e-12);
        let p = PrintedNumber::claimed("+284.0").unwrap();
        assert!(p.plus_sign);
        assert!((p.half_width - 0.05).abs() < 1e-12);
        assert_eq!(PrintedNumber::claimed("1,146.31").unwrap().value, 1146.31);
        assert_eq!(PrintedNumber::claimed("1000").unwrap().half_width, 0.5);
        assert_eq!(PrintedNumber::claimed("-2.62").unwrap().value, -2.62);
        assert!(PrintedNumber::claimed("N/A").is_none());
        assert!(PrintedNumber::claimed("1,14.3").is_none());
        assert!(PrintedNumber::claimed("1.").is_none());
    }

    #[test]
    fn measured_integers_are_exact_counts() {
        assert_eq!(PrintedNumber::measured("514").unwrap().half_width, 0.0);
        let s = PrintedNumber::measured("24.11").unwrap().scaled(1000.0);
        assert!((s.lo() - 24105.0).abs() < 1e-6 && (s.hi() - 24115.0).abs() < 1e-6);
    }

    #[test]
    fn formatting_follows_the_claim() {
        let p = PrintedNumber::claimed("+0.00").unwrap();
        assert_eq!(p.format_like(-0.0001), "+0.00");
        assert_eq!(p.format_like(2.0914), "+2.09");
        assert_eq!(
            PrintedNumber::claimed("51.5").unwrap().format_like(51.4),
            "51.4"
        );
    }
}
