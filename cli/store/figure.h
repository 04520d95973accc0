/* cli/store/figure.h — a figure put into a folder: one gnuplot run, the file checked whole and renamed into place. */
#ifndef GA_CLI_STORE_FIGURE_H
#define GA_CLI_STORE_FIGURE_H

#include <stdbool.h>

/* The gnuplot to run: $GNUPLOT when set (empty: none), else the one found
 * at configure time, else the one on PATH; NULL when there is none. */
const char *output_gnuplot(void);

/* Writes a gnuplot script 'name' with 'text' into dir; false (message printed) on error. */
bool output_script(const char *dir, const char *name, const char *text);
/* Figures are drawn under a temporary name and renamed into place once
 * checked whole.  Every script gaexp writes sets its output to this
 * variable when it is defined (gnuplot's exists()), so that gaexp can
 * point it at NAME.part while 'gnuplot NAME.gp' by hand writes NAME. */
#define OUTPUT_FIGURE_VARIABLE "gaexp_output"
/* Checks that dir/figure.part is a whole file of its format (a PNG with
 * its IEND chunk, a PDF with %%EOF, an SVG with </svg>), fsyncs it when
 * 'sync', and renames it to dir/figure: NULL when done, else why not
 * (the temporary file then removed). */
const char *output_figure_settle(const char *dir, const char *figure, bool sync);
/* Removes dir/figure.part before gnuplot writes it (a symlink planted
 * there is removed, never written through). */
void output_figure_unlink_part(const char *dir, const char *figure);
/* How output_draw went. */
enum output_drawn {
    OUTPUT_NOT_DRAWN = -1, /* it could not be drawn whole: *failure says why */
    OUTPUT_NO_GNUPLOT,     /* a notice unless quiet */
    OUTPUT_DRAWN,
};
/* Runs gnuplot on dir/script to draw dir/figure (settled as above). */
enum output_drawn output_draw(const char *dir, const char *script, const char *figure, bool quiet,
                              const char **failure);

#endif
