// Tournaments: the list (GET /api/tournaments, ?game= for one game's) in three parts —
// upcoming with a countdown to each start, running, finished — and the form that announces a
// new one (POST /api/tournaments): the game and its options as the new-table form shows them,
// the seats at each table where the game allows several counts, Swiss (a number of rounds) or
// arena (a number of minutes), the clock every game of it is played with, the start, rated and
// invite-only. A made event opens its own page (pages/tournament.js).
//
// The small pieces the other pages show an event with — its kind, clock and status as tags, a
// countdown that ticks, one line per event — are exported from here: the lobby's box
// (pages/home.js), a game's page (pages/game.js) and the event's page use them.

import { t, num, lang, dateTime } from "../i18n.js";
import { h, link, toast } from "../dom.js";
import { api, getGame, ensureUser, showError } from "../api.js";
import { optionFields, parseNumber } from "./new-table.js";

// The server's bounds (schemas.TournamentIn): a few of each kept in the form's reach.
const MAX_ROUNDS = 15;
const MIN_ARENA = 5;
const MAX_ARENA = 24 * 60;
const START_IN_MINUTES = 10;
const PER_MOVE = [3600, 4 * 3600, 86400, 3 * 86400]; // a turn clock's seconds for one move
const TICK_MS = 1000;
const LIST_POLL_MS = 30000; // the list page asks for the lists again this often

let uid = 0;
const fieldId = (name) => `tn-${name}-${++uid}`;

// ------------------------------------------------------------------ pieces other pages use

/** A score as this reader writes it: "2.5" in English, «۲٫۵» in Persian. */
export function points(value) {
  if (value === null || value === undefined) return "";
  const shown = num(String(Number(Number(value).toFixed(2))));
  return lang() === "fa" ? shown.replace(".", "\u066b") : shown;
}

/** `key` with {n}, or its "…One" form (English "1 round") when n is 1; every language that
 * has the plural key has the "…One" key too (else t would fall back to English's). */
export function plural(key, n) {
  const one = `${key}One`;
  return n === 1 && t(one) !== one ? t(one, { n }) : t(key, { n });
}

