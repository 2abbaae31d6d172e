# The search's whole DOG iteration on the compiled board (issue #39), included by
# `_playout.pyx` (see its docstring): `_ismcts.Iteration` for a DOG view, the state a
# board copied from the view's each iteration, the hidden cards dealt into it as
# `info.determinize` deals them. Change it with `_ismcts.pyx` and ismcts.py's `_Iteration`.

from companion.games.dog.engine import rules as _rules

cdef enum:
    SLOT_HAND = 0
    SLOT_TRANSIT = 1
    SLOT_DISCARD = 2
    SLOT_FOLD = 3  # its cards change nothing the search reads: not dealt into the board

#: an action that is not a play: its key's high bit (a play's code has 59 bits)
cdef unsigned long long OTHER = 1ULL << 62


cdef object _play_key(Play *pl):
    """An exact code of a play (card, as what, its segments): an int, or a pair of ints for a
    7 of more than three segments. The tree's key of the play."""
    cdef unsigned long long lo = pl.card | (pl.as_card << 4) | (pl.nseg << 8), hi = 0, code
    cdef int i
    for i in range(pl.nseg):
        code = <unsigned long long> ((pl.seg[i][0] + 8) & 0xFF) | (
            (<unsigned long long> ((pl.seg[i][1] + 8) & 0xFF)) << 8)
        if i < 3:
            lo |= code << (11 + 16 * i)
        else:
            hi |= code << (16 * (i - 3))
    if pl.nseg <= 3:
        return lo
    return (lo, hi)


cdef inline object _other_key(int kind, int card):
    """The tree's key of a fold, discard or gift."""
    return OTHER | (<unsigned long long> kind << 8) | <unsigned long long> card


