// One meaning of `list` (openai-node's PagePromise): awaiting it gives the first page (`data`,
// `hasNextPage()`, `getNextPage()`), iterating it with `for await` walks every item, page by page,
// one page in memory at a time. A walk ends on an empty page (the platform's end marker,
// packages/api/README.md, Lists), a missing cursor, a cursor that did not move, or a page with nothing new, so a server
// quirk cannot make it loop. Nothing is requested before the PagePromise is awaited or iterated.
import { KeyturnError } from './errors.js';

/** One page as the resource read it: its items and the cursor of the next page, if the server sent one. */
export interface FetchedItems<T> {
  items: T[];
  cursor: string | undefined;
}

/** Reads the page at `cursor` (undefined: the first page). Argument checks go in here too, so they reject. */
export type PageReader<T> = (cursor: string | undefined) => Promise<FetchedItems<T>>;

/** One page of a list. */
export interface Page<T> {
  /** The page's items, newest first; items already on the page before are left out. */
  readonly data: readonly T[];
  /** Whether `getNextPage()` may find more: false after an empty page, or without a (new) cursor. */
  hasNextPage(): boolean;
  /** The next page; throws KeyturnError when `hasNextPage()` is false. */
  getNextPage(): Promise<Page<T>>;
}

class CursorPage<T> implements Page<T> {
  readonly data: readonly T[];
  readonly #next: string | undefined;
  readonly #keys: ReadonlySet<string>;
  readonly #read: PageReader<T>;
  readonly #keyOf: (item: T) => string;

  constructor(
    fetched: FetchedItems<T>,
    askedCursor: string | undefined,
    previousKeys: ReadonlySet<string>,
    read: PageReader<T>,
    keyOf: (item: T) => string,
  ) {
    // Only the previous page's keys are kept: items sharing a timestamp can straddle a page
    // boundary, and nothing else can repeat while the cursor moves forward.
    this.data = fetched.items.filter((item) => !previousKeys.has(keyOf(item)));
    const moved = fetched.cursor !== undefined && fetched.cursor !== askedCursor;
    this.#next = this.data.length > 0 && moved ? fetched.cursor : undefined;
    this.#keys = new Set(fetched.items.map(keyOf));
    this.#read = read;
    this.#keyOf = keyOf;
  }

  hasNextPage(): boolean {
    return this.#next !== undefined;
  }

  async getNextPage(): Promise<Page<T>> {
    const cursor = this.#next;
    if (cursor === undefined) throw new KeyturnError('getNextPage: there is no next page; check hasNextPage() first');
    return new CursorPage(await this.#read(cursor), cursor, this.#keys, this.#read, this.#keyOf);
  }
}

/** A single page that is the whole list (an endpoint without pagination, such as `/api_keys`). */
export function wholeListReader<T>(read: () => Promise<T[]>): PageReader<T> {
  return async () => ({ items: await read(), cursor: undefined });
}

/**
 * What `list` returns: awaitable to the first page, and an async iterable over every item of every
 * page. Each `for await` (and `toArray()`) walks the list afresh from its first page.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #read: PageReader<T>;
  readonly #keyOf: (item: T) => string;
  #firstPage: Promise<Page<T>> | undefined;

  /** @internal Resources make these; `keyOf` tells items apart across a page boundary. */
  constructor(read: PageReader<T>, keyOf: (item: T) => string) {
    this.#read = read;
    this.#keyOf = keyOf;
  }

  #walkStart(): Promise<Page<T>> {
    return this.#read(undefined).then((fetched) => new CursorPage(fetched, undefined, new Set(), this.#read, this.#keyOf));
  }

  // biome-ignore lint/suspicious/noThenProperty: awaitable by design, as openai-node's PagePromise.
  then<R1 = Page<T>, R2 = never>(
    onfulfilled?: ((page: Page<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.#firstPage ??= this.#walkStart();
    return this.#firstPage.then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<T> | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.then().finally(onfinally);
  }

  /** Every page, from the first, fetched as you iterate. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page = await this.#walkStart();
    for (;;) {
      yield page;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item in one array. For short lists; iterate long ones instead. */
  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const page of this.pages()) all.push(...page.data);
    return all;
  }
}
