/** The imports section's list of saved imports, each with Run and Delete. */
import { h } from "preact";
import { describeImport, type ImportDefinition } from "../imports/definitions";
import { Button } from "./controls";

export function SavedImports(p: {
  saved: readonly ImportDefinition[];
  running: boolean;
  run: (d: ImportDefinition) => void;
  remove: (d: ImportDefinition) => void;
}) {
  return h("div", null, [
    h("h2", { style: "font-size:13px;margin:10px 0 4px" }, "Saved imports"),
    p.saved.length === 0
      ? h("p", { class: "hint" }, "None yet.")
      : h(
          "ul",
          { id: "saved-imports" },
          p.saved.map((d) =>
            h("li", { key: d.id }, [
              describeImport(d),
              " ",
              h(Button, {
                label: "Run",
                name: `Run import: ${describeImport(d)}`,
                disabled: p.running,
                onClick: () => p.run(d),
              }),
              " ",
              h(Button, {
                label: "Delete",
                name: `Delete import: ${describeImport(d)}`,
                disabled: p.running,
                onClick: () => p.remove(d),
              }),
            ]),
          ),
        ),
  ]);
}
