// Home: the catalogue of games (GET /api/games).

import { t, range, num } from "../i18n.js";
import { h, link } from "../dom.js";
import { api } from "../api.js";

/** The small "2–6 players · 30 min · ages 12+" line of a game. */
export function catalogLine(game) {
  const parts = [];
  const shown = (value) => (Array.isArray(value) ? range(value) : num(value));
  if (game.players !== null && game.players !== undefined && game.players !== "") parts.push(t("game.players", { n: shown(game.players) }));
  if (game.minutes !== null && game.minutes !== undefined && game.minutes !== "") parts.push(t("game.minutes", { n: shown(game.minutes) }));
  if (game.age !== null && game.age !== undefined && game.age !== "") parts.push(t("game.age", { n: shown(game.age) }));
  return h("p", { class: "catalog-line", dataset: { testid: "catalog-line" } }, parts.join(" · "));
}

function hue(text) {
  let sum = 0;
  for (const ch of String(text)) sum = (sum * 31 + ch.codePointAt(0)) % 360;
  return sum;
}

export async function mount(main, ctx) {
  ctx.setTitle(t("home.title"));
  const intro = h(
    "section",
    { class: "hero" },
    h("h1", {}, t("app.name")),
    h("p", { class: "hero-sub" }, t("home.intro")),
  );
  const list = h("ul", { class: "catalogue", dataset: { testid: "catalogue" } }, h("li", { class: "muted" }, t("loading")));
  // Tools for people at a real table: the Fantasy Realms scorer finds a hand's best choices.
  const tools = h(
    "section",
    { class: "tools" },
    h("h2", { class: "section-title" }, t("home.tools")),
    h(
      "p",
      {},
      link("/games/fantasy-realms/score", t("home.frScorer"), { dataset: { testid: "fr-scorer-link" } }),
      " — ",
      t("home.frScorerAbout"),
    ),
  );
  main.append(intro, h("h2", { class: "section-title" }, t("home.title")), list, tools);
  const games = await api("/api/games");
  if (!ctx.alive()) return;
  list.replaceChildren();
  if (!games || !games.length) {
    list.append(h("li", { class: "muted" }, t("home.empty")));
    return;
  }
  for (const game of games) {
    list.append(
      h(
        "li",
        { class: "catalogue-item", dataset: { testid: "game-tile", game: game.id } },
        link(`/games/${encodeURIComponent(game.id)}`, [
          h("span", { class: "tile-art", dataset: { game: game.id }, style: { "--hue": hue(game.id) }, "aria-hidden": "true" }),
          h("span", { class: "tile-name" }, game.name),
        ], { class: "tile-link", dataset: { testid: "game-link" } }),
        game.tagline ? h("p", { class: "tile-tagline" }, game.tagline) : null,
        catalogLine(game),
      ),
    );
  }
}
