# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=False
"""The search's DOG playout on C arrays (issue #31): only the compiled path has this module
(setup.py builds it with the engine core; kit/accel.py's ACCELERATORS).

`playout(state, depth, rng)` does what ismcts' playout loop does for DOG with the measured
parameters — `bots.dog_playout_policy` for up to `depth` plies, each followed by the engine's
`apply`, stopping at the table's next event (the end of the round, a solo draw), then
`bots.dog_evaluate` (or the result, when the game ends) — and returns the same values, having
drawn the same random numbers from `rng`. The board stays in C arrays from the first ply to the
evaluation: no state, action or list is built per ply, except where the 7 is concerned (its
plays come from the engine's memo of the 7s of each board, `moves._SEVEN_MEMO`, or else from
`seven_plays`' compiled fast path, or `moves.sevens`, as `moves.sevens` would fill it).
`choose(state, rng)` is the policy's choice for one decision, as the action
`bots.dog_playout_policy` returns (the search's policy-first expansion asks for it).

A transcription, in the same order, of:
- the plays of each card (`moves.plays_for`, `moves_as`, `swap_pairs`; the joker's shared
  `knocked_own` and the 7s it skips, `_own_knock_key`);
- `bots.dog_play_gains`, `_dog_danger`, `_best_plays`, the choice among the cards and `_pick`
  (`random.Random.randrange` as CPython draws it: `getrandbits` until below the count);
- `rules._apply_play` (`moves.fast_result` and the 7's walk of `_simulate`: burning),
  `_apply_fold`, `_apply_discard` and `_next_turn`, as far as the playout sees them;
- `bots.dog_evaluate` (`dog_seat_values`; the sum of the weights as CPython's `sum` adds
  floats, Neumaier's compensation included).

The exchange is played as the policy plays it (`random_action`'s `rng.choice(hand)`, then
`_apply_give`); a state whose table event is next (the deal, a solo draw) is evaluated as it
is. Every number is the same float: the gains and worths are sums of quarters (exact), the
weights come from the same `exp`. `playout` returns None, having drawn nothing, for a state it
does not take (the game over, a solo seat that drew, start protection "from_kennel", an
unknown card, a generator other than `random.Random`): the Python loop then runs. The tests
hold both to the Python code on every run (tests/advisor/test_compiled_search.py: seeded
playouts and decisions from random games of 2-6 seats under the house rules; values, actions
and the generator's state compared). Change them together.
"""

from libc.math cimport exp, fabs
from libc.stdlib cimport free, malloc, realloc

import random as _random

from companion.engines.dog import actions as _actions
from companion.engines.dog import moves as _moves
from companion.engines.dog.state import DEAL as _DEAL_PHASE
from companion.engines.dog.state import DRAW as _DRAW_PHASE
from companion.engines.dog.state import EXCHANGE as _EXCHANGE_PHASE
from companion.engines.dog.state import PLAY as _PLAY_PHASE

#: the action kinds the policy chooses (`actions.py`)
cdef int PLAY = _actions.PLAY
cdef int FOLD = _actions.FOLD
cdef int DISCARD = _actions.DISCARD
cdef int GIVE = _actions.GIVE
cdef object _new_tuple = tuple.__new__
cdef object _DogAction = _actions.DogAction
cdef tuple _NO_CARDS = ()


cdef object _action(int kind, int card, int as_card, tuple segs):
    """DogAction(kind, card, as_card, segs)"""
    return _new_tuple(_DogAction, (kind, card, as_card, segs, _NO_CARDS, -1))


cdef enum:
    MAXSEATS = 6
    MAXFIG = 5
    MAXHAND = 16
    MAXF = 128  # track fields and goals
    MAXSEG = 7
    GOAL = 4
    ONE = 1
    FOUR = 4
    SEVEN = 7
    THIRTEEN = 13
    SWAP = 14
    JOKER = 15
    # what the playout ends in
    GOES_ON = 0
    ENDS_ROUND = 1  # a table event is next (the deal, a solo draw): the leaf is evaluated
    ENDS_GAME = 2

cdef int[14] _FORWARD_N  # distances of each card (the 1: 1 and 11), by card code
cdef int[14] _FORWARD_K
_FORWARD_N[:] = [0, 1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 0, 12, 13]
_FORWARD_K[:] = [0, 2, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1]
#: what a joker can be played as, in `cards.JOKER_AS`' order (the 7 last: see `_plays`)
cdef int[12] _JOKER_AS
_JOKER_AS[:] = [1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13, SWAP]


cdef struct Play:
    int card
    int as_card
    int nseg
    int seg[MAXSEG][2]


