// One tournament's page, live: GET /api/tournaments/{id} first, then the socket
// /ws/tournaments/{id}, which sends the whole event ({"type": "tournament", ...}) on connect and
// on every change; it is reopened with backoff when it drops (as the lobby's is), and the page
// asks again now and then while it is down. What the caller may do comes with each push
// (can_join, can_withdraw, can_cancel) and so does their table when a round pairs them.
//
// The page: the header (name, game, kind, clock, status, a countdown to the start, the next
// round or the end), the buttons, "your table", the podium once over, the standings with each
// tie-break and every player's sheet as small chips, the tables being played, what each
// tie-break means, and the rules of the event's kind.

import { t, num, lang, dateTime } from "../i18n.js";
import { h, link, toast, confirmDialog, svgIcon } from "../dom.js";
import { api, currentUser, showError } from "../api.js";
import { markTitle, notify } from "../alerts.js";
import { inviteBox } from "./new-table.js";
import { countdown, eventTags, joinEvent, plural, points, statusBadge, tick, ticking } from "./tournaments.js";

const POLL_MS = 10000; // GET the event this often while its socket is down
const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 15000;
const FA_PLACES = ["اول", "دوم", "سوم", "چهارم", "پنجم", "ششم"];
// The start, said as the event stands: to come, called off before it, or past.
const STARTS = { announced: "tour.startsAt", cancelled: "tour.wasToStart" };

/** A small flame: a player on a streak, and the games it doubled (drawn, as not every
 * device has a colour emoji font). */
export function fireIcon() {
  return svgIcon(
    [
      ["path", { class: "fire-outer", d: "M12 2.5c.9 3.3 5.3 5.7 5.3 10.6a5.3 5.3 0 0 1-10.6 0c0-2.6 1.4-4.2 2.6-5.6.2 1.7 1 2.9 2.2 3.5.4-3.3-.5-5.6.5-8.5z" }],
      ["path", { class: "fire-inner", d: "M12 12.2c.7 1.4 2.4 2.3 2.4 4.2a2.4 2.4 0 0 1-4.8 0c0-1 .5-1.7 1-2.3.2.6.5 1 1 1.2.1-1.1-.1-2 .4-3.1z" }],
    ],
    "ic-fire",
  );
}

/** A place at a table in words: "2nd" / «دوم»; a shared place keeps its fraction («۲٫۵»). */
export function placeText(place) {
  if (!Number.isInteger(place)) return points(place);
  if (lang() === "fa") return FA_PLACES[place - 1] || `${num(place)}\u200cام`;
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][place % 10] || "th";
  return `${place}${suffix}`;
}

/** A tie-break's name as the server spells it, made one key: "Median_Buchholz" → "median-buchholz". */
const tieKey = (name) => String(name).toLowerCase().replace(/[_\s]+/g, "-");

/** A tie-break's short label (the server's own name when this page has no words for it). */
export function tieLabel(name) {
  const key = `tour.tb.${tieKey(name)}`;
  const text = t(key);
  return text === key ? String(name).replace(/[-_]+/g, " ") : text;
}

function tieAbout(name) {
  const key = `tour.tbAbout.${tieKey(name)}`;
  const text = t(key);
  return text === key ? null : text;
}

/** A tie-break's value; an average place of 0 means no finished game yet, shown as a dash. */
function tieValue(name, value) {
  if (value === null || value === undefined || (tieKey(name) === "performance" && value === 0)) return "—";
  return points(value);
}

/** "3 min" / "90 s" for a number of seconds. */
function seconds(value) {
  return value >= 60 && value % 60 === 0 ? t("lobby.minutes", { n: value / 60 }) : t("lobby.seconds", { n: value });
}

/**
 * What one line of a player's sheet says: the chip's short text, its kind (win, loss, draw,
 * place, bye, playing) and a sentence for the reader. `seats` is the event's seats per table;
 * `kind` the event's ("arena" numbers games, Swiss rounds).
 */
