# The 7's search on C arrays (issue #31), included by `_fast.pyx` (its `seven_plays`, with the
# results as Python objects) and `_state.pyx` (the compiled state's 7, the results written to
# C: issue #39). A transcription of `moves._seven_options`, `seven_plays`' nested search and
# leaf, `_groups` and `_walk_orders`; see `_fast.pyx`. kit/accel.py's stamps include this file
# for the modules that include it.

cdef enum:
    MAXF = 512  # board codes: track fields and goals
    MAXM = 6  # own figures out of the kennel
    MAXK = 8  # kennel figures
    MAXSEATS = 16
    STEPS = 7  # the 7's points, the longest path
    GOAL_FIELDS = 4
    MAXOPT = 12  # options per figure: at most 7 along the track, 4 into the goal
    NOPT = -1


cdef struct Opt:
    int dest
    int n  # path length (the fields covered, in the order walked)
    int path[STEPS]
    int nv  # knocked fields of other colours
    int vict[STEPS]
    int ns  # own figures simply burned
    int soft[STEPS]
    int nh  # own figures met that need a simulation, goal fields occupied
    int hard[STEPS]
    bint flag


cdef struct Key:
    int nf
    int finals[MAXM + MAXK]
    int nv
    int vict[STEPS]  # a 7 covers 7 fields in all
    # the segments of the play recorded with this key (not compared)
    int nseg
    int seg[MAXM][2]


cdef struct Search:
    int c, L, m, nk, n_own, team
    bint knock_own, first_only
    int own[MAXM]
    int kennels[MAXK]
    int cap[MAXM + 1]
    Opt opts[MAXM][MAXOPT]
    int nopt[MAXM]
    int by_k[MAXM][8][2]  # option indices per distance (at most two: track, goal)
    int nby_k[MAXM][8]
    int chosen[MAXM]  # option index or NOPT
    int F  # board codes in use: the track and every goal
    int occ[MAXF]  # field -> seat, -1 empty
    int start[MAXSEATS]
    # the results seen (C keys), kept beside the Python dict
    Key *keys
    int nkeys, capkeys
    # _walk_orders: the group of each used figure, the segments so far, the knocked stack
    int ngroups
    int group_len[MAXM]
    int group_item[MAXM][MAXM]  # figure indices per group
    int seg_from[MAXM]
    int seg_to[MAXM]
    int nseg
    int knocked[STEPS]
    int nknocked


cdef inline bint _in(const int *xs, int n, int v) noexcept:
    cdef int j
    for j in range(n):
        if xs[j] == v:
            return True
    return False


cdef inline void _sort(int *xs, int n) noexcept:
    cdef int a, b, v
    for a in range(1, n):
        v = xs[a]
        b = a - 1
        while b >= 0 and xs[b] > v:
            xs[b + 1] = xs[b]
            b -= 1
        xs[b + 1] = v


