// Logging in and out: the header's account links (Log in / Register, or the name and
// Log out), the log-in and register forms and their pages (#/login, #/register).
import { h, put } from './board.js';
import { api, json, session, setMe } from './api.js';
import { main, reload } from './page.js';

/** Keeps the account logged in (null: logged out) and draws the header's links again. */
export function setSession(me) {
  setMe(me);
  drawNav();
}

// ------------------------------------------------------------------ header
/** The header's account links: Log in / Register, or the name and Log out. */
export function drawNav() {
  const box = document.getElementById('account-nav');
  if (!box) return;
  const me = session.me;
  if (!me) {
    put(box, h('a', { href: '#/login', id: 'nav-login' }, 'Log in'), h('a', { href: '#/register', id: 'nav-register' }, 'Register'));
    return;
  }
  put(box, 
    h('a', { href: `#/account/${encodeURIComponent(me.name)}`, id: 'nav-me', title: me.kind === 'bot' ? 'your bot account' : 'your account' }, me.name + (me.kind === 'bot' ? ' (bot)' : '')),
    h('button', { id: 'logout', class: 'link', onclick: logout }, 'Log out'));
}

async function logout() {
  try { await api('/api/account/logout', json('POST', {})); } catch (e) { console.info(`log out: ${e.message}`); }
  setSession(null);
  reload();
}

// ------------------------------------------------------------------ log in, register
/**
 * The log-in (or register) form. `after(me)` runs once logged in (default: the page the
 * form was asked from, `?next=`, else the Arena).
 */
export function accountForm(register, after) {
  const name = h('input', { id: 'account-name', name: 'username', autocomplete: 'username', required: true, minlength: 2, maxlength: 20, autocapitalize: 'off', spellcheck: 'false' });
  const password = h('input', { id: 'account-password', name: 'password', type: 'password', required: true, minlength: 8, maxlength: 128, autocomplete: register ? 'new-password' : 'current-password' });
  const kind = h('select', { id: 'account-kind', name: 'kind' },
    h('option', { value: 'person' }, 'Person'), h('option', { value: 'bot' }, 'Bot'));
  const err = h('p', { id: 'account-error', class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', id: register ? 'register-submit' : 'login-submit' }, register ? 'Register' : 'Log in');
  const form = h('form', { class: 'account', id: register ? 'register-form' : 'login-form', novalidate: true },
    h('label', {}, 'Name ', name),
    register ? h('p', { class: 'hint' }, '2 to 20 letters or digits, starting with a letter.') : null,
    h('label', {}, 'Password ', password),
    register ? h('p', { class: 'hint' }, '8 to 128 characters.') : null,
    register ? [h('label', {}, 'Kind ', kind), h('p', { class: 'hint' }, 'A person plays in the browser; a bot is a program that plays over TCP with API tokens.')] : null,
    h('div', { class: 'controls' }, submit), err,
    register ? h('p', {}, 'Have an account? ', h('a', { href: '#/login' }, 'Log in')) : h('p', {}, 'No account yet? ', h('a', { href: '#/register', id: 'to-register' }, 'Register')));
  /** The form's own checks, the server's rules: null when fine. */
  const check = () => {
    const n = name.value.trim();
    if (!n) return 'Name: required.';
    if (register && !/^[A-Za-z][A-Za-z0-9]{1,19}$/.test(n)) return 'Name: 2 to 20 letters or digits, starting with a letter.';
    if (!password.value) return 'Password: required.';
    if (register && (password.value.length < 8 || password.value.length > 128)) return 'Password: 8 to 128 characters.';
    return null;
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const problem = check();
    if (problem) { err.textContent = problem; return; }
    submit.disabled = true;
    try {
      const body = { name: name.value.trim(), password: password.value };
      if (register) body.kind = kind.value;
      const me = await api(register ? '/api/account/register' : '/api/account/login', json('POST', body));
      setSession({ ...me, marked: false });
      after(session.me);
    } catch (e) {
      const wait = e.body?.retry_after_ms;
      err.textContent = e.message + (wait && !/try again/i.test(e.message) ? ` (try again in ${Math.ceil(wait / 1000)} s)` : '');
      // a wrong password is typed again; a taken or bad name keeps the password
      if (e.status === 401) { password.value = ''; password.focus(); } else name.focus();
    } finally { submit.disabled = false; }
  });
  setTimeout(() => name.focus());
  return form;
}

function nextOf(query) {
  const next = query.get('next');
  return next && /^#\/[\w/%.-]*$/.test(next) ? next : '#/arena';
}

export function loginPage(query) {
  document.title = 'Tessera — log in';
  put(main, h('h2', { text: 'Log in' }), accountForm(false, () => { location.hash = nextOf(query); }));
}

export function registerPage(query) {
  document.title = 'Tessera — register';
  put(main, h('h2', { text: 'Register' }),
    h('p', { class: 'hint' }, 'An account plays rated games and has a place on the leaderboards. Guests still play unrated games without one.'),
    accountForm(true, (me) => { location.hash = me.kind === 'bot' ? `#/account/${encodeURIComponent(me.name)}` : nextOf(query); }));
}
