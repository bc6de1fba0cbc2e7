/* Eller's algorithm on a rows x cols grid, one row at a time: cells of the row
 * belong to sets (a union-find over the columns); neighbours in different sets
 * are joined at random (always in the last row); each set then opens at least one
 * passage down (each cell with probability 1/2, and a random member of a set that
 * drew none), and the cells below start in their set, the rest in new sets.
 * Memory O(cols). Edges are found through the CSR arrays.
 * W. D. Pullen, "Maze Algorithms", Think Labyrinth (after M. Eller, 1982);
 * J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 12. */
#include "mazes.h"

static int32_t root(int32_t *parent, int32_t x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

unsigned char *eller(const Graph *g, Rng *rng) {
    int32_t rows = g->rows, cols = g->cols;
    unsigned char *open = xcalloc((size_t)g->n_edges, 1);
    int32_t *parent = xmalloc((size_t)cols * sizeof(int32_t));
    int32_t *below = xmalloc((size_t)cols * sizeof(int32_t));   /* next row's parent */
    int32_t *count = xmalloc((size_t)cols * sizeof(int32_t));   /* per set root: members seen, -1 if it went down */
    int32_t *chosen = xmalloc((size_t)cols * sizeof(int32_t));  /* per set root: the member sent down, or first below */
    unsigned char *down = xmalloc((size_t)cols);
    for (int32_t c = 0; c < cols; c++) parent[c] = c;
    for (int32_t r = 0; r < rows; r++) {
        int32_t base = r * cols, last = r + 1 == rows;
        for (int32_t c = 0; c + 1 < cols; c++) {
            int32_t a = root(parent, c), b = root(parent, c + 1);
            if (a != b && (last || rng_coin(rng))) {
                if (a < b) parent[b] = a; else parent[a] = b;
                open[edge_between(g, base + c, base + c + 1)] = 1;
            }
        }
        if (last) break;
        for (int32_t c = 0; c < cols; c++) count[c] = 0;
        for (int32_t c = 0; c < cols; c++) {
            down[c] = (unsigned char)rng_coin(rng);
            if (down[c]) count[root(parent, c)] = -1;
        }
        for (int32_t c = 0; c < cols; c++) { /* a set with no passage down: one random member (reservoir) */
            int32_t s = root(parent, c);
            if (count[s] >= 0 && rng_below(rng, (uint32_t)++count[s]) == 0) chosen[s] = c;
        }
        for (int32_t c = 0; c < cols; c++) {
            int32_t s = root(parent, c);
            if (count[s] > 0 && chosen[s] == c) down[c] = 1;
        }
        for (int32_t c = 0; c < cols; c++) chosen[c] = -1;
        for (int32_t c = 0; c < cols; c++) {
            if (!down[c]) {
                below[c] = c;
                continue;
            }
            int32_t s = root(parent, c);
            open[edge_between(g, base + c, base + c + cols)] = 1;
            if (chosen[s] < 0) chosen[s] = c;
            below[c] = chosen[s];
        }
        int32_t *t = parent;
        parent = below;
        below = t;
    }
    free(parent);
    free(below);
    free(count);
    free(chosen);
    free(down);
    return open;
}
