# Compiled (kit/accel.py): C types only where declared (moves.pxd, @cython.locals), never on a
# function with nested functions or generator expressions that read the typed names: Cython
# would declare them again, uninitialized, in the nested scope (the IndexError of a clean
# build's 7, issue #31; tests/engines/test_engine_paths.py checks it).
"""DOG board moves: what each card can do, and the checked simulation of a play.

Two implementations that tests hold against each other:

- `simulate` walks a play field by field and returns the position after it, or the first
  `Violation` (it serves `check` and `apply`, and accepts any legal order of 7 segments);
- the generators (`plays_for`, `seven_plays`) enumerate every legal play of a card quickly,
  one canonical action per resulting position.

Moves are in the direction of play: track field t+1 follows t. A figure of seat c passes its
start field S=start[c] and may then enter its goal (never directly from S, never backwards).
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

try:
    import cython  # compiled: Cython's C types (setup.py, kit/accel.py); run as Python: no-ops
except ImportError:  # pure Python without Cython installed
    from companion.engines.kit import nocython as cython

from companion.engines.base import Violation

from .actions import PLAY, DogAction, Seg, new_plays
from .board import GOAL_FIELDS, kennel, kennel_seat
from .cards import FORWARD, FOUR, JOKER, JOKER_AS, ONE, SEVEN, SWAP, THIRTEEN, TOKEN
from .messages import violation
from .notation import position_token
from .state import DogState, active_colour

Figures = tuple[tuple[int, ...], ...]
Key = tuple[tuple[int, ...], frozenset[int]]

#: The compiled core's own hot paths (`_fast.pyx`, kit/accel.py): the 7 on C arrays for
#: `seven_plays`' fast path and `fast_result`'s walk of a 7, `new_plays` without a Python
#: frame. Only where this module runs
#: compiled; the code here and in actions.py is the reference and the fallback.
_FAST_SEVEN = None
_FAST_SEVEN_RESULT = None
if cython.compiled:
    from companion.engines.kit import accel as _accel

    _fast = _accel.accelerator("companion.games.dog.engine._fast")
    if _fast is not None:
        _FAST_SEVEN = _fast.seven_plays
        _FAST_SEVEN_RESULT = _fast.seven_result
        new_plays = _fast.new_plays

_EMPTY: Final[frozenset[int]] = frozenset()


# ---------------------------------------------------------------------------------------------
# Analysis of one position for one seat (built once per legal_actions call)
# ---------------------------------------------------------------------------------------------
class Ctx:
    """Everything the generators need about `state` for the seat to move."""

    __slots__ = ("L", "blocks_own", "c", "figures", "gb", "goal_free", "knock_own", "lapped",
                 "limits", "mandatory", "occ", "prot", "rules", "seat", "seven", "seven_full",
                 "start", "state", "team")

    def __init__(self, state: DogState, seat: int) -> None:
        cfg = state.cfg
        geo = cfg.geo
        rules = cfg.rules
        self.state = state
        self.rules = rules
        self.seat = seat
        self.figures = figures = state.figures
        self.L = L = geo.length
        c = seat  # the active colour (state.active_colour): the partner's once all are home
        if cfg.mode == "teams":
            for p in figures[seat]:
                if p < L:
                    break
            else:
                c = cfg.partner[seat]
        self.c = c
        self.start = start = geo.start
        self.gb = goal_base = geo.goal_base
        self.team = cfg.team_mask[seat]
        self.lapped = lapped = state.lapped
        self.blocks_own = rules.start_blocks_own
        self.knock_own = rules.knock_own
        self.mandatory = rules.goal_entry_mandatory
        self.occ = occ = {p: s for s, fs in enumerate(figures) for p in fs if p >= 0}
        # protected track fields: a figure on the start field of its own colour
        self.prot = [f for s, f in enumerate(start) if occ.get(f) == s and not lapped >> s & 1]
        # free goal fields of the active colour, counted from G1
        gb = goal_base[c]
        free = 0
        while free < GOAL_FIELDS and gb + free not in occ:
            free += 1
        self.goal_free = free
        self.seven: dict[Key | Figures, tuple[Seg, ...]] | None = None
        self.seven_full = False  # are the keys of `seven` whole figures (exhaustive search)?
        self.limits: list[tuple[int, int, int]] | None = None  # see `forward_limits`

    # -- distances ----------------------------------------------------------------------------
    def free_fwd(self, p: int, c: int) -> int:
        """How many fields a figure of colour c on track field p may move forward before a
        protected figure blocks it."""
        best = self.L
        own_start = self.start[c]
        for b in self.prot:
            if b == p or (b == own_start and not self.blocks_own):
                continue
            d = (b - p) % self.L
            if d < best:
                best = d
        return best - 1

    def free_back(self, p: int, c: int) -> int:
        best = self.L
        own_start = self.start[c]
        for b in self.prot:
            if b == p or (b == own_start and not self.blocks_own):
                continue
            d = (p - b) % self.L
            if d < best:
                best = d
        return best - 1

    def to_start(self, p: int, c: int) -> int:
        """Fields from track field p to the own start field S (the goal needs more than
        that); L when p is S itself (the goal is never entered directly from S)."""
        ds = (self.start[c] - p) % self.L
        if ds == 0 and not self.rules.goal_from_start:
            return self.L
        return ds

    def lands_ok(self, dest: int) -> bool:
        """May a moving figure end on track field `dest` (knocking whatever stands there)?"""
        s = self.occ.get(dest)
        if s is None:
            return True
        if dest == self.start[s] and not self.lapped >> s & 1:
            return False  # a protected figure cannot be knocked out
        return self.knock_own or not self.team >> s & 1

    def goal_room(self, p: int) -> int:
        """How far a figure on goal code p can move inside its goal."""
        base = self.gb[self.c]
        g = p - base
        room = 0
        while g + room + 1 < GOAL_FIELDS and base + g + room + 1 not in self.occ:
            room += 1
        return room


# ---------------------------------------------------------------------------------------------
# Simple cards
# ---------------------------------------------------------------------------------------------
def forward_dests(ctx: Ctx, p: int, n: int) -> list[int]:
    """Destinations of the active colour's figure on p moving n fields forward."""
    c = ctx.c
    L = ctx.L
    if p >= L:  # in the goal
        return [p + n] if n <= ctx.goal_room(p) else []
    free = ctx.free_fwd(p, c)
    out: list[int] = []
    ds = ctx.to_start(p, c)
    goal_ok = ds < n and n - ds <= ctx.goal_free and ds <= free
    if goal_ok:
        out.append(ctx.gb[c] + n - ds - 1)
    if n <= free and not (goal_ok and ctx.mandatory):
        dest = (p + n) % L
        if ctx.lands_ok(dest):
            out.append(dest)
    return out


