// The Fantasy Realms scorer: pick cards from the gallery (search by name in either language),
// see the best total, the choices it made (each can be changed) and every card's line.
// GET /api/fantasy-realms/cards once, POST /api/fantasy-realms/score on every change.

import { lang, num, factSep } from "../i18n.js";
import { h, clear } from "../dom.js";
import { api } from "../api.js";

const WORDS = {
  title: { fa: "امتیازشمار قلمرو افسانه‌ای", en: "Fantasy Realms scorer" },
  search: { fa: "جست‌وجوی کارت (فارسی یا انگلیسی)", en: "Search a card (Persian or English)" },
  expansion: { fa: "گونه‌های افزودهٔ گنج نفرین‌شده", en: "Cursed Hoard suits" },
  hand: { fa: "دست", en: "Hand" },
  empty: { fa: "کارت‌هایی از فهرست زیر انتخاب کنید.", en: "Pick cards from the list below." },
  total: { fa: "جمع کل", en: "Total" },
  choices: { fa: "انتخاب‌ها", en: "Choices" },
  unused: { fa: "استفاده نشود", en: "not used" },
  base: { fa: "پایه", en: "base" },
  bonus: { fa: "پاداش", en: "bonus" },
  penalty: { fa: "جریمه", en: "penalty" },
  points: { fa: "امتیاز", en: "points" },
  remove: { fa: "برداشتن", en: "remove" },
  best: { fa: "بهترین", en: "best" },
};
const ACTION_KEYS = {
  doppelganger: ["copies"], mirage: ["copies"], shapeshifter: ["copies"],
  "book-of-changes": ["target", "new_suit"], island: ["clears"], angel: ["protects"],
};

function w(key) {
  return WORDS[key][lang() === "fa" ? "fa" : "en"];
}

