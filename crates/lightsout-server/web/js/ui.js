// Small DOM helpers: elements, messages, the screen reader's live region, numbers.

export const $ = (id) => document.getElementById(id);

/**
 * A number with its digits grouped in threes (1,000,000). Integers are grouped here, not
 * by toLocaleString: its first call loads the locale's data, tens of milliseconds on the
 * way to the first board.
 */
export function fmt(n) {
  const x = Number(n);
  return Number.isSafeInteger(x) ? exactNumber(String(x)) : x.toLocaleString('en-US');
}

export const plural = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A decimal string of any length, short: 18446744073709551616 -> 1.844e19. */
export function bigNumber(s) {
  if (s.length <= 15) return fmt(s);
  return `${s[0]}.${s.slice(1, 4)}e${s.length - 1}`;
}

/** A decimal string of any length, exact, its digits grouped: 1125899906842624 -> 1,125,899,906,842,624. */
export function exactNumber(s) {
  const digits = String(s);
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * The message under the board (also read out: it is a polite live region). A `stale`
 * message (the engine could not be reached) is cleared by `clearStale` once it answers.
 */
export function say(text, kind, { stale = false } = {}) {
  const m = $('message');
  m.className = `message${kind ? ` ${kind}` : ''}`;
  m.textContent = text;
  m.dataset.stale = stale ? 'true' : '';
}

export function sayHtml(html, kind) {
  const m = $('message');
  m.className = `message${kind ? ` ${kind}` : ''}`;
  m.innerHTML = html;
  m.dataset.stale = '';
}

export const sayError = (text, options) => say(text, 'error', options);

/** Clears the message if it is a stale one (see `say`). */
export function clearStale() {
  if ($('message').dataset.stale === 'true') say('');
}

/**
 * Shrinks an element's font until its text fits its box (a number such as 1,000,000 in
 * a narrow box); its own size comes back when the text is short again.
 */
export function fitText(el) {
  el.style.removeProperty('font-size');
  for (let tries = 0; tries < 4 && el.clientWidth && el.scrollWidth > el.clientWidth; tries++) {
    const size = parseFloat(getComputedStyle(el).fontSize);
    const next = Math.max(8, Math.min(size - 1, Math.floor((size * el.clientWidth) / el.scrollWidth)));
    el.style.setProperty('font-size', `${next}px`);
  }
}

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
