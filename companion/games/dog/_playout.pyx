# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=False
"""The search's DOG playout and iteration on the compiled DOG state (issues #31, #39): only the
compiled path has this module (setup.py builds it with the engine core; kit/accel.py's
ACCELERATORS).

The board, its plays and the state after each are `games/dog/engine/_state.pyx`'s (cimported through
`_state.pxd`: one copy of the board logic); this module adds what the advisor does on it:

- `playout(state, depth, rng)` does what ismcts' playout loop does for DOG with the measured
  parameters — `bots.dog_playout_policy` for up to `depth` plies, each followed by the engine's
  `apply`, stopping at the table's next event (the end of the round, a solo draw), then
  `bots.dog_evaluate` (or the result, when the game ends) — and returns the same values, having
  drawn the same random numbers from `rng`. `choose(state, rng)` is the policy's choice for one
  decision, as the action `bots.dog_playout_policy` returns (the search's policy-first
  expansion asks for it).
- `iteration(game, view, seat, root, root_actions, rng, cfg)`: ismcts' iteration
  (`_ismcts.Iteration`) for a DOG view as one compiled loop, or None where it does not take
  the view (the generic one runs then). Each iteration copies the view's board, deals its
  hidden cards as `info.determinize` does (the same plan, the same random numbers, the same
  hands), walks and grows the tree on the board (the legal plays of `rules.legal_actions` in
  its order, the folds, discards and gifts of `rules.apply` as far as the search meets them),
  plays out and backs up — no Python state per iteration. The tree's nodes are
  `_ismcts.Node`s; a node's children are keyed by an exact integer code of the play (not the
  `DogAction`, which only the new node keeps): the same tree, visits and values as the
  Python search's (tests/advisor/test_compiled_search.py).

A transcription, in the same order, of:
- `bots.dog_play_gains`, `_dog_danger`, `_best_plays`, the choice among the cards and `_pick`
  (`random.Random.randrange` as CPython draws it: `getrandbits` until below the count);
- `rules._apply_fold`, `_apply_discard`, `_apply_give` as far as the search and the playout
  see them (the folded cards and the gifts' memory do not change what follows);
- `bots.dog_evaluate` (`dog_seat_values`; the sum of the weights as CPython's `sum` adds
  floats, Neumaier's compensation included).

Every number is the same float: the gains and worths are sums of quarters (exact), the weights
come from the same `exp`. `playout` returns None, having drawn nothing, for a state it does not
take (the game over, a solo seat that drew, start protection "from_kennel", an unknown card, a
generator other than `random.Random`): the Python loop then runs. Change them together.
"""

from libc.math cimport exp, fabs, log, sqrt
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

import random as _random

from companion.advisor._ismcts cimport Node
from companion.games.dog.engine._state cimport (
    CS, GOAL, JOKER, MAXHAND, MAXSEG, NSEAT, ONE, FOUR, PH_DEAL, PH_DRAW, PH_EXCHANGE, PH_OVER,
    PH_PLAY, SEVEN, SWAP, THIRTEEN, Buf, DogBoard, Play, _analyse, _apply_play, _grow,
    _next_turn, _plays, _take)

from companion.games.dog.engine import actions as _actions
from companion.games.dog.engine import info as _info
from companion.games.dog.engine.state import DEAL as _DEAL_PHASE
from companion.games.dog.engine.state import DRAW as _DRAW_PHASE
from companion.games.dog.engine.state import EXCHANGE as _EXCHANGE_PHASE
from companion.games.dog.engine.state import PLAY as _PLAY_PHASE

#: the action kinds the policy chooses (`actions.py`)
cdef int PLAY = _actions.PLAY
cdef int FOLD = _actions.FOLD
cdef int DISCARD = _actions.DISCARD
cdef int GIVE = _actions.GIVE
cdef object _new_tuple = tuple.__new__
cdef object _DogAction = _actions.DogAction
cdef tuple _NO_CARDS = ()

cdef enum:
    # what a ply ends in
    GOES_ON = 0
    ENDS_ROUND = 1  # a table event is next (the deal, a solo draw): the leaf is evaluated
    ENDS_GAME = 2
    MAXSLOT = 64  # the unknown groups a determinization fills


cdef object _action(int kind, int card, int as_card, tuple segs):
    """DogAction(kind, card, as_card, segs)"""
    return _new_tuple(_DogAction, (kind, card, as_card, segs, _NO_CARDS, -1))


