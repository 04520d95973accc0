/* gaexp/gaexp.h — the whole public API of libgaexp: include this one header. */
#ifndef GA_GAEXP_H
#define GA_GAEXP_H

#include "gaexp/export.h"
#include "gaexp/status.h"
#include "gaexp/genome.h"
#include "gaexp/op.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "gaexp/diag.h"
#include "gaexp/cfg.h"
#include "gaexp/stats.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"
#include "gaexp/experiment.h"
#include "gaexp/registry.h"
#include "gaexp/compare.h"
#include "gaexp/tree.h"
#include "gaexp/pareto.h"
#include "gaexp/indicator.h"

#endif
