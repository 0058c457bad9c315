// Cursor pagination as an object that is AsyncIterable, so `for await (const op of
// client.operations.iterate(id))` just works (as openai-node's pages). Newest first, one page in
// memory at a time. It ends on an empty page (the platform's end marker, DESIGN.md), a missing
// cursor, or a cursor that did not move, so a server quirk cannot make it loop.

export interface FetchedPage<T> {
  items: T[];
  /** Cursor for the next, older page; undefined when the server sent none. */
  cursor: string | undefined;
}

export type PageFetcher<T> = (cursor: string | undefined) => Promise<FetchedPage<T>>;

export class CursorPaginator<T> implements AsyncIterable<T> {
  readonly #fetchPage: PageFetcher<T>;
  readonly #keyOf: (item: T) => string;

  constructor(fetchPage: PageFetcher<T>, keyOf: (item: T) => string) {
    this.#fetchPage = fetchPage;
    this.#keyOf = keyOf;
  }

  /** Every page's new items, in order. Items seen on the page before are skipped. */
  async *pages(): AsyncGenerator<T[], void, undefined> {
    let cursor: string | undefined;
    // Only the previous page's keys are kept: items sharing a timestamp can straddle a page
    // boundary, and nothing else can repeat while the cursor moves forward.
    let previousKeys = new Set<string>();
    for (;;) {
      const page = await this.#fetchPage(cursor);
      if (page.items.length === 0) return;
      const keys = new Set(page.items.map(this.#keyOf));
      const fresh = page.items.filter((item) => !previousKeys.has(this.#keyOf(item)));
      if (fresh.length > 0) yield fresh;
      if (page.cursor === undefined || page.cursor === cursor || fresh.length === 0) return;
      cursor = page.cursor;
      previousKeys = keys;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const items of this.pages()) yield* items;
  }

  /** Every item in one array. For short lists (projects); iterate long ones instead. */
  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const items of this.pages()) all.push(...items);
    return all;
  }
}