def forward_limits(ctx: Ctx) -> list[tuple[int, int, int]]:
    """Per figure of the active colour out of the kennel, what `forward_dests` needs whatever
    the distance: (p, free_fwd, to_start) on the track, (p, goal_room, 0) in the goal; kept
    on `ctx`."""
    c = ctx.c
    L = ctx.L
    ctx.limits = limits = [(p, ctx.goal_room(p), 0) if p >= L
                           else (p, ctx.free_fwd(p, c), ctx.to_start(p, c))
                           for p in ctx.figures[c] if p >= 0]
    return limits


def backward_dest(ctx: Ctx, p: int) -> int | None:
    if p >= ctx.L or ctx.free_back(p, ctx.c) < 4:
        return None
    dest = (p - 4) % ctx.L
    return dest if ctx.lands_ok(dest) else None


def come_out_ok(ctx: Ctx) -> bool:
    c = ctx.c
    if kennel(c) not in ctx.figures[c]:
        return False
    return ctx.lands_ok(ctx.start[c])


def protected_at(ctx: Ctx, f: int) -> bool:
    s = ctx.occ.get(f)
    return s is not None and f == ctx.start[s] and not ctx.lapped >> s & 1


def swap_pairs(ctx: Ctx) -> list[Seg]:
    c = ctx.c
    L = ctx.L
    own = [p for p in ctx.figures[c] if 0 <= p < L and not protected_at(ctx, p)]
    if not own:
        return []
    others = [f for f, s in ctx.occ.items() if f < L and s != c and not protected_at(ctx, f)]
    others.sort()
    return [(a, b) for a in own for b in others]


def moves_as(ctx: Ctx, as_card: int,
             knocked_own: set[int] | None = None) -> list[tuple[Seg, ...]]:
    """Every legal move (as segs) of a card played as `as_card` (7: deduplicated splits;
    swap: the pairs, or the void swap `()` when none is possible and the rules allow it).

    A move that knocks out a figure of the moving colour leaves the same position as any
    other such move of the same figure (the figure leaves its field, one more sits in the
    kennel): `knocked_own` collects the figures already listed so, across cards.
    """
    c = ctx.c
    if as_card == SEVEN:
        return list(sevens(ctx).values())
    if as_card == SWAP:
        pairs = swap_pairs(ctx)
        if pairs:
            return [(pair,) for pair in pairs]
        return [()] if ctx.rules.swap_void else []
    if knocked_own is None:
        knocked_own = set()
    occ = ctx.occ
    out: list[tuple[Seg, ...]] = []
    if as_card in (ONE, THIRTEEN) and come_out_ok(ctx):
        out.append(((kennel(c), ctx.start[c]),))
    # `forward_dests` for every distance and figure, with what does not depend on the
    # distance computed once per analysis (the joker asks for twelve cards)
    limits = ctx.limits if ctx.limits is not None else forward_limits(ctx)
    L = ctx.L
    goal_free = ctx.goal_free
    mandatory = ctx.mandatory
    goal_base = ctx.gb[c]
    for n in FORWARD[as_card]:
        for p, free, ds in limits:
            # a goal field within `free` / `goal_free` is empty: nothing to knock out there
            if p >= L:  # in the goal: `free` is the room left there
                if n <= free:
                    out.append(((p, p + n),))
                continue
            goal_ok = ds < n and n - ds <= goal_free and ds <= free
            if goal_ok:
                out.append(((p, goal_base + n - ds - 1),))
            if n <= free and not (goal_ok and mandatory):
                d = (p + n) % L
                s = occ.get(d)
                if s is None:
                    out.append(((p, d),))
                elif ctx.lands_ok(d):
                    if s == c:  # the same position as any other own knock-out of p's figure
                        if p in knocked_own:
                            continue
                        knocked_own.add(p)
                    out.append(((p, d),))
    if as_card == FOUR:
        for p in ctx.figures[c]:
            d4 = backward_dest(ctx, p) if p >= 0 else None
            if d4 is not None:
                if occ.get(d4) == c:
                    if p in knocked_own:
                        continue
                    knocked_own.add(p)
                out.append(((p, d4),))
    return out


