# scaling-population.gp — written by bench/scaling; redraw with: gnuplot scaling-population.gp
set terminal pngcairo size 900,520 enhanced font 'Sans,11'
set output 'scaling-population.png'
set title "gaexp, 31-derful benchmark GA: evaluations per second against population\n{/*0.8 Intel(R) Xeon(R) Processor}"
set xlabel 'population'
set ylabel 'evaluations per second (millions)'
set logscale x
set format x '10^{%L}'
set xrange [50:2000000]
set yrange [0:*]
set grid
set key bottom left
plot 'scaling-population.dat' using 1:($2 / 1e6) with linespoints lw 2 pt 7 title '1 thread', \
     '' using 1:($3 / 1e6) with linespoints lw 2 pt 5 title '2 threads'
