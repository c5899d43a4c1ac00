// The machine's read rate: how fast one core, and both, can stream an 80 MB array of doubles
// (N = 1e7, the peer harness's largest input) through a min/max reduction, the work MinMax and M4
// do per point. The peer harness divides what a memory-bound downsampler reads by these rates, so
// "bandwidth share" means a share of what this machine can do, measured in the same run.
//
// The array is in transparent huge pages (as numpy and the workbench advise theirs), each rate is
// the fastest of 41 passes. SSE2 is what baseline x86-64 code (TrackerCore) can use; AVX2 is what
// tsdownsample picks at run time. Prints one JSON line:
//   {"sse2_one_core_gbps":..., "avx2_one_core_gbps":..., "avx2_two_cores_gbps":...}
// Built and run by scripts/peer_harness.py (gcc -O2); x86-64 only.
#define _GNU_SOURCE
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

enum { count = 10000000, passes = 41 };
static const size_t huge_page = 1 << 21;
static double *values;
static double sinks[2];

static double seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

// Two rows of four lanes a step: two min and two max chains, as the workbench's block loop runs.
__attribute__((target("avx2"))) static double extremes_avx2(const double *p, size_t n) {
    __m256d low0 = _mm256_loadu_pd(p), high0 = low0, low1 = low0, high1 = low0;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        __m256d row0 = _mm256_loadu_pd(p + i), row1 = _mm256_loadu_pd(p + i + 4);
        low0 = _mm256_min_pd(low0, row0), high0 = _mm256_max_pd(high0, row0);
        low1 = _mm256_min_pd(low1, row1), high1 = _mm256_max_pd(high1, row1);
    }
    double lanes[4];
    _mm256_storeu_pd(lanes, _mm256_add_pd(_mm256_min_pd(low0, low1), _mm256_max_pd(high0, high1)));
    return lanes[0] + lanes[3];
}

static double extremes_sse2(const double *p, size_t n) {
    __m128d low0 = _mm_loadu_pd(p), high0 = low0, low1 = low0, high1 = low0;
    for (size_t i = 0; i + 4 <= n; i += 4) {
        __m128d row0 = _mm_loadu_pd(p + i), row1 = _mm_loadu_pd(p + i + 2);
        low0 = _mm_min_pd(low0, row0), high0 = _mm_max_pd(high0, row0);
        low1 = _mm_min_pd(low1, row1), high1 = _mm_max_pd(high1, row1);
    }
    double lanes[2];
    _mm_storeu_pd(lanes, _mm_add_pd(_mm_min_pd(low0, low1), _mm_max_pd(high0, high1)));
    return lanes[0] + lanes[1];
}

static void *read_half(void *argument) {
    size_t half = (size_t)argument;
    sinks[half] += extremes_avx2(values + half * (count / 2), count / 2);
    return NULL;
}

static double two_cores(void) {
    pthread_t first, second;
    if (pthread_create(&first, NULL, read_half, (void *)0) != 0
        || pthread_create(&second, NULL, read_half, (void *)1) != 0) {
        fprintf(stderr, "read-rate: cannot start a thread\n");
        exit(1);
    }
    pthread_join(first, NULL);
    pthread_join(second, NULL);
    return sinks[0] + sinks[1];
}

int main(void) {
    if (!__builtin_cpu_supports("avx2")) {
        fprintf(stderr, "read-rate: this CPU has no AVX2\n");
        return 1;
    }
    size_t bytes = (size_t)count * sizeof(double);
    values = aligned_alloc(huge_page, (bytes + huge_page - 1) & ~(huge_page - 1));
    if (values == NULL) {
        fprintf(stderr, "read-rate: cannot allocate %zu bytes\n", bytes);
        return 1;
    }
    madvise(values, bytes, MADV_HUGEPAGE);
    for (size_t i = 0; i < count; i++) values[i] = (double)(i * 2654435761u % 1000003u);
    double fastest[3] = {1e9, 1e9, 1e9}, sink = 0;
    for (int pass = 0; pass < passes; pass++) {
        double start = seconds();
        sink += extremes_sse2(values, count);
        double middle = seconds();
        sink += extremes_avx2(values, count);
        double end = seconds();
        sink += two_cores();
        double last = seconds();
        if (middle - start < fastest[0]) fastest[0] = middle - start;
        if (end - middle < fastest[1]) fastest[1] = end - middle;
        if (last - end < fastest[2]) fastest[2] = last - end;
    }
    printf("{\"sse2_one_core_gbps\": %.2f, \"avx2_one_core_gbps\": %.2f, \"avx2_two_cores_gbps\": %.2f, "
           "\"checksum\": %.0f}\n",
           bytes / fastest[0] / 1e9, bytes / fastest[1] / 1e9, bytes / fastest[2] / 1e9, sink);
    free(values);
    return 0;
}
