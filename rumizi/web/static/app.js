// The page's entry point: the header, the language switch and a small router on
// location.pathname (internal links use history.pushState; the server returns index.html for
// every page route).

import { t, lang, setLang, applyToDocument, personName, dateTime } from "./i18n.js";
import { h, clear, link, toast } from "./dom.js";
import { api, getMe, currentUser, onUserChange, logout, postLang, showError } from "./api.js";
import * as home from "./pages/home.js";
import * as gamePage from "./pages/game.js";
import * as newTable from "./pages/new-table.js";
import * as table from "./pages/table.js";
import * as replay from "./pages/replay.js";
import * as myGames from "./pages/me.js";
import * as leaderboard from "./pages/leaderboard.js";
import * as auth from "./pages/auth.js";
import * as notFound from "./pages/not-found.js";
import * as fantasyRealmsScore from "./pages/fantasy-realms-score.js";
import * as accessibility from "./pages/accessibility.js";
import * as puzzles from "./pages/puzzles.js";
import * as profile from "./pages/profile.js";
import * as tournaments from "./pages/tournaments.js";
import * as tournament from "./pages/tournament.js";
import * as admin from "./pages/admin.js";

// [pattern, page module, extra props]; captured groups become params (URI-decoded).
const ROUTES = [
  [/^\/$/, home],
  [/^\/games\/fantasy-realms\/score\/?$/, fantasyRealmsScore],
  [/^\/games\/([^/]+)\/?$/, gamePage],
  [/^\/new\/([^/]+)\/?$/, newTable],
  [/^\/t\/([^/]+)\/?$/, table],
  [/^\/replay\/([^/]+)\/?$/, replay],
  [/^\/me\/?$/, myGames],
  [/^\/leaderboard\/([^/]+)\/?$/, leaderboard],
  [/^\/login\/?$/, auth, { mode: "login" }],
  [/^\/signup\/?$/, auth, { mode: "signup" }],
  [/^\/accessibility\/?$/, accessibility],
  [/^\/puzzles(?:\/([^/]+))?\/?$/, puzzles],
  [/^\/u\/([^/]+)\/?$/, profile],
  [/^\/tournaments\/?$/, tournaments],
  [/^\/tournaments\/([^/]+)\/?$/, tournament],
  [/^\/admin\/?$/, admin],
];

let main = null;
let header = null;
let cleanup = null;
let generation = 0;

function match(pathname) {
  for (const [pattern, page, extra] of ROUTES) {
    const m = pattern.exec(pathname);
    if (m) return { page, params: m.slice(1).map((p) => (p === undefined ? undefined : decodeURIComponent(p))), extra: extra || {} };
  }
  return { page: notFound, params: [], extra: {} };
}

/** Go to an internal path (pushState, or replaceState with {replace: true}). */
export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  render();
}

export function setTitle(text) {
  document.title = text ? `${text} · ${t("app.name")}` : `${t("app.name")} — ${t("app.tagline")}`;
}

async function render() {
  const mine = ++generation;
  if (cleanup) {
    try {
      cleanup();
    } catch (err) {
      console.error(err);
    }
    cleanup = null;
  }
  const { page, params, extra } = match(location.pathname);
  clear(main);
  main.setAttribute("aria-busy", "true");
  setTitle("");
  const ctx = {
    params,
    query: new URLSearchParams(location.search),
    ...extra,
    navigate,
    setTitle,
    alive: () => mine === generation,
  };
  try {
    const result = await page.mount(main, ctx);
    if (mine === generation) cleanup = typeof result === "function" ? result : null;
    else if (typeof result === "function") result();
    if (mine === generation) showStanding(mine).catch((err) => console.error(err));
  } catch (err) {
    if (mine === generation) {
      // One message per error: on the page itself, not repeated in a toast. A game or table
      // that does not exist is the not-found screen, as a mistyped address is.
      console.error(err);
      clear(main);
      if (err && err.status === 404) notFound.mount(main, ctx);
      else main.append(h("p", { class: "error-text", role: "alert" }, err && err.message ? err.message : t("error.generic")));
    }
  } finally {
    if (mine === generation) main.removeAttribute("aria-busy");
  }
}

let isAdmin = false; // the signed-in account moderates (GET /api/my/standing says): /admin in the nav

/**
 * The reader's own standing above the page (GET /api/my/standing): a ban or a mute in force
 * and until when, and a moderator's warning or rename not yet seen ("Got it" forgets those:
 * POST /api/my/standing/seen). Never who reported them.
 */