def can_play_as(ctx: Ctx, as_card: int) -> tuple[Seg, ...] | None:
    """One legal move of `as_card` (None when there is none). Cheaper than `moves_as`."""
    c = ctx.c
    if as_card == SEVEN:
        plays = seven_plays(ctx, first_only=True)
        return next(iter(plays.values()), None)
    if as_card == SWAP:
        pairs = swap_pairs(ctx)
        if pairs:
            return (pairs[0],)
        return () if ctx.rules.swap_void else None
    if as_card in (ONE, THIRTEEN) and come_out_ok(ctx):
        return ((kennel(c), ctx.start[c]),)
    own = [p for p in ctx.figures[c] if p >= 0]
    for n in FORWARD[as_card]:
        for p in own:
            ds = forward_dests(ctx, p, n)
            if ds:
                return ((p, ds[0]),)
    if as_card == FOUR:
        for p in own:
            d4 = backward_dest(ctx, p)
            if d4 is not None:
                return ((p, d4),)
    return None


#: The 7s of recent positions: (figures, lapped, seat) → (config, plays, exhaustive). A search
#: meets the same boards over and over (with other cards in the hands); the 7 is the expensive
#: card. Read-only values; cleared when full.
_SEVEN_MEMO: dict[tuple[Figures, int, int], tuple[object, dict[Key | Figures, tuple[Seg, ...]],
                                                  bool]] = {}
SEVEN_MEMO_SIZE: Final = 4096


def sevens(ctx: Ctx) -> dict[Key | Figures, tuple[Seg, ...]]:
    """The 7s of this position, computed once per analysis (the 7 and the joker share it)
    and remembered for the next analyses of the same board (`_SEVEN_MEMO`)."""
    if ctx.seven is None:
        state = ctx.state
        key = (state.figures, state.lapped, ctx.seat)
        hit = _SEVEN_MEMO.get(key)
        if hit is not None and hit[0] is state.cfg:
            ctx.seven, ctx.seven_full = hit[1], hit[2]
        else:
            ctx.seven = seven_plays(ctx)
            ctx.seven_full = _seven_exhaustive(ctx)
            if len(_SEVEN_MEMO) >= SEVEN_MEMO_SIZE:
                _SEVEN_MEMO.clear()
            _SEVEN_MEMO[key] = (state.cfg, ctx.seven, ctx.seven_full)
    return ctx.seven


def plays_for(ctx: Ctx, card: int) -> list[DogAction]:
    """Every legal play of `card` from the hand, one per resulting position."""
    if card != JOKER:
        return new_plays(card, card, moves_as(ctx, card))
    out: list[DogAction] = []
    knocked_own: set[int] = set()
    for as_card in JOKER_AS:
        if as_card == SEVEN:
            continue
        if as_card == SWAP:
            segs_list = [(pair,) for pair in swap_pairs(ctx)]  # a joker is never a void swap
        elif as_card == THIRTEEN:  # coming out is the same as with the joker as 1
            segs_list = [s for s in moves_as(ctx, as_card, knocked_own) if s[0][0] >= 0]
        else:
            segs_list = moves_as(ctx, as_card, knocked_own)
        out.extend(new_plays(JOKER, as_card, segs_list))
    # a 7 that knocks out one own figure may end where a plain move knocking one out ends
    seven = sevens(ctx)
    skip = {_own_knock_key(ctx, p) for p in knocked_own}
    out.extend(new_plays(JOKER, SEVEN, [segs for key, segs in seven.items() if key not in skip]))
    return out


def _own_knock_key(ctx: Ctx, p: int) -> Key | Figures:
    """The 7-result key of the position after the figure on p knocks out an own figure."""
    c = ctx.c
    row = list(ctx.figures[c])
    row.remove(p)
    row.append(kennel(c))
    row.sort()
    if ctx.seven_full:
        figs = list(ctx.figures)
        figs[c] = tuple(row)
        return tuple(figs)
    return (tuple(row), _EMPTY)


def joker_example(ctx: Ctx) -> DogAction | None:
    for as_card in JOKER_AS:
        if as_card == SWAP:
            pairs = swap_pairs(ctx)
            if pairs:
                return DogAction(PLAY, JOKER, SWAP, (pairs[0],))
            continue
        segs = can_play_as(ctx, as_card)
        if segs is not None:
            return DogAction(PLAY, JOKER, as_card, segs)
    return None


def example_play(ctx: Ctx, card: int) -> DogAction | None:
    """One legal play of `card` (None if it cannot be played)."""
    if card == JOKER:
        return joker_example(ctx)
    segs = can_play_as(ctx, card)
    return None if segs is None else DogAction(PLAY, card, card, segs)


# ---------------------------------------------------------------------------------------------
# The 7
# ---------------------------------------------------------------------------------------------
def _seven_exhaustive(ctx: Ctx) -> bool:
    return ctx.mandatory or _exception_possible(ctx)


def _exception_possible(ctx: Ctx) -> bool:
    """Could a 7 bring the last own figure home with points to spare (partner exception)?"""
    st = ctx.state
    cfg = st.cfg
    if not cfg.teams_mode or not ctx.rules.seven_partner_exception or ctx.c != ctx.seat:
        return False
    need = 0
    L = ctx.L
    for p in st.figures[ctx.c]:
        if p < 0:
            return False
        if p < L:
            need += ctx.to_start(p, ctx.c) + 1
    return need < 7


# option: (destination, covered fields, knocked fields of other colours, needs simulation,
# own figures passed or hit that are simply burned, own figures met that need a simulation).
# Own figures that do not move in a combination are burned directly when they can be (on the
# track, unprotected, knock_own on); anything else is left to the simulation.
# The last element is the path in the order walked.
_Opt = tuple[int, frozenset[int], frozenset[int], bool, frozenset[int], frozenset[int],
             tuple[int, ...]]


