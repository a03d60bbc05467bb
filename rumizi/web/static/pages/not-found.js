// Any path the router does not know.

import { t } from "../i18n.js";
import { h, link } from "../dom.js";

export function mount(main, ctx) {
  ctx.setTitle(t("notFound.title"));
  main.append(
    h("section", { class: "panel narrow", dataset: { testid: "not-found" } },
      h("h1", {}, t("notFound.title")),
      h("p", {}, link("/", t("notFound.back"))),
    ),
  );
}
