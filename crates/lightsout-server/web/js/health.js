// Whether the engine answers. When a call finds nothing there (or finds it busy), the
// page asks again now and then (GET capabilities, backing off to 10 s) and, once a call
// succeeds, emits 'reachable': stale errors clear and the par is asked again, with no
// press needed.

import { call, watchReach } from './api.js';
import { isStale } from './errors.js';
import { emit } from './state.js';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 10000;

let troubled = false; // a call failed (no answer, or busy) since the last success
let timer = 0;
let delay = FIRST_RETRY_MS;

watchReach((reached, error) => {
  if (reached && !error) {
    clearTimeout(timer);
    timer = 0;
    delay = FIRST_RETRY_MS;
    const was = troubled;
    troubled = false;
    if (was) emit('reachable');
    return;
  }
  if (!isStale(error)) return;
  troubled = true;
  if (!timer) {
    timer = setTimeout(ping, delay);
    delay = Math.min(LAST_RETRY_MS, delay * 1.6);
  }
});

async function ping() {
  timer = 0;
  try {
    await call('capabilities');
  } catch (e) {
    // watchReach has scheduled the next try.
  }
}
