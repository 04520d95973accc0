# scaling-threads.gp — written by bench/scaling; redraw with: gnuplot scaling-threads.gp
set terminal pngcairo size 900,520 enhanced font 'Sans,11'
set output 'scaling-threads.png'
set title "gaexp, 31-derful benchmark GA, population 100,000: evaluations per second against threads\n{/*0.8 Intel(R) Xeon(R) Processor}"
set xlabel 'threads (--jobs)'
set ylabel 'evaluations per second (millions)'
set xrange [0.5:2.5]
set xtics 1
set yrange [0:*]
set grid
set key top left
stats 'scaling-threads.dat' using 2 every ::0::0 nooutput
one = STATS_max
plot 'scaling-threads.dat' using 1:($2 / 1e6) with linespoints lw 2 pt 7 title 'gaexp', \
     '' using 1:($1 * one / 1e6) with lines dt 2 lc rgb '#7f7f7f' title 'linear speed-up'
