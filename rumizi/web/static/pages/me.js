// My games: GET /api/my/games; above them, failed sign-ins to the account from elsewhere
// (GET /api/auth/failures) until the owner says they have seen them, and the people one
// follows, each with their games to watch and a button to challenge them; the account's
// e-mail (GET/POST /api/me/email): an address confirmed by a link, and what to be told.

import { t, dateTime, lang, num, personName, ratingText, signed, factSep } from "../i18n.js";
import { h, link, toast } from "../dom.js";
import { api, getMe, getGame, ApiError, showError } from "../api.js";
import { challengeDialog } from "./profile.js";

function seatNames(seats) {
  return (seats || [])
    .map((s) => (typeof s === "string" ? s : s.name || (s.kind === "bot" ? `${t("table.bot")} ${s.level || ""}`.trim() : t("table.free"))))
    .join(lang() === "fa" ? "، " : ", ");
}

function resultText(game) {
  const result = game.result;
  if (!result) return "—";
  if (typeof result === "string") return result;
  if (result.text) return result.text;
  // {"winner", "returns": [1, 0, ...]}: said from this user's seat.
  const you = game.you;
  if (Array.isArray(result.returns) && typeof you === "number" && typeof result.returns[you] === "number") {
    const mine = result.returns[you];
    return mine >= 1 ? t("me.won") : mine <= 0 ? t("me.lost") : t("me.draw");
  }
  return "—";
}

/** A rated game's rating for this user: "1578? (+78)" (before and after in the title). */
function ratingCell(game) {
  const mine = (game.ratings || []).find((c) => c.seat === game.you);
  if (!mine) return h("td", { class: "num" }, "—");
  const after = ratingText(mine.after, mine.after_provisional);
  const title = t("rating.change", { name: t("rating.you"), before: ratingText(mine.before, mine.before_provisional), after, change: signed(mine.change) });
  return h("td", { class: "num nowrap", title, dataset: { testid: "my-rating", change: String(mine.change) } }, `${after} (${signed(mine.change)})`);
}

/**
 * What failed on the account from other browsers (wrong passwords, sign-ins refused while it
 * was paused for them), and when: its own browsers were never paused, but its owner should
 * know someone tried. "Got it" forgets them (POST /api/auth/failures/seen).
 */
/** The puzzle rating and the last rated tries (GET /api/puzzles/me), when there are any. */
function puzzlesPanel(mine) {
  if (!mine || (!mine.history.length && !mine.streak.best)) return null;
  const r = mine.rating;
  const best = mine.streak.best ? h("p", { dataset: { testid: "my-puzzle-streak" } }, t("me.puzzleStreak", { n: num(mine.streak.best) })) : null;
  return h(
    "section",
    { class: "panel", dataset: { testid: "my-puzzles" } },
    h("h2", { class: "panel-title" }, t("me.puzzles")),
    mine.history.length ? h("p", { dataset: { testid: "my-puzzle-rating" } }, t("me.puzzleRating", { rating: num(r.after), tried: num(r.attempts), solved: num(r.solved) })) : null,
    best,
    h(
      "ul",
      { class: "puzzle-history" },
      mine.history.map((p) =>
        h(
          "li",
          { dataset: { testid: "my-puzzle", correct: String(p.correct) } },
          link(`/puzzles/${encodeURIComponent(p.game)}?id=${encodeURIComponent(p.puzzle_id)}`, t(p.correct ? "me.puzzleSolved" : "me.puzzleMissed")),
          " ",
          h("span", { class: "muted" }, t("me.puzzleTry", { rating: num(p.after), change: signed(p.after - p.before), when: dateTime(p.at) })),
        ),
      ),
    ),
  );
}

/** The players this one follows (GET /api/my/following): each a link to the profile, whether
 * they are online, the games they are playing now, each a link to watch, and a button to
 * challenge them. Those online come first. */
async function followingPanel(following, ctx) {
  const names = new Map();
  const games = [...new Set(following.flatMap((f) => f.playing.map((p) => p.game)))];
  await Promise.all(games.map((id) => getGame(id, document.documentElement.lang).then((g) => names.set(id, g.name), () => names.set(id, id))));
  return h(
    "section",
    { class: "panel", dataset: { testid: "my-following" } },
    h("h2", { class: "panel-title" }, t("me.following")),
    h(
      "ul",
      { class: "following" },
      [...following].sort((a, b) => Number(Boolean(b.online)) - Number(Boolean(a.online))).map((f) =>
        h(
          "li",
          { dataset: { testid: "followed", name: f.name } },
          h("span", { class: ["presence", f.online ? "presence-on" : "presence-off"], title: t(f.online ? "me.online" : "me.offline"), dataset: { testid: "followed-online", online: String(Boolean(f.online)) } }),
          link(`/u/${encodeURIComponent(f.name)}`, h("bdi", {}, personName(f.name))),
          " ",
          h("span", { class: "muted" }, t(f.online ? "me.online" : "me.offline")),
          " — ",
          f.playing.length
            ? f.playing.map((p, i) => [i ? factSep() : null, link(`/t/${encodeURIComponent(p.table_id)}`, t("me.playingNow", { game: names.get(p.game) || p.game }), { dataset: { testid: "followed-table" } })])
            : h("span", { class: "muted" }, t("me.notPlaying")),
          " ",
          challengeButton(f, ctx),
        ),
      ),
    ),
  );
}