@cython.locals(p=cython.int, c=cython.int, L=cython.int, room=cython.int, k=cython.int,
               best=cython.int, own_start=cython.int, d=cython.int, free=cython.int,
               team=cython.int, knock_own=cython.bint, mandatory=cython.bint,
               own_protected=cython.int, ds=cython.int, limit=cython.int, f=cython.int,
               blocked_landing=cython.bint, flag=cython.bint, base=cython.int, r=cython.int,
               b=cython.int)
def _seven_options(ctx: Ctx, p: int) -> list[list[_Opt]]:
    """For the figure on p: per k = 0..7 the ways to move it k fields."""
    c = ctx.c
    L = ctx.L
    occ = ctx.occ
    opts: list[list[_Opt]] = [[] for _ in range(8)]
    if p >= L:
        room = GOAL_FIELDS - 1 - (p - ctx.gb[c])
        cov: list[int] = []
        hard: list[int] = []
        for k in range(1, min(7, room) + 1):
            cov.append(p + k)
            if p + k in occ:
                hard.append(p + k)
            opts[k].append((p + k, frozenset(cov), _EMPTY, False, _EMPTY, frozenset(hard),
                            tuple(cov)))
        return opts
    # static blocks: protected figures of other colours (own figures are flagged)
    best = L
    own_start = ctx.start[c]
    for b in ctx.prot:
        if b in (p, own_start):
            continue
        d = (b - p) % L
        if d < best:
            best = d
    free = best - 1
    team = ctx.team
    knock_own = ctx.knock_own
    mandatory = ctx.mandatory
    own_protected = own_start if own_start in ctx.prot else -1
    ds = ctx.to_start(p, c)
    limit = min(7, free)
    covl: list[int] = []
    vict: list[int] = []
    soft: list[int] = []
    hard = []
    for k in range(1, limit + 1):
        f = (p + k) % L
        covl.append(f)
        s = occ.get(f)
        blocked_landing = False
        if s is not None:
            if s == c:
                if knock_own and f != own_protected:
                    soft.append(f)
                else:
                    hard.append(f)
            elif knock_own or not team >> s & 1:
                vict.append(f)
            else:
                blocked_landing = True  # passing a team figure is fine, landing is not
        if not blocked_landing:
            flag = mandatory and ds < k <= ds + GOAL_FIELDS
            opts[k].append((f, frozenset(covl), frozenset(vict), flag, frozenset(soft),
                            frozenset(hard), tuple(covl)))
    if ds <= free and ds < 7:
        base = ctx.gb[c]
        track = [(p + j) % L for j in range(1, ds + 1)]
        tvict = frozenset([f for f in track
                           if f in occ and occ[f] != c and (knock_own or not team >> occ[f] & 1)])
        tsoft = [f for f in track if occ.get(f) == c and knock_own and f != own_protected]
        thard = [f for f in track if occ.get(f) == c and (not knock_own or f == own_protected)]
        for r in range(1, min(GOAL_FIELDS, 7 - ds) + 1):
            cells = [base + i for i in range(r)]
            path = tuple(track + cells)
            opts[ds + r].append((base + r - 1, frozenset(path), tvict, False, frozenset(tsoft),
                                 frozenset(thard + [g for g in cells if g in occ]), path))
    return opts


def seven_plays(ctx: Ctx, first_only: bool = False) -> dict[Key | Figures, tuple[Seg, ...]]:
    """Every legal 7 (all points used, burning in step order), deduplicated by the position
    it leads to: {key: segs}. Segments move distinct figures in the order given.

    Fast path: for each distribution of the 7 points over the own figures (and, at the goal,
    the choice track/goal) the figures either do not interact — then any order gives the same
    position, computed directly — or their paths cross another own figure, and then every
    order of the segments is simulated. Positions where the partner exception could apply
    use the exhaustive search `seven_search`, and so does the house rule of mandatory goal
    entry (it makes interleaved orders matter).
    """
    if _seven_exhaustive(ctx):
        # with mandatory goal entry a figure may stop on its start field, let another move
        # and then go on along the track: orders matter beyond contiguous segments
        return seven_search(ctx.state, ctx.seat, first_only)
    if _FAST_SEVEN is not None and ctx.blocks_own and ctx.rules.start_protection == "always":
        fast = _FAST_SEVEN(ctx.figures, ctx.c, ctx.L, ctx.start, ctx.gb[ctx.c], ctx.prot,
                           ctx.team, ctx.knock_own, ctx.rules.goal_from_start, first_only)
        if fast is not None:
            return fast
    c = ctx.c
    own = [p for p in ctx.figures[c] if p >= 0]
    kennels = tuple(p for p in ctx.figures[c] if p < 0)
    m = len(own)
    if m == 0:
        return {}
    opts = [_seven_options(ctx, p) for p in own]
    maxk = [max((k for k in range(8) if o[k]), default=0) for o in opts]
    cap = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        cap[i] = cap[i + 1] + maxk[i]
    if cap[0] < 7:
        return {}
    results: dict[Key | Figures, tuple[Seg, ...]] = {}
    state = ctx.state
    seat = ctx.seat
    chosen: list[_Opt | None] = [None] * m
    others_before = {f: s for f, s in ctx.occ.items() if s != c and f < ctx.L}
    light = ctx.rules.start_protection == "always" and ctx.blocks_own

    def leaf() -> bool:
        used = [(i, o) for i, o in enumerate(chosen) if o is not None]
        interact = False
        burned = _EMPTY
        if len(used) == 1:
            o = used[0][1]
            interact = o[3] or bool(o[5])
            burned = o[4]
        else:
            origins = {own[i] for i, _ in used}
            for i, o in used:
                if o[3] or o[5] or not o[4].isdisjoint(origins):
                    interact = True
                    break
                if o[4]:
                    burned = burned | o[4]
                cov = o[1]
                for j, oj in used:
                    if j != i and oj[0] in cov:
                        interact = True
                        break
                if interact:
                    break
        if not interact:
            finals = list(kennels)
            victims = _EMPTY
            for i in range(m):
                o = chosen[i]
                if o is None:
                    finals.append(kennel(c) if own[i] in burned else own[i])
                else:
                    finals.append(o[0])
                    if o[2]:
                        victims = victims | o[2]
            finals.sort()
            key = (tuple(finals), victims)
            if key not in results:
                results[key] = tuple([(own[i], o[0]) for i, o in used])
            return first_only
        if light:
            return _walk_orders(ctx, _groups(used, own), own, kennels, results, first_only)
        for perm in _orders(used, own):
            segs = tuple([(own[i], o[0]) for i, o in perm])
            res = simulate(state, seat, SEVEN, segs)
            if isinstance(res, Violation):
                continue
            figs = res[0]
            key = (figs[c], frozenset(f for f, s in others_before.items() if f not in figs[s]))
            if key not in results:
                results[key] = segs
                if first_only:
                    return True
        return False

    def rec(i: int, r: int) -> bool:
        if cap[i] < r:
            return False
        oi = opts[i]
        if i == m - 1:
            for o in oi[r] if r else (None,):
                chosen[i] = o
                if leaf():
                    return True
            chosen[i] = None
            return False
        chosen[i] = None
        if rec(i + 1, r):
            return True
        for k in range(1, r + 1):
            for o in oi[k]:
                chosen[i] = o
                if rec(i + 1, r - k):
                    return True
        chosen[i] = None
        return False

    rec(0, 7)
    return results


