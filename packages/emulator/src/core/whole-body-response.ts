// The in-process answer: a Response whose body the emulator holds whole. Its reads (text, json,
// arrayBuffer, bytes) answer from the bytes at once, decoded as fetch decodes them, where a plain
// Response feeds every read through a body stream: in a simulation that stream cost as much as the
// emulator's own work. What else a client may ask (the body stream, blob, formData) goes to a real
// Response of the same bytes, made on first use, so every use behaves as fetch's own.

const decoder = new TextDecoder();
/** Response as a base class: its typings declare the body's methods as properties, which a class cannot override. */
const BaseResponse = Response as unknown as new (body: null, init: ResponseInit) => Pick<Response, 'url'>;

/** A Response of `bytes` (a real one: `instanceof Response`); `init` as `new Response(bytes, init)` takes it. */
export function wholeBodyResponse(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  return new WholeBodyResponse(bytes, init) as unknown as Response;
}

class WholeBodyResponse extends BaseResponse {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  readonly #init: ResponseInit;
  #read = false;
  #real: Response | undefined;

  /** The body's headers (type, length) are the caller's. */
  constructor(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
    this.#init = init;
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#realResponse().body;
  }

  get bodyUsed(): boolean {
    return this.#real ? this.#real.bodyUsed : this.#read;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    // Read once only, so the bytes' own buffer is handed over, as fetch hands over a fresh one.
    return this.#real ? this.#real.arrayBuffer() : this.#take((bytes) => bytes.buffer);
  }

  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#real ? this.#real.arrayBuffer().then((buffer) => new Uint8Array(buffer)) : this.#take((bytes) => bytes);
  }

  text(): Promise<string> {
    // TextDecoder's defaults are fetch's UTF-8 decode: a leading BOM dropped, bad bytes replaced.
    return this.#real ? this.#real.text() : this.#take((bytes) => decoder.decode(bytes));
  }

  json(): Promise<unknown> {
    return this.#real ? this.#real.json() : this.#take((bytes) => JSON.parse(decoder.decode(bytes)) as unknown);
  }

  blob(): Promise<Blob> {
    return this.#realResponse().blob();
  }

  formData(): Promise<FormData> {
    return this.#realResponse().formData();
  }

  clone(): Response {
    if (this.#real || this.#read) return withUrl(this.#realResponse().clone(), this.url);
    return withUrl(wholeBodyResponse(this.#bytes.slice(), this.#init), this.url);
  }

  #take<T>(read: (bytes: Uint8Array<ArrayBuffer>) => T): Promise<T> {
    if (this.#read) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#read = true;
    try {
      return Promise.resolve(read(this.#bytes));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The real Response of these bytes; read already (its stream disturbed) when this one was. */
  #realResponse(): Response {
    if (!this.#real) {
      this.#real = new Response(this.#bytes, this.#init);
      if (this.#read) void this.#real.arrayBuffer();
    }
    return this.#real;
  }
}

/** Sets `url` as fetch's answer reports it (a constructed Response's is empty). */
export function withUrl<T extends Response>(response: T, url: string): T {
  Object.defineProperty(response, 'url', { value: url });
  return response;
}
