# perflab translate：消息、给 LLM 的指令、结尾汇总。
translate-summary = { $from } → { $to }：共 { $segments } 个片段：perflab 记忆 { $shipped } 个，你的记忆 { $user } 个，LLM { $llm } 个，保留为 { $from } 的 { $untranslated } 个
translate-rejected = { $count } 个 LLM 回答被拒绝：两次都丢失或改动了数字、代码或 URL。
translate-untranslated-heading = { $to } 译文中有 { $count } 个片段保留为 { $from }{ $allowed ->
    [yes] （--allow-untranslated 允许）：
   *[no] ；请把它们加入 --memory 文件或使用 --llm，或用 --allow-untranslated 允许：
}
translate-foreign-heading = 有 { $count } 个片段是 { $lang }，既不是 { $from }（报告的语言）也不是 { $to }：没有任何途径翻译它们，因此保持原样{ $allowed ->
    [yes] （--allow-untranslated 允许）：
   *[no] ；请手动翻译，若报告是 { $lang } 写的请指定 --from { $lang }，或用 --allow-untranslated 允许：
}
translate-untranslated-line = {"  "}{ $file }:{ $line }: { $text }
translate-verified = 已验证：结构、代码块、命令、数字、基准测试结果和结论与原文一致。
translate-difference = { $file }:{ $line }: { $lang } 译文与原文不同：{ $what }
translate-diff-structure = Markdown 结构（标题、列表、表格、提示块、代码块）
translate-diff-fence = 代码块
translate-diff-code = 行内代码、URL 或 HTML 标签
translate-diff-numbers = 段落、标题、列表项或表格行中的数字
translate-diff-blocks = 基准测试结果中的数值
translate-diff-claims = `check` 找到的结论或其判定
translate-memory-bad-line = 不是翻译记忆条目 `{"{"}"lang", "source", "target"{"}"}`（{ $reason }）
translate-llm-status = HTTP 状态 { $status }
translate-llm-timeout = { $seconds } 秒内没有回答
translate-llm-no-content = 回答中没有消息内容
translate-llm-failed = 位于 { $url } 的 LLM 没有回答：{ $reason }
translate-llm-needs-model = --llm 需要所服务模型的名称：--llm-model 名称（或 PERFLAB_LLM_MODEL）
translate-language-en = 英语
translate-language-ru = 俄语
translate-language-zh-CN = 简体中文
translate-llm-system = 你正在把一份已发布的 LLM 服务基准测试报告从{ $source }翻译成{ $target }。只回复用户文本的译文：不加引号、不加说明、只占一行。逐字节保留：所有数字和单位、反引号中的文本、URL 和 Markdown 链接地址、HTML 标签和属性、模型、引擎、硬件和产品名称，以及 Markdown 标记。
# 未写标题的提示块（`!!! note`）按其类型显示的标题，用于 HTML 页面。
translate-admonition = { $kind ->
    [note] 注意
    [info] 信息
    [tip] 提示
    [warning] 警告
    [danger] 危险
    [example] 示例
    [abstract] 摘要
    [question] 问题
    [success] 成功
    [failure] 失败
    [bug] 缺陷
    [quote] 引用
   *[other] { $kind }
}
