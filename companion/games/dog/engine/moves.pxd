import cython

cdef class Ctx:
    cdef public object state, rules, figures, occ, prot, start, gb, seven, limits
    cdef public int seat, c, L, team, lapped, goal_free
    cdef public bint blocks_own, knock_own, mandatory, seven_full

    @cython.locals(best=cython.int, own_start=cython.int, d=cython.int, b=cython.int)
    cpdef int free_fwd(self, int p, int c)
    @cython.locals(best=cython.int, own_start=cython.int, d=cython.int, b=cython.int)
    cpdef int free_back(self, int p, int c)
    @cython.locals(ds=cython.int)
    cpdef int to_start(self, int p, int c)
    cpdef bint lands_ok(self, int dest)
    @cython.locals(base=cython.int, g=cython.int, room=cython.int)
    cpdef int goal_room(self, int p)

@cython.locals(c=cython.int, L=cython.int, free=cython.int, ds=cython.int, goal_ok=cython.bint,
               dest=cython.int)
cpdef list forward_dests(Ctx ctx, int p, int n)
@cython.locals(c=cython.int, L=cython.int)
cpdef list forward_limits(Ctx ctx)
@cython.locals(c=cython.int, L=cython.int, goal_free=cython.int, mandatory=cython.bint,
               goal_base=cython.int, n=cython.int, p=cython.int, free=cython.int, ds=cython.int,
               goal_ok=cython.bint, d=cython.int)
cpdef list moves_as(Ctx ctx, int as_card, knocked_own=*)
cpdef list swap_pairs(Ctx ctx)
cpdef bint protected_at(Ctx ctx, int f)
cpdef bint come_out_ok(Ctx ctx)
cpdef list plays_for(Ctx ctx, int card)
cpdef dict sevens(Ctx ctx)
