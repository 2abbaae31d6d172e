# cython: language_level=3
"""The C declarations of `_state.pyx` that the search's compiled DOG code shares
(`companion/games/dog/_playout.pyx` cimports them: one copy of the board, its plays and their
results, issue #39)."""

cdef enum:
    NSEAT = 6
    MAXFIG = 5
    MAXHAND = 16
    NKINDS = 16
    NFIELD = 128  # track fields and goals
    MAXSEG = 7
    GOAL = 4
    ONE = 1
    FOUR = 4
    SEVEN = 7
    THIRTEEN = 13
    SWAP = 14
    JOKER = 15
    # phases (state.py)
    PH_DEAL = 0
    PH_EXCHANGE = 1
    PH_PLAY = 2
    PH_DRAW = 3
    PH_DRAWN = 4
    PH_OVER = 5


cdef struct Play:
    int card
    int as_card
    int nseg
    int seg[MAXSEG][2]


cdef struct CS:
    # the configuration (DogConfig, HouseRules)
    int n  # seats
    int nf  # figures per seat
    int L
    int teams
    int nteams
    int start[NSEAT]
    int gb[NSEAT]
    int team_of[NSEAT]
    int partner[NSEAT]
    int team_mask[NSEAT]
    int receiver[NSEAT]
    int blocks_own
    int knock_own
    int mandatory
    int goal_from_start
    int swap_void
    int partner_exception
    # the state (DogState, folds aside)
    int phase
    int turn
    int fig[NSEAT][MAXFIG]  # sorted, as DogState.figures
    signed char hand[NSEAT][MAXHAND]  # sorted, as DogState.hands (0: unknown)
    int nhand[NSEAT]
    int discard[NKINDS]
    int avoid[NSEAT]
    int transit[NSEAT]
    int gifts[NSEAT]
    int round
    int dealer
    int winner
    # derived: field -> seat, -1 empty; the analysis for the seat to move (`moves.Ctx`)
    signed char occ[NFIELD]
    int c
    int nprot
    int prot[NSEAT]
    int goal_free


cdef struct Buf:
    Play *plays
    CS *after
    int n
    int cap


cdef class DogBoard:
    cdef CS s
    cdef object cfg
    cdef object folds
    cdef tuple start

    cdef DogBoard _copy(self, CS *src)


cdef int _grow(Buf *buf) except -1
cdef void _occupy(CS *B) noexcept
cdef void _analyse(CS *B) noexcept
cdef int _plays(DogBoard board, Buf *buf, int card) except -1
cdef void _take(CS *B, int seat, int card) noexcept
cdef void _next_turn(CS *B, int seat) noexcept
cdef void _apply_play(CS *B, Play *pl) noexcept
