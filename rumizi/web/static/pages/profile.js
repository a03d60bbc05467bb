// A player's public profile: GET /api/users/{name}. Their bio and languages; per game what
// they favour (factions bought, suits of winning hands, sides played), the finished games
// won, drawn and lost, the rating (a "?" while provisional) with its history drawn as a line,
// and the newest games, each opening its replay. Above them what the visitor may do about the
// player: follow, challenge to a game (the dialog, also opened from "My games"), block; on
// one's own profile, the form that edits the bio, languages and display language
// (PATCH /api/account/profile).

import { t, num, ratingText, personName, dateTime, lang, setLang, factSep } from "../i18n.js";
import { h, link, toast, confirmDialog } from "../dom.js";
import { api, getMe, getGame, ensureUser, showError, ApiError } from "../api.js";
import { optionFields, parseNumber } from "./new-table.js";
import { reportDialog } from "../report.js";

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

// ------------------------------------------------------------------ challenges

const WATCHING = "rumizi.challenges.watching"; // sessionStorage: challenges this tab sent

/** The ids of the challenges this tab sent and waits on (the home page follows their answers). */
export function watched() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(WATCHING) || "[]"));
  } catch {
    return new Set();
  }
}

/** Wait on the challenge `id` (or, `on` false, no longer). */
export function watch(id, on = true) {
  const ids = watched();
  if (on) ids.add(id);
  else ids.delete(id);
  try {
    sessionStorage.setItem(WATCHING, JSON.stringify([...ids]));
  } catch {
    // (storage refused: the home page still follows what it sees waiting)
  }
}

let dialogs = 0; // ids of the dialogs' fields

/** `t(key, vars)` with the person's `name` in its place, isolated (a <bdi>): a Latin name
 * inside a Persian sentence, or a Persian one in English, keeps the sentence's order. */
export function withName(key, name, vars = {}) {
  const mark = "\u0000";
  const [before, after = ""] = t(key, { ...vars, name: mark }).split(mark);
  return [before, h("bdi", {}, name), after];
}

/** Only the choices a two-seat game can take: a challenge is between two people. */
function twoSeats(game) {
  return {
    ...game,
    options: (game.options || []).map((o) => ({ ...o, choices: (o.choices || []).filter((c) => !Array.isArray(c.players) || c.players.includes(2)) })),
  };
}

/**
 * The challenge form (POST /api/challenges) as a modal dialog: the game, its options for two
 * seats (new-table.js's optionFields), the clock and "rated". `person` is {name, guest};
 * `onSent(challenge)` hears the challenge made. A refusal is said inside the dialog, which
 * sits above the page's toasts.
 */
