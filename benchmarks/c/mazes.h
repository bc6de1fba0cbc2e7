/* Reference maze generators over CSR arrays, for benchmarks/speed.py.
 *
 * Each generator takes a graph in compressed sparse row form (the arrays a
 * mazegraph CellGraph holds: cell c's neighbours are neighbors[indptr[c] ..
 * indptr[c+1]-1], reached through the edges edge_ids[...]; edge e joins
 * edges[2e] and edges[2e+1]) and returns a newly allocated open-edge mask of
 * n_edges bytes (1 = passage). Generators for grids ("binary tree" aside, which
 * only needs the cell order) also use rows and cols: cell (r, c) is r*cols + c,
 * as in mazegraph's orthogonal tessellation.
 *
 * Random numbers: xoshiro256** (Blackman and Vigna, "Scrambled linear
 * pseudorandom number generators", ACM TOMS 47(4), 2021), seeded through
 * splitmix64, with Lemire's multiply-and-shift for bounded draws (D. Lemire,
 * "Fast random integer generation in an interval", ACM TOMACS 29(1), 2019).
 */
#ifndef MAZES_H
#define MAZES_H

#include <stdint.h>
#include <stdlib.h>

typedef struct {
    int32_t n_cells, n_edges, rows, cols; /* rows = cols = 0 when the graph is not a grid */
    int32_t *indptr;                      /* n_cells + 1 */
    int32_t *neighbors, *edge_ids;        /* indptr[n_cells] each */
    int32_t *edges;                       /* 2 * n_edges */
} Graph;

typedef struct {
    uint64_t s[4];
} Rng;

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(Rng *g) {
    uint64_t *s = g->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

/* uniform in [0, n), n >= 1, unbiased (rejection on the rare low products) */
static inline uint32_t rng_below(Rng *g, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)(rng_next(g) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while (low < floor) {
            m = (uint64_t)(uint32_t)(rng_next(g) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline int rng_coin(Rng *g) { return (int)(rng_next(g) >> 63); }

void rng_seed(Rng *g, uint64_t seed);
void *xmalloc(size_t bytes);
void *xcalloc(size_t count, size_t size);
/* the edge joining cells a and b, by a scan of a's CSR row; exits if they are not neighbours */
int32_t edge_between(const Graph *g, int32_t a, int32_t b);

typedef unsigned char *(*Generator)(const Graph *g, Rng *rng);

unsigned char *aldous_broder(const Graph *g, Rng *rng);
unsigned char *backtracker(const Graph *g, Rng *rng);
unsigned char *binary_tree(const Graph *g, Rng *rng);
unsigned char *division(const Graph *g, Rng *rng);
unsigned char *eller(const Graph *g, Rng *rng);
unsigned char *hunt_and_kill(const Graph *g, Rng *rng);
unsigned char *kruskal(const Graph *g, Rng *rng);
unsigned char *prim_modified(const Graph *g, Rng *rng);
unsigned char *sidewinder(const Graph *g, Rng *rng);
unsigned char *wilson(const Graph *g, Rng *rng);

#endif
