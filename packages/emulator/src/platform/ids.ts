// Identifiers in the platform's style: projects `adjective-noun-12345678`, branches `br-…`,
// computes (endpoints) `ep-…`. Random, so ids from two emulator runs never look alike.

import { randomInt } from 'node:crypto';

const ADJECTIVES = ['autumn', 'bold', 'calm', 'damp', 'eager', 'frosty', 'gentle', 'hidden', 'misty', 'quiet', 'rapid', 'silent'];
const NOUNS = ['bird', 'brook', 'cloud', 'dawn', 'field', 'forest', 'lake', 'meadow', 'river', 'shadow', 'snow', 'wave'];

function pick(words: readonly string[]): string {
  return words[randomInt(words.length)]!;
}

function words(): string {
  return `${pick(ADJECTIVES)}-${pick(NOUNS)}-${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

export function newProjectId(): string {
  return words();
}

export function newBranchId(): string {
  return `br-${words()}`;
}

export function newEndpointId(): string {
  return `ep-${words()}`;
}
