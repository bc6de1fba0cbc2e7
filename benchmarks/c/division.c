/* Recursive division on a rows x cols grid: start with every passage open; split
 * a region of h rows and w columns by a wall at a random line, leaving one random
 * gap, and split both halves the same way until they are one cell wide. The wall
 * cuts the rows (runs east-west) with probability h / (h + w), so tall rooms tend
 * to be cut across, as Pullen advises. An explicit stack instead of recursion; edges are found through
 * the CSR arrays. W. D. Pullen, "Maze Algorithms", Think Labyrinth,
 * https://www.astrolog.org/labyrnth/algrithm.htm */
#include "mazes.h"

unsigned char *division(const Graph *g, Rng *rng) {
    int32_t cols = g->cols;
    unsigned char *open = xmalloc((size_t)g->n_edges);
    for (int32_t e = 0; e < g->n_edges; e++) open[e] = 1;
    /* regions on the stack are disjoint, so at most n_cells of them */
    int32_t *stack = xmalloc(4 * (size_t)g->n_cells * sizeof(int32_t));
    int32_t top = 0;
    stack[0] = 0, stack[1] = 0, stack[2] = g->rows, stack[3] = cols;
    top = 1;
    while (top > 0) {
        top--;
        int32_t r0 = stack[4 * top], c0 = stack[4 * top + 1], h = stack[4 * top + 2], w = stack[4 * top + 3];
        if (h < 2 || w < 2) continue; /* a corridor: stays open */
        int horizontal = rng_below(rng, (uint32_t)(h + w)) < (uint32_t)h;
        int32_t *a = &stack[4 * top], *b = &stack[4 * top + 4];
        if (horizontal) { /* wall between rows r0+k-1 and r0+k, gap in column gap */
            int32_t k = 1 + (int32_t)rng_below(rng, (uint32_t)(h - 1));
            int32_t gap = c0 + (int32_t)rng_below(rng, (uint32_t)w);
            for (int32_t c = c0; c < c0 + w; c++)
                if (c != gap) open[edge_between(g, (r0 + k - 1) * cols + c, (r0 + k) * cols + c)] = 0;
            a[0] = r0, a[1] = c0, a[2] = k, a[3] = w;
            b[0] = r0 + k, b[1] = c0, b[2] = h - k, b[3] = w;
        } else { /* wall between columns c0+k-1 and c0+k, gap in row gap */
            int32_t k = 1 + (int32_t)rng_below(rng, (uint32_t)(w - 1));
            int32_t gap = r0 + (int32_t)rng_below(rng, (uint32_t)h);
            for (int32_t r = r0; r < r0 + h; r++)
                if (r != gap) open[edge_between(g, r * cols + c0 + k - 1, r * cols + c0 + k)] = 0;
            a[0] = r0, a[1] = c0, a[2] = h, a[3] = k;
            b[0] = r0, b[1] = c0 + k, b[2] = h, b[3] = w - k;
        }
        top += 2;
    }
    free(stack);
    return open;
}
