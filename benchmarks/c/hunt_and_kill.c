/* Hunt and kill: a random walk that only steps to unvisited cells; when it is
 * stuck, hunt for the first unvisited cell (in cell order) beside a visited one,
 * join the two, and walk on from there. The hunt resumes from the first cell not
 * yet visited, which only moves forward; on a grid numbered row by row that cell
 * always has a visited neighbour (west or north), so the hunts cost O(n) in all.
 * W. D. Pullen, "Maze Algorithms", Think Labyrinth,
 * https://www.astrolog.org/labyrnth/algrithm.htm */
#include "mazes.h"

static int32_t random_slot(const Graph *g, const unsigned char *seen, int32_t c, int want_seen, Rng *rng) {
    int32_t choices = 0;
    for (int32_t s = g->indptr[c]; s < g->indptr[c + 1]; s++) choices += seen[g->neighbors[s]] == want_seen;
    if (choices == 0) return -1;
    int32_t pick = (int32_t)rng_below(rng, (uint32_t)choices);
    for (int32_t s = g->indptr[c];; s++)
        if (seen[g->neighbors[s]] == want_seen && pick-- == 0) return s;
}

unsigned char *hunt_and_kill(const Graph *g, Rng *rng) {
    int32_t n = g->n_cells;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    unsigned char *seen = xcalloc((size_t)n, 1);
    int32_t c = (int32_t)rng_below(rng, (uint32_t)n), first_unseen = 0;
    seen[c] = 1;
    for (int32_t left = n - 1; left > 0;) {
        int32_t s = random_slot(g, seen, c, 0, rng);
        if (s >= 0) { /* kill: walk on */
            c = g->neighbors[s];
            seen[c] = 1;
            open[g->edge_ids[s]] = 1;
            left--;
            continue;
        }
        while (seen[first_unseen]) first_unseen++; /* hunt */
        for (c = first_unseen;; c++) {
            if (seen[c]) continue;
            s = random_slot(g, seen, c, 1, rng);
            if (s >= 0) break;
        }
        seen[c] = 1;
        open[g->edge_ids[s]] = 1;
        left--;
    }
    free(seen);
    return open;
}
