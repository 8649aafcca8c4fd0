// Logging in and out: the header's account links (Log in / Register, or the name and
// Log out), the log-in and register forms and their pages (#/login, #/register).
import { h, put } from './board.js';
import { api, json, session, setMe } from './api.js';
import { main, reload } from './page.js';
import { t } from './i18n.js';

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
    put(box, h('a', { href: '#/login', id: 'nav-login' }, t('login')), h('a', { href: '#/register', id: 'nav-register' }, t('register')));
    return;
  }
  put(box, 
    h('a', { href: `#/account/${encodeURIComponent(me.name)}`, id: 'nav-me', title: t(me.kind === 'bot' ? 'your-bot-account' : 'your-account') }, me.kind === 'bot' ? t('name-bot', { name: me.name }) : me.name),
    h('button', { id: 'logout', class: 'link', onclick: logout }, t('logout')));
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
    h('option', { value: 'person' }, t('account-kind-person')), h('option', { value: 'bot' }, t('account-kind-bot')));
  const err = h('p', { id: 'account-error', class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', id: register ? 'register-submit' : 'login-submit' }, t(register ? 'register' : 'login'));
  const form = h('form', { class: 'account', id: register ? 'register-form' : 'login-form', novalidate: true },
    h('label', {}, t('account-name') + ' ', name),
    register ? h('p', { class: 'hint' }, t('account-name-hint')) : null,
    h('label', {}, t('account-password') + ' ', password),
    register ? h('p', { class: 'hint' }, t('account-password-hint')) : null,
    register ? [h('label', {}, t('account-kind') + ' ', kind), h('p', { class: 'hint' }, t('account-kind-hint'))] : null,
    h('div', { class: 'controls' }, submit), err,
    register ? h('p', {}, t('have-account') + ' ', h('a', { href: `#/login${keepNext()}` }, t('login'))) : h('p', {}, t('no-account-yet') + ' ', h('a', { href: `#/register${keepNext()}`, id: 'to-register' }, t('register'))));
  /** The form's own checks, the server's rules: every problem, each once (none: fine). */
  const check = () => {
    const n = name.value.trim();
    const problems = [];
    if (!n) problems.push(t('account-name-required'));
    else if (register && !/^[A-Za-z][A-Za-z0-9]{1,19}$/.test(n)) problems.push(t('account-name-bad'));
    if (!password.value) problems.push(t('account-password-required'));
    else if (register && (password.value.length < 8 || password.value.length > 128)) problems.push(t('account-password-bad'));
    return problems;
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const problems = check();
    // (all of them at once, a line each: one fix, then the next, would take a try each)
    if (problems.length) {
      put(err, problems.flatMap((p, i) => [i ? h('br') : null, p]));
      (name.value.trim() && !problems.includes(t('account-name-bad')) ? password : name).focus();
      return;
    }
    submit.disabled = true;
    try {
      const body = { name: name.value.trim(), password: password.value };
      if (register) body.kind = kind.value;
      const me = await api(register ? '/api/account/register' : '/api/account/login', json('POST', body));
      setSession({ ...me, marked: false });
      after(session.me);
    } catch (e) {
      const wait = e.body?.retry_after_ms;
      err.textContent = wait && !e.body?.message ? t('refusal-wait', { why: e.message, seconds: Math.ceil(wait / 1000) }) : e.message;
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

/** The page's `?next=` (where the form goes once signed in), for the other form's link:
 * an invitation's link leads through log in to register and back. */
function keepNext() {
  const next = new URLSearchParams(location.hash.split('?')[1] ?? '').get('next');
  return next ? `?next=${encodeURIComponent(next)}` : '';
}

export function loginPage(query) {
  document.title = t('title-page', { page: t('login') });
  put(main, h('h2', { text: t('login') }), accountForm(false, () => { location.hash = nextOf(query); }));
}

export function registerPage(query) {
  document.title = t('title-page', { page: t('register') });
  put(main, h('h2', { text: t('register') }),
    h('p', { class: 'hint' }, t('register-about')),
    accountForm(true, (me) => { location.hash = me.kind === 'bot' ? `#/account/${encodeURIComponent(me.name)}` : nextOf(query); }));
}