cdef void _options(Search *S, int i, int p, int ds, int free_, int gb, int own_protected) noexcept:
    """`moves._seven_options` for the figure on p (figure i)."""
    cdef int c = S.c, L = S.L, k, f, s, r, j, room, limit, no
    cdef Opt *o
    cdef int covl[STEPS]
    cdef int vict[STEPS]
    cdef int soft[STEPS]
    cdef int hard[STEPS]
    cdef int ncov = 0, nv = 0, ns = 0, nh = 0
    cdef bint blocked
    cdef int track[STEPS]
    cdef int tvict[STEPS]
    cdef int tsoft[STEPS]
    cdef int thard[STEPS]
    cdef int ntv = 0, nts = 0, nth = 0
    S.nopt[i] = 0
    for k in range(8):
        S.nby_k[i][k] = 0
    if p >= L:
        room = GOAL_FIELDS - 1 - (p - gb)
        limit = room if room < STEPS else STEPS
        for k in range(1, limit + 1):
            covl[ncov] = p + k
            ncov += 1
            if S.occ[p + k] >= 0:
                hard[nh] = p + k
                nh += 1
            no = S.nopt[i]
            o = &S.opts[i][no]
            o.dest = p + k
            o.n = ncov
            memcpy(o.path, covl, ncov * sizeof(int))
            o.nv = 0
            o.ns = 0
            o.nh = nh
            memcpy(o.hard, hard, nh * sizeof(int))
            o.flag = False
            S.by_k[i][k][S.nby_k[i][k]] = no
            S.nby_k[i][k] += 1
            S.nopt[i] = no + 1
        return
    limit = free_ if free_ < STEPS else STEPS
    for k in range(1, limit + 1):
        f = (p + k) % L
        covl[ncov] = f
        ncov += 1
        s = S.occ[f]
        blocked = False
        if s >= 0:
            if s == c:
                if S.knock_own and f != own_protected:
                    soft[ns] = f
                    ns += 1
                else:
                    hard[nh] = f
                    nh += 1
            elif S.knock_own or not (S.team >> s) & 1:
                vict[nv] = f
                nv += 1
            else:
                blocked = True  # passing a team figure is fine, landing is not
        if not blocked:
            no = S.nopt[i]
            o = &S.opts[i][no]
            o.dest = f
            o.n = ncov
            memcpy(o.path, covl, ncov * sizeof(int))
            o.nv = nv
            memcpy(o.vict, vict, nv * sizeof(int))
            o.ns = ns
            memcpy(o.soft, soft, ns * sizeof(int))
            o.nh = nh
            memcpy(o.hard, hard, nh * sizeof(int))
            o.flag = False  # mandatory goal entry never takes this path
            S.by_k[i][k][S.nby_k[i][k]] = no
            S.nby_k[i][k] += 1
            S.nopt[i] = no + 1
    if ds <= free_ and ds < STEPS:
        for j in range(1, ds + 1):
            f = (p + j) % L
            track[j - 1] = f
            s = S.occ[f]
            if s >= 0 and s != c and (S.knock_own or not (S.team >> s) & 1):
                tvict[ntv] = f
                ntv += 1
            if s == c and S.knock_own and f != own_protected:
                tsoft[nts] = f
                nts += 1
            if s == c and (not S.knock_own or f == own_protected):
                thard[nth] = f
                nth += 1
        limit = STEPS - ds
        if limit > GOAL_FIELDS:
            limit = GOAL_FIELDS
        for r in range(1, limit + 1):
            no = S.nopt[i]
            o = &S.opts[i][no]
            o.dest = gb + r - 1
            memcpy(o.path, track, ds * sizeof(int))
            for j in range(r):
                o.path[ds + j] = gb + j
            o.n = ds + r
            o.nv = ntv
            memcpy(o.vict, tvict, ntv * sizeof(int))
            o.ns = nts
            memcpy(o.soft, tsoft, nts * sizeof(int))
            o.nh = nth
            memcpy(o.hard, thard, nth * sizeof(int))
            for j in range(r):
                if S.occ[gb + j] >= 0:
                    o.hard[o.nh] = gb + j
                    o.nh += 1
            o.flag = False
            k = ds + r
            S.by_k[i][k][S.nby_k[i][k]] = no
            S.nby_k[i][k] += 1
            S.nopt[i] = no + 1


cdef int _record(Search *S, dict results, Key *key) except -1:
    """`results[key] = segs` (the segments in S) unless the key is known: 1 when added. The
    key and its segments are kept in `S.keys` in any case (`results` None: only there)."""
    cdef int j
    cdef Key *kk
    for j in range(S.nkeys):
        kk = &S.keys[j]
        if (kk.nf == key.nf and kk.nv == key.nv
                and memcmp(kk.finals, key.finals, key.nf * sizeof(int)) == 0
                and memcmp(kk.vict, key.vict, key.nv * sizeof(int)) == 0):
            return 0
    if S.nkeys == S.capkeys:
        S.capkeys = S.capkeys * 2 if S.capkeys else 16
        kk = <Key *> realloc(S.keys, S.capkeys * sizeof(Key))
        if kk == NULL:
            raise MemoryError()
        S.keys = kk
    kk = &S.keys[S.nkeys]
    memcpy(kk, key, sizeof(Key))
    kk.nseg = S.nseg
    for j in range(S.nseg):
        kk.seg[j][0] = S.seg_from[j]
        kk.seg[j][1] = S.seg_to[j]
    S.nkeys += 1
    if results is None:  # the results stay in C (S.keys, in order)
        return 1
    finals = tuple([key.finals[j] for j in range(key.nf)])
    victims = frozenset([key.vict[j] for j in range(key.nv)])
    results[(finals, victims)] = tuple([(S.seg_from[j], S.seg_to[j]) for j in range(S.nseg)])
    return 1