cdef class DogIteration:
    """`_ismcts.Iteration` on DOG's compiled board: one iteration as a callable."""

    cdef object rng, getrandbits, fast_sample, pool, plan, slots, sample_constrained
    cdef object constrained_sample
    cdef Node root
    cdef list root_keys, root_actions
    cdef int seat, depth, nslots, need, nroot, untried_cap, nplays, nextra
    cdef long max_level
    cdef double c
    cdef bint policy_first, constrained, bound
    cdef DogBoard view_board, work
    cdef Buf buf
    cdef Scratch sc
    cdef Play *root_plays
    cdef int *root_kind
    cdef int *root_card
    cdef int *untried
    #: the decisions after the plays at a node below the root (fold, discards, gifts)
    cdef int xkind[MAXHAND + 1]
    cdef int xcard[MAXHAND + 1]
    # the determinization's groups of unknown cards (`info._Plan.slots`), in order
    cdef int slot_kind[MAXSLOT]
    cdef int slot_idx[MAXSLOT]
    cdef int slot_u[MAXSLOT]
    cdef int slot_nknown[MAXSLOT]
    cdef signed char slot_known[MAXSLOT][MAXHAND]

    def __cinit__(self):
        _init(&self.buf, &self.sc)
        self.root_plays = NULL
        self.root_kind = NULL
        self.root_card = NULL
        self.untried = NULL
        self.untried_cap = 0

    def __dealloc__(self):
        _release(&self.buf, &self.sc)
        free(self.root_plays)
        free(self.root_kind)
        free(self.root_card)
        free(self.untried)

    cdef int _room(self, int n) except -1:
        if n <= self.untried_cap:
            return 0
        cdef int *untried = <int *> realloc(self.untried, n * sizeof(int))
        if untried == NULL:
            raise MemoryError()
        self.untried = untried
        self.untried_cap = n
        return 0

    cdef bint _set_plan(self, object view) except -1:
        """The view's determinization plan (`info._plan`), in C where the board needs it;
        False where it is not taken."""
        plan = self.plan = _info._plan(view)
        self.pool = plan.pool
        self.slots = plan.slots
        self.need = plan.need
        self.nslots = len(plan.slots)
        if self.need > len(self.pool) or self.nslots > MAXSLOT:
            return False
        self.constrained = bool(plan.constrained)
        self.bound = bool(plan.bound)
        self.fast_sample = _info._FAST_SAMPLE
        self.sample_constrained = _info._sample_constrained
        self.constrained_sample = _info._constrained_sample
        cdef int j, k
        for j, (where, idx, u, _) in enumerate(plan.slots):
            known = plan.fills_known[j]
            if len(known) + u > MAXHAND:
                return False
            self.slot_kind[j] = (SLOT_HAND if where == "hand" else SLOT_TRANSIT
                                 if where == "transit" else SLOT_DISCARD
                                 if where == "discard" else SLOT_FOLD)
            self.slot_idx[j] = idx
            self.slot_u[j] = u
            self.slot_nknown[j] = len(known)
            for k in range(len(known)):
                self.slot_known[j][k] = known[k]
        return True

    cdef bint _set_root(self, list actions) except -1:
        """The root's actions (the same in every sample) as plays and keys; False where one
        is not taken."""
        cdef int n = len(actions), i, k
        self.root_plays = <Play *> realloc(self.root_plays, (n if n else 1) * sizeof(Play))
        self.root_kind = <int *> realloc(self.root_kind, (n if n else 1) * sizeof(int))
        self.root_card = <int *> realloc(self.root_card, (n if n else 1) * sizeof(int))
        if self.root_plays == NULL or self.root_kind == NULL or self.root_card == NULL:
            raise MemoryError()
        keys = []
        for i in range(n):
            kind, card, as_card, segs, cards, seat = actions[i]
            if cards or seat != -1 or kind not in (PLAY, FOLD, DISCARD, GIVE):
                return False
            self.root_kind[i] = kind
            self.root_card[i] = card
            if kind != PLAY:
                keys.append(_other_key(kind, card))
                continue
            if len(segs) > MAXSEG:
                return False
            self.root_plays[i].card = card
            self.root_plays[i].as_card = as_card
            self.root_plays[i].nseg = len(segs)
            for k in range(len(segs)):
                self.root_plays[i].seg[k][0] = segs[k][0]
                self.root_plays[i].seg[k][1] = segs[k][1]
            keys.append(_play_key(&self.root_plays[i]))
        self.root_keys = keys
        self.root_actions = list(actions)
        self.nroot = n
        return True

    # -- determinize ---------------------------------------------------------------------------
    cdef int _fill(self, int j, list cards, Py_ssize_t at) except -1:
        """Group j of the unknown cards gets `cards[at:at + u]` (`info._fill`)."""
        cdef CS *B = &self.work.s
        cdef int idx = self.slot_idx[j], u = self.slot_u[j], kind = self.slot_kind[j]
        cdef int n, k, card, i
        if kind == SLOT_HAND:
            n = self.slot_nknown[j]
            for k in range(n):
                B.hand[idx][k] = self.slot_known[j][k]
            for k in range(u):  # sorted(known + cards)
                card = cards[at + k]
                i = n
                while i > 0 and B.hand[idx][i - 1] > card:
                    B.hand[idx][i] = B.hand[idx][i - 1]
                    i -= 1
                B.hand[idx][i] = card
                n += 1
            B.nhand[idx] = n
        elif kind == SLOT_TRANSIT:
            B.transit[idx] = cards[at]
        elif kind == SLOT_DISCARD:
            B.discard[0] = 0
            for k in range(u):
                B.discard[<int> cards[at + k]] += 1
        return 0

    cdef int _determinize(self) except -1:
        """`info.determinize(view, seat, rng)` into the work board: the same draws."""
        cdef int j
        cdef Py_ssize_t at = 0
        memcpy(&self.work.s, &self.view_board.s, sizeof(CS))
        if self.nslots == 0:
            return 0
        if not self.constrained:
            if self.fast_sample is None:
                drawn = self.rng.sample(self.pool, self.need)
            else:
                drawn = self.fast_sample(self.rng, self.pool, self.need)
            for j in range(self.nslots):
                self._fill(j, drawn, at)
                at += self.slot_u[j]
            return 0
        fills = self.sample_constrained(self.plan, self.rng) if self.bound else None
        if fills is None:
            fills = self.constrained_sample(self.pool, self.slots, self.rng)
        for j in range(self.nslots):
            self._fill(j, fills[j], 0)
        return 0

    def sample(self):
        """One determinization of the view (the draws of the iteration's), as the `DogState`
        of the board it deals (its folds the view's: their cards are not dealt); for the
        tests, which hold it to `info.determinize`."""
        self._determinize()
        return self.work.to_state()

    # -- the tree's decisions --------------------------------------------------------------------
    cdef list _legal(self):
        """`rules.legal_actions` of the work board (the hand of the seat to move known), as
        keys; the plays in `buf`, the other decisions in `xkind`/`xcard` after them."""
        cdef CS *B = &self.work.s
        cdef int seat = B.turn, i, k, nx = 0
        cdef list keys = []
        if B.phase == PH_EXCHANGE:
            self.buf.n = 0
            for i in range(B.nhand[seat]):
                if i and B.hand[seat][i - 1] == B.hand[seat][i]:
                    continue
                self.xkind[nx] = GIVE
                self.xcard[nx] = B.hand[seat][i]
                nx += 1
        else:
            _generate(self.work, &self.buf, &self.sc)
            for i in range(self.buf.n):
                keys.append(_play_key(&self.buf.plays[i]))
            if self.buf.n == 0:  # stuck: the fold (teams), a discard of each kind (solo)
                if B.teams:
                    self.xkind[0] = FOLD
                    self.xcard[0] = 0
                    nx = 1
                else:
                    for k in range(self.sc.ncards):
                        self.xkind[k] = DISCARD
                        self.xcard[k] = self.sc.cards[k]
                    nx = self.sc.ncards
        for i in range(nx):
            keys.append(_other_key(self.xkind[i], self.xcard[i]))
        self.nplays = self.buf.n
        self.nextra = nx
        return keys

    cdef object _action_at(self, int i, bint at_root):
        """The `DogAction` of decision i."""
        if at_root:
            return self.root_actions[i]
        if i < self.nplays:
            return _play_action(&self.buf.plays[i])
        i -= self.nplays
        return _action(self.xkind[i], self.xcard[i], 0, ())

    cdef void _apply(self, int i, bint at_root) noexcept:
        """`rules.apply` of decision i on the work board."""
        cdef CS *B = &self.work.s
        if at_root:
            if self.root_kind[i] == PLAY:
                _apply_play(B, &self.root_plays[i])
            else:
                _do(B, NULL, self.root_kind[i], self.root_card[i])
        elif i < self.nplays:
            _apply_play(B, &self.buf.plays[i])
        else:
            i -= self.nplays
            _do(B, NULL, self.xkind[i], self.xcard[i])

    cdef int _policy_choice(self, list keys, dict children) except -2:
        """The expansion's policy-first choice (`choose`, the same draws): its index in
        `keys`, or -1 when it is tried already."""
        cdef CS *B = &self.work.s
        cdef int what = PLAY, chosen
        if B.phase == PH_EXCHANGE:
            key = _other_key(GIVE, B.hand[B.turn][_randbelow(self.getrandbits,
                                                              B.nhand[B.turn])])
        else:
            chosen = _pick(B, &self.buf, &self.sc, self.getrandbits, &what)
            if what == PLAY:
                key = keys[chosen]
            else:
                key = _other_key(what, chosen if what != FOLD else 0)
        if key in children:
            return -1
        return keys.index(key)

    def __call__(self):
        cdef DogBoard b = self.work
        cdef CS *B = &b.s
        cdef Node root = self.root, node = self.root, child, best, top
        cdef double c = self.c, score, best_score
        cdef long level = 0, max_level = self.max_level, avail, visits
        cdef int i, n, nuntried, best_i, idx, mover
        cdef bint at_root
        cdef list keys
        cdef dict children
        self._determinize()
        # Selection and expansion.
        while True:
            if level >= max_level or B.phase == PH_OVER:
                break
            if B.phase == PH_DEAL or B.phase == PH_DRAW:
                break  # the table's event (the search stops at it)
            mover = B.turn
            at_root = node is root and self.root_keys is not None
            keys = self.root_keys if at_root else self._legal()
            # one pass: count availability, collect the untried, score the tried (UCB) while
            # there is no untried one
            children = node.children
            n = len(keys)
            self._room(n)
            nuntried = 0
            best = None
            best_i = -1
            best_score = -1.0
            for i in range(n):
                found = children.get(keys[i])
                if found is None:
                    self.untried[nuntried] = i
                    nuntried += 1
                    continue
                child = <Node> found
                child.avail += 1
                avail = child.avail
                if nuntried:
                    continue  # an untried action will be expanded: no score needed
                visits = child.visits
                score = child.reward / visits + c * sqrt(log(<double> avail) / visits)
                if score > best_score:
                    best = child
                    best_i = i
                    best_score = score
            if nuntried:
                if nuntried == 1:
                    idx = self.untried[0]
                elif self.policy_first and node is not root:
                    idx = self._policy_choice(keys, children)
                    if idx < 0:
                        idx = self.untried[_randbelow(self.getrandbits, nuntried)]
                else:
                    idx = self.untried[_randbelow(self.getrandbits, nuntried)]
                child = Node(node, self._action_at(idx, at_root), mover)
                child.avail = 1
                children[keys[idx]] = child
                self._apply(idx, at_root)
                node = child
                break
            assert best is not None
            self._apply(best_i, at_root)
            node = best
            level += 1
        # Playout.
        values = _play_out(b, self.depth, &self.buf, &self.sc, self.getrandbits)
        if node is not root:
            top = node
            while top.parent is not root:
                top = top.parent
            # Python's float power (libm's pow): the C compiler makes v ** 2 a v * v, which
            # may differ in the last bit
            top.square += values[top.player] ** 2
        # Backpropagation: each node scores the move of the seat that made it.
        while node is not None:
            node.visits += 1
            if node.parent is not None:
                node.reward += values[node.player]
            node = node.parent


