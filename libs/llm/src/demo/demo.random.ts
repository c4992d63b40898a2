// A tiny seeded PRNG, so the demo adapter writes the same answer for the same input.

/** FNV-1a, 32 bits. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a fast PRNG with good enough spread for picking phrasings. */
export class SeededRandom {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items in a random order (fewer when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let index = pool.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [pool[index], pool[other]] = [pool[other], pool[index]];
    }
    return pool.slice(0, count);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}
