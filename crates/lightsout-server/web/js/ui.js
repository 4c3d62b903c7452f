// Small DOM helpers: elements, messages, the screen reader's live region, numbers.

export const $ = (id) => document.getElementById(id);

export const fmt = (n) => Number(n).toLocaleString('en-US');

export const plural = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A decimal string of any length, short: 18446744073709551616 -> 1.844e19. */
export function bigNumber(s) {
  if (s.length <= 15) return Number(s).toLocaleString('en-US');
  return `${s[0]}.${s.slice(1, 4)}e${s.length - 1}`;
}

/** The message under the board (also read out: it is a polite live region). */
export function say(text, kind) {
  const m = $('message');
  m.className = `message${kind ? ` ${kind}` : ''}`;
  m.textContent = text;
}

export function sayHtml(html, kind) {
  const m = $('message');
  m.className = `message${kind ? ` ${kind}` : ''}`;
  m.innerHTML = html;
}

export const sayError = (text) => say(text, 'error');

/** Tells a screen reader what just happened (presses, results), without showing it. */
export function announce(text) {
  const el = $('announcer');
  // Clearing first makes a repeated text be read again.
  el.textContent = '';
  requestAnimationFrame(() => (el.textContent = text));
}

export function setBusy(id, busy) {
  const el = $(id);
  if (el) el.classList.toggle('busy', busy);
}

/** "1:05" from milliseconds. */
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