cdef struct Board:
    int n  # seats
    int nf  # figures per seat
    int L
    int teams  # teams mode
    int nteams
    int fig[MAXSEATS][MAXFIG]  # sorted, as DogState.figures
    int hand[MAXSEATS][MAXHAND]  # sorted, as DogState.hands
    int nhand[MAXSEATS]
    int turn
    bint exchange  # the exchange is under way (else the play)
    int dealer
    int transit[MAXSEATS]  # the card each seat gave in the exchange, -1: none yet
    int receiver[MAXSEATS]
    int start[MAXSEATS]
    int gb[MAXSEATS]
    int team_of[MAXSEATS]
    int partner[MAXSEATS]
    int team_mask[MAXSEATS]
    int blocks_own
    int knock_own
    int mandatory
    int goal_from_start
    int swap_void
    int partner_exception
    int occ[MAXF]  # field → seat, -1: empty
    # the analysis of the board for the seat to move (`moves.Ctx`)
    int c
    int nprot
    int prot[MAXSEATS]
    int goal_free
    # `bots._dog_danger`: per seat, the track fields an opponent's next move may reach (bits)
    unsigned long long danger[MAXSEATS][2]


cdef struct Buf:
    Play *plays
    double *gain
    int *best
    int n
    int cap


# the advisor's constants (bots.py, `configure`)
cdef double DOG_OUT = 0.0
cdef double DOG_HOME = 0.0
cdef double DOG_THREAT = 0.0
cdef double DOG_CARD = 0.0
cdef double DOG_BLOCK = 0.0
cdef double DOG_EVAL_SCALE = 1.0
cdef double DOG_EVAL_RISK = 0.0
cdef double V_JOKER = 0.0
cdef double V_SEVEN = 0.0
cdef double V_START_WAITING = 0.0
cdef double V_START = 0.0
cdef double V_FOUR = 0.0
cdef double V_SWAP = 0.0
cdef double V_OTHER = 0.0
cdef bint _configured = False


def configure(dict values):
    """The advisor's DOG constants (bots.py is their one source)."""
    global DOG_OUT, DOG_HOME, DOG_THREAT, DOG_CARD, DOG_BLOCK, DOG_EVAL_SCALE, DOG_EVAL_RISK
    global V_JOKER, V_SEVEN, V_START_WAITING, V_START, V_FOUR, V_SWAP, V_OTHER, _configured
    DOG_OUT = values["out"]
    DOG_HOME = values["home"]
    DOG_THREAT = values["threat"]
    DOG_CARD = values["card"]
    DOG_BLOCK = values["block"]
    DOG_EVAL_SCALE = values["eval_scale"]
    DOG_EVAL_RISK = values["eval_risk"]
    V_JOKER = values["joker"]
    V_SEVEN = values["seven"]
    V_START_WAITING = values["start_waiting"]
    V_START = values["start"]
    V_FOUR = values["four"]
    V_SWAP = values["swap"]
    V_OTHER = values["other"]
    _configured = True


cdef inline int _mod(int a, int m) noexcept:
    """Python's a % m (m > 0)."""
    a = a % m
    return a + m if a < 0 else a


cdef inline void _sort(int *xs, int n) noexcept:
    cdef int i, j, v
    for i in range(1, n):
        v = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > v:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = v


cdef inline void _replace_in_row(int *row, int n, int old, int new) noexcept:
    """row[row.index(old)] = new; row.sort()"""
    cdef int i
    for i in range(n):
        if row[i] == old:
            row[i] = new
            break
    _sort(row, n)


# -- the board ----------------------------------------------------------------------------------
cdef void _occupy(Board *B) noexcept:
    cdef int i, s, p
    for i in range(B.L + GOAL * B.n):
        B.occ[i] = -1
    for s in range(B.n):
        for i in range(B.nf):
            p = B.fig[s][i]
            if p >= 0:
                B.occ[p] = s


cdef inline bint _all_home(Board *B, int s) noexcept:
    cdef int i
    for i in range(B.nf):
        if B.fig[s][i] < B.L:
            return False
    return True


cdef inline bint _in_row(Board *B, int s, int p) noexcept:
    cdef int i
    for i in range(B.nf):
        if B.fig[s][i] == p:
            return True
    return False


cdef inline void _set(unsigned long long *bits, int f) noexcept:
    bits[f >> 6] |= 1ULL << (f & 63)


cdef inline bint _danger(Board *B, int s, int f) noexcept:
    """May an opponent's next move reach track field f of seat s's figure?"""
    return (B.danger[s][f >> 6] >> (f & 63)) & 1


