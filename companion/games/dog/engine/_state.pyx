# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=False
"""The DOG state as one compiled value (issue #39): only the compiled engine has this module
(setup.py builds it; kit/accel.py's ACCELERATORS). The pure-Python engine (`rules`, `moves`,
`state`) is the reference and the fallback; this module does what they do, with the same
results in the same order, without building a Python state or action per play.

`DogBoard.load(state)` copies a `DogState` into C arrays (the figures, hands, discard counts,
phase, turn, dealer, round, gifts, transit, avoid, lapped, winner, and the configuration the
rules read); `to_state()` gives the `DogState` back (the boundary: the rest of the site reads
states). On the board:

- `generate(card, out)`: every legal play of `card` by the seat to move (`moves.plays_for`: the
  same plays in the same order) and, unless `boards=False`, the whole state after each
  (`rules.apply`: figures, hands, discard, gifts, turn, the end of the round or of the game),
  both kept in C in a `Plays` (reused by each generate into it); its `action(i)` and
  `board(i)` convert one of them at the boundary.
- `apply(action)`: `rules.apply` of a legal play, the state after it as a new board.

A transcription of `moves.moves_as`, `swap_pairs`, `plays_for` (the joker's shared
`knocked_own` and the 7s it skips, `_own_knock_key`), `fast_result` (the 7's walk as
`_fast.seven_result` does it) and `rules._apply_play`/`_next_turn`. The 7's plays come from
`_fast.seven_plays` (the compiled 7 on C arrays) through the engine's memo of the 7s
(`moves._SEVEN_MEMO`), or from `moves.sevens` where that fast path does not apply (the
partner exception's exhaustive search, mandatory goal entry, start fields not blocking the own
figures). `load` returns None for a state it does not take: start protection "from_kennel"
(the lapped flags), a board or hand beyond the arrays here; the caller then runs the Python
engine. tests/engines/test_compiled_state.py holds every play and every resulting state to
`plays_for` and `rules.apply` on seeded random games of 2-6 seats under the house rules.
"""

from libc.stdlib cimport free, realloc
from libc.string cimport memcmp, memcpy

from companion.games.dog.engine import actions as _actions
from companion.games.dog.engine import moves as _moves
from companion.games.dog.engine.state import DogState as _DogState

cdef int PLAY = _actions.PLAY
cdef object _new_tuple = tuple.__new__
cdef object _DogAction = _actions.DogAction
cdef object _DogStateType = _DogState
cdef tuple _NO_CARDS = ()

cdef int[14] _FORWARD_N  # distances of each card (the 1: 1 and 11), by card code
cdef int[14] _FORWARD_K
_FORWARD_N[:] = [0, 1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 0, 12, 13]
_FORWARD_K[:] = [0, 2, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1]
#: what a joker can be played as, in `cards.JOKER_AS`' order (the 7 last: see `plays_for`)
cdef int[12] _JOKER_AS
_JOKER_AS[:] = [1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13, SWAP]


include "_seven.pxi"  # the 7's search on C arrays (`_sort`, `Search`, `_rec`, ...)


cdef inline int _mod(int a, int m) noexcept:
    """Python's a % m (m > 0)."""
    a = a % m
    return a + m if a < 0 else a


cdef inline void _replace_in_row(int *row, int n, int old, int new) noexcept:
    """row[row.index(old)] = new; row.sort()"""
    cdef int i
    for i in range(n):
        if row[i] == old:
            row[i] = new
            break
    _sort(row, n)


# -- the board ----------------------------------------------------------------------------------
cdef void _occupy(CS *B) noexcept:
    cdef int i, s, p
    for i in range(B.L + GOAL * B.n):
        B.occ[i] = -1
    for s in range(B.n):
        for i in range(B.nf):
            p = B.fig[s][i]
            if p >= 0:
                B.occ[p] = s


cdef inline bint _in_row(CS *B, int s, int p) noexcept:
    cdef int i
    for i in range(B.nf):
        if B.fig[s][i] == p:
            return True
    return False


cdef void _analyse(CS *B) noexcept:
    """`moves.Ctx` for the seat to move (lapped is 0 here: start protection "always")."""
    cdef int seat = B.turn, s, f, i
    B.c = seat
    if B.teams:
        B.c = B.partner[seat]
        for i in range(B.nf):
            if B.fig[seat][i] < B.L:
                B.c = seat
                break
    B.nprot = 0
    for s in range(B.n):
        f = B.start[s]
        if B.occ[f] == s:
            B.prot[B.nprot] = f
            B.nprot += 1
    B.goal_free = 0
    while B.goal_free < GOAL and B.occ[B.gb[B.c] + B.goal_free] < 0:
        B.goal_free += 1


