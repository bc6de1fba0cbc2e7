/* Kruskal's algorithm with random weights: visit the edges in a random order
 * (Fisher-Yates shuffle of (u, v, edge) records, so each visit reads one record)
 * and open each one that joins two different trees (union-find with union by
 * size and path halving).
 * J. B. Kruskal, "On the shortest spanning subtree of a graph and the traveling
 * salesman problem", Proc. AMS 7(1), 1956; R. E. Tarjan, "Efficiency of a good
 * but not linear set union algorithm", JACM 22(2), 1975. */
#include "mazes.h"

typedef struct {
    int32_t u, v, e;
} Wall;

static int32_t find(int32_t *parent, int32_t x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

unsigned char *kruskal(const Graph *g, Rng *rng) {
    int32_t n = g->n_cells, m = g->n_edges;
    unsigned char *open = xcalloc((size_t)m, 1);
    Wall *walls = xmalloc((size_t)m * sizeof(Wall));
    int32_t *parent = xmalloc((size_t)n * sizeof(int32_t));
    int32_t *size = xmalloc((size_t)n * sizeof(int32_t));
    for (int32_t e = 0; e < m; e++) walls[e] = (Wall){g->edges[2 * e], g->edges[2 * e + 1], e};
    for (int32_t k = m - 1; k > 0; k--) {
        int32_t j = (int32_t)rng_below(rng, (uint32_t)k + 1);
        Wall t = walls[k];
        walls[k] = walls[j];
        walls[j] = t;
    }
    for (int32_t c = 0; c < n; c++) {
        parent[c] = c;
        size[c] = 1;
    }
    int32_t joined = 0;
    for (int32_t k = 0; k < m && joined < n - 1; k++) {
        int32_t a = find(parent, walls[k].u), b = find(parent, walls[k].v);
        if (a == b) continue;
        if (size[a] < size[b]) {
            int32_t t = a;
            a = b;
            b = t;
        }
        parent[b] = a;
        size[a] += size[b];
        open[walls[k].e] = 1;
        joined++;
    }
    free(walls);
    free(parent);
    free(size);
    return open;
}