cdef inline void _add_all(int *xs, int *n, const int *fields, int k) noexcept:
    """xs |= fields (as sets)."""
    cdef int j
    for j in range(k):
        if not _in(xs, n[0], fields[j]):
            xs[n[0]] = fields[j]
            n[0] += 1


cdef int _leaf(Search *S, dict results) except -1:
    """`seven_plays`' leaf: 1 to stop (first_only), 0 to go on."""
    cdef int used[MAXM]
    cdef int nu = 0, i, j, a, b
    cdef bint interact = False
    cdef int burned[STEPS]
    cdef int nb = 0
    cdef Opt *o
    cdef Key key
    for i in range(S.m):
        if S.chosen[i] != NOPT:
            used[nu] = i
            nu += 1
    if nu == 1:
        o = &S.opts[used[0]][S.chosen[used[0]]]
        interact = o.flag or o.nh > 0
        _add_all(burned, &nb, o.soft, o.ns)
    else:
        for a in range(nu):
            i = used[a]
            o = &S.opts[i][S.chosen[i]]
            if o.flag or o.nh > 0:
                interact = True
                break
            for b in range(nu):  # it burns a figure that moves: the order matters
                if _in(o.soft, o.ns, S.own[used[b]]):
                    interact = True
                    break
            if interact:
                break
            _add_all(burned, &nb, o.soft, o.ns)
            for b in range(nu):
                j = used[b]
                if j != i and _in(o.path, o.n, S.opts[j][S.chosen[j]].dest):
                    interact = True
                    break
            if interact:
                break
    if not interact:
        key.nf = 0
        key.nv = 0
        for j in range(S.nk):
            key.finals[key.nf] = S.kennels[j]
            key.nf += 1
        for i in range(S.m):
            if S.chosen[i] == NOPT:
                key.finals[key.nf] = -1 - S.c if _in(burned, nb, S.own[i]) else S.own[i]
            else:
                o = &S.opts[i][S.chosen[i]]
                key.finals[key.nf] = o.dest
                _add_all(key.vict, &key.nv, o.vict, o.nv)
            key.nf += 1
        _sort(key.finals, key.nf)
        _sort(key.vict, key.nv)
        for a in range(nu):
            i = used[a]
            S.seg_from[a] = S.own[i]
            S.seg_to[a] = S.opts[i][S.chosen[i]].dest
        S.nseg = nu
        _record(S, results, &key)
        return S.first_only
    # interacting: every order inside each group (`_groups`), walked on the board
    _group(S, used, nu)
    S.nseg = 0
    S.nknocked = 0
    return _walk(S, results, 0, S.group_item[0], S.group_len[0])


cdef void _group(Search *S, const int *used, int nu) noexcept:
    """`moves._groups`: movers whose paths touch each other's start or end form a group; the
    groups in the order of their first member, the members in order."""
    cdef int group[MAXM]
    cdef int roots[MAXM]
    cdef int a, b, ra, rb, g, x
    cdef Opt *oa
    cdef Opt *ob
    if nu == 1:
        S.ngroups = 1
        S.group_len[0] = 1
        S.group_item[0][0] = used[0]
        return
    for a in range(nu):
        group[a] = a
    for a in range(nu):
        oa = &S.opts[used[a]][S.chosen[used[a]]]
        for b in range(nu):
            ob = &S.opts[used[b]][S.chosen[used[b]]]
            if a != b and (_in(oa.path, oa.n, S.own[used[b]]) or _in(oa.path, oa.n, ob.dest)):
                ra = a
                while group[ra] != ra:
                    ra = group[ra]
                rb = b
                while group[rb] != rb:
                    rb = group[rb]
                group[ra] = rb
    S.ngroups = 0
    for a in range(nu):
        ra = a
        while group[ra] != ra:
            ra = group[ra]
        g = -1
        for x in range(S.ngroups):
            if roots[x] == ra:
                g = x
                break
        if g < 0:
            g = S.ngroups
            roots[g] = ra
            S.group_len[g] = 0
            S.ngroups += 1
        S.group_item[g][S.group_len[g]] = used[a]
        S.group_len[g] += 1