cdef void _analyse(Board *B) noexcept:
    """`moves.Ctx` (lapped is 0 here) and `bots._dog_danger` for the seat to move."""
    cdef int seat = B.turn
    cdef int s, f, t, o, i, p, k, L = B.L
    cdef unsigned long long reach[MAXSEATS][2]
    B.c = B.partner[seat] if B.teams and _all_home(B, seat) else seat
    B.nprot = 0
    for s in range(B.n):
        f = B.start[s]
        if B.occ[f] == s:
            B.prot[B.nprot] = f
            B.nprot += 1
    B.goal_free = 0
    while B.goal_free < GOAL and B.occ[B.gb[B.c] + B.goal_free] < 0:
        B.goal_free += 1
    # danger: the fields each team's next move may reach, then per seat the other teams'
    for t in range(B.nteams):
        reach[t][0] = reach[t][1] = 0
    for s in range(B.n):
        t = B.team_of[s]
        for i in range(B.nf):
            p = B.fig[s][i]
            if p < 0:
                _set(reach[t], B.start[s])
            elif p < L:
                for k in range(1, 14):
                    _set(reach[t], (p + k) % L)
                _set(reach[t], _mod(p - 4, L))
    for s in range(B.n):
        t = B.team_of[s]
        B.danger[s][0] = B.danger[s][1] = 0
        for o in range(B.nteams):
            if o != t:
                B.danger[s][0] |= reach[o][0]
                B.danger[s][1] |= reach[o][1]


cdef inline int _free_fwd(Board *B, int p, int c) noexcept:
    cdef int best = B.L, own_start = B.start[c], i, b, d
    for i in range(B.nprot):
        b = B.prot[i]
        if b == p or (b == own_start and not B.blocks_own):
            continue
        d = _mod(b - p, B.L)
        if d < best:
            best = d
    return best - 1


cdef inline int _free_back(Board *B, int p, int c) noexcept:
    cdef int best = B.L, own_start = B.start[c], i, b, d
    for i in range(B.nprot):
        b = B.prot[i]
        if b == p or (b == own_start and not B.blocks_own):
            continue
        d = _mod(p - b, B.L)
        if d < best:
            best = d
    return best - 1


cdef inline int _to_start(Board *B, int p, int c) noexcept:
    cdef int ds = _mod(B.start[c] - p, B.L)
    if ds == 0 and not B.goal_from_start:
        return B.L
    return ds


cdef inline bint _lands_ok(Board *B, int dest) noexcept:
    cdef int s = B.occ[dest]
    if s < 0:
        return True
    if dest == B.start[s]:
        return False
    return B.knock_own or not (B.team_mask[B.turn] >> s & 1)


cdef inline int _goal_room(Board *B, int p) noexcept:
    cdef int base = B.gb[B.c], g = p - base, room = 0
    while g + room + 1 < GOAL and B.occ[base + g + room + 1] < 0:
        room += 1
    return room


cdef inline bint _protected_at(Board *B, int f) noexcept:
    cdef int s = B.occ[f]
    return s >= 0 and f == B.start[s]


# -- the plays ----------------------------------------------------------------------------------
cdef int _grow(Buf *buf) except -1:
    cdef int cap = buf.cap * 2 if buf.cap else 64
    cdef Play *plays = <Play *> realloc(buf.plays, cap * sizeof(Play))
    if plays == NULL:
        raise MemoryError()
    buf.plays = plays
    cdef double *gain = <double *> realloc(buf.gain, cap * sizeof(double))
    if gain == NULL:
        raise MemoryError()
    buf.gain = gain
    cdef int *best = <int *> realloc(buf.best, cap * sizeof(int))
    if best == NULL:
        raise MemoryError()
    buf.best = best
    buf.cap = cap
    return 0


cdef inline int _add(Buf *buf, int card, int as_card, int frm, int to) except -1:
    """A play of one segment (nseg 0 when frm == to == 0 and it is a void swap)."""
    if buf.n == buf.cap:
        _grow(buf)
    cdef Play *pl = &buf.plays[buf.n]
    pl.card = card
    pl.as_card = as_card
    pl.nseg = 1
    pl.seg[0][0] = frm
    pl.seg[0][1] = to
    buf.n += 1
    return 0


cdef int _swap_pairs(Board *B, Buf *buf, int card) except -1:
    """`moves.swap_pairs` as plays; the number of pairs."""
    cdef int c = B.c, L = B.L, i, f, a, n = 0, no = 0
    cdef int others[MAXF]
    for f in range(L):  # sorted, as `others.sort()`
        if B.occ[f] >= 0 and B.occ[f] != c and not _protected_at(B, f):
            others[no] = f
            no += 1
    if no == 0:
        return 0
    for i in range(B.nf):
        a = B.fig[c][i]
        if 0 <= a < L and not _protected_at(B, a):
            for f in range(no):
                _add(buf, card, SWAP, a, others[f])
                n += 1
    return n


cdef inline bint _seen(int *knocked, int *nk, int p) noexcept:
    """`p in knocked_own` (True), else adds it (False)."""
    cdef int i
    for i in range(nk[0]):
        if knocked[i] == p:
            return True
    knocked[nk[0]] = p
    nk[0] += 1
    return False


