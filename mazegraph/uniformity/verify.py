"""Is a maze generator a uniform sampler of spanning trees? :func:`test` says, with evidence.

A perfect maze on a tessellation is one of its spanning trees. A generator is
*uniform* when every tree is equally likely (Wilson's and the Aldous-Broder
algorithm are, by theorem). On a tiny graph every tree can be listed
(:func:`~mazegraph.uniformity.enumerate_spanning_trees`), so sampling many
mazes and counting how often each tree appears gives a goodness-of-fit test
against the uniform distribution. Verdicts use the words of Walter Pullen's
"Maze Algorithms" table: ``Yes`` (consistent with uniform), ``no`` (not
uniform) and ``never`` (some trees can never appear).

A sample proves that the trees in it are reachable, never that the others are
not: a biased generator may make a tree rarely. So ``never`` rests on a proof,
the list of trees the algorithm can make at all
(:func:`~mazegraph.uniformity.reachable.reachability`: an exhaustive search
over its choices or a characterisation of its trees, e.g. depth-first-search
trees for the recursive backtracker), or a list the caller supplies. Without
one, unseen trees are evidence of bias (``no``), not of impossibility.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

import numpy as np

from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, InvalidSeedError, InvalidSizeError, NotATreeError
from ..generators import lookup
from ..params import checked
from ..tessellations.compile import compile_graph
from ._params import ALGORITHM, ALPHA, CAP, GRAPH, MAX_TREES, POWER, SAMPLES, SEED, TREES, W2
from .count import MAX_ENUMERATED, enumerate_spanning_trees, tree_key
from .reachable import ReachabilityError, _validate_supplied, reachability

__all__ = ["test", "UniformityResult", "sample_seeds", "power_samples", "expected_tv", "never_samples", "VERDICTS"]

#: The verdicts of :func:`test`, in Pullen's words: uniform, not uniform, some trees impossible.
VERDICTS = ("Yes", "no", "never")


@dataclass
class UniformityResult:
    """The outcome of :func:`test`.

    Attributes
    ----------
    algorithm, tessellation : str
    samples : int
        Mazes made.
    trees : int
        Spanning trees of the graph (all equally likely under uniformity).
    distinct : int
        Trees that appeared at least once.
    chi2, chi2_p : float
        Pearson's chi-square statistic and its p-value (``trees - 1`` degrees of freedom).
    g, g_p : float
        The G-test (likelihood-ratio) statistic and its p-value.
    tv : float
        Empirical total-variation distance from uniform.
    tv_expected : float
        Its expected value for a truly uniform sampler of the same size (sampling noise alone).
    missing_expected : float
        Trees a uniform sampler would miss on average in as many samples.
    missing_p : float
        Upper bound (Chernoff, or Markov) on the p-value of seeing at least as many
        missing trees under uniformity.
    alpha : float
        The significance level fixed before sampling.
    reachable : int or None
        Trees the algorithm can make at all, by a proof (a reachability model
        or the caller's ``reachable=``); None without one.
    proof : str
        How ``reachable`` was established ("" without a proof).
    verdict : {"Yes", "no", "never"}
    evidence : str
        One sentence giving the numbers behind the verdict.
    counts : numpy.ndarray
        How often each tree appeared, in :func:`enumerate_spanning_trees` order.
    """

    algorithm: str
    tessellation: str
    samples: int
    trees: int
    distinct: int
    chi2: float
    chi2_p: float
    g: float
    g_p: float
    tv: float
    tv_expected: float
    missing_expected: float
    missing_p: float
    alpha: float
    reachable: int | None
    proof: str
    verdict: str
    evidence: str
    counts: np.ndarray = field(repr=False)

    def as_dict(self) -> dict:
        """The result without the per-tree counts (one row of a table)."""
        row = asdict(self)
        row.pop("counts")
        return row


@checked(SEED, SAMPLES)
def sample_seeds(seed, samples: int) -> list[np.random.SeedSequence]:
    """One SeedSequence per sample, ``SeedSequence(root, spawn_key=key + (i,))``.

    Parameters
    ----------
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        A Generator gives the root by one draw; None draws fresh entropy.
    samples : int

    Returns
    -------
    list of numpy.random.SeedSequence
        Sample ``i``'s seed depends on the root and ``i`` only.

    Raises
    ------
    InvalidSeedError
        If ``seed`` is of another type or negative.

    Examples
    --------
    >>> from mazegraph.uniformity import sample_seeds
    >>> [s.spawn_key for s in sample_seeds(5, 2)]
    [(0,), (1,)]
    """
    if isinstance(seed, np.random.Generator):
        base = np.random.SeedSequence(int(seed.integers(2**63)))
    elif isinstance(seed, np.random.SeedSequence):
        base = seed
    elif seed is None:
        base = np.random.SeedSequence()
    elif isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)) and seed >= 0:
        base = np.random.SeedSequence(int(seed))
    else:
        raise InvalidSeedError(
            f"seed must be a non-negative int, SeedSequence, Generator or None, got {type(seed).__name__} {seed!r}"
        )
    key = tuple(base.spawn_key)
    return [np.random.SeedSequence(base.entropy, spawn_key=(*key, i)) for i in range(samples)]


def _sampler(algorithm, cells: CellGraph, G, options: dict) -> tuple[str, Callable]:
    """A function ``SeedSequence -> open-edge mask`` and the algorithm's name."""
    if callable(algorithm):
        name = getattr(algorithm, "__name__", "sampler")
        return name, lambda ss: np.asarray(algorithm(cells, np.random.default_rng(ss)), dtype=bool)
    entry = lookup(algorithm)
    focus = options.pop("focus", "passage")
    checked = entry.validate(cells, focus, options)
    return algorithm, lambda ss: entry.run(cells, np.random.default_rng(ss), focus, **checked).mask


@checked(SAMPLES, TREES)
def expected_tv(samples: int, trees: int) -> float:
    """Expected total-variation distance of ``samples`` uniform draws from ``trees`` outcomes.

    Uses de Moivre's closed form for the mean absolute deviation of a binomial:
    ``E|X - np| = 2 v C(n, v) p**v (1 - p)**(n - v + 1)`` with ``v = floor(np) + 1``.

    Examples
    --------
    >>> from mazegraph.uniformity import expected_tv
    >>> round(expected_tv(2, 2), 3)   # two fair coin flips: TV is 0 or 1/2, each half the time
    0.25
    """
    from scipy.special import gammaln

    if trees <= 1 or samples <= 0:
        return 0.0
    n, p = samples, 1.0 / trees
    v = math.floor(n * p) + 1
    if v > n:
        return 0.0
    log_mad = (
        math.log(2 * v) + gammaln(n + 1) - gammaln(v + 1) - gammaln(n - v + 1)
        + v * math.log(p) + (n - v + 1) * math.log1p(-p)
    )
    return 0.5 * trees * math.exp(log_mad) / n


@checked(W2, TREES, ALPHA, POWER, CAP)
def power_samples(w2: float, trees: int, alpha: float = 1e-3, power: float = 0.9, cap: int = 10**8) -> int:
    """Samples a chi-square test needs to detect an effect of size ``w2`` with the given power.

    Under an alternative with Cohen's effect size ``w2 = trees * sum((p_i - 1/trees)**2)``
    the statistic follows a noncentral chi-square with ``trees - 1`` degrees of
    freedom and noncentrality ``samples * w2``.

    Returns
    -------
    int
        The smallest such sample count (``cap`` if none up to it suffices).

    Examples
    --------
    >>> from mazegraph.uniformity import power_samples
    >>> power_samples(0.05, 15, alpha=1e-3, power=0.9)
    776
    """
    from scipy.stats import chi2, ncx2

    if w2 <= 0:
        return cap
    df = trees - 1
    critical = chi2.isf(alpha, df)

    def enough(n: int) -> bool:
        return ncx2.sf(critical, df, n * w2) >= power

    lo, hi = 1, 2
    while not enough(hi):
        lo, hi = hi, hi * 2
        if hi >= cap:
            return cap
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if enough(mid) else (mid, hi)
    return hi


@checked(ALGORITHM, GRAPH, SAMPLES, SEED, ALPHA, MAX_TREES)
def test(
    algorithm: str | Callable,
    G,
    samples: int,
    seed=None,
    alpha: float = 1e-3,
    *,
    max_trees: int = MAX_ENUMERATED,
    reachable=None,
    **options,
) -> UniformityResult:
    """Sample mazes and test whether every spanning tree is equally likely.

    Each maze is mapped to its spanning tree; the tree counts are compared with
    the uniform distribution by Pearson's chi-square test and the G-test, and
    the total-variation distance from uniform is reported beside the distance
    sampling noise alone would give. The verdict, in Pullen's words:

    - ``never``: a proof shows that some spanning trees can never be made: the
      algorithm's reachability model
      (:func:`~mazegraph.uniformity.reachable.reachability`) or the caller's
      ``reachable=`` leaves them out. This does not depend on the samples. A
      sampled tree outside the proven set raises :class:`ReachabilityError`;
    - ``no``: the chi-square test rejects uniformity at ``alpha``, or (when some
      trees went unseen and nothing proves them unreachable) more trees went
      unseen than a uniform sampler would miss (a Chernoff bound below ``alpha``);
    - ``Yes``: consistent with uniform at ``alpha``.

    Fix ``alpha`` and ``samples`` in advance. Chi-square p-values are
    asymptotic: keep ``samples`` at five or more per tree.

    Parameters
    ----------
    algorithm : str or callable
        A registered algorithm name, or a function ``(cells, rng) -> bool mask``
        over ``compile_graph(G).edges`` (a custom sampler).
    G : networkx.Graph or CellGraph
        A tiny connected graph (its trees are enumerated).
    samples : int
        Mazes to make.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        Sample ``i`` uses ``SeedSequence(root, spawn_key=(i,))`` (see :func:`sample_seeds`).
    alpha : float
        Significance level, in (0, 1).
    max_trees : int
        Refuse graphs with more spanning trees than this.
    reachable : collection of collections of int, optional
        A proof supplied by the caller: every tree the sampler can make, each as
        edge indices into ``compile_graph(G).edges`` (as
        :func:`~mazegraph.uniformity.enumerate_spanning_trees` lists them). It
        replaces the built-in model of a registered algorithm; a custom sampler
        has no proof without it.
    **options
        Algorithm options, and ``focus="wall"`` for wall adders.

    Returns
    -------
    UniformityResult

    Raises
    ------
    InvalidSizeError
        If ``samples`` is below 1.
    InvalidOptionError
        If ``alpha`` is not in (0, 1), an option is not the algorithm's, or
        ``reachable`` holds something that is not a spanning tree of ``G``.
    TooManyTreesError
        If the graph has more than ``max_trees`` spanning trees.
    NotATreeError
        If a sampled maze is not a spanning tree.
    ReachabilityError
        If a sampled maze is a tree the proof says cannot be made (the model, or
        the supplied set, is wrong).
    UnknownAlgorithmError, UnsupportedError
        If the algorithm is unknown or cannot run on ``G``.

    References
    ----------
    .. [1] D. B. Wilson, "Generating random spanning trees more quickly than the
       cover time", Proc. 28th ACM STOC, 296-303, 1996.
    .. [2] D. J. Aldous, "The random walk construction of uniform spanning trees
       and uniform labelled trees", SIAM J. Discrete Math. 3(4), 450-465, 1990;
       A. Z. Broder, "Generating random spanning trees", Proc. 30th IEEE FOCS,
       442-447, 1989.
    .. [3] K. Pearson, "On the criterion that a given system of deviations ...",
       Philosophical Magazine 50(302), 157-175, 1900.
    .. [4] W. D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (the "Uniform" column).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(2, 2)
    >>> r = mg.uniformity.test("wilson", G, samples=400, seed=1)
    >>> r.trees, r.distinct, r.verdict
    (4, 4, 'Yes')

    Binary Tree can make only 4 of the 15 trees of a 2 x 3 grid, which its
    model proves, whatever the samples:

    >>> r = mg.uniformity.test("binary_tree", mg.tessellations.orthogonal(2, 3), samples=600, seed=1)
    >>> r.verdict, r.reachable, r.trees
    ('never', 4, 15)
    """
    cells = compile_graph(G)
    trees = enumerate_spanning_trees(cells, limit=max_trees)
    index = {}
    for i, tree in enumerate(trees):
        mask = np.zeros(cells.n_edges, dtype=bool)
        mask[list(tree)] = True
        index[tree_key(mask)] = i
    name, draw = _sampler(algorithm, cells, G, dict(options))
    allowed, proof = _proof(algorithm, G, cells, index, reachable, options)
    counts = np.zeros(len(trees), dtype=np.int64)
    for ss in sample_seeds(seed, int(samples)):
        mask = draw(ss)
        i = index.get(tree_key(mask))
        if i is None:
            raise NotATreeError(
                f"{name} made a maze with {int(np.count_nonzero(mask))} passages on {cells.n_cells} cells that "
                "is not a spanning tree (a loop or an unreached cell); uniformity is defined for perfect mazes"
            )
        if allowed is not None and i not in allowed:
            raise ReachabilityError(
                f"{name} made the tree with edges {sorted(trees[i])} on {cells.name}, which the proof "
                f"({proof}) says it can never make: the reachability model is wrong (or the samples come from "
                "another algorithm)"
            )
        counts[i] += 1
    reach = None if allowed is None else len(allowed)
    where = f"{cells.name} ({cells.n_cells} cells, {cells.n_edges} edges)"
    return _result(name, cells.name, counts, float(alpha), reach, proof, where)


test.__test__ = False  # not a pytest test when imported into a test module


def _proof(algorithm, G, cells, index: dict, reachable, options: dict) -> tuple[set[int] | None, str]:
    """The indices of the trees the algorithm can make, by a proof, and the proof's name; (None, "") without one."""
    if reachable is not None:
        supplied = _validate_supplied(reachable, cells)
        allowed = set()
        for tree in supplied:
            mask = np.zeros(cells.n_edges, dtype=bool)
            mask[list(tree)] = True
            i = index.get(tree_key(mask))
            if i is None:
                raise InvalidOptionError(
                    f"reachable holds {sorted(tree)}, which is not a spanning tree of this {cells.name} graph"
                )
            allowed.add(i)
        return allowed, "the reachable trees supplied by the caller"
    if callable(algorithm):
        return None, ""
    try:
        found = reachability(algorithm, G, **options)
    except InvalidSizeError:  # too big for the models (TooManyTreesError too): no proof, the test still runs
        return None, ""
    if found is None:
        return None, ""
    allowed = set()
    for tree in found.trees:
        mask = np.zeros(cells.n_edges, dtype=bool)
        mask[list(tree)] = True
        allowed.add(index[tree_key(mask)])
    return allowed, found.argument + ("" if found.exact else " (a superset)")


@checked(TREES, ALPHA)
def never_samples(trees: int, alpha: float = 1e-3) -> int:
    """Samples after which a tree of probability ``1 / (4 trees)`` is missed with probability below ``alpha``.

    A planning aid: with this many mazes an unseen tree has, at confidence
    ``1 - alpha``, less than a quarter of the uniform probability. Rare is not
    impossible, so :func:`test` says ``never`` only from a proof, never from
    unseen trees.

    Examples
    --------
    >>> from mazegraph.uniformity import never_samples
    >>> never_samples(15)
    412
    """
    if trees <= 1:
        return 1
    return math.ceil(math.log(alpha) / math.log1p(-1.0 / (4 * trees)))


def _missing_p(missing: int, mean: float) -> float:
    """Upper bound on P(at least ``missing`` trees unseen) under uniformity.

    The indicators "tree i unseen" are negatively associated (Dubhashi and
    Ranjan, 1998), so the Chernoff bound ``(e**d / (1 + d)**(1 + d))**mean``
    with ``missing = (1 + d) mean`` holds, as does Markov's ``mean / missing``.
    """
    if missing == 0:
        return 1.0
    markov = min(1.0, mean / missing)
    if mean <= 0.0:
        return 0.0
    if missing <= mean:
        return markov
    d = missing / mean - 1.0
    return min(markov, math.exp(mean * (d - (1.0 + d) * math.log1p(d))))


def _result(name: str, tessellation: str, counts: np.ndarray, alpha: float, reachable: int | None = None,
            proof: str = "", where: str = "") -> UniformityResult:
    from scipy.stats import chi2 as chi2_dist

    n, N = int(counts.sum()), len(counts)
    expected = n / N
    distinct = int(np.count_nonzero(counts))
    if N == 1:
        chi2 = g = 0.0
        chi2_p = g_p = 1.0
    else:
        chi2 = float(((counts - expected) ** 2).sum() / expected)
        seen = counts[counts > 0]
        g = float(2.0 * (seen * np.log(seen / expected)).sum())
        chi2_p = float(chi2_dist.sf(chi2, N - 1))
        g_p = float(chi2_dist.sf(g, N - 1))
    tv = float(0.5 * np.abs(counts / n - 1.0 / N).sum())
    tv_expected = expected_tv(n, N)
    missing = N - distinct
    missing_expected = N * math.exp(n * math.log1p(-1.0 / N)) if N > 1 else 0.0
    missing_p = _missing_p(missing, missing_expected)
    noise = f"TV {tv:.3f} vs {tv_expected:.3f} from noise"
    chi = f"chi-square p = {chi2_p:.2g} {'<' if chi2_p < alpha else '>='} {alpha:g}"
    if reachable is not None and reachable < N:
        verdict = "never"
        evidence = (
            f"{proof}: {reachable} of {N} trees reachable on {where or tessellation}; {N - reachable} can never appear "
            f"(a proof, whatever the samples; {distinct} distinct trees in {n} mazes)"
        )
    elif missing == 0:
        verdict = "no" if chi2_p < alpha else "Yes"
        evidence = f"{chi}; {noise}; every tree appeared"
    else:
        verdict = "no" if chi2_p < alpha or missing_p < alpha else "Yes"
        if reachable is not None:
            why = f"all {N} trees are reachable ({proof}): the unseen ones are rare, not impossible"
        else:
            why = "not proven unreachable (no reachability proof)"
        evidence = (
            f"{chi}; {noise}; {missing} of {N} trees unseen in {n} mazes, {missing_expected:.2g} expected from a "
            f"uniform sampler (p <= {missing_p:.1e}, Chernoff bound{', < alpha' if missing_p < alpha else ''}); {why}"
        )
    return UniformityResult(
        algorithm=name, tessellation=tessellation, samples=n, trees=N, distinct=distinct,
        chi2=chi2, chi2_p=chi2_p, g=g, g_p=g_p, tv=tv, tv_expected=tv_expected,
        missing_expected=missing_expected, missing_p=missing_p, alpha=alpha,
        reachable=reachable, proof=proof, verdict=verdict, evidence=evidence, counts=counts,
    )