def _groups(used: list[tuple[int, _Opt]], own: list[int]) -> list[list[tuple[int, _Opt]]]:
    """Movers whose paths touch each other's start or end form a group: only the order
    inside a group matters; independent groups commute."""
    k = len(used)
    if k == 1:
        return [used]
    group = list(range(k))

    def root(a: int) -> int:
        while group[a] != a:
            a = group[a]
        return a

    for a in range(k):
        cov = used[a][1][1]
        for b in range(k):
            if a != b and (own[used[b][0]] in cov or used[b][1][0] in cov):
                group[root(a)] = root(b)
    groups: dict[int, list[tuple[int, _Opt]]] = {}
    for a in range(k):
        groups.setdefault(root(a), []).append(used[a])
    return list(groups.values())


def _orders(used: list[tuple[int, _Opt]], own: list[int]) -> list[list[tuple[int, _Opt]]]:
    """Every order worth simulating: the permutations inside each group, groups in turn."""
    orders: list[list[tuple[int, _Opt]]] = [[]]
    for members in _groups(used, own):
        orders = [o + list(p) for o in orders for p in permutations(members)]
    return orders


def _walk_orders(ctx: Ctx, groups: list[list[tuple[int, _Opt]]], own: list[int],
                 kennels: tuple[int, ...], results: dict[Key | Figures, tuple[Seg, ...]],
                 first_only: bool) -> bool:
    """Depth first over the orders inside each group, on one board changed in place and
    restored on the way back (shared prefixes are walked once; a branch stops as soon as a
    segment cannot be taken or a figure still to move was burned). Records each result key:
    (own figures, kennel included; knocked fields of other colours)."""
    occ = dict(ctx.occ)
    c = ctx.c
    L = ctx.L
    start = ctx.start
    knock_own = ctx.knock_own
    team = ctx.team
    n_own = len(own)
    knocked: list[int] = []  # fields of other colours knocked so far (a stack)

    def rec(gi: int, rest: list[tuple[int, _Opt]], segs: tuple[Seg, ...]) -> bool:
        if not rest:
            if gi + 1 < len(groups):
                return rec(gi + 1, groups[gi + 1], segs)
            finals = list(kennels)
            for f, s in occ.items():
                if s == c:
                    finals.append(f)
            finals.extend([kennel(c)] * (n_own + len(kennels) - len(finals)))
            finals.sort()
            key = (tuple(finals), frozenset(knocked))
            if key not in results:
                results[key] = segs
                return first_only
            return False
        for idx, (i, o) in enumerate(rest):
            frm = own[i]
            del occ[frm]
            removed: list[tuple[int, int]] = []
            ok = True
            path = o[6]
            last = len(path) - 1
            for n, f in enumerate(path):
                s = occ.get(f)
                if s is None:
                    continue
                if f >= L or f == start[s]:
                    ok = False  # a figure in the goal, or protected on its own start field
                    break
                if not knock_own and team >> s & 1:
                    if n == last:
                        ok = False
                        break
                    continue
                del occ[f]
                removed.append((f, s))
            done = False
            if ok:
                later = rest[:idx] + rest[idx + 1:]
                if all(occ.get(own[j]) == c for j, _ in later):  # nobody to move was burned
                    dest = o[0]
                    occ[dest] = c
                    mark = len(knocked)
                    knocked.extend(f for f, s in removed if s != c)
                    done = rec(gi, later, (*segs, (frm, dest)))
                    del knocked[mark:]
                    del occ[dest]
            for f, s in removed:
                occ[f] = s
            occ[frm] = c
            if done:
                return True
        return False

    return rec(0, groups[0], ())


