// Types of majesty-embed.js (embed API version 2), for hosts written in
// TypeScript: `/// <reference path="majesty-embed.d.ts" />` or copy it.

declare namespace Majesty {
  /** A location by its English name or its number 1–8 (Mill … Infirmary). */
  type Location =
    | 'Mill' | 'Brewery' | 'Cottage' | 'Guardhouse' | 'Barracks' | 'Inn' | 'Castle' | 'Infirmary'
    | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

  /** What a board can point at. Seats count from 1 in the record's order. */
  type Target =
    | { location: Location; seat?: 1 | 2 | 3 | 4 }
    | { display: 1 | 2 | 3 | 4 | 5 | 6 }
    | { realm: 1 | 2 | 3 | 4 };

  interface Message { source: 'majesty'; version: 2; type: string }
  interface Ready extends Message { type: 'ready'; versions: number[]; lang: string }
  interface Turn extends Message { type: 'turn'; turn: number; player: string; summary: string; scores: number[] }
  interface GameOver extends Message { type: 'gameOver'; players: string[]; scores: number[]; winners: string[] }
  /** The replay viewer's position: after `turn` of `total` turns, and the
   *  annotated record's comment on it (in the frame's language), if any. */
  interface Position extends Message { type: 'position'; turn: number; total: number; note?: string }
  /**
   * The guided first game (`?tutorial=1`): a coach's step has just shown,
   * the `index`-th of `total` (from 1), named `id` (stable: `welcome`,
   * `take_free`, `ability_mill`, … `summary`); it waits for the learner's
   * `"next"` or `"move"`; `last` on the final summary.
   */
  interface TutorialStep extends Message {
    type: 'tutorialStep'; index: number; id: string; total: number; waitsFor: 'next' | 'move'; last: boolean
  }
  /** The frame left the screen it opened with, or came back to it:
   *  `rules` (the list of rules), `game`, `puzzles`, … */
  interface Screen extends Message { type: 'screen'; screen: string }
  /** The height of the board's content, in CSS pixels (frames of auto height:
   *  the script sets the frame's height to it). */
  interface Resize extends Message { type: 'resize'; height: number }
  interface Reply extends Message { type: 'reply'; id: number; ok: true }

  interface Events {
    ready: Ready; turn: Turn; gameOver: GameOver; position: Position; tutorialStep: TutorialStep;
    screen: Screen; resize: Resize;
  }

  interface Board {
    readonly element: HTMLElement;
    readonly iframe: HTMLIFrameElement;
    /** Resolves once the game in the frame is ready (a lazy board: once it
     *  has neared the screen and loaded, or a command loaded it). */
    readonly ready: Promise<Board>;
    /** Loads a lazy or click-to-load board now. */
    start(): void;
    /** A link (`#record=…`, `?players=…#deal=…`) or a game record object. */
    load(what: string | { record: object } | object): Promise<Reply>;
    /** The replay after `turn` turns (0: the deal). Rejected outside a replay. */
    goToTurn(turn: number): Promise<Reply & { turn: number; total: number }>;
    /** Points at a location, display card or realm; `null` clears. */
    highlight(target: Target | null): Promise<Reply>;
    setLanguage(lang: 'en' | 'de' | 'fr' | 'es'): Promise<Reply & { lang: string }>;
    setTheme(theme: Theme): Promise<Reply & { theme: Theme }>;
    /** A `ready` listener added after the board was ready is called at once. */
    on<K extends keyof Events>(type: K, listen: (detail: Events[K]) => void): () => void;
    destroy(): void;
  }

  type Theme = 'light' | 'dark' | 'auto';

  interface Options {
    /** The frame's language (`data-lang`). */
    lang?: 'en' | 'de' | 'fr' | 'es';
    /** `auto` follows the reader's system (`data-theme`; default: auto, or
     *  the reader's own choice on the game's site). */
    theme?: Theme;
    /** A fixed height (`data-height`, e.g. `"600px"`): the board then
     *  scrolls inside. Default: as tall as the board. */
    height?: string;
    /** `lazy` (default): loads when it nears the screen; `eager`: at once;
     *  `click`: a button loads it (`data-loading`). */
    loading?: 'lazy' | 'eager' | 'click';
    /** `false`: no button leads out of the lesson, such as "All rules"
     *  (`data-nav="off"`). */
    nav?: boolean;
    /** The frame's accessible name (`data-title`). */
    title?: string;
  }

  const version: 2;
  /** The address of the game this script belongs to. */
  const game: string;
  function embed(element: HTMLElement | string, link?: string, options?: Options): Promise<Board>;
  function scan(root?: ParentNode): void;
  function boards(): Board[];
}

interface HTMLElement { majesty?: Majesty.Board }
