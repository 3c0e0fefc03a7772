/**
 * Properties with one read per settings object: Apps Script counts every Properties call
 * against a daily quota (50,000 on consumer accounts), and a cell execution needs about eight
 * values (key, base URL, cache minutes, lists, basis...). The first read takes the whole store
 * with one getProperties(); writes go through and update the copy.
 */
import type { PropertiesLike } from "./gas";

export function propertiesSnapshot(props: PropertiesLike): PropertiesLike {
  let copy: Record<string, string> | undefined;
  return {
    getProperty(key) {
      copy ??= props.getProperties?.();
      return copy ? (copy[key] ?? null) : props.getProperty(key);
    },
    setProperty(key, value) {
      if (copy) copy[key] = value;
      return props.setProperty(key, value);
    },
    deleteProperty(key) {
      if (copy) delete copy[key];
      return props.deleteProperty(key);
    },
  };
}