async function showStanding(mine) {
  if (!currentUser()) {
    if (isAdmin) {
      isAdmin = false;
      renderHeader();
    }
    return;
  }
  const standing = await api("/api/my/standing");
  if (mine !== generation) return;
  if (standing.admin !== isAdmin) {
    isAdmin = standing.admin;
    renderHeader();
  }
  const lines = [];
  if (standing.banned_forever) lines.push(t("standing.bannedForever"));
  else if (standing.banned_until) lines.push(t("standing.banned", { until: dateTime(standing.banned_until) }));
  if (standing.muted_until) lines.push(t("standing.muted", { until: dateTime(standing.muted_until) }));
  for (const notice of standing.notices) {
    if (notice.action === "rename") lines.push(t("standing.renamed", { name: `\u2068${notice.renamed_to}\u2069`, reason: notice.reason }));
    else lines.push(t("standing.warned", { reason: notice.reason }));
  }
  if (!lines.length) return;
  const banner = h("div", { class: "standing-banner", role: "status", dataset: { testid: "standing" } }, lines.map((line) => h("p", {}, line)));
  if (standing.notices.length) {
    banner.append(
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small",
          dataset: { testid: "standing-seen" },
          onclick: async () => {
            try {
              await api("/api/my/standing/seen", { body: {} });
              banner.remove();
              await getMe(true); // a new name shows in the header
              renderHeader();
            } catch (err) {
              showError(err);
            }
          },
        },
        t("standing.seen"),
      ),
    );
  }
  main.prepend(banner);
}

function renderHeader() {
  clear(header);
  const skip = document.getElementById("skip-link");
  if (skip) skip.textContent = t("skip");
  const user = currentUser();
  const other = lang() === "fa" ? "en" : "fa";
  const switcher = h(
    "button",
    {
      type: "button",
      class: "btn btn-ghost lang-switch",
      lang: other,
      title: t("lang.switchTitle"),
      dataset: { testid: "lang-switch" },
      onclick: async () => {
        setLang(other);
        await postLang(other);
        renderHeader();
        render();
      },
    },
    t("lang.switch"),
  );
  const account = [];
  if (user) {
    account.push(
      h(
        "a",
        { class: "user-name", href: `/u/${encodeURIComponent(user.name)}`, "data-link": "", title: t("profile.link"), dataset: { testid: "user-name" } },
        personName(user.name), // a guest reads «مهمان ۵۶» / "Guest 56": the name says it
        user.guest && personName(user.name) === user.name ? h("small", { class: "guest-tag" }, ` (${t("user.guest")})`) : null,
      ),
    );
    if (user.guest) {
      account.push(link("/signup", t("nav.signup"), { class: "nav-link", dataset: { testid: "nav-signup" } }));
      account.push(link("/login", t("nav.login"), { class: "nav-link", dataset: { testid: "nav-login" } }));
    } else {
      account.push(
        h(
          "button",
          {
            type: "button",
            class: "btn btn-ghost",
            dataset: { testid: "logout" },
            onclick: async () => {
              try {
                await logout();
                toast(t("auth.loggedOut"));
                navigate("/");
              } catch (err) {
                showError(err);
              }
            },
          },
          t("nav.logout"),
        ),
      );
    }
  } else {
    account.push(link("/login", t("nav.login"), { class: "nav-link", dataset: { testid: "nav-login" } }));
    account.push(link("/signup", t("nav.signup"), { class: "nav-link", dataset: { testid: "nav-signup" } }));
  }
  header.append(
    h(
      "div",
      { class: "header-inner" },
      link("/", [h("span", { class: "brand-mark", "aria-hidden": "true" }), h("span", {}, t("app.name"))], {
        class: "brand",
        dataset: { testid: "brand" },
      }),
      h(
        "nav",
        { class: "main-nav", "aria-label": t("nav.main") },
        link("/", t("nav.home"), { class: "nav-link", dataset: { testid: "nav-home" } }),
        link("/tournaments", t("nav.tournaments"), { class: "nav-link", dataset: { testid: "nav-tournaments" } }),
        link("/me", t("nav.me"), { class: "nav-link", dataset: { testid: "nav-me" } }),
        user && isAdmin ? link("/admin", t("nav.admin"), { class: "nav-link", dataset: { testid: "nav-admin" } }) : null,
      ),
      h("div", { class: "account" }, account, switcher),
    ),
  );
}

function interceptLinks(event) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const a = event.target.closest("a[href]");
  if (!a || a.target || a.hasAttribute("download")) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  if (url.pathname.startsWith("/static/") || url.pathname.startsWith("/api/")) return;
  event.preventDefault();
  if (url.pathname === location.pathname && url.search === location.search) {
    if (url.hash) location.hash = url.hash;
    return;
  }
  navigate(url.pathname + url.search + url.hash);
}

async function start() {
  applyToDocument();
  header = document.getElementById("site-header");
  main = document.getElementById("main");
  document.addEventListener("click", interceptLinks);
  window.addEventListener("popstate", () => render());
  onUserChange(() => renderHeader());
  renderHeader();
  try {
    await getMe();
  } catch (err) {
    showError(err);
  }
  render();
}

start();
