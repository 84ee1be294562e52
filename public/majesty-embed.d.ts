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
  interface Reply extends Message { type: 'reply'; id: number; ok: true }

  interface Events { ready: Ready; turn: Turn; gameOver: GameOver; position: Position; tutorialStep: TutorialStep }

  interface Board {
    readonly element: HTMLElement;
    readonly iframe: HTMLIFrameElement;
    readonly ready: Promise<Board>;
    /** A link (`#record=…`, `?players=…#deal=…`) or a game record object. */
    load(what: string | { record: object } | object): Promise<Reply>;
    /** The replay after `turn` turns (0: the deal). Rejected outside a replay. */
    goToTurn(turn: number): Promise<Reply & { turn: number; total: number }>;
    /** Points at a location, display card or realm; `null` clears. */
    highlight(target: Target | null): Promise<Reply>;
    setLanguage(lang: 'en' | 'de' | 'fr' | 'es'): Promise<Reply & { lang: string }>;
    on<K extends keyof Events>(type: K, listen: (detail: Events[K]) => void): () => void;
    destroy(): void;
  }

  interface Options { lang?: string; height?: string; title?: string }

  const version: 2;
  /** The address of the game this script belongs to. */
  const game: string;
  function embed(element: HTMLElement | string, link?: string, options?: Options): Promise<Board>;
  function scan(root?: ParentNode): void;
  function boards(): Board[];
}

interface HTMLElement { majesty?: Majesty.Board }
