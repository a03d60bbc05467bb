// The new-table form: the game's options (a choice with a `players` list drives the
// player count), a human or a bot level per seat, the clock and "rated".

import { t, num } from "../i18n.js";
import { h, link, copyText, toast } from "../dom.js";
import { api, getGame, ensureUser, defaultOptions, showError } from "../api.js";

let uid = 0;

/** A number typed with Latin, Persian or Arabic-Indic digits (null when there is none). */
export function parseNumber(text) {
  const latin = String(text || "")
    .replace(/[۰-۹]/g, (d) => String("۰۱۲۳۴۵۶۷۸۹".indexOf(d)))
    .replace(/[٠-٩]/g, (d) => String("٠١٢٣٤٥٦٧٨٩".indexOf(d)))
    .replace(/[٫,]/g, ".")
    .trim();
  const value = Number.parseFloat(latin);
  return Number.isFinite(value) ? value : null;
}
const fieldId = (name) => `f-${name}-${++uid}`;

export function inviteBox(url, { testid = "invite-link", help } = {}) {
  const input = h("input", {
    type: "text",
    readonly: true,
    value: url,
    class: "invite-input",
    dir: "ltr",
    "aria-label": t("table.invite"),
    dataset: { testid },
    onfocus: (e) => e.target.select(),
  });
  const button = h(
    "button",
    {
      type: "button",
      class: "btn",
      dataset: { testid: "invite-copy" },
      onclick: async () => {
        const ok = await copyText(url, input);
        toast(ok ? t("table.copied") : t("table.copyFailed"), ok ? "info" : "error");
      },
    },
    t("table.copy"),
  );
  return h("div", { class: "invite" }, help ? h("p", { class: "invite-help" }, help) : null, h("div", { class: "invite-row" }, input, button));
}

/** Whether the options as `chosen` meet a `requires` ({option: [values]}; none: always). */
function meets(requires, chosen) {
  return !requires || Object.entries(requires).every(([name, values]) => values.map(String).includes(String(chosen[name])));
}

/**
 * The game's options as selects, and how many seats: a choice's `requires` ({option: [values]})
 * narrows the other options, and the option whose choices carry `players` lists decides the
 * seat counts the count select offers. Returns `box` (a fieldset), `chosen` (the options as
 * chosen, kept up to date), `count` (the seats' select), `countField` (its field) and
 * `allowed()` (the counts allowed now); `onCount(n, chosen)` hears every new count, the first at
 * once, and every change of an option.
 */
