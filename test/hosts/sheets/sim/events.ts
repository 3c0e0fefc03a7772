/**
 * The simulated clock's agenda: events ordered by time, then by a deterministic tie-break
 * (system events first in scheduling order, then execution calls by execution id and call
 * number), so a run does not depend on which worker thread happened to post first.
 */

export interface SimEvent {
  readonly at: number;
  readonly order: readonly [number, number, number];
  readonly run: () => void | Promise<void>;
  cancelled?: boolean;
}

function before(a: SimEvent, b: SimEvent): boolean {
  if (a.at !== b.at) return a.at < b.at;
  for (let i = 0; i < 3; i++) {
    const x = a.order[i] as number;
    const y = b.order[i] as number;
    if (x !== y) return x < y;
  }
  return false;
}

/** A binary min-heap of events. */
export class Agenda {
  private readonly heap: SimEvent[] = [];
  private systemSeq = 0;

  /**
   * With a seed, executions' same-time calls are taken in a seeded random order instead of by
   * execution id: real Sheets promises no order, so tests can try many (each run reproducible).
   */
  constructor(private readonly seed: number | null = null) {}

  private rank(exec: number, seq: number): number {
    if (this.seed === null) return exec;
    let h = (this.seed ^ Math.imul(exec, 0x9e3779b1) ^ Math.imul(seq, 0x85ebca77)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
    return (h ^ (h >>> 15)) >>> 0;
  }

  /** A system event (timer, trigger, user action): before same-time execution calls. */
  system(at: number, run: SimEvent["run"]): SimEvent {
    return this.push({ at, order: [0, ++this.systemSeq, 0], run });
  }

  /** An execution's call completing: ordered by execution id and call number. */
  call(at: number, exec: number, seq: number, run: SimEvent["run"]): SimEvent {
    return this.push({ at, order: [1, this.rank(exec, seq), seq], run });
  }

  peek(): SimEvent | undefined {
    while (this.heap[0]?.cancelled) this.pop();
    return this.heap[0];
  }

  pop(): SimEvent | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top && last && top !== last) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  get size(): number {
    return this.heap.filter((e) => !e.cancelled).length;
  }

  private push(e: SimEvent): SimEvent {
    this.heap.push(e);
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(this.heap[i] as SimEvent, this.heap[parent] as SimEvent)) break;
      [this.heap[i], this.heap[parent]] = [this.heap[parent] as SimEvent, this.heap[i] as SimEvent];
      i = parent;
    }
    return e;
  }

  private down(start: number): void {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.heap.length && before(this.heap[l] as SimEvent, this.heap[m] as SimEvent)) m = l;
      if (r < this.heap.length && before(this.heap[r] as SimEvent, this.heap[m] as SimEvent)) m = r;
      if (m === i) return;
      [this.heap[i], this.heap[m]] = [this.heap[m] as SimEvent, this.heap[i] as SimEvent];
      i = m;
    }
  }
}
