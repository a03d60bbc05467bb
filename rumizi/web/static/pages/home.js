// Home: the lobby. Per game, the tables waiting for players (join in one click) and the games
// being played (watch); how many people are online; your own games, those waiting for you
// first; the quick match (paired with someone who wants the same game, or a bot when nobody
// comes in the time you chose); and the catalogue's tiles. It stays live: the server pushes
// the lobby on /ws/lobby whenever a table changes (GET /api/lobby now and then while the
// socket is down). The lobby also announces the open tournaments, soonest first, with a
// countdown to each start and a Join button. At the top, the caller's challenges (the
// lobby's `challenges`): one made to them, with Accept and Decline; one they made, waiting
// (Withdraw), then, once accepted, its table opens — for a challenge this tab sent or saw
// waiting — or its answer is said (declined, or expired).

import { t, range, num, lang, seatNames, personName, factSep } from "../i18n.js";
import { h, link, toast } from "../dom.js";
import { api, ensureUser, currentUser, getGame, defaultOptions, showError } from "../api.js";
import { markTitle, dotIcon, notify, alertControls } from "../alerts.js";
import { eventItem, joinEvent, tick, ticking } from "./tournaments.js";
import { watched, watch, withName } from "./profile.js";

/** The small "2–6 players · 30 min · ages 12+" line of a game. */
export function catalogLine(game) {
  const parts = [];
  const shown = (value) => (Array.isArray(value) ? range(value) : num(value));
  if (game.players !== null && game.players !== undefined && game.players !== "") parts.push(t("game.players", { n: shown(game.players) }));
  if (game.minutes !== null && game.minutes !== undefined && game.minutes !== "") parts.push(t("game.minutes", { n: shown(game.minutes) }));
  if (game.age !== null && game.age !== undefined && game.age !== "") parts.push(t("game.age", { n: shown(game.age) }));
  return h("p", { class: "catalog-line", dataset: { testid: "catalog-line" } }, parts.join(factSep()));
}

function hue(text) {
  let sum = 0;
  for (const ch of String(text)) sum = (sum * 31 + ch.codePointAt(0)) % 360;
  return sum;
}

const WAITS = [30, 60, 180]; // seconds (the server's schemas.QuickWait)
const POLL_MS = 10000; // the lobby's fetch while its socket is down
const QUICK_POLL_MS = 3000; // a waiting quick match asks how it stands, in case a push is lost
const RETRY_MOST_MS = 15000;
const TOURNAMENTS_SHOWN = 4; // the lobby's box stays short; /tournaments lists them all

function waitLabel(seconds) {
  return seconds < 60 ? t("lobby.seconds", { n: seconds }) : t("lobby.minutes", { n: seconds / 60 });
}

/** A clock as a short tag ("a day per move", "10 min + 5 s"); null without a clock. */
function clockTag(clock) {
  if (clock && clock.kind === "turn") return h("span", { class: "tag tag-clock" }, t("lobby.clockDay"));
  if (clock && clock.kind === "realtime") {
    return h("span", { class: "tag tag-clock" }, t("lobby.clockRealtime", { n: Math.round((clock.initial || 0) / 60), inc: clock.increment || 0 }));
  }
  return null;
}

/** "Ali · free seat" — the seats of a lobby table, free ones said so; each name kept whole. */
function seatLine(table, skip = null) {
  const names = seatNames(table.seats || []);
  const parts = [];
  for (const s of table.seats || []) {
    if (s.seat === skip) continue;
    if (parts.length) parts.push(factSep());
    parts.push(h("bdi", { class: ["seat-chip", s.empty && "seat-chip-free"] }, s.empty ? t("table.free") : names.get(s.seat)));
  }
  return parts;
}

function countdown(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return num(`${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`);
}

