// The static site's offline copy (scripts/build-site puts this module in its
// index.html): registers the service worker (sw.js, at the site's root), which caches
// every file of the build so that, after one visit, the page loads, plays and solves
// with no network. Not used under `lightsout serve`, whose page is always its own.

if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol)) {
  // Relative to this module: the site may live in any folder of its host.
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch((e) => {
    // Without it the page still works online; only the offline copy is missing.
    console.warn(`lightsout: no offline copy (${e && e.message ? e.message : e})`);
  });
}
