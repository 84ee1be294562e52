/*! Majesty embed API, version 2. Published with the game (no build step).
 *
 *   <script src="https://<where the game is>/majesty-embed.js" defer></script>
 *   <div data-majesty="#record=eyJ2ZXJzaW9uIjoy…" data-lang="de" data-height="600px"></div>
 *
 * Every element with `data-majesty` becomes a sized, responsive iframe of the
 * game (width of its container; height `data-height`, 600px by default). The
 * value is a link into the game: `#record=…` (a recorded game or scenario, in
 * the replay viewer), `?players=Ann,Bob:hard#deal=42` (a live game), or the
 * game's whole address with those.
 *
 * In script: `const board = await Majesty.embed(element, link?, options?)`, then
 *   board.load(link | {record})   board.goToTurn(n)   board.setLanguage('fr')
 *   board.highlight({location: 'Brewery', seat: 1} | {display: 1} | {realm: 2} | null)
 * each returning a promise (rejected with the game's reason), and
 *   board.on('turn' | 'gameOver' | 'position' | 'tutorialStep' | 'ready', (detail) => …)
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
    return url.href;
  }

  function Board(element, link, options) {
    var self = this;
    var nextId = 1;
    var pending = {};
    var listeners = {};
    var readyResolve;
    this.element = element;
    this.ready = new Promise(function (resolve) { readyResolve = resolve; });

    var frame = document.createElement('iframe');
    frame.title = options.title || element.getAttribute('data-title') || 'Majesty: For the Realm';
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.width = '100%';
    frame.style.maxWidth = '100%';
    frame.style.height = options.height || element.getAttribute('data-height') || '600px';
    frame.style.border = '0';
    frame.style.display = 'block';
    frame.src = frameAddress(link, options);
    element.replaceChildren(frame);
    this.iframe = frame;

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
      if (data.type === 'ready') readyResolve(self);
      emit(data.type, data);
    }
    window.addEventListener('message', heard);

    /** Sends a command once the game is ready; resolves with its reply. */
    this.send = function (type, fields) {
      return self.ready.then(function () {
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

    this.on = function (type, listen) {
      (listeners[type] = listeners[type] || []).push(listen);
      return function off() {
        listeners[type] = (listeners[type] || []).filter(function (l) { return l !== listen; });
      };
    };

    this.destroy = function () {
      window.removeEventListener('message', heard);
      frame.remove();
      boards = boards.filter(function (b) { return b !== self; });
    };
  }

  Board.prototype.load = function (what) {
    return typeof what === 'string'
      ? this.send('load', { link: what })
      : this.send('load', { record: what && what.record ? what.record : what });
  };
  Board.prototype.goToTurn = function (turn) { return this.send('goToTurn', { turn: turn }); };
  Board.prototype.highlight = function (target) { return this.send('highlight', { target: target || null }); };
  Board.prototype.setLanguage = function (lang) { return this.send('setLanguage', { lang: lang }); };

  /** Makes `element` (or a selector) a board; resolves when it is ready. */
  function embed(element, link, options) {
    if (typeof element === 'string') element = document.querySelector(element);
    if (!element) return Promise.reject(new Error('majesty-embed: no such element'));
    options = options || {};
    var board = new Board(element, link || element.getAttribute('data-majesty') || '', {
      lang: options.lang || element.getAttribute('data-lang'),
      height: options.height,
      title: options.title,
    });
    element.majesty = board;
    boards.push(board);
    return board.ready;
  }

  /** Turns every `[data-majesty]` not yet done into a board. */
  function scan(root) {
    (root || document).querySelectorAll('[data-majesty]').forEach(function (element) {
      if (!element.majesty) embed(element);
    });
  }

  window.Majesty = { version: VERSION, game: gameBase.href, embed: embed, scan: scan, boards: function () { return boards.slice(); } };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { scan(); });
  else scan();
})();
