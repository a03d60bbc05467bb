// Ratings of rated human games: GET /api/leaderboard/{game}.

import { t, num } from "../i18n.js";
import { h, link } from "../dom.js";
import { api, getGame } from "../api.js";

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
  main.append(h("p", { class: "muted", dataset: { testid: "leaderboard-about" } }, t("lb.about")));
  const round = (x) => (typeof x === "number" ? num(Math.round(x)) : x ?? "");
  main.append(
    h(
      "div",
      { class: "table-scroll panel" },
      h(
        "table",
        { class: "data-table", dataset: { testid: "leaderboard" } },
        h("thead", {}, h("tr", {}, ["lb.rank", "lb.name", "lb.rating", "lb.uncertainty", "lb.games"].map((k) => h("th", { scope: "col" }, t(k))))),
        h(
          "tbody",
          {},
          rows.map((r, i) =>
            h(
              "tr",
              { dataset: { testid: "leaderboard-row" } },
              h("td", {}, num(i + 1)),
              h("td", {}, h("bdi", {}, r.name)),
              h("td", { class: "num", dataset: { testid: "rating" } }, round(r.rating)),
              h("td", { class: "num", dataset: { testid: "uncertainty" } }, typeof r.uncertainty === "number" ? `±${round(r.uncertainty)}` : ""),
              h("td", { class: "num" }, round(r.games)),
            ),
          ),
        ),
      ),
    ),
  );
}
