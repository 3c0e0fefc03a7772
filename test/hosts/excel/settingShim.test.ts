/**
 * The workbook-settings fake is no kinder than Office.js (FAKES.md E-R7): a setting read
 * before its sync throws, its value needs a load, and add applies at the sync.
 */
import { loadGatedSetting } from "./harness/settingShim";

test("a setting is read only after load + sync; add waits for the sync", () => {
  const settings = new Map([["mkt.imports", "[]"]]);
  const queued: Array<() => void> = [];
  const sync = (): void => queued.splice(0).forEach((op) => op());
  const item = loadGatedSetting(settings, "mkt.imports", (op) => queued.push(op));
  expect(() => item.isNullObject).toThrow(/PropertyNotLoaded/);
  expect(() => item.value).toThrow(/PropertyNotLoaded/);
  sync();
  expect(item.isNullObject).toBe(false);
  expect(() => item.value).toThrow(/load\("value"\)/);
  item.load("value");
  sync();
  expect(item.value).toBe("[]");
  const missing = loadGatedSetting(settings, "mkt.none", (op) => queued.push(op)).load("value");
  sync();
  expect(missing).toMatchObject({ isNullObject: true, value: null });
});
