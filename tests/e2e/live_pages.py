"""Live pages against fresh ones (issue #36): a seeded evening entered through the JSON API of a
running server, watched by one Chromium page per seat that is opened once and never reloaded,
each compared region by region with a fresh page of the same reader after every event.

The evening is the game night's (tests/tables/game_night.py): the physical game is played by
the engine with every card known (the *truth*); the table hears what people enter: the deal,
each seat's own hand (or none), plays entered by their own seats or by the scribe, a wrong play
taken back or corrected, a referee question, the coach switched on, one phone offline and back,
a language switch. The pages only observe; entries go through the API, so an evening is fast.

After every event each live page is waited on (its ``#status[data-seq]`` reaches the table's
seq: an event, never a sleep), a fresh page of the same reader is loaded in the same browser
context (the same cookies: the same reader), and both are read by one script, `REGIONS`, into
their regions' text: the region's HTML with its form controls' live values (a card chosen, a
radio checked, a field filled), only what is legitimately transient left out (`TRANSIENT`:
htmx's swap classes, the focus's tabindex, the hint box's busy flag). A region that differs is
read again after the next message reaches the live page (a coach review arrives after the play
it reviews), up to `SETTLE_S`; one that still differs is a difference.

`tests/e2e/test_live_vs_fresh.py` runs the CI size; `bench/live_vs_fresh.py` the bench size.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.engines import TABLE, get_game

#: the evening's games and their options (the game night's)
CONFIGS: dict[str, dict[str, Any]] = {
    "dog": {"seats": 4},
    "hit": {"players": 3},
    "lifeislife": {"players": 3, "rules": {"start_lives": 2}},
}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR", "it": "it-IT"}
#: how long a region that differs may take to come right (a review arriving after its play)
SETTLE_S = 6.0
#: the regions a message after the play's own may still change (the coach's review: its box
#: and its label in the history); any other region is what it is once the page has the seq
LATE = {"coach", "history"}

#: what a run may leave out of the comparison while its cause is being fixed elsewhere
#: (LIVE_VS_FRESH_IGNORE=folds: whether a fold is open), to see the differences behind it
IGNORE = [w for w in os.environ.get("LIVE_VS_FRESH_IGNORE", "").split(",") if w]

#: The regions of a table page, by selector; "rest" is everything else in #live (the referee's
#: and the correction's forms, the bars, the invitation), so that no region goes unchecked.
REGIONS = {
    "status": "#status",
    "notices": "#notices",
    "board": "#board",
    "entry": "#entry",
    "plays": "#plays",
    "score": "#score",
    "counter": "#counter",
    "history": "#history",
    "correctable": "#correctable",
    "coach": "#coach",
    "hint": "#hint",
    "offline": "#offline-kit",
}

#: The script that reads a page's regions: each region's HTML, its form controls' live state
#: (what a script or a tap set, which the HTML does not show) appended, transient marks removed.
READ = """([regions, ignore]) => {
  const TRANSIENT_CLASSES = /^(htmx-[\\w-]+|connecting)$/;
  function clean(el) {
    const copy = el.cloneNode(true);
    const all = [copy, ...copy.querySelectorAll("*")];
    for (const node of all) {
      for (const name of [...node.classList]) {
        if (TRANSIENT_CLASSES.test(name)) node.classList.remove(name);
      }
      if (node.getAttribute("class") === "") node.removeAttribute("class");
      if (node.getAttribute("tabindex") === "-1" && node.id !== "ruling") {
        node.removeAttribute("tabindex");
      }
      node.removeAttribute("aria-busy");
      if (ignore.includes("folds") && node.tagName === "DETAILS") node.removeAttribute("open");
      // the page's own bookkeeping: how many messages it took, what a script observes
      node.removeAttribute("data-live-messages");
      node.removeAttribute("data-watched");
      // a form's per-response secret (Django masks the CSRF token anew in every response)
      if (node.name === "csrfmiddlewaretoken") node.setAttribute("value", "");
      // the referee's and the entry's answer boxes: the seq at which this phone last asked
      if (node.classList.contains("ruling")) node.removeAttribute("data-seq");
    }
    return copy;
  }
  function controls(el) {
    const found = el.querySelectorAll("input, select, textarea, button, fieldset, details");
    return [...found].map((c) => {
      if (c.tagName === "DETAILS") {
        return "details:" + (ignore.includes("folds") ? "" : c.open ? "open" : "closed");
      }
      if (c.tagName === "FIELDSET") return "fieldset:" + (c.disabled ? "off" : "on");
      if (c.tagName === "SELECT") return "select " + c.name + "=" + c.value;
      if (c.tagName === "BUTTON") return "button:" + (c.disabled ? "off" : "on");
      const kind = (c.type || "").toLowerCase();
      if (kind === "checkbox" || kind === "radio") {
        return kind + " " + c.name + "=" + c.value + (c.checked ? " on" : "");
      }
      const value = c.name === "csrfmiddlewaretoken" ? "" : c.value;
      return "field " + c.name + "=" + value + (c.disabled ? " off" : "");
    }).join("\\n");
  }
  const out = {};
  const live = document.getElementById("live");
  const rest = live ? clean(live) : null;
  for (const [name, selector] of Object.entries(regions)) {
    const el = document.querySelector(selector);
    out[name] = el ? clean(el).outerHTML + "\\n--controls--\\n" + controls(el) : null;
    const inRest = rest && rest.querySelector(selector);
    if (inRest) inRest.replaceWith(document.createComment(name));
  }
  // (a clone keeps its controls' state: values, checkedness)
  out.rest = rest ? rest.outerHTML + "\\n--controls--\\n" + controls(rest) : null;
  out.page = "lang=" + document.documentElement.lang + " offline=" +
    document.body.classList.contains("offline");
  return out;
}"""


@dataclass
class Difference:
    event: str
    reader: str
    region: str
    live: str
    fresh: str

    def folds_only(self) -> bool:
        """Whether the two differ only in which folds are open (a <details>' open)."""

        def unfolded(text: str) -> str:
            return re.sub(r"details:(open|closed)", "details:", text.replace(' open=""', ""))

        return unfolded(self.fresh) == unfolded(self.live)

    def said(self, width: int = 600) -> str:
        import difflib

        lines = difflib.unified_diff(self.fresh.splitlines(), self.live.splitlines(),
                                     "fresh", "live", lineterm="", n=1)
        return (f"after {self.event!r}, {self.reader}'s {self.region}:\n"
                + "\n".join(lines)[:width])


@dataclass
class Figures:
    evenings: int = 0
    events: int = 0
    comparisons: int = 0
    regions: int = 0
    settled_late: int = 0
    seconds: float = 0.0
    differences: list[Difference] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)