export async function challengeDialog(person, { onSent = () => {} } = {}) {
  const [catalogue, me] = await Promise.all([api("/api/games"), getMe().catch(() => null)]);
  const n = ++dialogs;
  const id = (name) => `challenge-${n}-${name}`;
  const shown = personName(person.name);
  const gameSelect = h("select", { id: id("game"), dataset: { testid: "challenge-game" } }, catalogue.map((g) => h("option", { value: g.id }, g.name)));
  const optionsSlot = h("div", { class: "challenge-options" });
  let chosen = {};
  async function showOptions() {
    const game = twoSeats(await getGame(gameSelect.value, lang()));
    const fields = optionFields(game);
    fields.countField.hidden = true; // always two seats
    chosen = fields.chosen;
    optionsSlot.replaceChildren(...(game.options.length ? [fields.box] : []));
  }
  gameSelect.addEventListener("change", () => showOptions().catch(showError));
  await showOptions();

  const numberInput = (value, testid, name) =>
    h("input", { type: "text", inputmode: "numeric", value: num(value), id: id(name), class: "num-input", dir: "ltr", autocomplete: "off", dataset: { testid } });
  const minutes = numberInput(10, "challenge-minutes", "minutes");
  const increment = numberInput(5, "challenge-increment", "increment");
  const radio = (value, label) =>
    h(
      "div",
      { class: "radio" },
      h("input", { type: "radio", name: id("clock"), id: id(`clock-${value}`), value, checked: value === "none", dataset: { testid: `challenge-clock-${value}` } }),
      h("label", { for: id(`clock-${value}`) }, label),
    );
  const realtimeFields = h(
    "div",
    { class: "clock-fields", hidden: true },
    h("div", { class: "field" }, h("label", { for: minutes.id }, t("new.minutes")), minutes),
    h("div", { class: "field" }, h("label", { for: increment.id }, t("new.increment")), increment),
  );
  const clockBox = h("fieldset", { class: "fieldset" }, h("legend", {}, t("new.clock")), radio("none", t("new.clockNone")), radio("realtime", t("new.clockRealtime")), realtimeFields, radio("turn", t("new.clockTurn")));
  const clockKind = () => clockBox.querySelector("input[type=radio]:checked")?.value || "none";
  clockBox.addEventListener("change", () => {
    realtimeFields.hidden = clockKind() !== "realtime";
  });
  function clock() {
    if (clockKind() === "realtime") {
      const min = Math.max(1, Math.min(180, parseNumber(minutes.value) ?? 10));
      const inc = Math.max(0, Math.min(120, parseNumber(increment.value) ?? 0));
      return { kind: "realtime", initial: Math.round(min * 60), increment: Math.round(inc) };
    }
    return clockKind() === "turn" ? { kind: "turn", per_move: 86400 } : { kind: "none" };
  }

  const guestHere = !me || !me.user || me.user.guest || person.guest; // rated is for accounts
  const rated = h("input", { type: "checkbox", id: id("rated"), disabled: guestHere, dataset: { testid: "challenge-rated" } });
  const ratedBox = h(
    "div",
    {},
    h("div", { class: "checkbox" }, rated, h("label", { for: rated.id }, t("new.rated"))),
    guestHere ? h("p", { class: "hint" }, t("challenge.ratedGuest")) : null,
  );
  const problem = h("p", { class: "form-error", role: "alert", hidden: true, dataset: { testid: "challenge-error" } });
  const send = h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "challenge-send" } }, t("challenge.send"));
  const cancel = h("button", { type: "button", class: "btn", dataset: { testid: "challenge-cancel" } }, t("cancel"));
  const title = h("h2", { id: id("title") }, withName("challenge.title", shown));
  const form = h(
    "form",
    { class: "form challenge-form", novalidate: true },
    title,
    h("p", { class: "hint" }, withName("challenge.twoSeats", shown)),
    h("div", { class: "field" }, h("label", { for: gameSelect.id }, t("challenge.game")), gameSelect),
    optionsSlot,
    clockBox,
    ratedBox,
    problem,
    h("div", { class: "dialog-buttons" }, send, cancel),
  );
  const dialog = h("dialog", { class: "dialog challenge-dialog", "aria-labelledby": title.id, dataset: { testid: "challenge-dialog" } }, form);
  const close = () => {
    dialog.close();
    dialog.remove();
  };
  cancel.addEventListener("click", close);
  dialog.addEventListener("cancel", (e) => {
    e.preventDefault();
    close();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    send.disabled = true;
    problem.hidden = true;
    try {
      await ensureUser();
      const body = { to: person.name, game: gameSelect.value, options: { ...chosen }, clock: clock(), rated: rated.checked };
      const made = await api("/api/challenges", { body });
      watch(made.id);
      close();
      onSent(made);
    } catch (err) {
      problem.textContent = err instanceof ApiError ? err.message : t("error.generic");
      problem.hidden = false;
    } finally {
      send.disabled = false;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  gameSelect.focus();
  return dialog;
}

/**
 * What a visitor may do about the player: follow (POST / DELETE /api/users/{name}/follow),
 * challenge, block (POST / DELETE /api/users/{name}/block, asked once more first). Whether the
 * caller blocked them comes from the caller's own GET /api/my/blocks: the profile itself is
 * the same answer for everyone. Nothing for one's own profile.
 */
async function actions(person, ctx) {
  const me = await getMe().catch(() => null);
  const user = me && me.user;
  if (user && user.name === person.name) return null;
  const [following, blocks] = user
    ? await Promise.all([api("/api/my/following").catch(() => []), api("/api/my/blocks").catch(() => [])])
    : [[], []];
  const path = `/api/users/${encodeURIComponent(person.name)}`;
  const shown = personName(person.name);

  const challenge = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "challenge" } }, t("profile.challenge"));
  challenge.addEventListener("click", async () => {
    challenge.disabled = true;
    try {
      await challengeDialog(person, {
        onSent: () => {
          ctx.navigate("/"); // the lobby shows the challenge waiting, then opens the table
          toast(t("challenge.sent"));
        },
      });
    } catch (err) {
      showError(err);
    } finally {
      challenge.disabled = false;
    }
  });

  let followOn = following.some((f) => f.name === person.name);
  const follow = h("button", { type: "button", class: "btn", dataset: { testid: "follow" } });
  let blockOn = blocks.some((b) => b.name === person.name);
  const block = h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "block" } });
  const blockedNote = h("p", { class: "muted", dataset: { testid: "blocked" } }, t("profile.blocked"));
  const show = () => {
    follow.textContent = t(followOn ? "profile.unfollow" : "profile.follow");
    follow.setAttribute("aria-pressed", String(followOn));
    block.textContent = t(blockOn ? "profile.unblock" : "profile.block");
    challenge.hidden = blockOn; // (the server would refuse it anyway)
    blockedNote.hidden = !blockOn;
  };
  follow.addEventListener("click", async () => {
    follow.disabled = true;
    try {
      followOn = (await api(`${path}/follow`, followOn ? { method: "DELETE", body: {} } : { body: {} })).following;
      show();
    } catch (err) {
      showError(err);
    } finally {
      follow.disabled = false;
    }
  });
  block.addEventListener("click", async () => {
    if (!blockOn && !(await confirmDialog(t("profile.blockAsk", { name: shown }), t("profile.blockYes"), { testid: "block-confirm" }))) return;
    block.disabled = true;
    try {
      blockOn = (await api(`${path}/block`, blockOn ? { method: "DELETE", body: {} } : { body: {} })).blocked;
      show();
    } catch (err) {
      showError(err);
    } finally {
      block.disabled = false;
    }
  });
  // Small and last: a report goes to the moderators alone (the player never learns who).
  const report = h("button", { type: "button", class: "btn btn-ghost btn-small report-button", dataset: { testid: "report" } }, t("report.button"));
  report.addEventListener("click", () => reportDialog({ kind: "player", player: person.name }).catch(showError));
  show();
  if (!user) return h("div", { class: "profile-actions" }, h("p", { class: "button-row" }, challenge));
  return h("div", { class: "profile-actions" }, blockedNote, h("p", { class: "button-row" }, challenge, follow, block, report));
}

