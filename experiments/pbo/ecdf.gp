# experiments/pbo/ecdf.gp — the runtime ECDF of the PBO study (ecdf.dat from
# experiments/ecdf.py): per problem group (rows) and n (columns), the share of
# (run, target) pairs reached within t evaluations, 20 targets per function; a
# block per panel and algorithm, the algorithm's name its header.
set terminal pngcairo size 1500,1200 noenhanced font ",10"
set output 'ecdf.png'
array groups[3] = ["OneMax and its layers (F1, F4-F10)", "LeadingOnes and its layers (F2, F11-F17)", \
                   "Linear and the combinatorial problems (F3, F18-F25)"]
array sizes[3] = [16, 64, 100]
set multiplot layout 3,3 title "PBO, instance 1, 20 runs a function, budget 10 n^2: share of (run, target) pairs reached within t evaluations; 20 targets a function, from a random string's median fitness to the optimum"
set logscale x
set format x "10^%T"
set yrange [0:1]
set grid
set key bottom right
set xlabel 'evaluations t'
set ylabel 'share of pairs reached'
do for [g = 1:3] {
  do for [s = 1:3] {
    set title sprintf("%s, n = %d", groups[g], sizes[s])
    set xrange [1:10 * sizes[s]**2]
    base = ((s - 1) * 3 + (g - 1)) * 6
    plot for [a = 1:6] 'ecdf.dat' index (base + a - 1) using 1:2 with steps lw 2 \
      title (g == 1 && s == 1 ? columnheader(1) : "")  # one key, in the first panel
  }
}
unset multiplot