cdef int _moves_as(Board *B, Buf *buf, int card, int as_card, int *knocked, int *nk,
                   bint come_out) except -1:
    """`moves.moves_as` for the cards that move one figure (not the 7, not the swap)."""
    cdef int c = B.c, L = B.L, i, j, p, n, d, s, free_, ds, d4
    cdef int np = 0
    cdef int lp[MAXFIG]
    cdef int lfree[MAXFIG]
    cdef int lds[MAXFIG]
    cdef bint goal_ok
    cdef int goal_base = B.gb[c]
    if come_out and (as_card == ONE or as_card == THIRTEEN):
        if _in_row(B, c, -1 - c) and _lands_ok(B, B.start[c]):
            _add(buf, card, as_card, -1 - c, B.start[c])
    for i in range(B.nf):  # `forward_limits`
        p = B.fig[c][i]
        if p < 0:
            continue
        lp[np] = p
        if p >= L:
            lfree[np] = _goal_room(B, p)
            lds[np] = 0
        else:
            lfree[np] = _free_fwd(B, p, c)
            lds[np] = _to_start(B, p, c)
        np += 1
    for j in range(_FORWARD_K[as_card]):
        n = _FORWARD_N[as_card] if j == 0 else 11
        for i in range(np):
            p = lp[i]
            free_ = lfree[i]
            ds = lds[i]
            if p >= L:
                if n <= free_:
                    _add(buf, card, as_card, p, p + n)
                continue
            goal_ok = ds < n and n - ds <= B.goal_free and ds <= free_
            if goal_ok:
                _add(buf, card, as_card, p, goal_base + n - ds - 1)
            if n <= free_ and not (goal_ok and B.mandatory):
                d = (p + n) % L
                s = B.occ[d]
                if s < 0:
                    _add(buf, card, as_card, p, d)
                elif _lands_ok(B, d):
                    if s == c and _seen(knocked, nk, p):
                        continue
                    _add(buf, card, as_card, p, d)
    if as_card == FOUR:
        for i in range(B.nf):
            p = B.fig[c][i]
            if p < 0 or p >= L or _free_back(B, p, c) < 4:
                continue
            d4 = _mod(p - 4, L)
            if not _lands_ok(B, d4):
                continue
            if B.occ[d4] == c and _seen(knocked, nk, p):
                continue
            _add(buf, card, as_card, p, d4)
    return 0


cdef object _figures(Board *B):
    return tuple([tuple([B.fig[s][i] for i in range(B.nf)]) for s in range(B.n)])


cdef bint _exception_possible(Board *B) noexcept:
    """`moves._exception_possible`: could a 7 bring the last own figure home with points to
    spare (the partner exception; then the 7 takes the exhaustive search)?"""
    cdef int i, p, need = 0, c = B.c
    if not B.teams or not B.partner_exception or c != B.turn:
        return False
    for i in range(B.nf):
        p = B.fig[c][i]
        if p < 0:
            return False
        if p < B.L:
            need += _to_start(B, p, c) + 1
    return need < 7


cdef int _sevens(Board *B, Buf *buf, int card, int *knocked, int nk, object state) except -1:
    """The 7s of the board (the engine's `moves.sevens`, through its memo), as plays of `card`;
    for a joker (`nk` own knock-outs listed) without those that end where one of them ends
    (`moves.plays_for`, `_own_knock_key`)."""
    cdef int i, k, c = B.c
    figures = _figures(B)
    key = (figures, 0, B.turn)
    memo = _moves._SEVEN_MEMO
    cfg = state.cfg
    hit = memo.get(key)
    seven = None
    if hit is not None and hit[0] is cfg:
        seven = hit[1]
        full = hit[2]
    elif (_moves._FAST_SEVEN is not None and B.blocks_own and not B.mandatory
            and not _exception_possible(B)):
        # what `moves.sevens` does for this board, without building the state and its `Ctx`:
        # `seven_plays`' compiled fast path, remembered as it remembers it
        seven = _moves._FAST_SEVEN(
            figures, c, B.L, cfg.geo.start, B.gb[c], [B.prot[i] for i in range(B.nprot)],
            B.team_mask[B.turn], B.knock_own, B.goal_from_start, False)
        full = False
        if seven is not None:
            if len(memo) >= _moves.SEVEN_MEMO_SIZE:
                memo.clear()
            memo[key] = (cfg, seven, full)
    if seven is None:
        ctx = _moves.Ctx(state._replace(figures=figures, turn=B.turn, lapped=0), B.turn)
        seven = _moves.sevens(ctx)
        full = ctx.seven_full
    skip = set()
    for i in range(nk):
        row = [B.fig[c][k] for k in range(B.nf)]
        row.remove(knocked[i])
        row.append(-1 - c)
        row.sort()
        if full:
            figs = list(figures)
            figs[c] = tuple(row)
            skip.add(tuple(figs))
        else:
            skip.add((tuple(row), frozenset()))
    cdef Play *pl
    for key, segs in seven.items():
        if nk and key in skip:
            continue
        if len(segs) > MAXSEG:
            raise ValueError("a 7 of more than seven segments")
        if buf.n == buf.cap:
            _grow(buf)
        pl = &buf.plays[buf.n]
        pl.card = card
        pl.as_card = SEVEN
        pl.nseg = len(segs)
        for i in range(pl.nseg):
            pl.seg[i][0] = segs[i][0]
            pl.seg[i][1] = segs[i][1]
        buf.n += 1
    return 0


