/** Log in or sign up: POST /auth/token or /auth/register; the token is kept in the session. */
import { call, ProblemError } from "./api";
import { announce, h } from "./dom";
import { session } from "./session";

export function showLogin(main: HTMLElement): null {
  const error = h("p", { class: "error", role: "alert", id: "login-error" });
  const username = h("input", { id: "username", name: "username", autocomplete: "username",
                                required: true, minlength: 3, maxlength: 40 });
  const password = h("input", { id: "password", name: "password", type: "password",
                                autocomplete: "current-password", required: true });
  const form = h("form", { class: "card narrow", "aria-labelledby": "login-title" },
    h("h1", { id: "login-title" }, "Log in or sign up"),
    h("p", {}, "New here? Choose a name and a password (8 characters or more), then Sign up."),
    h("div", { class: "field" }, h("label", { for: "username" }, "Username"), username),
    h("div", { class: "field" }, h("label", { for: "password" }, "Password"), password),
    error,
    h("div", { class: "buttons" },
      h("button", { type: "submit", name: "login", value: "login" }, "Log in"),
      h("button", { type: "submit", name: "register", value: "register", class: "secondary" },
        "Sign up")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    void submit(submitter?.value === "register");
  });

  async function submit(register: boolean): Promise<void> {
    error.textContent = "";
    const body = { username: username.value.trim(), password: password.value,
                   token_name: "web client" };
    try {
      const token = register
        ? await call("post", "/api/v1/auth/register", { body })
        : await call("post", "/api/v1/auth/token", { body });
      session.set(token.username, token.token);
      announce(`Signed in as ${token.username}`);
      location.hash = "#/";
    } catch (e) {
      error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
      username.focus();
    }
  }

  main.replaceChildren(form);
  username.focus();
  return null;
}

export function problemText(e: ProblemError): string {
  const errors = e.problem.errors;
  if (errors && typeof errors === "object") {
    const parts = Object.entries(errors).map(([field, why]) =>
      `${field}: ${Array.isArray(why) ? why.join(" ") : String(why)}`);
    if (parts.length) return `${e.message} (${parts.join("; ")})`;
  }
  return e.message;
}
