/* Driver: read a CSR graph, make REPEATS mazes with one generator, print the CPU time of each.
 *
 * usage: mazes ALGORITHM GRAPH_FILE REPEATS SEED [MASK_FILE]
 *
 * GRAPH_FILE: the 8 bytes "MGCSR1\0\0", then little-endian int32 n_cells,
 * n_edges, rows, cols, then int32 arrays indptr[n_cells + 1],
 * neighbors[indptr[n_cells]], edge_ids[indptr[n_cells]], edges[2 * n_edges].
 * One untimed maze is made first (page faults, caches). Maze k uses the seed
 * SEED + k. Prints one line per maze: CPU nanoseconds of the generator call
 * (allocation included), from CLOCK_PROCESS_CPUTIME_ID. MASK_FILE, when given,
 * receives the REPEATS open-edge masks, n_edges bytes each, for checking.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mazes.h"

void *xmalloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "mazes: out of memory (%zu bytes)\n", bytes);
        exit(3);
    }
    return p;
}

void *xcalloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "mazes: out of memory (%zu x %zu bytes)\n", count, size);
        exit(3);
    }
    return p;
}

void rng_seed(Rng *g, uint64_t seed) { /* splitmix64 (Steele, Lea and Flood, OOPSLA 2014) */
    for (int k = 0; k < 4; k++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        g->s[k] = z ^ (z >> 31);
    }
}

int32_t edge_between(const Graph *g, int32_t a, int32_t b) {
    for (int32_t s = g->indptr[a]; s < g->indptr[a + 1]; s++)
        if (g->neighbors[s] == b) return g->edge_ids[s];
    fprintf(stderr, "mazes: cells %d and %d are not neighbours: not the rows x cols grid numbered row by row\n",
            (int)a, (int)b);
    exit(4);
}

static const struct {
    const char *name;
    Generator run;
    int grid; /* needs rows and cols */
} GENERATORS[] = {
    {"aldous_broder", aldous_broder, 0}, {"backtracker", backtracker, 0}, {"binary_tree", binary_tree, 0},
    {"division", division, 1},           {"eller", eller, 1},             {"hunt_and_kill", hunt_and_kill, 0},
    {"kruskal", kruskal, 0},             {"prim_modified", prim_modified, 0}, {"sidewinder", sidewinder, 1},
    {"wilson", wilson, 0},
};

static int32_t *read_ints(FILE *f, size_t count, const char *what) {
    int32_t *a = xmalloc(count * sizeof(int32_t));
    if (fread(a, sizeof(int32_t), count, f) != count) {
        fprintf(stderr, "mazes: graph file ends inside %s\n", what);
        exit(2);
    }
    return a;
}

static void read_graph(const char *path, Graph *g) {
    FILE *f = fopen(path, "rb");
    char magic[8];
    if (!f) {
        perror(path);
        exit(2);
    }
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, "MGCSR1\0\0", 8) != 0) {
        fprintf(stderr, "mazes: %s is not a MGCSR1 graph file\n", path);
        exit(2);
    }
    int32_t *head = read_ints(f, 4, "the header");
    g->n_cells = head[0];
    g->n_edges = head[1];
    g->rows = head[2];
    g->cols = head[3];
    free(head);
    g->indptr = read_ints(f, (size_t)g->n_cells + 1, "indptr");
    size_t slots = (size_t)g->indptr[g->n_cells];
    g->neighbors = read_ints(f, slots, "neighbors");
    g->edge_ids = read_ints(f, slots, "edge_ids");
    g->edges = read_ints(f, 2 * (size_t)g->n_edges, "edges");
    fclose(f);
}

static double cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 5 || argc > 6) {
        fprintf(stderr, "usage: mazes ALGORITHM GRAPH_FILE REPEATS SEED [MASK_FILE]\n");
        return 2;
    }
    int which = -1;
    for (size_t k = 0; k < sizeof GENERATORS / sizeof GENERATORS[0]; k++)
        if (strcmp(argv[1], GENERATORS[k].name) == 0) which = (int)k;
    if (which < 0) {
        fprintf(stderr, "mazes: unknown algorithm %s\n", argv[1]);
        return 2;
    }
    Graph g;
    read_graph(argv[2], &g);
    if (GENERATORS[which].grid && (g.rows < 1 || g.cols < 1 || (int64_t)g.rows * g.cols != g.n_cells)) {
        fprintf(stderr, "mazes: %s needs a rows x cols grid\n", argv[1]);
        return 2;
    }
    long repeats = strtol(argv[3], NULL, 10);
    uint64_t seed = strtoull(argv[4], NULL, 10);
    FILE *masks = argc == 6 ? fopen(argv[5], "wb") : NULL;
    if (argc == 6 && !masks) {
        perror(argv[5]);
        return 2;
    }
    Rng rng;
    rng_seed(&rng, seed ^ 0xA5A5A5A5A5A5A5A5ULL);
    free(GENERATORS[which].run(&g, &rng)); /* warm-up, untimed */
    for (long k = 0; k < repeats; k++) {
        rng_seed(&rng, seed + (uint64_t)k);
        double t0 = cpu_ns();
        unsigned char *open = GENERATORS[which].run(&g, &rng);
        double t1 = cpu_ns();
        printf("%.0f\n", t1 - t0);
        if (masks && fwrite(open, 1, (size_t)g.n_edges, masks) != (size_t)g.n_edges) {
            perror(argv[5]);
            return 2;
        }
        free(open);
    }
    if (masks) fclose(masks);
    return 0;
}
