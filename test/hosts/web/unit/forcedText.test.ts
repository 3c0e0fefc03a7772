/** Text the add-in writes in the web demo: forced only where the grid would read it otherwise. */
import { readsAsOther } from "../../../../src/hosts/web/forcedText";

test("a header reads without a leading ' in the formula bar; number-like text stays text", () => {
  for (const plain of ["Rank", "Item id", "Vintage Yoga Mat 1L", "Commission fee", "SGD", "A-1 x"])
    expect(readsAsOther(plain)).toBe(false);
  for (const forced of [
    "0012",
    "1,234",
    "50%",
    "2026-11-29",
    "=A1",
    "+5",
    "TRUE",
    " 42 ",
    "'x",
    "1e5",
  ])
    expect(readsAsOther(forced)).toBe(true);
});
