"""The catalogue: the games, a game's page (rules, options, levels) and its cards."""

from __future__ import annotations

import re

from tests.server.kit import Server

PERSIAN_DIGITS = re.compile("[۰-۹]")
PERSIAN_LETTERS = re.compile("[\u0600-\u06ff]")


def test_games_in_the_cookie_language(server: Server) -> None:
    fa = server.browser().get("/api/games").json()
    en = server.browser(lang="en").get("/api/games").json()
    assert fa[0]["id"] == en[0]["id"] == "star-realms"
    assert [g["id"] for g in fa] == [g["id"] for g in en]
    for entry in fa + en:
        assert {"id", "name", "tagline", "players", "minutes", "age"} <= set(entry)

    sr_fa, sr_en = fa[0], en[0]
    assert sr_fa["players"] == "۲–۶"
    assert sr_en["players"] == "2–6"
    assert (sr_fa["minutes"], sr_fa["age"]) == (sr_en["minutes"], sr_en["age"]) == (20, 12)
    assert sr_en["name"] == "Star Realms"
    assert PERSIAN_LETTERS.search(sr_fa["name"]) and PERSIAN_LETTERS.search(sr_fa["tagline"])
    assert not PERSIAN_LETTERS.search(sr_en["name"] + sr_en["tagline"])
    assert not PERSIAN_DIGITS.search(sr_en["players"])


def test_star_realms_page(server: Server) -> None:
    pages = {
        lang: server.browser(lang=lang).get("/api/games/star-realms").json()
        for lang in ("fa", "en")
    }
    for lang, page in pages.items():
        assert page["id"] == "star-realms"
        rules = page["rules"]
        assert len(rules) >= 3
        for section in rules:
            assert section["title"] and section["paragraphs"]
            assert all(isinstance(p, str) and p for p in section["paragraphs"])
        text = " ".join(p for s in rules for p in s["paragraphs"])
        assert bool(PERSIAN_LETTERS.search(text)) == (lang == "fa")

        (option,) = page["options"]
        assert option["name"] == "format" and option["label"]
        players = {choice["value"]: choice["players"] for choice in option["choices"]}
        assert players["duel"] == [2]
        assert players["free-for-all"] == [3, 4, 5, 6]
        assert players["hydra"] == [4, 6]
        assert players["emperor"] == [6]
        assert all(choice["label"] for choice in option["choices"])

        assert [level["value"] for level in page["levels"]] == ["easy", "medium", "hard", "expert"]
        # The expert's network plays the duel only (the form offers it there alone).
        assert page["levels"][-1]["players"] == [2]
        assert page["levels"][-1]["requires"] == {"format": ["duel"]}
        assert all(level["label"] for level in page["levels"])
    assert pages["fa"]["rules"] != pages["en"]["rules"]
    assert pages["en"]["levels"][0]["label"] == "Easy bot"


def test_star_realms_cards(server: Server) -> None:
    fa = server.browser().get("/api/games/star-realms/cards").json()["cards"]
    en = server.browser(lang="en").get("/api/games/star-realms/cards").json()["cards"]
    assert len(fa) == len(en) == 35
    ids = [card["id"] for card in en]
    assert len(set(ids)) == 35
    assert ids == [card["id"] for card in fa]
    for card in en:
        assert card["name"] and card["text"]["primary"]
        assert {"faction", "type", "cost"} <= set(card)
    viper = next(card for card in en if card["id"] == "viper")
    assert viper["name"] == "Viper"
    assert PERSIAN_LETTERS.search(next(c for c in fa if c["id"] == "viper")["name"])


def test_unknown_game(server: Server) -> None:
    browser = server.browser()
    for url in (
        "/api/games/no-such-game",
        "/api/games/no-such-game/cards",
        "/api/leaderboard/no-such-game",
    ):
        response = browser.get(url)
        assert response.status_code == 404, url
        assert response.json()["error"]["code"] == "unknown-game"
    browser.guest()
    response = browser.post("/api/tables", {"game": "no-such-game", "seats": [{"kind": "human"}]})
    assert response.status_code == 404
    assert server.count("game_tables") == 0