class Api:
    """The JSON API of the running server (tests/services.http_json, with the answer's status)."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: Any = None,
             token: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, method=method, headers=headers,
                                         data=data)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


class Reader:
    """One reader's two pages: the live one (opened once) and the fresh one (loaded anew)."""

    def __init__(self, name: str, context: Any, url: str) -> None:
        self.name = name
        self.context = context
        self.url = url
        self.live = context.new_page()
        self.errors: list[str] = []
        self.live.on("pageerror", lambda e: self.errors.append(str(e)))
        self.live.goto(url)
        self.live.wait_for_selector("#live[data-live-seq]", state="attached")
        self.fresh = context.new_page()

    def wait_seq(self, page: Any, seq: int, timeout: float = 20_000) -> None:
        """Until the page shows the server's view at ``seq`` (table.js marks #live)."""
        page.wait_for_selector(f'#live[data-live-seq="{seq}"]', timeout=timeout,
                               state="attached")

    def messages(self) -> int:
        return int(self.live.get_attribute("#live", "data-live-messages") or 0)

    def load_fresh(self) -> None:
        """Start loading the fresh page (the readers' pages load side by side)."""
        self.fresh.goto(self.url, wait_until="commit")

    def read_fresh(self, seq: int, loading: bool = False) -> dict[str, str | None]:
        if not loading:
            self.load_fresh()
        self.wait_seq(self.fresh, seq)
        self.wait_loaded(self.fresh)
        return self.fresh.evaluate(READ, [REGIONS, IGNORE])

    def read_live(self) -> dict[str, str | None]:
        self.wait_loaded(self.live)
        return self.live.evaluate(READ, [REGIONS, IGNORE])

    @staticmethod
    def wait_loaded(page: Any) -> None:
        """Until what the page asks for on its own is there: the game summary the status line
        of a game that is over loads into #summary-slot (a request of its own, after the view)."""
        page.wait_for_function(SUMMARY_LOADED, timeout=20_000)


