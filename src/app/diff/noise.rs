//! What is known of the noise between runs besides the sides' repeats: the noise
//! declared per metric (`--noise`, then `[diff] noise`) and a history store's
//! (`--noise-from`, then `[diff] noise-from`), gathered for `compare::noise`.

use super::*;
use crate::compare::diff::{KnownNoise, HEADLINE_METRICS};

/// The declared noises and the history's, for the pairs of `baseline` and `candidate`.
pub(super) fn known(
    request: &DiffRequest,
    env: &Env,
    policy: &Policy,
    baseline: &[Run],
    candidate: &[Run],
    key: &[String],
) -> Result<KnownNoise> {
    let config = env.config.diff.clone().unwrap_or_default();
    let mut known = KnownNoise::default();
    if let Some(table) = &config.noise {
        let origin = env.config.path.as_deref();
        for (metric, value) in table {
            let text = match value {
                toml::Value::String(s) => s.clone(),
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Float(f) => f.to_string(),
                other => other.to_string(),
            };
            let sigma = parse_percent(&text)
                .ok_or_else(|| bad_noise(&format!("{metric} = {value}"), origin, env))?;
            known.declared.insert(metric.clone(), sigma);
        }
    }
    for flag in &request.noise {
        let (metric, value) = flag
            .split_once('=')
            .map(|(m, v)| (m.trim(), v.trim()))
            .filter(|(m, _)| !m.is_empty())
            .ok_or_else(|| bad_noise(flag, None, env))?;
        let sigma = parse_percent(value).ok_or_else(|| bad_noise(flag, None, env))?;
        known.declared.insert(metric.to_owned(), sigma);
    }
    // A misspelt metric would declare nothing, in silence.
    for metric in known.declared.keys() {
        let present = baseline
            .iter()
            .chain(candidate)
            .any(|r| cell(r, metric).is_some());
        if !present {
            return Err(Error::usage(env.l10n.tr_args(
                "diff-error-noise-unknown-metric",
                &[("metric", metric.clone().into())],
            )));
        }
    }
    if request.against_history.is_some() {
        // The history window's own spread judges; a configured store is not asked.
        if request.noise_from.is_some() {
            return Err(Error::usage(env.l10n.tr("diff-error-noise-from-history")));
        }
        return Ok(known);
    }
    let store = request.noise_from.clone().or(config.noise_from);
    if let Some(store) = store {
        let mut metrics: Vec<String> = HEADLINE_METRICS.iter().map(|m| (*m).to_owned()).collect();
        metrics.extend(policy.rules.iter().map(|r| r.metric.clone()));
        metrics.sort();
        metrics.dedup();
        let handle = crate::history::Store::open(&store, false)?;
        let history = crate::history::read::load_runs(&handle, None)?;
        known.history =
            crate::history::noise::per_pair(&history, baseline, candidate, key, &metrics);
        if known.history.is_empty() {
            env.warn(&store, &env.l10n.tr("diff-warning-noise-from-nothing"));
        }
        known.store = Some(store);
    }
    Ok(known)
}

/// `12%`, `12 %` or `12` (percent of a run's mean) as a fraction; `None` unless a
/// positive, finite number below 1000%.
fn parse_percent(text: &str) -> Option<f64> {
    let number = text.trim().trim_end_matches('%').trim();
    let ok = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.');
    let value: f64 = number.parse().ok().filter(|_| ok)?;
    (value > 0.0 && value < 1000.0).then_some(value / 100.0)
}

fn bad_noise(text: &str, origin: Option<&std::path::Path>, env: &Env) -> Error {
    let origin = origin
        .map(|f| format!(" ({})", f.display()))
        .unwrap_or_default();
    Error::usage(env.l10n.tr_args(
        "diff-error-noise",
        &[("text", text.to_owned().into()), ("origin", origin.into())],
    ))
}

#[cfg(test)]
mod tests {
    use super::parse_percent;

    #[test]
    fn a_declared_noise_is_a_percentage() {
        assert_eq!(parse_percent("12%"), Some(0.12));
        assert_eq!(parse_percent(" 7.5 % "), Some(0.075));
        assert_eq!(parse_percent("20"), Some(0.2));
        for bad in ["", "%", "-5%", "0%", "inf", "1e3", "abc", "5000%"] {
            assert_eq!(parse_percent(bad), None, "{bad}");
        }
    }
}