cdef object _play_action(Play *pl):
    return _action(PLAY, pl.card, pl.as_card,
                   tuple([(pl.seg[i][0], pl.seg[i][1]) for i in range(pl.nseg)]))


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


# -- the policy's scratch: the plays' gains, the best ones, the danger -----------------------------
cdef struct Scratch:
    double *gain
    int *best
    int cap
    int ncards  # the kinds in the hand of the seat to move, in its order
    int cards[MAXHAND]
    int bounds[MAXHAND + 1]  # where each kind's plays begin in the Buf
    # `bots._dog_danger`: per seat, the track fields an opponent's next move may reach (bits)
    unsigned long long danger[NSEAT][2]


cdef inline void _init(Buf *buf, Scratch *sc) noexcept:
    buf.plays = NULL
    buf.after = NULL
    buf.n = 0
    buf.cap = 0
    sc.gain = NULL
    sc.best = NULL
    sc.cap = 0
    sc.ncards = 0


cdef inline void _release(Buf *buf, Scratch *sc) noexcept:
    free(buf.plays)
    free(buf.after)
    free(sc.gain)
    free(sc.best)


cdef int _reserve(Scratch *sc, int n) except -1:
    if n <= sc.cap:
        return 0
    cdef double *gain = <double *> realloc(sc.gain, n * sizeof(double))
    if gain == NULL:
        raise MemoryError()
    sc.gain = gain
    cdef int *best = <int *> realloc(sc.best, n * sizeof(int))
    if best == NULL:
        raise MemoryError()
    sc.best = best
    sc.cap = n
    return 0


cdef inline int _mod(int a, int m) noexcept:
    """Python's a % m (m > 0)."""
    a = a % m
    return a + m if a < 0 else a


cdef inline bint _all_home(CS *B, int s) noexcept:
    cdef int i
    for i in range(B.nf):
        if B.fig[s][i] < B.L:
            return False
    return True


cdef inline bint _in_row(CS *B, int s, int p) noexcept:
    cdef int i
    for i in range(B.nf):
        if B.fig[s][i] == p:
            return True
    return False


cdef inline void _set(unsigned long long *bits, int f) noexcept:
    bits[f >> 6] |= 1ULL << (f & 63)


cdef inline bint _danger(Scratch *sc, int s, int f) noexcept:
    """May an opponent's next move reach track field f of seat s's figure?"""
    return (sc.danger[s][f >> 6] >> (f & 63)) & 1


cdef void _find_danger(CS *B, Scratch *sc) noexcept:
    """`bots._dog_danger`: the fields each team's next move may reach, then per seat the other
    teams'."""
    cdef int s, t, o, i, p, k, L = B.L
    cdef unsigned long long reach[NSEAT][2]
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
        sc.danger[s][0] = sc.danger[s][1] = 0
        for o in range(B.nteams):
            if o != t:
                sc.danger[s][0] |= reach[o][0]
                sc.danger[s][1] |= reach[o][1]


# -- the playout policy's estimate (bots.dog_play_gains) ----------------------------------------
cdef double _card_value(CS *B, int seat, int card) noexcept:
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


cdef inline double _worth(CS *B, Scratch *sc, int s, int p) noexcept:
    """`bots._worth`"""
    cdef double value
    if p < 0:
        return 0.0
    if p >= B.L:
        return DOG_OUT + DOG_HOME + B.L + 1 + (p - B.L) % GOAL
    value = DOG_OUT + 1 + _mod(p - B.start[s], B.L)
    if p != B.start[s] and _danger(sc, s, p):
        return value * (1 - DOG_THREAT)
    return value


cdef double _gain(CS *B, Scratch *sc, Play *pl) noexcept:
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
            da = _worth(B, sc, sa, b) - _worth(B, sc, sa, a)
            db = _worth(B, sc, sb, a) - _worth(B, sc, sb, b)
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
            if frm != st and _danger(sc, s, frm):
                before *= keep
        if to >= L:
            delta = home_base + (to - L) % GOAL - before
        elif to < 0:
            delta = 0.0 - before
        else:
            st = B.start[s]
            after = out_base + _mod(to - st, L)
            if to != st and _danger(sc, s, to):
                after *= keep
            delta = after - before
        gain += delta if B.team_of[s] == mine else -delta
        if 0 <= to < L:
            victim = B.occ[to]
            if victim >= 0 and to != frm:
                lost = _worth(B, sc, victim, to)
                gain += lost if B.team_of[victim] != mine else -lost
    return gain - cost


