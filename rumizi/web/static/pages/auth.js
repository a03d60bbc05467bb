// Sign in and sign up: username + password forms (POST /api/auth/login, /api/auth/signup).

import { t, dateTime, lang, setLang, cookieLang } from "../i18n.js";
import { h, link, toast } from "../dom.js";
import { api, getMe, setUser, ApiError } from "../api.js";

export async function mount(main, ctx) {
  const signup = ctx.mode === "signup";
  const title = signup ? t("auth.signup") : t("auth.login");
  ctx.setTitle(title);
  await getMe().catch(() => null);
  if (!ctx.alive()) return;

  const error = h("p", { class: "form-error", role: "alert", dataset: { testid: "auth-error" }, hidden: true });
  const username = h("input", {
    id: "auth-username",
    name: "username",
    type: "text",
    required: true,
    autocomplete: "username",
    autocapitalize: "none",
    spellcheck: "false",
    dir: "auto",
    minlength: signup ? "3" : null,
    maxlength: signup ? "24" : "64",
    dataset: { testid: "username" },
  });
  const password = h("input", {
    id: "auth-password",
    name: "password",
    type: "password",
    required: true,
    autocomplete: signup ? "new-password" : "current-password",
    dir: "ltr",
    minlength: signup ? "8" : null,
    maxlength: "256",
    dataset: { testid: "password" },
  });
  const submit = h("button", { type: "submit", class: "btn btn-primary btn-big", dataset: { testid: signup ? "signup-submit" : "login-submit" } }, title);
  const form = h(
    "form",
    { class: "panel form narrow", dataset: { testid: signup ? "signup-form" : "login-form" } },
    h("h1", {}, title),
    h("div", { class: "field" }, h("label", { for: username.id }, t("auth.username")), username),
    h("div", { class: "field" }, h("label", { for: password.id }, t("auth.password")), password),
    signup ? h("p", { class: "hint" }, t("auth.guestKeeps")) : null,
    error,
    h("div", { class: "form-actions" }, submit),
    h("p", {}, signup ? link("/login", t("auth.toLogin")) : link("/signup", t("auth.toSignup"))),
  );
  function fail(message, field) {
    error.textContent = message;
    error.hidden = false;
    field.focus();
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    if (!username.value.trim() || !password.value) {
      (username.value.trim() ? password : username).focus();
      return;
    }
    // The server's length rules, said here in the page's words before anything is sent.
    const name = username.value.trim();
    if (signup && (name.length < 3 || name.length > 24)) return fail(t("api.invalid-username"), username);
    if (signup && (password.value.length < 8 || password.value.length > 256)) return fail(t("api.invalid-password"), password);
    submit.disabled = true;
    try {
      const data = await api(signup ? "/api/auth/signup" : "/api/auth/login", {
        body: { username: username.value.trim(), password: password.value },
      });
      setUser(data.user);
      // The name isolated (U+2068 … U+2069): a Latin name keeps its place in Persian text.
      toast(t("auth.welcome", { name: `\u2068${data.user ? data.user.name : name}\u2069` }));
      // Someone else tried this account (its own browsers were never paused): say so now;
      // the account page lists it until the owner has seen it.
      const failures = data.failures;
      if (failures) toast(t("auth.failures", { n: failures.wrong + failures.refused, last: dateTime(failures.last) }), "info", 15000);
      const next = ctx.query.get("next");
      const target = next && next.startsWith("/") && !next.startsWith("//") ? next : "/me";
      // The member's display language (set by the sign-in's cookie): the whole page, header
      // included, is drawn again in it.
      const chosen = cookieLang();
      if (chosen && chosen !== lang()) {
        setLang(chosen);
        location.assign(target);
        return;
      }
      ctx.navigate(target);
    } catch (err) {
      // One message per error: the form's own line (no toast repeating it).
      error.textContent = err instanceof ApiError ? err.message : t("error.generic");
      error.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
  main.append(form);
  username.focus();
}
