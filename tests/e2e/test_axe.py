"""axe-core in a real browser: no serious or critical accessibility violation on the pages a
table uses, in English and German.

For each game: a table a few plays in (the engine's own game, entered by the host through the
API), a seated phone (390×844, touch) with every ``<details>`` open (the hand form, the legal
plays, the referee, the card counter…), a spectator's phone and the presenter at 1920×1080.
axe-core (tests/tools, ``make install-test``) is injected into each page and run on it whole
(the browser lets it past the site's Content-Security-Policy, which allows no inline script).
"""

from __future__ import annotations

import pytest

from companion import games
from tests.services import http_json
from tests.tables.simulated import CONFIGS, mover_after, names_of, table_log
from tests.tools.checkers import require_axe

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

LOCALES = {"en": "en-GB", "de": "de-DE"}
#: entries of the engine's game before the pages are read: hands in, a few plays made
FEW = {"dog": 16, "hit": 14, "lifeislife": 9}
SLOW = 30_000
#: the impacts that fail the test (axe's "moderate" and "minor" are reported, not failed)
FAILING = ("serious", "critical")

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.join(' '),
                                           summary: n.failureSummary})),
    count: v.nodes.length,
  }));
}"""
OPEN_DETAILS = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"


def violations(page, axe: str) -> list[dict]:
    page.add_script_tag(path=axe)
    return page.evaluate(RUN_AXE)


def readable(where: str, found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{where}: {v['impact']} {v['id']} ({v['count']}×): {v['help']}")
        for node in v["nodes"]:
            summary = " ".join((node["summary"] or "").split())
            lines.append(f"    {node['target']}: {summary[:300]}")
    return "\n".join(lines)


def table_a_few_plays_in(server, phone, game_name: str, lang: str):
    """A table of ``game_name`` with a phone in the seat to move after a few entries."""
    log = table_log(game_name, CONFIGS[game_name], seed=7)[: FEW[game_name]]
    body = {"game": game_name, "names": names_of(game_name), "options": CONFIGS[game_name]}
    table = http_json(server.url, "POST", "/api/tables", body)
    tid, host = table["id"], table["host_token"]
    seat = mover_after(game_name, log)
    page = phone(locale=LOCALES[lang], bypass_csp=True)
    page.goto(f"{server.url}/t/{tid}/seats")  # seats are free until the first entry
    page.locator(".seat-list form").filter(
        has=page.locator(f"input[name=seat][value='{seat}']")
    ).locator("button").click()
    page.wait_for_selector("#status[data-seq='0']", timeout=SLOW)
    seq = 0
    for action in log:
        body = {"action": action, "expected_seq": seq}
        seq = http_json(server.url, "POST", f"/api/tables/{tid}/plays", body, host)["seq"]
    page.wait_for_selector(f"#status[data-seq='{seq}']", timeout=SLOW)
    return tid, seq, page


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("game_name", games.names())
def test_no_serious_accessibility_violation(server, phone, game_name, lang):
    axe = str(require_axe())
    tid, seq, seated = table_a_few_plays_in(server, phone, game_name, lang)
    # its turn: the turn bar in the seat's colour, whose ink axe measures
    seated.wait_for_selector("#status[data-yours='1']", timeout=SLOW)
    seated.evaluate(OPEN_DETAILS)
    seated.wait_for_timeout(300)  # the opened panels' own fetches (card counter…)
    pages = {"seated phone": seated}

    spectator = phone(locale=LOCALES[lang], bypass_csp=True)
    spectator.goto(f"{server.url}/t/{tid}/")
    spectator.wait_for_selector(f"#status[data-seq='{seq}']", timeout=SLOW)
    pages["spectator"] = spectator

    room = phone(locale=LOCALES[lang], bypass_csp=True, viewport={"width": 1920, "height": 1080},
                 is_mobile=False, has_touch=False, device_scale_factor=1)
    room.goto(f"{server.url}/t/{tid}/present")
    room.wait_for_selector(f"#live.presenter #status[data-seq='{seq}']", timeout=SLOW)
    pages["presenter"] = room

    report, failing = [], []
    for name, page in pages.items():
        found = violations(page, axe)
        where = f"{game_name}, {lang}, {name}"
        if found:
            report.append(readable(where, found))
        failing += [v for v in found if v["impact"] in FAILING]
    print("\n" + ("\n".join(report) or "no violations"))
    assert not failing, "axe-core, serious or critical:\n" + "\n".join(report)
