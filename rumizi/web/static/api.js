// The JSON API (docs/web-protocol.md): a fetch wrapper that sends the CSRF token on POST and
// turns error answers into ApiError, plus the session helpers every page needs.

import { t, lang } from "./i18n.js";
import { toast } from "./dom.js";

export class ApiError extends Error {
  constructor(status, code, message, texts = null) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.texts = texts; // a particular reason in both languages ({fa, en}), where there is one
  }
}

let csrfFromServer = null;

function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function csrfToken() {
  return cookie("rumizi_csrf") || csrfFromServer || "";
}

/** GET (no body) or POST (with a body) a JSON endpoint; throws ApiError. */
export async function api(path, options = {}) {
  // A POST before the first GET /api/me has set the CSRF cookie (a visitor who switches the
  // language at once): ask for the token first rather than be refused for the lack of it.
  if ((options.method || (options.body === undefined ? "GET" : "POST")) !== "GET" && !csrfToken()) {
    const me = await request("/api/me", {});
    csrfFromServer = (me && me.csrf) || csrfFromServer;
  }
  try {
    return await request(path, options);
  } catch (err) {
    // A missing or stale CSRF cookie: GET /api/me sets a fresh one; try once more.
    if (err instanceof ApiError && err.status === 403 && err.code === "csrf" && !options.retried) {
      const me = await request("/api/me", {});
      csrfFromServer = (me && me.csrf) || csrfFromServer;
      return request(path, { ...options, retried: true });
    }
    throw err;
  }
}

async function request(path, { method, body, signal } = {}) {
  const verb = method || (body === undefined ? "GET" : "POST");
  const headers = { Accept: "application/json" };
  if (verb !== "GET" && verb !== "HEAD") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRF-Token"] = csrfToken();
  }
  let response;
  try {
    response = await fetch(path, {
      method: verb,
      headers,
      body: verb === "GET" ? undefined : JSON.stringify(body ?? {}),
      credentials: "same-origin",
      signal,
    });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError(0, "network", t("error.network"));
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    // Every code of the server has a sentence in both languages (errors.js); the server's own
    // message is for developers (English) and goes to the console, never to the page.
    const known = error.code ? t(`api.${error.code}`) : null;
    let message = known && known !== `api.${error.code}` ? known : null;
    if (error.message) console.info(`server: ${error.code}: ${error.message}`);
    // A refusal with a reason of its own (a ban's end) says that reason in the reader's language.
    if (error.texts && error.texts[lang()]) message = error.texts[lang()];
    if (response.status === 429 && !message) message = t("error.rate");
    if (response.status === 404 && !message) message = t("error.notFound");
    throw new ApiError(
      response.status, error.code || String(response.status), message || t("error.generic"), error.texts || null,
    );
  }
  return data;
}

/** Show an error (ApiError or anything else) in a toast. */
export function showError(err) {
  if (err && err.name === "AbortError") return;
  console.error(err);
  const message = err instanceof ApiError ? err.message : t("error.generic");
  toast(message, "error");
}

// ---------------------------------------------------------------- the session

const listeners = new Set();
let meCache = null;

/** GET /api/me once (it also sets the CSRF cookie); `fresh` asks again. */
export async function getMe(fresh = false) {
  if (!meCache || fresh) {
    const data = await api("/api/me");
    csrfFromServer = data.csrf || csrfFromServer;
    setUser(data.user || null);
  }
  return meCache;
}

export function currentUser() {
  return meCache ? meCache.user : null;
}

export function setUser(user) {
  meCache = { user };
  for (const fn of listeners) fn(user);
}

export function onUserChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** A user for this browser: the signed-in one, or a fresh guest. */
export async function ensureUser() {
  const me = await getMe();
  if (me.user) return me.user;
  const data = await api("/api/auth/guest", { body: {} });
  setUser(data.user);
  return data.user;
}

export async function logout() {
  await api("/api/auth/logout", { body: {} });
  setUser(null);
}

/** Tell the server the language (texts it sends follow the cookie; this is belt and braces). */
export async function postLang(code) {
  try {
    await api("/api/lang", { body: { lang: code } });
  } catch (err) {
    console.warn("POST /api/lang failed", err);
  }
}

// ---------------------------------------------------------------- games

const gameCache = new Map();

/** GET /api/games/{id}, cached per language. */
export async function getGame(id, lang) {
  const key = `${lang}:${id}`;
  if (!gameCache.has(key)) gameCache.set(key, api(`/api/games/${encodeURIComponent(id)}`));
  try {
    return await gameCache.get(key);
  } catch (err) {
    gameCache.delete(key);
    throw err;
  }
}

const cardCache = new Map();

/** GET /api/games/{id}/cards as a Map id → card, cached per language. */
export async function getCards(id, lang) {
  const key = `${lang}:${id}`;
  if (!cardCache.has(key)) {
    cardCache.set(
      key,
      api(`/api/games/${encodeURIComponent(id)}/cards`).then((data) => {
        const map = new Map();
        for (const card of (data && data.cards) || []) map.set(card.id, card);
        return map;
      }),
    );
  }
  try {
    return await cardCache.get(key);
  } catch (err) {
    cardCache.delete(key);
    throw err;
  }
}

/** The default choices of a game's options (each option's first choice that allows 2 players). */
export function defaultOptions(game, players = 2) {
  const options = {};
  for (const option of game.options || []) {
    const choices = option.choices || [];
    const pick = choices.find((c) => !c.players || c.players.includes(players)) || choices[0];
    if (pick) options[option.name] = pick.value;
  }
  return options;
}

/** Start a game against the easy bot (a guest is made when needed); resolves to the table. */
export async function playNow(game) {
  await ensureUser();
  const info = typeof game === "string" ? await api(`/api/games/${encodeURIComponent(game)}`) : game;
  const levels = info.levels || [];
  const easy = (levels.find((l) => l.value === "easy") || levels[0] || { value: "easy" }).value;
  return api("/api/tables", {
    body: {
      game: info.id,
      options: defaultOptions(info, 2),
      seats: [{ kind: "human", level: null }, { kind: "bot", level: easy }],
      clock: { kind: "none" },
      rated: false,
    },
  });
}
