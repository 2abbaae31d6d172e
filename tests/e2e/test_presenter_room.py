"""The presenter for the room (issue #41): on a laptop or a TV at 1280×800 and 1920×1080, the
page is the screen — the board fills the height under the turn line, whose turn and the last
play are large, the score is whole without scrolling, nothing is cut (no sideways scroll, the
history's numbers whole), and the page itself never scrolls. Each game in the middle of a game
played through the API; the screenshots are kept (test-output/screenshots/)."""

from __future__ import annotations

import pytest

from tests.e2e.played_tables import play_forward

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SIZES = [(1280, 800), (1920, 1080)]
STEPS = {"dog": 40, "hit": 40, "lifeislife": 12}
BOARD = {"dog": "#board .board-stack", "hit": "#board.hit-board > svg", "lifeislife": "#board"}

MEASURE = """([boardSel]) => {
  const box = s => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right,
    bottom: r.bottom, width: r.width, height: r.height}; };
  const px = (s, p) => parseFloat(getComputedStyle(document.querySelector(s))[p]);
  const ol = document.querySelector('#history ol');
  const lines = [...ol.querySelectorAll('li')];
  const item = lines[1] || lines[0];
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(item).font;
  const widest = Math.max(...lines.map(li => ctx.measureText((li.value || 0) + '. ').width));
  return {
    vw: innerWidth, vh: innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    board: box(boardSel), score: box('#score'), status: box('#status'),
    side: box('.presenter-side'), ol: box('#history ol'),
    olPadding: px('#history ol', 'paddingLeft'), widestNumber: widest,
    statusFont: px('#status', 'fontSize'), rootFont: px('html', 'fontSize'),
    lastFont: parseFloat(getComputedStyle(lines[0]).fontSize),
    lineFont: parseFloat(getComputedStyle(item).fontSize),
  };
}"""


@pytest.fixture(scope="module")
def tables(server):
    return {game: play_forward(server.url, game, steps) for game, steps in STEPS.items()}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(STEPS))
def test_the_presenter_is_the_screen(server, browser, tables, screenshot, game, size):
    width, height = size
    tid, seq = tables[game]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/t/{tid}/present")
        page.wait_for_selector(f"#status[data-seq='{seq}']", timeout=30_000)
        page.wait_for_selector("#summary-slot > *", timeout=30_000)  # its own request
        m = page.evaluate(MEASURE, [BOARD[game]])
        screenshot(page, f"{game}-{width}")
    finally:
        context.close()

    # The page is the screen: nothing scrolls it, sideways or down.
    assert m["scrollWidth"] <= width, m
    assert m["scrollHeight"] <= height, m
    # The board fills the height left under the turn line (the drawing keeps its square).
    board = m["board"]
    assert board["bottom"] <= height + 1, m
    assert board["height"] >= 0.8 * (height - board["top"]) or board["width"] >= 0.95 * (
        m["side"]["left"] - board["left"]), m
    # The score whole, in view; whose turn and the last play large.
    assert m["score"]["top"] >= 0 and m["score"]["bottom"] <= height, m
    assert m["statusFont"] >= 1.6 * m["rootFont"], m
    assert m["lastFont"] >= 1.4 * m["lineFont"], m
    # The history's numbers are whole: the list's indent holds the widest, inside the column.
    assert m["olPadding"] >= m["widestNumber"], m
    assert m["ol"]["left"] >= m["side"]["left"] - 0.5, m