export function resultWords(result, seats, kind = "swiss") {
  const at = t(kind === "arena" ? "tour.gameN" : "tour.roundN", { n: result.round });
  const names = result.opponents.join(t("profile.sep"));
  if (result.bye) return { text: t("tour.chipBye"), kind: "bye", label: t("tour.label.bye", { at }) };
  if (result.points === null || result.points === undefined) {
    return { text: "…", kind: "playing", label: t("tour.label.playing", { at, names }) };
  }
  const scored = points(result.points);
  if (seats === 2) {
    let outcome;
    if (result.place !== null && result.place !== undefined) outcome = result.place === 1 ? "win" : result.place === 2 ? "loss" : "draw";
    else outcome = result.points > 0.5 ? "win" : result.points > 0 ? "draw" : "loss"; // Swiss' 1, ½, 0
    return { text: t(`tour.chip.${outcome}`), kind: outcome, label: t(`tour.label.${outcome}`, { at, names, points: scored }) };
  }
  const place = result.place ?? 0;
  const text = place ? placeText(place) : scored;
  return { text, kind: place === 1 ? "win" : "place", label: t("tour.label.place", { at, place: text, names, points: scored }) };
}

function resultChip(result, seats, kind) {
  const words = resultWords(result, seats, kind);
  const attrs = {
    class: ["tour-chip", `tour-chip-${words.kind}`, result.fire && "tour-chip-fire"],
    title: words.label,
    "aria-label": words.label,
    dataset: { testid: "tour-chip", kind: words.kind, round: String(result.round) },
  };
  const body = [words.text, result.fire ? fireIcon() : null];
  if (!result.table) return h("span", attrs, body);
  const href = words.kind === "playing" ? `/t/${encodeURIComponent(result.table)}` : `/replay/${encodeURIComponent(result.table)}`;
  return link(href, body, attrs);
}

/**
 * A player's name (as the server shows it in the reader's language: «مهمان ۵۶» for a guest)
 * linking their profile at /u/<account>; plain text where the account is not known.
 */
