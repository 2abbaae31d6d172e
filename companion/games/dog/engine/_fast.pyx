# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=False
"""The compiled core's own hot paths (issue #31): only the compiled engine has this module
(setup.py builds it beside moves, rules and info; kit/accel.py's ACCELERATORS). Each function
does what a function of moves.py or actions.py does, with the same results in the same order;
the compiled `moves` uses them, the pure-Python engine runs the Python ones (the reference).

- `seven_plays`: `moves.seven_plays`' fast path, for start protection "always" with start
  fields blocking the own figures (the default rules; the other rules and the exhaustive
  search run moves.py's code). A transcription of `moves._seven_options`, `seven_plays`' nested
  search and leaf, `_groups` and `_walk_orders` with the board as an array (field -> seat), each
  figure's options as C structs (a path of at most 7 fields, the fields it knocks, burns or
  meets) and the results deduplicated in C: the same plays, in the same order, with the same
  first notation of each resulting position, as Python objects only for the results.
- `new_plays`: `actions.new_plays` without a Python frame per call.
- `seven_result`: `moves.fast_result`'s walk of a 7 (`_simulate`'s, for a legal 7 under start
  protection "always").
- `sample`: `random.Random.sample` in C (the same draws), for `info.determinize`.

The tests hold them to the Python ones on every run (tests/engines/test_engine_paths.py:
every card on dense positions under every house rule of the 7, both engine paths on seeded
games; bench/engine_speed.py on the positions it times; the fingerprint). Change the two
together.
"""

from libc.math cimport ceil, log
from libc.stdlib cimport free, realloc
from libc.string cimport memcmp, memcpy

from cpython.object cimport PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_SET_ITEM

from random import Random as _Random

from companion.games.dog.engine.actions import PLAY, DogAction


cdef extern from "Python.h":
    # a new instance of a tuple subclass with n items still to set (what tuple.__new__ does
    # for a subclass: tp_alloc, then the items)
    object PyType_GenericAlloc(PyTypeObject *t, Py_ssize_t n)


cdef object _PLAY = PLAY
cdef tuple _NO_CARDS = ()
cdef object _NO_SEAT = -1
cdef PyTypeObject *_ACTION = <PyTypeObject *> DogAction


cdef inline object _play(object card, object as_card, object segs):
    """DogAction(PLAY, card, as_card, segs): the named tuple filled in place."""
    a = PyType_GenericAlloc(_ACTION, 6)
    Py_INCREF(_PLAY)
    PyTuple_SET_ITEM(a, 0, _PLAY)
    Py_INCREF(card)
    PyTuple_SET_ITEM(a, 1, card)
    Py_INCREF(as_card)
    PyTuple_SET_ITEM(a, 2, as_card)
    Py_INCREF(segs)
    PyTuple_SET_ITEM(a, 3, segs)
    Py_INCREF(_NO_CARDS)
    PyTuple_SET_ITEM(a, 4, _NO_CARDS)
    Py_INCREF(_NO_SEAT)
    PyTuple_SET_ITEM(a, 5, _NO_SEAT)
    return a


def new_plays(card, as_card, list segs_list):
    """`actions.new_plays`: [DogAction(PLAY, card, as_card, segs) for segs in segs_list]."""
    cdef list out = []
    for segs in segs_list:
        out.append(_play(card, as_card, segs))
    return out

include "_seven.pxi"


def seven_plays(tuple figures, int c, int L, tuple start, int goal_base, list prot, int team,
                bint knock_own, bint goal_from_start, bint first_only):
    """`moves.seven_plays`' fast path for start protection "always" with start fields blocking
    the own figures (and no mandatory goal entry, no partner exception: the exhaustive search
    takes those): {key: segs} in the same order as moves.py's. None when the board is beyond
    the arrays here (then moves.py's code runs)."""
    cdef Search S
    cdef int nseats = len(figures)
    cdef int s, p, i, k, b, d, best, free_, ds, own_start, own_protected, maxk
    if nseats > MAXSEATS or L + GOAL_FIELDS * nseats > MAXF:
        return None
    S.F = L + GOAL_FIELDS * nseats
    S.c = c
    S.L = L
    S.team = team
    S.knock_own = knock_own
    S.first_only = first_only
    S.keys = NULL
    S.nkeys = 0
    S.capkeys = 0
    for i in range(S.F):
        S.occ[i] = -1
    for s in range(nseats):
        S.start[s] = start[s]
        for p in figures[s]:
            if p >= 0:
                S.occ[p] = s
    S.m = 0
    S.nk = 0
    for p in figures[c]:
        if p >= 0:
            if S.m == MAXM:
                return None
            S.own[S.m] = p
            S.m += 1
        else:
            if S.nk == MAXK:
                return None
            S.kennels[S.nk] = p
            S.nk += 1
    if S.m == 0:
        return {}
    own_start = S.start[c]
    own_protected = own_start if own_start in prot else -1
    for i in range(S.m):
        p = S.own[i]
        S.chosen[i] = NOPT
        if p >= L:
            _options(&S, i, p, 0, 0, goal_base, own_protected)
        else:
            best = L
            for b in prot:
                if b == p or b == own_start:
                    continue
                d = b - p
                if d < 0:
                    d += L
                if d < best:
                    best = d
            free_ = best - 1
            ds = own_start - p
            if ds < 0:
                ds += L
            if ds == 0 and not goal_from_start:
                ds = L
            _options(&S, i, p, ds, free_, goal_base, own_protected)
    S.cap[S.m] = 0
    for i in range(S.m - 1, -1, -1):
        maxk = 0
        for k in range(8):
            if S.nby_k[i][k]:
                maxk = k
        S.cap[i] = S.cap[i + 1] + maxk
    if S.cap[0] < STEPS:
        return {}
    results = {}
    try:
        _rec(&S, results, 0, STEPS)
    finally:
        free(S.keys)
    return results