export async function mount(main, ctx) {
  ctx.setTitle(t("home.title"));
  const online = h("p", { class: "lobby-online", dataset: { testid: "lobby-online" }, hidden: true });
  const intro = h(
    "section",
    { class: "hero lobby-hero" },
    h("div", {}, h("h1", {}, t("app.name")), h("p", { class: "hero-sub" }, t("home.intro"))),
    online,
  );
  const mineList = h("ul", { class: "lobby-mine-list", dataset: { testid: "lobby-mine" } });
  const mineBox = h("section", { class: "panel lobby-mine", hidden: true }, h("h2", { class: "panel-title" }, t("lobby.mine")), mineList);
  const quickBody = h("div", { class: "lobby-quick-body" });
  const quickBox = h(
    "section",
    { class: "panel lobby-quick", dataset: { testid: "quick" } },
    h("h2", { class: "panel-title" }, t("lobby.quick")),
    quickBody,
  );
  const tourList = h("ul", { class: "tour-list tour-list-compact" });
  const tourNone = h("p", { class: "muted lobby-none" }, t("tour.lobbyNone"));
  const tourBox = h(
    "section",
    { class: "panel lobby-tournaments", dataset: { testid: "lobby-tournaments" } },
    h(
      "div",
      { class: "lobby-subhead" },
      h("h2", { class: "panel-title" }, t("tour.title")),
      link("/tournaments", t("tour.all"), { class: "lobby-new", dataset: { testid: "lobby-tournaments-all" } }),
    ),
    tourList,
    tourNone,
  );
  const challengeBox = h("section", { class: "lobby-challenges", "aria-label": t("challenge.region"), dataset: { testid: "challenges" }, hidden: true });
  const list = h("ul", { class: "catalogue lobby-games", dataset: { testid: "catalogue" } }, h("li", { class: "muted" }, t("loading")));
  // Tools for people at a real table: the Fantasy Realms scorer finds a hand's best choices.
  // The day's puzzle, once the server names it (the page does not wait for it).
  const daily = h("p", { hidden: true, dataset: { testid: "daily-puzzle" } });
  api("/api/puzzles/daily").then((p) => {
    daily.append(link(`/puzzles/${encodeURIComponent(p.game)}?id=${encodeURIComponent(p.id)}`, t("home.daily"), { dataset: { testid: "daily-puzzle-link" } }), " — ", p.question);
    daily.hidden = false;
  }, () => {});
  const tools = h(
    "section",
    { class: "tools" },
    h("h2", { class: "section-title" }, t("home.tools")),
    h(
      "p",
      {},
      link("/games/fantasy-realms/score", t("home.frScorer"), { dataset: { testid: "fr-scorer-link" } }),
      " — ",
      t("home.frScorerAbout"),
    ),
    h("p", {}, link("/puzzles", t("home.puzzles"), { dataset: { testid: "puzzles-link" } }), " — ", t("home.puzzlesAbout"), " ", link("/puzzles?streak=1", t("puzzle.playStreak"), { dataset: { testid: "home-streak-link" } })),
    daily,
    h("p", {}, link("/accessibility", t("a11y.title"), { dataset: { testid: "a11y-link" } }), " — ", t("a11y.homeAbout")),
  );
  main.append(
    intro,
    challengeBox,
    h("div", { class: "lobby-top" }, mineBox, quickBox, tourBox),
    h("h2", { class: "section-title" }, t("home.title")),
    list,
    tools,
  );
  const games = await api("/api/games");
  if (!ctx.alive()) return;
  list.replaceChildren();
  if (!games || !games.length) {
    list.append(h("li", { class: "muted" }, t("home.empty")));
    return;
  }
  const gameName = new Map(games.map((g) => [g.id, g.name]));
  const slots = new Map(); // game id -> the element its open and playing tables go in
  for (const game of games) {
    const slot = h("div", { class: "lobby-tables", dataset: { testid: "lobby-game", game: game.id } });
    slots.set(game.id, slot);
    list.append(
      h(
        "li",
        { class: "catalogue-item", dataset: { testid: "game-tile", game: game.id } },
        h(
          "div",
          { class: "tile-head" },
          link(`/games/${encodeURIComponent(game.id)}`, [
            h("span", { class: "tile-art", dataset: { game: game.id }, style: { "--hue": hue(game.id) }, "aria-hidden": "true" }),
            h("span", { class: "tile-name" }, game.name),
          ], { class: "tile-link", dataset: { testid: "game-link" } }),
        ),
        game.tagline ? h("p", { class: "tile-tagline" }, game.tagline) : null,
        catalogLine(game),
        slot,
      ),
    );
  }

  // ------------------------------------------------------------------ drawing the lobby
  let closed = false;
  let lastTurns = null; // the ids of tables waiting for you, at the last snapshot
  let quick = { status: "none" };
  let waitingHere = false; // this page asked for (or found) a quick match still waiting
  let asked = null; // the last quick-match request, to ask again
  let quickShownAt = 0;
  let quickTimer = null;
  let quickPoll = null;

  async function join(table, button) {
    button.disabled = true;
    try {
      await ensureUser();
      const joined = await api(`/api/lobby/tables/${encodeURIComponent(table.id)}/join`, { body: {} });
      toast(t("table.joined", { n: (joined.seat ?? 0) + 1 }));
      ctx.navigate(`/t/${encodeURIComponent(table.id)}`);
    } catch (err) {
      showError(err);
      button.disabled = false;
    }
  }

  function openItem(table) {
    const seated = mineIds.has(table.id); // your own table: open it, there is no seat to take
    const action = seated
      ? link(`/t/${encodeURIComponent(table.id)}`, t("lobby.open"), { class: "btn btn-small" })
      : h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { testid: "lobby-join", table: table.id } }, t("lobby.join"));
    if (!seated) action.addEventListener("click", () => join(table, action));
    return h(
      "li",
      { class: "lobby-table", dataset: { testid: "lobby-open", table: table.id } },
      h("span", { class: "lobby-seats" }, seatLine(table)),
      h("span", { class: "lobby-tags" }, clockTag(table.clock), table.rated ? h("span", { class: "tag" }, t("lobby.rated")) : null),
      action,
    );
  }

  function playingItem(table) {
    return h(
      "li",
      { class: "lobby-table", dataset: { testid: "lobby-playing", table: table.id } },
      h("span", { class: "lobby-seats" }, seatLine(table)),
      h("span", { class: "lobby-tags" }, clockTag(table.clock), table.watching ? h("span", { class: "tag" }, t("lobby.watching", { n: table.watching })) : null),
      link(`/t/${encodeURIComponent(table.id)}`, t("lobby.watch"), { class: "btn btn-small", dataset: { testid: "lobby-watch" } }),
    );
  }

  let mineIds = new Set();

  function renderGames(data) {
    const byGame = new Map((data.games || []).map((g) => [g.game, g]));
    for (const [id, slot] of slots) {
      const entry = byGame.get(id) || { open: [], playing: [], queued: 0 };
      const parts = [];
      const head = h(
        "div",
        { class: "lobby-subhead" },
        h("h3", {}, t("lobby.openTables"), entry.open.length ? ` (${num(entry.open.length)})` : ""),
        link(`/new/${encodeURIComponent(id)}`, t("lobby.newTable"), { class: "lobby-new", dataset: { testid: "lobby-new" } }),
      );
      parts.push(head);
      if (entry.open.length) parts.push(h("ul", { class: "lobby-list" }, entry.open.map(openItem)));
      else parts.push(h("p", { class: "muted lobby-none" }, t("lobby.noOpen")));
      if (entry.queued) parts.push(h("p", { class: "lobby-queued", dataset: { testid: "lobby-queued" } }, t("lobby.queued", { n: entry.queued })));
      if (entry.playing.length) {
        parts.push(h("h3", {}, t("lobby.playing"), ` (${num(entry.playing.length)})`));
        parts.push(h("ul", { class: "lobby-list" }, entry.playing.map(playingItem)));
      }
      slot.replaceChildren(...parts);
    }
  }

  async function joinTournament(event, button) {
    button.disabled = true;
    try {
      const before = currentUser();
      await joinEvent(event.id);
      if (!before) reconnect();
      toast(t("tour.joined"));
      ctx.navigate(`/tournaments/${encodeURIComponent(event.id)}`);
    } catch (err) {
      showError(err);
      button.disabled = false;
    }
  }

  function renderTournaments(events) {
    const shown = events.slice(0, TOURNAMENTS_SHOWN);
    tourNone.hidden = shown.length > 0;
    tourList.replaceChildren(
      ...shown.map((event) => {
        const open = event.status === "announced" || event.kind === "arena";
        let action = null;
        if (open) {
          action = h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { testid: "lobby-tour-join", tournament: event.id } }, t("tour.join"));
          action.addEventListener("click", () => joinTournament(event, action));
        }
        return eventItem(event, { gameName: gameName.get(event.game) || event.game, compact: true, action });
      }),
    );
    tick(tourList);
  }

  function renderMine(mine) {
    mineIds = new Set(mine.map((m) => m.id));
    mineBox.hidden = !mine.length;
    mineList.replaceChildren(
      ...mine.map((m) => {
        let badge;
        if (m.your_turn) badge = h("span", { class: "badge badge-turn", dataset: { testid: "your-turn" } }, `● ${t("lobby.yourTurn")}`);
        else if (m.status === "waiting") badge = h("span", { class: "badge badge-wait" }, t("lobby.waitingPlayers"));
        else badge = h("span", { class: "badge" }, t("lobby.theirTurn"));
        return h(
          "li",
          { class: ["lobby-my", m.your_turn && "lobby-my-turn"], dataset: { testid: "lobby-my-game", table: m.id, yourTurn: String(Boolean(m.your_turn)) } },
          h("span", { class: "lobby-my-game" }, gameName.get(m.game) || m.game),
          h("span", { class: "lobby-seats" }, `${t("lobby.vs")} `, seatLine(m, m.you)),
          badge,
          clockTag(m.clock),
          link(`/t/${encodeURIComponent(m.id)}`, t("lobby.open"), { class: ["btn", "btn-small", m.your_turn && "btn-primary"], dataset: { testid: "lobby-my-open" } }),
        );
      }),
    );
    // The tab says when a game waits for you; a game that just began to wait is told once.
    const turns = new Set(mine.filter((m) => m.your_turn).map((m) => m.id));
    markTitle(turns.size > 0);
    dotIcon(turns.size > 0);
    if (lastTurns) {
      for (const m of mine) {
        if (turns.has(m.id) && !lastTurns.has(m.id)) notify(t("alerts.title", { game: gameName.get(m.game) || m.game }), t("alerts.body", { id: m.id }), `rumizi-turn-${m.id}`);
      }
    }
    lastTurns = turns;
  }

  // ------------------------------------------------------------------ challenges
  const waitedOn = new Set(); // challenges this page saw waiting for the other's answer
  const dismissed = new Set();
  const heard = new Set(); // challenges to the caller already announced
  let firstChallenges = true;

  async function answerChallenge(c, given, buttons) {
    for (const b of buttons) b.disabled = true;
    try {
      const answered = await api(`/api/challenges/${encodeURIComponent(c.id)}/${given}`, { body: {} });
      if (given === "accept" && answered.url) {
        ctx.navigate(answered.url);
        return;
      }
      dismissed.add(c.id);
      watch(c.id, false);
      api("/api/lobby").then(render, () => {});
    } catch (err) {
      showError(err);
      for (const b of buttons) b.disabled = false;
      api("/api/lobby").then(render, () => {}); // answered meanwhile, or withdrawn: redraw
    }
  }

  function challengeTags(c) {
    return h("span", { class: "lobby-tags" }, clockTag(c.clock), c.rated ? h("span", { class: "tag" }, t("lobby.rated")) : null);
  }

  function challengeItem(c, text, buttons, kind) {
    return h(
      "div",
      // (Laid out here: the lobby's style sheet is another change's; a banner wraps on a phone.)
      { class: ["banner", "lobby-challenge", kind === "incoming" && "banner-warn"], role: "group", style: { flexWrap: "wrap" }, dataset: { testid: `challenge-${kind}`, challenge: c.id, status: c.status } },
      h("span", { class: "lobby-challenge-text", style: { flex: "1 1 16rem" } }, text),
      challengeTags(c),
      buttons.length ? h("span", { class: "button-row lobby-challenge-buttons", style: { marginInlineStart: "auto" } }, buttons) : null,
    );
  }

  /** Draw the caller's challenges; true when an accepted one is opening its table. */
  function renderChallenges(challenges) {
    const mine = watched();
    const items = [];
    for (const c of challenges) {
      const game = gameName.get(c.game) || c.game;
      if (c.incoming) {
        if (c.status !== "pending" || dismissed.has(c.id)) continue;
        const name = personName(c.from);
        if (!heard.has(c.id)) {
          heard.add(c.id);
          if (!firstChallenges) notify(t("challenge.notify"), t("challenge.incoming", { name, game }), `rumizi-challenge-${c.id}`);
        }
        const accept = h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { testid: "challenge-accept" } }, t("challenge.accept"));
        const decline = h("button", { type: "button", class: "btn btn-small", dataset: { testid: "challenge-decline" } }, t("challenge.decline"));
        accept.addEventListener("click", () => answerChallenge(c, "accept", [accept, decline]));
        decline.addEventListener("click", () => answerChallenge(c, "decline", [accept, decline]));
        items.push(challengeItem(c, withName("challenge.incoming", name, { game }), [accept, decline], "incoming"));
        continue;
      }
      const name = personName(c.to);
      if (c.status === "pending") {
        waitedOn.add(c.id);
        const left = h("span", { class: "muted nowrap", dataset: { expires: c.expires } });
        const withdraw = h("button", { type: "button", class: "btn btn-small", dataset: { testid: "challenge-cancel" } }, t("challenge.cancel"));
        withdraw.addEventListener("click", () => answerChallenge(c, "cancel", [withdraw]));
        const spinner = h("span", { class: "spinner", "aria-hidden": "true", style: { display: "inline-block", verticalAlign: "middle" } });
        const text = [spinner, " ", withName("challenge.waiting", name, { game }), " ", left];
        items.push(challengeItem(c, text, [withdraw], "waiting"));
        continue;
      }
      // An answer is news only to the tab that sent the challenge or saw it wait.
      if (!(mine.has(c.id) || waitedOn.has(c.id)) || dismissed.has(c.id)) continue;
      if (c.status === "accepted" && c.url) {
        watch(c.id, false);
        dismissed.add(c.id);
        toast(t("challenge.accepted", { name }));
        ctx.navigate(c.url);
        return true;
      }
      if (c.status !== "declined" && c.status !== "expired") continue;
      const close = h("button", { type: "button", class: "btn btn-small btn-ghost", dataset: { testid: "challenge-dismiss" } }, t("challenge.dismiss"));
      close.addEventListener("click", () => {
        dismissed.add(c.id);
        watch(c.id, false);
        renderChallenges(challenges);
      });
      items.push(challengeItem(c, withName(`challenge.${c.status}`, name, { game }), [close], "answered"));
    }
    firstChallenges = false;
    challengeBox.hidden = !items.length;
    challengeBox.replaceChildren(...items);
    tickChallenges();
    return false;
  }

  function tickChallenges() {
    for (const span of challengeBox.querySelectorAll("[data-expires]")) {
      span.textContent = t("challenge.left", { time: countdown(Date.parse(span.dataset.expires) - Date.now()) });
    }
  }
  const challengeTimer = setInterval(tickChallenges, 1000);

  // ------------------------------------------------------------------ the quick match
  const gameSelect = h("select", { dataset: { testid: "quick-game" }, id: "quick-game" }, games.map((g) => h("option", { value: g.id }, g.name)));
  const waitSelect = h("select", { dataset: { testid: "quick-wait" }, id: "quick-wait" }, WAITS.map((s) => h("option", { value: String(s), selected: s === 60 }, waitLabel(s))));
  const clockSelect = h(
    "select",
    { dataset: { testid: "quick-clock" }, id: "quick-clock" },
    h("option", { value: "none" }, t("lobby.clockNone")),
    h("option", { value: "turn" }, t("lobby.clockDay")),
  );
  // Bot accounts queue too; they are matched with this person only when asked (off unless ticked).
  const allowBots = h("input", { type: "checkbox", id: "quick-bots", dataset: { testid: "quick-allow-bots" } });
  const startButton = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "quick-start" } }, t("lobby.quickStart"));
  startButton.addEventListener("click", () => {
    const clock = clockSelect.value === "turn" ? { kind: "turn", per_move: 86400 } : { kind: "none" };
    askQuick({ game: gameSelect.value, clock, wait: Number(waitSelect.value), allow_bots: allowBots.checked });
  });
  const form = h(
    "div",
    { class: "quick-form" },
    h("p", { class: "muted quick-about" }, t("lobby.quickAbout")),
    h(
      "div",
      { class: "quick-fields" },
      h("label", { for: "quick-game" }, t("lobby.quickGame"), gameSelect),
      h("label", { for: "quick-clock" }, t("lobby.quickClock"), clockSelect),
      h("label", { for: "quick-wait" }, t("lobby.quickWait"), waitSelect),
    ),
    h("div", { class: "checkbox quick-bots" }, allowBots, h("label", { for: "quick-bots" }, t("lobby.quickAllowBots"))),
    startButton,
  );

  async function askQuick(request) {
    startButton.disabled = true;
    try {
      const before = currentUser();
      await ensureUser();
      const info = await getGame(request.game, lang());
      asked = { ...request, options: defaultOptions(info, 2) };
      const state = await api("/api/lobby/quick", { body: asked });
      if (!before) reconnect(); // a guest was just made: the lobby's socket should know them
      waitingHere = true;
      showQuick(state);
    } catch (err) {
      showError(err);
    } finally {
      startButton.disabled = false;
    }
  }

  async function cancelQuick() {
    waitingHere = false;
    try {
      showQuick(await api("/api/lobby/quick/cancel", { body: {} }));
    } catch (err) {
      showError(err);
    }
  }

  async function botInstead(button) {
    button.disabled = true;
    try {
      const made = await api("/api/lobby/quick/bot", { body: { level: "easy" } });
      waitingHere = false;
      ctx.navigate(made.url || `/t/${encodeURIComponent(made.id)}`);
    } catch (err) {
      showError(err);
      button.disabled = false;
    }
  }

  function showQuick(state) {
    quick = state || { status: "none" };
    quickShownAt = Date.now();
    clearInterval(quickTimer);
    clearInterval(quickPoll);
    quickTimer = quickPoll = null;
    quickBox.dataset.status = quick.status;
    if (quick.status === "matched" && waitingHere) {
      waitingHere = false;
      toast(t("lobby.quickMatched"));
      ctx.navigate(quick.url || `/t/${encodeURIComponent(quick.table)}`);
      return;
    }
    if (quick.status === "waiting") {
      waitingHere = true;
      const left = h("span", { class: "quick-left", dataset: { testid: "quick-left" } });
      const tick = () => {
        left.textContent = countdown((quick.left_ms || 0) - (Date.now() - quickShownAt));
      };
      tick();
      quickTimer = setInterval(tick, 500);
      quickPoll = setInterval(() => {
        api("/api/lobby/quick").then((fresh) => !closed && fresh.status !== quick.status && showQuick(fresh), () => {});
      }, QUICK_POLL_MS);
      const cancel = h("button", { type: "button", class: "btn", dataset: { testid: "quick-cancel" } }, t("lobby.quickCancel"));
      cancel.addEventListener("click", cancelQuick);
      quickBody.replaceChildren(
        h(
          "div",
          { class: "quick-waiting", role: "status", dataset: { testid: "quick-waiting" } },
          h("span", { class: "spinner", "aria-hidden": "true" }),
          h("span", {}, t("lobby.quickWaiting", { game: gameName.get(quick.game) || quick.game || "" }), " ", left),
        ),
        h("div", { class: "button-row" }, cancel),
      );
      return;
    }
    if (quick.status === "expired") {
      const bot = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "quick-bot" } }, t("lobby.quickBot"));
      bot.addEventListener("click", () => botInstead(bot));
      const again = h("button", { type: "button", class: "btn", dataset: { testid: "quick-again" } }, t("lobby.quickAgain"));
      again.addEventListener("click", () => {
        const request = asked || { game: quick.game, options: quick.options || {}, clock: { kind: "none" }, wait: quick.wait || 60 };
        askQuick(request);
      });
      const cancel = h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "quick-cancel" } }, t("lobby.quickCancel"));
      cancel.addEventListener("click", cancelQuick);
      quickBody.replaceChildren(
        h("p", { role: "status", dataset: { testid: "quick-expired" } }, t("lobby.quickExpired", { game: gameName.get(quick.game) || quick.game || "" })),
        h("div", { class: "button-row" }, bot, again, cancel),
      );
      return;
    }
    quickBody.replaceChildren(form);
  }

  function render(data) {
    if (closed || !data) return;
    online.hidden = false;
    online.replaceChildren(h("span", { class: "dot dot-on", "aria-hidden": "true" }), " ", t("lobby.online", { n: data.online || 0 }));
    if (renderChallenges(data.challenges || [])) return; // off to the accepted challenge's table
    renderMine(data.mine || []);
    renderGames(data);
    renderTournaments(data.tournaments || []);
    let fresh = data.quick || { status: "none" };
    // A match found while this page waited opens the table; an older one is in "your games".
    if (fresh.status === "matched" && !waitingHere) fresh = { status: "none" };
    if (fresh.status !== quick.status) showQuick(fresh);
  }

  // ------------------------------------------------------------------ the lobby's socket
  let socket = null;
  let attempt = 0;
  let retry = null;
  let poll = null;

  function startPolling() {
    if (poll) return;
    poll = setInterval(() => api("/api/lobby").then(render, () => {}), POLL_MS);
  }

  function connect() {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/lobby`);
    socket = ws;
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      attempt = 0;
      clearInterval(poll);
      poll = null;
    });
    ws.addEventListener("message", (event) => {
      if (socket !== ws || closed) return;
      try {
        const msg = JSON.parse(event.data);
        if (msg.type === "lobby") render(msg);
      } catch (err) {
        console.error(err);
      }
    });
    ws.addEventListener("close", () => {
      if (socket !== ws || closed) return;
      startPolling();
      clearTimeout(retry);
      retry = setTimeout(connect, Math.min(RETRY_MOST_MS, 500 * 2 ** attempt) * (0.8 + Math.random() * 0.4));
      attempt = Math.min(attempt + 1, 6);
    });
  }

  function reconnect() {
    const old = socket;
    socket = null;
    if (old) old.close(1000);
    connect();
  }

  showQuick({ status: "none" });
  render(await api("/api/lobby").catch(() => null));
  if (!ctx.alive()) return;
  connect();
  const stopTicking = ticking(tourBox, () => 0, () => !closed);
  const controls = alertControls();
  mineBox.append(controls);

  return () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(poll);
    clearInterval(quickTimer);
    clearInterval(quickPoll);
    clearInterval(challengeTimer);
    stopTicking();
    if (socket) socket.close(1000);
    markTitle(false);
    dotIcon(false);
  };
}
