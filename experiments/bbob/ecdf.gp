# experiments/bbob/ecdf.gp — the runtime ECDFs of the BBOB study (ecdf.dat from
# experiments/ecdf.py), as COCO draws them: the share of (run, target) pairs reached
# within t evaluations / d, COCO's 51 targets 10^[-8..2] of f - f_opt, the 15
# instances of each function pooled.  ecdf.png: all 24 functions, one panel per d;
# groups.png: COCO's five function groups (rows) by d (columns).  A block per
# panel and algorithm, the algorithm's name its header.
set terminal pngcairo size 1500,450 noenhanced font ",10"
array groups[6] = ["all 24 functions", "separable (f1-f5)", "low or moderate conditioning (f6-f9)", \
                   "high conditioning, unimodal (f10-f14)", "multimodal, adequate structure (f15-f19)", \
                   "multimodal, weak structure (f20-f24)"]
array dims[4] = [2, 5, 10, 20]
set logscale x
set format x "10^%T"
set xrange [0.5:2000]
set yrange [0:1]
set grid
set xlabel 'evaluations / d'
set ylabel 'share of pairs reached'
panel(g, d) = ((d - 1) * 6 + (g - 1)) * 3
set output 'ecdf.png'
set multiplot layout 1,4 title "BBOB, 24 functions x 15 instances, one run each, budget 2,000 d: share of (run, target) pairs reached, 51 targets 10^[-8..2]"
set key top left
do for [d = 1:4] {
  set title sprintf("all 24 functions, d = %d", dims[d])
  plot for [a = 1:3] 'ecdf.dat' index (panel(1, d) + a - 1) using 1:2 with steps lw 2 title columnheader(1)
}
unset multiplot
set terminal pngcairo size 1600,1700 noenhanced font ",9"
set output 'groups.png'
set multiplot layout 5,4 title "BBOB by COCO's function groups (15 instances each, 51 targets 10^[-8..2], budget 2,000 d)"
do for [g = 2:6] {
  do for [d = 1:4] {
    set title sprintf("%s, d = %d", groups[g], dims[d])
    plot for [a = 1:3] 'ecdf.dat' index (panel(g, d) + a - 1) using 1:2 with steps lw 2 title columnheader(1)
  }
}
unset multiplot