cdef int _walk(Search *S, dict results, int gi, const int *rest, int nrest) except -1:
    """`moves._walk_orders`: depth first over the orders inside each group on the board (S.occ,
    changed in place and restored); 1 to stop."""
    cdef int idx, i, j, x, frm, dest, s, f, n, last, nrem, mark, nlater
    cdef int later[MAXM]
    cdef int rem_f[STEPS]
    cdef int rem_s[STEPS]
    cdef bint ok
    cdef int done
    cdef Opt *o
    cdef Key key
    if nrest == 0:
        if gi + 1 < S.ngroups:
            return _walk(S, results, gi + 1, S.group_item[gi + 1], S.group_len[gi + 1])
        key.nf = 0
        for j in range(S.nk):
            key.finals[key.nf] = S.kennels[j]
            key.nf += 1
        for f in range(S.F):
            if S.occ[f] == S.c:
                key.finals[key.nf] = f
                key.nf += 1
        while key.nf < S.m + S.nk:
            key.finals[key.nf] = -1 - S.c
            key.nf += 1
        _sort(key.finals, key.nf)
        key.nv = 0
        _add_all(key.vict, &key.nv, S.knocked, S.nknocked)
        _sort(key.vict, key.nv)
        if _record(S, results, &key):
            return S.first_only
        return 0
    for idx in range(nrest):
        i = rest[idx]
        o = &S.opts[i][S.chosen[i]]
        frm = S.own[i]
        S.occ[frm] = -1
        nrem = 0
        ok = True
        last = o.n - 1
        for n in range(o.n):
            f = o.path[n]
            s = S.occ[f]
            if s < 0:
                continue
            if f >= S.L or f == S.start[s]:
                ok = False  # a figure in the goal, or protected on its own start field
                break
            if not S.knock_own and (S.team >> s) & 1:
                if n == last:
                    ok = False
                    break
                continue
            S.occ[f] = -1
            rem_f[nrem] = f
            rem_s[nrem] = s
            nrem += 1
        done = 0
        if ok:
            nlater = 0
            for j in range(nrest):
                if j != idx:
                    later[nlater] = rest[j]
                    nlater += 1
            for j in range(nlater):  # nobody still to move was burned
                if S.occ[S.own[later[j]]] != S.c:
                    ok = False
                    break
            if ok:
                dest = o.dest
                S.occ[dest] = S.c
                mark = S.nknocked
                for x in range(nrem):
                    if rem_s[x] != S.c:
                        S.knocked[S.nknocked] = rem_f[x]
                        S.nknocked += 1
                S.seg_from[S.nseg] = frm
                S.seg_to[S.nseg] = dest
                S.nseg += 1
                done = _walk(S, results, gi, later, nlater)
                S.nseg -= 1
                S.nknocked = mark
                S.occ[dest] = -1
        for x in range(nrem):
            S.occ[rem_f[x]] = rem_s[x]
        S.occ[frm] = S.c
        if done:
            return 1
    return 0


cdef int _rec(Search *S, dict results, int i, int r) except -1:
    """`seven_plays`' nested `rec`: the distributions of the r points left over figures i..,
    each figure's options for its share; 1 to stop."""
    cdef int k, x
    if S.cap[i] < r:
        return 0
    if i == S.m - 1:
        if r == 0:
            S.chosen[i] = NOPT
            if _leaf(S, results):
                return 1
        else:
            for x in range(S.nby_k[i][r]):
                S.chosen[i] = S.by_k[i][r][x]
                if _leaf(S, results):
                    return 1
        S.chosen[i] = NOPT
        return 0
    S.chosen[i] = NOPT
    if _rec(S, results, i + 1, r):
        return 1
    for k in range(1, r + 1):
        for x in range(S.nby_k[i][k]):
            S.chosen[i] = S.by_k[i][k][x]
            if _rec(S, results, i + 1, r - k):
                return 1
    S.chosen[i] = NOPT
    return 0
