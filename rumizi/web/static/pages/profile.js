// A player's public profile: GET /api/users/{name}. Per game, the finished games won, drawn
// and lost, the rating (a "?" while provisional) with its history drawn as a line, and the
// newest games, each opening its replay.

import { t, num, ratingText, personName, dateTime } from "../i18n.js";
import { h, link } from "../dom.js";
import { api, getMe, showError } from "../api.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/**
 * A rating's history as a line, oldest game on the reading side's start (so on the right
 * in Persian: the drawing is mirrored with the page's direction), with its lowest and
 * highest values said in words for a screen reader.
 */
function historyGraph(points, name) {
  if (points.length < 2) return null;
  const width = 240;
  const height = 56;
  const pad = 4;
  const values = points.map((p) => p.rating);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(high - low, 1);
  const x = (i) => pad + (i * (width - 2 * pad)) / (points.length - 1);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / span;
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const label = t("profile.graph", { game: name, n: num(points.length), low: num(low), high: num(high), last: num(values[values.length - 1]) });
  return svg(
    "svg",
    { class: "rating-graph", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, "data-testid": "rating-graph", "data-points": points.length },
    svg("title", {}, label),
    svg("path", { d: line, fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linejoin": "round", "vector-effect": "non-scaling-stroke" }),
    svg("circle", { cx: x(points.length - 1).toFixed(1), cy: y(values[values.length - 1]).toFixed(1), r: 3, fill: "currentColor" }),
  );
}

/** Follow or stop following (POST / DELETE /api/users/{name}/follow): for someone signed
 * in, on another player's profile. */
async function followButton(person) {
  const me = await getMe().catch(() => null);
  if (!me || !me.user || me.user.name === person.name) return null;
  const mine = await api("/api/my/following").catch(() => []);
  let on = mine.some((f) => f.name === person.name);
  const button = h("button", { type: "button", class: "btn", dataset: { testid: "follow" } });
  const show = () => {
    button.textContent = t(on ? "profile.unfollow" : "profile.follow");
    button.classList.toggle("btn-primary", !on);
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const path = `/api/users/${encodeURIComponent(person.name)}/follow`;
      const out = await api(path, on ? { method: "DELETE", body: {} } : { body: {} });
      on = out.following;
      show();
    } catch (err) {
      showError(err);
    } finally {
      button.disabled = false;
    }
  });
  show();
  return h("p", { class: "button-row" }, button);
}

export async function mount(main, ctx) {
  const name = ctx.params[0];
  const [person, catalogue] = await Promise.all([api(`/api/users/${encodeURIComponent(name)}`), api("/api/games").catch(() => [])]);
  if (!ctx.alive()) return;
  const games = new Map(catalogue.map((g) => [g.id, g.name]));
  const shown = personName(person.name);
  ctx.setTitle(shown);
  main.append(
    h(
      "header",
      { class: "profile-head", dataset: { testid: "profile" } },
      h("h1", {}, h("bdi", { dataset: { testid: "profile-name" } }, shown), person.guest && shown === person.name ? h("small", { class: "guest-tag" }, ` (${t("user.guest")})`) : null),
      h("p", { class: "muted", dataset: { testid: "profile-joined" } }, t("profile.joined", { when: dateTime(person.joined) }), " · ", h("span", { dataset: { testid: "profile-followers" } }, t("profile.followers", { n: num(person.followers) }))),
      await followButton(person),
    ),
  );
  if (!ctx.alive()) return;
  if (!person.stats.length) {
    main.append(h("p", { class: "panel muted", dataset: { testid: "profile-empty" } }, t("profile.empty")));
    return;
  }
  main.append(
    h(
      "section",
      { class: "panel" },
      h("h2", { class: "panel-title" }, t("profile.games")),
      h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "data-table", dataset: { testid: "profile-stats" } },
          h("thead", {}, h("tr", {}, ["profile.game", "profile.played", "profile.won", "profile.drawn", "profile.lost", "profile.rating", "profile.history"].map((k) => h("th", { scope: "col" }, t(k))))),
          h(
            "tbody",
            {},
            person.stats.map((s) =>
              h(
                "tr",
                { dataset: { testid: "profile-game", game: s.game } },
                h("td", {}, link(`/games/${encodeURIComponent(s.game)}`, games.get(s.game) || s.game)),
                h("td", { class: "num" }, num(s.played)),
                h("td", { class: "num" }, num(s.won)),
                h("td", { class: "num" }, num(s.drawn)),
                h("td", { class: "num" }, num(s.lost)),
                h("td", { class: "num", dataset: { testid: "profile-rating" } }, s.rating === null ? "—" : link(`/leaderboard/${encodeURIComponent(s.game)}`, ratingText(s.rating, s.provisional))),
                h("td", {}, historyGraph(s.history, games.get(s.game) || s.game) || "—"),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  if (!person.recent.length) return;
  main.append(
    h(
      "section",
      { class: "panel" },
      h("h2", { class: "panel-title" }, t("profile.recent")),
      h(
        "ul",
        { class: "profile-recent" },
        person.recent.map((g) =>
          h(
            "li",
            { dataset: { testid: "profile-recent", outcome: g.outcome } },
            h("span", { class: ["outcome", `outcome-${g.outcome}`] }, t(`profile.${g.outcome}`)),
            " ",
            link(`/replay/${encodeURIComponent(g.table.id)}`, games.get(g.table.game) || g.table.game),
            " ",
            h("span", { class: "muted" }, t("profile.against", { names: g.table.seats.filter((s) => s.seat !== g.seat).map((s) => s.name || t("table.bot")).join(t("profile.sep")) })),
            " ",
            h("span", { class: "muted nowrap" }, dateTime(g.table.created)),
          ),
        ),
      ),
    ),
  );
}