def seven_search(state: DogState, seat: int, first_only: bool = False, *,
                 remaining: int = 7, last: int = -999,
                 c0: int | None = None) -> dict[Key | Figures, tuple[Seg, ...]]:
    """Exhaustive 7: depth-first over segments (any figure, any length, any order — a figure
    may move again after another), each simulated; keyed by the resulting figures. The
    reference the fast path is tested against, and the path for the partner exception.
    `remaining`, `last` (the field the previous segment ended on) and `c0` (the colour the
    7 started with) continue a 7 that is already under way."""
    results: dict[Key | Figures, tuple[Seg, ...]] = {}
    seen: set[tuple[Figures, int, int, int]] = set()
    cfg = state.cfg
    L = cfg.geo.length
    if c0 is None:
        c0 = active_colour(state, seat)
    exception = cfg.teams_mode and cfg.rules.seven_partner_exception and c0 == seat

    def rec(st: DogState, remaining: int, last: int, segs: tuple[Seg, ...]) -> bool:
        key = (st.figures, st.lapped, remaining, last)
        if key in seen:
            return False
        seen.add(key)
        colour = c0
        if exception and all(p >= L for p in st.figures[c0]):
            colour = cfg.partner[c0]
        for p in dict.fromkeys(st.figures[colour]):
            if p < 0 or p == last:
                continue
            for k in range(1, remaining + 1):
                for dest in _raw_dests(st, colour, p, k):
                    res = _simulate(st, seat, SEVEN, ((p, dest),), colour_override=colour,
                                    partial=True)
                    if isinstance(res, Violation):
                        continue
                    nst = st._replace(figures=res[0], lapped=res[1])
                    nsegs = (*segs, (p, dest))
                    if remaining == k:
                        known = results.get(nst.figures)
                        if known is None or len(nsegs) < len(known):
                            results[nst.figures] = nsegs  # the shortest notation wins
                            if first_only:
                                return True
                    elif rec(nst, remaining - k, dest, nsegs):
                        return True
        return False

    rec(state, remaining, last, ())
    return results


def seven_next_steps(state: DogState, seat: int,
                     segs: tuple[Seg, ...]) -> tuple[int, list[Seg]]:
    """The 7 step by step: after `segs`, the points left and each next segment (from, to)
    after which the 7 can still be completed legally."""
    cfg = state.cfg
    L = cfg.geo.length
    c0 = active_colour(state, seat)
    used = [0]
    st = state
    if segs:
        res = _simulate(state, seat, SEVEN, segs, partial=True, steps_out=used)
        if isinstance(res, Violation):
            return 7 - used[0], []
        st = state._replace(figures=res[0], lapped=res[1])
    remaining = 7 - used[0]
    if remaining <= 0:
        return remaining, []
    colour = c0
    if (cfg.teams_mode and cfg.rules.seven_partner_exception and c0 == seat
            and all(p >= L for p in st.figures[c0])):
        colour = cfg.partner[c0]
    prev_to = segs[-1][1] if segs else -999
    out: list[Seg] = []
    for p in dict.fromkeys(st.figures[colour]):
        if p < 0:
            continue
        for k in range(1, remaining + 1):
            dests = _raw_dests(st, colour, p, k)
            if p == prev_to and p == cfg.geo.start[colour] and k <= GOAL_FIELDS:
                dests.append(cfg.geo.goal_base[colour] + k - 1)  # continuing over S
            for dest in dict.fromkeys(dests):
                steps = [0]
                full = (*segs, (p, dest))
                r2 = _simulate(state, seat, SEVEN, full, partial=True, steps_out=steps)
                if isinstance(r2, Violation) or steps[0] != used[0] + k:
                    continue
                if k == remaining:
                    out.append((p, dest))
                    continue
                st2 = state._replace(figures=r2[0], lapped=r2[1])
                if seven_search(st2, seat, True, remaining=remaining - k, last=dest, c0=c0):
                    out.append((p, dest))
    return remaining, out


def _raw_dests(st: DogState, colour: int, p: int, k: int) -> list[int]:
    """Candidate destinations of a k-field forward move (legality is left to `simulate`)."""
    geo = st.cfg.geo
    L = geo.length
    if p >= L:
        return [p + k] if (p - L) % GOAL_FIELDS + k < GOAL_FIELDS else []
    out = [(p + k) % L]
    ds = (geo.start[colour] - p) % L
    if ds == 0 and not st.cfg.rules.goal_from_start:
        ds = L
    if ds < k <= ds + GOAL_FIELDS:
        out.append(geo.goal_base[colour] + k - ds - 1)
    return out


# ---------------------------------------------------------------------------------------------
# Checked simulation of a play
# ---------------------------------------------------------------------------------------------
def simulate(state: DogState, seat: int, as_card: int,
             segs: tuple[Seg, ...]) -> tuple[Figures, int] | Violation:
    """The figures (and lapped mask) after `seat` plays `as_card` with `segs`, or the first
    violation of the board rules. Cards in hand, phase and Zugzwang are `check`'s business."""
    return _simulate(state, seat, as_card, segs)