export async function mount(main, ctx) {
  ctx.setTitle(w("title"));
  const data = await api("/api/fantasy-realms/cards");
  if (!ctx.alive()) return;
  const byId = Object.fromEntries(data.cards.map((c) => [c.id, c]));
  const name = (id) => (byId[id] ? byId[id][lang() === "fa" ? "fa" : "en"] : id);
  // What a card does, in the page's language (the Cursed Hoard text when those suits are used).
  const effect = (id) => {
    const card = byId[id];
    if (!card) return "";
    return (state.expansion ? card.effect_expansion : card.effect)[lang() === "fa" ? "fa" : "en"];
  };
  const suitName = (s) => (data.suits[s] ? data.suits[s][lang() === "fa" ? "fa" : "en"] : s);
  const state = { hand: [], expansion: false, fixed: {} };

  const handBox = h("div", { class: "panel", dataset: { testid: "fr-hand" } });
  const resultBox = h("div", { class: "panel", dataset: { testid: "fr-result" } });
  const gallery = h("ul", {
    class: "fr-gallery", dataset: { testid: "fr-gallery" },
    style: { display: "flex", flexWrap: "wrap", gap: "0.4rem", listStyle: "none", padding: "0" },
  });
  const search = h("input", {
    type: "search", placeholder: w("search"), dataset: { testid: "fr-search" },
    style: { width: "100%", boxSizing: "border-box", marginBlockEnd: "0.6rem" },
  });
  const expansion = h("input", { type: "checkbox", dataset: { testid: "fr-expansion" } });

  function inGame(card) {
    if (card.module === "cursed-hoard") return state.expansion;
    return true;
  }

  function drawGallery() {
    clear(gallery);
    const q = search.value.trim().toLowerCase();
    for (const card of data.cards) {
      if (!inGame(card) || state.hand.includes(card.id)) continue;
      if (q && !card.en.toLowerCase().includes(q) && !card.fa.includes(q) && !card.id.includes(q)) continue;
      const suit = state.expansion ? card.suit_expansion : card.suit;
      gallery.append(
        h("li", {},
          h("button", {
            type: "button", class: "fr-card", title: effect(card.id), dataset: { testid: "fr-pick", card: card.id },
            onclick: () => { state.hand.push(card.id); update(); },
          }, `${name(card.id)}${factSep()}${suitName(suit)}${factSep()}${num(card.strength)}`),
        ),
      );
    }
  }

  function optionsFor(card, key) {
    const held = state.hand.filter((c) => c !== card);
    if (key === "new_suit") return Object.keys(data.suits).filter((s) => state.expansion || !["building", "outsider", "undead", "cursed-item"].includes(s)).filter((s) => s !== "cursed-item");
    if (card === "mirage" || card === "shapeshifter") {
      const suits = card === "mirage" ? ["army", "land", "weather", "flood", "flame", "building"] : ["artifact", "leader", "wizard", "weapon", "beast", "undead"];
      return data.cards.filter((c) => inGame(c) && suits.includes(state.expansion ? c.suit_expansion : c.suit) && c.id !== "phoenix-deluxe").map((c) => c.id);
    }
    return held;
  }

  function drawChoices(score) {
    const box = h("div", { class: "fr-choices", dataset: { testid: "fr-choices" } }, h("h2", {}, w("choices")));
    for (const [card, choice] of Object.entries(score.choices)) {
      for (const key of ACTION_KEYS[card]) {
        const select = h("select", { dataset: { testid: `fr-choice-${card}-${key}` } });
        select.append(h("option", { value: "" }, w("unused")));
        for (const value of optionsFor(card, key)) {
          const label = key === "new_suit" ? suitName(value) : name(value);
          select.append(h("option", { value, selected: choice[key] === value }, label));
        }
        select.addEventListener("change", () => {
          const next = { ...(state.fixed[card] || choice) };
          next[key] = select.value || null;
          state.fixed[card] = next;
          update();
        });
        box.append(h("label", {}, `${name(card)} `, select));
      }
    }
    if (Object.keys(state.fixed).length) {
      box.append(h("button", { type: "button", onclick: () => { state.fixed = {}; update(); } }, w("best")));
    }
    return box;
  }

  // Each change asks the scorer again; an answer that comes back after a newer question was
  // asked is dropped, or two quick picks would draw two results one under the other.
  let asked = 0;

  async function update() {
    const question = ++asked;
    clear(handBox);
    handBox.append(h("h2", {}, w("hand")));
    if (!state.hand.length) handBox.append(h("p", { class: "muted" }, w("empty")));
    for (const id of state.hand) {
      handBox.append(h("button", {
        type: "button", class: "fr-chip", title: w("remove"), dataset: { testid: "fr-remove", card: id },
        onclick: () => { state.hand = state.hand.filter((c) => c !== id); delete state.fixed[id]; update(); },
      }, `${name(id)} ×`));
    }
    drawGallery();
    if (!state.hand.length) {
      clear(resultBox);
      return;
    }
    const fixed = Object.fromEntries(Object.entries(state.fixed).filter(([c]) => state.hand.includes(c)));
    let score;
    try {
      score = await api("/api/fantasy-realms/score", {
        body: { hand: state.hand, expansion: state.expansion, choices: Object.keys(fixed).length ? fixed : null },
      });
    } catch (err) {
      if (question !== asked || !ctx.alive()) return;
      clear(resultBox);
      // The scorer's own reason in the page's language where it gave one, else the code's.
      const reason = err.texts && err.texts[lang() === "fa" ? "fa" : "en"];
      resultBox.append(h("p", { class: "error", dataset: { testid: "fr-error" } }, String(reason || err.message || err)));
      // A choice made by hand may be what the scorer refuses: offer the best choices again.
      if (Object.keys(state.fixed).length) {
        resultBox.append(h("button", {
          type: "button", dataset: { testid: "fr-best" }, onclick: () => { state.fixed = {}; update(); },
        }, w("best")));
      }
      return;
    }
    if (question !== asked || !ctx.alive()) return;
    clear(resultBox);
    resultBox.append(h("p", { class: "fr-total", dataset: { testid: "fr-total" } }, `${w("total")}: ${num(score.total)}`));
    if (Object.keys(score.choices).length) resultBox.append(drawChoices(score));
    const rows = score.cards.flatMap((c) => [
      h("tr", { class: c.blanked ? "muted fr-scored" : "fr-scored", dataset: { testid: "fr-line", card: c.id } },
        // The reason sits under the name, so the table fits a phone without a side scroll.
        h("td", {},
          h("span", { class: "fr-line-name" }, name(c.id) + (c.copies ? ` (${name(c.copies)})` : "")),
          c.reason[lang() === "fa" ? "fa" : "en"] ? h("small", { class: "fr-reason" }, c.reason[lang() === "fa" ? "fa" : "en"]) : null,
        ),
        h("td", {}, c.suits.map(suitName).join(lang() === "fa" ? "، " : ", ")),
        h("td", { class: "num" }, num(c.base)),
        h("td", { class: "num" }, num(c.bonus)),
        h("td", { class: "num" }, num(c.penalty)),
        h("td", { class: "num" }, num(c.total)),
      ),
      // What the card does, on a row of its own under its line (the whole table's width).
      h("tr", { class: "fr-effect-row", dataset: { testid: "fr-effect", card: c.id } },
        h("td", { colspan: 6 }, h("small", { class: "fr-effect" }, effect(c.id))),
      ),
    ]);
    resultBox.append(
      h("div", { class: "table-scroll" },
        h("table", { class: "data-table" },
          h("thead", {}, h("tr", {}, ["", "", "base", "bonus", "penalty", "points"].map((k) => h("th", { scope: "col" }, k ? w(k) : "")))),
          h("tbody", {}, rows),
        ),
      ),
    );
  }

  search.addEventListener("input", drawGallery);
  expansion.addEventListener("change", () => {
    state.expansion = expansion.checked;
    state.hand = state.hand.filter((c) => inGame(byId[c]));
    state.fixed = {};
    update();
  });
  main.append(
    h("h1", {}, w("title")),
    h("label", { class: "fr-option" }, expansion, ` ${w("expansion")}`),
    handBox,
    resultBox,
    h("section", { class: "panel" }, search, gallery),
  );
  update();
}
