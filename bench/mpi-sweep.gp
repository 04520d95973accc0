# mpi-sweep.gp — written by bench/mpi-sweep; redraw with: gnuplot mpi-sweep.gp
set terminal pngcairo size 900,520 enhanced font 'Sans,11'
set output 'mpi-sweep.png'
set title "gaexp sweep (48 runs of 2 M evaluations) under mpirun: runs per second against ranks\n{/*0.8 2 cores, Intel(R) Xeon(R) Processor; rank 0 hands out the runs and writes, the other ranks run}"
set xlabel 'ranks (mpirun -np, --oversubscribe)'
set ylabel 'runs per second'
set xrange [0.5:4.5]
set xtics 1
set yrange [0:*]
set grid
set key bottom right
single = 6.65
cores = 2
# The ideal: P-1 workers (one with P = 1), each as fast as one process, on at most the cores there are.
workers(p) = p > 1 ? p - 1 : 1
ideal(p) = single * (workers(p) < cores ? workers(p) : cores)
plot 'mpi-sweep.dat' using 1:2 with linespoints lw 2 pt 7 title 'gaexp sweep under mpirun', \
     '' using 1:(ideal($1)) with linespoints dt 2 pt 6 lc rgb '#2ca02c' title 'ideal: P-1 workers on 2 cores', \
     single with lines dt 3 lc rgb '#7f7f7f' title 'one process, no mpirun'
