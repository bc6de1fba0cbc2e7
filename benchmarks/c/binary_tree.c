/* Binary tree: every cell but the first opens a passage to a random neighbour
 * with a smaller index. On a grid numbered row by row those are the north and
 * west neighbours: the textbook binary tree maze. W. D. Pullen, "Maze
 * Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm */
#include "mazes.h"

unsigned char *binary_tree(const Graph *g, Rng *rng) {
    int32_t n = g->n_cells;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    for (int32_t c = 1; c < n; c++) {
        int32_t lo = g->indptr[c], hi = g->indptr[c + 1], earlier = 0;
        for (int32_t s = lo; s < hi; s++) earlier += g->neighbors[s] < c;
        if (earlier == 0) continue; /* not a grid-like order: the spanning-tree check will say so */
        int32_t pick = earlier == 1 ? 0 : (int32_t)rng_below(rng, (uint32_t)earlier);
        for (int32_t s = lo;; s++)
            if (g->neighbors[s] < c && pick-- == 0) {
                open[g->edge_ids[s]] = 1;
                break;
            }
    }
    return open;
}
