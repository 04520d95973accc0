# doc/column.gp — one column of a run folder's generations.csv against the generation, by its
# name, a line per replicate, in the folder's style.gp (e.g. a problem's own column).
# gnuplot -e "dir='results/t24'; name='mean_depth'" column.gp   writes DIR/NAME.png
set terminal pngcairo size 900,560 noenhanced font 'Sans,11'
load dir.'/style.gp'  # the look gaexp wrote beside fitness.gp
set output dir.'/'.name.'.png'
set datafile separator ','
set datafile columnheaders  # column(name) finds the column by its header
file = dir.'/generations.csv'
stats file using 1 nooutput
replicates = int(STATS_max)
set title name.' per generation ('.replicates.' replicate'.(replicates > 1 ? 's' : '').')'
set xlabel 'generation'
set ylabel name
set key top right
plot for [r=1:replicates] file using (column(1) == r ? column(2) : NaN):(column(name)) \
     with lines lt 1 dt r title (replicates > 1 ? 'replicate '.r : name)
