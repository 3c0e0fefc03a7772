import { ManualClock } from "../../src/core/clock";
import { canonicalJson, sha256Hex, utf8Bytes, utf8Length } from "../../src/core/hash";
import { CACHE_SERVICE_LIMITS, MemoryStore } from "../../src/core/store";
import { createHash } from "crypto";

describe("hash", () => {
  it("encodes UTF-8 exactly like Buffer and hashes like node's crypto", () => {
    for (const text of [
      "",
      "abc",
      "Giá 12.000 ₫",
      "表情 😀 done",
      "lone \ud800 surrogate",
      "end \ud83d",
    ]) {
      expect(Buffer.from(utf8Bytes(text))).toEqual(Buffer.from(text, "utf8"));
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, "utf8"));
      expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    }
  });

  it("writes canonical JSON with sorted keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson(undefined)).toBe("null");
    expect(canonicalJson([undefined, new Date(0)])).toBe('[null,"1970-01-01T00:00:00.000Z"]');
  });
});

describe("MemoryStore", () => {
  it("expires entries on its clock", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock });
    store.put("a", "1", 10);
    store.putAll({ b: "2", c: "3" }, 20);
    expect(store.getAll(["a", "b", "x"])).toEqual({ a: "1", b: "2" });
    clock.advance(10_000);
    expect(store.get("a")).toBeNull();
    expect(store.size).toBe(2);
    store.remove("b");
    expect(store.get("b")).toBeNull();
    store.clear();
    expect(store.size).toBe(0);
  });

  it("enforces the host's limits and caps TTL", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock, limits: CACHE_SERVICE_LIMITS });
    expect(() => store.put("k".repeat(251), "v", 10)).toThrow(/key longer/);
    expect(() => store.put("k", "é".repeat(51_201), 10)).toThrow(/larger than/);
    store.put("k", "v", 1e9);
    clock.advance(6 * 3600 * 1000);
    expect(store.get("k")).toBeNull();
  });

  it("evicts the oldest writes beyond maxEntries, and snapshots/restores live entries", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock, maxEntries: 2 });
    store.put("a", "1", 10);
    store.put("b", "2", 100);
    store.put("c", "3", 100);
    expect(store.get("a")).toBeNull();
    const saved = store.snapshot();
    expect(saved.map((e) => e.key)).toEqual(["b", "c"]);
    const copy = new MemoryStore({ clock });
    clock.advance(1000);
    copy.restore([...saved, { key: "old", value: "x", expiresAt: 5 }]);
    expect(copy.getAll(["b", "c", "old"])).toEqual({ b: "2", c: "3" });
  });
});