# -- the leaf -----------------------------------------------------------------------------------
cdef tuple _evaluate(CS *B, Scratch *sc):
    """`bots.dog_evaluate` (`dog_seat_values`), before the game's end."""
    cdef double worth[NSEAT]
    cdef double weights[NSEAT]
    cdef double value, risk, w, top, total, comp, x, tt
    cdef int s, i, p, t, L = B.L
    cdef bint waiting, on_start
    _find_danger(B, sc)  # the danger does not depend on the seat to move
    for t in range(NSEAT):
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
            if p != B.start[s] and _danger(sc, s, p):
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


cdef tuple _result(CS *B):
    return tuple([1.0 if B.team_of[s] == B.winner else 0.0 for s in range(B.n)])


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


# -- the decisions -------------------------------------------------------------------------------
cdef int _generate(DogBoard b, Buf *buf, Scratch *sc) except -1:
    """`rules._play_actions`' plays (the seat to move's hand is known): those of each kind in
    its hand, in the hand's order, into `buf`; where each kind's begin, in `sc`."""
    cdef CS *B = &b.s
    cdef int seat = B.turn, i, k = 0, card
    _analyse(B)
    buf.n = 0
    for i in range(B.nhand[seat]):
        card = B.hand[seat][i]
        if i and B.hand[seat][i - 1] == card:
            continue  # each kind once, in the hand's order
        sc.cards[k] = card
        sc.bounds[k] = buf.n
        _plays(b, buf, card)
        k += 1
    sc.bounds[k] = buf.n
    sc.ncards = k
    return _reserve(sc, buf.cap if buf.cap > 1 else 1)


cdef int _pick(CS *B, Buf *buf, Scratch *sc, object getrandbits, int *what) except -1:
    """`bots.dog_playout_policy`'s choice among the plays `_generate` wrote, drawing what it
    draws: *what = PLAY (returns the play's index in `buf`), FOLD (teams, stuck) or DISCARD
    (solo, stuck: one of the hand's kinds; returns the card)."""
    cdef int seat = B.turn, i, j, k, first, last, nb = 0, ncard_best
    cdef double value, best_value = -1e300, card_value
    cdef bint any_best = False
    _find_danger(B, sc)
    for k in range(sc.ncards):
        first = sc.bounds[k]
        last = sc.bounds[k + 1]
        if first == last:
            continue
        # `_best_plays` of this card, then the choice among the cards
        ncard_best = 0
        card_value = -1e300
        for j in range(first, last):
            value = _gain(B, sc, &buf.plays[j])
            sc.gain[j] = value
            if ncard_best == 0 or value > card_value + 1e-9:
                card_value = value
                sc.best[nb] = j
                ncard_best = 1
            elif value >= card_value - 1e-9:
                sc.best[nb + ncard_best] = j
                ncard_best += 1
        if not any_best or card_value > best_value + 1e-9:
            # this card's best plays replace the others: move them to the front
            for i in range(ncard_best):
                sc.best[i] = sc.best[nb + i]
            nb = ncard_best
            best_value = card_value
            any_best = True
        elif card_value >= best_value - 1e-9:
            nb += ncard_best
    if nb == 0:  # stuck: `legal_actions` are the fold (teams) or a discard of each kind
        if B.teams:
            what[0] = FOLD
            return 0
        j = 0 if sc.ncards == 1 else _randbelow(getrandbits, sc.ncards)
        what[0] = DISCARD
        return sc.cards[j]
    what[0] = PLAY
    return sc.best[0 if nb == 1 else _randbelow(getrandbits, nb)]


cdef int _decide(DogBoard b, Buf *buf, Scratch *sc, object getrandbits, int *what) except -1:
    """`bots.dog_playout_policy`'s choice for the seat to move (`_pick`); in the exchange
    *what = GIVE and the card (`random_action`'s `rng.choice(hand)`)."""
    cdef CS *B = &b.s
    cdef int seat = B.turn
    if B.phase == PH_EXCHANGE:
        what[0] = GIVE
        return B.hand[seat][_randbelow(getrandbits, B.nhand[seat])]
    _generate(b, buf, sc)
    return _pick(B, buf, sc, getrandbits, what)


