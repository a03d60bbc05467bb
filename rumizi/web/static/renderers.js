// Game renderers: /static/games/{game}.js, loaded on demand. A renderer exports
// render(root, msg, ctx) and may export renderCard(card, ctx) for the card gallery.
// A game without one (or one that fails to load) is played from the generic move list.

const cache = new Map();

export function loadRenderer(game) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(game || "")) return Promise.resolve(null);
  if (!cache.has(game)) {
    cache.set(
      game,
      import(`/static/games/${game}.js`).then(
        (mod) => (mod && typeof mod.render === "function" ? mod : null),
        (err) => {
          console.info(`no renderer for ${game}; using the generic move list`, err);
          return null;
        },
      ),
    );
  }
  return cache.get(game);
}