cdef int _plays(Board *B, Buf *buf, int card, object state) except -1:
    """`moves.plays_for(ctx, card)`, appended to `buf`."""
    cdef int knocked[64]
    cdef int nk = 0, i, as_card
    if card == SEVEN:
        return _sevens(B, buf, card, knocked, 0, state)
    if card == SWAP:
        if _swap_pairs(B, buf, card) == 0 and B.swap_void:
            _add(buf, card, SWAP, 0, 0)
            buf.plays[buf.n - 1].nseg = 0
        return 0
    if card != JOKER:
        return _moves_as(B, buf, card, card, knocked, &nk, True)
    for i in range(12):
        as_card = _JOKER_AS[i]
        if as_card == SWAP:
            _swap_pairs(B, buf, card)  # a joker is never a void swap
        else:  # coming out as the 13 is the same as with the joker as 1
            _moves_as(B, buf, card, as_card, knocked, &nk, as_card != THIRTEEN)
    return _sevens(B, buf, card, knocked, nk, state)


# -- the playout policy's estimate (bots.dog_play_gains) ----------------------------------------
cdef double _card_value(Board *B, int seat, int card) noexcept:
    """`bots.dog_card_value`"""
    cdef int colour
    if card == JOKER:
        return V_JOKER
    if card == SEVEN:
        return V_SEVEN
    if card == ONE or card == THIRTEEN:
        colour = seat
        if B.teams and _all_home(B, seat):
            colour = B.partner[seat]
        return V_START_WAITING if _in_row(B, colour, -1 - colour) else V_START
    if card == FOUR:
        return V_FOUR
    if card == SWAP:
        return V_SWAP
    return V_OTHER


cdef inline double _worth(Board *B, int s, int p) noexcept:
    """`bots._worth`"""
    cdef double value
    if p < 0:
        return 0.0
    if p >= B.L:
        return DOG_OUT + DOG_HOME + B.L + 1 + (p - B.L) % GOAL
    value = DOG_OUT + 1 + _mod(p - B.start[s], B.L)
    if p != B.start[s] and _danger(B, s, p):
        return value * (1 - DOG_THREAT)
    return value


cdef double _gain(Board *B, Play *pl) noexcept:
    """`bots.dog_play_gains` for one play."""
    cdef int L = B.L, turn = B.turn, mine = B.team_of[turn], i, a, b, sa, sb, frm, to, s, st
    cdef int victim
    cdef double cost = DOG_CARD * _card_value(B, turn, pl.card)
    cdef double gain = 0.0, da, db, before, after, delta, lost
    cdef double keep = 1 - DOG_THREAT
    cdef double out_base = DOG_OUT + 1
    cdef double home_base = DOG_OUT + DOG_HOME + L + 1
    if pl.as_card == SWAP:
        for i in range(pl.nseg):
            a = pl.seg[i][0]
            b = pl.seg[i][1]
            sa = B.occ[a]
            sb = B.occ[b]
            da = _worth(B, sa, b) - _worth(B, sa, a)
            db = _worth(B, sb, a) - _worth(B, sb, b)
            gain += da if B.team_of[sa] == mine else -da
            gain += db if B.team_of[sb] == mine else -db
        return gain - cost
    for i in range(pl.nseg):
        frm = pl.seg[i][0]
        to = pl.seg[i][1]
        if frm < 0:
            s = -1 - frm
            before = 0.0
        elif frm >= L:
            s = (frm - L) // GOAL
            before = home_base + (frm - L) % GOAL
        else:
            s = B.occ[frm]
            if s < 0:
                s = turn
            st = B.start[s]
            before = out_base + _mod(frm - st, L)
            if frm != st and _danger(B, s, frm):
                before *= keep
        if to >= L:
            delta = home_base + (to - L) % GOAL - before
        elif to < 0:
            delta = 0.0 - before
        else:
            st = B.start[s]
            after = out_base + _mod(to - st, L)
            if to != st and _danger(B, s, to):
                after *= keep
            delta = after - before
        gain += delta if B.team_of[s] == mine else -delta
        if 0 <= to < L:
            victim = B.occ[to]
            if victim >= 0 and to != frm:
                lost = _worth(B, victim, to)
                gain += lost if B.team_of[victim] != mine else -lost
    return gain - cost


