import { measureStrictSheets } from "/work/wt/h-sheetsfill/bench/sheetsStrict";
const table = (h: string[], rows: string[][]) =>
  [h, h.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
measureStrictSheets("/work/wt/h-sheetsfill/dist/sheets", table).then((l) => console.log(l.join("\n")));
