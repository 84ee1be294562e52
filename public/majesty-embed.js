/*! Majesty embed API, version 2. Published with the game (no build step).
 *
 *   <script src="https://<where the game is>/majesty-embed.js" defer></script>
 *   <div data-majesty="?rules=attack"></div>
 *
 * Every element with `data-majesty` becomes an iframe of the game, as wide
 * as its container and as tall as the board in it (the game tells its
 * height; `data-height="600px"` fixes one instead, and the board then
 * scrolls inside). The value is a link into the game: `?rules=attack`,
 * `#record=…` (a recorded game, in the replay viewer), `?players=Ann,Bob:hard#deal=42`
 * (a game against the computer), or the game's whole address with those.
 * Attributes: data-lang (en, de, fr, es), data-theme (light, dark, auto),
 * data-loading (lazy: when it nears the screen, the default; eager; click:
 * a button loads it), data-nav="off" (no button leads out of the lesson),
 * data-title (the frame's accessible name), data-height.
 *
 * In script: `const board = await Majesty.embed(element, link?, options?)`, then
 *   board.load(link | {record})   board.goToTurn(n)   board.setLanguage('fr')
 *   board.setTheme('dark')   board.highlight({location: 'Brewery', seat: 1} | {display: 1} | {realm: 2} | null)
 * each returning a promise (rejected with the game's reason), and
 *   board.on('ready' | 'turn' | 'gameOver' | 'position' | 'tutorialStep' | 'screen' | 'resize', (detail) => …)
 * Events are also dispatched on the element as `majesty:<type>` CustomEvents.
 * Types: majesty-embed.d.ts. Messages go only to the game's origin, and only
 * messages from the board's own iframe, from the game's origin, are heard.
 */
