# build-aux/mo-fronts.gp — doc/mo-fronts-2d.png and doc/mo-fronts-3d.png from the
# fronts build-aux/mo-fronts writes: gnuplot -e "dir='DIR'" build-aux/mo-fronts.gp
# Functions with the same front share a panel.
set terminal pngcairo size 1200,850 font ",9"
set output 'doc/mo-fronts-2d.png'
set multiplot layout 3,4 title "True Pareto fronts, 2 objectives (problems/mo)"
set xlabel 'f_1'
set ylabel 'f_2'
set key off
names = "zdt1 zdt2 zdt3 zdt6 dtlz1 dtlz2 dtlz7 bnh srn osy tnk"
titles = "zdt1,_zdt4 zdt2 zdt3 zdt6 dtlz1,_c1dtlz1 dtlz2,_dtlz3,_dtlz4 dtlz7 bnh srn osy tnk"
do for [i = 1:words(names)] {
    set title system(sprintf("echo %s | tr _ ' '", word(titles, i)))
    plot sprintf('%s/%s-2.dat', dir, word(names, i)) with points pt 7 ps 0.15 lc rgb '#1f4e9c'
}
unset multiplot
set terminal pngcairo size 1200,420 font ",9"
set output 'doc/mo-fronts-3d.png'
set multiplot layout 1,3 title "True Pareto fronts, 3 objectives (problems/mo)"
set zlabel 'f_3'
set view 55, 125
set ticslevel 0
names = "dtlz1 dtlz2 dtlz7"
titles = "dtlz1,_c1dtlz1 dtlz2,_dtlz3,_dtlz4 dtlz7"
do for [i = 1:words(names)] {
    set title system(sprintf("echo %s | tr _ ' '", word(titles, i)))
    splot sprintf('%s/%s-3.dat', dir, word(names, i)) with points pt 7 ps 0.15 lc rgb '#1f4e9c'
}
unset multiplot