def fast_result(state: DogState, seat: int, as_card: int,
                segs: tuple[Seg, ...]) -> tuple[Figures, int]:
    """`simulate` without the checks, for `apply` of a legal play: a single move or a swap
    only touches two figures. (The 7 walks its path: burning needs it.)"""
    cfg = state.cfg
    if (as_card == SEVEN and _FAST_SEVEN_RESULT is not None
            and cfg.rules.start_protection == "always"):
        fast = _FAST_SEVEN_RESULT(state.figures, segs, cfg.geo.length, cfg.geo.start,
                                  cfg.team_mask[seat], cfg.rules.knock_own)
        if fast is not None:
            return fast, state.lapped
    if as_card == SEVEN or len(segs) != 1 or cfg.rules.start_protection != "always":
        res = _simulate(state, seat, as_card, segs)
        if isinstance(res, Violation):
            raise ValueError(f"apply() of an illegal play: {res.code}")
        return res
    figures = state.figures
    L = cfg.geo.length
    frm, to = segs[0]
    rows = list(figures)
    # one pass over the rows: the mover's row and the row of the figure on `to` (swapped, or
    # landed on)
    mover = victim = -1
    for s, fs in enumerate(figures):
        if frm in fs:
            mover = s
        if to in fs:
            victim = s
    if as_card == SWAP:
        rows[mover] = tuple(sorted([to if p == frm else p for p in figures[mover]]))
        rows[victim] = tuple(sorted([frm if p == to else p for p in rows[victim]]))
        return tuple(rows), state.lapped
    if frm < 0:
        mover = kennel_seat(frm)
    if victim >= 0 and to < L:
        row = list(figures[victim])
        row[row.index(to)] = kennel(victim)
        row.sort()
        rows[victim] = tuple(row)
    row = list(rows[mover])
    row[row.index(frm)] = to
    row.sort()
    rows[mover] = tuple(row)
    return tuple(rows), state.lapped


def _path(state: DogState, frm: int, to: int, fc: int,
          backward: bool) -> list[int] | Violation:
    geo = state.cfg.geo
    L = geo.length
    if to < 0:
        return violation("dog.goal_backwards")  # nothing moves back into a kennel
    if frm < L:
        if to < L:
            if backward:
                d = (frm - to) % L
                return [(frm - j) % L for j in range(1, d + 1)]
            d = (to - frm) % L
            return [(frm + j) % L for j in range(1, d + 1)]
        if geo.goal_owner(to) != fc:
            return violation("dog.wrong_goal")
        if backward:
            return violation("dog.goal_backwards")
        ds = (geo.start[fc] - frm) % L
        if ds == 0 and not state.cfg.rules.goal_from_start:
            return violation("dog.goal_direct_from_start")
        g = geo.goal_index(to)
        base = geo.goal_base[fc]
        return [(frm + j) % L for j in range(1, ds + 1)] + [base + i for i in range(g + 1)]
    if to < L or backward or to < frm:
        return violation("dog.goal_backwards")
    if geo.goal_owner(to) != geo.goal_owner(frm):
        return violation("dog.wrong_goal")
    return list(range(frm + 1, to + 1))


def _field(state: DogState, code: int) -> str:
    return position_token(state.cfg, code, None)


