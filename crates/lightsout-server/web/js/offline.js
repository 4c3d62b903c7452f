// The static site's offline copy (scripts/build-site puts this module in its page):
// registers the service worker (sw.js, at the site's root), which caches every file of
// the build so that, after one visit, the page loads, plays and solves with no network.
// Not used under `lightsout serve`, whose page is always its own.
//
// Registered once the first board is playable (<body data-ready="true">), or after a
// few seconds if it never is: installing fetches every file again, the engine among
// them, and on a first visit that would race the worker's own download of it.

const LATEST_MS = 5000;

function register() {
  // Relative to this module: the site may live in any folder of its host.
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch((e) => {
    // Without it the page still works online; only the offline copy is missing.
    console.warn(`lightsout: no offline copy (${e && e.message ? e.message : e})`);
  });
}

if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol)) {
  const ready = () => document.body.dataset.ready === 'true';
  if (ready()) register();
  else {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      watch.disconnect();
      clearTimeout(timer);
      register();
    };
    const watch = new MutationObserver(() => {
      if (ready()) once();
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
    const timer = setTimeout(once, LATEST_MS);
  }
}
