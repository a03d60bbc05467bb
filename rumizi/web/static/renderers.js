// Game renderers: /static/games/{game}.js, loaded on demand. A renderer module exports
// render(root, msg, ctx), may export renderCard(card, ctx) for the card gallery, and may
// export WORDS ({fa: {...}, en: {...}}), the words it writes itself. The four renderers also
// export view(msg, ctx), the pure model of the board that render draws zone by zone, and
// summary(msg, ctx), the position in a few sentences (a screen reader's summary key), and share
// their machinery (words, stylesheet, last call, selection, pointer) through games/kit.js.
// A renderer may export styles(), a promise of its stylesheet: loadRenderer settles after it.
// A game without one (or one that fails to load) is played from the generic move list.
//
// Pages call the loaded renderer's render/renderCard with what is particular to them
// ({act, cards, busy, replay, size}); the language tools are added here, once for every
// page, so no renderer keeps its own copy of them:
//   ctx.lang  "fa" or "en";
//   ctx.t     the page's t, which also knows the renderer's WORDS (numbers in the page's digits);
//   ctx.num   the page's num (Persian digits, a negative number's minus kept on the left);
//   ctx.names (render only) seat → the name the page shows for it (shared names numbered).

import { lang, num, seatNames, withWords, t } from "./i18n.js";

const cache = new Map();

/** The page's side of a renderer module: its functions, given the language tools. */
function wrap(mod) {
  const words = mod.WORDS ? withWords(mod.WORDS) : t;
  const tools = () => ({ lang: lang(), t: words, num });
  return {
    render: (root, msg, ctx = {}) => mod.render(root, msg, { ...ctx, ...tools(), names: seatNames(msg.seats || []) }),
    renderCard: typeof mod.renderCard === "function" ? (card, ctx = {}) => mod.renderCard(card, { ...ctx, ...tools() }) : null,
    summary: typeof mod.summary === "function" ? (msg, ctx = {}) => mod.summary(msg, { ...ctx, ...tools(), names: seatNames(msg.seats || []) }) : null,
  };
}

export function loadRenderer(game) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(game || "")) return Promise.resolve(null);
  if (!cache.has(game)) {
    cache.set(
      game,
      import(`/static/games/${game}.js`).then(
        async (mod) => {
          if (!mod || typeof mod.render !== "function") return null;
          // Its stylesheet first: a board drawn before it would show unstyled for a moment.
          if (typeof mod.styles === "function") await mod.styles();
          return wrap(mod);
        },
        (err) => {
          console.info(`no renderer for ${game}; using the generic move list`, err);
          return null;
        },
      ),
    );
  }
  return cache.get(game);
}
