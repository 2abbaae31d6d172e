# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=False
# cython: initializedcheck=False, infer_types=False
"""The search's tree on the compiled path (issue #31): only the compiled path has this module
(setup.py builds it with the engine core; kit/accel.py's ACCELERATORS).

`Node` and `Iteration` are `ismcts.Node` and `ismcts._Iteration` as extension types: a node's
statistics are C fields (its Python attributes read and set them), and one iteration's
selection, expansion and backpropagation run in C. The game's own functions (determinize,
legal actions, apply, the playout) are called as in ismcts.py, in the same order, with the
same random numbers drawn: the same search, the same tree, the same choices (held to ismcts.py
by tests/advisor/test_compiled_search.py on DOG, HIT and Life is Life). Change them together.
"""

from libc.math cimport log, sqrt

from random import Random as _Random

from companion.engines.base import TABLE as _TABLE_OBJECT

cdef object TABLE = _TABLE_OBJECT


cdef class Node:
    """`ismcts.Node` (its fields: _ismcts.pxd, for the games' compiled iterations)"""

    def __init__(self, Node parent, object action, int player):
        self.parent = parent
        self.action = action
        self.player = player
        self.children = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.outcome = 0.0
        self.square = 0.0

    def ucb(self, double c):
        return self.reward / self.visits + c * sqrt(log(self.avail) / self.visits)


cdef inline Py_ssize_t _below(object getrandbits, Py_ssize_t n) except -1:
    """`random.Random.randrange(n)` (n > 0): `_randbelow`, `getrandbits` until below n."""
    cdef Py_ssize_t k = 0, m = n, r
    while m:
        k += 1
        m >>= 1
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


cdef class Iteration:
    """`ismcts._Iteration`: one iteration as a callable."""

    cdef object game, view, root_actions, rng, policy, evaluate, outcome, playout, choose
    cdef object apply, determinize, is_terminal, legal, sample_chance, to_move, run_playout
    cdef object getrandbits  # None: another generator than random.Random (its randrange)
    cdef Node root
    cdef int seat, depth
    cdef long max_level
    cdef double c
    cdef bint policy_first, stop_at_table

    def __init__(self, game, view, int seat, Node root, root_actions, rng, cfg):
        self.game = game
        self.view = view
        self.seat = seat
        self.root = root
        self.root_actions = root_actions
        self.rng = rng
        self.getrandbits = rng.getrandbits if type(rng) is _Random else None
        self.c = cfg.exploration
        self.depth = cfg.playout_depth
        self.max_level = cfg.tree_depth or 1 << 30
        self.policy_first = bool(cfg.policy_first)
        self.stop_at_table = cfg.stop_at_table
        self.policy = cfg.policy
        self.evaluate = cfg.evaluate
        self.outcome = cfg.outcome
        fast = cfg.playout
        usable = (fast is not None and fast.policy is cfg.policy
                  and fast.evaluate is cfg.evaluate and cfg.stop_at_table
                  and cfg.outcome is None)
        self.playout = fast.run if usable else None
        self.choose = fast.choose if usable else None
        self.apply = game.apply
        self.determinize = game.determinize
        self.is_terminal = game.is_terminal
        self.legal = game.legal_actions
        self.sample_chance = game.sample_chance
        self.to_move = game.to_move
        from companion.advisor.ismcts import run_playout  # the loop's one implementation
        self.run_playout = run_playout

    cdef Py_ssize_t _randrange(self, Py_ssize_t n) except -1:
        if self.getrandbits is None:
            return self.rng.randrange(n)
        return _below(self.getrandbits, n)

    def __call__(self):
        cdef object game = self.game, rng = self.rng, apply = self.apply
        cdef object is_terminal = self.is_terminal, to_move = self.to_move
        cdef object state = self.determinize(self.view, self.seat, rng)
        cdef Node root = self.root, node = self.root, child, best, top
        cdef double c = self.c, score, best_score, v
        cdef long level = 0, max_level = self.max_level, avail, visits
        cdef list untried
        cdef dict children
        # Selection and expansion.
        while True:
            if level >= max_level or is_terminal(state):
                break
            mover = to_move(state)
            if mover == TABLE:
                if self.stop_at_table:
                    break
                state = apply(state, self.sample_chance(state, rng))
                continue
            if node is root and self.root_actions is not None:
                actions = self.root_actions
            else:
                actions = self.legal(state)
            # one pass: count availability, collect the untried, score the tried (UCB) while
            # there is no untried one
            children = node.children
            untried = []
            best = None
            best_score = -1.0
            for a in actions:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                avail = child.avail
                if untried:
                    continue  # an untried action will be expanded: no score needed
                visits = child.visits
                score = child.reward / visits + c * sqrt(log(<double> avail) / visits)
                if score > best_score:
                    best = child
                    best_score = score
            if untried:
                if len(untried) == 1:
                    action = untried[0]
                elif self.policy_first and node is not root:
                    action = None if self.choose is None else self.choose(state, rng)
                    if action is None:
                        action = self.policy(game, state, rng) if self.policy else None
                    if action is None or action in children:
                        action = untried[self._randrange(len(untried))]
                else:
                    action = untried[self._randrange(len(untried))]
                child = Node(node, action, mover)
                child.avail = 1
                children[action] = child
                state = apply(state, action)
                node = child
                break
            assert best is not None
            state = apply(state, best.action)
            node = best
            level += 1
        # Playout (compiled, where the game has it and it takes the state).
        values = None if self.playout is None else self.playout(state, self.depth, rng)
        if values is None:
            values, state = self.run_playout(game, state, rng, self.depth, self.policy,
                                             self.evaluate, self.stop_at_table)
        if node is not root:
            top = node
            while top.parent is not root:
                top = top.parent
            v = values[top.player]
            top.square += v ** 2
            if self.outcome is not None:
                top.outcome += self.outcome(game, self.view, state)[self.seat]
        # Backpropagation: each node scores the move of the seat that made it.
        while node is not None:
            node.visits += 1
            if node.parent is not None:
                node.reward += values[node.player]
            node = node.parent
