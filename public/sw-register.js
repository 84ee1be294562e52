// Registers the service worker (relative path: works under any sub-path) and
// offers a reload when a new version has been installed.
(function () {
  if (!('serviceWorker' in navigator)) return;
  // Embedded in another site's page: no install, no offline cache.
  if (new URLSearchParams(location.search).get('embed') === '1') return;
  // Reload only when the person asked for the new version (the first
  // install also changes the controller, and must not reload the page).
  var asked = false;
  function offerReload(worker) {
    if (document.getElementById('update-banner')) return;
    var banner = document.createElement('div');
    banner.id = 'update-banner';
    banner.className = 'update-banner';
    banner.setAttribute('role', 'status');
    var text = document.createElement('span');
    text.textContent = document.documentElement.dataset.updateText || 'A new version is ready.';
    var button = document.createElement('button');
    button.textContent = document.documentElement.dataset.reloadText || 'Reload';
    button.addEventListener('click', function () {
      asked = true;
      worker.postMessage('skip-waiting');
    });
    banner.append(text, ' ', button);
    document.body.append(banner);
  }
  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (!asked) return;
    asked = false;
    location.reload();
  });
  // The page asks for this script once it has loaded (index.html); the
  // event is waited for where it has not come yet.
  function register() {
    navigator.serviceWorker.register('./sw.js').catch(function () {
      // No service worker (a private window, a blocked context): the game
      // still plays, only not offline.
      return null;
    }).then(function (registration) {
      if (!registration) return;
      if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
      registration.addEventListener('updatefound', function () {
        var installing = registration.installing;
        if (!installing) return;
        installing.addEventListener('statechange', function () {
          // "installed" with a controller: an older version runs this page.
          if (installing.state === 'installed' && navigator.serviceWorker.controller) offerReload(installing);
        });
      });
    });
  }
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
})();
