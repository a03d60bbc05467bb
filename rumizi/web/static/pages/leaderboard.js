// Ratings of rated games: GET /api/leaderboard/{game}, people's; the Bots tab (?bots=1) lists
// bot accounts' alone (as on lichess, programs and people are ranked apart). Ratings are on the
// chess scale (rumizi.server.ratings: 1500 to start, 400 points = ten wins to one), marked "?"
// while provisional; settled ones come first.

import { t, num, ratingText, factSep } from "../i18n.js";
import { h, link } from "../dom.js";
import { api, getGame } from "../api.js";

// A rating is provisional for a player's first 8 rated games (rumizi.server.ratings.
// PROVISIONAL_GAMES; tests/server/test_rating_display.py holds the two to one number).
export const PROVISIONAL_GAMES = 8;

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const bots = ctx.query.get("bots") === "1";
  const [game, rows] = await Promise.all([
    getGame(id, document.documentElement.lang).catch(() => ({ id, name: id })),
    api(`/api/leaderboard/${encodeURIComponent(id)}${bots ? "?bots=1" : ""}`),
  ]);
  if (!ctx.alive()) return;
  ctx.setTitle(t(bots ? "lb.titleBots" : "lb.title", { game: game.name }));
  const base = `/leaderboard/${encodeURIComponent(id)}`;
  const tab = (href, key, current) =>
    link(href, t(key), { class: "tab", "aria-current": current ? "page" : null, dataset: { testid: `leaderboard-tab-${current ? "current" : "other"}` } });
  main.append(
    h("p", { class: "crumbs" }, link(`/games/${encodeURIComponent(id)}`, game.name)),
    h("h1", {}, t(bots ? "lb.titleBots" : "lb.title", { game: game.name })),
    h("nav", { class: "tabs", "aria-label": t("lb.boards"), dataset: { testid: "leaderboard-tabs" } }, tab(base, "lb.people", !bots), tab(`${base}?bots=1`, "lb.bots", bots)),
  );
  if (bots) main.append(h("p", { class: "muted", dataset: { testid: "leaderboard-bots-about" } }, t("lb.botsAbout")));
  if (!rows || !rows.length) {
    main.append(h("p", { class: "panel muted", dataset: { testid: "leaderboard-empty" } }, t(bots ? "lb.emptyBots" : "lb.empty")));
    return;
  }
  main.append(h("p", { class: "muted", dataset: { testid: "leaderboard-about" } }, t("lb.about", { n: PROVISIONAL_GAMES })));
  const about = (r) => [r.provisional ? t("lb.provisional", { n: PROVISIONAL_GAMES }) : null, t("lb.deviation", { d: r.deviation })].filter(Boolean).join(factSep());
  main.append(
    h(
      "div",
      { class: "table-scroll panel" },
      h(
        "table",
        { class: "data-table", dataset: { testid: "leaderboard" } },
        h("thead", {}, h("tr", {}, ["lb.rank", "lb.name", "lb.rating", "lb.games"].map((k) => h("th", { scope: "col" }, t(k))))),
        h(
          "tbody",
          {},
          rows.map((r, i) =>
            h(
              "tr",
              { dataset: { testid: "leaderboard-row", provisional: String(Boolean(r.provisional)) } },
              h("td", {}, num(i + 1)),
              h("td", {}, link(`/u/${encodeURIComponent(r.name)}`, h("bdi", {}, r.name), { dataset: { testid: "leaderboard-name" } })),
              h("td", { class: "num", title: about(r), dataset: { testid: "rating" } }, ratingText(r.rating, r.provisional)),
              h("td", { class: "num" }, num(r.games)),
            ),
          ),
        ),
      ),
    ),
  );
}
