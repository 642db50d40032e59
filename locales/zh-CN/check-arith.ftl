# check：作者所做的算术（src/check/thread/arith.rs）
check-pair-arithmetic = 之前：“{ $before }”（第 { $before_line } 行，{ $before_trials }）；之后：“{ $after }”（第 { $after_line } 行，{ $after_trials }）；由变化单元格的算术判断
check-mistake-against-convention = { $claimed } 不是该列其余单元格的算法 { $convention }（{ $recomputed }）所得；它是 { $needs }
check-mistake-no-formula = { $claimed } 不是该列其余单元格的算法 { $convention }（{ $recomputed }）所得，且其所在行的任何标准公式都得不出它
check-formula-change = 相对旧值的变化，(之后 − 之前) / 之前
check-formula-better = 相对旧值的改进（时间下降记为正）
check-formula-over-new = 变化除以新值，(之后 − 之前) / 之后
check-formula-of-base = 之后占之前的百分比
check-formula-of-new = 之前占之后的百分比（百分比颠倒）
check-formula-gain = 加速比（速率为之后 / 之前，时间为之前 / 之后）
check-formula-plain = 之后 / 之前
check-formula-inverted = 比值颠倒，之前 / 之后
# 旁边有数字但无法核实的声明：为何不判为错误。
check-unverifiable-near-miss = { $subject } 的{ $what }无法核实：声称 { $claimed }；该列其余单元格的公式得出 { $recomputed }，仅差末位一个单位，说明作者用的是与页面所印不同的值（未四舍五入的均值）或四舍五入了两次；不判为错误
check-unverifiable-unsettled = { $subject } 的{ $what }无法核实：声称 { $claimed }；其所在行的任何标准公式都得不出它（最接近 { $recomputed }），且该列其余单元格和标签都无法确定作者的算法；不判为错误
check-unverifiable-mixed = { $subject } 的{ $what }无法核实：“{ $claimed }”，但其各行变化方向不一，或变化未超出四舍五入范围（{ $recomputed }）；不判为错误
