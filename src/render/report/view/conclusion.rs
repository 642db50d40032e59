//! The report's conclusion: the intro sentence, the recommended serving command (the
//! study's own, byte for byte, when it states one; else built from the recommended
//! variant) and the table of baseline against optimized on every profile. A latency
//! study's table quotes the latency it ranks by and the speed-up, the way latency reports
//! print it (`Mean E2E latency: 1.65s/req (1.27x faster)`); a throughput study's quotes
//! the primary and secondary metrics.

use super::{serving_command_text, text, CodeBlock, ConclusionView, TableRow, ViewBuilder};
use crate::compare::{fixed, RunSide, ScenarioComparison};
use crate::render::escape::markdown as md;
use crate::study::Goal;

impl ViewBuilder<'_> {
    pub(super) fn conclusion(&self) -> ConclusionView {
        let study = self.study;
        let goal = match study.metrics.goal {
            Goal::Throughput => "throughput",
            Goal::Latency => "latency",
        };
        let intro = self.tr(
            "conclusion-intro",
            &[
                ("goal", text(goal)),
                ("model", text(md(&study.model))),
                ("hardware", text(md(&study.hardware))),
            ],
        );
        let command = match &study.recommended_command {
            Some(c) => CodeBlock::new("bash", c),
            None => {
                let (head, params) = study.serving_command(self.cmp.recommended);
                CodeBlock::new("bash", &serving_command_text(&head, &params))
            }
        };
        let baseline_header = self.tr(
            "col-baseline",
            &[("label", text(md(&self.label(self.cmp.baseline))))],
        );
        let rows = self
            .cmp
            .conclusion
            .iter()
            .map(|row| self.conclusion_row(row))
            .collect();
        ConclusionView {
            chart: self
                .figures
                .conclusion
                .as_ref()
                .map(|f| f.reference(self.lang())),
            intro,
            command,
            baseline_kept: self.cmp.recommended == self.cmp.baseline,
            baseline_header,
            rows,
        }
    }

    fn conclusion_row(&self, row: &ScenarioComparison) -> TableRow {
        let latency = self.study.metrics.goal == Goal::Latency;
        TableRow {
            name: self.study.profiles[row.profile].title(self.lang()),
            baseline: self.side_cell(&row.baseline, None, latency),
            optimized: self.side_cell(&row.optimized, row.change.as_ref(), latency),
        }
    }

    /// A latency study's cell: the primary latency alone, end-to-end latency in seconds
    /// per request (as the runs print it, `Mean Latency(s): 2.09`), then the remark.
    pub(super) fn latency_cell(&self, side: &RunSide, remark: Option<(&str, String)>) -> String {
        let key = &self.cmp.primary.key;
        let mut s = match side.primary {
            Some(v) if key.ends_with("e2el_ms") => self.tr(
                "conclusion-latency-seconds",
                &[
                    ("metric", text(self.metric_name(key))),
                    ("value", text(fixed(v / 1000.0))),
                ],
            ),
            v => format!(
                "{}: {}",
                self.metric_with_unit(&self.cmp.primary),
                v.map_or_else(|| "—".to_owned(), fixed)
            ),
        };
        if let Some((class, words)) = remark {
            s.push_str(&format!(
                " <span class=\"perflab-{class}\">({words})</span>"
            ));
        }
        s
    }
}