(function () {
  'use strict';
  var VERSION = 2;
  var script = document.currentScript;
  // The game lives next to this script.
  var gameBase = new URL('./', script ? script.src : location.href);
  var gameOrigin = gameBase.origin;
  // How near the screen a lazy board starts loading.
  var NEAR = '600px 0px';
  var boards = [];

  /** The game's address for `link`, with the frame's own settings. */
  function frameAddress(link, options) {
    var url = new URL(link || '', gameBase);
    if (url.origin !== gameOrigin) {
      throw new Error('majesty-embed: ' + link + ' is not an address of the game at ' + gameBase.href);
    }
    url.searchParams.set('embed', '1');
    url.searchParams.set('embedApi', String(VERSION));
    url.searchParams.set('parentOrigin', location.origin);
    if (options.lang) url.searchParams.set('lang', options.lang);
    if (options.theme) url.searchParams.set('theme', options.theme);
    if (!options.height) url.searchParams.set('autoHeight', '1');
    if (options.nav === false) url.searchParams.set('nav', '0');
    return url.href;
  }

  function Board(element, link, options) {
    var self = this;
    var nextId = 1;
    var pending = {};
    var listeners = {};
    var readyResolve;
    var readyDetail = null;
    var watcher = null;
    this.element = element;
    this.ready = new Promise(function (resolve) { readyResolve = resolve; });

    var destroyed = false;
    var frame = document.createElement('iframe');
    frame.title = options.title || 'Majesty: For the Realm';
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.width = '100%';
    frame.style.maxWidth = '100%';
    // Until the game tells its height (auto), or for good (fixed).
    frame.style.height = options.height || '480px';
    frame.style.border = '0';
    frame.style.display = 'block';
    this.iframe = frame;
    var address = frameAddress(link, options);

    // The room the board will take, until it is there (a lazy board
    // shifts nothing when it loads; the frame's own height follows).
    element.style.minHeight = frame.style.height;

    /** Puts the game in the page (once). */
    function start() {
      if (watcher) { watcher.disconnect(); watcher = null; }
      if (frame.src || destroyed) return;
      frame.src = address;
      element.replaceChildren(frame);
    }
    this.start = start;

    function emit(type, detail) {
      (listeners[type] || []).slice().forEach(function (listen) { listen(detail); });
      element.dispatchEvent(new CustomEvent('majesty:' + type, { detail: detail }));
    }

    function heard(event) {
      // Only this board's frame, from the game's origin, in version 2.
      if (event.source !== frame.contentWindow || event.origin !== gameOrigin) return;
      var data = event.data;
      if (!data || data.source !== 'majesty' || data.version !== VERSION) return;
      if (data.type === 'reply') {
        var waiting = pending[data.id];
        if (!waiting) return;
        delete pending[data.id];
        if (data.ok) waiting.resolve(data);
        else waiting.reject(new Error(data.error));
        return;
      }
      if (data.type === 'resize' && !options.height && data.height > 0) {
        frame.style.height = Math.ceil(data.height) + 'px';
        element.style.minHeight = '';
      }
      if (data.type === 'ready') {
        readyDetail = data;
        readyResolve(self);
      }
      emit(data.type, data);
    }
    window.addEventListener('message', heard);

    /** Sends a command once the game is ready (loading it if it is not
     * yet); resolves with its reply. */
    this.send = function (type, fields) {
      if (destroyed) return Promise.reject(new Error('majesty-embed: the board was destroyed'));
      start();
      var late = new Promise(function (resolve, reject) {
        setTimeout(function () { reject(new Error('majesty-embed: the board was not ready within 30 s')); }, 30000);
      });
      return Promise.race([self.ready, late]).then(function () {
        return new Promise(function (resolve, reject) {
          var id = nextId++;
          pending[id] = { resolve: resolve, reject: reject };
          var message = Object.assign({ source: 'majesty-host', version: VERSION, id: id, type: type }, fields);
          frame.contentWindow.postMessage(message, gameOrigin);
          setTimeout(function () {
            if (pending[id]) {
              delete pending[id];
              reject(new Error('majesty-embed: no reply to "' + type + '" within 10 s'));
            }
          }, 10000);
        });
      });
    };

    /** Calls `listen` with each event of `type`; a `ready` listener added
     * after the board was ready is called at once. */
    this.on = function (type, listen) {
      (listeners[type] = listeners[type] || []).push(listen);
      if (type === 'ready' && readyDetail) {
        var detail = readyDetail;
        Promise.resolve().then(function () { listen(detail); });
      }
      return function off() {
        listeners[type] = (listeners[type] || []).filter(function (l) { return l !== listen; });
      };
    };

    /** Removes the board: its frame, its listener; calls waiting for a
     * reply are rejected. */
    this.destroy = function () {
      destroyed = true;
      window.removeEventListener('message', heard);
      if (watcher) watcher.disconnect();
      frame.remove();
      element.style.minHeight = '';
      Object.keys(pending).forEach(function (id) {
        pending[id].reject(new Error('majesty-embed: the board was destroyed'));
        delete pending[id];
      });
      if (element.majesty === self) delete element.majesty;
      boards = boards.filter(function (b) { return b !== self; });
    };

    var observable = 'IntersectionObserver' in window;
    if (options.loading === 'eager' || (!observable && options.loading !== 'click')) {
      start();
    } else if (options.loading === 'click') {
      element.replaceChildren(poster(frame, start));
    } else {
      watcher = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; })) start();
      }, { rootMargin: NEAR });
      watcher.observe(element);
    }
  }

  /** A button that loads the board when pressed (`data-loading="click"`). */
  function poster(frame, start) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'majesty-poster';
    var arrow = document.createElement('span');
    arrow.setAttribute('aria-hidden', 'true');
    arrow.textContent = '\u25B6 ';
    button.append(arrow, frame.title);
    // As wide as the board and tall enough to aim at; the rest is the
    // host's to style (`.majesty-poster`).
    button.style.width = '100%';
    button.style.minHeight = '120px';
    button.addEventListener('click', function () {
      start();
      frame.focus({ preventScroll: true });
    });
    return button;
  }

  Board.prototype.load = function (what) {
    return typeof what === 'string'
      ? this.send('load', { link: what })
      : this.send('load', { record: what && what.record ? what.record : what });
  };
  Board.prototype.goToTurn = function (turn) { return this.send('goToTurn', { turn: turn }); };
  Board.prototype.highlight = function (target) { return this.send('highlight', { target: target || null }); };
  Board.prototype.setLanguage = function (lang) { return this.send('setLanguage', { lang: lang }); };
  Board.prototype.setTheme = function (theme) { return this.send('setTheme', { theme: theme }); };

  /** Makes `element` (or a selector) a board; resolves when it is ready
   * (a lazy board: once it has neared the screen and loaded). */
  function embed(element, link, options) {
    if (typeof element === 'string') element = document.querySelector(element);
    if (!element) return Promise.reject(new Error('majesty-embed: no such element'));
    if (element.majesty) return element.majesty.ready;
    options = options || {};
    var data = function (name) { return element.getAttribute('data-' + name); };
    var height = options.height || data('height');
    // A page opened from a file has no origin to answer: it cannot hear the
    // board's height, so the board gets a fixed one.
    if (!height && location.origin === 'null') {
      console.warn('majesty-embed: a page opened from a file cannot size its boards; 600px high');
      height = '600px';
    }
    var board;
    try {
      board = new Board(element, link || data('majesty') || '', {
        lang: options.lang || data('lang'),
        theme: options.theme || data('theme'),
        height: height,
        loading: options.loading || data('loading') || 'lazy',
        nav: options.nav !== undefined ? options.nav : data('nav') !== 'off',
        title: options.title || data('title'),
      });
    } catch (error) {
      return Promise.reject(error);
    }
    element.majesty = board;
    boards.push(board);
    return board.ready;
  }

  /** Turns every `[data-majesty]` not yet done into a board (one that
   * cannot be is named in the console; the others are made). */
  function scan(root) {
    (root || document).querySelectorAll('[data-majesty]').forEach(function (element) {
      if (!element.majesty) embed(element).catch(function (error) { console.error(error.message); });
    });
  }

  window.Majesty = { version: VERSION, game: gameBase.href, embed: embed, scan: scan, boards: function () { return boards.slice(); } };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { scan(); });
  else scan();
})();
