// How to play without a mouse or without sight: the keys of the board and the table, what a
// screen reader says, and what the clocks allow. Every table links here (../pages/table.js).

import { t } from "../i18n.js";
import { h, link } from "../dom.js";

/** A key as the keyboard shows it (left to right in both languages), then what it does. */
function keyRow(keys, what) {
  return h(
    "tr",
    {},
    h("th", { scope: "row", dir: "ltr" }, keys.flatMap((k, i) => [i ? " " : null, h("kbd", {}, k)]).filter(Boolean)),
    h("td", {}, t(what)),
  );
}

export function mount(main, ctx) {
  ctx.setTitle(t("a11y.title"));
  main.append(
    h(
      "article",
      { class: "panel narrow a11y-page", dataset: { testid: "accessibility" } },
      h("h1", {}, t("a11y.title")),
      h("p", {}, t("a11y.intro")),
      h("h2", {}, t("a11y.boardTitle")),
      h(
        "table",
        { class: "data-table a11y-keys", dataset: { testid: "a11y-keys" } },
        h("caption", { class: "sr-only" }, t("a11y.boardTitle")),
        h("tbody", {},
          keyRow(["Tab", "Shift+Tab"], "a11y.keyTab"),
          keyRow(["←", "→", "↑", "↓"], "a11y.keyArrows"),
          keyRow(["Home", "End"], "a11y.keyEnds"),
          keyRow(["Enter", "Space"], "a11y.keyAct"),
          keyRow(["Esc"], "a11y.keyEscape"),
          keyRow(["S"], "a11y.keySummary"),
          keyRow(["M"], "a11y.keyMoves"),
          keyRow(["1", "…", "9"], "a11y.keyDigits"),
          keyRow(["Ctrl+Z"], "a11y.keyUndo"),
        ),
      ),
      h("p", {}, t("a11y.persianKeys")),
      h("h2", {}, t("a11y.readerTitle")),
      h("p", {}, t("a11y.readerCards")),
      h("p", {}, t("a11y.readerLog")),
      h("h2", {}, t("a11y.timeTitle")),
      h("p", {}, t("a11y.timeClock")),
      h("p", {}, t("a11y.timeMotion")),
      h("h2", {}, t("a11y.sightTitle")),
      h("p", {}, t("a11y.sightText")),
      h("p", {}, link("/", t("notFound.back"))),
    ),
  );
}
