import { batchKey, distinctIds, groupEntriesById } from "../../src/core/batch";

describe("id helpers", () => {
  it("keeps distinct ids, compared as strings", () => {
    expect(distinctIds([1, 2, "2", 3, 1])).toEqual([1, 2, 3]);
    expect(distinctIds(["a", "a", "b"])).toEqual(["a", "b"]);
  });

  it("keys a batch by endpoint and the other params, ignoring ids and key order", () => {
    expect(batchKey("A1", { shopId: 1, region: "SG", modelIds: [1] }, "modelIds")).toBe(
      batchKey("A1", { modelIds: [2, 3], region: "SG", shopId: 1 }, "modelIds"),
    );
    expect(batchKey("A1", { shopId: 1, modelIds: [1] }, "modelIds")).not.toBe(
      batchKey("A1", { shopId: 2, modelIds: [1] }, "modelIds"),
    );
  });

  it("groups entries by id as strings, skipping entries without one", () => {
    const byId = groupEntriesById(
      [{ skuId: 1, a: 1 }, { skuId: "1", a: 2 }, { a: 3 }, null, { skuId: 2 }],
      "skuId",
    );
    expect(byId.get("1")).toHaveLength(2);
    expect(byId.get("2")).toHaveLength(1);
    expect(byId.size).toBe(2);
  });
});