def iteration(game, view, int seat, Node root, root_actions, rng, cfg):
    """ismcts' iteration for `view` on the compiled board (`DogIteration`), or None where it
    does not take it (another game or generator, a view the board does not hold, the
    exchange's or the play's decision of another phase, a config the compiled playout does
    not play): the generic iteration runs then."""
    if not _configured or type(rng) is not _random.Random:
        return None
    if (getattr(game, "determinize", None) is not _info.determinize
            or getattr(game, "legal_actions", None) is not _rules.legal_actions
            or getattr(game, "apply", None) is not _rules.apply):
        return None
    if view.phase != _PLAY_PHASE and view.phase != _EXCHANGE_PHASE or view.turn != seat:
        return None
    if cfg.outcome is not None or not cfg.stop_at_table:
        return None
    board = DogBoard.load(view)
    if board is None:
        return None
    cdef DogIteration it = DogIteration.__new__(DogIteration)
    it.view_board = <DogBoard> board
    it.work = it.view_board._copy(&it.view_board.s)
    if not it._set_plan(view):
        return None
    if root_actions is not None and not it._set_root(list(root_actions)):
        return None
    it.root = root
    it.seat = seat
    it.rng = rng
    it.getrandbits = rng.getrandbits
    it.c = cfg.exploration
    it.depth = cfg.playout_depth
    it.max_level = cfg.tree_depth or 1 << 30
    it.policy_first = bool(cfg.policy_first)
    return it
