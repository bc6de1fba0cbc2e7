/* Sidewinder on a rows x cols grid: the top row is one corridor; every later row
 * is cut into runs, each ended at random (or at the east wall), and each run opens
 * one passage north from a random cell of the run. Edges are found through the
 * CSR arrays. J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 2;
 * W. D. Pullen, "Maze Algorithms", Think Labyrinth. */
#include "mazes.h"

unsigned char *sidewinder(const Graph *g, Rng *rng) {
    int32_t rows = g->rows, cols = g->cols;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    for (int32_t c = 0; c + 1 < cols; c++) open[edge_between(g, c, c + 1)] = 1;
    for (int32_t r = 1; r < rows; r++) {
        int32_t run = r * cols;
        for (int32_t c = 0; c < cols; c++) {
            int32_t u = r * cols + c;
            if (c + 1 == cols || rng_coin(rng)) { /* close the run: one passage north */
                int32_t k = run + (int32_t)rng_below(rng, (uint32_t)(u - run + 1));
                open[edge_between(g, k, k - cols)] = 1;
                run = u + 1;
            } else {
                open[edge_between(g, u, u + 1)] = 1;
            }
        }
    }
    return open;
}
