/* Recursive backtracker: a depth-first search that steps to a random unvisited
 * neighbour and backs up when there is none (an explicit stack instead of
 * recursion). W. D. Pullen, "Maze Algorithms", Think Labyrinth,
 * https://www.astrolog.org/labyrnth/algrithm.htm */
#include "mazes.h"

unsigned char *backtracker(const Graph *g, Rng *rng) {
    int32_t n = g->n_cells;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    unsigned char *seen = xcalloc((size_t)n, 1);
    int32_t *stack = xmalloc((size_t)n * sizeof(int32_t));
    int32_t top = 0;
    int32_t c = (int32_t)rng_below(rng, (uint32_t)n);
    seen[c] = 1;
    stack[top++] = c;
    while (top > 0) {
        c = stack[top - 1];
        int32_t choices = 0;
        for (int32_t s = g->indptr[c]; s < g->indptr[c + 1]; s++) choices += !seen[g->neighbors[s]];
        if (choices == 0) {
            top--;
            continue;
        }
        int32_t pick = (int32_t)rng_below(rng, (uint32_t)choices);
        for (int32_t s = g->indptr[c];; s++) {
            if (seen[g->neighbors[s]]) continue;
            if (pick-- == 0) {
                int32_t v = g->neighbors[s];
                seen[v] = 1;
                open[g->edge_ids[s]] = 1;
                stack[top++] = v;
                break;
            }
        }
    }
    free(seen);
    free(stack);
    return open;
}
