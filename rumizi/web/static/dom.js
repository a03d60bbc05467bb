// Small DOM helpers shared by every page: element building, toasts and a confirm dialog.

import { t } from "./i18n.js";

/**
 * h("button", {class: "x", onclick: fn, dataset: {testid: "y"}}, "text", child, [more])
 * Attributes: "class", "style" (string or object), "dataset", on* handlers, booleans
 * (true sets an empty attribute, false/null/undefined leaves it out), anything else as is.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "dataset") for (const [k, v] of Object.entries(value)) {
      if (v !== undefined && v !== null) el.dataset[k] = v;
    }
    else if (key === "style" && typeof value === "object") {
      // Through CSSOM (allowed under a strict Content-Security-Policy), custom properties too.
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), String(v));
    }
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

const sheets = new Map();

/**
 * Link the style sheet at `href` once (as <link id=…>); the promise settles when it has loaded
 * (or failed, or after `waitMs`): a part drawn after it never shows unstyled, which on a
 * phone would push the hand off the screen for a moment. Added links do not hold the page's
 * painting as the ones in index.html do, hence the wait.
 */
export function styleSheet(id, href, waitMs = 4000) {
  if (typeof document === "undefined") return Promise.resolve();
  if (!sheets.has(id)) {
    const found = document.getElementById(id);
    const link = found || h("link", { id, rel: "stylesheet", href: String(href) });
    sheets.set(id, found && found.sheet ? Promise.resolve() : new Promise((done) => {
      link.addEventListener("load", () => done(), { once: true });
      link.addEventListener("error", () => done(), { once: true });
      setTimeout(done, waitMs);
    }));
    if (!found) document.head.append(link);
  }
  return sheets.get(id);
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An inline SVG icon on a 24×24 grid: `shapes` are [tag, attributes] pairs
 * ([["circle", {cx: 12, cy: 12, r: 9}]]); hidden from screen readers, which read the label
 * beside it.
 */
export function svgIcon(shapes, className = "") {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  if (className) svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const [tag, attrs] of shapes || []) {
    const part = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) part.setAttribute(k, String(v));
    svg.append(part);
  }
  return svg;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/** An internal link: the router turns clicks on it into history.pushState. */
export function link(href, text, attrs = {}) {
  return h("a", { href, "data-link": "", ...attrs }, text);
}

let toastBox = null;

/** A message in the toast corner; kind "error" stays longer and is announced assertively. */
export function toast(message, kind = "info", ms) {
  if (!toastBox || !toastBox.isConnected) {
    toastBox = h("div", { class: "toasts", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  // The same message already showing: keep that one a while longer instead of piling up.
  for (const shown of toastBox.children) {
    if (shown.dataset.kind === kind && shown.querySelector(".toast-text")?.textContent === message) {
      clearTimeout(shown._timer);
      shown._timer = setTimeout(() => shown.remove(), ms ?? (kind === "error" ? 9000 : 4000));
      return shown;
    }
  }
  const close = h("button", { class: "toast-close", type: "button", "aria-label": t("close") }, "×");
  const el = h(
    "div",
    { class: ["toast", `toast-${kind}`], role: kind === "error" ? "alert" : "status", dataset: { testid: "toast", kind } },
    h("span", { class: "toast-text" }, message),
    close,
  );
  const remove = () => el.remove();
  close.addEventListener("click", remove);
  toastBox.append(el);
  el._timer = setTimeout(remove, ms ?? (kind === "error" ? 9000 : 4000));
  return el;
}

/** A modal question; resolves true when the user confirms. */
export function confirmDialog(question, yesText, { testid = "confirm" } = {}) {
  return new Promise((resolve) => {
    const yes = h("button", { type: "button", class: "btn btn-danger", dataset: { testid: `${testid}-yes` } }, yesText);
    const no = h("button", { type: "button", class: "btn", dataset: { testid: `${testid}-no` } }, t("cancel"));
    const dialog = h(
      "dialog",
      { class: "dialog", dataset: { testid: `${testid}-dialog` }, "aria-label": question },
      h("p", {}, question),
      h("div", { class: "dialog-buttons" }, yes, no),
    );
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    yes.addEventListener("click", () => done(true));
    no.addEventListener("click", () => done(false));
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      done(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    no.focus();
  });
}

/** Copy text to the clipboard, falling back to selecting an input when the API is missing. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try {
        return document.execCommand("copy");
      } catch {
        return false;
      }
    }
    return false;
  }
}
