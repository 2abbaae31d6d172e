"""The web process's heap after start-up: frozen out of the cyclic garbage collector's sight.

Django, Channels, Twisted and the engines leave a few hundred thousand long-lived objects at
start-up. Each of the collector's full passes walked all of them again, on the event loop,
every few seconds under load (bench/ws_load.py: the collector was about 5 % of a web
process's CPU, ``perf``). ``gc.freeze`` moves them to a permanent generation that no pass
visits (as the CPython docs advise for servers, and as Instagram's fork-based servers do); the
objects made while serving are collected as before.
"""

from __future__ import annotations

import gc


def freeze_startup_heap() -> int:
    """Collect once, then freeze what survives; the number of objects frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
