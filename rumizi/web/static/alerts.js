// Turn alerts: when a game waits for you, the tab says so even while you are elsewhere — a
// mark before the title, a dot on the icon, the browser's notification (once you allow it)
// and, if you turn it on, a short chime made with WebAudio (no sound file is fetched).
// Made for day-per-move games, where a turn can come hours later, and used by every table.
//
//   const alerts = turnAlerts({ game: "Star Realms", table: id });
//   side.append(alerts.controls);   // the "notify me" button and the sound switch
//   alerts.update(isMyTurn);        // after every state
//   alerts.stop();                  // when the page goes

import { t } from "./i18n.js";
import { h } from "./dom.js";

export const MARK = "● ";
const SOUND_KEY = "rumizi.alerts.sound";
const DOT = '<circle cx="25" cy="7" r="6.5" fill="#d1361f" stroke="#fff" stroke-width="1.5"/>';

// ------------------------------------------------------------------ the title and the icon

let marked = false;
let titleWatch = null;

function applyMark() {
  const bare = document.title.startsWith(MARK) ? document.title.slice(MARK.length) : document.title;
  const wanted = marked ? MARK + bare : bare;
  if (document.title !== wanted) document.title = wanted;
}

/** Put the mark before the tab's title (and keep it there when the page renames itself). */
export function markTitle(on) {
  marked = Boolean(on);
  applyMark();
  const title = document.querySelector("title");
  if (!titleWatch && title) {
    titleWatch = new MutationObserver(applyMark); // a page's setTitle drops the mark: put it back
    titleWatch.observe(title, { childList: true, characterData: true, subtree: true });
  }
}

let plainIcon = null; // the icon's own address
let dottedIcon = null; // the same drawing with a dot, as a data: address (img-src allows data:)

async function dotted() {
  if (dottedIcon) return dottedIcon;
  try {
    const svg = await (await fetch(plainIcon)).text();
    dottedIcon = `data:image/svg+xml,${encodeURIComponent(svg.replace(/<\/svg>\s*$/, `${DOT}</svg>`))}`;
  } catch {
    dottedIcon = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${DOT}</svg>`)}`;
  }
  return dottedIcon;
}

let iconWanted = false;

/** A dot on the tab's icon (on) or the plain icon (off). */
export async function dotIcon(on) {
  iconWanted = Boolean(on);
  const link = document.querySelector('link[rel="icon"]');
  if (!link) return;
  if (!plainIcon) plainIcon = link.getAttribute("href");
  const href = iconWanted ? await dotted() : plainIcon;
  if (link.getAttribute("href") !== href && iconWanted === Boolean(on)) link.setAttribute("href", href);
  link.dataset.turn = String(iconWanted);
}

// ------------------------------------------------------------------ notifications and sound

const canNotify = () => typeof Notification !== "undefined";

/** The browser's notification, when allowed and the page is not in front. */
export function notify(title, body, tag) {
  if (!canNotify() || Notification.permission !== "granted") return null;
  if (document.visibilityState === "visible" && document.hasFocus()) return null;
  try {
    const shown = new Notification(title, { body, tag, icon: plainIcon || "/static/favicon.svg" });
    shown.addEventListener("click", () => {
      window.focus();
      shown.close();
    });
    return shown;
  } catch {
    return null; // some browsers allow notifications only from a service worker
  }
}

export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "1";
  } catch {
    return false;
  }
}

let audio = null;

function audioContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** Two soft rising notes, a quarter of a second in all. */
export function chime() {
  const ctx = audioContext();
  if (!ctx) return false;
  const start = ctx.currentTime + 0.01;
  [659.25, 880].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    const at = start + i * 0.12;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.22);
  });
  return true;
}

// ------------------------------------------------------------------ the controls

/** The "notify me" button and the sound switch (the same on the table and in the lobby). */
export function alertControls() {
  const notifyButton = h("button", { type: "button", class: "btn btn-small alerts-notify", dataset: { testid: "alerts-notify" } });
  const state = h("span", { class: "alerts-state muted", dataset: { testid: "alerts-state" } });
  function showPermission() {
    const permission = canNotify() ? Notification.permission : "unsupported";
    notifyButton.hidden = permission !== "default";
    notifyButton.textContent = t("alerts.notify");
    state.textContent = permission === "granted" ? t("alerts.notifyOn") : permission === "denied" ? t("alerts.notifyBlocked") : "";
    state.hidden = !state.textContent;
  }
  notifyButton.addEventListener("click", async () => {
    if (!canNotify()) return;
    try {
      await Notification.requestPermission();
    } catch {
      // an old browser's callback form: nothing more to do
    }
    showPermission();
  });
  showPermission();
  const id = `alerts-sound-${Math.random().toString(36).slice(2, 8)}`;
  const sound = h("input", { type: "checkbox", id, checked: soundOn(), dataset: { testid: "alerts-sound" } });
  sound.addEventListener("change", () => {
    try {
      localStorage.setItem(SOUND_KEY, sound.checked ? "1" : "0");
    } catch {
      // private windows may refuse storage: the switch holds for this page only
    }
    if (sound.checked) chime(); // heard once now, so people know what it sounds like
  });
  return h(
    "div",
    { class: "alerts", dataset: { testid: "alerts" } },
    notifyButton,
    state,
    h("span", { class: "alerts-sound" }, sound, h("label", { for: id }, t("alerts.sound"))),
  );
}

/**
 * The alerts of one table: `update(myTurn)` after every state marks the title and the icon
 * while it is your turn, and when a turn begins, notifies (page not in front) and chimes
 * (if turned on). The first state only marks: opening a table is not news.
 */
export function turnAlerts({ game, table }) {
  let mine = null; // null: no state yet
  const controls = alertControls();
  return {
    controls,
    update(myTurn) {
      const now = Boolean(myTurn);
      markTitle(now);
      dotIcon(now);
      if (now && mine === false) {
        notify(t("alerts.title", { game }), t("alerts.body", { id: table }), `rumizi-turn-${table}`);
        if (soundOn()) chime();
      }
      mine = now;
    },
    stop() {
      markTitle(false);
      dotIcon(false);
    },
  };
}