# -- the engine's apply, as the playout meets it ------------------------------------------------
cdef void _knock(Board *B, int f) noexcept:
    cdef int s = B.occ[f]
    cdef int i
    B.occ[f] = -1
    for i in range(B.nf):
        if B.fig[s][i] == f:
            B.fig[s][i] = -1 - s
            break


cdef void _move(Board *B, Play *pl) noexcept:
    """`moves.fast_result`, and `_simulate`'s walk of a 7 (it burns what it passes)."""
    cdef int i, j, k, frm, to, fc, mover, victim, d, f, s, L = B.L
    cdef int team = B.team_mask[B.turn]
    if pl.nseg == 0:
        return
    if pl.as_card == SWAP:
        frm = pl.seg[0][0]
        to = pl.seg[0][1]
        mover = B.occ[frm]
        victim = B.occ[to]
        _replace_in_row(B.fig[mover], B.nf, frm, to)
        _replace_in_row(B.fig[victim], B.nf, to, frm)
        _occupy(B)
        return
    if pl.as_card != SEVEN:
        frm = pl.seg[0][0]
        to = pl.seg[0][1]
        mover = -1 - frm if frm < 0 else B.occ[frm]
        if 0 <= to < L and B.occ[to] >= 0:
            victim = B.occ[to]
            _replace_in_row(B.fig[victim], B.nf, to, -1 - victim)
        _replace_in_row(B.fig[mover], B.nf, frm, to)
        _occupy(B)
        return
    for i in range(pl.nseg):
        frm = pl.seg[i][0]
        to = pl.seg[i][1]
        fc = B.occ[frm]
        d = 0  # track fields walked
        if frm < L:
            d = _mod(to - frm, L) if to < L else _mod(B.start[fc] - frm, L)
        B.occ[frm] = -1
        for k in range(1, d + 1):
            f = (frm + k) % L
            s = B.occ[f]
            if s < 0 or f == B.start[s]:  # a protected figure is passed (or it is illegal)
                continue
            if not B.knock_own and team >> s & 1:
                continue
            _knock(B, f)
        for j in range(B.nf):
            if B.fig[fc][j] == frm:
                B.fig[fc][j] = to
                break
        B.occ[to] = fc
    for s in range(B.n):
        _sort(B.fig[s], B.nf)
    _occupy(B)


cdef inline void _take(Board *B, int seat, int card) noexcept:
    """`cards.remove_card` (the card is in the hand)."""
    cdef int i, j
    for i in range(B.nhand[seat]):
        if B.hand[seat][i] == card:
            for j in range(i, B.nhand[seat] - 1):
                B.hand[seat][j] = B.hand[seat][j + 1]
            B.nhand[seat] -= 1
            return


cdef int _next_turn(Board *B, int seat) noexcept:
    """`rules._next_turn`: the next seat with cards, else the round is over."""
    cdef int i, s
    for i in range(1, B.n + 1):
        s = (seat + i) % B.n
        if B.nhand[s] > 0:
            B.turn = s
            return GOES_ON
    return ENDS_ROUND


cdef int _apply_play(Board *B, Play *pl) noexcept:
    """`rules._apply_play`, what the playout needs of it."""
    cdef int seat = B.turn, s, t = B.team_of[seat]
    _move(B, pl)
    _take(B, seat, pl.card)
    for s in range(B.n):
        if B.team_of[s] == t and (B.nf < GOAL or B.fig[s][B.nf - GOAL] < B.L):
            return _next_turn(B, seat)
    return ENDS_GAME


# -- the leaf -----------------------------------------------------------------------------------
cdef tuple _evaluate(Board *B):
    """`bots.dog_evaluate` (`dog_seat_values`), before the game's end."""
    cdef double worth[MAXSEATS]
    cdef double weights[MAXSEATS]
    cdef double value, risk, w, top, total, comp, x, tt
    cdef int s, i, p, t, L = B.L
    cdef bint waiting, on_start
    B.turn = 0  # the danger does not depend on the seat to move
    _analyse(B)
    for t in range(MAXSEATS):
        worth[t] = 0.0
        weights[t] = 0.0
    for s in range(B.n):
        value = 0.0
        risk = 0.0
        waiting = on_start = False
        for i in range(B.nf):
            p = B.fig[s][i]
            if p == -1 - s:
                waiting = True
            if p == B.start[s]:
                on_start = True
            if p < 0:
                continue
            if p >= L:
                value += DOG_OUT + DOG_HOME + (L + 1 + (p - L) % GOAL)
                continue
            w = DOG_OUT + (1 + _mod(p - B.start[s], L))
            value += w
            if p != B.start[s] and _danger(B, s, p):
                risk += DOG_THREAT * w
        if waiting and on_start:
            value -= DOG_BLOCK
        worth[B.team_of[s]] += value - DOG_EVAL_RISK * risk
    top = worth[0]
    for t in range(1, B.nteams):
        if worth[t] > top:
            top = worth[t]
    for t in range(B.nteams):
        weights[t] = exp((worth[t] - top) / DOG_EVAL_SCALE)
    # sum(weights): CPython adds floats with Neumaier's compensation (3.12 and later)
    total = weights[0]
    comp = 0.0
    for t in range(1, B.nteams):
        x = weights[t]
        tt = total + x
        if fabs(total) >= fabs(x):
            comp += (total - tt) + x
        else:
            comp += (x - tt) + total
        total = tt
    if comp != 0.0:
        total += comp
    return tuple([weights[B.team_of[s]] / total for s in range(B.n)])