#: a page whose status asks for the game summary (a game over) has it in #summary-slot
SUMMARY_LOADED = """() => !document.querySelector('[hx-target="#summary-slot"]')
  || !!document.querySelector('#summary-slot > *')"""


class Evening:
    """One seeded evening of ``game`` at a running server, watched by ``readers``."""

    def __init__(self, server: Any, browser: Any, game_name: str, seed: int, steps: int,
                 figures: Figures, *, lang: str = "en", log: Any = None) -> None:
        self.server = server
        self.api = Api(server.url)
        self.browser = browser
        self.game_name = game_name
        self.game = get_game(game_name)
        self.rng = random.Random(seed)
        self.steps = steps
        self.figures = figures
        self.lang = lang
        self.log = log or (lambda text: print(f"[{game_name}] {text}", flush=True))
        self.config = dict(CONFIGS[game_name])
        self.truth = self.game.new_game(self.config)
        self.n = self.game.num_seats(self.truth)
        from companion.tables.presenters import localize

        self.words = localize.wording(game_name)
        status, data = self.api.call("POST", "/api/tables", {
            "game": game_name, "options": self.config, "names": NAMES[: self.n]})
        assert status == 201, data
        self.id = data["id"]
        self.host = data["host_token"]
        #: the last seat is claimed late, through the host, once the game has begun (a seat
        #: change): until then the scribe enters for it and no page watches it
        self.tokens: list[str | None] = [None] * self.n
        for seat in range(self.n - 1):
            self.tokens[seat] = self.join(seat)
        self.gave: set[int] = set()
        self.readers: dict[int, Reader] = {}
        self.contexts: dict[int, Any] = {}
        self.coached: set[int] = set()
        self.offline: int | None = None

    def join(self, seat: int, token: str | None = None) -> str:
        status, joined = self.api.call("POST", f"/api/tables/{self.id}/join", {"seat": seat},
                                       token)
        assert status == 201, joined
        return joined["token"]

    # --- the phones ---------------------------------------------------------------------------

    def open_pages(self) -> None:
        """One live page per claimed seat."""
        for seat in range(self.n):
            if self.tokens[seat] is not None:
                self.open_page(seat)

    def open_page(self, seat: int) -> None:
        """The seat's phone, its page opened once; seat 0's phone is the host's too (the
        scribe's switch)."""
        from django.core import signing

        from companion.tables.tokens import COOKIE_SALT, cookie_name
        from tests.e2e.conftest import PHONE

        key = Path(self.server.env["DJANGO_SECRET_KEY_FILE"]).read_text().strip()
        langs = list(LOCALES)
        lang = langs[(seat + langs.index(self.lang)) % len(langs)] if seat else self.lang
        context = self.browser.new_context(**PHONE, locale=LOCALES[lang])
        context.set_default_timeout(20_000)
        context.set_default_navigation_timeout(60_000)
        roles = [("seat", self.tokens[seat])] + ([("host", self.host)] if seat == 0 else [])
        context.add_cookies([
            {"name": cookie_name(self.id, role),
             "value": signing.dumps([self.id, token], key=key, salt=COOKIE_SALT),
             "url": self.server.url}
            for role, token in roles
        ])
        self.contexts[seat] = context
        self.readers[seat] = Reader(NAMES[seat], context, f"{self.server.url}/t/{self.id}/")

    def claim_late_seat(self) -> None:
        """The last seat's player arrives: the host gives it its seat, its phone opens."""
        seat = self.n - 1
        if self.tokens[seat] is not None:
            return
        self.tokens[seat] = self.join(seat, self.host)
        self.open_page(seat)
        self.compare(f"seat of {NAMES[seat]} claimed")

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()

    # --- the comparison -----------------------------------------------------------------------

    def seq(self) -> int:
        return self.api.call("GET", f"/api/tables/{self.id}")[1]["seq"]

    def compare(self, event: str) -> None:
        """Every reader's live page against a fresh one, region by region."""
        self.figures.events += 1
        self.figures.kinds[event.split()[0]] += 1
        started = time.monotonic()
        seq = self.seq()
        readers = [r for i, r in sorted(self.readers.items()) if i != self.offline]
        # (a phone offline cannot hear the table: it is compared once it is back)
        for reader in readers:
            reader.load_fresh()
        for reader in readers:
            reader.wait_seq(reader.live, seq)
            fresh = reader.read_fresh(seq, loading=True)
            live = reader.read_live()
            differing = [name for name in fresh if fresh[name] != live.get(name)]
            deadline = time.monotonic() + SETTLE_S
            while differing and set(differing) <= LATE and time.monotonic() < deadline:
                # a message still on its way (a review after its play): the next one, then
                # both pages read again
                seen = reader.messages()
                with contextlib.suppress(PlaywrightTimeout):
                    reader.live.wait_for_function(
                        "n => Number(document.getElementById('live').dataset.liveMessages) > n",
                        arg=seen, timeout=max(1, deadline - time.monotonic()) * 1000)
                seq = self.seq()
                reader.wait_seq(reader.live, seq)
                fresh = reader.read_fresh(seq)
                live = reader.read_live()
                differing = [name for name in fresh if fresh[name] != live.get(name)]
                if not differing:
                    self.figures.settled_late += 1
            self.figures.comparisons += 1
            self.figures.regions += len(fresh)
            for name in differing:
                self.figures.differences.append(Difference(
                    event, reader.name, name, live.get(name) or "", fresh[name] or ""))
                self.log(self.figures.differences[-1].said(2000))
        self.log(f"#{seq} {event}: {time.monotonic() - started:.2f} s, "
                 f"{len(self.figures.differences)} differences so far")

    # --- the entries ----------------------------------------------------------------------------

    def enter(self, who: int | None, text: str) -> bool:
        token = self.host if who is None else self.tokens[who]
        if token is None:
            return False  # a seat nobody has claimed yet enters nothing itself
        status, _answer = self.api.call("POST", f"/api/tables/{self.id}/plays",
                                        {"action": text, "expected_seq": self.seq()}, token)
        return status in (200, 201)

    def must(self, who: int | None, text: str) -> None:
        assert self.enter(who, text) or self.enter(None, text), f"refused {text!r}"

    def say(self, who: int | None) -> str:
        return "the scribe" if who is None else NAMES[who]

    def chance(self) -> None:
        chance = self.game.sample_chance(self.truth, self.rng)
        text = self.game.format_action(self.truth, chance)
        hands: list[str] = []
        if self.game_name == "dog" and text.startswith("deal "):
            hands, text = text.removeprefix("deal ").split("/"), "deal"
            self.gave.clear()
        elif self.game_name == "lifeislife" and " hands " in text:
            text, _, hands_text = text.partition(" hands ")
            hands = hands_text.split("/")
        elif self.game_name == "hit" and text.startswith("draw ") and "," in text:
            drawer = self.game.to_json(self.truth).get("turn", 0)
            if self.rng.random() < 0.7 and self.enter(drawer, text):
                self.truth = self.game.apply(self.truth, chance)
                self.compare(f"draw by {NAMES[drawer]}")
                return
            text = "draw"  # reported blind by the scribe
        if self.game_name == "lifeislife" and text.startswith("hand "):
            seat = int(text.split()[1])
            if not (self.rng.random() < 0.7 and self.enter(seat, text)):
                self.must(None, text)
            self.truth = self.game.apply(self.truth, chance)
            self.compare(f"shown hand of {NAMES[seat]}")
            return
        self.must(None, text)
        self.truth = self.game.apply(self.truth, chance)
        self.compare(f"table {text.split()[0]}")
        order = list(range(len(hands)))
        self.rng.shuffle(order)
        for seat in order:
            if hands[seat] in ("", "?", "-") or self.rng.random() > 0.8:
                continue
            if self.enter(seat, f"hand {seat} {hands[seat]}"):
                self.compare(f"hand of {NAMES[seat]}")

    def decision(self, mover: int) -> None:
        action = self.game.random_action(self.truth, self.rng)
        if self.game_name == "dog" and self.game.phase(self.truth) == "exchange":
            action = self._give_in_any_order() or action
        text = self.game.format_action(self.truth, action)
        subject = self.words.actor_seat(self.truth, action) if self.words else mover
        author: int | None = subject
        if self.tokens[subject] is None or self.rng.random() < 0.3:
            author = None  # the scribe enters it
        fixed = self._mistake(author, action) if self.rng.random() < 0.12 else None
        if fixed is not None:
            action = fixed  # corrected into the right play, or the wrong one stood
            text = self.game.format_action(self.truth, action)
            subject = self.words.actor_seat(self.truth, action) if self.words else mover
        elif not self.enter(author, text):
            author = None
            self.must(None, text)
        if self.game_name == "dog" and "give" in text:
            self.gave.add(subject)
        self.truth = self.game.apply(self.truth, action)
        if fixed is None:  # (a correction, or the wrong play that stood, was compared)
            self.compare(f"play by {self.say(author)} for {NAMES[subject]}")

    def _give_in_any_order(self) -> Any:
        hands = self.game.to_json(self.truth)["hands"]
        givers = [s for s in range(self.n) if s not in self.gave]
        giver = self.rng.choice(givers)
        card = self.rng.choice(hands[giver])
        action = self.game.parse_action(self.truth, f"give@{giver} {card}")
        return None if self.game.check(self.truth, action) else action

    def _mistake(self, author: int | None, right: Any) -> Any:
        """A wrong play, shown on the pages, then taken back (None: the right one is still to be
        entered) or corrected into the right one (``right``); where the rules let neither (the
        wrong play showed cards: it cannot be hidden again) it stands (that play)."""
        others = [a for a in self.game.legal_actions(self.truth) if a != right]
        if not others:
            return None
        wrong = self.rng.choice(others)
        if not self.enter(author, self.game.format_action(self.truth, wrong)):
            return None
        self.compare(f"wrong play by {self.say(author)}")
        seq = self.seq()
        token = self.host if author is None else self.tokens[author]
        if self.rng.random() < 0.5:
            status, _ = self.api.call("POST", f"/api/tables/{self.id}/undo",
                                      {"expected_seq": seq}, token)
            if status in (200, 201):
                self.compare(f"undo by {self.say(author)}")
                return None
        body = {"seq": seq, "action": self.game.format_action(self.truth, right),
                "expected_seq": seq}
        for who in (token, self.host):
            status, _ = self.api.call("POST", f"/api/tables/{self.id}/corrections", body, who)
            if status in (200, 201):
                self.compare(f"correction by {self.say(author)}")
                return right
        return wrong  # it showed cards to the table: it stands

    # --- the other events ---------------------------------------------------------------------

    def referee(self) -> None:
        """A seat asks the referee about a play (nothing is recorded)."""
        if self.game.is_terminal(self.truth) or self.game.to_move(self.truth) == TABLE:
            return
        action = self.game.random_action(self.truth, self.rng)
        asker = self.rng.choice(sorted(self.readers))
        self.api.call("POST", f"/api/tables/{self.id}/check",
                      {"action": self.game.format_action(self.truth, action)},
                      self.tokens[asker])
        self.compare(f"referee question of {NAMES[asker]}")

    def coach_on(self, seat: int) -> None:
        """The seat's coach switched on from its other phone (the same cookies)."""
        context = self.contexts[seat]
        token = next((c["value"] for c in context.cookies() if c["name"] == "csrftoken"), "")
        response = context.request.post(f"{self.server.url}/t/{self.id}/coach",
                                        form={"on": "1"},
                                        headers={"X-CSRFToken": token,
                                                 "Referer": self.server.url + "/"})
        assert response.ok, response.text()[:300]
        self.coached.add(seat)
        self.readers[seat].live.wait_for_selector('#coach[data-on="1"]', state="attached")
        self.compare(f"coach on for {NAMES[seat]}")

    def go_offline(self, seat: int) -> None:
        self.contexts[seat].set_offline(True)
        self.offline = seat
        self.readers[seat].live.wait_for_selector("#offline:not([hidden])", state="attached")

    def come_back(self) -> None:
        seat, self.offline = self.offline, None
        assert seat is not None
        self.contexts[seat].set_offline(False)
        self.compare(f"{NAMES[seat]} back online")

    def switch_language(self, seat: int, lang: str) -> None:
        """The phone's language switcher (the page loads again in that language, as it does)."""
        page = self.readers[seat].live
        page.locator(f"form.lang-switch button[value='{lang}']").first.dispatch_event("click")
        page.wait_for_selector(f"html[lang='{lang}']")
        page.wait_for_selector("#status")
        self.compare(f"language {lang} for {NAMES[seat]}")

    def scribe_on(self) -> None:
        """Ann's phone (the host's too) switches to entering for the others: its switch posts
        and the page loads again as the scribe's, as it does; it is compared from then on as
        the scribe's page."""
        page = self.readers[0].live
        page.locator("button.scribe-switch").first.dispatch_event("click")
        page.wait_for_selector('button.scribe-switch[aria-pressed="true"]', state="attached")
        page.wait_for_selector("#live[data-live-seq]", state="attached")
        self.compare("scribe on for Ann")

    # --- the evening ----------------------------------------------------------------------------

    def run(self) -> None:
        started = time.monotonic()
        self.open_pages()
        try:
            self.compare("pages opened")
            plan = self._plan()
            for step in range(self.steps):
                if self.game.is_terminal(self.truth):
                    break
                for extra in plan.get(step, ()):
                    extra()
                mover = self.game.to_move(self.truth)
                if mover == TABLE:
                    self.chance()
                else:
                    self.decision(mover)
            if self.offline is not None:
                self.come_back()
        finally:
            self.figures.evenings += 1
            self.figures.seconds += time.monotonic() - started
            self.close()

    def _plan(self) -> dict[int, list[Any]]:
        """When the evening's other events happen: the coach on early, a referee question, one
        phone offline for a few entries, a language switch."""
        third = max(3, self.steps // 3)
        other_lang = "de" if self.lang != "de" else "fr"
        plan: dict[int, list[Any]] = {1: [self.claim_late_seat]}
        plan.setdefault(2, []).append(lambda: self.coach_on(self.rng.choice(sorted(self.readers))))
        plan.setdefault(third, []).append(self.referee)
        offline = self.n - 1
        plan.setdefault(third + 1, []).append(lambda: self.go_offline(offline))
        plan.setdefault(third + 4, []).append(self.come_back)
        plan.setdefault(2 * third, []).append(lambda: self.switch_language(1, other_lang))
        plan.setdefault(third + 2, []).append(self.scribe_on)
        return plan