/** How long until `ms` from now, as a ticking countdown shows it: "4:05", "1:04:05", "2 d 3 h". */
export function timeLeft(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  if (days > 0) return t("tour.daysHours", { d: days, h: Math.floor((total % 86400) / 3600) });
  const hours = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(hours ? 2 : 1, "0");
  const ss = String(total % 60).padStart(2, "0");
  return num(hours ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`);
}

/**
 * A countdown to `iso`: the sentence `key` with its {time} ticking ("Starts in 4:05"), and the
 * sentence `doneKey` once the moment has passed. `tick` (below) moves every countdown on a page.
 */
export function countdown(key, iso, doneKey) {
  const time = h("span", { class: "countdown-time" });
  const [before, after = ""] = t(key, { time: "\u0001" }).split("\u0001");
  return h("span", { class: "countdown", dataset: { testid: "countdown", until: iso, done: doneKey } }, before, time, after);
}

/** Move every countdown under `root` on; `skew` is the server's clock less this one's (ms). */
export function tick(root, skew = 0) {
  const now = Date.now() + skew;
  for (const el of root.querySelectorAll(".countdown[data-until]")) {
    const left = Date.parse(el.dataset.until) - now;
    if (Number.isNaN(left)) continue;
    if (left <= 0) {
      el.textContent = t(el.dataset.done);
      el.removeAttribute("data-until");
      continue;
    }
    const time = el.querySelector(".countdown-time");
    const text = timeLeft(left);
    // A clock's digits read left to right in Persian text too; "2 d 3 h" is words, and follows it.
    time.dir = /[:]/.test(text) ? "ltr" : "auto";
    if (time.textContent !== text) time.textContent = text;
  }
}

/**
 * Tick the countdowns under `root` every second, while `alive()` says the page is still shown;
 * returns the function that stops it.
 */
export function ticking(root, skew = () => 0, alive = () => true) {
  tick(root, skew());
  const timer = setInterval(() => (alive() ? tick(root, skew()) : clearInterval(timer)), TICK_MS);
  return () => clearInterval(timer);
}

/** "Swiss · 5 rounds" / "Arena · 60 min". */
export function kindText(event) {
  return event.kind === "arena"
    ? t("tour.arenaOf", { n: event.minutes ?? 0 })
    : plural("tour.swissOf", event.rounds ?? 0);
}

/** A game's clock in words: "10 min + 5 s", "a day per move". */
export function clockText(clock) {
  if (!clock || clock.kind === "none") return t("lobby.clockNone");
  if (clock.kind === "turn") return perMoveText(clock.per_move || 86400);
  return t("lobby.clockRealtime", { n: Math.round((clock.initial || 0) / 60), inc: clock.increment || 0 });
}

function perMoveText(seconds) {
  if (seconds % 86400 === 0) return seconds === 86400 ? t("lobby.clockDay") : t("tour.daysPerMove", { n: seconds / 86400 });
  return t("tour.hoursPerMove", { n: Math.max(1, Math.round(seconds / 3600)) });
}

/** The event's status as a small badge. */
export function statusBadge(status) {
  return h("span", { class: ["status", `tour-status-${status}`], dataset: { testid: "tour-status", status } }, t(`tour.status.${status}`));
}

/** The small tags of an event: kind, clock, seats per table when more than two, rated, invite,
 * bots allowed. */
export function eventTags(event) {
  return h(
    "span",
    { class: "lobby-tags tour-tags" },
    h("span", { class: "tag" }, kindText(event)),
    h("span", { class: "tag tag-clock" }, clockText(event.clock)),
    event.players > 2 ? h("span", { class: "tag" }, t("tour.perTable", { n: event.players })) : null,
    event.rated ? h("span", { class: "tag" }, t("lobby.rated")) : null,
    event.invite_only ? h("span", { class: "tag" }, t("tour.inviteOnly")) : null,
    event.allow_bots ? h("span", { class: "tag", dataset: { testid: "tour-bots-allowed" } }, t("tour.botsAllowed")) : null,
  );
}

/** When the event starts, or is under way until, as a countdown (null when it is over). */
export function whenLine(event) {
  if (event.status === "announced") return countdown("tour.startsIn", event.starts_at, "tour.starting");
  if (event.status === "running" && event.kind === "arena" && event.ends_at) return countdown("tour.endsIn", event.ends_at, "tour.ending");
  if (event.status === "running") return h("span", { class: "countdown" }, t("tour.roundOf", { n: event.round, of: event.rounds ?? 0 }));
  return null;
}

/**
 * One event in a list: its name (a link to its page), the game, tags, the entrants and the
 * countdown (and the date, unless `compact`: the lobby's box); the game's name where `gameName`
 * is given. `action` is an element put at the end of its first line (the lobby's Join).
 */
export function eventItem(event, { gameName = null, compact = false, action = null } = {}) {
  return h(
    "li",
    { class: ["tour-item", compact && "tour-item-compact"], dataset: { testid: "tour-item", tournament: event.id, status: event.status } },
    h(
      "div",
      { class: "tour-item-head" },
      link(`/tournaments/${encodeURIComponent(event.id)}`, event.name, { class: "tour-item-name", dataset: { testid: "tour-link" } }),
      gameName ? h("span", { class: "muted tour-item-game" }, gameName) : null,
      action,
    ),
    h(
      "div",
      { class: "tour-item-meta" },
      eventTags(event),
      h("span", { class: "tour-entrants", dataset: { testid: "tour-entrants" } }, plural("tour.entrants", event.entrants)),
      whenLine(event),
      !compact && event.status !== "running" ? h("span", { class: "muted nowrap tour-date" }, dateTime(event.status === "finished" && event.ends_at ? event.ends_at : event.starts_at)) : null,
    ),
  );
}

/** Join an event (a guest is made when nobody is signed in); resolves to the event. */
export async function joinEvent(id, invite = null) {
  await ensureUser();
  return api(`/api/tournaments/${encodeURIComponent(id)}/join`, { body: invite ? { invite } : {} });
}

// ------------------------------------------------------------------ the form

/** `date` as a datetime-local input's value, in this browser's time zone. */
export function localInputValue(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function newForm(games, ctx, firstGame) {
  const form = h("form", { class: "panel form tour-form", dataset: { testid: "tour-form" }, novalidate: true });
  const nameInput = h("input", { type: "text", id: fieldId("name"), maxlength: 60, autocomplete: "off", dataset: { testid: "tour-name" } });
  const gameSelect = h(
    "select",
    { id: fieldId("game"), dataset: { testid: "tour-game" } },
    games.map((g) => h("option", { value: g.id, selected: g.id === firstGame }, g.name)),
  );
  const optionSlot = h("div", { class: "tour-options" });
  let fields = null; // the chosen game's options (new-table.js optionFields)

  async function loadGame() {
    const chosenGame = gameSelect.value;
    try {
      const info = await getGame(chosenGame, lang());
      if (gameSelect.value !== chosenGame) return;
      let made = null;
      // The seats' count is a question only where the game's options allow several.
      const showCount = () => {
        if (made) made.countField.hidden = made.allowed().length < 2;
      };
      made = optionFields(info, showCount);
      showCount();
      fields = made;
      nameInput.placeholder = info.name;
      optionSlot.replaceChildren(fields.box);
    } catch (err) {
      showError(err);
    }
  }
  gameSelect.addEventListener("change", loadGame);

  // Text inputs (not type=number) so Persian digits can be shown and typed, as in new-table.
  const numberInput = (value, testid, name) =>
    h("input", { type: "text", inputmode: "numeric", value: num(value), id: fieldId(name), class: "num-input", dir: "ltr", autocomplete: "off", dataset: { testid } });
  const rounds = numberInput(5, "tour-rounds", "rounds");
  const minutes = numberInput(60, "tour-minutes", "minutes");
  const kindName = fieldId("kind");
  const radio = (group, value, label, checked, extra = null) => {
    const rid = fieldId(`${group}-${value}`);
    return h(
      "div",
      { class: "radio" },
      h("input", { type: "radio", name: group, id: rid, value, checked, dataset: { testid: `tour-${value}` } }),
      h("label", { for: rid }, label, extra),
    );
  };
  const roundsField = h("div", { class: "field tour-sub" }, h("label", { for: rounds.id }, t("tour.rounds")), rounds);
  const minutesField = h("div", { class: "field tour-sub" }, h("label", { for: minutes.id }, t("tour.minutes")), minutes);
  const kindBox = h(
    "fieldset",
    { class: "fieldset" },
    h("legend", {}, t("tour.kind")),
    radio(kindName, "swiss", t("tour.swiss"), true, h("span", { class: "hint tour-radio-hint" }, t("tour.swissHint"))),
    roundsField,
    radio(kindName, "arena", t("tour.arena"), false, h("span", { class: "hint tour-radio-hint" }, t("tour.arenaHint"))),
    minutesField,
  );
  const kindNow = () => form.querySelector(`input[name="${kindName}"]:checked`)?.value || "swiss";
  const syncKind = () => {
    roundsField.hidden = kindNow() !== "swiss";
    minutesField.hidden = kindNow() !== "arena";
  };
  kindBox.addEventListener("change", syncKind);

  // The clock: real time (minutes + increment) or a turn clock; a tournament has one.
  const clockName = fieldId("clock");
  const clockMinutes = numberInput(10, "tour-clock-minutes", "cmin");
  const clockIncrement = numberInput(5, "tour-clock-increment", "cinc");
  const perMove = h(
    "select",
    { id: fieldId("per-move"), dataset: { testid: "tour-per-move" } },
    PER_MOVE.map((s) => h("option", { value: String(s), selected: s === 86400 }, perMoveText(s))),
  );
  const realtimeFields = h(
    "div",
    { class: "clock-fields" },
    h("div", { class: "field" }, h("label", { for: clockMinutes.id }, t("new.minutes")), clockMinutes),
    h("div", { class: "field" }, h("label", { for: clockIncrement.id }, t("new.increment")), clockIncrement),
  );
  const turnFields = h("div", { class: "clock-fields" }, h("div", { class: "field" }, h("label", { for: perMove.id }, t("tour.perMove")), perMove));
  const clockBox = h(
    "fieldset",
    { class: "fieldset" },
    h("legend", {}, t("new.clock")),
    radio(clockName, "realtime", t("new.clockRealtime"), true),
    realtimeFields,
    radio(clockName, "turn", t("tour.clockTurn"), false),
    turnFields,
  );
  const clockNow = () => form.querySelector(`input[name="${clockName}"]:checked`)?.value || "realtime";
  const syncClock = () => {
    realtimeFields.hidden = clockNow() !== "realtime";
    turnFields.hidden = clockNow() !== "turn";
  };
  clockBox.addEventListener("change", syncClock);

  // The start: this browser's date and time, said again below in the reader's calendar.
  const startInput = h("input", {
    type: "datetime-local",
    id: fieldId("start"),
    value: localInputValue(new Date(Date.now() + START_IN_MINUTES * 60000)),
    dataset: { testid: "tour-start" },
    "aria-describedby": fieldId("start-said"),
  });
  const startSaid = h("p", { class: "hint tour-start-said", id: startInput.getAttribute("aria-describedby"), dataset: { testid: "tour-start-said" } });
  const sayStart = () => {
    const when = new Date(startInput.value);
    startSaid.textContent = Number.isNaN(when.getTime()) ? t("tour.startMissing") : t("tour.startSaid", { when: dateTime(when.getTime()) });
  };
  startInput.addEventListener("input", sayStart);

  const ratedId = fieldId("rated");
  const rated = h("input", { type: "checkbox", id: ratedId, dataset: { testid: "tour-rated" } });
  const inviteId = fieldId("invite");
  const inviteOnly = h("input", { type: "checkbox", id: inviteId, dataset: { testid: "tour-invite-only" } });
  const botsId = fieldId("bots");
  const allowBots = h("input", { type: "checkbox", id: botsId, dataset: { testid: "tour-allow-bots" } });
  const submit = h("button", { type: "submit", class: "btn btn-primary btn-big", dataset: { testid: "tour-create" } }, t("tour.create"));

  form.append(
    h("h2", {}, t("tour.new")),
    h("div", { class: "field" }, h("label", { for: gameSelect.id }, t("tour.game")), gameSelect),
    h("div", { class: "field" }, h("label", { for: nameInput.id }, t("tour.name")), nameInput),
    optionSlot,
    kindBox,
    clockBox,
    h("div", { class: "field" }, h("label", { for: startInput.id }, t("tour.start")), startInput, startSaid),
    h("div", { class: "checkbox" }, rated, h("label", { for: ratedId }, t("new.rated"))),
    h("div", { class: "checkbox" }, inviteOnly, h("label", { for: inviteId }, t("tour.inviteOnlyLong"))),
    h("div", { class: "checkbox" }, allowBots, h("label", { for: botsId }, t("tour.allowBotsLong"))),
    h("div", { class: "form-actions" }, submit),
  );
  syncKind();
  syncClock();
  sayStart();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!fields) return;
    const when = new Date(startInput.value);
    if (Number.isNaN(when.getTime())) {
      toast(t("tour.startMissing"), "error");
      startInput.focus();
      return;
    }
    const kind = kindNow();
    let clock;
    if (clockNow() === "turn") clock = { kind: "turn", per_move: Number(perMove.value) };
    else {
      const min = Math.max(1, Math.min(180, parseNumber(clockMinutes.value) ?? 10));
      const inc = Math.max(0, Math.min(120, parseNumber(clockIncrement.value) ?? 0));
      clock = { kind: "realtime", initial: Math.round(min * 60), increment: Math.round(inc) };
    }
    const body = {
      name: nameInput.value.trim() || null,
      game: gameSelect.value,
      options: { ...fields.chosen },
      players: Number(fields.count.value) || null,
      kind,
      rounds: kind === "swiss" ? Math.max(1, Math.min(MAX_ROUNDS, Math.round(parseNumber(rounds.value) ?? 5))) : null,
      minutes: kind === "arena" ? Math.max(MIN_ARENA, Math.min(MAX_ARENA, Math.round(parseNumber(minutes.value) ?? 60))) : null,
      clock,
      starts_at: when.toISOString(),
      rated: rated.checked,
      invite_only: inviteOnly.checked,
      allow_bots: allowBots.checked,
    };
    submit.disabled = true;
    try {
      await ensureUser();
      const made = await api("/api/tournaments", { body });
      if (!ctx.alive()) return;
      toast(t("tour.made"));
      ctx.navigate(made.url || `/tournaments/${encodeURIComponent(made.id)}`);
    } catch (err) {
      showError(err);
    } finally {
      submit.disabled = false;
    }
  });
  return { form, ready: loadGame() };
}

// ------------------------------------------------------------------ the page

export async function mount(main, ctx) {
  const only = ctx.query.get("game") || null;
  const games = await api("/api/games");
  if (!ctx.alive()) return;
  const names = new Map(games.map((g) => [g.id, g.name]));
  const title = only && names.has(only) ? t("tour.titleOf", { game: names.get(only) }) : t("tour.title");
  ctx.setTitle(title);

  const newButton = h(
    "button",
    { type: "button", class: "btn btn-primary", "aria-expanded": "false", dataset: { testid: "tour-new" } },
    t("tour.new"),
  );
  const formSlot = h("div", { class: "tour-form-slot" });
  let formMade = null;
  async function openForm() {
    if (!formMade) {
      formMade = newForm(games, ctx, only && names.has(only) ? only : games[0]?.id);
      formSlot.append(formMade.form);
      await formMade.ready;
    }
    formSlot.hidden = false;
    newButton.setAttribute("aria-expanded", "true");
    formMade.form.querySelector("select, input")?.focus();
  }
  newButton.addEventListener("click", () => {
    if (formMade && !formSlot.hidden) {
      formSlot.hidden = true;
      newButton.setAttribute("aria-expanded", "false");
    } else openForm();
  });

  // One game's events or every game's.
  const filter = h(
    "nav",
    { class: "puzzle-games tour-games", "aria-label": t("tour.games"), dataset: { testid: "tour-games" } },
    link("/tournaments", t("puzzle.allGames"), { "aria-current": only ? undefined : "page", class: only ? undefined : "is-current" }),
    games.map((g) =>
      link(`/tournaments?game=${encodeURIComponent(g.id)}`, g.name, { "aria-current": g.id === only ? "page" : undefined, class: g.id === only ? "is-current" : undefined }),
    ),
  );
  const lists = h("div", { class: "tour-lists" }, h("p", { class: "muted" }, t("loading")));
  main.append(
    h(
      "div",
      { class: "tour-page", dataset: { testid: "tournaments" } },
      h("div", { class: "tour-title-row" }, h("h1", {}, title), newButton),
      h("p", { class: "hero-sub tour-intro" }, t("tour.intro")),
      filter,
      formSlot,
      lists,
    ),
  );
  if (ctx.query.get("new") === "1") await openForm();
  if (!ctx.alive()) return;

  const source = only ? `/api/tournaments?game=${encodeURIComponent(only)}` : "/api/tournaments";
  const section = (key, testid, events) =>
    h(
      "section",
      { class: "panel tour-section", dataset: { testid } },
      h("h2", { class: "panel-title" }, t(key), events.length ? ` (${num(events.length)})` : ""),
      events.length
        ? h("ul", { class: "tour-list" }, events.map((e) => eventItem(e, { gameName: only ? null : names.get(e.game) || e.game })))
        : h("p", { class: "muted" }, t(`${key}None`)),
    );
  let shown = null; // the lists as last drawn
  function drawLists(data) {
    const key = JSON.stringify(data);
    if (!ctx.alive() || key === shown) return;
    shown = key;
    lists.replaceChildren(
      section("tour.upcoming", "tour-upcoming", data.upcoming || []),
      section("tour.running", "tour-running", data.running || []),
      section("tour.finished", "tour-finished", data.finished || []),
    );
    tick(lists);
  }
  drawLists(await api(source));
  if (!ctx.alive()) return;
  // Events start and end while the page is open: the lists are asked for again now and then.
  const poll = setInterval(() => api(source).then(drawLists, () => {}), LIST_POLL_MS);
  const stopTicking = ticking(lists);
  return () => {
    clearInterval(poll);
    stopTicking();
  };
}
