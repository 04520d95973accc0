# experiments/tsp/gaps.gp — each configuration's mean gap to the optimum with its 95% interval,
# per instance, configurations ordered by their mean over the instances (gaps-2opt.dat and gaps-none.dat from run.sh);
# the configurations with 2-opt above, those without below (their gaps are 20 to 100 times larger).
set terminal pngcairo size 1400,1000 noenhanced font ",10"
set output 'gaps.png'
set multiplot layout 2,1 title "TSP at 100,000 evaluations: gap to the optimum, mean and 95% t interval of 10 runs, by crossover_mutation_local"
set ylabel 'gap to the optimum (%)'
set xtics rotate by 90 right
set grid ytics
set key top left
set offsets 0.5, 0.5, 0, 0
do for [panel = 1:2] {
  file = panel == 1 ? 'gaps-2opt.dat' : 'gaps-none.dat'
  set title (panel == 1 ? "with 2-opt (Lamarckian, 5% of the children)" : "without local search")
  plot file using ($2 == 1 ? $1 - 0.25 : 1/0):4:5:6 with yerrorbars pt 7 ps 0.6 title 'berlin52', \
       '' every 3::1 using 1:4:5:6:xtic(3) with yerrorbars pt 5 ps 0.6 title 'eil51', \
       '' every 3::2 using ($1 + 0.25):4:5:6 with yerrorbars pt 9 ps 0.6 title 'kroA100'
}
unset multiplot
