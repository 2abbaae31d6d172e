"""HIT movement: where a card takes a figure, with hitting, shields, barriers and the goal.

Every place is relative to the moving seat's path (board.py): 0 = its start field, lap-1 = its
own barrier field, then its goal fields. A figure never passes its own barrier: after the
barrier field its way turns into its goal ("Du darfst deine eigenen Figuren niemals über deine
Schranke hinwegbewegen"), so the track fields beyond are simply not on its way.

Resolution results are ints: a destination (>= 0), or one of the negative ``ERR_*`` codes
(`error_violation` turns them into violations with the rulebook's reasons).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from companion.engines.base import Violation

from .actions import PLAY, HitAction
from .board import WAIT
from .cards import (
    E_BARRIER,
    E_BEHIND,
    E_COINS,
    E_CORNERS,
    E_FREE_CORNER,
    E_FWDBACK,
    E_HUNT,
    E_JUMP,
    E_MOVE,
    E_OUT,
    E_SPLIT,
    E_START,
    E_UPTO,
    EFFECT,
    TOKEN,
)
from .messages import violation
from .state import HitState, protections

ERR_OWN: Final = -10  # the landing field holds an own figure
ERR_OVERSHOOT: Final = -11  # past the last goal field
ERR_NO_GOAL: Final = -12  # "no goal entry" card would enter or move in the goal
ERR_BARRIER: Final = -13  # the target lies beyond the own barrier (or behind the start)
ERR_NO_FREE: Final = -14  # moving on from a figure, no free field follows
ERR_NO_OPP: Final = -15  # hunt: no opponent ahead
ERR_NO_FIG: Final = -16  # behind: no figure ahead
ERR_BEHIND: Final = -17  # behind: already right behind the nearest figure
ERR_NO_CORNER: Final = -18  # next free corner: none ahead
ERR_START_OCC: Final = -19  # coming out: an own figure stands on the start field
ERR_NO_WAIT: Final = -20  # coming out: no figure waiting
ERR_NOT_OUT: Final = -21  # a waiting figure, and the card does not bring it out
ERR_GROUPS: Final = -30  # jump: ERR_GROUPS - g = fewer than g groups ahead


def field_name(state: HitState, seat: int, rel: int) -> str:
    """The notation of a place of `seat`: ``W``, ``T12`` (track field), ``G2``."""
    if rel == WAIT:
        return "W"
    geo = state.cfg.geo
    lap = geo.lap[seat]
    if rel >= lap:
        return f"G{rel - lap + 1}"
    if rel < 0:
        return "?"
    return f"T{geo.path[seat][rel]}"


class Ctx:
    """The board as the seat to move sees it: who stands where, who is protected. Moves of a
    split are made on it one by one (`move`)."""

    __slots__ = ("corner_rels", "ct", "end", "err_at", "figs", "geo", "goal", "lap", "occ", "path",
                 "prot", "seat", "skips", "state")

    def __init__(self, state: HitState, seat: int) -> None:
        geo = state.cfg.geo
        self.state = state
        self.geo = geo
        #: the card values of the game's set-up
        self.ct = state.cfg.cards
        self.seat = seat
        self.lap = lap = geo.lap[seat]
        self.end = lap + geo.figures
        self.path = geo.path[seat]
        self.corner_rels = geo.corner_rels[seat]
        occ = [-1] * geo.fields
        for s, fs in enumerate(state.figures):
            lap_s = geo.lap[s]
            path_s = geo.path[s]
            for p in fs:
                if 0 <= p < lap_s:
                    occ[path_s[p]] = s
        self.occ = occ
        goal = [False] * geo.figures
        for p in state.figures[seat]:
            if p >= lap:
                goal[p - lap] = True
        self.goal = goal
        self.prot = protections(state)
        self.figs = list(state.figures[seat])
        self.err_at = 0
        #: fields where a move would have ended on an opponent and moved on instead
        self.skips: list[int] = []

    # -- the board ----------------------------------------------------------------------
    def occupant(self, rel: int) -> int:
        """The seat whose figure stands on a place of the mover's way, or -1."""
        if rel < self.lap:
            return self.occ[self.path[rel]]
        return self.seat if self.goal[rel - self.lap] else -1

    def next_free(self, rel: int) -> int:
        """The first free place from `rel` on along the mover's way (into its goal), or -1."""
        lap, end, occ, path, goal = self.lap, self.end, self.occ, self.path, self.goal
        while rel < end:
            if rel < lap:
                if occ[path[rel]] < 0:
                    return rel
            elif not goal[rel - lap]:
                return rel
            rel += 1
        return -1

    def move(self, frm: int, to: int) -> None:
        """Move an own figure on the board (no hitting: for the split 10)."""
        lap = self.lap
        if frm >= lap:
            self.goal[frm - lap] = False
        elif frm >= 0:
            self.occ[self.path[frm]] = -1
        if to >= lap:
            self.goal[to - lap] = True
        else:
            self.occ[self.path[to]] = self.seat
        figs = self.figs
        figs[figs.index(frm)] = to

    # -- landing ------------------------------------------------------------------------
    def land(self, t: int, nohit: bool, breaker: bool, no_goal: bool) -> int:
        """A move ends on place `t`: the destination after hitting rules, or an error.

        Own figure there: not allowed. Opponent there: hit, unless the card says "no hitting"
        or the opponent is protected and the card is no shield breaker; then the figure moves
        on to the next free field (along its own way, so into its goal after its barrier)."""
        lap = self.lap
        if t >= lap:
            if no_goal:
                return ERR_NO_GOAL
            if t >= self.end:
                return ERR_OVERSHOOT
            if self.goal[t - lap]:
                self.err_at = t
                return ERR_OWN
            return t
        o = self.occ[self.path[t]]
        if o < 0:
            return t
        if o == self.seat:
            self.err_at = t
            return ERR_OWN
        if nohit or (self.prot[o] and not breaker):
            self.skips.append(t)
            r = self.next_free(t + 1)
            if r < 0:
                self.err_at = t
                return ERR_NO_FREE
            if r >= lap and no_goal:
                return ERR_NO_GOAL
            return r
        return t

    def land_back(self, p: int, back: int, nohit: bool, breaker: bool) -> int:
        """Moving back (the 3-or-1-back card): never behind the own start field and never out
        of the goal, both would cross the own barrier backwards."""
        t = p - back
        if p >= self.lap or t < 0:
            return ERR_BARRIER
        o = self.occ[self.path[t]]
        if o < 0:
            return t
        if o == self.seat:
            self.err_at = t
            return ERR_OWN
        if nohit or (self.prot[o] and not breaker):
            self.skips.append(t)
            r = t - 1
            while r >= 0 and self.occ[self.path[r]] >= 0:
                r -= 1
            if r < 0:
                self.err_at = t
                return ERR_NO_FREE
            return r
        return t

    def come_out(self, nohit: bool = False, breaker: bool = False) -> int:
        """A waiting figure comes out onto the start field ("Rauskommen")."""
        if WAIT not in self.figs:
            return ERR_NO_WAIT
        o = self.occ[self.path[0]]
        if o == self.seat:
            self.err_at = 0
            return ERR_START_OCC
        return self.land(0, nohit, breaker, False)

    # -- cards --------------------------------------------------------------------------
    def targets(self, k: int, p: int) -> list[int]:
        """Every result of card `k` for the figure on `p`, one per choice the card offers
        (destinations, or errors)."""
        e = EFFECT[k]
        nohit = self.ct.no_hit[k]
        br = self.ct.breaker[k]
        ng = self.ct.no_goal[k]
        lap = self.lap
        if p == WAIT:
            if e != E_OUT:
                return [ERR_NOT_OUT]
            return [self.come_out(nohit, br)]
        if ng and p >= lap:
            return [ERR_NO_GOAL]
        if e in (E_MOVE, E_OUT):
            return [self.land(p + self.ct.steps[k], nohit, br, ng)]
        if e == E_UPTO:
            return [self.land(p + n, nohit, br, ng) for n in range(1, self.ct.steps[k] + 1)]
        if e == E_FWDBACK:
            return [self.land(p + self.ct.steps[k], nohit, br, ng),
                    self.land_back(p, self.ct.back[k], nohit, br)]
        if e == E_FREE_CORNER:
            if p >= lap:
                return [ERR_BARRIER]
            rels = self.corner_rels
            for i in range(bisect_right(rels, p), len(rels)):
                if self.occ[self.path[rels[i]]] < 0:
                    return [rels[i]]
            return [ERR_NO_CORNER]
        if e == E_CORNERS:
            rels = self.corner_rels
            i = bisect_right(rels, p) if p < lap else len(rels)
            return [self.land(rels[i + j], nohit, br, ng) if i + j < len(rels) else ERR_BARRIER
                    for j in range(self.ct.steps[k])]
        if e in (E_BARRIER, E_START):
            if p >= lap:
                return [ERR_BARRIER]
            rels = self.geo.barrier_rels[self.seat] if e == E_BARRIER else \
                self.geo.start_rels[self.seat]
            i = bisect_right(rels, p)
            return [self.land(rels[i], nohit, br, ng) if i < len(rels) else ERR_BARRIER]
        if e == E_HUNT:
            occ, path, seat = self.occ, self.path, self.seat
            for r in range(p + 1, lap):
                o = occ[path[r]]
                if o >= 0 and o != seat:
                    return [self.land(r, nohit, br, ng)]
            return [ERR_NO_OPP]
        if e == E_BEHIND:
            occ, path = self.occ, self.path
            for r in range(p + 1, lap):
                if occ[path[r]] >= 0:
                    return [r - 1 if r - 1 > p else ERR_BEHIND]
            return [ERR_NO_FIG]
        if e == E_JUMP:
            return self._jumps(k, p, nohit, br, ng)
        return []

    def _jumps(self, k: int, p: int, nohit: bool, br: bool, ng: bool) -> list[int]:
        """Jump 1 .. STEPS groups: a group is a run of figures on consecutive fields; the
        figure lands on the free field after the group ("nächste freie Feld vor der Gruppe");
        figures right in front of it count as the first group."""
        occ, path, lap = self.occ, self.path, self.lap
        out = []
        r = p + 1
        for g in range(1, self.ct.steps[k] + 1):
            while r < lap and occ[path[r]] < 0:
                r += 1
            if r >= lap:
                out.append(ERR_GROUPS - g)
                continue
            while r < lap and occ[path[r]] >= 0:
                r += 1
            if r < lap:
                out.append(r)
            elif ng:
                out.append(ERR_NO_GOAL)
            else:
                t = self.next_free(r)
                out.append(t if t >= 0 else ERR_OVERSHOOT)
        return out

    # -- the split 10 -------------------------------------------------------------------
    def splits(self, k: int, limit: int = 0) -> dict[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """Every way to split card `k`'s steps among own figures (each at most once, no
        hitting, every step used): resulting own figures → the moves (in order) that give
        them, one per result. `limit` > 0 stops after that many results."""
        total = self.ct.steps[k]
        nohit, br, ng = self.ct.no_hit[k], self.ct.breaker[k], self.ct.no_goal[k]
        out: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        seen: set[tuple[tuple[int, ...], frozenset[int], int]] = set()
        moves: list[tuple[int, int]] = []
        lap = self.lap

        def rec(left: int, moved: frozenset[int]) -> bool:
            if left == 0:
                key = tuple(sorted(self.figs))
                if key not in out:
                    out[key] = tuple(moves)
                return bool(limit) and len(out) >= limit
            memo = (tuple(sorted(self.figs)), moved, left)
            if memo in seen:
                return False
            seen.add(memo)
            for p in sorted(set(self.figs)):
                if p < 0 or p in moved or (ng and p >= lap):
                    continue
                for n in range(1, left + 1):
                    t = self.land(p + n, nohit, br, ng)
                    if t in (ERR_OVERSHOOT, ERR_NO_GOAL):
                        break
                    if t < 0:
                        continue
                    self.move(p, t)
                    moves.append((p, t))
                    stop = rec(left - n, moved | {t})
                    moves.pop()
                    self.move(t, p)
                    if stop:
                        return True
            return False

        rec(total, frozenset())
        return out

    def split_steps(self, k: int, moves: tuple[tuple[int, int], ...]) -> Violation | None:
        """Check a split given as moves in order; the board is left as after the moves."""
        total = self.ct.steps[k]
        nohit, br, ng = self.ct.no_hit[k], self.ct.breaker[k], self.ct.no_goal[k]
        st = self.state
        seat = self.seat
        card = TOKEN[k]
        moved: set[int] = set()
        sums = {0}
        for p, t in moves:
            at = field_name(st, seat, p)
            if p == WAIT:
                return violation("hit.not_out", card=card)
            if p not in self.figs:
                return violation("hit.no_figure", seat=seat, field=at)
            if p in moved:
                return violation("hit.split_twice", card=card, field=at)
            if ng and p >= self.lap:
                return violation("hit.no_goal_entry", card=card)
            steps = []
            first_err = 0
            self.skips = []
            for n in range(1, total + 1):
                r = self.land(p + n, nohit, br, ng)
                if r == t:
                    steps.append(n)
                elif r < 0 and not first_err:
                    first_err = r
            if not steps:
                if t in self.skips:
                    return self.moved_on(k, t)
                if t >= 0 and t < self.end and self.occupant(t) == seat:
                    return violation("hit.own_figure", field=field_name(st, seat, t))
                if t >= self.end:
                    return violation("hit.goal_overshoot", card=card, at=at)
                return violation("hit.unreachable", card=card, at=at,
                                 to=field_name(st, seat, t) if t >= 0 else "?")
            sums = {a + n for a in sums for n in steps if a + n <= total}
            self.move(p, t)
            moved.add(t)
        if total not in sums:
            return violation("hit.split_total", card=card, total=total)
        return None


    def moved_on(self, k: int, t: int) -> Violation:
        """Why a move claimed to end on the opponent on `t` moves on instead: the card's "no
        hitting", or the opponent's shield."""
        st, seat = self.state, self.seat
        on = self.next_free(t + 1)
        expected = field_name(st, seat, on) if on >= 0 else "?"
        at = field_name(st, seat, t)
        if self.ct.no_hit[k]:
            return violation("hit.no_hit", card=TOKEN[k], field=at, expected=expected)
        return violation("hit.shielded", seat=self.occ[self.path[t]], field=at, card=TOKEN[k],
                         expected=expected)


def error_violation(ctx: Ctx, err: int, k: int, p: int) -> Violation:
    """The violation behind a resolution error of card `k` for the figure on `p`."""
    st, seat = ctx.state, ctx.seat
    card = TOKEN[k]
    at = field_name(st, seat, p)
    if err <= ERR_GROUPS:
        return violation("hit.not_enough_groups", groups=ERR_GROUPS - err, at=at)
    if err == ERR_OWN:
        return violation("hit.own_figure", field=field_name(st, seat, ctx.err_at))
    if err == ERR_OVERSHOOT:
        return violation("hit.goal_overshoot", card=card, at=at)
    if err == ERR_NO_GOAL:
        return violation("hit.no_goal_entry", card=card)
    if err == ERR_BARRIER:
        return violation("hit.barrier", card=card, at=at)
    if err == ERR_NO_FREE:
        return violation("hit.no_free_field", field=field_name(st, seat, ctx.err_at))
    if err == ERR_NO_OPP:
        return violation("hit.no_opponent_ahead", at=at)
    if err == ERR_NO_FIG:
        return violation("hit.no_figure_ahead", at=at)
    if err == ERR_BEHIND:
        return violation("hit.already_behind", at=at)
    if err == ERR_NO_CORNER:
        return violation("hit.no_free_corner", at=at)
    if err == ERR_START_OCC:
        return violation("hit.start_occupied", field=field_name(st, seat, 0))
    if err == ERR_NO_WAIT:
        return violation("hit.no_waiting_figure", seat=seat)
    if err == ERR_NOT_OUT:
        return violation("hit.not_out", card=card)
    raise ValueError(f"unknown resolution error {err}")


#: The plays of each card on recent boards: (figures, protections, seat, card) → (config,
#: plays). What a card can do depends on the board only (`Ctx`), and a search meets the same
#: boards again and again with other hands (the board is public): the split cards' search is
#: the expensive part of a HIT iteration. Read-only values (`plays_of` hands out copies);
#: cleared when full.
_PLAYS_MEMO: dict[tuple[object, ...], tuple[object, list[HitAction]]] = {}
PLAYS_MEMO_SIZE: Final = 20_000


def plays_of(ctx: Ctx, k: int) -> list[HitAction]:
    """Every distinct play of card `k` (its hand is not consulted); a card that cannot be used
    is played without moving (and still pays its coins). From the memo when this board was
    met before."""
    return list(board_plays(ctx.state, ctx.seat, k, ctx))


def board_plays(state: HitState, seat: int, k: int, ctx: Ctx | None = None) -> list[HitAction]:
    """`plays_of` for `seat` on `state`'s board, the memo's own list: read it, never change or
    keep it (`plays_of` hands out a copy). The board is analysed (`ctx`, else a new `Ctx`)
    only when it was not met before: the search's random plays look here first."""
    key = (state.figures, protections(state) if ctx is None else ctx.prot, seat, k)
    entry = _PLAYS_MEMO.get(key)
    if entry is not None and entry[0] is state.cfg:
        return entry[1]
    plays = _plays_of(Ctx(state, seat) if ctx is None else ctx, k)
    if len(_PLAYS_MEMO) >= PLAYS_MEMO_SIZE:
        _PLAYS_MEMO.clear()
    _PLAYS_MEMO[key] = (state.cfg, plays)
    return plays


def _plays_of(ctx: Ctx, k: int) -> list[HitAction]:
    """`plays_of` computed."""
    e = EFFECT[k]
    if e == E_COINS:
        return [HitAction(PLAY, k)]
    if e == E_SPLIT:
        out = [HitAction(PLAY, k, moves) for moves in ctx.splits(k).values()]
        return out or [HitAction(PLAY, k)]
    figs = ctx.figs
    starts = sorted({p for p in figs if p >= 0})
    if e == E_OUT and WAIT in figs:
        starts.insert(0, WAIT)
    out = []
    for p in starts:
        seen: set[int] = set()
        for t in ctx.targets(k, p):
            if t >= 0 and t not in seen:
                seen.add(t)
                out.append(HitAction(PLAY, k, ((p, t),)))
    return out or [HitAction(PLAY, k)]


def usable(ctx: Ctx, k: int) -> HitAction | None:
    """A play of card `k` that moves a figure, if there is one (cheaper than `plays_of`)."""
    e = EFFECT[k]
    if e == E_COINS:
        return None
    if e == E_SPLIT:
        found = ctx.splits(k, limit=1)
        return next((HitAction(PLAY, k, m) for m in found.values()), None)
    figs = ctx.figs
    starts = sorted({p for p in figs if p >= 0})
    if e == E_OUT and WAIT in figs:
        starts.insert(0, WAIT)
    for p in starts:
        for t in ctx.targets(k, p):
            if t >= 0:
                return HitAction(PLAY, k, ((p, t),))
    return None


__all__ = ["ERR_BARRIER", "ERR_GROUPS", "ERR_NO_GOAL", "ERR_OVERSHOOT", "ERR_OWN", "Ctx",
           "board_plays", "error_violation", "field_name", "plays_of", "usable"]