cdef tuple _result(Board *B, int winner_team):
    return tuple([1.0 if B.team_of[s] == winner_team else 0.0 for s in range(B.n)])


# -- the random choice ---------------------------------------------------------------------------
cdef inline int _randbelow(object getrandbits, int n) except -1:
    """`random.Random.randrange(n)` for n > 0: `_randbelow_with_getrandbits`."""
    cdef int k = 0, m = n, r
    while m:
        k += 1
        m >>= 1
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


# -- the playout ----------------------------------------------------------------------------------
cdef bint _load(Board *B, object state) except -1:
    """The state into `B`; False when the compiled playout does not take it."""
    cfg = state.cfg
    rules = cfg.rules
    phase = state.phase
    if phase not in (_PLAY_PHASE, _EXCHANGE_PHASE, _DEAL_PHASE, _DRAW_PHASE):
        return False
    if state.lapped != 0 or rules.start_protection != "always":
        return False
    geo = cfg.geo
    cdef int n = cfg.seats, s, i, nf = cfg.figures_per_seat
    if n > MAXSEATS or nf > MAXFIG or geo.length + GOAL * n > MAXF:
        return False
    B.n = n
    B.nf = nf
    B.L = geo.length
    B.teams = cfg.mode == "teams"
    B.nteams = len(cfg.teams)
    B.turn = state.turn
    B.exchange = phase == _EXCHANGE_PHASE
    B.dealer = state.dealer
    B.blocks_own = rules.start_blocks_own
    B.knock_own = rules.knock_own
    B.mandatory = rules.goal_entry_mandatory
    B.goal_from_start = rules.goal_from_start
    B.swap_void = rules.swap_void
    B.partner_exception = rules.seven_partner_exception
    for s in range(n):
        row = state.figures[s]
        hand = state.hands[s]
        if len(row) != nf or len(hand) > MAXHAND:
            return False
        for i in range(nf):
            B.fig[s][i] = row[i]
        B.nhand[s] = len(hand)
        for i in range(B.nhand[s]):
            B.hand[s][i] = hand[i]
            if B.hand[s][i] <= 0:  # a card nobody reported
                return False
        B.start[s] = geo.start[s]
        B.gb[s] = geo.goal_base[s]
        B.team_of[s] = cfg.team_of[s]
        B.partner[s] = cfg.partner[s]
        B.team_mask[s] = cfg.team_mask[s]
        B.receiver[s] = cfg.receiver[s]
        B.transit[s] = state.transit[s]
        if B.transit[s] == 0:  # a card given that nobody reported
            return False
    if (phase == _PLAY_PHASE or phase == _EXCHANGE_PHASE) and B.nhand[B.turn] == 0:
        return False
    _occupy(B)
    return True


cdef int _give(Board *B, int card) noexcept:
    """`rules._apply_give` of the seat to move: the turn passes to the next seat that has not
    given, or the cards are delivered and the play begins."""
    cdef int seat = B.turn, i, j, s, r, n = B.n
    cdef int starter = (B.dealer + 1) % n
    _take(B, seat, card)
    B.transit[seat] = card
    for i in range(n):
        s = (starter + i) % n
        if B.transit[s] < 0:
            B.turn = s
            return GOES_ON
    for s in range(n):  # `cards.add_card`: the hands stay sorted
        r = B.receiver[s]
        card = B.transit[s]
        j = B.nhand[r]
        while j > 0 and B.hand[r][j - 1] > card:
            B.hand[r][j] = B.hand[r][j - 1]
            j -= 1
        B.hand[r][j] = card
        B.nhand[r] += 1
        B.transit[s] = -1
    B.exchange = False
    B.turn = starter
    return GOES_ON


