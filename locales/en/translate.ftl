# perflab translate: messages, the LLM's instruction, the closing summary.
translate-summary = { $from } → { $to }: { $segments ->
    [one] { $segments } segment
   *[other] { $segments } segments
}: { $shipped } from perflab's memory, { $user } from your memory, { $llm } from the LLM, { $untranslated } left in { $from }
translate-rejected = { $count ->
    [one] 1 LLM answer was rejected: it lost or changed a number, a code span or a URL, twice.
   *[other] { $count } LLM answers were rejected: each lost or changed a number, a code span or a URL, twice.
}
translate-untranslated-heading = { $count ->
    [one] { $count } segment was
   *[other] { $count } segments were
} left in { $from } in the { $to } translation{ $allowed ->
    [yes] {""} (accepted by --allow-untranslated):
   *[no] {""}; add them to --memory FILE or give --llm, or accept them with --allow-untranslated:
}
translate-foreign-heading = { $count ->
    [one] { $count } segment is
   *[other] { $count } segments are
} in { $lang }, neither { $from } (the report's language) nor { $to }: nothing translates them, so they were left as they are{ $allowed ->
    [yes] {""} (accepted by --allow-untranslated):
   *[no] {""}; translate them by hand, give --from { $lang } if the report is in { $lang }, or accept them with --allow-untranslated:
}
translate-untranslated-line = {"  "}{ $file }:{ $line }: { $text }
translate-verified = Verified: the same structure, fences, commands, numbers, blocks and claims as the source.
translate-difference = { $file }:{ $line }: the { $lang } translation differs from its source: { $what }
translate-diff-structure = its Markdown structure (headings, lists, tables, admonitions, fences)
translate-diff-fence = a code fence
translate-diff-code = inline code, a URL or an HTML tag
translate-diff-numbers = the numbers of a paragraph, heading, list item or table row
translate-diff-blocks = the printed values of a benchmark block
translate-diff-claims = the claims `check` finds, or their verdicts
translate-memory-bad-line = not a translation memory entry `{"{"}"lang", "source", "target"{"}"}` ({ $reason })
translate-llm-status = HTTP status { $status }
translate-llm-timeout = no answer within { $seconds } s
translate-llm-no-content = the answer has no message content
translate-llm-failed = the LLM at { $url } did not answer: { $reason }
translate-llm-needs-model = --llm needs the name of the served model: --llm-model NAME (or PERFLAB_LLM_MODEL)
translate-language-en = English
translate-language-ru = Russian
translate-language-zh-CN = Simplified Chinese
translate-llm-system = You translate a published LLM serving benchmark report from { $source } into { $target }. Reply with the translation of the user's text only: no quotes, no notes, one line. Keep byte for byte: every number and unit, text in backquotes (commands, flags, names), URLs and Markdown link targets, HTML tags and attributes, model, engine, hardware and product names, and the Markdown markup (**bold**, [text](url)).
# The title of an admonition written without one (`!!! note`), by its kind, on the HTML page.
translate-admonition = { $kind ->
    [note] Note
    [info] Info
    [tip] Tip
    [warning] Warning
    [danger] Danger
    [example] Example
    [abstract] Abstract
    [question] Question
    [success] Success
    [failure] Failure
    [bug] Bug
    [quote] Quote
   *[other] { $kind }
}
