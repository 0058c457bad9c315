// Every exchange both emulators had, with the client that made it, and their check against the
// published contracts: answers always, requests when a keyturn client (not a probe) sent them.

import type { Exchange } from '@keyturn/emulator';
import type { Mismatch } from './contract.js';
import { serviceContracts } from './services.js';
import { githubErrorShapeProblems, nullStringProblems } from './wire-rules.js';

export type Service = 'platform' | 'github';

export interface RecordedExchange extends Exchange {
  service: Service;
  /** Who sent it: `probe` (this suite, on purpose right or wrong) or a keyturn client. */
  client: string;
}

export class WireRecorder {
  readonly exchanges: RecordedExchange[] = [];
  #client = 'probe';

  /** The emulator option that records into this recorder. */
  hook(service: Service): (exchange: Exchange) => void {
    return (exchange) => this.exchanges.push({ ...exchange, service, client: this.#client });
  }

  /** Runs `work` with its exchanges attributed to `client`. */
  async as<T>(client: string, work: () => Promise<T>): Promise<T> {
    const before = this.#client;
    this.#client = client;
    try {
      return await work();
    } finally {
      this.#client = before;
    }
  }

  of(client: string): RecordedExchange[] {
    return this.exchanges.filter((e) => e.client === client);
  }
}

/**
 * Mismatches of `exchanges`: every answer (its schema, GitHub's error body, no null string on the
 * platform), and the requests of keyturn's clients (probes err on purpose).
 */
export function checkExchanges(exchanges: readonly RecordedExchange[]): Mismatch[] {
  const contracts = serviceContracts();
  return exchanges.flatMap((e) => {
    const schemaProblems = contracts[e.service].checkResponse(e);
    const nullStrings = e.service === 'platform' ? nullStringProblems(contracts.platform, e) : [];
    return [
      ...schemaProblems,
      ...[...githubErrorShapeProblems(e), ...nullStrings].map(
        (problem): Mismatch => ({
          service: e.service,
          side: 'response',
          exchange: `${e.method} ${e.path}${e.query} -> ${e.status}`,
          problem,
        }),
      ),
      ...(e.client === 'probe' ? [] : contracts[e.service].checkRequest(e)),
    ];
  });
}

/** `GET /api_keys -> 200`, with path parameters written as the description's template. */
export function operationKey(e: RecordedExchange): string {
  const matched = serviceContracts()[e.service].operation(e.method, e.path);
  return `${e.method} ${matched?.template ?? e.path} ${e.status}`;
}

/** One line for the run's log: how much was checked, and the mismatches found. */
export function tally(label: string, exchanges: readonly RecordedExchange[], mismatches: number): string {
  const requests = exchanges.filter((e) => e.client !== 'probe').length;
  return `conformance ${label}: ${exchanges.length} answers and ${requests} requests checked, ${mismatches} mismatches`;
}