function nameLink(shown, account) {
  const name = h("bdi", {}, shown);
  return account ? link(`/u/${encodeURIComponent(account)}`, name, { class: "tour-player" }) : h("span", { class: "tour-player" }, name);
}

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const path = `/api/tournaments/${encodeURIComponent(id)}`;
  const [first, games] = await Promise.all([api(path), api("/api/games").catch(() => [])]);
  if (!ctx.alive()) return;
  const gameNames = new Map(games.map((g) => [g.id, g.name]));
  const inviteFromUrl = ctx.query.get("invite");

  const head = h("header", { class: "tour-head", dataset: { testid: "tour-head" } });
  const actions = h("div", { class: "button-row tour-actions", dataset: { testid: "tour-actions" } });
  const yourTable = h("div", { class: "tour-your-table", hidden: true, role: "status" });
  const organiser = h("div", { class: "tour-organiser", hidden: true });
  const podium = h("section", { class: "panel tour-podium", hidden: true, dataset: { testid: "tour-podium" } });
  const standings = h("section", { class: "panel tour-standings", dataset: { testid: "tour-standings" } });
  const pairings = h("section", { class: "panel tour-pairings", hidden: true, dataset: { testid: "tour-pairings" } });
  const about = h("div", { class: "tour-about" });
  const banner = h("p", { class: "banner banner-warn", hidden: true, role: "status", dataset: { testid: "tour-offline" } }, t("tour.offline"));
  const page = h(
    "div",
    { class: "tour-page tour-event", dataset: { testid: "tournament", tournament: id } },
    h("p", { class: "crumbs" }, link("/tournaments", t("tour.title"))),
    head,
    banner,
    yourTable,
    actions,
    organiser,
    podium,
    standings,
    pairings,
    about,
  );
  main.append(page);

  let data = first;
  let accounts = new Map(); // a shown name → its account, from the standings
  // The organiser need not play: an account's name is shown as it is, a guest's is not.
  const accountOf = (shown) => accounts.get(shown) ?? (/^(?:guest|مهمان)[ -]/i.test(shown) ? null : shown);
  let skew = 0; // the server's clock less this one's
  let lastTable = null;
  let closed = false;
  let busy = false;
  const inviteInput = h("input", {
    type: "text",
    id: `tour-invite-${id}`,
    class: "tour-invite-input",
    dir: "ltr",
    autocomplete: "off",
    value: inviteFromUrl || "",
    dataset: { testid: "tour-invite" },
  });

  async function act(button, run) {
    if (busy) return;
    busy = true;
    button.disabled = true;
    try {
      const fresh = await run();
      if (!ctx.alive()) return;
      if (fresh && fresh.id) draw(fresh);
    } catch (err) {
      showError(err);
    } finally {
      busy = false;
      button.disabled = false;
    }
  }

  async function join(button) {
    const hadUser = Boolean(currentUser());
    await act(button, async () => {
      const code = data.invite_only ? inviteInput.value.trim() || null : null;
      const fresh = await joinEvent(id, code);
      toast(t("tour.joined"));
      if (!hadUser) reconnect(); // a guest was just made: the socket should know them
      return fresh;
    });
  }

  function drawHead() {
    const game = gameNames.get(data.game) || data.game;
    let when = null;
    if (data.status === "announced") when = countdown("tour.startsIn", data.starts_at, "tour.starting");
    else if (data.status === "running" && data.kind === "arena" && data.ends_at) when = countdown("tour.endsIn", data.ends_at, "tour.ending");
    else if (data.status === "running" && data.next_round_at) when = countdown("tour.nextRoundIn", data.next_round_at, "tour.nextRoundSoon");
    const roundLine =
      data.status === "running" && data.kind === "swiss"
        ? h("span", { class: "tour-round", dataset: { testid: "tour-round" } }, t("tour.roundOf", { n: data.round, of: data.rounds ?? 0 }))
        : null;
    head.replaceChildren(
      h("div", { class: "tour-title-row" }, h("h1", { dataset: { testid: "tour-name" } }, data.name), statusBadge(data.status)),
      h(
        "p",
        { class: "tour-line" },
        link(`/games/${encodeURIComponent(data.game)}`, game, { class: "tour-game" }),
        " ",
        eventTags(data),
      ),
      h(
        "p",
        { class: "tour-line tour-when" },
        h("span", { class: "nowrap" }, t(STARTS[data.status] || "tour.startedAt", { when: dateTime(data.starts_at) })),
        roundLine,
        when ? h("strong", { class: "tour-countdown", dataset: { testid: "tour-countdown" } }, when) : null,
      ),
      h(
        "p",
        { class: "tour-line muted" },
        h("span", { dataset: { testid: "tour-entrants" } }, plural("tour.entrants", data.entrants)),
        h("span", { "aria-hidden": "true" }, "·"),
        h("span", {}, t("tour.organisedBy"), " ", nameLink(data.organiser, accountOf(data.organiser))),
      ),
    );
  }

  function drawActions() {
    const buttons = [];
    // Nobody is signed in yet: joining makes a guest, as a lobby's table does.
    const open = data.status === "announced" || (data.status === "running" && data.kind === "arena");
    const mayJoin = data.can_join || (!currentUser() && open && !data.joined);
    if (mayJoin) {
      const joinButton = h("button", { type: "button", class: "btn btn-primary btn-big", dataset: { testid: "tour-join" } }, t("tour.join"));
      joinButton.addEventListener("click", () => join(joinButton));
      if (data.invite_only && !inviteFromUrl && !data.invite) {
        buttons.push(
          h(
            "div",
            { class: "field tour-invite-field" },
            h("label", { for: inviteInput.id }, t("tour.inviteCode")),
            h("div", { class: "invite-row" }, inviteInput, joinButton),
          ),
        );
      } else buttons.push(joinButton);
    }
    if (data.joined && !mayJoin && (data.status === "announced" || data.status === "running")) buttons.push(h("span", { class: "badge badge-turn tour-in", dataset: { testid: "tour-joined" } }, t("tour.youPlay")));
    if (data.can_withdraw) {
      const out = h("button", { type: "button", class: "btn", dataset: { testid: "tour-withdraw" } }, t("tour.withdraw"));
      out.addEventListener("click", async () => {
        if (!(await confirmDialog(t("tour.withdrawAsk"), t("tour.withdraw"), { testid: "tour-withdraw-confirm" }))) return;
        act(out, () => api(`${path}/withdraw`, { body: {} }));
      });
      buttons.push(out);
    }
    if (data.can_cancel) {
      const cancel = h("button", { type: "button", class: "btn btn-danger-ghost", dataset: { testid: "tour-cancel" } }, t("tour.cancel"));
      cancel.addEventListener("click", async () => {
        if (!(await confirmDialog(t("tour.cancelAsk"), t("tour.cancel"), { testid: "tour-cancel-confirm" }))) return;
        act(cancel, () => api(`${path}/cancel`, { body: {} }));
      });
      buttons.push(cancel);
    }
    actions.replaceChildren(...buttons);
    actions.hidden = !buttons.length;
    // The organiser's invite link, to hand to the players of an invite-only event.
    organiser.hidden = !data.invite || data.status === "finished" || data.status === "cancelled";
    if (!organiser.hidden) {
      const url = `${location.origin}/tournaments/${encodeURIComponent(id)}?invite=${encodeURIComponent(data.invite)}`;
      organiser.replaceChildren(h("section", { class: "panel" }, inviteBox(url, { testid: "tour-invite-link", help: t("tour.inviteHelp") })));
    }
  }

  // Drawn again only when the table changes: the line is a live region, said once per table.
  function drawYourTable(first) {
    const table = data.your_table || null;
    markTitle(Boolean(table));
    if (table === lastTable) return;
    lastTable = table;
    yourTable.hidden = !table;
    if (!table) {
      yourTable.replaceChildren();
      return;
    }
    yourTable.replaceChildren(
      h("span", { class: "tour-your-text" }, t("tour.yourTableReady")),
      link(`/t/${encodeURIComponent(table)}`, t("tour.yourTable"), { class: "btn btn-primary", dataset: { testid: "your-table" } }),
    );
    // A round paired while the page was open (in a tab behind another, perhaps): say so.
    if (!first) notify(data.name, t("tour.yourTableReady"), `rumizi-tournament-${id}`);
  }

  function drawPodium() {
    podium.hidden = data.status !== "finished" || !data.podium.length;
    if (podium.hidden) return;
    podium.replaceChildren(
      h("h2", { class: "panel-title" }, t("tour.podium")),
      h(
        "ol",
        { class: "tour-podium-list" },
        data.podium.map((name, i) =>
          h(
            "li",
            { class: `tour-step tour-step-${i + 1}`, dataset: { testid: "tour-podium-place", place: String(i + 1) } },
            h("span", { class: "tour-medal", "aria-hidden": "true" }, num(i + 1)),
            h("span", { class: "sr-only" }, `${placeText(i + 1)}: `),
            nameLink(name, accountOf(name)),
          ),
        ),
      ),
    );
  }

  function drawStandings() {
    const ties = data.tiebreaks || [];
    const rows = data.standings || [];
    const heading = h("h2", { class: "panel-title" }, t("tour.standings"));
    if (!rows.length) {
      standings.replaceChildren(heading, h("p", { class: "muted" }, t(data.status === "announced" ? "tour.nobodyYet" : "tour.noStandings")));
      return;
    }
    standings.replaceChildren(
      heading,
      h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "data-table tour-table", dataset: { testid: "tour-standings-table" } },
          h("caption", { class: "sr-only" }, t("tour.standings")),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col", class: "num" }, t("tour.rank")),
              h("th", { scope: "col" }, t("tour.player")),
              h("th", { scope: "col", class: "num" }, t("tour.points")),
              // The games before the tie-breaks: on a phone the table scrolls sideways, and
              // each player's results matter more than the numbers that only break ties.
              h("th", { scope: "col" }, t("tour.sheet")),
              ties.map((name) => h("th", { scope: "col", class: "num", title: tieAbout(name) || undefined }, tieLabel(name))),
            ),
          ),
          h(
            "tbody",
            {},
            rows.map((row) =>
              h(
                "tr",
                { class: [row.you && "tour-you", row.withdrawn && "tour-withdrawn"], dataset: { testid: "tour-standing", name: row.name, you: String(Boolean(row.you)) } },
                h("td", { class: "num" }, num(row.rank)),
                h(
                  "th",
                  { scope: "row", class: "tour-name-cell" },
                  nameLink(row.name, row.user),
                  row.fire ? h("span", { class: "tour-fire", title: t("tour.onFire"), "aria-label": t("tour.onFire"), role: "img", dataset: { testid: "tour-fire" } }, fireIcon()) : null,
                  row.you ? h("span", { class: "tag tag-you" }, t("tour.you")) : null,
                  row.withdrawn ? h("span", { class: "tag" }, t("tour.withdrawn")) : null,
                ),
                h("td", { class: "num tour-points", dataset: { testid: "tour-points" } }, points(row.points)),
                h("td", { class: "tour-sheet" }, h("span", { class: "tour-chips" }, (row.results || []).map((r) => resultChip(r, data.players, data.kind)))),
                ties.map((name) => h("td", { class: "num" }, tieValue(name, row.tiebreaks?.[name]))),
              ),
            ),
          ),
        ),
      ),
    );
  }

  function drawPairings() {
    const list = data.pairings || [];
    pairings.hidden = !list.length;
    if (!list.length) return;
    const me = (data.standings || []).find((row) => row.you)?.name;
    const title = data.kind === "arena" ? t("tour.arenaGames") : t("tour.pairingsOf", { n: data.round });
    pairings.replaceChildren(
      h("h2", { class: "panel-title" }, title),
      h(
        "ol",
        { class: "tour-pairing-list" },
        list.map((p) => {
          const seats = [];
          p.seats.forEach((name, i) => {
            if (i) seats.push(h("span", { class: "muted tour-vs" }, ` ${t("lobby.vs")} `));
            seats.push(h("span", { class: "tour-seat" }, nameLink(name, accountOf(name)), p.points ? h("span", { class: "tour-seat-points" }, ` (${points(p.points[i])})`) : null));
          });
          const mine = me && p.seats.includes(me);
          // A finished game is replayed, not played or watched.
          const over = p.status === "over";
          return h(
            "li",
            { class: ["tour-pairing", mine && "tour-pairing-mine"], dataset: { testid: "tour-pairing", table: p.table } },
            h("span", { class: "tour-pairing-seats" }, seats),
            h("span", { class: ["status", `status-${p.status}`] }, t(`tour.table.${p.status}`)),
            over
              ? link(`/replay/${encodeURIComponent(p.table)}`, t("me.replay"), { class: "btn btn-small btn-ghost", dataset: { testid: "tour-replay" } })
              : link(p.url || `/t/${encodeURIComponent(p.table)}`, mine ? t("tour.play") : t("lobby.watch"), {
                  class: ["btn", "btn-small", mine && "btn-primary"],
                  dataset: { testid: "tour-watch" },
                }),
          );
        }),
      ),
    );
  }

  function drawAbout() {
    const ties = data.tiebreaks || [];
    const rules = [];
    if (data.kind === "swiss") {
      rules.push(plural("tour.rule.swiss", data.rounds ?? 0));
      rules.push(data.players === 2 ? t("tour.rule.dutch") : t("tour.rule.groups", { n: data.players }));
      rules.push(t("tour.rule.bye"));
    } else {
      rules.push(t("tour.rule.arena", { n: data.minutes ?? 0 }));
      rules.push(t("tour.rule.arenaPoints"));
      rules.push([fireIcon(), " ", t("tour.rule.fire")]);
    }
    rules.push(t("tour.rule.noShow", { time: seconds(data.no_show || 0) }));
    const explained = ties.map((name) => [name, tieAbout(name)]).filter(([, line]) => line);
    about.replaceChildren(
      h(
        "section",
        { class: "panel tour-rules", dataset: { testid: "tour-rules" } },
        h("h2", { class: "panel-title" }, t("tour.rules")),
        h("ul", { class: "tour-rule-list" }, rules.map((line) => h("li", {}, line))),
        explained.length
          ? h(
              "dl",
              { class: "tour-ties", dataset: { testid: "tour-tiebreaks" } },
              h("div", { class: "tour-ties-head" }, h("dt", {}, t("tour.tiebreaks"))),
              explained.map(([name, line]) => h("div", { class: "tour-tie" }, h("dt", {}, tieLabel(name)), h("dd", {}, line))),
            )
          : null,
      ),
    );
  }

  let shownKey = null; // the event as last drawn, less the server's clock

  function draw(fresh) {
    if (closed || !fresh) return;
    if (fresh.now) {
      const told = Date.parse(fresh.now);
      if (!Number.isNaN(told)) skew = told - Date.now();
    }
    // The server pushes now and then even when nothing changed: leave the page (and the
    // reader's focus, and a half-typed invite code) alone then.
    const key = JSON.stringify({ ...fresh, now: null });
    if (key === shownKey) return;
    const first = shownKey === null;
    shownKey = key;
    data = fresh;
    accounts = new Map((data.standings || []).map((row) => [row.name, row.user]));
    const focused = page.contains(document.activeElement) ? document.activeElement : null;
    page.dataset.status = data.status;
    ctx.setTitle(data.name);
    drawHead();
    drawActions();
    drawYourTable(first);
    drawPodium();
    drawStandings();
    drawPairings();
    drawAbout();
    tick(page, skew);
    // What had the focus was moved (the invite's field) or drawn anew: give it back.
    if (focused && focused.isConnected && document.activeElement !== focused) focused.focus();
    else if (focused && !focused.isConnected && focused.dataset.testid) page.querySelector(`[data-testid="${focused.dataset.testid}"]`)?.focus();
  }

  // ------------------------------------------------------------------ the event's socket
  let socket = null;
  let attempt = 0;
  let retry = null;
  let poll = null;

  function startPolling() {
    if (poll) return;
    poll = setInterval(() => api(path).then(draw, () => {}), POLL_MS);
  }

  function connect() {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tournaments/${encodeURIComponent(id)}`);
    socket = ws;
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      attempt = 0;
      banner.hidden = true;
      clearInterval(poll);
      poll = null;
    });
    ws.addEventListener("message", (event) => {
      if (socket !== ws || closed) return;
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg.type === "tournament") draw(msg);
      else if (msg.error || msg.type === "error") {
        const code = (msg.error && msg.error.code) || msg.code;
        const known = code ? t(`api.${code}`) : null;
        toast(known && known !== `api.${code}` ? known : t("error.generic"), "error");
      }
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws || closed) return;
      if (event.code === 4404) return; // no such event (any more): asking again changes nothing
      banner.hidden = false;
      startPolling();
      clearTimeout(retry);
      retry = setTimeout(connect, Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** attempt) * (0.8 + Math.random() * 0.4));
      attempt = Math.min(attempt + 1, 6);
    });
  }

  function reconnect() {
    const old = socket;
    socket = null;
    if (old) old.close(1000);
    connect();
  }

  // Back in the tab: ask for the event at once (a phone may have slept through pushes).
  const wakeUp = () => {
    if (document.visibilityState !== "visible" || closed) return;
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "refresh" }));
    else if (socket && socket.readyState === WebSocket.CLOSED) {
      clearTimeout(retry);
      retry = setTimeout(connect, 0);
    }
  };
  document.addEventListener("visibilitychange", wakeUp);

  draw(first);
  const stopTicking = ticking(page, () => skew);
  connect();

  return () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(poll);
    stopTicking();
    document.removeEventListener("visibilitychange", wakeUp);
    if (socket) socket.close(1000);
    markTitle(false);
  };
}
