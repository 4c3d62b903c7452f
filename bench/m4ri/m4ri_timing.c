/*
 * Baseline timing: M4RI's reduced row echelon form of random n x (n+1) matrices.
 *
 * M4RI is GPL: this program is only a benchmark baseline, built by run.sh against
 * Debian's libm4ri-dev; nothing here is linked into the lightsout crates.
 *
 * Usage: m4ri_timing REPS N...   prints "n median_wall_s median_cpu_s rank" per size
 * (CPU time of this thread: the steadier number on a shared machine).
 * Built with -DUSE_M4RI_ONLY it times mzd_echelonize_m4ri (the Method of the Four
 * Russians alone) instead of mzd_echelonize (which picks PLE for large inputs).
 */
#include <m4ri/m4ri.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s REPS N...\n", argv[0]);
    return 2;
  }
  int reps = atoi(argv[1]);
  double *t = malloc(sizeof(double) * reps);
  double *c = malloc(sizeof(double) * reps);
  for (int a = 2; a < argc; a++) {
    int n = atoi(argv[a]);
    rci_t rank = 0;
    for (int i = 0; i < reps; i++) {
      mzd_t *m = mzd_init(n, n + 1);
      mzd_randomize(m);
      double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);
#ifdef USE_M4RI_ONLY
      rank = mzd_echelonize_m4ri(m, 1, 0); /* full = 1: reduced form; k chosen by M4RI */
#else
      rank = mzd_echelonize(m, 1); /* full = 1: reduced row echelon form */
#endif
      t[i] = now(CLOCK_MONOTONIC) - t0;
      c[i] = now(CLOCK_THREAD_CPUTIME_ID) - c0;
      mzd_free(m);
    }
    qsort(t, reps, sizeof(double), cmp_double);
    qsort(c, reps, sizeof(double), cmp_double);
    printf("%d %.6f %.6f %d\n", n, t[reps / 2], c[reps / 2], (int)rank);
    fflush(stdout);
  }
  free(t);
  free(c);
  return 0;
}
