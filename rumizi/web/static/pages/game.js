// A game's page: catalog line, rules, card gallery, "play now" and "new table", and the
// game's tournaments to come and under way (GET /api/tournaments?game=), with a link to
// announce one.

import { t, lang, num } from "../i18n.js";
import { h, link } from "../dom.js";
import { api, getGame, getCards, playNow, showError } from "../api.js";
import { loadRenderer } from "../renderers.js";
import { catalogLine } from "./home.js";
import { loadGuide } from "../guide.js";
import { eventItem, ticking } from "./tournaments.js";

function genericCard(card) {
  const text = card.text;
  const lines = typeof text === "string" ? [text] : text && typeof text === "object" ? Object.values(text).filter(Boolean) : [];
  return h("div", { class: "generic-card" }, h("strong", {}, card.name || card.id), lines.map((line) => h("p", {}, line)));
}

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const code = lang();
  const game = await getGame(id, code);
  if (!ctx.alive()) return;
  ctx.setTitle(game.name);

  const playButton = h(
    "button",
    { type: "button", class: "btn btn-primary btn-big", dataset: { testid: "play-now" } },
    t("game.playNow"),
  );
  playButton.addEventListener("click", async () => {
    playButton.disabled = true;
    playButton.textContent = t("game.starting");
    try {
      const created = await playNow(game);
      ctx.navigate(created.url || `/t/${encodeURIComponent(created.id)}`);
    } catch (err) {
      showError(err);
      playButton.disabled = false;
      playButton.textContent = t("game.playNow");
    }
  });

  // A guided first game (../guide.js); the button goes away for a game without the guide's
  // words (shown at once so that the page does not move when the words arrive).
  const learnButton = h(
    "button",
    { type: "button", class: "btn btn-big", title: t("guide.learnHint"), dataset: { testid: "learn-guided" } },
    t("guide.learn"),
  );
  learnButton.addEventListener("click", async () => {
    learnButton.disabled = true;
    try {
      const created = await playNow(game);
      ctx.navigate(`/t/${encodeURIComponent(created.id)}?guide=1`);
    } catch (err) {
      showError(err);
      learnButton.disabled = false;
    }
  });
  loadGuide(game.id || id).then((data) => {
    learnButton.hidden = !data;
  });

  const rules = h(
    "section",
    { class: "rules panel", dataset: { testid: "rules" } },
    h("h2", {}, t("game.rules")),
    (game.rules || []).map((section) =>
      h(
        "details",
        { class: "rules-section", dataset: { testid: "rules-section" } },
        h("summary", {}, section.title),
        (section.paragraphs || []).map((p) => h("p", {}, p)),
      ),
    ),
  );
  const firstSection = rules.querySelector("details");
  if (firstSection) firstSection.open = true;

  // The game's events come when the server answers; the page does not wait for them.
  const gameId = game.id || id;
  const events = h("ul", { class: "tour-list" });
  const tournaments = h(
    "section",
    { class: "panel game-tournaments", dataset: { testid: "game-tournaments" } },
    h(
      "div",
      { class: "lobby-subhead" },
      h("h2", {}, t("tour.title")),
      h(
        "span",
        { class: "button-row" },
        link(`/tournaments?game=${encodeURIComponent(gameId)}`, t("tour.all"), { dataset: { testid: "game-tournaments-all" } }),
        link(`/tournaments?new=1&game=${encodeURIComponent(gameId)}`, t("tour.new"), { class: "btn btn-small", dataset: { testid: "game-tournament-new" } }),
      ),
    ),
    events,
  );
  api(`/api/tournaments?game=${encodeURIComponent(gameId)}`).then(
    (list) => {
      if (!ctx.alive()) return;
      const open = [...(list.running || []), ...(list.upcoming || [])];
      if (open.length) events.replaceChildren(...open.map((e) => eventItem(e)));
      else events.replaceChildren(h("li", { class: "muted" }, t("tour.gameNone")));
      ticking(events, () => 0, ctx.alive);
    },
    () => tournaments.remove(),
  );

  const gallery = h("div", { class: "gallery", dataset: { testid: "card-gallery" } }, h("p", { class: "muted" }, t("loading")));
  const galleryCount = h("span", { class: "muted count" });

  main.append(
    h(
      "section",
      { class: "game-head" },
      h("div", { class: "game-head-text" },
        h("h1", { dataset: { testid: "game-name" } }, game.name),
        game.tagline ? h("p", { class: "tagline" }, game.tagline) : null,
        catalogLine(game),
      ),
      h(
        "div",
        { class: "game-actions" },
        playButton,
        learnButton,
        link(`/new/${encodeURIComponent(game.id || id)}`, t("game.newTable"), { class: "btn", dataset: { testid: "new-table" } }),
        link(`/leaderboard/${encodeURIComponent(game.id || id)}`, t("game.leaderboard"), { class: "btn btn-ghost", dataset: { testid: "leaderboard-link" } }),
        game.puzzles ? link(`/puzzles/${encodeURIComponent(game.id || id)}`, t("game.puzzles", { n: num(game.puzzles) }), { class: "btn btn-ghost", dataset: { testid: "game-puzzles-link" } }) : null,
      ),
    ),
    rules,
    tournaments,
    h("section", { class: "panel" }, h("h2", {}, t("game.cards"), " ", galleryCount), gallery),
  );

  try {
    const [cards, renderer] = await Promise.all([getCards(id, code), loadRenderer(id)]);
    if (!ctx.alive()) return;
    gallery.replaceChildren();
    galleryCount.textContent = `(${t("game.cardsCount", { n: cards.size })})`;
    const cardCtx = { cards, act: () => {} };
    for (const card of cards.values()) {
      const el = renderer && renderer.renderCard ? renderer.renderCard(card, { ...cardCtx, size: "large" }) : genericCard(card);
      el.dataset.testid = "gallery-card";
      gallery.append(el);
    }
  } catch (err) {
    if (!ctx.alive()) return;
    gallery.replaceChildren(h("p", { class: "muted" }, err.message || t("error.generic")));
  }
}
