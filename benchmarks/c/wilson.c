/* Wilson's algorithm: loop-erased random walks from each cell not yet in the tree
 * until the walk hits the tree; the walk's last exit from each cell is kept, which
 * erases its loops. The tree is uniform over all spanning trees.
 * D. B. Wilson, "Generating random spanning trees more quickly than the cover
 * time", STOC 1996. */
#include "mazes.h"

unsigned char *wilson(const Graph *g, Rng *rng) {
    int32_t n = g->n_cells;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    unsigned char *in_tree = xcalloc((size_t)n, 1);
    int32_t *exit_slot = xmalloc((size_t)n * sizeof(int32_t)); /* CSR slot of the walk's last exit */
    in_tree[rng_below(rng, (uint32_t)n)] = 1;
    for (int32_t first = 0; first < n; first++) {
        int32_t c = first;
        while (!in_tree[c]) { /* walk, overwriting exits: loops erase themselves */
            int32_t lo = g->indptr[c];
            int32_t s = lo + (int32_t)rng_below(rng, (uint32_t)(g->indptr[c + 1] - lo));
            exit_slot[c] = s;
            c = g->neighbors[s];
        }
        for (c = first; !in_tree[c]; c = g->neighbors[exit_slot[c]]) { /* retrace the loop-erased path */
            in_tree[c] = 1;
            open[g->edge_ids[exit_slot[c]]] = 1;
        }
    }
    free(in_tree);
    free(exit_slot);
    return open;
}
