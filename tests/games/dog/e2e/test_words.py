"""DOG at the real board in every language: two phones (Ann, Ben; one browser context each,
390×844, touch) play a few plays from the "All legal plays" list while the scribe reports the
deal, the hands and the exchange and the other two seats fold (JSON API). In EN, DE, FR and IT:

- the board's shapes have valid numeric coordinates (no "229,3") and are drawn;
- no field notation (T12, G3) is in the visible text of the table page;
- the knock-out's history line names both players (Ann sends Ben's figure home).

Screenshots of each language go to test-output/screenshots/.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import SCREENSHOTS
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

NAMES = {
    "en": ["Ann", "Ben", "Cid", "Dan"],
    "de": ["Anna", "Bernd", "Carla", "Dieter"],
    "fr": ["Anne", "Benoît", "Céline", "Denis"],
    "it": ["Anna", "Bruno", "Chiara", "Dario"],
}
#: Cid and Dan hold no start card and get none in the exchange: they fold. Ann comes out, moves
#: 8 to 8 past her start; Ben comes out and moves 2; Ann's 10 lands on Ben's figure.
HANDS = {
    0: "1,8,10,9,5,6",
    1: "1,2,9,5,6,3",
    2: "2,3,4,5,6,12",
    3: "2,3,4,5,6,12",
}
GIVES = ["give 9", "give 9", "give 12", "give 12"]  # Ann, Ben, Cid, Dan (partners 0-2, 1-3)
NOTATION = re.compile(r"\bT\d+\b|\bG\d\b")
#: parts of the page the test reads around: a details line may keep the notation
DETAILS = ".notation, .details-line, [data-notation]"

SHAPES = """() => [...document.querySelectorAll('#board svg circle, #board svg text')].map(e => {
  const attrs = {};
  for (const name of ['cx', 'cy', 'r', 'x', 'y']) {
    if (e.hasAttribute(name)) attrs[name] = e.getAttribute(name);
  }
  const box = e.getBBox();
  return {tag: e.tagName, attrs, w: box.width, h: box.height};
})"""

VISIBLE_TEXT = """(skip) => {
  // the rendered text of the page (innerText: what is laid out and visible), with the
  // details lines hidden for the moment
  const hidden = [...document.querySelectorAll(skip)];
  const before = hidden.map(e => e.style.display);
  hidden.forEach(e => { e.style.display = 'none'; });
  const text = document.body.innerText;
  hidden.forEach((e, i) => { e.style.display = before[i]; });
  return text;
}"""


def api(server, table: dict, path: str, body=None, token=None, method="POST") -> dict:
    return http_json(server.url, method, f"/api/tables/{table['id']}{path}", body, token)


def record(server, table: dict, action: str, token: str) -> int:
    seq = api(server, table, "", method="GET")["seq"]
    answer = api(server, table, "/plays", {"action": action, "expected_seq": seq}, token)
    return answer["seq"]


def wait_seq(pages, seq: int) -> None:
    for page in pages:
        page.wait_for_selector(f'#status[data-seq="{seq}"]', timeout=15_000)


def tap_listed_play(page, action: str) -> None:
    """Tap the play in the "All legal plays" list (the accessible way in, words only)."""
    listing = page.locator("#plays details.all-plays-list")
    if not listing.evaluate("e => e.open"):
        listing.locator("summary").first.click()
    group = page.locator(f"#plays details.play-group[data-group='{action.split()[0]}']")
    if not group.evaluate("e => e.open"):
        group.locator("summary").first.click()  # a large group loads when opened
    button = group.locator(f"button.legal-play[value='{action}']")
    button.wait_for()
    label = button.inner_text()
    assert not NOTATION.search(label), label
    button.click()


def assert_board_drawn(page) -> None:
    shapes = page.evaluate(SHAPES)
    assert len(shapes) > 90  # 64 track fields, goals, kennels, 16 figures and their letters
    number = re.compile(r"-?\d+(\.\d+)?")
    for shape in shapes:
        for name, value in shape["attrs"].items():
            assert number.fullmatch(value), f"{shape['tag']} {name}={value!r}"
        if shape["tag"] == "circle":
            assert shape["w"] > 0 and shape["h"] > 0, shape
    assert page.locator("#board svg circle.field").first.is_visible()
    assert page.locator("#board g.figure").count() == 16


def assert_no_notation(page, where: str) -> None:
    text = page.evaluate(VISIBLE_TEXT, DETAILS)
    found = sorted(set(NOTATION.findall(text)))
    assert not found, f"{where}: field notation {found} in the visible text"


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_dog_plays_read_as_sentences(server, phone, screenshot, language):
    names = NAMES[language]
    table = http_json(server.url, "POST", "/api/tables", {"game": "dog", "names": names})
    host = table["host_token"]
    pages = []
    for seat in (0, 1):  # Ann's and Ben's phones join in the browser
        page = phone()
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": server.url}]
        )
        page.goto(f"{server.url}/t/{table['id']}/seats")
        page.locator(".seat-list form").filter(
            has=page.locator(f"input[name=seat][value='{seat}']")
        ).locator("button").click()
        page.wait_for_selector("#board svg")
        assert page.locator("html").get_attribute("lang") == language
        pages.append(page)
    ann, ben = pages
    tokens = [api(server, table, "/join", {"seat": s})["token"] for s in (2, 3)]
    assert_board_drawn(ann)

    seq = record(server, table, "deal", host)
    for seat, hand in HANDS.items():
        seq = record(server, table, f"hand {seat} {hand}", host)
    for give in GIVES:
        seq = record(server, table, give, host)
    wait_seq(pages, seq)

    def play(page, action: str) -> None:
        nonlocal seq
        tap_listed_play(page, action)
        seq += 1
        wait_seq(pages, seq)

    def fold(token: str) -> None:
        nonlocal seq
        seq = record(server, table, "fold", token)
        wait_seq(pages, seq)

    play(ann, "1 K")
    play(ben, "1 K")
    fold(tokens[0])
    fold(tokens[1])
    play(ann, "8 T0-T8")
    play(ben, "2 T16-T18")
    play(ann, "10 T8-T18")  # lands on Ben's figure: sends it home

    for who, page in (("ann", ann), ("ben", ben)):
        page.wait_for_selector("#history li")
        assert_board_drawn(page)
        assert_no_notation(page, f"{language} {who}")
        line = page.locator("#history li").first.inner_text()
        assert names[0] in line and names[1] in line, line  # the knock-out names both
        assert not NOTATION.search(line), line
        screenshot(page, f"{language}-{who}")
    # The big screen (presenter) in the same language: the board drawn, the play in words.
    screen = phone(viewport={"width": 1280, "height": 900}, is_mobile=False, has_touch=False)
    screen.context.add_cookies([{"name": "django_language", "value": language, "url": server.url}])
    screen.goto(f"{server.url}/t/{table['id']}/present")
    screen.wait_for_selector(f'#status[data-seq="{seq}"]')
    assert_board_drawn(screen)
    assert_no_notation(screen, f"{language} presenter")
    line = screen.locator("#history li").first.inner_text()
    assert names[0] in line and names[1] in line, line
    screenshot(screen, f"{language}-presenter")
    # Ben's figure is back in his kennel on both phones.
    assert ann.locator("#board g.figure[data-seat='1'][data-field='K']").count() == 4
    assert (
        SCREENSHOTS / f"test_dog_plays_read_as_sentences[{language}]-{language}-ann.png"
    ).exists()