def seven_result(tuple figures, tuple segs, int L, tuple start, int team, bint knock_own):
    """`moves._simulate`'s walk of a legal 7 under start protection "always" (`fast_result`
    for `apply`): the figures after it. Each segment moves the figure on its first field along
    the track (to the own start field when it ends in the goal) and burns every figure it
    passes or lands on, except a protected one (on its own start field) and, without
    knock_own, the own team's."""
    cdef int n = len(figures), s, i, k, d, f, frm, to, fc, hit
    cdef int occ[MAXF]
    cdef int starts[MAXSEATS]
    if n > MAXSEATS or L + GOAL_FIELDS * n > MAXF:
        return None
    rows = [list(row) for row in figures]
    for i in range(L + GOAL_FIELDS * n):
        occ[i] = -1
    for s in range(n):
        starts[s] = start[s]
        for f in rows[s]:
            if f >= 0:
                occ[f] = s
    for frm, to in segs:
        fc = occ[frm]
        d = 0  # the track fields walked
        if frm < L:
            d = (to if to < L else starts[fc]) - frm
            if d < 0:
                d += L
        occ[frm] = -1
        for k in range(1, d + 1):
            f = (frm + k) % L
            hit = occ[f]
            if hit < 0 or f == starts[hit]:
                continue
            if not knock_own and team >> hit & 1:
                continue
            occ[f] = -1
            row = rows[hit]
            row[row.index(f)] = -1 - hit
        row = rows[fc]
        row[row.index(frm)] = to
        occ[to] = fc
    return tuple([tuple(sorted(row)) for row in rows])


cdef inline Py_ssize_t _below(object getrandbits, Py_ssize_t n) except -1:
    """`random.Random._randbelow(n)` (n > 0): `getrandbits` until below n."""
    cdef Py_ssize_t k = 0, m = n, r
    while m:
        k += 1
        m >>= 1
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def sample(rng, list population, Py_ssize_t k):
    """`rng.sample(population, k)`: for a `random.Random`, CPython's algorithm (3.12, 3.13) in
    C, the same numbers drawn and the same result; any other generator's own `sample`.
    `info.py` uses it only where `sample_matches()` (a Python whose `sample` draws otherwise
    keeps its own)."""
    if type(rng) is not _Random:
        return rng.sample(population, k)
    cdef Py_ssize_t n = len(population), i, j, setsize = 21, e
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    cdef list result = [None] * k
    cdef list pool
    if k > 5:  # + 4 ** ceil(log(k * 3, 4)), math.log's two logs divided
        e = <Py_ssize_t> ceil(log(<double> (k * 3)) / log(4.0))
        j = 1
        for i in range(e):
            j *= 4
        setsize += j
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = _below(getrandbits, n - i)
            result[i] = pool[j]
            pool[j] = pool[n - i - 1]
    else:
        selected = set()
        for i in range(k):
            j = _below(getrandbits, n)
            while j in selected:
                j = _below(getrandbits, n)
            selected.add(j)
            result[i] = population[j]
    return result


def sample_matches():
    """Does `sample` draw as this Python's `random.Random.sample` (both of its branches)?"""
    cdef int seed
    for seed in range(3):
        for n, k in ((50, 20), (40, 3), (110, 6), (200, 30), (7, 7)):
            if sample(_Random(seed), list(range(n)), k) != _Random(seed).sample(range(n), k):
                return False
    return True
