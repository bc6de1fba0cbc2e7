/* Aldous-Broder: a simple random walk over the whole graph; the edge by which the
 * walk first enters a cell is opened. The tree is uniform over all spanning trees.
 * D. J. Aldous, "The random walk construction of uniform spanning trees and
 * uniform labelled trees", SIAM J. Discrete Math. 3(4), 1990; A. Broder,
 * "Generating random spanning trees", FOCS 1989. */
#include "mazes.h"

unsigned char *aldous_broder(const Graph *g, Rng *rng) {
    int32_t n = g->n_cells;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    unsigned char *seen = xcalloc((size_t)n, 1);
    int32_t c = (int32_t)rng_below(rng, (uint32_t)n);
    seen[c] = 1;
    for (int32_t left = n - 1; left > 0;) {
        int32_t lo = g->indptr[c];
        int32_t s = lo + (int32_t)rng_below(rng, (uint32_t)(g->indptr[c + 1] - lo));
        c = g->neighbors[s];
        if (!seen[c]) {
            seen[c] = 1;
            open[g->edge_ids[s]] = 1;
            left--;
        }
    }
    free(seen);
    return open;
}