/** "Challenge" beside a followed player: the profile's dialog; once sent, the lobby waits. */
function challengeButton(person, ctx) {
  const button = h("button", { type: "button", class: "btn btn-small", dataset: { testid: "followed-challenge" } }, t("profile.challenge"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await challengeDialog(person, {
        onSent: () => {
          ctx.navigate("/");
          toast(t("challenge.sent"));
        },
      });
    } catch (err) {
      showError(err);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/** "Accept challenges from bots" (GET/POST /api/account/bot-settings): off unless ticked; a
 * bot account's program may then challenge this person, who answers as any challenge. */
function botSettingsPanel(settings) {
  const box = h("input", { type: "checkbox", id: "accept-bot-challenges", checked: Boolean(settings.accept_bot_challenges), dataset: { testid: "accept-bot-challenges" } });
  box.addEventListener("change", async () => {
    box.disabled = true;
    try {
      const saved = await api("/api/account/bot-settings", { body: { accept_bot_challenges: box.checked } });
      box.checked = saved.accept_bot_challenges;
      toast(t(saved.accept_bot_challenges ? "me.botsOn" : "me.botsOff"));
    } catch (err) {
      box.checked = !box.checked;
      showError(err);
    } finally {
      box.disabled = false;
    }
  });
  return h(
    "section",
    { class: "panel", dataset: { testid: "my-bot-settings" } },
    h("h2", { class: "panel-title" }, t("me.bots")),
    h("div", { class: "checkbox" }, box, h("label", { for: "accept-bot-challenges" }, t("me.acceptBots"))),
    h("p", { class: "hint" }, t("me.acceptBotsHint")),
  );
}

function failuresPanel(failures) {
  const seen = h("button", { type: "button", class: "btn btn-small", dataset: { testid: "sign-in-failures-seen" } }, t("me.failuresSeen"));
  const panel = h(
    "section",
    { class: "panel", role: "status", dataset: { testid: "sign-in-failures" } },
    h("h2", {}, t("me.failuresTitle")),
    h(
      "ul",
      {},
      failures.wrong ? h("li", { dataset: { testid: "sign-in-failures-wrong" } }, t("me.failuresWrong", { n: failures.wrong })) : null,
      failures.refused ? h("li", { dataset: { testid: "sign-in-failures-refused" } }, t("me.failuresRefused", { n: failures.refused })) : null,
    ),
    h("p", { dataset: { testid: "sign-in-failures-when" } }, t("me.failuresWhen", { first: dateTime(failures.first), last: dateTime(failures.last) })),
    h("p", { class: "hint" }, t("me.failuresSafe")),
    h("p", { class: "button-row" }, seen),
  );
  seen.addEventListener("click", async () => {
    seen.disabled = true;
    try {
      await api("/api/auth/failures/seen", { body: {} });
      panel.remove();
    } catch (err) {
      seen.disabled = false;
      toast(err instanceof ApiError ? err.message : t("error.generic"), "error");
    }
  });
  return panel;
}

/**
 * E-mail (a signed-up account's): the address, confirmed by the link sent to it, and each kind
 * of e-mail asked for separately; saved at once. Off on a server started without --smtp.
 */
function emailPanel(mine) {
  const panel = h("section", { class: "panel", dataset: { testid: "my-email" } }, h("h2", { class: "panel-title" }, t("me.email")));
  if (!mine.enabled) {
    panel.append(h("p", { class: "muted", dataset: { testid: "email-off" } }, t("me.emailOff")));
    return panel;
  }
  const status = h("p", { dataset: { testid: "email-status" } });
  const input = h("input", { type: "email", id: "email-address", dir: "ltr", autocomplete: "email", maxlength: "254", value: mine.address || "", dataset: { testid: "email-address" } });
  const save = h("button", { type: "submit", class: "btn btn-small" }, t("me.emailSave"));
  const boxes = {};
  const kinds = [
    ["turn", t("me.emailTurn", { minutes: num(mine.away_minutes) })],
    ["challenge", t("me.emailChallenge")],
    ["tournament", t("me.emailTournament")],
  ];
  const show = (answer) => {
    status.textContent = !answer.address ? t("me.emailNone") : answer.verified ? t("me.emailVerified", { address: answer.masked }) : t("me.emailPending", { address: answer.masked });
    status.dataset.verified = String(answer.verified);
    for (const [kind] of kinds) boxes[kind].checked = answer[kind];
  };
  const form = h(
    "form",
    { class: "field", dataset: { testid: "email-form" } },
    h("label", { for: input.id }, t("me.emailAddress")),
    h("span", { class: "button-row" }, input, save),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    try {
      show(await api("/api/me/email", { body: { address: input.value.trim() || null } }));
      toast(t("me.emailSaved"));
    } catch (err) {
      showError(err);
    } finally {
      save.disabled = false;
    }
  });
  const options = h("fieldset", { class: "fieldset" }, h("legend", {}, t("me.emailWhen")));
  for (const [kind, label] of kinds) {
    const id = `email-${kind}`;
    const box = (boxes[kind] = h("input", { type: "checkbox", id, dataset: { testid: id } }));
    box.addEventListener("change", async () => {
      const body = Object.fromEntries(kinds.map(([k]) => [k, boxes[k].checked]));
      try {
        show(await api("/api/me/email/options", { body }));
      } catch (err) {
        box.checked = !box.checked;
        showError(err);
      }
    });
    options.append(h("div", { class: "checkbox" }, box, h("label", { for: id }, label)));
  }
  panel.append(form, status, options, h("p", { class: "hint" }, t("me.emailPrivate")));
  show(mine);
  return panel;
}

export async function mount(main, ctx) {
  ctx.setTitle(t("me.title"));
  main.append(h("h1", {}, t("me.title")));
  const me = await getMe();
  if (!ctx.alive()) return;
  if (!me.user) {
    main.append(
      h("section", { class: "panel", dataset: { testid: "me-signin" } },
        h("p", {}, t("me.signin")),
        h("p", { class: "button-row" }, link("/login", t("nav.login"), { class: "btn btn-primary" }), link("/signup", t("nav.signup"), { class: "btn" }), link("/", t("nav.home"), { class: "btn btn-ghost" })),
      ),
    );
    return;
  }
  const [games, failures, puzzles, following, botSettings, email] = await Promise.all([
    api("/api/my/games"),
    me.user.guest ? null : api("/api/auth/failures").then((answer) => answer.failures, () => null),
    api("/api/puzzles/me").catch(() => null),
    api("/api/my/following").catch(() => []),
    me.user.guest ? null : api("/api/account/bot-settings").catch(() => null),
    me.user.guest ? null : api("/api/me/email").catch(() => null),
  ]);
  if (!ctx.alive()) return;
  if (failures) main.append(failuresPanel(failures));
  if (email) main.append(emailPanel(email));
  if (botSettings) main.append(botSettingsPanel(botSettings));
  if (following.length) main.append(await followingPanel(following, ctx));
  if (!ctx.alive()) return;
  const puzzleBox = puzzlesPanel(puzzles);
  if (puzzleBox) main.append(puzzleBox);
  if (!games || !games.length) {
    main.append(h("p", { class: "panel muted", dataset: { testid: "me-empty" } }, t("me.empty"), " ", link("/", t("nav.home"))));
    return;
  }
  const names = new Map();
  await Promise.all(
    [...new Set(games.map((g) => g.game))].map((id) =>
      getGame(id, document.documentElement.lang).then((g) => names.set(id, g.name), () => names.set(id, id)),
    ),
  );
  if (!ctx.alive()) return;
  const rows = games.map((g) =>
    h(
      "tr",
      { dataset: { testid: "my-game", table: g.id, status: g.status, game: g.game } },
      h("td", {}, names.get(g.game) || g.game),
      h("td", {}, h("span", { class: ["status", `status-${g.status}`] }, t(`status.${g.status}`))),
      h("td", {}, resultText(g)),
      ratingCell(g),
      h("td", {}, seatNames(g.seats)),
      h("td", { class: "nowrap" }, g.created ? dateTime(g.created) : ""),
      h(
        "td",
        { class: "nowrap" },
        link(`/t/${encodeURIComponent(g.id)}`, t("me.open"), { class: "btn btn-small" }),
        " ",
        link(`/replay/${encodeURIComponent(g.id)}`, t("me.replay"), { class: "btn btn-small btn-ghost" }),
      ),
    ),
  );
  main.append(
    h(
      "div",
      { class: "table-scroll panel" },
      h(
        "table",
        { class: "data-table", dataset: { testid: "my-games" } },
        h("thead", {}, h("tr", {}, ["me.game", "me.status", "me.result", "me.rating", "me.players", "me.created", "me.open"].map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, rows),
      ),
    ),
  );
}