export function optionFields(game, onCount = () => {}) {
  const options = game.options || [];
  // The option whose choices carry `players` lists decides how many seats there can be.
  const driver = options.find((o) => (o.choices || []).some((c) => Array.isArray(c.players)));
  const chosen = defaultOptions(game, 2);
  const allPlayers = Array.isArray(game.players) ? game.players : [2];
  const box = h("fieldset", { class: "fieldset" });
  const count = h("select", { id: fieldId("players"), name: "players", dataset: { testid: "players-select" } });
  const countField = h("div", { class: "field" }, h("label", { for: count.id }, t("new.players")), count);

  function allowed() {
    if (driver) {
      const choice = (driver.choices || []).find((c) => c.value === chosen[driver.name]);
      if (choice && Array.isArray(choice.players) && choice.players.length) return choice.players;
    }
    return allPlayers.length ? allPlayers : [2];
  }

  const allowedWith = (c) => meets(c.requires, chosen);

  function renderOptions() {
    box.replaceChildren(h("legend", {}, t("new.options")));
    for (const option of options) {
      const usable = (option.choices || []).filter(allowedWith);
      if (usable.length && !usable.some((c) => String(c.value) === String(chosen[option.name]))) chosen[option.name] = usable[0].value;
    }
    for (const option of options) {
      const fid = fieldId(option.name);
      const select = h(
        "select",
        {
          id: fid,
          name: option.name,
          dataset: { testid: `option-${option.name}` },
          onchange: (e) => {
            chosen[option.name] = e.target.value;
            if (options.some((o) => (o.choices || []).some((c) => c.requires && option.name in c.requires))) {
              renderOptions();
              renderCount();
            } else if (option === driver) renderCount();
            else onCount(Number(count.value) || 2, chosen);
          },
        },
        (option.choices || []).map((c) =>
          h("option", { value: c.value, selected: String(c.value) === String(chosen[option.name]), disabled: !allowedWith(c) }, c.label || c.value),
        ),
      );
      box.append(h("div", { class: "field" }, h("label", { for: fid }, option.label || option.name), select));
    }
    box.append(countField);
  }

  function renderCount() {
    const counts = allowed();
    const previous = Number(count.value) || 2;
    const pick = counts.includes(previous) ? previous : counts.includes(2) ? 2 : counts[0];
    count.replaceChildren(...counts.map((n) => h("option", { value: String(n), selected: n === pick }, num(n))));
    count.value = String(pick);
    onCount(pick, chosen);
  }

  count.addEventListener("change", () => onCount(Number(count.value) || 2, chosen));
  renderOptions();
  renderCount();
  return { box, chosen, count, countField, allowed };
}

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const game = await getGame(id, document.documentElement.lang);
  if (!ctx.alive()) return;
  ctx.setTitle(t("new.title", { game: game.name }));

  const levels = game.levels && game.levels.length ? game.levels : [{ value: "easy" }];
  const form = h("form", { class: "panel form new-table", dataset: { testid: "new-table-form" }, novalidate: true });
  const seatsBox = h("div", { class: "seats-grid" });
  const result = h("div", { class: "created", "aria-live": "polite" });
  let seatKinds = []; // per seat: "human" or a level value

  // A level with `players` or `requires` (expert: where its networks play) fits some tables.
  const fits = (level, n, chosen) => (!level.players || level.players.includes(n)) && meets(level.requires, chosen);

  function renderSeats(n, chosen = {}) {
    const usable = levels.filter((l) => fits(l, n, chosen));
    const easy = (usable.find((l) => l.value === "easy") || usable[0] || levels[0]).value;
    seatKinds = Array.from({ length: n }, (_, i) => {
      const kind = seatKinds[i] ?? (i === 0 ? "human" : easy);
      return kind === "human" || usable.some((l) => l.value === kind) ? kind : easy;
    });
    seatsBox.replaceChildren();
    seatKinds.forEach((kind, i) => {
      const fid = fieldId(`seat${i}`);
      const select = h(
        "select",
        {
          id: fid,
          dataset: { testid: "seat-kind", seat: String(i) },
          onchange: (e) => {
            seatKinds[i] = e.target.value;
          },
        },
        h("option", { value: "human", selected: kind === "human" }, t("new.human")),
        // The server's label names the bot already ("Easy bot"); a bare value is framed as one.
        usable.map((l) => h("option", { value: l.value, selected: kind === l.value }, l.label || t("new.botLevel", { level: l.value }))),
      );
      seatsBox.append(h("div", { class: "field seat-field" }, h("label", { for: fid }, t("new.seat", { n: i + 1 })), select));
    });
  }

  const { box: optionBox, chosen } = optionFields(game, renderSeats);

  // The clock: none, real time (minutes + increment) or turn-based (one day a move).
  const clockName = fieldId("clock");
  // Text inputs (not type=number) so Persian digits can be shown and typed.
  const numberInput = (value, testid, name) =>
    h("input", { type: "text", inputmode: "numeric", value: num(value), id: fieldId(name), class: "num-input", dir: "ltr", autocomplete: "off", dataset: { testid } });
  const minutes = numberInput(10, "clock-minutes", "min");
  const increment = numberInput(5, "clock-increment", "inc");
  const radio = (value, label) => {
    const rid = fieldId(`clock-${value}`);
    return h(
      "div",
      { class: "radio" },
      h("input", { type: "radio", name: clockName, id: rid, value, checked: value === "none", dataset: { testid: `clock-${value}` } }),
      h("label", { for: rid }, label),
    );
  };
  const realtimeFields = h(
    "div",
    { class: "clock-fields" },
    h("div", { class: "field" }, h("label", { for: minutes.id }, t("new.minutes")), minutes),
    h("div", { class: "field" }, h("label", { for: increment.id }, t("new.increment")), increment),
  );
  const clockBox = h(
    "fieldset",
    { class: "fieldset" },
    h("legend", {}, t("new.clock")),
    radio("none", t("new.clockNone")),
    radio("realtime", t("new.clockRealtime")),
    realtimeFields,
    radio("turn", t("new.clockTurn")),
  );
  const syncClock = () => {
    const kind = form.querySelector(`input[name="${clockName}"]:checked`)?.value || "none";
    realtimeFields.hidden = kind !== "realtime";
  };
  clockBox.addEventListener("change", syncClock);

  const ratedId = fieldId("rated");
  const rated = h("input", { type: "checkbox", id: ratedId, dataset: { testid: "rated" } });
  // In the lobby by default, as at a club: a table for friends only is unticked.
  const listedId = fieldId("listed");
  const listed = h("input", { type: "checkbox", id: listedId, checked: true, dataset: { testid: "listed" } });
  // Undo follows "rated" (on for unrated tables, off for rated) until the player sets it.
  const undoId = fieldId("undo");
  const undoBox = h("input", { type: "checkbox", id: undoId, checked: true, dataset: { testid: "undo-option" } });
  let undoTouched = false;
  undoBox.addEventListener("change", () => (undoTouched = true));
  rated.addEventListener("change", () => {
    if (!undoTouched) undoBox.checked = !rated.checked;
  });
  const submit = h("button", { type: "submit", class: "btn btn-primary btn-big", dataset: { testid: "create-table" } }, t("new.create"));

  form.append(
    h("h1", {}, t("new.title", { game: game.name })),
    optionBox,
    h("fieldset", { class: "fieldset" }, h("legend", {}, t("new.seats")), h("p", { class: "hint" }, t("new.youSit")), seatsBox),
    clockBox,
    h("div", { class: "checkbox" }, rated, h("label", { for: ratedId }, t("new.rated"))),
    h("div", { class: "checkbox" }, listed, h("label", { for: listedId }, t("lobby.listed"))),
    h("div", { class: "checkbox" }, undoBox, h("label", { for: undoId, title: t("undo.optionHelp") }, t("undo.option"))),
    h("div", { class: "form-actions" }, submit),
  );
  syncClock();
  main.append(h("p", { class: "crumbs" }, link(`/games/${encodeURIComponent(id)}`, game.name)), form, result);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!seatKinds.includes("human")) {
      toast(t("new.needHuman"), "error");
      return;
    }
    const kind = form.querySelector(`input[name="${clockName}"]:checked`)?.value || "none";
    let clock = { kind: "none" };
    if (kind === "realtime") {
      const min = Math.max(1, Math.min(180, parseNumber(minutes.value) ?? 10));
      const inc = Math.max(0, Math.min(120, parseNumber(increment.value) ?? 0));
      clock = { kind: "realtime", initial: Math.round(min * 60), increment: Math.round(inc) };
    } else if (kind === "turn") {
      clock = { kind: "turn", per_move: 86400 };
    }
    const body = {
      game: game.id || id,
      options: { ...chosen },
      seats: seatKinds.map((k) => (k === "human" ? { kind: "human", level: null } : { kind: "bot", level: k })),
      clock,
      rated: rated.checked,
      listed: listed.checked,
      undo: undoBox.checked,
    };
    submit.disabled = true;
    try {
      await ensureUser();
      const created = await api("/api/tables", { body });
      if (!ctx.alive()) return;
      const path = created.url || `/t/${encodeURIComponent(created.id)}`;
      const invite = created.invite
        ? `${location.origin}/t/${encodeURIComponent(created.id)}?invite=${encodeURIComponent(created.invite)}`
        : null;
      form.hidden = true;
      result.replaceChildren(
        h(
          "section",
          { class: "panel", dataset: { testid: "table-created" } },
          h("h2", {}, t("new.created")),
          invite ? inviteBox(invite, { help: t("new.inviteHelp") }) : null,
          h("p", {}, link(path, t("new.goTable"), { class: "btn btn-primary", dataset: { testid: "go-table" } })),
        ),
      );
      result.querySelector("a").focus();
    } catch (err) {
      showError(err);
    } finally {
      submit.disabled = false;
    }
  });
}