/** "Persian, English" in the reader's language. */
function languageList(codes) {
  return codes.map((c) => t(`langs.${c}`)).join(t("profile.sep"));
}

/**
 * What the player favours, one compact row per game: the game, what is counted, then each
 * thing with its count (and, for sides, its wins), the most first.
 */
function favouritesPanel(person, games) {
  if (!person.favourites.length && !person.favourites_pending) return null;
  return h(
    "section",
    { class: "panel", dataset: { testid: "profile-favourites" } },
    h("h2", { class: "panel-title" }, t("profile.favourites")),
    h(
      "ul",
      { class: "favourites" },
      person.favourites.map((f) =>
        h(
          "li",
          { dataset: { testid: "favourite-game", game: f.game } },
          h("strong", {}, games.get(f.game) || f.game),
          " ",
          h("span", { class: "muted" }, f.title),
          " ",
          h(
            "span",
            { class: "favourite-items" },
            f.items.map((item) =>
              h(
                "span",
                { class: "favourite", dataset: { testid: "favourite", key: item.key, count: String(item.count) } },
                h("bdi", {}, item.label),
                " ",
                h("span", { class: "favourite-count" }, num(item.count)),
                item.won === null || item.won === undefined ? null : h("span", { class: "muted" }, ` (${t("profile.favWon", { n: item.won })})`),
              ),
            ),
          ),
        ),
      ),
    ),
    person.favourites_pending ? h("p", { class: "hint", dataset: { testid: "favourites-pending" } }, t("profile.favPending", { n: person.favourites_pending })) : null,
  );
}

/**
 * The member's own profile form (GET / PATCH /api/account/profile): the bio (as long as a chat
 * line), the languages they speak, the site's language for them. A refusal is said in the
 * form and changes nothing; `onSaved(settings)` hears what was kept.
 */
async function editPanel(onSaved) {
  const mine = await api("/api/account/profile");
  const max = 200;
  const bio = h("textarea", { id: "profile-bio", rows: 3, maxlength: max * 2, dir: "auto", dataset: { testid: "profile-bio-input" } });
  bio.value = mine.bio;
  const counter = h("span", { class: "hint", "aria-live": "polite", dataset: { testid: "profile-bio-count" } });
  const count = () => {
    counter.textContent = t("profile.chars", { n: [...bio.value.trim()].length, max });
  };
  bio.addEventListener("input", count);
  count();
  const languages = h(
    "div",
    { class: "language-choices" },
    mine.choices.map((code) =>
      h(
        "div",
        { class: "checkbox" },
        h("input", { type: "checkbox", id: `profile-lang-${code}`, value: code, checked: mine.languages.includes(code), dataset: { testid: "profile-lang" } }),
        h("label", { for: `profile-lang-${code}` }, t(`langs.${code}`)),
      ),
    ),
  );
  const display = h(
    "select",
    { id: "profile-display-lang", dataset: { testid: "profile-display-lang" } },
    h("option", { value: "" }, t("profile.displayBrowser")),
    h("option", { value: "fa", lang: "fa" }, "فارسی"),
    h("option", { value: "en", lang: "en" }, "English"),
  );
  display.value = mine.display_lang || "";
  const problem = h("p", { class: "form-error", role: "alert", hidden: true, dataset: { testid: "profile-edit-error" } });
  const save = h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "profile-save" } }, t("profile.save"));
  const form = h(
    "form",
    { class: "form profile-form", novalidate: true },
    h("div", { class: "field" }, h("label", { for: bio.id }, t("profile.bioLabel")), bio, h("span", { class: "hint" }, t("profile.bioHint", { n: max }), factSep(), counter)),
    h("fieldset", { class: "fieldset" }, h("legend", {}, t("profile.langsLabel")), languages),
    h("div", { class: "field" }, h("label", { for: display.id }, t("profile.displayLang")), display, h("span", { class: "hint" }, t("profile.displayHint"))),
    problem,
    h("p", { class: "button-row" }, save),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    problem.hidden = true;
    try {
      const chosen = [...languages.querySelectorAll("input:checked")].map((i) => i.value);
      const body = { bio: bio.value, languages: chosen, display_lang: display.value || null };
      const kept = await api("/api/account/profile", { method: "PATCH", body });
      bio.value = kept.bio;
      count();
      toast(t("profile.saved"));
      if (kept.display_lang && kept.display_lang !== lang()) {
        setLang(kept.display_lang); // the whole page, header included, in the chosen language
        location.reload();
        return;
      }
      onSaved(kept);
    } catch (err) {
      problem.textContent = err instanceof ApiError ? err.message : t("error.generic");
      problem.hidden = false;
    } finally {
      save.disabled = false;
    }
  });
  return h("details", { class: "panel profile-edit", dataset: { testid: "profile-edit" } }, h("summary", {}, t("profile.edit")), form);
}