cdef inline int _free_fwd(CS *B, int p, int c) noexcept:
    cdef int best = B.L, own_start = B.start[c], i, b, d
    for i in range(B.nprot):
        b = B.prot[i]
        if b == p or (b == own_start and not B.blocks_own):
            continue
        d = _mod(b - p, B.L)
        if d < best:
            best = d
    return best - 1


cdef inline int _free_back(CS *B, int p, int c) noexcept:
    cdef int best = B.L, own_start = B.start[c], i, b, d
    for i in range(B.nprot):
        b = B.prot[i]
        if b == p or (b == own_start and not B.blocks_own):
            continue
        d = _mod(p - b, B.L)
        if d < best:
            best = d
    return best - 1


cdef inline int _to_start(CS *B, int p, int c) noexcept:
    cdef int ds = _mod(B.start[c] - p, B.L)
    if ds == 0 and not B.goal_from_start:
        return B.L
    return ds


cdef inline bint _lands_ok(CS *B, int dest) noexcept:
    cdef int s = B.occ[dest]
    if s < 0:
        return True
    if dest == B.start[s]:
        return False
    return B.knock_own or not (B.team_mask[B.turn] >> s & 1)


cdef inline int _goal_room(CS *B, int p) noexcept:
    cdef int base = B.gb[B.c], g = p - base, room = 0
    while g + room + 1 < GOAL and B.occ[base + g + room + 1] < 0:
        room += 1
    return room


cdef inline bint _protected_at(CS *B, int f) noexcept:
    cdef int s = B.occ[f]
    return s >= 0 and f == B.start[s]


# -- the plays (moves.py) -----------------------------------------------------------------------
cdef int _grow(Buf *buf) except -1:
    cdef int cap = buf.cap * 2 if buf.cap else 64
    cdef Play *plays = <Play *> realloc(buf.plays, cap * sizeof(Play))
    if plays == NULL:
        raise MemoryError()
    buf.plays = plays
    cdef CS *after = <CS *> realloc(buf.after, cap * sizeof(CS))
    if after == NULL:
        raise MemoryError()
    buf.after = after
    buf.cap = cap
    return 0


cdef inline int _add(Buf *buf, int card, int as_card, int frm, int to) except -1:
    """A play of one segment."""
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


cdef int _swap_pairs(CS *B, Buf *buf, int card) except -1:
    """`moves.swap_pairs` as plays; the number of pairs."""
    cdef int c = B.c, L = B.L, i, f, a, n = 0, no = 0
    cdef int others[NFIELD]
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