cdef int _decide(Board *B, Buf *buf, object state, object getrandbits, int *what) except -1:
    """`bots.dog_playout_policy`'s choice for the seat to move, drawing what it draws:
    *what = GIVE (the exchange: `random_action`'s `rng.choice(hand)`; returns the card), PLAY
    (returns the play's index in `buf`), FOLD (teams, stuck) or DISCARD (solo, stuck: one of
    the hand's kinds; returns the card)."""
    cdef int seat = B.turn, i, j, k, card, first, nb = 0, ncard_best
    cdef double value, best_value = -1e300, card_value
    cdef bint any_best = False
    cdef int *hand = B.hand[seat]
    if B.exchange:
        what[0] = GIVE
        return hand[_randbelow(getrandbits, B.nhand[seat])]
    _analyse(B)
    buf.n = 0
    for i in range(B.nhand[seat]):
        card = hand[i]
        if i and hand[i - 1] == card:
            continue  # each kind once, in the hand's order
        first = buf.n
        _plays(B, buf, card, state)
        if buf.n == first:
            continue
        # `_best_plays` of this card, then the choice among the cards
        ncard_best = 0
        card_value = -1e300
        for j in range(first, buf.n):
            value = _gain(B, &buf.plays[j])
            buf.gain[j] = value
            if ncard_best == 0 or value > card_value + 1e-9:
                card_value = value
                buf.best[nb] = j
                ncard_best = 1
            elif value >= card_value - 1e-9:
                buf.best[nb + ncard_best] = j
                ncard_best += 1
        if not any_best or card_value > best_value + 1e-9:
            # this card's best plays replace the others: move them to the front
            for k in range(ncard_best):
                buf.best[k] = buf.best[nb + k]
            nb = ncard_best
            best_value = card_value
            any_best = True
        elif card_value >= best_value - 1e-9:
            nb += ncard_best
    if nb == 0:  # stuck: `legal_actions` are the fold (teams) or a discard of each kind
        if B.teams:
            what[0] = FOLD
            return 0
        k = 0
        for i in range(B.nhand[seat]):
            if i == 0 or hand[i - 1] != hand[i]:
                k += 1
        j = 0 if k == 1 else _randbelow(getrandbits, k)
        k = 0
        for i in range(B.nhand[seat]):
            if i == 0 or hand[i - 1] != hand[i]:
                if k == j:
                    what[0] = DISCARD
                    return hand[i]
                k += 1
    what[0] = PLAY
    return buf.best[0 if nb == 1 else _randbelow(getrandbits, nb)]


cdef int _ply(Board *B, Buf *buf, object state, object getrandbits) except -1:
    """One ply of `bots.dog_playout_policy` and its `apply`: what follows (GOES_ON, ...)."""
    cdef int what = PLAY, seat = B.turn
    cdef int chosen = _decide(B, buf, state, getrandbits, &what)
    if what == GIVE:
        return _give(B, chosen)
    if what == FOLD:
        B.nhand[seat] = 0
        return _next_turn(B, seat)
    if what == DISCARD:
        _take(B, seat, chosen)
        return ENDS_ROUND  # the solo seat draws: the table's event
    return _apply_play(B, &buf.plays[chosen])


cdef inline void _init(Buf *buf) noexcept:
    buf.plays = NULL
    buf.gain = NULL
    buf.best = NULL
    buf.n = 0
    buf.cap = 0


cdef inline void _release(Buf *buf) noexcept:
    free(buf.plays)
    free(buf.gain)
    free(buf.best)


def choose(state, rng):
    """`bots.dog_playout_policy(game, state, rng)`: the same action, the same random numbers
    drawn (the search's expansion asks the policy first); None, having drawn nothing, for a
    state the compiled playout does not take."""
    if not _configured or type(rng) is not _random.Random:
        return None
    if state.phase != _PLAY_PHASE and state.phase != _EXCHANGE_PHASE:
        return None
    cdef Board B
    if not _load(&B, state):
        return None
    cdef Buf buf
    cdef int what = PLAY, chosen, i
    cdef Play *pl
    _init(&buf)
    try:
        _grow(&buf)
        chosen = _decide(&B, &buf, state, rng.getrandbits, &what)
        if what != PLAY:
            return _action(what, chosen if what != FOLD else 0, 0, ())
        pl = &buf.plays[chosen]
        segs = tuple([(pl.seg[i][0], pl.seg[i][1]) for i in range(pl.nseg)])
        return _action(PLAY, pl.card, pl.as_card, segs)
    finally:
        _release(&buf)


def playout(state, int depth, rng):
    """The values of ismcts' DOG playout from `state` (see the module's docstring); None,
    having drawn nothing, for a state the compiled playout does not take."""
    if not _configured or type(rng) is not _random.Random:
        return None
    cdef Board B
    if not _load(&B, state):
        return None
    if state.phase == _DEAL_PHASE or state.phase == _DRAW_PHASE:
        return _evaluate(&B)  # the table's event is next: the leaf as it is
    cdef Buf buf
    _init(&buf)
    cdef int outcome = GOES_ON
    getrandbits = rng.getrandbits
    try:
        _grow(&buf)
        while depth > 0:
            outcome = _ply(&B, &buf, state, getrandbits)
            depth -= 1
            if outcome != GOES_ON:
                break
        if outcome == ENDS_GAME:
            return _result(&B, B.team_of[B.turn])
        return _evaluate(&B)
    finally:
        _release(&buf)
