// Puzzles: a position from a real game, drawn by the game's own renderer, and one question.
// GET /api/puzzles/next (?game=, ?after=, ?streak=) or /api/puzzles/{id} (the page's ?id=).
// The player answers on the board as at a table, a move at a time: each move goes to
// POST /api/puzzles/{id}/play, which gives the position after it and says when the try is
// over (one move for most kinds, a whole turn for "win this turn"); then the moves go to
// POST /api/puzzles/{id}/answer, as a guest if nobody is signed in, so that the try counts.
// Then right or wrong, the answer played out a move at a time, why, the player's rating (or
// streak), and the next one. The page's ?streak=1 is streak mode: puzzles a little harder
// each time, until the first miss, unrated.

import { t, num, signed } from "../i18n.js";
import { h, link } from "../dom.js";
import { api, ensureUser, getGame, getCards, showError } from "../api.js";
import { loadRenderer } from "../renderers.js";
import { actionKey } from "../moves.js";

export async function mount(main, ctx) {
  const only = ctx.params[0] || null;
  const streakMode = ctx.query.get("streak") === "1";
  const game = only ? await getGame(only, document.documentElement.lang).catch(() => ({ id: only, name: only })) : null;
  if (!ctx.alive()) return;
  const title = streakMode
    ? game ? t("puzzle.streakTitleOf", { game: game.name }) : t("puzzle.streakTitle")
    : game ? t("puzzle.titleOf", { game: game.name }) : t("puzzle.title");
  ctx.setTitle(title);
  const here = only ? `/puzzles/${encodeURIComponent(only)}` : "/puzzles";
  // Every game's puzzles, or one game's: links that keep the mode (one at a time, streak).
  const games = h("nav", { class: "puzzle-games", "aria-label": t("puzzle.games"), dataset: { testid: "puzzle-games" } });
  api("/api/games")
    .then((list) => {
      const mode = streakMode ? "?streak=1" : "";
      const item = (href, text, current) => link(href + mode, text, { "aria-current": current ? "page" : undefined, class: current ? "is-current" : undefined });
      games.replaceChildren(item("/puzzles", t("puzzle.allGames"), !only), ...list.map((g) => item(`/puzzles/${encodeURIComponent(g.id)}`, g.name, g.id === only)));
    })
    .catch(() => games.remove());
  const question = h("p", { class: "puzzle-question", dataset: { testid: "puzzle-question" } });
  const difficulty = h("p", { class: "muted puzzle-rating", dataset: { testid: "puzzle-rating" } });
  const counter = h("p", { class: "puzzle-streak", hidden: !streakMode, role: "status", dataset: { testid: "puzzle-streak" } });
  const progress = h("p", { class: "muted puzzle-progress", hidden: true, dataset: { testid: "puzzle-progress" } });
  const board = h("div", { class: "board", dataset: { testid: "board" } });
  const stepper = h("div", { class: "puzzle-stepper", hidden: true, dataset: { testid: "puzzle-stepper" } });
  const verdict = h("section", { class: "panel puzzle-verdict", hidden: true, role: "status", dataset: { testid: "puzzle-verdict" } });
  const startOver = h("button", { class: "btn", type: "button", hidden: true, dataset: { testid: "puzzle-start-over" } }, t("puzzle.startOver"));
  const next = h("button", { class: "btn btn-primary", type: "button", hidden: true, dataset: { testid: "puzzle-next" } }, t("puzzle.next"));
  const page = h(
    "div",
    { class: "puzzle-page", dataset: { testid: "puzzle-page", mode: streakMode ? "streak" : "one" } },
    game ? h("p", { class: "crumbs" }, link(`/games/${encodeURIComponent(game.id)}`, game.name)) : null,
    h("h1", {}, title),
    games,
    h(
      "p",
      { class: "puzzle-modes" },
      streakMode ? link(here, t("puzzle.oneByOne")) : link(`${here}?streak=1`, t("puzzle.playStreak"), { dataset: { testid: "puzzle-streak-link" } }),
    ),
    streakMode ? h("p", { class: "muted" }, t("puzzle.streakAbout")) : null,
    counter,
    question,
    difficulty,
    progress,
    h("section", { class: "board-wrap", "aria-label": t("table.board") }, board),
    stepper,
    verdict,
    h("div", { class: "puzzle-actions" }, startOver, next),
  );
  main.append(page);

  let current = null; // { puzzle, renderer, cards, start, state, moves }
  let answered = false;
  let waiting = false;
  let run = 0; // puzzles solved in a row (streak mode)
  let runOver = false;

  function showCounter() {
    counter.textContent = t("puzzle.streakCount", { n: num(run) });
  }

  /** A move touched on the board: the position after it, and the verdict once the try is over. */
  async function act(action) {
    if (!current || answered || waiting) return false;
    waiting = true;
    board.classList.add("is-waiting");
    const moves = [...current.moves, action];
    const id = encodeURIComponent(current.puzzle.id);
    try {
      await ensureUser();
      const step = await api(`/api/puzzles/${id}/play`, { body: { moves } });
      if (!ctx.alive()) return true;
      current.moves = moves;
      current.state = step.state;
      if (!step.finished) {
        draw();
        return true;
      }
      answered = true;
      board.classList.add("is-answered");
      const body = streakMode ? { moves, streak: run } : { moves };
      const out = await api(`/api/puzzles/${id}/answer`, { body });
      if (!ctx.alive()) return true;
      showVerdict(out);
    } catch (err) {
      answered = false;
      board.classList.remove("is-answered");
      showError(err);
      draw();
    } finally {
      waiting = false;
      board.classList.remove("is-waiting");
    }
    return true;
  }

  function draw(state = current.state) {
    const { puzzle, renderer, cards } = current;
    board.className = `board board-${puzzle.game}`;
    renderer.render(board, state, { act, cards, busy: answered });
    if (answered) for (const b of board.querySelectorAll("button")) b.disabled = true;
    const made = current.moves.length;
    progress.hidden = answered || made === 0;
    progress.textContent = t("puzzle.moveMade", { n: num(made) });
    startOver.hidden = answered || made === 0;
  }

  /** The board's own targets marked: the answer's move, and the one tried if not it. */
  function markMoves(right, tried) {
    for (const el of board.querySelectorAll("[data-action]")) {
      let move = null;
      try {
        move = actionKey(JSON.parse(el.dataset.action));
      } catch {
        continue;
      }
      el.classList.toggle("is-puzzle-answer", move === right);
      el.classList.toggle("is-puzzle-miss", tried !== null && move === tried && tried !== right);
    }
  }

  /** The answer played out: the position before move k (after the last when k is its length). */
  function showStep(out, k) {
    const n = out.solution.length;
    draw(out.steps[k]);
    const right = k < n ? actionKey(out.solution[k].action) : null;
    const tried = k < current.moves.length ? actionKey(current.moves[k]) : null;
    markMoves(right, tried);
    if (n < 2) return;
    const back = h("button", { class: "btn", type: "button", disabled: k === 0, dataset: { testid: "puzzle-step-back" } }, t("puzzle.stepBack"));
    const on = h("button", { class: "btn", type: "button", disabled: k === n, dataset: { testid: "puzzle-step-on" } }, t("puzzle.stepOn"));
    back.addEventListener("click", () => showStep(out, k - 1));
    on.addEventListener("click", () => showStep(out, k + 1));
    const where = k < n ? t("puzzle.step", { k: num(k + 1), n: num(n) }) + ": " + out.solution[k].label : t("puzzle.stepEnd");
    stepper.replaceChildren(h("p", { class: "puzzle-step", dataset: { testid: "puzzle-step", step: String(k) } }, where), back, on);
    stepper.hidden = false;
  }

  function showVerdict(out) {
    showStep(out, 0);
    const lines = [
      h("h2", { class: out.correct ? "puzzle-right" : "puzzle-wrong", dataset: { testid: "puzzle-result", correct: String(out.correct) } }, t(out.correct ? "puzzle.right" : "puzzle.wrong")),
      out.solution.length === 1
        ? h("p", { dataset: { testid: "puzzle-solution" } }, t("puzzle.answer", { move: out.solution[0].label }))
        : h("div", { dataset: { testid: "puzzle-solution" } }, h("p", {}, t("puzzle.answerMoves")), h("ol", { class: "puzzle-moves" }, out.solution.map((m) => h("li", {}, m.label)))),
      ...out.explanation.map((line) => h("p", { class: "puzzle-why" }, line)),
      ratingLine(out.rating),
      ...streakLines(out),
    ];
    verdict.replaceChildren(...lines.filter(Boolean));
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

  function streakLines(out) {
    if (!streakMode) return [];
    if (out.correct) {
      run += 1;
      showCounter();
      return [];
    }
    runOver = true;
    next.textContent = t("puzzle.newStreak");
    const lines = [h("p", { class: "puzzle-streak-over", dataset: { testid: "puzzle-streak-over" } }, t("puzzle.streakOver", { n: num(run) }))];
    if (out.streak) lines.push(h("p", { dataset: { testid: "puzzle-streak-best" } }, t("puzzle.streakBest", { n: num(out.streak.best) })));
    return lines;
  }

  async function load(id) {
    if (runOver) {
      run = 0;
      runOver = false;
      next.textContent = t("puzzle.next");
    }
    const query = new URLSearchParams();
    if (only) query.set("game", only);
    if (current) query.set("after", current.puzzle.id);
    if (streakMode) query.set("streak", String(run));
    const path = id ? `/api/puzzles/${encodeURIComponent(id)}` : `/api/puzzles/next?${query}`;
    const puzzle = await api(path);
    const code = document.documentElement.lang;
    const [renderer, cards] = await Promise.all([loadRenderer(puzzle.game), getCards(puzzle.game, code).catch(() => new Map())]);
    if (!ctx.alive()) return;
    current = { puzzle, renderer, cards, state: puzzle.state, moves: [] };
    answered = false;
    board.classList.remove("is-answered");
    page.dataset.puzzle = puzzle.id;
    page.dataset.kind = puzzle.kind;
    question.textContent = puzzle.question;
    difficulty.textContent = t("puzzle.rating", { rating: num(puzzle.rating) });
    verdict.hidden = true;
    stepper.hidden = true;
    next.hidden = true;
    if (streakMode) showCounter();
    draw();
  }

  startOver.addEventListener("click", () => {
    if (!current || answered || waiting) return;
    current.moves = [];
    current.state = current.puzzle.state;
    draw();
  });
  next.addEventListener("click", () => load(null).catch(showError));
  await load(streakMode ? null : ctx.query.get("id"));
}