export async function mount(main, ctx) {
  const name = ctx.params[0];
  const [person, catalogue] = await Promise.all([api(`/api/users/${encodeURIComponent(name)}`), api("/api/games").catch(() => [])]);
  if (!ctx.alive()) return;
  const games = new Map(catalogue.map((g) => [g.id, g.name]));
  const shown = personName(person.name);
  ctx.setTitle(shown);
  const bio = h("p", { class: "profile-bio", dir: "auto", dataset: { testid: "profile-bio" } });
  const speaks = h("p", { class: "muted", dataset: { testid: "profile-languages" } });
  const about = (bioText, codes) => {
    bio.textContent = bioText;
    bio.hidden = !bioText;
    speaks.textContent = codes.length ? t("profile.speaks", { list: languageList(codes) }) : "";
    speaks.hidden = !codes.length;
  };
  about(person.bio || "", person.languages || []);
  const me = await getMe().catch(() => null);
  const own = me && me.user && me.user.name === person.name && !me.user.guest && !person.bot;
  main.append(
    h(
      "header",
      { class: "profile-head", dataset: { testid: "profile" } },
      h("h1", {}, h("bdi", { dataset: { testid: "profile-name" } }, shown), person.guest && shown === person.name ? h("small", { class: "guest-tag" }, ` (${t("user.guest")})`) : null, person.bot ? h("small", { class: "bot-tag", title: t("profile.botTitle"), dataset: { testid: "bot-tag" } }, "BOT") : null),
      h("p", { class: "muted", dataset: { testid: "profile-joined" } }, t("profile.joined", { when: dateTime(person.joined) }), factSep(), h("span", { dataset: { testid: "profile-followers" } }, t("profile.followers", { n: num(person.followers) }))),
      bio,
      speaks,
      await actions(person, ctx),
    ),
  );
  if (!ctx.alive()) return;
  if (own) {
    const editor = await editPanel((kept) => about(kept.bio, kept.languages)).catch((err) => {
      showError(err);
      return null;
    });
    if (!ctx.alive()) return;
    if (editor) main.append(editor);
  }
  const favoured = favouritesPanel(person, games);
  if (favoured) main.append(favoured);
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
          { class: "data-table profile-stats", dataset: { testid: "profile-stats" } },
          h("thead", {}, h("tr", {}, ["profile.game", "profile.played", "profile.won", "profile.drawn", "profile.lost", "profile.rating", "profile.history"].map((k) => h("th", { scope: "col" }, t(k))))),
          h(
            "tbody",
            {},
            person.stats.flatMap((s) => [
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
              // A game played in several formats: a line for each under the game's total
              // (the rating is the game's, one for all its formats).
              ...((s.formats || []).length > 1
                ? s.formats.map((f) =>
                    h(
                      "tr",
                      { class: "profile-format", dataset: { testid: "profile-format", game: s.game, format: f.key } },
                      h("td", { class: "profile-format-name" }, f.label),
                      h("td", { class: "num" }, num(f.played)),
                      h("td", { class: "num" }, num(f.won)),
                      h("td", { class: "num" }, num(f.drawn)),
                      h("td", { class: "num" }, num(f.lost)),
                      h("td", {}),
                      h("td", {}),
                    ),
                  )
                : []),
            ]),
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
