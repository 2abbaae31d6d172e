# cython: language_level=3
"""The compiled tree's node (`_ismcts.pyx`), for a game's own compiled iteration
(`_playout.DogIteration`)."""


cdef class Node:
    cdef public Node parent
    cdef public object action
    cdef public int player  # the seat that made the move into this node
    cdef public dict children
    cdef public long visits
    cdef public long avail
    cdef public double reward
    cdef public double outcome  # root children only, with `Config.outcome`
    #: root children only: the sum of the squared rewards (the search's own uncertainty)
    cdef public double square
