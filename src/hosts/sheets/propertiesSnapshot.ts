/**
 * Properties with one read per execution: Apps Script counts every Properties call against a
 * daily quota (50,000 on consumer accounts), and a cell execution needs about eight values
 * (key, base URL, cache minutes, lists, basis...). The first read takes the whole store with
 * one getProperties(); later reads come from that copy for a short while, and writes go through
 * (and update the copy). One snapshot lives as long as the settings object that made it.
 */
import type { PropertiesLike } from "./gas";

/** How long a copy is trusted: a long trigger run sees a key saved meanwhile. */
const KEEP_MS = 30_000;

export class PropertiesSnapshot implements PropertiesLike {
  private copy: Map<string, string> | null = null;
  private takenAt = 0;
  constructor(private readonly props: PropertiesLike) {}

  private values(): Map<string, string> | null {
    if (!this.props.getProperties) return null;
    if (!this.copy || Date.now() - this.takenAt > KEEP_MS) {
      this.copy = new Map(Object.entries(this.props.getProperties()));
      this.takenAt = Date.now();
    }
    return this.copy;
  }
  getProperty(key: string): string | null {
    const values = this.values();
    return values ? (values.get(key) ?? null) : this.props.getProperty(key);
  }
  getProperties(): Record<string, string> {
    return Object.fromEntries(this.values() ?? []);
  }
  setProperty(key: string, value: string): this {
    this.props.setProperty(key, value);
    this.copy?.set(key, value);
    return this;
  }
  deleteProperty(key: string): this {
    this.props.deleteProperty(key);
    this.copy?.delete(key);
    return this;
  }
}