cdef void _give(CS *B, int card) noexcept:
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
            return
    for s in range(n):  # `cards.add_card`: the hands stay sorted
        r = B.receiver[s]
        card = B.transit[s]
        j = B.nhand[r]
        while j > 0 and B.hand[r][j - 1] > card:
            B.hand[r][j] = B.hand[r][j - 1]
            j -= 1
        B.hand[r][j] = card
        B.nhand[r] += 1
        B.gifts[s] = card
        B.transit[s] = -1
    B.phase = PH_PLAY
    B.turn = starter


cdef int _do(CS *B, Play *plays, int what, int chosen) noexcept:
    """`rules.apply` of a decision (`_decide`'s) on the board: what follows."""
    cdef int seat = B.turn
    if what == GIVE:
        _give(B, chosen)
    elif what == FOLD:
        B.nhand[seat] = 0
        _next_turn(B, seat)
    elif what == DISCARD:
        _take(B, seat, chosen)
        B.phase = PH_DRAW  # the solo seat draws: the table's event
    else:
        _apply_play(B, &plays[chosen])
    if B.phase == PH_OVER:
        return ENDS_GAME
    if B.phase == PH_DEAL or B.phase == PH_DRAW:
        return ENDS_ROUND
    return GOES_ON


cdef tuple _play_out(DogBoard b, int depth, Buf *buf, Scratch *sc, object getrandbits):
    """The playout from board `b` (changed in place): its values."""
    cdef CS *B = &b.s
    cdef int what = PLAY, chosen, outcome = GOES_ON
    if B.phase == PH_OVER:
        return _result(B)
    if B.phase == PH_DEAL or B.phase == PH_DRAW:
        return _evaluate(B, sc)  # the table's event is next: the leaf as it is
    while depth > 0:
        chosen = _decide(b, buf, sc, getrandbits, &what)
        outcome = _do(B, buf.plays, what, chosen)
        depth -= 1
        if outcome != GOES_ON:
            break
    if outcome == ENDS_GAME:
        return _result(B)
    return _evaluate(B, sc)


cdef DogBoard _board_of(object state):
    """The board of `state`, or None when the compiled playout does not take it."""
    phase = state.phase
    if phase not in (_PLAY_PHASE, _EXCHANGE_PHASE, _DEAL_PHASE, _DRAW_PHASE):
        return None
    board = DogBoard.load(state)
    if board is None:
        return None
    cdef DogBoard b = <DogBoard> board
    cdef CS *B = &b.s
    cdef int s, i
    for s in range(B.n):
        for i in range(B.nhand[s]):
            if B.hand[s][i] <= 0:  # a card nobody reported
                return None
        if B.transit[s] == 0:  # a card given that nobody reported
            return None
    if (B.phase == PH_PLAY or B.phase == PH_EXCHANGE) and B.nhand[B.turn] == 0:
        return None
    return b


def choose(state, rng):
    """`bots.dog_playout_policy(game, state, rng)`: the same action, the same random numbers
    drawn (the search's expansion asks the policy first); None, having drawn nothing, for a
    state the compiled playout does not take."""
    if not _configured or type(rng) is not _random.Random:
        return None
    if state.phase != _PLAY_PHASE and state.phase != _EXCHANGE_PHASE:
        return None
    cdef DogBoard b = _board_of(state)
    if b is None:
        return None
    cdef Buf buf
    cdef Scratch sc
    cdef int what = PLAY, chosen
    _init(&buf, &sc)
    try:
        chosen = _decide(b, &buf, &sc, rng.getrandbits, &what)
        if what != PLAY:
            return _action(what, chosen if what != FOLD else 0, 0, ())
        return _play_action(&buf.plays[chosen])
    finally:
        _release(&buf, &sc)


def playout(state, int depth, rng):
    """The values of ismcts' DOG playout from `state` (see the module's docstring); None,
    having drawn nothing, for a state the compiled playout does not take."""
    if not _configured or type(rng) is not _random.Random:
        return None
    cdef DogBoard b = _board_of(state)
    if b is None:
        return None
    cdef Buf buf
    cdef Scratch sc
    _init(&buf, &sc)
    try:
        return _play_out(b, depth, &buf, &sc, rng.getrandbits)
    finally:
        _release(&buf, &sc)


include "_iteration.pxi"  # `iteration`: the search's whole iteration on the board
