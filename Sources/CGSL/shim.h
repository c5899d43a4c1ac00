// CGSL: GNU GSL for Swift, through a header-only shim.
//
// GSL exposes its generator types as mutable C globals (`gsl_rng_taus2`, `gsl_rng_mt19937`, ...).
// Swift 6 refuses to read global mutable state from concurrent code, so every such global is
// reached through a `static inline` function here instead. Everything else of GSL that the
// workbench uses is re-exported as is.
#ifndef CGSL_SHIM_H
#define CGSL_SHIM_H

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_vector.h>

/// The Tausworthe generator (taus2, L'Ecuyer 1996): the workbench's default.
static inline const gsl_rng_type *cgsl_rng_type_taus2(void) { return gsl_rng_taus2; }

/// The Mersenne Twister (MT19937, Matsumoto and Nishimura 1998).
static inline const gsl_rng_type *cgsl_rng_type_mt19937(void) { return gsl_rng_mt19937; }

/// Nelder-Mead simplex, second version (`nmsimplex2`): the minimiser of the GARCH calibration.
static inline const gsl_multimin_fminimizer_type *cgsl_multimin_nmsimplex2(void) {
    return gsl_multimin_fminimizer_nmsimplex2;
}

/// Brent's bracketing root finder (`gsl_root_fsolver_brent`): the money-weighted return's solver.
static inline const gsl_root_fsolver_type *cgsl_root_fsolver_brent(void) { return gsl_root_fsolver_brent; }

/// Turns GSL's default error handler (print and abort) off, so that errors come back as codes.
/// Call once before using GSL; returns the previous handler.
static inline gsl_error_handler_t *cgsl_disable_abort_on_error(void) {
    return gsl_set_error_handler_off();
}

/// Fills `out[0..<count]` with standard normals from `gsl_ran_gaussian_ziggurat`, in order: the
/// same draws as `count` calls, without a call from Swift for each.
static inline void cgsl_fill_gaussian_ziggurat(const gsl_rng *generator, double *out, size_t count) {
    for (size_t index = 0; index < count; index++) out[index] = gsl_ran_gaussian_ziggurat(generator, 1.0);
}

#endif