cdef int _moves_as(CS *B, Buf *buf, int card, int as_card, int *knocked, int *nk,
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


cdef tuple _figures(CS *B):
    return tuple([tuple([B.fig[s][i] for i in range(B.nf)]) for s in range(B.n)])


cdef bint _exception_possible(CS *B) noexcept:
    """`moves._exception_possible` (then the 7 takes the exhaustive search)."""
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


cdef int _sevens_c(CS *B, Buf *buf, int card, int *knocked, int nk) except -1:
    """`_fast.seven_plays`' search (`moves.seven_plays`' fast path) on this board, its results
    written as plays of `card` in its order, without Python objects; for a joker without the
    7s that end where one of the `nk` own knock-outs ends (`_own_knock_key`: the own row with
    that figure in the kennel, nothing knocked). -1 when the board is beyond its arrays."""
    cdef Search S
    cdef int c = B.c, L = B.L, s, p, i, j, k, b, d, best, free_, ds, own_start, own_protected
    cdef int maxk
    cdef int row[MAXM + MAXK]
    cdef Key *kk
    cdef Play *pl
    cdef bint skip
    if B.n > MAXSEATS or L + GOAL_FIELDS * B.n > MAXF or B.nf > MAXM + MAXK:
        return -1
    S.F = L + GOAL_FIELDS * B.n
    S.c = c
    S.L = L
    S.team = B.team_mask[B.turn]
    S.knock_own = B.knock_own
    S.first_only = False
    S.keys = NULL
    S.nkeys = 0
    S.capkeys = 0
    for i in range(S.F):
        S.occ[i] = B.occ[i]
    for s in range(B.n):
        S.start[s] = B.start[s]
    S.m = 0
    S.nk = 0
    for i in range(B.nf):
        p = B.fig[c][i]
        if p >= 0:
            if S.m == MAXM:
                return -1
            S.own[S.m] = p
            S.m += 1
        else:
            if S.nk == MAXK:
                return -1
            S.kennels[S.nk] = p
            S.nk += 1
    if S.m == 0:
        return 0
    own_start = S.start[c]
    own_protected = -1
    for i in range(B.nprot):
        if B.prot[i] == own_start:
            own_protected = own_start
    for i in range(S.m):
        p = S.own[i]
        S.chosen[i] = NOPT
        if p >= L:
            _options(&S, i, p, 0, 0, B.gb[c], own_protected)
        else:
            best = L
            for j in range(B.nprot):
                b = B.prot[j]
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
            if ds == 0 and not B.goal_from_start:
                ds = L
            _options(&S, i, p, ds, free_, B.gb[c], own_protected)
    S.cap[S.m] = 0
    for i in range(S.m - 1, -1, -1):
        maxk = 0
        for k in range(8):
            if S.nby_k[i][k]:
                maxk = k
        S.cap[i] = S.cap[i + 1] + maxk
    if S.cap[0] < STEPS:
        return 0
    try:
        _rec(&S, None, 0, STEPS)
        for j in range(S.nkeys):
            kk = &S.keys[j]
            skip = False
            if kk.nv == 0 and kk.nf == B.nf:
                for i in range(nk):  # the own row after knocking figure knocked[i] out
                    for k in range(B.nf):
                        row[k] = B.fig[c][k]
                    for k in range(B.nf):
                        if row[k] == knocked[i]:
                            row[k] = -1 - c
                            break
                    _sort(row, B.nf)
                    if memcmp(row, kk.finals, B.nf * sizeof(int)) == 0:
                        skip = True
                        break
            if skip:
                continue
            if buf.n == buf.cap:
                _grow(buf)
            pl = &buf.plays[buf.n]
            pl.card = card
            pl.as_card = SEVEN
            pl.nseg = kk.nseg
            for i in range(kk.nseg):
                pl.seg[i][0] = kk.seg[i][0]
                pl.seg[i][1] = kk.seg[i][1]
            buf.n += 1
    finally:
        free(S.keys)
    return 0


cdef int _sevens(DogBoard board, Buf *buf, int card, int *knocked, int nk) except -1:
    """The 7s of the board (`moves.sevens`), as plays of `card`; for a joker (`nk` own
    knock-outs listed) without those that end where one of them ends (`moves.plays_for`,
    `_own_knock_key`). The fast path's search in C where `moves` takes it (`_sevens_c`), else
    through the engine's memo of the 7s and `moves.sevens`."""
    cdef CS *B = &board.s
    cdef int i, k, c = B.c
    if (_moves._FAST_SEVEN is not None and B.blocks_own and not B.mandatory
            and not _exception_possible(B)):
        if _sevens_c(B, buf, card, knocked, nk) == 0:
            return 0
    figures = _figures(B)
    key = (figures, 0, B.turn)
    memo = _moves._SEVEN_MEMO
    cfg = board.cfg
    hit = memo.get(key)
    seven = None
    full = False
    if hit is not None and hit[0] is cfg:
        seven = hit[1]
        full = hit[2]
    elif (_moves._FAST_SEVEN is not None and B.blocks_own and not B.mandatory
            and not _exception_possible(B)):
        # what `moves.sevens` does for this board, without its state and `Ctx`
        seven = _moves._FAST_SEVEN(
            figures, c, B.L, board.start, B.gb[c], [B.prot[i] for i in range(B.nprot)],
            B.team_mask[B.turn], B.knock_own, B.goal_from_start, False)
        if seven is not None:
            if len(memo) >= _moves.SEVEN_MEMO_SIZE:
                memo.clear()
            memo[key] = (cfg, seven, False)
    if seven is None:
        ctx = _moves.Ctx(board.to_state(), B.turn)
        seven = _moves.sevens(ctx)
        full = ctx.seven_full
    skip = None
    if nk:
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
        if skip is not None and key in skip:
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


cdef int _plays(DogBoard board, Buf *buf, int card) except -1:
    """`moves.plays_for(ctx, card)`, appended to `buf`."""
    cdef int knocked[64]
    cdef int nk = 0, i, as_card
    cdef CS *B = &board.s
    if card == SEVEN:
        return _sevens(board, buf, card, knocked, 0)
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
    return _sevens(board, buf, card, knocked, nk)


# -- apply (rules.py) ---------------------------------------------------------------------------
cdef void _knock(CS *B, int f) noexcept:
    cdef int s = B.occ[f]
    cdef int i
    B.occ[f] = -1
    for i in range(B.nf):
        if B.fig[s][i] == f:
            B.fig[s][i] = -1 - s
            break


cdef void _move(CS *B, Play *pl) noexcept:
    """`moves.fast_result` (under start protection "always"), and the 7's walk
    (`_fast.seven_result`: it burns what it passes)."""
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
        B.occ[frm] = victim
        B.occ[to] = mover
        return
    if pl.as_card != SEVEN:
        frm = pl.seg[0][0]
        to = pl.seg[0][1]
        mover = -1 - frm if frm < 0 else B.occ[frm]
        if 0 <= to < L and B.occ[to] >= 0:
            victim = B.occ[to]
            _replace_in_row(B.fig[victim], B.nf, to, -1 - victim)
        _replace_in_row(B.fig[mover], B.nf, frm, to)
        if frm >= 0:
            B.occ[frm] = -1
        B.occ[to] = mover
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


cdef void _take(CS *B, int seat, int card) noexcept:
    """`cards.remove_card`, an unknown card (sorted first) standing in for a card not in the
    hand."""
    cdef int i, j, at = 0
    for i in range(B.nhand[seat]):
        if B.hand[seat][i] == card:
            at = i
            break
    if B.nhand[seat] == 0:
        return
    for j in range(at, B.nhand[seat] - 1):
        B.hand[seat][j] = B.hand[seat][j + 1]
    B.nhand[seat] -= 1


cdef void _apply_play(CS *B, Play *pl) noexcept:
    """`rules._apply_play` (and `_next_turn` when the round ends)."""
    cdef int seat = B.turn, s, i, n = B.n, t = B.team_of[seat], giver
    cdef bint won = True
    _move(B, pl)
    _take(B, seat, pl.card)
    B.discard[pl.card] += 1
    giver = B.partner[seat] if B.teams else (seat - 1 + n) % n
    if B.gifts[giver] == pl.card:
        B.gifts[giver] = -1
    for s in range(n):
        if B.team_of[s] == t and (B.nf < GOAL or B.fig[s][B.nf - GOAL] < B.L):
            won = False
            break
    if won:
        B.phase = PH_OVER
        B.turn = seat
        B.winner = t
        return
    B.winner = -1
    _next_turn(B, seat)


cdef void _next_turn(CS *B, int seat) noexcept:
    """`rules._next_turn`: the next seat with cards plays, else the round is over."""
    cdef int s, i, n = B.n
    for i in range(1, n + 1):
        s = (seat + i) % n
        if B.nhand[s] > 0:
            B.phase = PH_PLAY
            B.turn = s
            return
    # the round is over: the next dealer deals
    B.dealer = (B.dealer + 1) % n
    B.phase = PH_DEAL
    B.turn = B.dealer
    B.round += 1
    for s in range(n):
        B.gifts[s] = -1
        B.transit[s] = -1
        B.avoid[s] = 0


cdef class DogBoard:
    """One DOG state in C arrays (see the module's docstring; its fields: _state.pxd)."""

    @staticmethod
    def load(state):
        """The board of `state`, or None when it is not taken here (start protection
        "from_kennel", a board or hand beyond the arrays): the Python engine runs then."""
        cfg = state.cfg
        rules = cfg.rules
        if state.lapped != 0 or rules.start_protection != "always":
            return None
        geo = cfg.geo
        cdef int n = cfg.seats, s, i, nf = cfg.figures_per_seat
        if n > NSEAT or nf > MAXFIG or geo.length + GOAL * n > NFIELD:
            return None
        cdef DogBoard b = DogBoard.__new__(DogBoard)
        cdef CS *B = &b.s
        b.cfg = cfg
        b.folds = state.folds
        b.start = geo.start
        B.n = n
        B.nf = nf
        B.L = geo.length
        B.teams = cfg.mode == "teams"
        B.nteams = len(cfg.teams)
        B.blocks_own = rules.start_blocks_own
        B.knock_own = rules.knock_own
        B.mandatory = rules.goal_entry_mandatory
        B.goal_from_start = rules.goal_from_start
        B.swap_void = rules.swap_void
        B.partner_exception = rules.seven_partner_exception
        B.phase = state.phase
        B.turn = state.turn
        B.round = state.round
        B.dealer = state.dealer
        B.winner = state.winner
        for i in range(NKINDS):
            B.discard[i] = state.discard[i]
        for s in range(n):
            row = state.figures[s]
            hand = state.hands[s]
            if len(row) != nf or len(hand) > MAXHAND:
                return None
            for i in range(nf):
                B.fig[s][i] = row[i]
            B.nhand[s] = len(hand)
            for i in range(B.nhand[s]):
                B.hand[s][i] = hand[i]
            B.start[s] = geo.start[s]
            B.gb[s] = geo.goal_base[s]
            B.team_of[s] = cfg.team_of[s]
            B.partner[s] = cfg.partner[s]
            B.team_mask[s] = cfg.team_mask[s]
            B.receiver[s] = cfg.receiver[s]
            B.avoid[s] = state.avoid[s]
            B.transit[s] = state.transit[s]
            B.gifts[s] = state.gifts[s]
        _occupy(B)
        return b

    cdef DogBoard _copy(self, CS *src):
        cdef DogBoard b = DogBoard.__new__(DogBoard)
        memcpy(&b.s, src, sizeof(CS))
        b.cfg = self.cfg
        b.folds = self.folds
        b.start = self.start
        return b

    def to_state(self):
        """The `DogState` of this board (the boundary)."""
        cdef CS *B = &self.s
        cdef int s, i
        n = B.n
        figures = tuple([tuple([B.fig[s][i] for i in range(B.nf)]) for s in range(n)])
        hands = tuple([tuple([B.hand[s][i] for i in range(B.nhand[s])]) for s in range(n)])
        return _new_tuple(_DogStateType, (
            self.cfg, B.phase, B.turn, figures, hands,
            tuple([B.discard[i] for i in range(NKINDS)]), self.folds,
            tuple([B.avoid[s] for s in range(n)]), tuple([B.transit[s] for s in range(n)]),
            tuple([B.gifts[s] for s in range(n)]), B.round, B.dealer, 0, B.winner))

    @property
    def phase(self):
        return self.s.phase

    @property
    def turn(self):
        return self.s.turn

    def generate(self, int card, Plays out=None, bint boards=True):
        """Every legal play of `card` by the seat to move (its hand is not consulted, as
        `moves.plays_for`) and, with `boards`, the state after each (`rules.apply`), written
        into `out` (by default the module's own `Plays`, kept until the next `generate`
        into it): returns it."""
        cdef CS *B = &self.s
        cdef int i
        if out is None:
            out = _DEFAULT
        cdef Buf *buf = &out.buf
        buf.n = 0
        out.origin = self
        _analyse(B)
        _plays(self, buf, card)
        if boards:
            for i in range(buf.n):
                memcpy(&buf.after[i], B, sizeof(CS))
                _apply_play(&buf.after[i], &buf.plays[i])
        out.boards = boards
        return out

    def apply(self, action):
        """`rules.apply` of a legal play (a `DogAction` of kind PLAY): the board after it."""
        kind, card, as_card, segs, _, _ = action
        if kind != PLAY:
            raise ValueError("DogBoard.apply takes plays only (the Python engine applies "
                             "the rest)")
        cdef Play pl
        cdef int k
        if len(segs) > MAXSEG:
            raise ValueError("a 7 of more than seven segments")
        pl.card = card
        pl.as_card = as_card
        pl.nseg = len(segs)
        for k in range(pl.nseg):
            pl.seg[k][0] = segs[k][0]
            pl.seg[k][1] = segs[k][1]
        cdef DogBoard b = self._copy(&self.s)
        _apply_play(&b.s, &pl)
        return b


cdef class Plays:
    """The plays of one card on one board and the board after each (`DogBoard.generate`),
    in C arrays; one converted at a time at the boundary. Reused by each `generate` into it."""

    cdef Buf buf
    cdef DogBoard origin
    cdef bint boards

    def __cinit__(self):
        self.buf.plays = NULL
        self.buf.after = NULL
        self.buf.n = 0
        self.buf.cap = 0
        self.boards = False

    def __dealloc__(self):
        free(self.buf.plays)
        free(self.buf.after)

    def __len__(self):
        return self.buf.n

    def action(self, int i):
        """The `DogAction` of play i."""
        if not 0 <= i < self.buf.n:
            raise IndexError(i)
        cdef Play *pl = &self.buf.plays[i]
        segs = tuple([(pl.seg[k][0], pl.seg[k][1]) for k in range(pl.nseg)])
        return _new_tuple(_DogAction, (PLAY, pl.card, pl.as_card, segs, _NO_CARDS, -1))

    def actions(self):
        """Every play's `DogAction`, in order (`moves.plays_for`'s list)."""
        return [self.action(i) for i in range(self.buf.n)]

    def board(self, int i):
        """The board after play i."""
        if not 0 <= i < self.buf.n or not self.boards:
            raise IndexError(i)
        return self.origin._copy(&self.buf.after[i])


cdef Plays _DEFAULT = Plays()
