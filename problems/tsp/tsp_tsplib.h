/* problems/tsp/tsp_tsplib.h — symmetric TSP instances: TSPLIB files, TSPLIB's distance functions, random instances. */
#ifndef GA_PROBLEMS_TSP_TSPLIB_H
#define GA_PROBLEMS_TSP_TSPLIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gaexp/diag.h"
#include "gaexp/status.h"

/* The most cities an instance may have: its distance matrix is n * n
 * 4-byte integers, 400 MB at 10,000 (and a genome gene is 16 bits). */
#define TSP_MAX_CITIES 10000
/* The fewest: a tour of two cities has no choice to make. */
#define TSP_MIN_CITIES 3
#define TSP_NAME_MAX 64 /* a NAME, its NUL included */

/* How the distances are given (TSPLIB's EDGE_WEIGHT_TYPE); the random
 * instances are EUC_2D. */
enum tsp_weight_type { TSP_EUC_2D, TSP_CEIL_2D, TSP_GEO, TSP_ATT, TSP_EXPLICIT };

/* "EUC_2D", "CEIL_2D", "GEO", "ATT", "EXPLICIT". */
const char *tsp_weight_type_name(enum tsp_weight_type type);

/*
 * TSPLIB's distance functions (Reinelt, TSPLIB 95, section 2, and the
 * TSPLIB FAQ for GEO), exactly, on two nodes' coordinates; nint(x) is
 * (int)(x + 0.5).  The result is a double holding an integer: the caller
 * checks that it fits an int32_t.
 *   EUC_2D   nint(sqrt(dx^2 + dy^2))
 *   CEIL_2D  ceil(sqrt(dx^2 + dy^2))
 *   ATT      r = sqrt((dx^2 + dy^2) / 10); t = nint(r); t + 1 if t < r, else t
 *   GEO      x is the latitude, y the longitude, each DDD.MM (degrees and
 *            minutes): deg = (int) v, rad = PI (deg + 5 (v - deg) / 3) / 180
 *            with PI = 3.141592; then with RRR = 6378.388,
 *            q1 = cos(lon_i - lon_j), q2 = cos(lat_i - lat_j),
 *            q3 = cos(lat_i + lat_j),
 *            d = (int)(RRR acos(((1 + q1) q2 - (1 - q1) q3) / 2) + 1)
 *            (TSPLIB 95 writes deg = nint(v); its FAQ, and the published
 *            optima, take the integer part, which this follows.)
 */
double tsp_distance(enum tsp_weight_type type, double xi, double yi, double xj, double yj);

/*
 * An instance: n cities numbered 0..n-1 (TSPLIB's node i + 1) and the
 * symmetric matrix of their integer distances, dist[i * n + j] >= 0, the
 * diagonal 0.  'optimum' is the optimal tour length when the file states it
 * (an OPTIMUM line, as some copies carry) and -1 otherwise.
 */
struct tsp_instance {
    char name[TSP_NAME_MAX];
    size_t n;
    enum tsp_weight_type type;
    long long optimum;
    int32_t *dist;
};

/*
 * Reads a TSPLIB file of TYPE TSP (TSPLIB 95's format):
 *
 *   NAME: berlin52                 keywords, one a line, "KEY: VALUE"
 *   TYPE: TSP                      (the colon may have blanks around it)
 *   COMMENT: ...                   any number of them
 *   DIMENSION: 52                  3..TSP_MAX_CITIES, required
 *   EDGE_WEIGHT_TYPE: EUC_2D       EUC_2D, CEIL_2D, GEO, ATT or EXPLICIT
 *   EDGE_WEIGHT_FORMAT: FUNCTION   with EXPLICIT: FULL_MATRIX, UPPER_ROW,
 *                                  LOWER_ROW, UPPER_DIAG_ROW, LOWER_DIAG_ROW
 *                                  or the _COL forms (the same numbers for a
 *                                  symmetric matrix)
 *   NODE_COORD_TYPE, DISPLAY_DATA_TYPE   TWOD_COORDS / NO_COORDS, any display
 *   NODE_COORD_SECTION             then DIMENSION lines "ID X Y", each ID
 *                                  1..DIMENSION once, in any order
 *   EDGE_WEIGHT_SECTION            then the matrix's integers (>= 0), as
 *                                  many a line as the file likes
 *   DISPLAY_DATA_SECTION           skipped
 *   OPTIMUM: 7542                  not TSPLIB's: the optimal tour length
 *   EOF                            optional; what follows is not read
 *
 * Keywords are upper case.  The first error stops the reading: it is added
 * to *d with the file and line and what was expected there, and the
 * result is NULL.  *status (may be NULL) receives GA_OK, GA_EINPUT for bad
 * input or GA_ENOMEM.
 */
struct tsp_instance *tsp_instance_read(const char *name, FILE *f, struct ga_diag *d, int *status);
/* The same from the file at 'path' (ga_cfg_fopen: a regular file). */
struct tsp_instance *tsp_instance_alloc_file(const char *path, struct ga_diag *d, int *status);
/* The same from a string, naming it 'name' in diagnostics. */
struct tsp_instance *tsp_instance_alloc_string(const char *name, const char *text, struct ga_diag *d,
                                               int *status);
/*
 * A random Euclidean instance "random-N-seed-S": N cities (TSP_MIN_CITIES
 * ..TSP_MAX_CITIES) at integer coordinates, x then y of city 0, then of
 * city 1 ..., each ga_rng_below(1001) (so in [0, 1000]) of xoshiro256**
 * seeded with S (gsl_rng_set); EUC_2D distances.  NULL with *status
 * GA_EINVAL (a bad N or a seed above ULONG_MAX) or GA_ENOMEM.
 */
struct tsp_instance *tsp_instance_random(size_t n, uint64_t seed, int *status);
/* An instance of n cities from an n * n matrix (symmetric, >= 0, diagonal
 * ignored), for tests; NULL with *status GA_EINVAL or GA_ENOMEM. */
struct tsp_instance *tsp_instance_from_matrix(const char *name, size_t n, const int32_t *matrix, int *status);
void tsp_instance_free(struct tsp_instance *t);

/* The length of the closed tour visiting the n cities of t in the order
 * tour[0..n-1] (a permutation of 0..n-1). */
int64_t tsp_tour_length(const struct tsp_instance *t, const size_t *tour);

/* TSPLIB's published optimal tour length of the instance called 'name'
 * with n cities (a table of the symmetric instances up to 1002 cities, and
 * the shipped ones), or -1 when it has none. */
long long tsp_published_optimum(const char *name, size_t n);

#endif
