"""Live pages against fresh ones at bench size (issue #36): seeded evenings of every game at a
real server (Daphne on the embedded default), each watched by one Chromium page per seat at
390×844 with touch, opened once and never reloaded, compared region by region with a fresh page
of the same reader after every event (`tests.e2e.live_pages`).

    .venv/bin/python bench/live_vs_fresh.py [--evenings 3] [--steps 40] [--games dog,hit,lifeislife]
                                            [--show 5]

Each evening has its own seed and its first phone's language (EN, DE, FR, IT in turn); the
others' phones take the next languages. It prints per game: evenings, events, comparisons
(a page pair compared), regions compared, differences, comparisons that came right only after
a later message (a coach review), and the wall time; then the first ``--show`` differences.
It exits 1 when any difference was found. The last line is machine-readable:
evenings=<int> events=<int> comparisons=<int> regions=<int> differences=<int> seconds=<float>
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evenings", type=int, default=3, help="evenings per game")
    parser.add_argument("--steps", type=int, default=40, help="entries per evening at most")
    parser.add_argument("--games", default="dog,hit,lifeislife")
    parser.add_argument("--show", type=int, default=5, help="differences shown in full")
    parser.add_argument("--quiet", action="store_true", help="no line per event")
    parser.add_argument("--workdir", help="where the server's database and log stay "
                        "(default: a temporary directory, removed after)")
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.disable(logging.WARNING)
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server
    from tests.e2e.live_pages import LOCALES, Evening, Figures

    languages = list(LOCALES)
    total = Figures()
    rows = []
    with tempfile.TemporaryDirectory() as temporary:
        workdir = Path(args.workdir or temporary)
        workdir.mkdir(parents=True, exist_ok=True)
        server = Server(workdir)
        server.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
                try:
                    for game in args.games.split(","):
                        figures = Figures()
                        for evening in range(args.evenings):
                            lang = languages[evening % len(languages)]
                            log = None if not args.quiet else (lambda _text: None)
                            Evening(server, browser, game, 1000 + evening, args.steps, figures,
                                    lang=lang, log=log).run()
                        rows.append((game, figures))
                        for name in ("evenings", "events", "comparisons", "regions",
                                     "settled_late", "seconds"):
                            setattr(total, name, getattr(total, name) + getattr(figures, name))
                        total.differences += figures.differences
                finally:
                    browser.close()
        finally:
            server.stop()

    print(f"\n{'game':<12}{'evenings':>9}{'events':>8}{'compared':>10}{'regions':>9}"
          f"{'differ':>8}{'late':>6}{'time s':>9}")
    for game, f in [*rows, ("all", total)]:
        print(f"{game:<12}{f.evenings:>9}{f.events:>8}{f.comparisons:>10}{f.regions:>9}"
              f"{len(f.differences):>8}{f.settled_late:>6}{f.seconds:>9.1f}")
    by_region: dict[str, int] = {}
    for d in total.differences:
        by_region[d.region] = by_region.get(d.region, 0) + 1
    if by_region:
        print("differences by region:", ", ".join(f"{k} {v}" for k, v in sorted(by_region.items())))
        folds = sum(1 for d in total.differences if d.folds_only())
        print(f"of which only a fold open on one page and closed on the other: {folds}")
    for d in total.differences[: args.show]:
        print("\n" + d.said(1500))
    print(f"\ncommand: .venv/bin/python bench/live_vs_fresh.py --evenings {args.evenings} "
          f"--steps {args.steps} --games {args.games}")
    print(f"evenings={total.evenings} events={total.events} comparisons={total.comparisons} "
          f"regions={total.regions} differences={len(total.differences)} "
          f"seconds={total.seconds:.1f}")
    return 1 if total.differences else 0


if __name__ == "__main__":
    sys.exit(main())
