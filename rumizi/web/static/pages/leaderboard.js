// Ratings of rated human games: GET /api/leaderboard/{game}. Ratings are on the chess scale
// (rumizi.server.ratings: 1500 to start, 400 points = ten wins to one), marked "?" while
// provisional; settled ones come first.

import { t, num, ratingText } from "../i18n.js";
import { h, link } from "../dom.js";
import { api, getGame } from "../api.js";

// A rating is provisional for a player's first 8 rated games (rumizi.server.ratings.
// PROVISIONAL_GAMES; tests/server/test_rating_display.py holds the two to one number).
export const PROVISIONAL_GAMES = 8;

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const [game, rows] = await Promise.all([
    getGame(id, document.documentElement.lang).catch(() => ({ id, name: id })),
    api(`/api/leaderboard/${encodeURIComponent(id)}`),
  ]);
  if (!ctx.alive()) return;
  ctx.setTitle(t("lb.title", { game: game.name }));
  main.append(h("p", { class: "crumbs" }, link(`/games/${encodeURIComponent(id)}`, game.name)), h("h1", {}, t("lb.title", { game: game.name })));
  if (!rows || !rows.length) {
    main.append(h("p", { class: "panel muted", dataset: { testid: "leaderboard-empty" } }, t("lb.empty")));
    return;
  }
  main.append(h("p", { class: "muted", dataset: { testid: "leaderboard-about" } }, t("lb.about", { n: PROVISIONAL_GAMES })));
  const about = (r) => [r.provisional ? t("lb.provisional", { n: PROVISIONAL_GAMES }) : null, t("lb.deviation", { d: r.deviation })].filter(Boolean).join(" · ");
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
