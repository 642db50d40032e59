//! The cells of the report's comparison tables: a run's primary and secondary values,
//! with a remark on its change against the baseline (better, worse, same) or on why it
//! was skipped. One format shared by the conclusion and the summary table, so it lives
//! apart from the sections that use it.

use super::{md, text, ViewBuilder};
use crate::compare::{fixed, Change, ChangeVerdict as Verdict, RunSide};
use crate::study::GapStyle;

impl ViewBuilder<'_> {
    /// `Total TPS (tok/s): 11768.22 <span class="perflab-better">(+2.09%)</span><br>Mean TPOT (ms): 15.85`
    pub(super) fn cell(
        &self,
        primary: Option<f64>,
        remark: Option<(&str, String)>,
        secondary: Option<f64>,
    ) -> String {
        let value = |v: Option<f64>| v.map_or_else(|| "—".to_owned(), fixed);
        let mut s = format!(
            "{}: {}",
            self.metric_with_unit(&self.cmp.primary),
            value(primary)
        );
        if let Some((class, words)) = remark {
            s.push_str(&format!(
                " <span class=\"perflab-{class}\">({words})</span>"
            ));
        }
        s.push_str(&format!(
            "<br>{}: {}",
            self.metric_with_unit(&self.cmp.secondary),
            value(secondary)
        ));
        s
    }

    pub(super) fn change_remark(&self, change: &Change) -> (&'static str, String) {
        let class = match change.verdict {
            Verdict::Better => "better",
            Verdict::Worse => "worse",
            Verdict::Same => "same",
        };
        let words = match self.cmp.style {
            GapStyle::Percent => change.percent_text.clone(),
            GapStyle::Ratio => self.tr(
                "change-ratio",
                &[
                    ("verdict", text(class)),
                    ("ratio", text(change.ratio_text.clone())),
                ],
            ),
        };
        (class, words)
    }

    pub(super) fn skipped_remark(&self, rate: Option<&str>) -> (&'static str, String) {
        let rate = rate.unwrap_or("n/a").to_owned();
        ("skipped", self.tr("cell-skipped", &[("rate", text(rate))]))
    }

    /// A conclusion cell; `latency`: a latency study's (`conclusion.rs`).
    pub(super) fn side_cell(
        &self,
        side: &RunSide,
        change: Option<&Change>,
        latency: bool,
    ) -> String {
        if let Some(reason) = &side.missing {
            return self.tr("scenario-missing", &[("reason", text(md(reason)))]);
        }
        let remark = if !side.complete {
            Some(self.skipped_remark(side.success.as_ref().map(|s| s.percent_text.as_str())))
        } else {
            change.map(|c| self.change_remark(c))
        };
        if latency {
            return self.latency_cell(side, remark);
        }
        self.cell(side.primary, remark, side.secondary)
    }
}
