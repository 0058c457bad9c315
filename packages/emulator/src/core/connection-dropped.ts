// What a fetch sees when the server resets the connection: undici rejects with TypeError('fetch
// failed') whose cause carries the socket error's code. The in-process fetch handler rejects the
// same way for a `drop` fault, so a client cannot tell it from a real reset; node:http destroys
// the socket instead.

export class ConnectionDropped extends TypeError {
  constructor(why: string) {
    const cause = Object.assign(new Error(`other side closed (${why})`), { code: 'UND_ERR_SOCKET', name: 'SocketError' });
    super('fetch failed', { cause });
  }
}
