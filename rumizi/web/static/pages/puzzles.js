// Puzzles: a position from a real game, drawn by the game's own renderer, and one question.
// GET /api/puzzles/next (?game=, ?after=) or /api/puzzles/{id} (the page's ?id=); the player
// answers on the board as at a table, and the first move made is the answer
// (POST /api/puzzles/{id}/answer, as a guest if nobody is signed in, so that the try is
// rated). Then right or wrong, the answer, why, the player's rating, and the next one.

import { t, num, signed } from "../i18n.js";
import { h, link } from "../dom.js";
import { api, ensureUser, getGame, getCards, showError } from "../api.js";
import { loadRenderer } from "../renderers.js";
import { actionKey } from "../moves.js";

export async function mount(main, ctx) {
  const only = ctx.params[0] || null;
  const game = only ? await getGame(only, document.documentElement.lang).catch(() => ({ id: only, name: only })) : null;
  if (!ctx.alive()) return;
  const title = game ? t("puzzle.titleOf", { game: game.name }) : t("puzzle.title");
  ctx.setTitle(title);
  const question = h("p", { class: "puzzle-question", dataset: { testid: "puzzle-question" } });
  const difficulty = h("p", { class: "muted puzzle-rating", dataset: { testid: "puzzle-rating" } });
  const board = h("div", { class: "board", dataset: { testid: "board" } });
  const verdict = h("section", { class: "panel puzzle-verdict", hidden: true, role: "status", dataset: { testid: "puzzle-verdict" } });
  const next = h("button", { class: "btn btn-primary", type: "button", hidden: true, dataset: { testid: "puzzle-next" } }, t("puzzle.next"));
  const page = h(
    "div",
    { class: "puzzle-page", dataset: { testid: "puzzle-page" } },
    game ? h("p", { class: "crumbs" }, link(`/games/${encodeURIComponent(game.id)}`, game.name)) : null,
    h("h1", {}, title),
    question,
    difficulty,
    h("section", { class: "board-wrap", "aria-label": t("table.board") }, board),
    verdict,
    h("div", { class: "puzzle-actions" }, next),
  );
  main.append(page);

  let current = null;
  let answered = false;

  async function answer(action) {
    if (!current || answered) return false;
    answered = true;
    current.tried = action;
    board.classList.add("is-answered");
    try {
      await ensureUser();
      const out = await api(`/api/puzzles/${encodeURIComponent(current.puzzle.id)}/answer`, { body: { moves: [action] } });
      if (!ctx.alive()) return true;
      showVerdict(out);
    } catch (err) {
      answered = false;
      board.classList.remove("is-answered");
      showError(err);
    }
    return true;
  }

  function draw() {
    const { puzzle, renderer, cards } = current;
    board.className = `board board-${puzzle.game}`;
    renderer.render(board, puzzle.state, { act: answer, cards, busy: answered });
    if (answered) for (const b of board.querySelectorAll("button")) b.disabled = true;
  }

  /** The board's own target of each move marked: the answer, and the move tried if not it. */
  function markMoves(solution) {
    const right = actionKey(solution[0].action);
    const tried = actionKey(current.tried);
    for (const el of board.querySelectorAll("[data-action]")) {
      let move = null;
      try {
        move = actionKey(JSON.parse(el.dataset.action));
      } catch {
        continue;
      }
      el.classList.toggle("is-puzzle-answer", move === right);
      el.classList.toggle("is-puzzle-miss", move === tried && tried !== right);
    }
  }

  function showVerdict(out) {
    draw();
    markMoves(out.solution);
    verdict.replaceChildren(
      h("h2", { class: out.correct ? "puzzle-right" : "puzzle-wrong", dataset: { testid: "puzzle-result", correct: String(out.correct) } }, t(out.correct ? "puzzle.right" : "puzzle.wrong")),
      h("p", { dataset: { testid: "puzzle-solution" } }, t("puzzle.answer", { move: out.solution.map((m) => m.label).join(" · ") })),
      ...out.explanation.map((line) => h("p", { class: "puzzle-why" }, line)),
      ratingLine(out.rating),
    );
    verdict.hidden = false;
    verdict.classList.toggle("is-right", out.correct);
    next.hidden = false;
    next.focus();
  }

  function ratingLine(r) {
    if (!r) return null;
    const text = r.rated
      ? t("puzzle.yourRating", { rating: num(r.after), change: signed(r.after - r.before) })
      : t("puzzle.unrated", { rating: num(r.after) });
    return h("p", { class: "puzzle-player-rating", dataset: { testid: "puzzle-player-rating", rated: String(r.rated) } }, text);
  }

  async function load(id) {
    const after = current ? `&after=${encodeURIComponent(current.puzzle.id)}` : "";
    const path = id ? `/api/puzzles/${encodeURIComponent(id)}` : `/api/puzzles/next?${only ? `game=${encodeURIComponent(only)}` : ""}${after}`;
    const puzzle = await api(path);
    const code = document.documentElement.lang;
    const [renderer, cards] = await Promise.all([loadRenderer(puzzle.game), getCards(puzzle.game, code).catch(() => new Map())]);
    if (!ctx.alive()) return;
    current = { puzzle, renderer, cards };
    answered = false;
    board.classList.remove("is-answered");
    page.dataset.puzzle = puzzle.id;
    question.textContent = puzzle.question;
    difficulty.textContent = t("puzzle.rating", { rating: num(puzzle.rating) });
    verdict.hidden = true;
    next.hidden = true;
    draw();
  }

  next.addEventListener("click", () => load(null).catch(showError));
  await load(ctx.query.get("id"));
}
