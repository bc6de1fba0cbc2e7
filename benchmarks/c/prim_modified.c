/* Prim's algorithm, "modified" in Pullen's sense: keep the set of cells beside
 * the maze (the frontier), add a random frontier cell by a passage to a random
 * neighbour already in the maze, and put its outside neighbours on the frontier.
 * R. C. Prim, "Shortest connection networks and some generalizations", Bell
 * System Technical Journal 36(6), 1957; W. D. Pullen, "Maze Algorithms", Think
 * Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm */
#include "mazes.h"

enum { OUT = 0, FRONTIER = 1, IN = 2 };

unsigned char *prim_modified(const Graph *g, Rng *rng) {
    int32_t n = g->n_cells;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    unsigned char *state = xcalloc((size_t)n, 1);
    int32_t *frontier = xmalloc((size_t)n * sizeof(int32_t));
    int32_t size = 0;
    int32_t c = (int32_t)rng_below(rng, (uint32_t)n);
    for (;;) {
        state[c] = IN;
        for (int32_t s = g->indptr[c]; s < g->indptr[c + 1]; s++) {
            int32_t v = g->neighbors[s];
            if (state[v] == OUT) {
                state[v] = FRONTIER;
                frontier[size++] = v;
            }
        }
        if (size == 0) break;
        int32_t k = (int32_t)rng_below(rng, (uint32_t)size);
        c = frontier[k];
        frontier[k] = frontier[--size];
        int32_t inside = 0;
        for (int32_t s = g->indptr[c]; s < g->indptr[c + 1]; s++) inside += state[g->neighbors[s]] == IN;
        int32_t pick = (int32_t)rng_below(rng, (uint32_t)inside);
        for (int32_t s = g->indptr[c];; s++)
            if (state[g->neighbors[s]] == IN && pick-- == 0) {
                open[g->edge_ids[s]] = 1;
                break;
            }
    }
    free(state);
    free(frontier);
    return open;
}