def _simulate(state: DogState, seat: int, as_card: int, segs: tuple[Seg, ...],
              colour_override: int | None = None, partial: bool = False,
              steps_out: list[int] | None = None) -> tuple[Figures, int] | Violation:
    cfg = state.cfg
    geo = cfg.geo
    rules = cfg.rules
    L = geo.length
    start = geo.start
    c0 = active_colour(state, seat) if colour_override is None else colour_override
    figs = [list(f) for f in state.figures]
    occ: dict[int, int] = {}
    for s, fs in enumerate(figs):
        for p in fs:
            if p >= 0:
                occ[p] = s
    lapped = state.lapped
    track_lapped = rules.start_protection == "from_kennel"
    team = cfg.team_mask[seat]
    knock_own = rules.knock_own
    blocks_own = rules.start_blocks_own

    def knock(f: int) -> None:
        s = occ.pop(f)
        row = figs[s]
        row[row.index(f)] = kennel(s)

    if as_card == SWAP:
        if not segs:
            return state.figures, lapped
        a, b = segs[0]
        for f in (a, b):
            if not 0 <= f < L:
                return violation("dog.swap_off_track", field=_field(state, f))
        sa, sb = occ.get(a), occ.get(b)
        if sa is None:
            return violation("dog.no_figure", field=_field(state, a))
        if sb is None:
            return violation("dog.no_figure", field=_field(state, b))
        if sa != c0 and sb == c0:
            a, b, sa, sb = b, a, sb, sa
        if sa != c0:
            return violation("dog.not_your_figure", field=_field(state, a))
        if sb == c0:
            return violation("dog.swap_own")
        for f, s in ((a, sa), (b, sb)):
            if f == start[s] and not lapped >> s & 1:
                return violation("dog.swap_protected", field=_field(state, f))
        ra, rb = figs[sa], figs[sb]
        ra[ra.index(a)] = b
        rb[rb.index(b)] = a
        if track_lapped:
            for f, s in ((b, sa), (a, sb)):
                if f == start[s]:
                    lapped |= 1 << s
        return _finish(figs, lapped, start, track_lapped)

    if not segs:
        return violation("dog.seven_points", steps=0) if as_card == SEVEN else violation(
            "dog.wrong_distance", card=_card(as_card), expected=_expected(as_card), steps=0)
    seven = as_card == SEVEN
    if not seven and len(segs) != 1:
        return violation("dog.wrong_distance", card=_card(as_card), expected=_expected(as_card),
                         steps=len(segs))
    total = 0
    chain_from = chain_to = -999
    chain_len = 0
    for frm, to in segs:
        # -- coming out of the kennel ------------------------------------------------------
        if frm < 0:
            ks = kennel_seat(frm)
            if ks != c0:
                return violation("dog.not_your_figure", field=_field(state, frm))
            if as_card not in (ONE, THIRTEEN):
                return violation("dog.not_start_card", card=_card(as_card))
            if frm not in figs[ks]:
                return violation("dog.kennel_empty")
            if to != start[ks]:
                return violation("dog.out_to_start", start=_field(state, start[ks]))
            s = occ.get(to)
            if s is not None:
                if to == start[s] and not lapped >> s & 1:
                    return violation("dog.start_field_blocked", field=_field(state, to))
                if not knock_own and team >> s & 1:
                    return violation("dog.knock_own", field=_field(state, to))
                knock(to)
            row = figs[ks]
            row[row.index(frm)] = to
            occ[to] = ks
            lapped &= ~(1 << ks)
            total += 1
            chain_from, chain_to = frm, to
            continue
        # -- whose figure ----------------------------------------------------------------
        fc = occ.get(frm)
        if fc is None:
            return violation("dog.no_figure", field=_field(state, frm))
        if fc != c0:
            if (seven and cfg.teams_mode and rules.seven_partner_exception and c0 == seat
                    and fc == cfg.partner[seat]):
                if any(p < L for p in figs[c0]):
                    return violation("dog.seven_partner_early")
            else:
                return violation("dog.not_your_figure", field=_field(state, frm))
        # -- the path ----------------------------------------------------------------------
        backward = False
        if as_card == FOUR:
            backward = _four_backward(state, frm, to, fc)
            if isinstance(backward, Violation):
                return backward
        continuing = seven and frm == chain_to and frm >= 0
        if continuing:
            whole = _path(state, chain_from, to, fc, False)
            if isinstance(whole, list) and len(whole) > chain_len:
                path = whole[chain_len:]
                walk_from = chain_from
            else:
                continuing = False
        if not continuing:
            walked = _path(state, frm, to, fc, backward)
            if isinstance(walked, Violation):
                return walked
            path = walked
            walk_from = frm
            chain_len = 0
        n = len(path)
        if n == 0:
            return violation("dog.wrong_distance", card=_card(as_card),
                             expected=_expected(as_card), steps=0)
        if not seven:
            ok = n == 4 if as_card == FOUR else n in FORWARD[as_card]
            if not ok:
                return violation("dog.wrong_distance", card=_card(as_card),
                                 expected=_expected(as_card), steps=n)
        # -- walk it -------------------------------------------------------------------------
        del occ[frm]
        own_start = start[fc]
        last = n - 1
        for i, f in enumerate(path):
            if f < L:
                s = occ.get(f)
                if s is None:
                    continue
                if f == start[s] and not lapped >> s & 1:
                    if i == last or s != fc or blocks_own:
                        return violation("dog.start_field_blocked", field=_field(state, f))
                    continue
                if seven or i == last:
                    if not knock_own and team >> s & 1:
                        if i == last:
                            return violation("dog.knock_own", field=_field(state, f))
                        continue
                    knock(f)
            elif f in occ:
                code = "dog.goal_knock" if i == last else "dog.goal_jump"
                return violation(code, field=_field(state, f))
        # -- the goal was there for the taking (house rule) -------------------------------
        if rules.goal_entry_mandatory and not backward and to < L:
            whole_path = path if not continuing else _path(state, walk_from, to, fc, False)
            assert isinstance(whole_path, list)
            if own_start in whole_path[:-1] and (walk_from != own_start or rules.goal_from_start):
                r = len(whole_path) - 1 - whole_path.index(own_start)
                base = geo.goal_base[fc]
                if r <= GOAL_FIELDS and all(base + i not in occ for i in range(r)):
                    return violation("dog.goal_entry_mandatory")
        row = figs[fc]
        row[row.index(frm)] = to
        occ[to] = fc
        if track_lapped:
            if frm == own_start:
                lapped &= ~(1 << fc)
            if to == own_start:
                lapped |= 1 << fc
        total += n
        if continuing:
            chain_len += n
        else:
            chain_from, chain_len = frm, n
        chain_to = to
        if steps_out is not None:
            steps_out[0] = total
    if seven and not partial and total != 7:
        return violation("dog.seven_points", steps=total)
    if seven and partial and total > 7:
        return violation("dog.seven_points", steps=total)
    return _finish(figs, lapped, start, track_lapped)


def _finish(figs: list[list[int]], lapped: int, start: tuple[int, ...],
            track: bool) -> tuple[Figures, int]:
    out = tuple(tuple(sorted(row)) for row in figs)
    if track and lapped:
        for s, f in enumerate(start):
            if lapped >> s & 1 and f not in out[s]:
                lapped &= ~(1 << s)
    return out, lapped


def _four_backward(state: DogState, frm: int, to: int, fc: int) -> bool | Violation:
    """Is this 4 meant backwards? (A 4 backwards never enters, leaves or moves in the goal.)"""
    geo = state.cfg.geo
    L = geo.length
    if frm >= L:
        return bool(to < frm)  # _path reports the goal violation
    if to < L:
        return (to - frm) % L != 4 and (frm - to) % L == 4
    if geo.goal_owner(to) != fc:
        return False
    ds = (geo.start[fc] - frm) % L
    fwd = (ds if ds or state.cfg.rules.goal_from_start else L) + geo.goal_index(to) + 1
    if fwd == 4:
        return False
    back = (frm - geo.start[fc]) % L + geo.goal_index(to) + 1
    if back == 4:
        # from the start field itself "backwards" is only the way into the goal from there
        return violation("dog.goal_direct_from_start" if ds == 0 else "dog.goal_backwards")
    return False


def _card(as_card: int) -> str:
    return TOKEN[as_card]


def _expected(as_card: int) -> str:
    """The distance a card moves, language-neutral: "5", "1/11", "7"."""
    return "/".join(str(n) for n in FORWARD.get(as_card, (as_card,)))
